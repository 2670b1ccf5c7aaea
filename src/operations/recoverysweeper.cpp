#include "operations/recoverysweeper.h"

#include "operations/claims.h"

#include <utility>

namespace ledger {

bool worthRetrying(const RecoveredItem &item)
{
    if (item.outcome != RecoveryOutcome::Failed)
        return true; // finished, moved by someone else, or interrupted by a stop
    // A store that failed may answer next time; a rule's refusal, or a bug, would fail the same way.
    if (item.code == ErrorCode::None)
        return true;
    return exitStatusOf(item.code) == ExitStatus::StoreFailure && item.code != ErrorCode::Internal;
}

RecoverySweeper::RecoverySweeper(StoreConnector connect, SweepOptions options)
    : m_connect(std::move(connect))
    , m_options(std::move(options))
{}

SweepResult RecoverySweeper::sweep(const std::function<bool()> &shouldStop)
{
    SweepResult result;
    RecoveryOptions o;
    o.olderThanMs = m_options.olderThanMs;
    o.threads = m_options.threads;
    o.actor = m_options.actor;
    o.reason = m_options.reason;
    o.leaseMs = m_options.leaseMs;
    o.hook = m_options.hook;
    o.shouldStop = shouldStop;
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
        auto claims = readClaimsOn(store, rest);
        if (!claims.ok())
            return claims.error();
        QList<Transaction> chosen;
        for (const Transaction &tx : std::as_const(rest)) {
            if (claimOn(tx, *claims))
                ++result.claimed;
            else
                chosen << tx;
        }
        return chosen;
    };
    result.report = recoverStuck(m_connect, o);
    // Never forgotten while the sweeper lives: a transaction that failed for good stays
    // unfinished (an operator's repair that ends it also ends its candidacy).
    for (const RecoveredItem &item : std::as_const(result.report.items)) {
        if (!worthRetrying(item)) {
            m_leftAlone.insert(item.id);
            result.newlyLeftAlone << item;
        }
    }
    return result;
}

} // namespace ledger
