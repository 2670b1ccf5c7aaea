#pragma once
// Recovery: finds non-terminal transactions whose lease expired or that made no progress for
// longer than a threshold, and drives each to done or canceled on N worker threads, one store
// connection per worker thread.
//
// Threading: recoverStuck() blocks its caller until all work is done; call it from a worker
// thread in a GUI. `progress` is called from the worker threads.

#include "protocol/coordinator.h"
#include "store/store.h"

#include <functional>

namespace ledger {

// The console's "Stuck" view and `recover` share this default.
constexpr qint64 kDefaultStuckMs = 30 * 60 * 1000;

struct RecoveryOptions {
    qint64 olderThanMs = kDefaultStuckMs;
    int threads = 4;
    QString actor = QStringLiteral("recovery");
    // The operator's reason, journaled with each takeover beside why it was stuck.
    QString reason;
    qint64 leaseMs = 30'000;
    StepHook hook;
    // (finished, total) after each transaction; called from the worker threads.
    std::function<void(qint64, qint64)> progress;
    // Asked before each transaction (from the worker threads); true stops taking new ones. What is
    // under way finishes its current write sequence first.
    std::function<bool()> shouldStop;
    // Asked once, on the listing's connection, with the candidates (least recently changed
    // first): only those it returns are recovered, the rest counted in RecoveryReport::passedOver.
    // Unset: every candidate. An error ends recovery before it starts.
    std::function<Result<QList<Transaction>>(Store &, const QList<Transaction> &)> choose;
};

enum class RecoveryOutcome { Done, Canceled, Moved, Failed, Interrupted };
QString nameOf(RecoveryOutcome outcome);

struct RecoveredItem {
    QString id;
    TxState fromState = TxState::Initial;
    RecoveryOutcome outcome = RecoveryOutcome::Failed;
    std::optional<TxState> toState;
    ErrorCode code = ErrorCode::None; // why it failed or was canceled now
    QString message;                  // the error or the note, in this process's language
};

struct RecoveryReport {
    Error error;           // set when recovery could not start (store unavailable, ...)
    qint64 candidates = 0; // after `choose`
    qint64 passedOver = 0; // candidates `choose` left alone
    QMap<RecoveryOutcome, qint64> counts;
    QList<RecoveredItem> items; // in the order they finished
    bool stopped = false;       // shouldStop ended it early
    qint64 notStarted = 0;      // candidates left alone because it stopped

    qint64 count(RecoveryOutcome o) const { return counts.value(o, 0); }
    // Not finished by this run: failed, or interrupted.
    qint64 unfinished() const { return count(RecoveryOutcome::Failed) + count(RecoveryOutcome::Interrupted); }
};

// `connect` opens a connection for each worker thread (and one to list the candidates).
RecoveryReport recoverStuck(const StoreConnector &connect, const RecoveryOptions &options);

} // namespace ledger
