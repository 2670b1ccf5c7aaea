#pragma once
// ledgerd's recovery sweeper (operations/recoverysweeper.h) on a thread of its own: a sweep at
// start, then one every period, until stopped. What a sweep did goes to stderr — only what
// changed: what it finished, a transaction passed over for a claim or left for an operator (once
// each), a store error (once until it changes) — and into the counts /metrics shows.
//
// Threading: construct, start(), requestStop(), stop() and destroy on one thread (main's).
// counts() may be read from any thread.

#include "loopthread.h"
#include "operations/recoverysweeper.h"

#include <atomic>

namespace ledger::api {

struct RecoveryCounts {
    std::atomic<qint64> sweeps{0};
    std::atomic<qint64> done{0};
    std::atomic<qint64> canceled{0};
    std::atomic<qint64> moved{0};
    std::atomic<qint64> failed{0};
    // Passed over by the last sweep that could look: an operator's claim stands on them; their
    // recovery failed for good in an earlier sweep.
    std::atomic<qint64> claimed{0};
    std::atomic<qint64> failedBefore{0};
    std::atomic<qint64> storeErrors{0};
};

class RecoveryLoop {
public:
    // `log` gets one line at a time, from the loop's thread.
    RecoveryLoop(StoreConnector connect, SweepOptions options, qint64 periodMs, std::function<void(const QString &)> log);
    ~RecoveryLoop();
    RecoveryLoop(const RecoveryLoop &) = delete;
    RecoveryLoop &operator=(const RecoveryLoop &) = delete;

    void start();
    // No sweep begins after this; the one under way takes no new transaction and abandons the one
    // it is recovering after its current write (the next sweep finishes it). Returns at once.
    void requestStop();
    // requestStop(), then waits up to `waitMs` for the thread: true once it has ended. False
    // means a store call has not come back (a server that stopped answering): the caller must
    // then end the process without destroying this (std::_Exit), as a crash would.
    bool stop(int waitMs);

    const RecoveryCounts &counts() const { return m_counts; }

private:
    void run();
    void note(const SweepResult &result);

    RecoverySweeper m_sweeper;
    const qint64 m_periodMs;
    const std::function<void(const QString &)> m_log;
    RecoveryCounts m_counts;
    QString m_lastError;    // the loop's thread only
    QString m_lastFailures; // the loop's thread only
    LoopThread m_loop;      // last: it ends (its body stopped and joined) before the members it uses go
};

} // namespace ledger::api
