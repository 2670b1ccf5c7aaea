#include "interchange/incidentreport.h"

#include "ledger/legs.h"

#include "ledger/duration.h"
#include "ledger/money.h"
#include "operations/operatoractions.h"

#include <QCoreApplication>

#include <algorithm>

namespace ledger {

namespace {

// The report's words, translated in the context "IncidentReport".
class Text {
    Q_DECLARE_TR_FUNCTIONS(IncidentReport)
};

QString esc(const QString &s) { return s.toHtmlEscaped(); }
QString orDash(const QString &s) { return s.isEmpty() ? QStringLiteral("–") : esc(s); }
QString when(const QDateTime &t) { return t.isValid() ? formatTimestamp(t) : QStringLiteral("–"); }

QString fieldRow(const QString &label, const QString &valueHtml)
{
    return QStringLiteral("<tr><td style='color:#555;padding-right:14px'>%1</td><td>%2</td></tr>").arg(esc(label), valueHtml);
}

// A table's head; the columns in `money` (amounts) are aligned right, as in the console.
QString tableHead(const QStringList &headers, const QList<int> &money = {})
{
    QString html = QStringLiteral("<table border='1' cellspacing='0' cellpadding='3' style='border-collapse:collapse' width='100%'><tr>");
    for (int i = 0; i < headers.size(); ++i)
        html += QStringLiteral("<th style='background:#e8e8e8' align='%1'>%2</th>")
                    .arg(money.contains(i) ? QStringLiteral("right") : QStringLiteral("left"), esc(headers.at(i)));
    return html + QStringLiteral("</tr>");
}

// Ids, times and amounts never break inside ("2026-11-17T0" / "5:44", "….re" / "v" in a PDF):
// only the free text of a row (a name, a memo, a reason) wraps.
QString nw(const QString &html) { return QStringLiteral("<span style='white-space:nowrap'>%1</span>").arg(html); }

// A row whose cells are kept whole, but for the columns in `wrapping`; those in `money` are
// aligned right.
QString tableRow(const QStringList &cellsHtml, const QList<int> &wrapping = {}, const QList<int> &money = {})
{
    QString html = QStringLiteral("<tr>");
    for (int i = 0; i < cellsHtml.size(); ++i)
        html += QStringLiteral("<td%1>%2</td>")
                    .arg(money.contains(i) ? QStringLiteral(" align='right'") : QString(),
                         wrapping.contains(i) ? cellsHtml.at(i) : nw(cellsHtml.at(i)));
    return html + QStringLiteral("</tr>");
}

// Under a row of ids, times and words kept whole, the row's free text across the whole table:
// who, and what they wrote ("Actor dana  Detail insufficient-funds: …"), each after its label.
// Beside them, in columns of their own, a long operator's name or reason pushed the table past
// the page's right edge, where the printer cut it off.
QString freeTextRow(int columns, const QList<std::pair<QString, QString>> &labelled)
{
    QStringList parts;
    for (const auto &[label, html] : labelled) {
        if (!html.isEmpty())
            parts << QStringLiteral("<span style='color:#555'>%1</span> %2").arg(esc(label), html);
    }
    if (parts.isEmpty())
        return QString();
    return QStringLiteral("<tr><td colspan='%1' style='padding-left:14px'>%2</td></tr>")
        .arg(columns)
        .arg(parts.join(QStringLiteral("&nbsp;&nbsp; ")));
}

QString stateMove(const JournalEntry &j)
{
    return j.fromState.isEmpty() || j.fromState == j.toState ? orDash(j.toState) : esc(j.fromState + QStringLiteral(" → ") + j.toState);
}

} // namespace

Result<IncidentReport> loadIncidentReport(Store &store, const QString &txId)
{
    auto detail = loadTransactionDetail(store, txId);
    if (!detail.ok())
        return detail.error();
    IncidentReport r;
    r.detail = *detail;
    r.storeLocation = store.location();
    r.scale = store.scale();
    const QStringList actions = operatorEvents();
    for (const JournalEntry &j : r.detail.journal) {
        if (actions.contains(j.event))
            r.operatorActions << j;
    }
    // Account changes (freezes, closes) of every leg's account, often the cause of a refusal; and
    // the actions on its compensation or original, where a compensation's reason is written.
    QList<std::pair<DocKind, QString>> documents;
    for (const QString &account : accountsOf(r.detail.tx.legs))
        documents.append({DocKind::Account, account});
    if (r.detail.related)
        documents.append({DocKind::Transaction, r.detail.related->id});
    for (const auto &[kind, id] : documents) {
        auto journal = store.journal(kind, id);
        if (!journal.ok())
            return journal.error();
        for (const JournalEntry &j : *journal) {
            if (actions.contains(j.event))
                r.operatorActions << j;
        }
    }
    std::stable_sort(r.operatorActions.begin(), r.operatorActions.end(),
                     [](const JournalEntry &a, const JournalEntry &b) { return a.at < b.at; });
    return r;
}

QString incidentReportHtml(const IncidentReport &r, const QString &preparedBy)
{
    const TransactionDetail &d = r.detail;
    const Transaction &t = d.tx;
    const auto amount = [&r](qint64 v) { return money::format(v, r.scale); };

    QString html = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>%1</title></head>"
                                  "<body style='font-family:sans-serif;font-size:10pt'>\n")
                       .arg(esc(Text::tr("Incident report %1").arg(t.id)));
    html += QStringLiteral("<h1 style='font-size:16pt'>%1</h1>\n").arg(esc(Text::tr("Incident report: transaction %1").arg(t.id)));
    html += QStringLiteral("<p style='color:#555'>%1</p>\n")
                .arg(esc(Text::tr("Prepared by %1 at %2 (store clock) from %3.").arg(preparedBy, formatTimestamp(d.now), r.storeLocation)));

