#pragma once
// What LedgerDesk's change to the vendored SQLite (patch_sqlite.py) adds to its C API.
#include "sqlite3.h"

#ifdef __cplusplus
extern "C" {
#endif

// Whether the unix VFS takes open-file-description locks (1) or POSIX locks (0); `onOff` 1 or 0
// sets it, -1 only asks. Returns the setting before the call. Only before any database is opened.
int sqlite3_ledgerdesk_ofd_locks(int onOff);
// How many lock calls the kernel refused as OFD locks (each was then made as a POSIX lock).
int sqlite3_ledgerdesk_ofd_refusals(void);

#ifdef __cplusplus
}
#endif

// sqlite3_file_control(db, "main", SQLITE_FCNTL_LEDGERDESK_OFD_LOCKS, &int): 1 when that
// database file's locks are open-file-description locks, 0 when they are POSIX locks.
#define SQLITE_FCNTL_LEDGERDESK_OFD_LOCKS 0x4c44
