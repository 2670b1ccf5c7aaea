#include "testsupport.h"

#include "store/dynamodb/dynamostore.h"
#include "store/postgres/pgstore.h"
#include "store/sharded/shardedstore.h"
#include "store/location.h"
#include "store/postgres/pguri.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QRandomGenerator>
#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QUrl>
#include <QUrlQuery>
#include <sys/stat.h>

namespace ledger::test {

namespace {
// A line of a file of the test cluster's folder (scripts/pg-cluster.sh writes socketdir and port).
QString clusterFile(const QString &cluster, const char *name)
{
    QFile file(cluster + QLatin1Char('/') + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("%s has no file %s: is the cluster running (ctest's pgcluster_start, scripts/pg-cluster.sh start)?", qPrintable(cluster),
               name);
    return QString::fromUtf8(file.readAll()).trimmed();
}
} // namespace

QString postgresTestUri()
{
    // Read once: the cluster keeps its socket folder for as long as the test runs.
    static const QString uri = [] {
        const QString cluster = qEnvironmentVariable("LEDGER_TEST_PG_CLUSTER");
        if (cluster.isEmpty())
            return QString();
        return QStringLiteral("postgresql://ledger@/{db}?host=%1&port=%2")
            .arg(QString::fromUtf8(QUrl::toPercentEncoding(clusterFile(cluster, "socketdir"), "/")), clusterFile(cluster, "port"));
    }();
    return uri;
}

bool onPostgres() { return !postgresTestUri().isEmpty(); }

QString dynamoTestEndpoint()
{
    const QString dir = qEnvironmentVariable("LEDGER_TEST_DYNAMO");
    if (dir.isEmpty())
        return {};
    QFile file(dir + QStringLiteral("/endpoint"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("LEDGER_TEST_DYNAMO names %s, which has no endpoint file: is dynalite running (scripts/dynalite.sh)?", qPrintable(dir));
    return QString::fromUtf8(file.readAll()).trimmed();
}

DynamoStore &dynamoOf(Store &store)
{
    auto *d = dynamic_cast<DynamoStore *>(&store);
    if (!d)
        qFatal("not a DynamoDB store");
    return *d;
}

QStringList idsOf(const QList<Transaction> &list)
{
    QStringList ids;
    for (const Transaction &t : list)
        ids << t.id;
    return ids;
}

QStringList idsOf(const QList<Account> &list)
{
    QStringList ids;
    for (const Account &a : list)
        ids << a.id;
    return ids;
}

QString dynamoTable(const QString &location, const char *name)
{
    auto parsed = aws::parseDynamoLocation(location);
    if (!parsed.ok())
        qFatal("%s", qPrintable(parsed.error().toString()));
    return aws::tableName(*parsed, name);
}

bool onDynamo() { return !qEnvironmentVariableIsEmpty("LEDGER_TEST_DYNAMO"); }

PgSocket postgresTestSocket()
{
    const QUrlQuery query{QUrl(postgresTestUri())};
    return {query.queryItemValue(QStringLiteral("host"), QUrl::FullyDecoded), query.queryItemValue(QStringLiteral("port"))};
}

QString pgClusterSocketDir(const QString &cluster) { return clusterFile(cluster, "socketdir"); }

bool runPgCluster(const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(LEDGER_SOURCE_DIR "/scripts/pg-cluster.sh"), args);
    const bool ok = p.waitForFinished(120'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (!ok)
        qWarning().noquote() << "pg-cluster.sh" << args.join(QLatin1Char(' ')) << "failed:" << p.readAll();
    return ok;
}

void openToServerUser(const QString &dir)
{
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
                                   | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther);
}

TempStore::TempStore(int scale)
    : TempStore(Sharded{0}, scale)
{}

TempStore::TempStore(Sharded sharded, int scale)
{
    const QString pg = postgresTestUri();
    const int pgShards = sharded.shards > 0 ? sharded.shards : qEnvironmentVariableIntValue("LEDGER_TEST_PG_SHARDS");
    // A fresh database per store (or per shard) on the test cluster, created by init and
    // dropped at the end.
    const auto freshDatabase = [&pg]() {
        static QAtomicInteger<int> counter;
        const QString db = QStringLiteral("t%1_%2_%3")
                               .arg(QCoreApplication::applicationPid())
                               .arg(counter.fetchAndAddRelaxed(1))
                               .arg(QRandomGenerator::global()->bounded(1'000'000));
        return QString(pg).replace(QLatin1String("{db}"), db);
    };
    if (onDynamo()) {
        static QAtomicInteger<int> counter;
        // feed_delay_ms=0: the tests read the feed right after their writes, which have all been
        // acknowledged by then (dynalite's indexes are written with the item).
        m_config.location = QStringLiteral("dynamodb://us-east-1/t%1_%2_%3?endpoint=%4&feed_delay_ms=0")
                                .arg(QCoreApplication::applicationPid())
                                .arg(counter.fetchAndAddRelaxed(1))
                                .arg(QRandomGenerator::global()->bounded(1'000'000))
                                .arg(dynamoTestEndpoint());
    } else if (!pg.isEmpty() && pgShards > 0) {
        m_config.location = m_dir.filePath(QStringLiteral("ledger.json"));
        for (int i = 0; i < pgShards; ++i)
            m_config.shardServers << freshDatabase();
    } else if (!pg.isEmpty()) {
        m_config.location = freshDatabase();
    } else if (sharded.shards > 0) {
        m_config.location = m_dir.filePath(QStringLiteral("ledger.json"));
        m_config.shards = sharded.shards;
    } else {
        m_config.location = m_dir.filePath(QStringLiteral("ledger.db"));
    }
    auto store = createStore(m_config, scale);
    if (!store.ok())
        qFatal("cannot create a test store: %s", qPrintable(store.error().toString()));
    m_store = std::move(store).value();
}

TempStore::~TempStore()
{
    m_store.reset();
    if (isDynamoLocation(m_config.location)) {
        auto store = DynamoStore::open(m_config.location, {});
        if (store.ok())
            (void)(*store)->dropTables();
        return;
    }
    QStringList databases = m_config.shardServers;
    if (isServerLocation(m_config.location))
        databases << m_config.location;
    for (const QString &db : std::as_const(databases)) {
        if (Error e = pguri::dropDatabase(db); !e.ok())
            qWarning("%s", qPrintable(e.toString()));
    }
}

QString TempStore::locationOfAccount(const QString &id) const
{
    if (!looksLikeTopologyFile(m_config.location))
        return m_config.location;
    auto topology = readTopology(m_config.location);
    if (!topology.ok())
        qFatal("%s", qPrintable(topology.error().toString()));
    return topology->shardPath(m_config.location, ShardedStore::shardOf(id, int(topology->shards.size())));
}

std::unique_ptr<Store> TempStore::openAnother() const
{
    auto store = openStore(m_config);
    if (!store.ok())
        qFatal("cannot open the test store: %s", qPrintable(store.error().toString()));
    return std::move(store).value();
}

void openAccounts(Store &store, const QStringList &ids, qint64 balance)
{
    Coordinator coordinator(store, {});
    for (const QString &id : ids) {
        const TxOutcome o = coordinator.openAccount(id, id.toUpper(), balance);
        if (!o.ok())
            qFatal("cannot open account %s: %s", qPrintable(id), qPrintable(o.error.toString()));
    }
}

TxOutcome abandonedAfter(Store &store, Step step, const TransferRequest &request, qint64 leaseMs)
{
    CoordinatorOptions o;
    o.leaseMs = leaseMs;
    o.hook = abandonAfterHook(step);
    return Coordinator(store, o).transfer(request);
}

QString stuckAfter(Store &store, Step step, qint64 amount, qint64 leaseMs)
{
    const TxOutcome left =
        abandonedAfter(store, step, {QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()}, leaseMs);
    return left.tx ? left.tx->id : QString();
}

QString describeFindings(const AuditReport &report)
{
    if (!report.error.ok())
        return QStringLiteral("audit failed: ") + report.error.toString();
    QStringList lines;
    for (const AuditFinding &f : report.findings)
        lines << QStringLiteral("[%1] %2: %3").arg(f.invariant).arg(f.code, f.message);
    return lines.join(QLatin1Char('\n'));
}

qint64 balanceOf(Store &store, const QString &account)
{
    auto a = store.account(account);
    return a.ok() ? a->balance : std::numeric_limits<qint64>::min();
}

QByteArray storeFingerprint(const QString &store, const QStringList &suffixes)
{
    QByteArray print;
    for (const QString &suffix : suffixes) {
        QFile file(store + suffix);
        print += suffix.toUtf8();
        print += ':';
        if (file.open(QIODevice::ReadOnly))
            print += QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
        else
            print += "absent";
        print += ' ';
    }
    return print;
}

qint64 heldMarkerCount(Store &store)
{
    qint64 n = 0;
    const Error scanned = store.scanLegs([&](const LegMarker &m) {
        if (m.status == LegStatus::Held)
            ++n;
    });
    return scanned.ok() ? n : -1; // -1: the scan failed (no count of markers is negative)
}

RawSql::RawSql(const QString &path)
{
    if (isServerLocation(path)) {
        auto conn = PgConnection::open(path, PgConnection::Mode::Raw, {});
        if (!conn.ok())
            qFatal("cannot open %s: %s", qPrintable(path), qPrintable(conn.error().toString()));
        m_pg = std::move(conn).value();
        return;
    }
    auto conn = SqliteConnection::openRaw(path);
    if (!conn.ok())
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(conn.error().toString()));
    m_sqlite = std::move(conn).value();
}

RawSql::~RawSql() = default;

namespace {

// The same statement for PostgreSQL: ? → $n, and the binds as text parameters.
QString numbered(const QString &sql)
{
    QString out;
    int n = 0;
    for (const QChar c : sql)
        out += c == QLatin1Char('?') ? QStringLiteral("$%1").arg(++n) : QString(c);
    return out;
}

PgParams pgParams(const QVariantList &binds)
{
    PgParams params;
    for (const QVariant &v : binds) {
        if (v.isNull())
            params.null();
        else if (v.metaType() == QMetaType::fromType<qint64>() || v.metaType() == QMetaType::fromType<int>())
            params << v.toLongLong();
        else
            params << v.toString();
    }
    return params;
}

QList<SqlArg> sqliteArgs(const QVariantList &binds)
{
    QList<SqlArg> args;
    for (const QVariant &v : binds)
        args << SqlArg(v);
    return args;
}

} // namespace

bool RawSql::exec(const QString &sql, const QVariantList &binds)
{
    if (m_pg) {
        auto r = m_pg->runDynamic(numbered(sql), pgParams(binds));
        if (!r.ok())
            qWarning("%s: %s", qPrintable(sql), qPrintable(r.error().toString()));
        return r.ok();
    }
    auto r = m_sqlite->runDynamic(sql, sqliteArgs(binds));
    if (!r.ok())
        qWarning("%s: %s", qPrintable(sql), qPrintable(r.error().toString()));
    return r.ok();
}

QVariant RawSql::scalar(const QString &sql, const QVariantList &binds)
{
    if (m_pg) {
        auto r = m_pg->runDynamic(numbered(sql), pgParams(binds));
        if (!r.ok() || r->isEmpty() || r->isNull(0, 0))
            return QVariant();
        return r->text(0, 0);
    }
    auto r = m_sqlite->runDynamic(sql, sqliteArgs(binds));
    if (!r.ok() || !(*r)->next())
        return QVariant();
    return (*r)->value(0);
}

QProcessEnvironment ledgerctlEnvironment(const QString &home, const QString &store, const QString &operatorName, const QStringList &extra)
{
    QProcessEnvironment env;
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"PATH", "LD_LIBRARY_PATH", "QT_PLUGIN_PATH", "TMPDIR"}) {
        if (system.contains(QLatin1String(name)))
            env.insert(QLatin1String(name), system.value(QLatin1String(name)));
    }
    env.insert(QStringLiteral("HOME"), home + QStringLiteral("/home"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("LEDGERDESK_STORE"), store);
    env.insert(QStringLiteral("LEDGERDESK_OPERATOR"), operatorName);
    for (const QString &pair : extra)
        env.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    return env;
}

QProcessEnvironment storeEnvironment(const QString &store, const QStringList &extra)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (store.isEmpty())
        env.remove(QStringLiteral("LEDGERDESK_STORE"));
    else
        env.insert(QStringLiteral("LEDGERDESK_STORE"), store);
    // And a ledger service the user's shell names: a test's commands run on the store they name.
    for (const char *hook : {"LEDGER_CRASH_AFTER", "LEDGER_STEP_DELAY_MS", "LEDGERDESK_SQLITE_LOCKS", "LEDGER_TEST_FOREIGN_CLOSE",
                             "LEDGER_TEST_WRITER", "LEDGERDESK_BUSY_TIMEOUT_MS", "LEDGERDESK_SERVER", "LEDGERDESK_TOKEN"})
        env.remove(QLatin1String(hook));
    for (const QString &pair : extra)
        env.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    return env;
}

quint64 fileInode(const QString &path)
{
    struct stat st = {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? quint64(st.st_ino) : 0;
}

ProcessResult runLedgerctl(const QStringList &args, const QProcessEnvironment &env, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.setInputChannelMode(QProcess::ManagedInputChannel);
    process.start(QStringLiteral(LEDGERCTL_PATH), args);
    process.closeWriteChannel();
    ProcessResult r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

} // namespace ledger::test