    html +=
        QStringLiteral("<h2 style='font-size:13pt'>%1</h2>\n<table cellspacing='0' cellpadding='2'>").arg(esc(Text::tr("The document")));
    html += fieldRow(Text::tr("State"), QStringLiteral("<b>%1</b>").arg(esc(nameOf(t.state))));
    html += fieldRow(Text::tr("Kind"), esc(nameOf(t.kind)));
    if (t.isMultiLeg()) {
        html += fieldRow(Text::tr("Legs"), esc(describeLegs(t.legs, r.scale)));
    } else {
        html += fieldRow(Text::tr("From"), nw(esc(t.source)));
        html += fieldRow(Text::tr("To"), nw(esc(t.destination)));
    }
    html += fieldRow(Text::tr("Amount"), nw(esc(amount(t.amount))));
    html += fieldRow(Text::tr("Memo"), orDash(t.memo));
    html += fieldRow(Text::tr("Idempotency key"), nw(orDash(t.idempotencyKey)));
    if (!t.compensates.isEmpty())
        html += fieldRow(Text::tr("Compensates"), nw(esc(t.compensates)));
    if (!t.compensatedBy.isEmpty())
        html += fieldRow(Text::tr("Compensated by"),
                         nw(esc(t.compensatedBy)) + (d.related ? QStringLiteral(" (%1)").arg(esc(nameOf(d.related->state))) : QString()));
    html += fieldRow(Text::tr("Created"), nw(esc(when(t.createdAt))));
    // One phrase, brackets included, so that a language writes its own ("%1（%2前）" in Chinese);
    // the time and the age each stay unbroken inside it.
    html +=
        fieldRow(Text::tr("Last modified"),
                 esc(Text::tr("%1 (%2 ago)")).arg(nw(esc(when(t.lastModified))), nw(esc(duration::format(t.lastModified.msecsTo(d.now))))));
    html += fieldRow(Text::tr("Owner"), nw(orDash(t.owner)));
    html += fieldRow(Text::tr("Lease until"), nw(esc(when(t.leaseUntil))));
    html += fieldRow(Text::tr("Epoch / claims"), nw(esc(QStringLiteral("%1 / %2").arg(t.epoch).arg(t.attempts))));
    html += fieldRow(Text::tr("Last error"), orDash(t.lastError));
    html += QStringLiteral("</table>\n");

