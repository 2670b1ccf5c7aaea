// SqliteConnection: checkpoints off the write path.
//
// The WAL grows by every commit and a checkpoint copies it back into the file, with two syncs.
// SQLite's own automatic checkpoint runs inside the commit that crosses its threshold — while
// that writer holds this process's write gate, so every other writer of the file waits for its
// syncs too: at four writer threads that was the p99 latency (`bench transfers --tail-profile`).
// So the hook only notes that a checkpoint is due, and the writer hands it to the file's
// checkpointer thread after releasing the gate (sqlitecheckpointer.h). This needs an SQLite
// without the WAL-reset bug (the one built in is 3.54.1; DESIGN.md section 4).
// Threshold: SqliteOptions::checkpointPages (8,000 pages, a 32 MB log: the hot pages, accounts
// and index roots, are copied once per checkpoint, not once per commit). When the log cannot
// start over — another process writes the file, or a reader holds an old snapshot — every commit
// past the threshold asks the thread again, and from four times the threshold (a 128 MB log) the
// commit checkpoints inline, as SQLite would have.
#include "store/sqlite/sqlitecheckpointer.h"
#include "store/sqlite/sqlitesharedfile.h"

#include <QFile>
#include <sqlite3.h>

namespace ledger {

int SqliteConnection::walHook(void *connection, sqlite3 *db, const char *schema, int pages)
{
    auto *conn = static_cast<SqliteConnection *>(connection);
    if (pages >= 4 * conn->m_checkpointPages)
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    else if (pages >= conn->m_checkpointPages)
        conn->m_checkpointDue = true;
    return SQLITE_OK;
}

void SqliteConnection::checkpointIfWanted()
{
    if (takeCheckpointDue())
        requestCheckpoint();
}

bool SqliteConnection::takeCheckpointDue()
{
    // Not before open() counted this connection (or made it the file's batch connection): the
    // destructor stops the thread only when the last counted connection closes (a migration's
    // write may cross the threshold).
    if (!m_checkpointDue || !(m_counted || m_isWriter))
        return false;
    m_checkpointDue = false;
    return true;
}

void SqliteConnection::requestCheckpoint()
{
    std::lock_guard<std::mutex> lock(m_shared->checkpointerMutex);
    if (!m_shared->checkpointer) {
        // The name SQLite itself resolved (absolute), not ours: a chdir cannot misdirect it. The
        // batch connection's was read when it opened: another thread may be running a batch on
        // its handle now.
        QByteArray file = m_resolvedName;
        if (file.isEmpty()) {
            const char *resolved = sqlite3_db_filename(m_db, "main");
            file = resolved ? QByteArray(resolved) : QFile::encodeName(m_path);
        }
        m_shared->checkpointer = std::make_unique<SqliteCheckpointer>(file, &m_shared->writeGate, m_checkpointPages);
    }
    m_shared->checkpointer->request();
}

void SqliteConnection::stopCheckpointer(SharedFile &shared)
{
    // Before the process's last connection closes: the checkpointer's connection closes first,
    // so that the last close is the process's last and SQLite checkpoints and removes the log.
    std::lock_guard<std::mutex> lock(shared.checkpointerMutex);
    if (shared.checkpointer) {
        shared.checkpointsOfStoppedCheckpointers += shared.checkpointer->stop();
        shared.checkpointer.reset();
    }
}

int SqliteConnection::checkpointsCompleted(const QString &path)
{
    SharedFile &shared = sharedFileFor(path);
    std::lock_guard<std::mutex> lock(shared.checkpointerMutex);
    return shared.checkpointsOfStoppedCheckpointers + (shared.checkpointer ? shared.checkpointer->completed() : 0);
}

} // namespace ledger
