#pragma once
// The sweeper a service runs in the background (the pattern's "process running in the background
// that looks for transactions left in pending or committed state"): each sweep recovers the
// unfinished transactions whose lease expired or that made no progress for a while, as
// `ledgerctl recover` does, but it leaves alone what a person should decide:
// - a transaction an operator claimed ("I'm on it", ledger/remarks.h), whatever the claim's age;
// - one whose recovery failed in an earlier sweep for a reason trying again will not cure (a
//   protocol violation, a document that cannot be read as the rules expect) — left for an
//   operator until this sweeper is made again (a service restart). A store failure is not such a
//   reason: the next sweep tries again.
//
// Threading: sweep() blocks; call it from one thread at a time (a service's own thread). It opens
// its connections through the connector, on that thread and recovery's workers.

#include "protocol/recovery.h"

#include <QSet>

namespace ledger {

struct SweepOptions {
    qint64 olderThanMs = 60'000; // no progress for this long (an expired lease counts at once)
    QString actor = QStringLiteral("recovery");
    QString reason; // journaled with each takeover, beside why it was stuck
    qint64 leaseMs = 30'000;
    int threads = 1;
    StepHook hook;
};

struct SweepResult {
    RecoveryReport report;
    qint64 claimed = 0;                  // candidates passed over: an operator's claim stands on them
    qint64 failedBefore = 0;             // candidates passed over: their recovery failed in an earlier sweep
    QList<RecoveredItem> newlyLeftAlone; // failed in this sweep for good: from now on passed over
};

class RecoverySweeper {
public:
    RecoverySweeper(StoreConnector connect, SweepOptions options);

    // One sweep. `shouldStop` (asked before each transaction) ends it early.
    SweepResult sweep(const std::function<bool()> &shouldStop = {});

    // Ids passed over because their recovery failed for good.
    QSet<QString> leftAlone() const { return m_leftAlone; }

private:
    StoreConnector m_connect;
    SweepOptions m_options;
    QSet<QString> m_leftAlone;
};

// Whether a recovery that ended so should be tried again by the next sweep.
bool worthRetrying(const RecoveredItem &item);

} // namespace ledger
