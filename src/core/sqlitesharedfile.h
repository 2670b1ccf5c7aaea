#pragma once
// Internal to the SQLite store (sqliteconnection*.cpp): what this process's connections to one
// store file share. Threading: the members say which mutex guards them.

#include "sqliteconnection.h"

#include <QMutex>

namespace ledger {

struct SqliteConnection::SharedFile {
    // Serialises this process's writers to the file (SQLite's busy wait is unfair between them),
    // and so its checkpoints, which run inside commits (see SqliteConnection::checkAndMigrate).
    QMutex writeGate;
    // Held while a connection opens or closes. While any connection of this process is open,
    // nothing here may open and close the file or its -shm with a descriptor of its own: closing
    // any descriptor of a file drops all of the process's POSIX locks on it, SQLite's included,
    // and another process may then take the log for unused and checkpoint or delete it under our
    // readers ("database disk image is malformed": found by the kill soak).
    QMutex openClose;
    int connections = 0; // guarded by openClose
};

// The one SharedFile of the file at `path` (any spelling of it), made on first use. Any thread.
SqliteConnection::SharedFile &sharedFileFor(const QString &path);

} // namespace ledger
