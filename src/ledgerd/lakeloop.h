#pragma once
// ledgerd --lake: the data lake (lake/lakesync.h) kept up to date on a thread of its own, beside
// the API. It opens the lake before ledgerd listens (a bad location, a folder it cannot write, a
// bucket that is not there, a lake of another store: ledgerd does not start, and nothing is
// written), then passes once a second: what finished since goes into the open files, and a file
// is closed (made visible) on a new UTC day, at its size or at its age. An error is said once on
// stderr (again when it changes) and the pass is tried again a second later from what is visible.
// On stop, every open file is closed and the checkpoint written.
//
// Threading: construct, open(), start(), requestStop(), stop() and destroy on one thread
// (main's). counts() may be read from any thread (the /metrics scrape).

#include "lake/lakelocation.h"
#include "loopthread.h"
#include "lake/lakeoptions.h"
#include "store/store.h"

#include <atomic>
#include <functional>
#include <future>

namespace ledger::api {

struct LakeCounts {
    std::atomic<bool> up{false};       // the last pass succeeded
    std::atomic<qint64> lagSeconds{0}; // age of the oldest finished transaction not in a visible file
    std::atomic<qint64> lagEvents{0};  // how many (counted up to 10,000)
    std::atomic<qint64> events{0};     // made visible by this process
    std::atomic<qint64> files{0};
    std::atomic<qint64> bytes{0};
    std::atomic<qint64> errors{0}; // passes that failed
};

class LakeLoop {
public:
    // `log` gets one line at a time, from the loop's thread.
    LakeLoop(StoreConnector connect, lake::LakeLocation location, lake::LakeOptions options, QString storeName,
             std::function<void(const QString &)> log);
    ~LakeLoop();
    LakeLoop(const LakeLoop &) = delete;
    LakeLoop &operator=(const LakeLoop &) = delete;

    // Starts the thread, which opens the store and the lake; returns once it has (its error when
    // it could not, and the thread has ended).
    Error open();
    // Passes from now on, once a second.
    void start();
    void requestStop();
    // requestStop(), then waits up to `waitMs` for the open files to be closed and the thread to
    // end: false when it has not (a store or S3 call that does not come back): the caller must then
    // end the process without destroying this (std::_Exit), as a crash would.
    bool stop(int waitMs);

    const LakeCounts &counts() const { return m_counts; }
    QString where() const { return m_location.display(); }

private:
    void run();

    const StoreConnector m_connect;
    const lake::LakeLocation m_location;
    const lake::LakeOptions m_options;
    const QString m_storeName;
    const std::function<void(const QString &)> m_log;
    LakeCounts m_counts;
    std::promise<Error> m_opened;       // set by the loop's thread once it opened the lake, or failed to
    std::atomic<bool> m_started{false}; // start() was called: passes may begin
    LoopThread m_loop;                  // last: it ends (its body stopped and joined) before the members it uses go
};

} // namespace ledger::api
