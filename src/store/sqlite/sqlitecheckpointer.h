#pragma once
// Copies a store file's write-ahead log back into the file (a PASSIVE checkpoint) on a thread
// of its own, when a writer says the log has grown past the threshold. Why not in the commit
// that crossed it, as SQLite does by default: that writer holds this process's write gate of
// the file, so every other writer would wait for the checkpoint's two syncs too; and not after
// the commit on the writer's own thread either: that transfer alone then takes the syncs' time
// (the p99 at four threads; `bench transfers --tail-profile`, docs/performance.md).
//
// Safe only with an SQLite that has the WAL-reset bug fixed (3.51.3, 3.50.7, 3.44.6 and later:
// the one built in, third_party/sqlite): before, a checkpoint starting just as another connection
// restarted the log could make committed frames be skipped (it once lost a committed insert here).
//
// A PASSIVE checkpoint copies the frames no reader needs without stopping writers, but the log
// can only start over from its beginning once every frame was copied back, and under steady
// writing new frames arrive while the bulk is copied. So the thread copies without the gate,
// pass after pass while each leaves much behind, then takes the gate for a last pass over the
// few frames that arrived meanwhile (it still syncs the log and the file: 3-5 ms on the
// development machine): the next write then restarts the log. Other processes' writers are not held by the gate; they only
// delay the restart to a later round.
// The thread opens its own SQLite connection on first use and closes it when stopped.
// Threading: request() from any thread; the owner (SqliteConnection's per-file state) destroys
// it while no other connection of this process can open or close the file, and before the
// process's last connection to the file closes (so that close still removes the log).

#include <QMutex>
#include <QString>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace ledger {

class SqliteCheckpointer {
public:
    // `gate`: this process's write gate of the file (outlives the checkpointer); `thresholdPages`:
    // the log size at which checkpoints are asked for (the gated pass waits for a 32nd of it).
    // `path`: the file name as the file system spells it (bytes, not text).
    SqliteCheckpointer(const QByteArray &path, QMutex *gate, int thresholdPages);
    ~SqliteCheckpointer(); // stops the thread and waits for a checkpoint under way
    SqliteCheckpointer(const SqliteCheckpointer &) = delete;
    SqliteCheckpointer &operator=(const SqliteCheckpointer &) = delete;

    // Asks for one checkpoint soon; requests made while one is pending are one request.
    void request();
    // Checkpoints completed so far (for tests).
    int completed() const;
    // Stops the thread, waiting for a checkpoint under way; returns completed() then.
    int stop();

private:
    void run();

    const QByteArray m_path;
    QMutex *const m_gate;
    const int m_catchUpFrames;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_pending = false;
    bool m_stop = false;
    int m_completed = 0;
    std::thread m_thread;
};

} // namespace ledger
