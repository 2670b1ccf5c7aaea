#pragma once
// Internal to the SQLite store (sqliteconnection*.cpp): what this process's connections to one
// store file share. Threading: the members say which mutex guards them.

#include "store/sqlite/sqliteconnection.h"
#include "store/writebatchqueue.h"

#include <QMutex>
#include <memory>
#include <mutex>

namespace ledger {

class SqliteCheckpointer;

struct SqliteConnection::SharedFile {
    // The writes waiting for a batch, first come first served (sqliteconnection_batch.cpp).
    WriteBatchQueue queue;
    // Every batch runs on this one connection, whichever thread runs it: its page cache then stays
    // warm (SQLite drops a connection's whole cache when another connection wrote the file, so
    // batches on each runner's own connection re-read their pages). Opened with the process's
    // first connection to the file, closed before its last (guarded by openClose); used by the
    // thread running a batch only.
    std::unique_ptr<SqliteConnection> writer;
    // Held by the batch running (BEGIN … COMMIT) and by the checkpointer's last pass of each
    // checkpoint.
    QMutex writeGate;
    // Held while a connection opens or closes. The built-in SQLite takes open-file-description
    // locks, which no other descriptor's close can drop; where the kernel refuses them (POSIX
    // locks), closing any descriptor of the file drops all of the process's locks on it, and
    // another process may then take the log for unused and checkpoint or delete it under our
    // readers. So the header is still read by hand only while no connection is open.
    QMutex openClose;
    int connections = 0; // guarded by openClose
    // Started by the first checkpoint due, stopped before the process's last connection to the
    // file closes (see ~SqliteConnection). Guarded by checkpointerMutex.
    std::mutex checkpointerMutex;
    std::unique_ptr<SqliteCheckpointer> checkpointer;
    int checkpointsOfStoppedCheckpointers = 0; // guarded by checkpointerMutex
};

// The one SharedFile of the file at `path` (any spelling of it), made on first use. Any thread.
SqliteConnection::SharedFile &sharedFileFor(const QString &path);

} // namespace ledger
