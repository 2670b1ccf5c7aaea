#include "store/sqlite/sqliteconnection.h"

#include "ledger/money.h"
#include "store/sqlite/sqlitecheckpointer.h"
#include "store/sqlite/sqliteinfo.h"
#include "store/sqlite/sqlitesharedfile.h"

#include <algorithm>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cstring>
#include <ledgerdesk_sqlite.h>
#include <map>
#include <optional>
#include <sys/stat.h>

namespace ledger {

// One SharedFile per file, named by its directory's canonical path (a file about to be created
// has none of its own yet) and its name; kept for the life of the process — and never destroyed:
// at exit, a connection someone leaked (or a worker still waiting on a gate) must not find
// its gate destroyed under it.
SqliteConnection::SharedFile &sharedFileFor(const QString &path)
{
    static QMutex mapMutex;
    static auto *files = new std::map<QString, std::unique_ptr<SqliteConnection::SharedFile>>;
    const QFileInfo info(path);
    QString dir = QFileInfo(info.absolutePath()).canonicalFilePath();
    if (dir.isEmpty())
        dir = info.absolutePath();
    const QString key = dir + QLatin1Char('/') + info.fileName();
    QMutexLocker lock(&mapMutex);
    auto &file = (*files)[key];
    if (!file)
        file = std::make_unique<SqliteConnection::SharedFile>();
    return *file;
}

namespace {

bool hasWriteBits(const QFileInfo &info)
{
    // The mode bits rather than access(2): root may write anything, but a store someone made
    // read-only on purpose should be treated as read-only whoever opens it. (Not WriteUser: Qt
    // computes that one with access(2), so it is always set for root.)
    return info.permissions() & (QFileDevice::WriteOwner | QFileDevice::WriteGroup | QFileDevice::WriteOther);
}

// A write-ahead log deleted after a crash (or by hand while the store was in use): SQLite would
// open the main file as of its last checkpoint and silently forget every write committed since,
// done transfers included. The log's index (-shm) outlives it and still says how many committed
// frames the log held (mxFrame) and how many of them were copied back (nBackfill): WAL-index
// header, two 48-byte copies, then the checkpoint info (sqlite/src/wal.c; native byte order).
Error checkWalNotLost(const QString &path)
{
    const QString shmPath = path + QStringLiteral("-shm");
    if (!QFileInfo::exists(shmPath) || QFileInfo::exists(path + QStringLiteral("-wal")))
        return {};
    QFile shm(shmPath);
    if (!shm.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = shm.read(100);
    if (head.size() < 100)
        return {};
    const auto u32At = [&](int offset) {
        quint32 v = 0;
        std::memcpy(&v, head.constData() + offset, sizeof v);
        return v;
    };
    const bool initialised = head.at(12) != 0;
    const bool copiesAgree = head.left(48) == head.mid(48, 48);
    const quint32 mxFrame = u32At(16);
    const quint32 nBackfill = u32At(96);
    if (!initialised || !copiesAgree || mxFrame <= nBackfill)
        return {};
    return makeError(ErrorCode::StoreCorrupt,
                     Message::translate("ledger",
                                        "the write-ahead log of %1 (%1-wal) is missing, but its index (%1-shm) says it held %2 committed "
                                        "page writes that are not in %1 yet: opening it now would silently lose the last writes. Put the "
                                        "-wal file back and open the store again. (Only to accept losing them: delete %1-shm as well; "
                                        "the store then opens as it was before those writes, and recovery finishes what was in flight.)")
                         .arg(path)
                         .arg(mxFrame - nBackfill));
}

// `mayOpenFile`: false while this process has the store open (see SharedFile): then the checks
// that read the file itself were made when it was first opened, and are skipped.
Error checkFileBeforeOpen(const QString &path, SqliteConnection::Mode mode, bool mayOpenFile)
{
    const QFileInfo info(path);
    const QFileInfo dir(info.absolutePath());
    if (mode == SqliteConnection::Mode::Create) {
        if (info.exists() || info.isSymLink())
            return makeError(ErrorCode::StoreExists, Message::translate("ledger", "%1 already exists; refusing to overwrite it").arg(path));
        if (!dir.exists() && !QDir().mkpath(dir.absoluteFilePath()))
            return makeError(ErrorCode::StoreUnavailable,
                             Message::translate("ledger", "cannot create the directory %1").arg(dir.absoluteFilePath()));
        if (!QFileInfo(dir.absoluteFilePath()).isWritable() || !hasWriteBits(QFileInfo(dir.absoluteFilePath())))
            return makeError(ErrorCode::StoreReadOnly,
                             Message::translate("ledger", "cannot create %1: the directory is read-only").arg(path));
        // Create the file exclusively (O_EXCL), so that of two inits racing exactly one owns the
        // new file, and only the owner ever removes it again on failure.
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
            if (QFileInfo::exists(path))
                return makeError(ErrorCode::StoreExists,
                                 Message::translate("ledger", "%1 already exists; refusing to overwrite it").arg(path));
            return makeError(ErrorCode::StoreUnavailable,
                             Message::translate("ledger", "cannot create %1: %2").arg(path, file.errorString()));
        }
        return {};
    }
    if (!info.exists())
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "no store at %1; create one with 'ledgerctl init' or 'ledgerctl demo'").arg(path));
    if (info.isDir())
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 is a directory, not a store file").arg(path));
    if (!info.isReadable())
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 cannot be read (permission denied)").arg(path));
    if (!info.isWritable() || !hasWriteBits(info))
        return makeError(ErrorCode::StoreReadOnly,
                         Message::translate("ledger", "%1 is read-only; LedgerDesk needs write access to its store").arg(path));
    if (!dir.isWritable() || !hasWriteBits(dir))
        return makeError(
            ErrorCode::StoreReadOnly,
            Message::translate("ledger", "the directory of %1 is read-only; SQLite needs it for the write-ahead log").arg(path));

