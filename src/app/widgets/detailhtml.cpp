#include "detailhtml.h"

#include "ledger/duration.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "panelhtml.h"
#include "statebadge.h"

#include <QCoreApplication>

namespace ledger::app {

namespace {

// The panel's words, translated in the context "DetailPanel".
class Text {
    Q_DECLARE_TR_FUNCTIONS(DetailPanel)
};

using panelhtml::accountLink;
using panelhtml::esc;
using panelhtml::row;
using panelhtml::txLink;

QString badge(TxState state)
{
    return QStringLiteral("<span style='background:%1;color:white;font-weight:bold'>&nbsp;%2&nbsp;</span>")
        .arg(stateColor(state).name(), nameOf(state));
}

// "11-22 02:17:40": the day and the second, enough to tell a stall of days from one of minutes.
QString shortTime(const QDateTime &t) { return formatTimestamp(t).mid(5, 14).replace(QLatin1Char('T'), QLatin1Char(' ')); }


QString legStatus(const std::optional<LegMarker> &m)
{
    if (!m)
        return QStringLiteral("<i style='color:#888'>%1</i>").arg(Text::tr("not held yet"));
    const QString color = m->status == LegStatus::Held ? QStringLiteral("#b9770e")
        : m->status == LegStatus::Posted             ? QStringLiteral("#2e8540")
                                                      : QStringLiteral("#7f8c8d");
    return QStringLiteral("<b style='color:%1'>%2</b><br/><span style='color:#888'>%3</span>")
        .arg(color, nameOf(m->status), formatTimestamp(m->at).mid(11, 8)); // the time of day: the document has the date
}

} // namespace

QString detailHtml(const TransactionDetail &d, int scale)
{
    const Transaction &t = d.tx;
    const auto amount = [scale](qint64 v) { return money::format(v, scale); };
    QString html = QStringLiteral("<html><body style='font-size:10pt'>");
    html += QStringLiteral("<h3 style='margin-bottom:2px'>%1 %2</h3>").arg(esc(t.id), badge(t.state));
    if (t.kind == TxKind::Compensation)
        html += QStringLiteral("<p style='margin-top:0'>%1 %2</p>").arg(Text::tr("Compensation of"), txLink(t.compensates));
    else if (!t.compensatedBy.isEmpty())
        html += QStringLiteral("<p style='margin-top:0'>%1 %2%3</p>")
                    .arg(Text::tr("Compensated by"), txLink(t.compensatedBy),
                         d.related ? QStringLiteral(" (%1)").arg(nameOf(d.related->state)) : QString());

    html += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += row(Text::tr("Amount"), QStringLiteral("<b>%1</b>").arg(amount(t.amount)));
    if (t.isMultiLeg()) {
        const auto links = [&t](LegSide side) {
            QStringList all;
            for (const QString &id : accountsOf(t.legs, side))
                all << accountLink(id);
            return all.join(QStringLiteral(", "));
        };
        html += row(Text::tr("From → to"), QStringLiteral("%1 → %2").arg(links(LegSide::Debit), links(LegSide::Credit)));
    } else {
        html += row(Text::tr("From → to"), QStringLiteral("%1 → %2").arg(accountLink(t.source), accountLink(t.destination)));
    }
    html += row(Text::tr("Memo"), esc(t.memo));
    if (!t.idempotencyKey.isEmpty())
        html += row(Text::tr("Idempotency key"), esc(t.idempotencyKey));
    html += row(Text::tr("Created"), Text::tr("%1 (%2 ago)").arg(formatTimestamp(t.createdAt), duration::format(t.createdAt.msecsTo(d.now))));
    html += row(Text::tr("Last change"), Text::tr("%1 (%2 ago)").arg(formatTimestamp(t.lastModified), duration::format(t.lastModified.msecsTo(d.now))));
    if (!t.owner.isEmpty()) {
        QString lease = formatTimestamp(t.leaseUntil);
        if (!isTerminal(t.state) && t.leaseUntil.isValid())
            lease += t.leaseUntil < d.now ? QStringLiteral(" <b style='color:#c0392b'>(%1)</b>").arg(Text::tr("expired"))
                                          : QStringLiteral(" (%1 %2)").arg(duration::format(d.now.msecsTo(t.leaseUntil)), Text::tr("left"));
        html += row(Text::tr("Owner"), esc(t.owner));
        html += row(Text::tr("Lease until"), lease);
    }
    html += row(Text::tr("Epoch / claims"), QStringLiteral("%1 / %2").arg(t.epoch).arg(t.attempts));
    if (!t.lastError.isEmpty())
        html += row(Text::tr("Last error"), QStringLiteral("<span style='color:#c0392b'>%1</span>").arg(esc(t.lastError)));
    html += QStringLiteral("</table>");

    // The legs, with the accounts they sit on.
    html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><table cellspacing='0' cellpadding='2' width='100%'>").arg(Text::tr("Legs and accounts"));
    html += QStringLiteral("<tr style='color:#666'><td>%1</td><td>%2</td><td>%3</td><td align='right'>%4</td><td align='right'>%5</td>"
                           "<td align='right'>%6</td></tr>")
                .arg(Text::tr("Leg"), Text::tr("Account"), Text::tr("Marker"), Text::tr("Balance"), Text::tr("Held"), Text::tr("Available"));
    for (int i = 0; i < t.legs.size(); ++i) {
        const TxLeg &leg = t.legs[i];
        const LegSide side = leg.side;
        const std::optional<LegMarker> marker = d.markerOn(leg.accountId);
        const std::optional<Account> account = d.accounts.value(i);
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td nowrap>%3</td><td align='right'>%4</td><td align='right'>%5</td>"
                               "<td align='right'>%6</td></tr>")
                    .arg(nameOf(side) + (t.isMultiLeg() ? QLatin1Char(' ') + amount(leg.amount) : QString()), accountLink(leg.accountId),
                         legStatus(marker),
                         account ? amount(account->balance) : QStringLiteral("?"),
                         // what the account holds on this leg's side, for every transfer in flight
                         account ? amount(side == LegSide::Debit ? account->pendingDebits : account->pendingCredits) : QStringLiteral("?"),
                         account ? amount(account->available()) : QStringLiteral("?"));
    }
    html += QStringLiteral("</table>");

    // The journal, as a timeline.
    html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><table cellspacing='0' cellpadding='2' width='100%'>").arg(Text::tr("Timeline"));
    for (const JournalEntry &j : d.journal) {
        const auto to = txStateFromString(j.toState);
        const QString dot = QStringLiteral("<span style='color:%1'>●</span>").arg(to ? stateColor(*to).name() : QStringLiteral("#888"));
        const QString move = j.fromState.isEmpty() || j.fromState == j.toState
            ? esc(j.toState)
            : QStringLiteral("%1 → %2").arg(esc(j.fromState), esc(j.toState));
        html += QStringLiteral("<tr><td valign='top'>%1</td><td valign='top' nowrap style='color:#666'>%2</td>"
                               "<td valign='top'><b>%3</b> %4<br/><span style='color:#666'>%5%6</span></td></tr>")
                    .arg(dot, shortTime(j.at), esc(j.event), move, esc(j.actor),
                         j.detail.isEmpty() ? QString() : QStringLiteral(" — ") + esc(j.detail));
    }
    html += QStringLiteral("</table></body></html>");
    return html;
}

} // namespace ledger::app