    html += QStringLiteral("<h2 style='font-size:13pt'>%1</h2>\n").arg(esc(Text::tr("Leg markers")));
    if (d.legs.isEmpty()) {
        html += QStringLiteral("<p>%1</p>\n").arg(esc(Text::tr("None: nothing was held yet.")));
    } else {
        html += tableHead({Text::tr("Side"), Text::tr("Account"), Text::tr("Amount"), Text::tr("Status"), Text::tr("At")}, {2});
        for (const LegMarker &m : d.legs)
            html +=
                tableRow({esc(nameOf(m.side)), esc(m.accountId), esc(amount(m.amount)), esc(nameOf(m.status)), esc(when(m.at))}, {}, {2});
        html += QStringLiteral("</table>\n");
    }

    html += QStringLiteral("<h2 style='font-size:13pt'>%1</h2>\n").arg(esc(Text::tr("Accounts now")));
    const QList<int> accountMoney{3, 4, 5, 6};
    html += tableHead({Text::tr("Account"), Text::tr("Name"), Text::tr("Status"), Text::tr("Posted"), Text::tr("Available"),
                       Text::tr("Pending debits"), Text::tr("Pending credits")},
                      accountMoney);
    for (int i = 0; i < t.legs.size(); ++i) {
        const QString &id = t.legs[i].accountId;
        const std::optional<Account> account = d.accounts.value(i);
        if (!account) {
            html += tableRow({esc(id), esc(Text::tr("(no such account)")), QString(), QString(), QString(), QString(), QString()}, {1});
            continue;
        }
        html += tableRow({esc(account->id), esc(account->name), esc(nameOf(account->status)), esc(amount(account->balance)),
                          esc(amount(account->available())), esc(amount(account->pendingDebits)), esc(amount(account->pendingCredits))},
                         {1}, accountMoney);
    }
    html += QStringLiteral("</table>\n");

    html += QStringLiteral("<h2 style='font-size:13pt'>%1</h2>\n").arg(esc(Text::tr("Timeline")));
    html += tableHead({Text::tr("At"), Text::tr("Event"), Text::tr("State"), Text::tr("Epoch")});
    for (const JournalEntry &j : d.journal) {
        html += tableRow({esc(when(j.at)), esc(j.event), stateMove(j), QString::number(j.epoch)}, {2});
        html += freeTextRow(4, {{Text::tr("Actor"), esc(j.actor)}, {Text::tr("Detail"), esc(j.detail)}});
    }
    html += QStringLiteral("</table>\n");

    html += QStringLiteral("<h2 style='font-size:13pt'>%1</h2>\n").arg(esc(Text::tr("Operator actions")));
    if (r.operatorActions.isEmpty()) {
        html += QStringLiteral("<p>%1</p>\n").arg(esc(Text::tr("None.")));
    } else {
        // The console's Operator actions, in its words (operations/operatoractions.h); who and why
        // on a row of their own, so that the table fits the page.
        html += tableHead({Text::tr("At"), Text::tr("Did"), Text::tr("Acted on")});
        for (const JournalEntry &j : r.operatorActions) {
            const QString target = j.docKind == DocKind::Account ? Text::tr("account %1").arg(j.docId) : j.docId;
            html += tableRow({esc(when(j.at)), esc(actionWordOf(j)), esc(target)});
            html += freeTextRow(3, {{Text::tr("Who"), orDash(j.actor)}, {Text::tr("Why / detail"), orDash(actionDetailOf(j))}});
        }
        html += QStringLiteral("</table>\n");
    }
    return html + QStringLiteral("</body></html>\n");
}

} // namespace ledger
