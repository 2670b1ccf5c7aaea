#include "sqliteconnection.h"

#include "money.h"
#include "sqlitesharedfile.h"

#include <QAtomicInteger>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDriver>
#include <QSqlError>
#include <cstring>
#include <map>
#include <optional>

namespace ledger {

namespace {

// SQLite primary result codes, as Qt's QSQLITE driver reports them in nativeErrorCode().
enum SqliteCode {
    kBusy = 5,
    kLocked = 6,
    kReadOnly = 8,
    kIoErr = 10,
    kCorrupt = 11,
    kFull = 13,
    kCantOpen = 14,
    kNotADb = 26,
};

} // namespace

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

// QSQLITE binds a null QString as SQL NULL; our text columns are NOT NULL with '' meaning
// "none". A deliberate NULL is passed as a null QVariant (see sqliterows::nullIfEmpty).
QVariant bindable(const QVariant &value)
{
    if (!value.isNull() && value.metaType() == QMetaType::fromType<QString>() && value.toString().isNull())
        return QVariant(QString(QLatin1String("")));
    return value;
}

QString nextConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("ledger-sqlite-%1").arg(counter.fetchAndAddRelaxed(1));
}

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
                     Message::translate("ledger", "the write-ahead log of %1 (%1-wal) is missing, but its index (%1-shm) says it held %2 committed "
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
            return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "cannot create the directory %1").arg(dir.absoluteFilePath()));
        if (!QFileInfo(dir.absoluteFilePath()).isWritable() || !hasWriteBits(QFileInfo(dir.absoluteFilePath())))
            return makeError(ErrorCode::StoreReadOnly, Message::translate("ledger", "cannot create %1: the directory is read-only").arg(path));
        // Create the file exclusively (O_EXCL), so that of two inits racing exactly one owns the
        // new file, and only the owner ever removes it again on failure.
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
            if (QFileInfo::exists(path))
                return makeError(ErrorCode::StoreExists, Message::translate("ledger", "%1 already exists; refusing to overwrite it").arg(path));
            return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "cannot create %1: %2").arg(path, file.errorString()));
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
        return makeError(ErrorCode::StoreReadOnly,
                         Message::translate("ledger", "the directory of %1 is read-only; SQLite needs it for the write-ahead log").arg(path));

    if (!mayOpenFile)
        return {};
    // Look at the header ourselves so that a foreign file is refused before SQLite touches it.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 cannot be opened: %2").arg(path, file.errorString()));
    const QByteArray header = file.read(16);
    if (header.isEmpty())
        return makeError(ErrorCode::StoreNotLedger, Message::translate("ledger", "%1 is an empty file, not a LedgerDesk store").arg(path));
    if (header != QByteArray("SQLite format 3\0", 16))
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "%1 is not a LedgerDesk store (it is not an SQLite database)").arg(path));
    return checkWalNotLost(path);
}

} // namespace

SqliteConnection::SqliteConnection(const QString &path, const QString &connectionName)
    : m_path(path), m_connectionName(connectionName)
{
}

SqliteConnection::~SqliteConnection()
{
    std::optional<QMutexLocker<QMutex>> openClose;
    if (m_counted)
        openClose.emplace(&m_shared->openClose);
    m_prepared.clear();
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
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

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open(const QString &path, Mode mode,
                                                                 const SqliteOptions &options, int scaleForCreate)
{
    if (path.isEmpty())
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "the store path is empty"));
    SharedFile &shared = sharedFileFor(path);
    QMutexLocker openClose(&shared.openClose);
    if (Error e = checkFileBeforeOpen(path, mode, shared.connections == 0); !e.ok())
        return e;
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "Qt's SQLite driver (QSQLITE) is not installed; install libqt6sql6-sqlite"));

    std::unique_ptr<SqliteConnection> conn(new SqliteConnection(path, nextConnectionName()));
    conn->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), conn->m_connectionName);
    conn->m_db.setDatabaseName(path);
    conn->m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(qMax(0, options.busyTimeoutMs)));
    if (!conn->m_db.open()) {
        const Error e = conn->storeError(conn->m_db.lastError(), QStringLiteral("opening"));
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
    // Counted only now: a connection that failed above is closed while `openClose` is held.
    conn->m_counted = true;
    ++shared.connections;
    return conn;
}

