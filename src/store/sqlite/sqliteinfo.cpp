#include "store/sqlite/sqliteinfo.h"

#include "ledger/message.h"

#include <QTemporaryFile>
#include <ledgerdesk_sqlite.h>
#include <fcntl.h>
#include <mutex>

namespace ledger {

namespace {

// Whether this kernel takes OFD locks, asked of a temporary file (not of a store file: our own
// descriptors stay away from those). A file system that refuses them later is still handled
// per call by the patched VFS (third_party/sqlite/README.md).
bool kernelTakesOfdLocks()
{
#ifdef F_OFD_GETLK
    QTemporaryFile probe;
    if (!probe.open())
        return true; // no verdict; the VFS falls back per call if it must
    struct flock lock = {};
    lock.l_type = F_RDLCK;
    lock.l_whence = SEEK_SET;
    lock.l_len = 1;
    return fcntl(probe.handle(), F_OFD_GETLK, &lock) == 0;
#else
    return false;
#endif
}

SqliteBuildInfo decide()
{
    SqliteBuildInfo info;
    info.version = QString::fromLatin1(sqlite3_libversion());
    if (qEnvironmentVariable("LEDGERDESK_SQLITE_LOCKS").compare(QLatin1String("posix"), Qt::CaseInsensitive) == 0) {
        info.ofdLocks = false;
        info.why = QStringLiteral("LEDGERDESK_SQLITE_LOCKS=posix");
    } else if (!kernelTakesOfdLocks()) {
        info.ofdLocks = false;
        info.why = Message::translate("ledger", "the kernel refuses open-file-description locks").local();
    }
    sqlite3_ledgerdesk_ofd_locks(info.ofdLocks ? 1 : 0);
    return info;
}

} // namespace

SqliteBuildInfo sqliteBuildInfo()
{
    static std::once_flag once;
    static SqliteBuildInfo info;
    std::call_once(once, [] { info = decide(); });
    return info;
}

QString sqliteSummary()
{
    const SqliteBuildInfo info = sqliteBuildInfo();
    const QString locks = info.ofdLocks ? Message::translate("ledger", "open-file-description locks").local()
                                        : Message::translate("ledger", "POSIX locks (%1)").arg(info.why).local();
    return Message::translate("ledger", "SQLite %1 (built in), %2").arg(info.version, locks).local();
}

} // namespace ledger