    if (!mayOpenFile)
        return {};
    // Look at the header ourselves so that a foreign file is refused before SQLite touches it.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "%1 cannot be opened: %2").arg(path, file.errorString()));
    const QByteArray header = file.read(16);
    if (header.isEmpty())
        return makeError(ErrorCode::StoreNotLedger, Message::translate("ledger", "%1 is an empty file, not a LedgerDesk store").arg(path));
    if (header != QByteArray("SQLite format 3\0", 16)) {
        // Say what it looks like: an export or a report opened by mistake is the common case, but
        // only a file named as an export is asked about as one (notes.db is no export).
        const QString suffix = QFileInfo(path).suffix().toLower();
        const bool exportName = suffix == QLatin1String("csv") || suffix == QLatin1String("json");
        const QByteArray start = header.trimmed();
        if (start.startsWith('[') || start.startsWith('{'))
            return makeError(ErrorCode::StoreNotLedger,
                             (exportName
                                  ? Message::translate("ledger", "%1 is a JSON file, not a LedgerDesk store (an export? a store is a .db "
                                                                 "file, or the topology .json of a sharded store)")
                                  : Message::translate("ledger", "%1 is a JSON file, not a LedgerDesk store (a store is an "
                                                                 "SQLite database)"))
                                 .arg(path));
        if (std::all_of(header.cbegin(), header.cend(),
                        [](char c) { return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t'; }))
            return makeError(
                ErrorCode::StoreNotLedger,
                (exportName ? Message::translate("ledger", "%1 is a text file, not a LedgerDesk store (an export? a store is a .db file)")
                            : Message::translate("ledger", "%1 is a text file, not a LedgerDesk store (a store is an SQLite database)"))
                    .arg(path));
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "%1 is not a LedgerDesk store (it is not an SQLite database)").arg(path));
    }
    return checkWalNotLost(path);
}

} // namespace

SqliteConnection::SqliteConnection(const QString &path)
    : m_path(path)
{}

SqliteConnection::~SqliteConnection()
{
    std::optional<QMutexLocker<QMutex>> openClose;
    if (m_counted)
        openClose.emplace(&m_shared->openClose);
    if (m_counted && m_shared->connections == 1) {
        stopCheckpointer(*m_shared);
        m_shared->writer.reset(); // not counted: its destructor takes no lock
    }
    m_prepared.clear(); // finalizes them: a connection with statements left would not close
    if (sqlite3_close(m_db) != SQLITE_OK) {
        qWarning("LedgerDesk: %s did not close: %s", qPrintable(m_path), sqlite3_errmsg(m_db));
        sqlite3_close_v2(m_db); // closes once the statement someone still holds is finalized
        return;                 // and until then the file counts as open (SharedFile)
    }
    if (m_counted)
        --m_shared->connections;
}

QMutex *SqliteConnection::writeGate()
{
    Q_ASSERT(m_shared);
    return &m_shared->writeGate;
}