Error SqliteConnection::checkAndMigrate(Mode mode, int scaleForCreate)
{
    auto appId = run("PRAGMA application_id");
    if (!appId.ok()) {
        // NOTADB here means the header looked right but the file is not usable: damaged.
        Error e = appId.error();
        if (e.code == ErrorCode::StoreNotLedger)
            e = makeError(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 is damaged: %2").arg(Message(m_path), e.text()));
        return e;
    }
    const qint64 applicationId = (*appId)->next() ? (*appId)->value(0).toLongLong() : 0;
    (*appId)->finish();
    auto userVersion = run("PRAGMA user_version");
    if (!userVersion.ok())
        return userVersion.error();
    const int version = (*userVersion)->next() ? (*userVersion)->value(0).toInt() : 0;
    (*userVersion)->finish();

    if (mode == Mode::OpenExisting) {
        if (applicationId != kApplicationId)
            return makeError(ErrorCode::StoreNotLedger,
                             Message::translate("ledger", "%1 is an SQLite database of another application, not a LedgerDesk store").arg(m_path));
        if (version > kSchemaVersion)
            return makeError(ErrorCode::StoreTooNew,
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
    auto wal = run("PRAGMA journal_mode=WAL");
    if (!wal.ok())
        return wal.error();
    const QString journalMode = (*wal)->next() ? (*wal)->value(0).toString() : QString();
    (*wal)->finish();
    if (journalMode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "%1 cannot use write-ahead logging here (journal mode stays \"%2\"); "
                                        "put the store on a local file system").arg(m_path, journalMode));
    // FULL for the files of a sharded store: a power loss must not roll one shard back behind
    // the others (a done transfer whose credit shard forgot the post).
    if (auto sync = m_durability == Durability::Full ? run("PRAGMA synchronous=FULL") : run("PRAGMA synchronous=NORMAL"); !sync.ok())
        return sync.error();
    // A checkpoint copies the log back into the file with two syncs, inside the commit that
    // crossed the threshold. Every 8,000 pages (a 32 MB log) rather than SQLite's 1,000: the hot
    // pages (accounts, index roots) are copied once per checkpoint instead of eight times.
    // It must stay inside the commit, under this process's write gate: SQLite up to 3.51.2
    // (Debian 12 ships 3.40.1) has the "WAL-reset bug", where a checkpoint that starts while a
    // writer on another connection starts the log over can make later checkpoints skip frames of
    // committed transactions. A checkpointer thread that copied beside the writers met it
    // (tst_interleavings once found a committed insert gone; DESIGN.md, section 4).
    if (auto cp = runDynamic(QStringLiteral("PRAGMA wal_autocheckpoint=%1").arg(m_checkpointPages), {}); !cp.ok())
        return cp.error();

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

    auto scale = run("SELECT value FROM meta WHERE key = 'scale'");
    if (!scale.ok())
        return scale.error();
    bool ok = false;
    m_scale = (*scale)->next() ? (*scale)->value(0).toInt(&ok) : -1;
    (*scale)->finish();
    if (!ok || !money::isValidScale(m_scale))
        return makeError(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 has no valid scale in its meta table").arg(m_path));
    return {};
}

Result<QSqlQuery *> SqliteConnection::prepared(const char *sql)
{
    auto it = m_prepared.find(sql);
    if (it == m_prepared.end()) {
        auto prepared = std::make_unique<QSqlQuery>(m_db);
        prepared->setForwardOnly(true);
        if (!prepared->prepare(QString::fromLatin1(sql)))
            return storeError(prepared->lastError(), QStringLiteral("preparing a statement"));
        it = m_prepared.emplace(sql, std::move(prepared)).first;
    }
    return it->second.get();
}

Result<QSqlQuery *> SqliteConnection::run(const char *sql, const QVariantList &binds)
{
    auto found = prepared(sql);
    if (!found.ok())
        return found;
    QSqlQuery &query = **found;
    for (int i = 0; i < binds.size(); ++i)
        query.bindValue(i, bindable(binds.at(i)));
    if (!query.exec()) {
        const Error e = storeError(query.lastError(), QStringLiteral("running a statement"));
        query.finish();
        return e;
    }
    return &query;
}

Result<std::unique_ptr<QSqlQuery>> SqliteConnection::runDynamic(const QString &sql, const QVariantList &binds)
{
    auto query = std::make_unique<QSqlQuery>(m_db);
    query->setForwardOnly(true);
    if (!query->prepare(sql))
        return storeError(query->lastError(), QStringLiteral("preparing a statement"));
    for (int i = 0; i < binds.size(); ++i)
        query->bindValue(i, bindable(binds.at(i)));
    if (!query->exec())
        return storeError(query->lastError(), QStringLiteral("running a statement"));
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

Error SqliteConnection::endOfRows(const QSqlQuery &query) const
{
    if (query.lastError().type() != QSqlError::NoError)
        return storeError(query.lastError(), QStringLiteral("reading rows"));
    return {};
}

Error SqliteConnection::readSnapshot(const std::function<Error()> &work)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("BEGIN DEFERRED")))
        return storeError(q.lastError(), QStringLiteral("starting a read"));
    // A deferred transaction takes its snapshot at its first read: take it now.
    if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM meta"))) {
        const Error e = storeError(q.lastError(), QStringLiteral("starting a read"));
        rollback();
        return e;
    }
    q.finish();
    const Error e = work();
    if (!e.ok()) {
        rollback();
        return e;
    }
    return commit();
}

