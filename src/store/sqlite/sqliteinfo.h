#pragma once
// Which SQLite the embedded store runs and how it locks its files: for ledgerctl --version, the
// console's About and status bar (through storeconfig.h), and tests. Also where the process's
// lock kind is chosen, once, before the first store file is opened. Any thread.

#include <QString>

namespace ledger {

struct SqliteBuildInfo {
    QString version;      // "3.54.1": the SQLite compiled into LedgerDesk (third_party/sqlite)
    bool ofdLocks = true; // this process takes open-file-description locks
    QString why;          // when not: why (the kernel refused them, or LEDGERDESK_SQLITE_LOCKS=posix)
};

// Decides the lock kind on first call: open-file-description locks, unless
// $LEDGERDESK_SQLITE_LOCKS is "posix" (tests that show what POSIX locks lose) or the kernel
// refuses them (probed on a temporary file).
SqliteBuildInfo sqliteBuildInfo();
// "SQLite 3.54.1 (built in), open-file-description locks" or "..., POSIX locks (why)".
QString sqliteSummary();

} // namespace ledger
