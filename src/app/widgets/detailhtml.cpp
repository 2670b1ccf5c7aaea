#include "detailhtml.h"
#include "tones.h"

#include "ledger/duration.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "ledger/remarks.h"
#include "panelhtml.h"
#include "statebadge.h"
#include "textfit.h"

#include <QCoreApplication>

namespace ledger::app {

namespace {

// The panel's words, translated in the context "DetailPanel".
class DetailText {
    Q_DECLARE_TR_FUNCTIONS(DetailPanel)
};

using panelhtml::accountLink;
using panelhtml::esc;
using panelhtml::nowrap;
using panelhtml::row;
using panelhtml::txLink;

QString badge(TxState state)
{
    return QStringLiteral("<span style='background:%1;color:%2;font-weight:bold'>&nbsp;%3&nbsp;</span>")
        .arg(stateColor(state).name(), badgeTextColor().name(), nameOf(state));
}

// "by alice — “paid twice”": who did it, then what they wrote (a name or a reason), so that
// neither reads as the other.
QString actorAndDetail(const JournalEntry &j)
{
    QString text = j.actor.isEmpty() ? QString() : DetailText::tr("by %1").arg(esc(j.actor));
    if (!j.detail.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(" — ")) + DetailText::tr("“%1”").arg(esc(j.detail));
    return text;
}

QString legStatus(const std::optional<LegMarker> &m)
{
    if (!m)
        return QStringLiteral("<i>%1</i>").arg(toned(Tone::Muted, DetailText::tr("not held yet"), false));
    const Tone tone = m->status == LegStatus::Held ? Tone::Warn : m->status == LegStatus::Posted ? Tone::Good : Tone::Muted;
    return toned(tone, nameOf(m->status));
}

// The marker's time of day (the document has the date), on a line of its own under the leg: in
// the marker's column it made the table wider than a narrow panel, which then broke the time,
// the account's id and the money to fit.
QString legTimeRow(const std::optional<LegMarker> &m, TimeStyle times)
{
    if (!m)
        return QString();
    return QStringLiteral("<tr><td></td><td colspan='2'>%1</td></tr>").arg(nowrap(toned(Tone::Muted, shownTimeOfDay(m->at, times), false)));
}

// The leg's account's money, under the leg: each figure after its word, a line breaking only
// between them. In columns of their own beside the leg, the six made the table wider than the
// panel at 1024 px, and the money and the names were broken to fit ("208" / "27." / "73").
QString legMoneyRow(const QList<std::pair<QString, QString>> &figures)
{
    QStringList pairs;
    for (const auto &[word, amountHtml] : figures)
        pairs << QStringLiteral("%1&nbsp;%2").arg(toned(Tone::Muted, textfit::unbreakable(word), false), amountHtml); // "可用" whole
    return QStringLiteral("<tr><td></td><td colspan='2'>%1</td></tr>").arg(pairs.join(QStringLiteral("&nbsp;&nbsp; ")));
}

} // namespace

QString detailHtml(const TransactionDetail &d, int scale, TimeStyle times)
{
    const Transaction &t = d.tx;
    const auto amount = [scale](qint64 v) { return nowrap(money::format(v, scale)); };
    QString html = QStringLiteral("<html><body style='font-size:10pt'>");
    // The id at the text's size (bold): a heading's larger one made it the panel's widest line,
    // wider than the panel leaves it at 1024 px, and an id is never broken.
    html += QStringLiteral("<h3 style='margin-bottom:2px;font-size:10pt'>%1 %2</h3>").arg(nowrap(esc(t.id)), badge(t.state));
    if (t.kind == TxKind::Compensation)
        html += QStringLiteral("<p style='margin-top:0'>%1 %2</p>").arg(DetailText::tr("Compensation of"), txLink(t.compensates));
    else if (!t.compensatedBy.isEmpty())
        html += QStringLiteral("<p style='margin-top:0'>%1 %2%3</p>")
                    .arg(DetailText::tr("Compensated by"), txLink(t.compensatedBy),
                         d.related ? QStringLiteral(" (%1)").arg(nameOf(d.related->state)) : QString());

    if (d.claim) {
        // Several operators: who said they are on it, first thing under the id.
        const QString said = d.claim->text.isEmpty() ? QString() : QStringLiteral(": ") + esc(d.claim->text);
        html += QStringLiteral("<p style='margin-top:0'>%1 %2%3</p>")
                    .arg(toned(Tone::Warn, DetailText::tr("Claimed by %1").arg(esc(d.claim->by))),
                         DetailText::tr("(%1 ago)").arg(duration::format(d.claim->at.msecsTo(d.now))), said);
    }
    html += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += row(DetailText::tr("Amount"), QStringLiteral("<b>%1</b>").arg(amount(t.amount)));
    if (t.isMultiLeg()) {
        const auto links = [&t](LegSide side) {
            QStringList all;
            for (const QString &id : accountsOf(t.legs, side))
                all << accountLink(id);
            return all.join(QStringLiteral(", "));
        };
        html += row(DetailText::tr("From → to"), QStringLiteral("%1 → %2").arg(links(LegSide::Debit), links(LegSide::Credit)));
    } else {
        html += row(DetailText::tr("From → to"), QStringLiteral("%1 → %2").arg(accountLink(t.source), accountLink(t.destination)));
    }
    html += row(DetailText::tr("Memo"), esc(t.memo));
    if (!t.idempotencyKey.isEmpty())
        html += row(DetailText::tr("Idempotency key"), esc(t.idempotencyKey));
    html += row(DetailText::tr("Created"),
                DetailText::tr("%1 (%2 ago)").arg(shownTime(t.createdAt, times), duration::format(t.createdAt.msecsTo(d.now))));
    html += row(DetailText::tr("Last change"),
                DetailText::tr("%1 (%2 ago)").arg(shownTime(t.lastModified, times), duration::format(t.lastModified.msecsTo(d.now))));
    if (!t.owner.isEmpty()) {
        QString lease = shownTime(t.leaseUntil, times);
        if (!isTerminal(t.state) && t.leaseUntil.isValid())
            // Whole phrases, brackets and spacing included: Chinese writes them full-width with no
            // space before ("（剩余 5分）"), which brackets added around a translated word could not.
            // Only the words of an expired lease are red, so that phrase stands apart from the time.
            lease = t.leaseUntil < d.now ? lease + toned(Tone::Bad, DetailText::tr(" (expired)", "after a lease's end, in red"))
                                         : DetailText::tr("%1 (%2 left)", "a lease's end, then how long it still runs")
                                               .arg(lease, duration::format(d.now.msecsTo(t.leaseUntil)));
        html += row(DetailText::tr("Owner"), esc(t.owner));
        html += row(DetailText::tr("Lease until"), lease);
    }
    html += row(DetailText::tr("Epoch / claims"), QStringLiteral("%1 / %2").arg(t.epoch).arg(t.attempts));
    if (!t.lastError.isEmpty())
        html += row(DetailText::tr("Last error"), toned(Tone::Bad, esc(t.lastError), false));
    html += QStringLiteral("</table>");

    // The legs, with the accounts they sit on.
    html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><table cellspacing='0' cellpadding='2' width='100%'>")
                .arg(DetailText::tr("Legs and accounts"));
    html += QStringLiteral("<tr style='color:%4'><td>%1</td><td>%2</td><td>%3</td></tr>")
                .arg(DetailText::tr("Leg"), DetailText::tr("Account"), DetailText::tr("Marker"), toneName(Tone::Muted));
    for (int i = 0; i < t.legs.size(); ++i) {
        const TxLeg &leg = t.legs[i];
        const LegSide side = leg.side;
        const std::optional<LegMarker> marker = d.markerOn(leg.accountId);
        const std::optional<Account> account = d.accounts.value(i);
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                    .arg(nowrap(nameOf(side) + (t.isMultiLeg() ? QLatin1Char(' ') + money::format(leg.amount, scale) : QString())),
                         accountLink(leg.accountId), legStatus(marker));
        const auto figure = [&account, &amount](qint64 Account::*field) {
            return account ? amount((*account).*field) : QStringLiteral("?");
        };
        html += legMoneyRow({{DetailText::tr("Posted"), figure(&Account::balance)},
                             // what the account holds on this leg's side, for every transfer in flight
                             {DetailText::tr("Held"), figure(side == LegSide::Debit ? &Account::pendingDebits : &Account::pendingCredits)},
                             {DetailText::tr("Available"), account ? amount(account->available()) : QStringLiteral("?")}});
        html += legTimeRow(marker, times);
    }
    html += QStringLiteral("</table>");

    // The journal, as a timeline.
    html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><table cellspacing='0' cellpadding='2' width='100%'>")
                .arg(DetailText::tr("Timeline"));
    for (const JournalEntry &j : d.journal) {
        const auto to = txStateFromString(j.toState);
        const QString dot =
            QStringLiteral("<span style='color:%1'>●</span>")
                .arg(to && !isRemarkEvent(j.event) ? stateTextColor(*to).name() : toneName(Tone::Muted)); // a remark moves no state
        const QString move = j.fromState.isEmpty() || j.fromState == j.toState
                               ? esc(j.toState)
                               : QStringLiteral("%1 → %2").arg(esc(j.fromState), esc(j.toState));
        html += QStringLiteral("<tr><td valign='top'>%1</td><td valign='top' nowrap>%2</td>"
                               "<td valign='top'><b>%3</b> %4<br/>%5</td></tr>")
                    .arg(dot, toned(Tone::Muted, shownShortTime(j.at, times), false), esc(j.event), move,
                         toned(Tone::Muted, actorAndDetail(j), false));
    }
    html += QStringLiteral("</table></body></html>");
    return html;
}

} // namespace ledger::app
