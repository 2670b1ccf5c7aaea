// SqliteConnection: checkpoints moved out of the write gate.
//
// The WAL grows by every commit and a checkpoint copies it back into the file, with two syncs.
// SQLite's own automatic checkpoint runs inside the commit that crosses its threshold — while
// that writer holds this process's write gate, so every other writer of the file waits for its
// syncs too. At four writer threads that was the p99 latency: 30 ms against 0.4 ms for the
// median (`bench transfers --tail-profile`: the slowest 1% spent 20 ms waiting for the gate).
// So the hook only notes that a checkpoint is due, and the writer hands it to the file's
// checkpointer thread after releasing the gate (sqlitecheckpointer.h).
// Threshold: SqliteOptions::checkpointPages (8,000 pages, a 32 MB log: the hot pages, accounts
// and index roots, are copied once per checkpoint, not once per commit). When the log cannot
// start over — another process writes the file, or a reader holds an old snapshot — every commit
// past the threshold asks the thread again, and from four times the threshold (a 128 MB log) the
// commit checkpoints inline, as SQLite would have.
//
// All of this needs the SQLite that Qt's driver runs to be the one we link (the system's
// libsqlite3): a handle passed to another copy of the library would corrupt memory, and a
// connection of ours would be invisible to its lock records. When they differ (a Qt that bundles
// its own SQLite), the store keeps SQLite's automatic checkpoint instead.
#include "sqlitesharedfile.h"

#include <QSqlDriver>
#include <QSqlQuery>
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

Error SqliteConnection::takeOverCheckpoints()
{
    const QVariant handle = m_db.driver()->handle();
    sqlite3 *db = nullptr;
    if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0)
        db = *static_cast<sqlite3 *const *>(handle.constData());
    auto source = run("SELECT sqlite_source_id()");
    if (!source.ok())
        return source.error();
    const QString driversSqlite = (*source)->next() ? (*source)->value(0).toString() : QString();
    (*source)->finish();
    if (!db || driversSqlite != QLatin1String(sqlite3_sourceid())) {
        auto automatic = run("PRAGMA wal_autocheckpoint=8000");
        return automatic.ok() ? Error{} : automatic.error();
    }
    m_handle = db;
    // Replaces SQLite's automatic checkpoint (which is itself a WAL hook) on this connection.
    sqlite3_wal_hook(m_handle, &SqliteConnection::walHook, this);
    return {};
}

void SqliteConnection::checkpointIfWanted()
{
    // Not before open() counted this connection: the destructor stops the thread only when the
    // last counted connection closes (a migration's write may cross the threshold).
    if (!m_checkpointDue || !m_counted || !m_handle)
        return;
    m_checkpointDue = false;
    std::lock_guard<std::mutex> lock(m_shared->checkpointerMutex);
    if (!m_shared->checkpointer) {
        // The name SQLite itself resolved (absolute), not ours: a chdir cannot misdirect it.
        const char *file = sqlite3_db_filename(m_handle, "main");
        m_shared->checkpointer = std::make_unique<SqliteCheckpointer>(file ? QString::fromUtf8(file) : m_path,
                                                                      &m_shared->writeGate, m_checkpointPages);
    }
    m_shared->checkpointer->request();
}

int SqliteConnection::checkpointsCompleted(const QString &path)
{
    SharedFile &shared = sharedFileFor(path);
    std::lock_guard<std::mutex> lock(shared.checkpointerMutex);
    return shared.checkpointer ? shared.checkpointer->completed() : 0;
}

} // namespace ledger
