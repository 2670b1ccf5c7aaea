#include "ledger/remarks.h"

#include "ledger/identifiers.h"
#include "ledger/message.h"

namespace ledger {

QStringList remarkEvents() { return {claimEvent(), releaseEvent(), noteEvent()}; }

bool isRemarkEvent(QStringView event) { return remarkEvents().contains(event.toString()); }

Error checkRemark(const QString &event, const QString &text)
{
    if (!isRemarkEvent(event))
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledger", "%1 is not a remark (claim, release or note)").arg(event));
    return checkText(text, QT_TRANSLATE_NOOP("ledger", "note"), kMaxReasonLength, event != noteEvent());
}

namespace {
void fold(QHash<QString, OperatorClaim> &claims, const JournalEntry &j)
{
    if (j.event == claimEvent())
        claims.insert(j.docId, OperatorClaim{j.docId, j.actor, j.at, j.detail});
    else if (j.event == releaseEvent())
        claims.remove(j.docId);
}
} // namespace

std::optional<OperatorClaim> standingClaim(const Transaction &tx, const QList<JournalEntry> &journal)
{
    if (isTerminal(tx.state))
        return std::nullopt;
    QHash<QString, OperatorClaim> claims;
    for (const JournalEntry &j : journal) {
        if (j.docId == tx.id)
            fold(claims, j);
    }
    return claims.contains(tx.id) ? std::optional<OperatorClaim>(claims.value(tx.id)) : std::nullopt;
}

QHash<QString, OperatorClaim> unreleasedClaims(const QList<JournalEntry> &rows)
{
    QHash<QString, OperatorClaim> claims;
    for (const JournalEntry &j : rows)
        fold(claims, j);
    return claims;
}

bool claimWarns(const std::optional<OperatorClaim> &claim, const QString &operatorName, const QDateTime &now)
{
    return claim && claim->by != operatorName && claim->at.msecsTo(now) < kRecentClaimMs;
}

} // namespace ledger
