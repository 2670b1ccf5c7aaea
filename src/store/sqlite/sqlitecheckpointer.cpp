#include "store/sqlite/sqlitecheckpointer.h"

#include <sqlite3.h>

namespace ledger {

SqliteCheckpointer::SqliteCheckpointer(const QByteArray &path, QMutex *gate, int thresholdPages)
    : m_path(path)
    , m_gate(gate)
    , m_catchUpFrames(qMax(16, thresholdPages / 32))
{
    m_thread = std::thread([this] { run(); });
}

SqliteCheckpointer::~SqliteCheckpointer() { stop(); }

int SqliteCheckpointer::stop()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_one();
    if (m_thread.joinable())
        m_thread.join();
    return completed();
}

void SqliteCheckpointer::request()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_pending = true;
    }
    m_wake.notify_one();
}

int SqliteCheckpointer::completed() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_completed;
}

void SqliteCheckpointer::run()
{
    sqlite3 *db = nullptr;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [this] { return m_pending || m_stop; });
            if (m_stop)
                break;
            m_pending = false;
        }
        // Read-write without create: the file exists (a connection of this process has it
        // open); the first read makes the connection find the log (before it, a checkpoint
        // finds nothing to do). A failure to open or to checkpoint leaves the log as it is — it
        // only grows, and the next request tries again; correctness never depends on one.
        if (!db
            && (sqlite3_open_v2(m_path.constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK
                || sqlite3_exec(db, "PRAGMA wal_autocheckpoint=0", nullptr, nullptr, nullptr) != SQLITE_OK
                || sqlite3_exec(db, "SELECT 1 FROM sqlite_master LIMIT 1", nullptr, nullptr, nullptr) != SQLITE_OK)) {
            sqlite3_close(db);
            db = nullptr;
            continue;
        }
        // Passes without the gate while each leaves much behind (writers add frames while one
        // copies), then one with the gate over the little that is left (see the header).
        int rc = SQLITE_OK;
        int copiedBefore = 0;
        for (int pass = 0; pass < 6; ++pass) {
            int logFrames = 0, copied = 0;
            rc = sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied);
            // A pass copies what arrived during the one before; once that is little, so will be
            // what arrives during this one, which the gated pass copies.
            const int fresh = copied - copiedBefore;
            copiedBefore = copied;
            if (rc != SQLITE_OK || fresh <= m_catchUpFrames)
                break;
        }
        // A request from a writer that saw the threshold just before the log started over.
        if (rc == SQLITE_OK && copiedBefore <= m_catchUpFrames)
            continue;
        if (rc == SQLITE_OK) {
            QMutexLocker gate(m_gate);
            rc = sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        }
        if (rc == SQLITE_OK) {
            std::lock_guard<std::mutex> lock(m_mutex);
            ++m_completed;
        }
    }
    sqlite3_close(db);
}

} // namespace ledger
