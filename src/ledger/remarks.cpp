#include "ledger/remarks.h"

#include "ledger/identifiers.h"
#include "ledger/message.h"

#include <array>

namespace ledger {

namespace {
constexpr std::array<const char *, 3> kRemarkEvent = {"operator-claim", "operator-release", "note"};
} // namespace

QString eventOf(Remark remark) { return QLatin1String(kRemarkEvent.at(size_t(remark))); }

std::optional<Remark> remarkOf(QStringView event)
{
    for (size_t i = 0; i < kRemarkEvent.size(); ++i) {
        if (event == QLatin1String(kRemarkEvent[i]))
            return Remark(i);
    }
    return std::nullopt;
}

QStringList remarkEvents() { return {eventOf(Remark::Claim), eventOf(Remark::Release), eventOf(Remark::Note)}; }

Error checkRemark(Remark remark, const QString &text)
{
    return checkText(text, QT_TRANSLATE_NOOP("ledger", "note"), kMaxReasonLength, remark != Remark::Note);
}

namespace {
void fold(QHash<QString, OperatorClaim> &claims, const JournalEntry &j)
{
    const std::optional<Remark> remark = remarkOf(j.event);
    if (remark == Remark::Claim)
        claims.insert(j.docId, OperatorClaim{j.docId, j.actor, j.at, j.detail});
    else if (remark == Remark::Release)
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

bool claimHoldsOff(const Transaction &tx, const OperatorClaim &claim, const QDateTime &now)
{
    const bool choiceLeft = tx.state == TxState::Initial || tx.state == TxState::Pending;
    return choiceLeft && claim.at.isValid() && claim.at.msecsTo(now) < kRecentClaimMs;
}

} // namespace ledger