bool SqliteConnection::peekUnlessOpen(const QString &path, const std::function<void()> &peek)
{
    SharedFile &shared = sharedFileFor(path);
    QMutexLocker openClose(&shared.openClose);
    if (shared.connections > 0)
        return false;
    peek();
    return true;
}

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open(const QString &path, Mode mode, const SqliteOptions &options,
                                                                 int scaleForCreate)
{
    if (path.isEmpty())
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "the store path is empty"));
    SharedFile &shared = sharedFileFor(path);
    QMutexLocker openClose(&shared.openClose);
    if (Error e = checkFileBeforeOpen(path, mode, shared.connections == 0); !e.ok())
        return e;
    sqliteBuildInfo(); // the lock kind is chosen before the first file is opened

    std::unique_ptr<SqliteConnection> conn(new SqliteConnection(path));
    // Read-write, never create: checkFileBeforeOpen made a new store's file.
    if (const Error e = conn->openHandle(SQLITE_OPEN_READWRITE, options.busyTimeoutMs); !e.ok()) {
        if (mode == Mode::Create) {
            conn.reset();
            QFile::remove(path);
        }
        return e;
    }
    conn->m_shared = &shared; // the write gate, for migrations
    conn->m_durability = options.durability;
    conn->m_shard = options.shard;
    conn->m_checkpointPages = qMax(1, options.checkpointPages);

    const Error e = conn->checkAndMigrate(mode, scaleForCreate);
    if (!e.ok()) {
        if (mode == Mode::Create) {
            conn.reset();
            for (const char *suffix : {"", "-wal", "-shm", "-journal"})
                QFile::remove(path + QLatin1String(suffix));
        }
        return e;
    }
    conn->m_fileId = fileIdentity(path);
    if (!shared.writer) {
        auto writer = openWriter(path, options, shared);
        if (!writer.ok()) {
            if (mode == Mode::Create) {
                conn.reset();
                for (const char *suffix : {"", "-wal", "-shm", "-journal"})
                    QFile::remove(path + QLatin1String(suffix));
            }
            return writer.error();
        }
        shared.writer = std::move(writer).value();
    }
    // Counted only now: a connection that failed above is closed while `openClose` is held.
    conn->m_counted = true;
    ++shared.connections;
    return conn;
}

SqliteConnection::FileId SqliteConnection::fileIdentity(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    return FileId{quint64(st.st_dev), quint64(st.st_ino)};
}

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::openWriter(const QString &path, const SqliteOptions &options,
                                                                       SharedFile &shared)
{
    std::unique_ptr<SqliteConnection> conn(new SqliteConnection(path));
    if (Error e = conn->openHandle(SQLITE_OPEN_READWRITE, options.busyTimeoutMs); !e.ok())
        return e;
    conn->m_shared = &shared;
    conn->m_durability = options.durability;
    conn->m_shard = options.shard;
    conn->m_checkpointPages = qMax(1, options.checkpointPages);
    conn->m_isWriter = true;
    conn->m_fileId = fileIdentity(path);
    const char *file = sqlite3_db_filename(conn->m_db, "main");
    conn->m_resolvedName = file ? QByteArray(file) : QFile::encodeName(path);
    // The store was checked and migrated by the connection being opened; the writer only needs
    // the settings that are per connection.
    if (auto sync = conn->m_durability == Durability::Full ? conn->run("PRAGMA synchronous=FULL") : conn->run("PRAGMA synchronous=NORMAL");
        !sync.ok())
        return sync.error();
    sqlite3_wal_hook(conn->m_db, &SqliteConnection::walHook, conn.get());
    return conn;
}

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::openRaw(const QString &path, RawAccess access)
{
    sqliteBuildInfo();
    std::unique_ptr<SqliteConnection> conn(new SqliteConnection(path));
    // Read-write creates a missing file (tests make foreign SQLite files with it).
    if (Error e = conn->openHandle(access == RawAccess::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, 5000);
        !e.ok())
        return e;
    return conn;
}

Error SqliteConnection::openHandle(int flags, int busyTimeoutMs)
{
    // No mutex per call (one connection per thread); extended result codes, so that errors say
    // exactly what failed. A handle that failed to open is still closed by the destructor.
    const int rc =
        sqlite3_open_v2(QFile::encodeName(m_path).constData(), &m_db, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nullptr);
    if (rc != SQLITE_OK)
        return storeError(rc, m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QString(), QStringLiteral("opening"));
    m_busyTimeoutMs = qMax(0, busyTimeoutMs);
    sqlite3_busy_handler(m_db, &SqliteConnection::busyHandler, this);
    return {};
}

