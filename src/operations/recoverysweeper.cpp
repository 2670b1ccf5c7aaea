#include "operations/recoverysweeper.h"

#include "operations/approvaldesk.h"
#include "operations/claims.h"

#include <utility>

namespace ledger {

SweepOptions::SweepOptions()
{
    recovery.olderThanMs = 60'000;
    recovery.threads = 1; // a service's sweep must not take the cores its requests run on
}

bool worthRetrying(const RecoveredItem &item)
{
    if (item.outcome != RecoveryOutcome::Failed)
        return true; // finished, moved by someone else, or interrupted by a stop
    // A store that failed may answer next time; a rule's refusal, or a bug (a failure with no
    // error is one, as `ledgerctl recover` reports it), would fail the same way.
    return item.code != ErrorCode::None && item.code != ErrorCode::Internal && exitStatusOf(item.code) == ExitStatus::StoreFailure;
}

RecoverySweeper::RecoverySweeper(StoreConnector connect, SweepOptions options)
    : m_connect(std::move(connect))
    , m_options(std::move(options))
{}

SweepResult RecoverySweeper::sweep(const std::function<bool()> &shouldStop)
{
    SweepResult result;
    RecoveryOptions o = m_options.recovery;
    o.shouldStop = shouldStop;
    if (shouldStop) {
        o.hook = [inner = m_options.recovery.hook, shouldStop](Step step, const QString &txId) {
            if (shouldStop())
                return HookAction::Abandon;
            const HookAction action = inner ? inner(step, txId) : HookAction::Continue;
            return action == HookAction::Abandon || shouldStop() ? HookAction::Abandon : HookAction::Continue;
        };
    }
    QSet<QString> claimedNow;
    o.choose = [&](Store &store, const QList<Transaction> &candidates) -> Result<QList<Transaction>> {
        QList<Transaction> rest;
        for (const Transaction &tx : candidates) {
            if (m_leftAlone.contains(tx.id))
                ++result.failedBefore;
            else
                rest << tx;
        }
        // The claims are read after the listing: a claim made before the listing is seen; one
        // made while this sweep recovers is the same race as an operator's and recovery's, which
        // the protocol settles (one of them moves it, the other is told it moved).
        auto claims = splitByClaims(store, rest, claimHoldsOff);
        if (!claims.ok())
            return claims.error();
        // And what a person is deciding (four eyes): a cancel or resume asked for waits for them.
        auto split = splitByApprovals(store, claims->free);
        if (!split.ok())
            return split.error();
        split->passedOver = claims->passedOver + split->passedOver;
        for (const OperatorClaim &claim : std::as_const(split->passedOver)) {
            ++result.claimed;
            claimedNow.insert(claim.txId);
            if (!m_claimedBefore.contains(claim.txId))
                result.newlyClaimed << claim;
        }
        return split->free;
    };
    result.report = recoverStuck(m_connect, o);
    if (!result.report.error.ok())
        return result; // nothing was looked at: what was claimed before still is, as far as it knows
    m_claimedBefore = claimedNow;
    for (const RecoveredItem &item : std::as_const(result.report.items)) {
        if (item.outcome == RecoveryOutcome::Interrupted)
            ++result.abandoned;
        if (!worthRetrying(item)) {
            // Kept for the sweeper's life: such a transaction stays unfinished until a person acts.
            m_leftAlone.insert(item.id);
            result.newlyLeftAlone << item;
        }
    }
    return result;
}

} // namespace ledger
