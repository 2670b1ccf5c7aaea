#pragma once
// Internal to the SQLite store (sqliteconnection*.cpp): what this process's connections to one
// store file share. Threading: the members say which mutex guards them.

#include "store/sqlite/sqliteconnection.h"

#include <QMutex>
#include <memory>
#include <mutex>

namespace ledger {

class SqliteCheckpointer;

struct SqliteConnection::SharedFile {
    // Serialises this process's writers to the file (SQLite's busy wait is unfair between them),
    // and the checkpointer's last pass of each checkpoint.
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
