#pragma once
// ledgerd's recovery sweeper (operations/recoverysweeper.h) on a thread of its own: a sweep at
// start, then one every period, until stop(). What a sweep did goes to stderr (only when it did
// something, and a store error once until it changes) and into the counts /metrics shows.
//
// Threading: construct, start(), stop() and destroy on one thread (main's). counts() may be read
// from any thread.

#include "operations/recoverysweeper.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace ledger::api {

struct RecoveryCounts {
    std::atomic<qint64> sweeps{0};
    std::atomic<qint64> done{0};
    std::atomic<qint64> canceled{0};
    std::atomic<qint64> moved{0};
    std::atomic<qint64> failed{0};
    std::atomic<qint64> claimed{0};   // passed over in the last sweep: an operator's claim stands
    std::atomic<qint64> leftAlone{0}; // passed over for good: their recovery failed for a reason a retry will not cure
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
    // Asks the sweep under way to take no new transaction (the one being recovered finishes its
    // write sequence) and no sweep to begin; returns at once.
    void requestStop();
    // requestStop(), then waits for the thread.
    void stop();

    const RecoveryCounts &counts() const { return m_counts; }

private:
    void run();
    void note(const SweepResult &result);

    RecoverySweeper m_sweeper;
    const qint64 m_periodMs;
    const std::function<void(const QString &)> m_log;
    RecoveryCounts m_counts;
    QString m_lastError; // the loop's thread only
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false; // under m_mutex
    std::atomic<bool> m_stopRequested{false};
    std::thread m_thread;
};

} // namespace ledger::api