Error SqliteConnection::runControl(const char *sql, const QString &context)
{
    // Prepared once like every other statement: parsing BEGIN and COMMIT anew cost more than a
    // small write itself.
    auto q = prepared(sql);
    if (!q.ok())
        return q.error();
    const bool ok = (*q)->exec();
    const Error e = ok ? Error{} : storeError((*q)->lastError(), context);
    (*q)->finish();
    return e;
}

Error SqliteConnection::begin() { return runControl("BEGIN IMMEDIATE", QStringLiteral("starting a write")); }

void SqliteConnection::rollback()
{
    for (auto &entry : m_prepared)
        entry.second->finish();
    QSqlQuery q(m_db);
    q.exec(QStringLiteral("ROLLBACK"));
}

Error SqliteConnection::commit()
{
    for (auto &entry : m_prepared)
        entry.second->finish();
    return runControl("COMMIT", QStringLiteral("committing a write"));
}

Error SqliteConnection::storeError(const QSqlError &error, const QString &context) const
{
    bool numeric = false;
    const int code = error.nativeErrorCode().toInt(&numeric) & 0xFF;
    const QString what = error.text().trimmed();
    // The callers' contexts stay QStringLiterals (BEGIN and COMMIT are on every write); they are
    // marked for lupdate here and translated only when there is an error to report.
    static const char *const kContexts[] = {
        QT_TRANSLATE_NOOP("ledger", "opening"),           QT_TRANSLATE_NOOP("ledger", "preparing a statement"),
        QT_TRANSLATE_NOOP("ledger", "running a statement"), QT_TRANSLATE_NOOP("ledger", "reading rows"),
        QT_TRANSLATE_NOOP("ledger", "starting a read"),   QT_TRANSLATE_NOOP("ledger", "starting a write"),
        QT_TRANSLATE_NOOP("ledger", "committing a write"),
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
    case kBusy:
    case kLocked:
        return make(ErrorCode::StoreBusy,
                    Message::translate("ledger", "%1 stayed locked by another process past the busy timeout while %2").arg(path, during));
    case kReadOnly:
        return make(ErrorCode::StoreReadOnly, Message::translate("ledger", "%1 is read-only: %2").arg(path, why));
    case kCorrupt:
        return make(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 is damaged: %2").arg(path, why));
    case kNotADb:
        return make(ErrorCode::StoreNotLedger, Message::translate("ledger", "%1 is not a LedgerDesk store: %2").arg(path, why));
    case kFull:
        return make(ErrorCode::StoreFull, Message::translate("ledger", "%1 is full (disk or size limit) while %2; nothing was written").arg(path, during));
    case kCantOpen:
        return make(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 cannot be opened: %2").arg(path, why));
    case kIoErr:
        return make(ErrorCode::StoreError, Message::translate("ledger", "%1: disk I/O error while %2: %3").arg(path, during, why));
    default:
        return make(ErrorCode::StoreError, Message::translate("ledger", "%1: %2 failed: %3").arg(path, during, why));
    }
}

} // namespace ledger
