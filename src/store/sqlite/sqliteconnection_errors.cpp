// SqliteConnection: what a failure means — SQLite's result codes as LedgerDesk errors that name the
// store and what was being done, and the check before every commit that the store's files are
// still the ones of its name.
#include "store/sqlite/sqliteconnection.h"

#include <ledgerdesk_sqlite.h>

namespace ledger {

Error SqliteConnection::checkFilesInPlace()
{
    // Two calls per batch: stat() of the store's name (is it still our file?), fstat() of the log
    // (was it unlinked?).
    int moved = 0;
    bool logMoved = false;
    sqlite3_file_control(m_db, "main", SQLITE_FCNTL_HAS_MOVED, &moved);
    sqlite3_file *log = nullptr;
    if (!moved && sqlite3_file_control(m_db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) == SQLITE_OK && log && log->pMethods
        && log->pMethods->xFileControl) {
        log->pMethods->xFileControl(log, SQLITE_FCNTL_HAS_MOVED, &moved);
        logMoved = moved != 0;
    }
    if (!moved)
        return {};
    const QString which = logMoved ? m_path + QStringLiteral("-wal") : m_path;
    return makeError(ErrorCode::StoreCorrupt,
                     Message::translate("ledger", "%1 was deleted or replaced while this connection had it open (another program "
                                                  "removed it, or a process took the store for unused): what is written through this "
                                                  "connection would be lost, so nothing is. Close and reopen the store; recovery "
                                                  "finishes what was in flight.")
                         .arg(which));
}

bool SqliteConnection::ofdLocks() const
{
    int ofd = 0;
    sqlite3_file_control(m_db, "main", SQLITE_FCNTL_LEDGERDESK_OFD_LOCKS, &ofd);
    return ofd != 0;
}

Error SqliteConnection::storeError(int resultCode, const QString &sqliteMessage, const QString &context) const
{
    const bool numeric = resultCode != SQLITE_OK;
    const int code = resultCode & 0xFF;
    const QString what = sqliteMessage.trimmed();
    // The callers' contexts stay QStringLiterals (BEGIN and COMMIT are on every write); they are
    // marked for lupdate here and translated only when there is an error to report.
    static const char *const kContexts[] = {
        QT_TRANSLATE_NOOP("ledger", "opening"),
        QT_TRANSLATE_NOOP("ledger", "preparing a statement"),
        QT_TRANSLATE_NOOP("ledger", "running a statement"),
        QT_TRANSLATE_NOOP("ledger", "reading rows"),
        QT_TRANSLATE_NOOP("ledger", "starting a read"),
        QT_TRANSLATE_NOOP("ledger", "starting a write"),
        QT_TRANSLATE_NOOP("ledger", "committing a write"),
        QT_TRANSLATE_NOOP("ledger", "rolling back"),
    };
    Q_UNUSED(kContexts);
    const QByteArray contextSource = context.toUtf8();
    const Message during = Message::translate("ledger", contextSource.constData());
    const Message path(m_path);
    const Message why(what);
    const auto make = [&](ErrorCode c, const Message &message) { return makeError(c, message); };
    if (!numeric)
        return make(ErrorCode::StoreError, Message::translate("ledger", "%1: %2 failed: %3").arg(path, during, why));
    switch (code) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return make(ErrorCode::StoreBusy,
                    Message::translate("ledger", "%1 stayed locked by another process past the busy timeout while %2").arg(path, during));
    case SQLITE_READONLY: return make(ErrorCode::StoreReadOnly, Message::translate("ledger", "%1 is read-only: %2").arg(path, why));
    case SQLITE_CORRUPT: return make(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 is damaged: %2").arg(path, why));
    case SQLITE_NOTADB:
        return make(ErrorCode::StoreNotLedger, Message::translate("ledger", "%1 is not a LedgerDesk store: %2").arg(path, why));
    case SQLITE_FULL:
        return make(ErrorCode::StoreFull,
                    Message::translate("ledger", "%1 is full (disk or size limit) while %2; nothing was written").arg(path, during));
    case SQLITE_CANTOPEN: return make(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 cannot be opened: %2").arg(path, why));
    case SQLITE_IOERR:
        return make(ErrorCode::StoreError, Message::translate("ledger", "%1: disk I/O error while %2: %3").arg(path, during, why));
    default: return make(ErrorCode::StoreError, Message::translate("ledger", "%1: %2 failed: %3").arg(path, during, why));
    }
}

} // namespace ledger