Error SqliteConnection::checkAndMigrate(Mode mode, int scaleForCreate)
{
    const auto integer = [](const SqliteStatement &q) { return q.int64(0); };
    auto appId = firstRow(run("PRAGMA application_id"), integer);
    if (!appId.ok()) {
        // NOTADB here means the header looked right but the file is not usable: damaged.
        Error e = appId.error();
        if (e.code == ErrorCode::StoreNotLedger)
            e = makeError(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 is damaged: %2").arg(Message(m_path), e.text()));
        return e;
    }
    const qint64 applicationId = appId->value_or(0);
    auto userVersion = firstRow(run("PRAGMA user_version"), integer);
    if (!userVersion.ok())
        return userVersion.error();
    const int version = int(userVersion->value_or(0));

    if (mode == Mode::OpenExisting) {
        if (applicationId != kApplicationId)
            return makeError(
                ErrorCode::StoreNotLedger,
                Message::translate("ledger", "%1 is an SQLite database of another application, not a LedgerDesk store").arg(m_path));
        if (version > kSchemaVersion)
            return makeError(
                ErrorCode::StoreTooNew,
                Message::translate("ledger", "%1 has schema version %2; this LedgerDesk reads up to version %3; upgrade LedgerDesk")
                    .arg(m_path)
                    .arg(version)
                    .arg(kSchemaVersion));
        if (version < 1)
            return makeError(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 has no schema (an interrupted init?)").arg(m_path));
    }

    // WAL lets readers (the console's pages) run beside the single writer. NORMAL is durable
    // against a process crash; a power loss may drop the last commits, which for a single-file
    // store is the same as an earlier crash.
    auto wal = firstRow(run("PRAGMA journal_mode=WAL"), [](const SqliteStatement &q) { return q.text(0); });
    if (!wal.ok())
        return wal.error();
    const QString journalMode = wal->value_or(QString());
    if (journalMode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "%1 cannot use write-ahead logging here (journal mode stays \"%2\"); "
                                                      "put the store on a local file system")
                             .arg(m_path, journalMode));
    // FULL for the files of a sharded store: a power loss must not roll one shard back behind
    // the others (a done transfer whose credit shard forgot the post).
    if (auto sync = m_durability == Durability::Full ? run("PRAGMA synchronous=FULL") : run("PRAGMA synchronous=NORMAL"); !sync.ok())
        return sync.error();
    // Checkpoints: see walHook and checkpointIfWanted (sqliteconnection_checkpoints.cpp).
    sqlite3_wal_hook(m_db, &SqliteConnection::walHook, this);

    // Before any migration: a shard met alone, or a file in the wrong place, is not touched.
    if (mode == Mode::OpenExisting) {
        if (Error e = checkShardIdentity(); !e.ok())
            return e;
    }

    if (mode == Mode::Create || version < kSchemaVersion) {
        const Error e = createSchema(mode == Mode::Create ? 0 : version, scaleForCreate);
        if (!e.ok())
            return e;
    }

    auto scale = firstRow(run("SELECT value FROM meta WHERE key = 'scale'"), [](const SqliteStatement &q) { return q.text(0); });
    if (!scale.ok())
        return scale.error();
    bool ok = false;
    m_scale = scale->has_value() ? (*scale)->toInt(&ok) : -1;
    if (!ok || !money::isValidScale(m_scale))
        return makeError(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 has no valid scale in its meta table").arg(m_path));
    return {};
}

Result<SqliteStatement *> SqliteConnection::prepared(const char *sql)
{
    auto it = m_prepared.find(sql);
    if (it == m_prepared.end()) {
        sqlite3_stmt *statement = nullptr;
        const int rc = sqlite3_prepare_v3(m_db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
        if (rc != SQLITE_OK)
            return storeError(rc, QString::fromUtf8(sqlite3_errmsg(m_db)), QStringLiteral("preparing a statement"));
        it = m_prepared.emplace(sql, std::make_unique<SqliteStatement>(m_db, statement)).first;
    }
    return it->second.get();
}

Result<std::unique_ptr<SqliteStatement>> SqliteConnection::prepareDynamic(const QString &sql)
{
    const QByteArray utf8 = sql.toUtf8();
    sqlite3_stmt *statement = nullptr;
    const char *tail = nullptr;
    const int rc = sqlite3_prepare_v2(m_db, utf8.constData(), int(utf8.size()), &statement, &tail);
    if (rc != SQLITE_OK)
        return storeError(rc, QString::fromUtf8(sqlite3_errmsg(m_db)), QStringLiteral("preparing a statement"));
    // One statement, as Qt SQL required: SQLite would prepare the first and ignore the rest.
    const bool more = tail && !QByteArray(tail).trimmed().isEmpty();
    if (!statement || more) {
        sqlite3_finalize(statement);
        return storeError(SQLITE_MISUSE, statement ? QStringLiteral("more than one statement") : QStringLiteral("no statement"),
                          QStringLiteral("preparing a statement"));
    }
    return std::make_unique<SqliteStatement>(m_db, statement);
}

Result<SqliteStatement *> SqliteConnection::run(const char *sql, std::initializer_list<SqlArg> binds)
{
    for (const SqlArg &arg : binds)
        m_boundBytes += arg.approximateBytes();
    auto found = prepared(sql);
    if (!found.ok())
        return found;
    SqliteStatement &query = **found;
    if (const int rc = query.start(binds); rc != SQLITE_OK)
        return storeError(rc, query.errorMessage(), QStringLiteral("running a statement"));
    return &query;
}

Result<std::unique_ptr<SqliteStatement>> SqliteConnection::runDynamic(const QString &sql, std::initializer_list<SqlArg> binds)
{
    return runDynamic(sql, binds.begin(), binds.end());
}

Result<std::unique_ptr<SqliteStatement>> SqliteConnection::runDynamic(const QString &sql, const QList<SqlArg> &binds)
{
    return runDynamic(sql, binds.constData(), binds.constData() + binds.size());
}

Result<std::unique_ptr<SqliteStatement>> SqliteConnection::runDynamic(const QString &sql, const SqlArg *first, const SqlArg *last)
{
    for (const SqlArg *arg = first; arg != last; ++arg)
        m_boundBytes += arg->approximateBytes();
    auto query = prepareDynamic(sql);
    if (!query.ok())
        return query;
    if (const int rc = (*query)->start(first, last); rc != SQLITE_OK)
        return storeError(rc, (*query)->errorMessage(), QStringLiteral("running a statement"));
    return query;
}

Result<SqliteConnection::Clock> SqliteConnection::clock(qint64 offsetMs)
{
    // SQLite's 'now' is this machine's clock as its VFS reads it (an embedded store has no other
    // clock), so reading it here is the same clock — without a statement in every write. The
    // text is exactly strftime('%Y-%m-%dT%H:%M:%fZ'), which the queries compare against.
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    return Clock{formatTimestampMs(nowMs), formatTimestampMs(nowMs + offsetMs)};
}

Error SqliteConnection::endOfRows(const SqliteStatement &query) const
{
    if (query.failed())
        return storeError(query.resultCode(), query.errorMessage(), QStringLiteral("reading rows"));
    return {};
}

Error SqliteConnection::readSnapshot(const std::function<Error()> &work)
{
    if (Error e = runControl("BEGIN DEFERRED", QStringLiteral("starting a read")); !e.ok())
        return e;
    // A deferred transaction takes its snapshot at its first read: take it now.
    if (Error e = runControl("SELECT COUNT(*) FROM meta", QStringLiteral("starting a read")); !e.ok()) {
        rollback();
        return e;
    }
    const Error e = work();
    if (!e.ok()) {
        rollback();
        return e;
    }
    if (Error c = commit(); !c.ok()) {
        rollback(); // a read left open would make every later write fail
        return c;
    }
    return {};
}

Error SqliteConnection::runControl(const char *sql, const QString &context)
{
    // Prepared once like every other statement: parsing BEGIN and COMMIT anew cost more than a
    // small write itself.
    auto q = prepared(sql);
    if (!q.ok())
        return q.error();
    const int rc = (*q)->start({});
    const Error e = rc == SQLITE_OK ? Error{} : storeError(rc, (*q)->errorMessage(), context);
    (*q)->finish();
    return e;
}

Error SqliteConnection::begin() { return runControl("BEGIN IMMEDIATE", QStringLiteral("starting a write")); }

void SqliteConnection::rollback()
{
    finishStatements();
    // Only when a transaction is open: a failed COMMIT may already have ended it.
    if (!sqlite3_get_autocommit(m_db)) {
        // The failure that led here is the caller's answer; a ROLLBACK that fails too (the file
        // gone bad under us) is said, since the next BEGIN will meet it.
        if (Error e = runControl("ROLLBACK", QStringLiteral("rolling back")); !e.ok())
            qWarning("%s", qPrintable(e.toString()));
    }
}

Error SqliteConnection::commit()
{
    finishStatements();
    return runControl("COMMIT", QStringLiteral("committing a write"));
}

} // namespace ledger
