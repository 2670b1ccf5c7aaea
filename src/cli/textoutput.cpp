#include "textoutput.h"

#include "duration.h"
#include "money.h"

namespace ledger::cli {

namespace {
QString orDash(const QString &s) { return s.isEmpty() ? QStringLiteral("-") : s; }

QString field(const QString &label, const QString &value) { return QStringLiteral("  %1 %2\n").arg(label.leftJustified(14), value); }

QString indented(const QString &block)
{
    QString text;
    for (const QString &line : block.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        text += QStringLiteral("  ") + line + QLatin1Char('\n');
    return text;
}
} // namespace

QString renderTable(const QStringList &headers, const QList<QStringList> &rows, const QSet<int> &rightAligned)
{
    QList<qsizetype> widths;
    for (const QString &h : headers)
        widths << h.size();
    for (const QStringList &row : rows) {
        for (int c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = qMax(widths[c], row.at(c).size());
    }
    const auto line = [&](const QStringList &cells) {
        QString text;
        for (int c = 0; c < cells.size() && c < widths.size(); ++c) {
            const bool last = c == cells.size() - 1;
            const QString cell = rightAligned.contains(c) ? cells.at(c).rightJustified(widths[c])
                                 : last                   ? cells.at(c)
                                                          : cells.at(c).leftJustified(widths[c]);
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
    return left < 0 ? QStringLiteral("expired %1 ago").arg(duration::format(-left))
                    : QStringLiteral("%1 left").arg(duration::format(left));
}

QString transactionLine(const Transaction &t, int scale)
{
    return QStringLiteral("%1  %2  %3  %4 → %5").arg(t.id, nameOf(t.state), money::format(t.amount, scale), t.source, t.destination);
}

QString transactionDetail(const Transaction &t, const QList<LegMarker> &legs, const QList<JournalEntry> &journal,
                          const QDateTime &now, int scale)
{
    QString text = QStringLiteral("Transaction %1\n").arg(t.id);
    text += field(QStringLiteral("state"), nameOf(t.state));
    text += field(QStringLiteral("kind"), nameOf(t.kind));
    text += field(QStringLiteral("source"), t.source);
    text += field(QStringLiteral("destination"), t.destination);
    text += field(QStringLiteral("amount"), money::format(t.amount, scale));
    text += field(QStringLiteral("memo"), orDash(t.memo));
    text += field(QStringLiteral("key"), orDash(t.idempotencyKey));
    if (!t.compensates.isEmpty())
        text += field(QStringLiteral("compensates"), t.compensates);
    if (!t.compensatedBy.isEmpty())
        text += field(QStringLiteral("compensated by"), t.compensatedBy);
    text += field(QStringLiteral("created"), QStringLiteral("%1 (%2 ago)").arg(formatTimestamp(t.createdAt), duration::format(t.createdAt.msecsTo(now))));
    text += field(QStringLiteral("modified"), QStringLiteral("%1 (%2 ago)").arg(formatTimestamp(t.lastModified), duration::format(t.lastModified.msecsTo(now))));
    text += field(QStringLiteral("owner"), orDash(t.owner));
    text += field(QStringLiteral("lease"), t.leaseUntil.isValid() ? QStringLiteral("%1 (%2)").arg(formatTimestamp(t.leaseUntil), leaseText(t, now))
                                                                 : QStringLiteral("-"));
    text += field(QStringLiteral("epoch"), QStringLiteral("%1 (%2 claims)").arg(t.epoch).arg(t.attempts));
    text += field(QStringLiteral("last error"), orDash(t.lastError));

    text += QStringLiteral("\nLeg markers\n");
    if (legs.isEmpty()) {
        text += QStringLiteral("  (none: nothing was held yet)\n");
    } else {
        QList<QStringList> rows;
        for (const LegMarker &m : legs)
            rows << QStringList{nameOf(m.side), m.accountId, money::format(m.amount, scale), nameOf(m.status), formatTimestamp(m.at)};
        text += indented(renderTable({QStringLiteral("SIDE"), QStringLiteral("ACCOUNT"), QStringLiteral("AMOUNT"),
                                      QStringLiteral("STATUS"), QStringLiteral("AT")},
                                     rows, {2}));
    }

    text += QStringLiteral("\nJournal\n");
    QList<QStringList> rows;
    for (const JournalEntry &j : journal) {
        const QString move = j.fromState.isEmpty() || j.fromState == j.toState ? orDash(j.toState)
                                                                                 : QStringLiteral("%1 → %2").arg(j.fromState, j.toState);
        rows << QStringList{formatTimestamp(j.at), j.event, orDash(j.actor), move, QString::number(j.epoch), orDash(j.detail)};
    }
    return text + indented(renderTable({QStringLiteral("AT"), QStringLiteral("EVENT"), QStringLiteral("ACTOR"),
                                        QStringLiteral("STATE"), QStringLiteral("EPOCH"), QStringLiteral("DETAIL")},
                                       rows, {4}));
}

QString accountDetail(const Account &a, const QList<LegMarker> &held, int scale)
{
    QString text = QStringLiteral("Account %1\n").arg(a.id);
    text += field(QStringLiteral("name"), orDash(a.name));
    text += field(QStringLiteral("status"), nameOf(a.status));
    text += field(QStringLiteral("balance"), money::format(a.balance, scale));
    text += field(QStringLiteral("available"), money::format(a.available(), scale));
    text += field(QStringLiteral("pending debits"), money::format(a.pendingDebits, scale));
    text += field(QStringLiteral("pending credits"), money::format(a.pendingCredits, scale));
    text += field(QStringLiteral("version"), QString::number(a.version));
    text += field(QStringLiteral("created"), formatTimestamp(a.createdAt));
    text += field(QStringLiteral("modified"), formatTimestamp(a.lastModified));
    text += QStringLiteral("\nHeld for transactions in flight\n");
    if (held.isEmpty())
        return text + QStringLiteral("  (none)\n");
    QList<QStringList> rows;
    for (const LegMarker &m : held)
        rows << QStringList{m.txId, nameOf(m.side), money::format(m.amount, scale), formatTimestamp(m.at)};
    return text + indented(renderTable({QStringLiteral("TRANSACTION"), QStringLiteral("SIDE"), QStringLiteral("AMOUNT"), QStringLiteral("SINCE")},
                                       rows, {2}));
}

} // namespace ledger::cli
