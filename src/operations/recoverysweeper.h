#pragma once
// The sweeper a service runs in the background (the pattern's "process running in the background
// that looks for transactions left in pending or committed state"): each sweep recovers the
// unfinished transactions whose lease expired or that made no progress for a while, as
// `ledgerctl recover` does, but it leaves alone what a person should decide:
// - a transaction still `initial` or `pending` (resume or cancel is a choice) that an operator
//   claimed ("I'm on it") within kRecentClaimMs — the age after which the console, too, calls a
//   claim stale (claimHoldsOff in ledger/remarks.h, the rule a client's retry keeps too). A claim
//   on an `applied` or `canceling` one does not stop it: those can only be finished;
// - one whose recovery failed in an earlier sweep for a reason trying again will not cure (a
//   rule's refusal such as protocol-violation, or a bug) — left for an operator until this
//   sweeper is made again (a service restart). A store failure is not such a reason: the next
//   sweep tries again.
// Asked to stop, it takes no new transaction and abandons the one under way after its current
// write, as a crash there would (the next sweep finishes it).
//
// Threading: sweep() blocks; call it from one thread at a time (a service's own thread). It opens
// its connections through the connector, on that thread and recovery's workers.

#include "ledger/remarks.h"
#include "protocol/recovery.h"

#include <QSet>

namespace ledger {

struct SweepOptions {
    SweepOptions();
    // What each sweep runs: olderThanMs (no progress for this long; an expired lease counts at
    // once), threads, actor, reason, leaseMs and hook. Its shouldStop and choose are the sweep's.
    RecoveryOptions recovery;
};

struct SweepResult {
    RecoveryReport report;
    qint64 claimed = 0;                  // candidates passed over: an operator's claim stands on them
    qint64 failedBefore = 0;             // candidates passed over: their recovery failed for good before
    QList<OperatorClaim> newlyClaimed;   // passed over for a claim, and not in the sweep before
    QList<RecoveredItem> newlyLeftAlone; // failed in this sweep for good: from now on passed over
    qint64 abandoned = 0;                // left half-way because a stop was asked
};

class RecoverySweeper {
public:
    RecoverySweeper(StoreConnector connect, SweepOptions options);

    // One sweep. `shouldStop` is asked before each transaction and after each write.
    SweepResult sweep(const std::function<bool()> &shouldStop = {});

    // Ids passed over because their recovery failed for good.
    QSet<QString> leftAlone() const { return m_leftAlone; }

private:
    StoreConnector m_connect;
    SweepOptions m_options;
    QSet<QString> m_leftAlone;
    QSet<QString> m_claimedBefore; // passed over for a claim by the last sweep
};

// Whether a recovery that ended so should be tried again by the next sweep.
bool worthRetrying(const RecoveredItem &item);

} // namespace ledger
