#include "accounthtml.h"
#include "tones.h"

#include "ledger/duration.h"
#include "ledger/money.h"
#include "operations/operatoractions.h"
#include "panelhtml.h"

#include <QCoreApplication>

namespace ledger::app {

namespace {

// The panel's words, translated in the context "AccountPanel".
class AccountText {
    Q_DECLARE_TR_FUNCTIONS(AccountPanel)
};

using panelhtml::esc;
using panelhtml::nowrap;
using panelhtml::row;
using panelhtml::txLink;

} // namespace

QString accountHtml(const AccountDetail &d, int scale, TimeStyle times)
{
    const Account &a = d.account;
    const auto amount = [scale](qint64 v) { return money::format(v, scale); };
    const auto ago = [&d, times](const QDateTime &t) {
        return AccountText::tr("%1 (%2 ago)").arg(shownTime(t, times), duration::format(t.msecsTo(d.now)));
    };
    QString html = QStringLiteral("<html><body style='font-size:10pt'>");
    html += QStringLiteral("<h3 style='margin-bottom:2px'>%1 <span style='font-weight:normal'>%2</span></h3>").arg(esc(a.id), esc(a.name));
    html += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    // The protocol's word, as ledgerctl prints it.
    html += row(AccountText::tr("Status"), QStringLiteral("<b>%1</b>").arg(nameOf(a.status)));
    // The words of the Accounts table, ledgerctl and the exports: the balance counted whole, the
    // posted one, and the difference (operations/wholeaccounts.h).
    html += row(AccountText::tr("Balance"), QStringLiteral("<b>%1</b>").arg(nowrap(amount(d.wholeBalance))));
    html += row(AccountText::tr("Posted"), nowrap(amount(a.balance)));
    if (d.wholeBalance != a.balance)
        html += row(AccountText::tr("Not posted yet"), nowrap(amount(d.wholeBalance - a.balance)));
    html += row(AccountText::tr("Available"), nowrap(amount(a.available())));
    html += row(AccountText::tr("Pending debits"), nowrap(amount(a.pendingDebits)));
    html += row(AccountText::tr("Pending credits"), nowrap(amount(a.pendingCredits)));
    html += row(AccountText::tr("Created"), ago(a.createdAt));
    html += row(AccountText::tr("Last change"), ago(a.lastModified));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4>").arg(AccountText::tr("Holds for transactions in flight"));
    if (d.holds.isEmpty()) {
        html += QStringLiteral("<p style='margin-top:0'>%1</p>").arg(AccountText::tr("None: nothing is held on this account."));
    } else {
        // Since when, under each hold: in a column of its own beside the id it made the table
        // wider than the panel, and the ids were broken to fit at every width.
        html += QStringLiteral(
                    "<table cellspacing='0' cellpadding='2'><tr style='color:%4'><td>%1</td><td>%2</td><td align='right'>%3</td></tr>")
                    .arg(AccountText::tr("Transaction"), AccountText::tr("Side"), AccountText::tr("Amount"), toneName(Tone::Muted));
        for (const LegMarker &m : d.holds) {
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td align='right'>%3</td></tr>")
                        .arg(txLink(m.txId), nameOf(m.side), nowrap(amount(m.amount)));
            html += QStringLiteral("<tr><td colspan='3' style='padding-left:12px'>%1 %2</td></tr>")
                        .arg(toned(Tone::Muted, AccountText::tr("Held since"), false), esc(ago(m.at)));
        }
        html += QStringLiteral("</table>");
    }

    html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><table cellspacing='0' cellpadding='2'>").arg(AccountText::tr("History"));
    for (const JournalEntry &j : d.history) {
        // "created by operator — name: Dave Schmidt", "frozen by dana — “fraud check”": who did
        // it, then what they wrote, the name given said to be one, so that no name reads as a
        // reason nor the operator's name as the account's.
        const QString who = j.actor.isEmpty() ? QString() : QLatin1Char(' ') + AccountText::tr("by %1").arg(esc(j.actor));
        const QString detail = detailIsAccountName(j) ? esc(actionDetailOf(j)) : AccountText::tr("“%1”").arg(esc(j.detail));
        const QString why = j.detail.isEmpty() ? QString() : QStringLiteral(" — ") + detail;
        html += QStringLiteral("<tr><td style='color:%1' nowrap>%2</td><td><b>%3</b>%4%5</td></tr>")
                    .arg(toneName(Tone::Muted), shownTime(j.at, times), esc(j.event), who, why);
    }
    html += QStringLiteral("</table></body></html>");
    return html;
}

} // namespace ledger::app
