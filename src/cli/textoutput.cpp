#include "textoutput.h"

#include "ledger/duration.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "ledger/remarks.h"

namespace ledger::cli {

namespace {
QString orDash(const QString &s) { return s.isEmpty() ? QStringLiteral("-") : s; }

QString field(const QString &label, const QString &value) { return QStringLiteral("  %1 %2\n").arg(padToWidth(label, 14), value); }

bool isWide(char32_t u)
{
    return (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0x303E) || (u >= 0x3041 && u <= 0x33FF) || (u >= 0x3400 && u <= 0x4DBF)
        || (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0xA000 && u <= 0xA4CF) || (u >= 0xAC00 && u <= 0xD7A3) || (u >= 0xF900 && u <= 0xFAFF)
        || (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60) || (u >= 0xFFE0 && u <= 0xFFE6) || (u >= 0x20000 && u <= 0x3FFFD);
}

QString indented(const QString &block)
{
    QString text;
    for (const QString &line : block.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        text += QStringLiteral("  ") + line + QLatin1Char('\n');
    return text;
}
} // namespace

int displayWidth(QStringView text)
{
    int width = 0;
    for (char32_t u : text.toUcs4())
        width += isWide(u) ? 2 : 1;
    return width;
}

QString padToWidth(const QString &text, int width, bool alignRight)
{
    const int missing = width - displayWidth(text);
    if (missing <= 0)
        return text;
    return alignRight ? QString(missing, QLatin1Char(' ')) + text : text + QString(missing, QLatin1Char(' '));
}

QString renderTable(const QStringList &headers, const QList<QStringList> &rows, const QSet<int> &rightAligned)
{
    // Widths in terminal cells, so that translated headers and names line up too.
    QList<int> widths;
    for (const QString &h : headers)
        widths << displayWidth(h);
    for (const QStringList &row : rows) {
        for (int c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = qMax(widths[c], displayWidth(row.at(c)));
    }
    const auto line = [&](const QStringList &cells) {
        QString text;
        for (int c = 0; c < cells.size() && c < widths.size(); ++c) {
            const bool last = c == cells.size() - 1;
            const QString cell = rightAligned.contains(c) ? padToWidth(cells.at(c), widths[c], true)
                               : last                     ? cells.at(c)
                                                          : padToWidth(cells.at(c), widths[c]);
            text += cell;
            if (!last)
                text += QStringLiteral("  ");
        }
        return text + QLatin1Char('\n');
    };
    QString text = line(headers);
    for (const QStringList &row : rows)
        text += line(row);
    return text;
}

QString leaseText(const Transaction &t, const QDateTime &now)
{
    if (!t.leaseUntil.isValid() || isTerminal(t.state))
        return QStringLiteral("-");
    const qint64 left = now.msecsTo(t.leaseUntil);
    return left < 0 ? Ctl::tr("expired %1 ago").arg(duration::format(-left)) : Ctl::tr("%1 left").arg(duration::format(left));
}

QString sideAccounts(const Transaction &t, LegSide side) { return accountsOf(t.legs, side).join(QLatin1Char(',')); }

QString transactionLine(const Transaction &t, int scale)
{
    return QStringLiteral("%1  %2  %3  %4 → %5")
        .arg(t.id, nameOf(t.state), money::format(t.amount, scale), sideAccounts(t, LegSide::Debit), sideAccounts(t, LegSide::Credit));
}

QString transactionDetail(const Transaction &t, const QList<LegMarker> &legs, const QList<JournalEntry> &journal, const QDateTime &now,
                          int scale)
{
    // Labels and headings are words for people; the values (states, sides, ids, amounts) are the
    // ledger's own and read the same in every language.
    const auto ago = [&now](const QDateTime &at) {
        return Ctl::tr("%1 (%2 ago)").arg(formatTimestamp(at), duration::format(at.msecsTo(now)));
    };
    QString text = Ctl::tr("Transaction %1").arg(t.id) + QLatin1Char('\n');
    text += field(Ctl::tr("state"), nameOf(t.state));
    text += field(Ctl::tr("kind"), nameOf(t.kind));
    text += field(Ctl::tr("source"), sideAccounts(t, LegSide::Debit));
    text += field(Ctl::tr("destination"), sideAccounts(t, LegSide::Credit));
    text += field(Ctl::tr("amount"), money::format(t.amount, scale));
    if (t.isMultiLeg())
        text += field(Ctl::tr("legs"), describeLegs(t.legs, scale));
    text += field(Ctl::tr("memo"), orDash(t.memo));
    text += field(Ctl::tr("key"), orDash(t.idempotencyKey));
    if (!t.compensates.isEmpty())
        text += field(Ctl::tr("compensates"), t.compensates);
    if (!t.compensatedBy.isEmpty())
        text += field(Ctl::tr("compensated by"), t.compensatedBy);
    text += field(Ctl::tr("created"), ago(t.createdAt));
    text += field(Ctl::tr("modified"), ago(t.lastModified));
    text += field(Ctl::tr("owner"), orDash(t.owner));
    text += field(Ctl::tr("lease"), t.leaseUntil.isValid() ? QStringLiteral("%1 (%2)").arg(formatTimestamp(t.leaseUntil), leaseText(t, now))
                                                           : QStringLiteral("-"));
    text += field(Ctl::tr("epoch"), Ctl::tr("%1 (%2 claims)").arg(t.epoch).arg(t.attempts));
    text += field(Ctl::tr("last error"), orDash(t.lastError));
    if (const auto claim = standingClaim(t, journal)) {
        const QString said = claim->text.isEmpty() ? QString() : QStringLiteral(": %1").arg(claim->text);
        text += field(Ctl::tr("claimed by"), Ctl::tr("%1, %2 ago%3").arg(claim->by, duration::format(claim->at.msecsTo(now)), said));
    }

    text += QLatin1Char('\n') + Ctl::tr("Leg markers") + QLatin1Char('\n');
    if (legs.isEmpty()) {
        text += QStringLiteral("  ") + Ctl::tr("(none: nothing was held yet)") + QLatin1Char('\n');
    } else {
        QList<QStringList> rows;
        for (const LegMarker &m : legs)
            rows << QStringList{nameOf(m.side), m.accountId, money::format(m.amount, scale), nameOf(m.status), formatTimestamp(m.at)};
        text +=
            indented(renderTable({Ctl::tr("SIDE"), Ctl::tr("ACCOUNT"), Ctl::tr("AMOUNT"), Ctl::tr("STATUS"), Ctl::tr("AT")}, rows, {2}));
    }

    text += QLatin1Char('\n') + Ctl::tr("Journal") + QLatin1Char('\n');
    QList<QStringList> rows;
    for (const JournalEntry &j : journal) {
        const QString move =
            j.fromState.isEmpty() || j.fromState == j.toState ? orDash(j.toState) : QStringLiteral("%1 → %2").arg(j.fromState, j.toState);
        rows << QStringList{formatTimestamp(j.at), j.event, orDash(j.actor), move, QString::number(j.epoch), orDash(j.detail)};
    }
    return text
         + indented(renderTable({Ctl::tr("AT"), Ctl::tr("EVENT"), Ctl::tr("ACTOR"), Ctl::tr("STATE"), Ctl::tr("EPOCH"), Ctl::tr("DETAIL")},
                                rows, {4}));
}

QString accountDetail(const AccountCountedWhole &whole, const QList<LegMarker> &held, int scale)
{
    const Account &a = whole.account;
    QString text = Ctl::tr("Account %1").arg(a.id) + QLatin1Char('\n');
    text += field(Ctl::tr("name"), orDash(a.name));
    text += field(Ctl::tr("status"), nameOf(a.status));
    text += field(Ctl::tr("balance"), money::format(whole.wholeBalance, scale));
    text += field(Ctl::tr("posted"), money::format(a.balance, scale));
    if (whole.notPostedYet() != 0)
        text += field(Ctl::tr("not posted yet"), money::format(whole.notPostedYet(), scale));
    text += field(Ctl::tr("available"), money::format(a.available(), scale));
    text += field(Ctl::tr("pending debits"), money::format(a.pendingDebits, scale));
    text += field(Ctl::tr("pending credits"), money::format(a.pendingCredits, scale));
    text += field(Ctl::tr("version"), QString::number(a.version));
    text += field(Ctl::tr("created"), formatTimestamp(a.createdAt));
    text += field(Ctl::tr("modified"), formatTimestamp(a.lastModified));
    text += QLatin1Char('\n') + Ctl::tr("Held for transactions in flight") + QLatin1Char('\n');
    if (held.isEmpty())
        return text + QStringLiteral("  ") + Ctl::tr("(none)") + QLatin1Char('\n');
    QList<QStringList> rows;
    for (const LegMarker &m : held)
        rows << QStringList{m.txId, nameOf(m.side), money::format(m.amount, scale), formatTimestamp(m.at)};
    return text + indented(renderTable({Ctl::tr("TRANSACTION"), Ctl::tr("SIDE"), Ctl::tr("AMOUNT"), Ctl::tr("SINCE")}, rows, {2}));
}

} // namespace ledger::cli
