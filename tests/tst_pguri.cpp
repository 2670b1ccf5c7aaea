// PostgreSQL locations in libpq's whole connection language: read, shown without secrets and
// turned to another database by libpq's own parser (never by rebuilding URIs), and — as
// tst_pguri@pg — a store reached through each form (multi-host URI, socket directory as host,
// key=value, service file, PG* variables) by ledgerctl, which names it the same way everywhere.
#include "store/location.h"
#include "store/open/storeconfig.h"
#include "store/postgres/pguri.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QUrl>

using namespace ledger;
using namespace ledger::test;

class TestPgUri : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kindOfLocation_data();
    void kindOfLocation();
    void redacted_data();
    void redacted();
    void unreadable_data();
    void unreadable();
    void withDatabase_data();
    void withDatabase();
    void splitList_data();
    void splitList();
    void everyFormReachesTheStore_data();
    void everyFormReachesTheStore();
    void scratchDatabaseOnTheSameServers();
    void aMissingDatabaseIsSaidAtOnce();
};

void TestPgUri::kindOfLocation_data()
{
    // One rule for every layer (store/location.h): a file, a PostgreSQL database, or a scheme
    // LedgerDesk does not know — refused, never taken for a file name.
    QTest::addColumn<QString>("location");
    QTest::addColumn<int>("kind");
    const int file = int(LocationKind::File), server = int(LocationKind::Server), unknown = int(LocationKind::UnknownScheme);
    QTest::newRow("file") << "ledger.db" << file;
    QTest::newRow("absolute file") << "/var/lib/ledger.db" << file;
    QTest::newRow("file named like a pair") << "./host=x.db" << file;
    QTest::newRow("windows drive") << "C:/ledger.db" << file;
    QTest::newRow("topology") << "shards/ledger.json" << file;
    QTest::newRow("uri") << "postgresql://u@h/db" << server;
    QTest::newRow("short scheme") << "postgres://h/db" << server;
    QTest::newRow("environment only") << "postgresql://" << server;
    QTest::newRow("key=value") << "host=/run/postgresql dbname=ledger" << server;
    QTest::newRow("key = value") << "  dbname = ledger" << server;
    QTest::newRow("service") << "service=ledger" << server;
    QTest::newRow("other scheme") << "mysql://h/db" << unknown;
    QTest::newRow("https") << "https://example/x.db" << unknown;
    QTest::newRow("dynamodb") << "dynamodb://eu-west-1/ledger" << int(LocationKind::DynamoDb);
    QTest::newRow("dynamo, no such scheme") << "dynamo://eu-west-1/ledger" << unknown;
    QTest::newRow("upper-case postgresql") << "POSTGRESQL://h/db" << unknown; // libpq takes lower case only
}

void TestPgUri::kindOfLocation()
{
    QFETCH(QString, location);
    QFETCH(int, kind);
    QCOMPARE(int(locationKind(location)), kind);
    QCOMPARE(isServerLocation(location), kind == int(LocationKind::Server));
    const Error checked = checkLocation(location);
    QCOMPARE(checked.code, kind == int(LocationKind::UnknownScheme) ? ErrorCode::InvalidLocation : ErrorCode::None);
    if (!checked.ok())
        QVERIFY2(checked.message.contains(QLatin1String("postgresql://")), qPrintable(checked.message)); // names what is known
}

void TestPgUri::redacted_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<bool>("secret");
    QTest::newRow("multi-host with password") << "postgresql://alice:s3cret@h1:5432,h2:5433/ledger?target_session_attrs=read-write"
                                              << "host=h1,h2 port=5432,5433 dbname=ledger user=alice target_session_attrs=read-write"
                                              << true;
    QTest::newRow("socket directory as host") << "postgresql://ledger@%2Fvar%2Frun%2Fpostgresql/ledger"
                                              << "host=/var/run/postgresql dbname=ledger user=ledger" << false;
    QTest::newRow("host in the query") << "postgresql://ledger@/ledger?host=/tmp/pg%20dir&port=5432"
                                       << "host='/tmp/pg dir' port=5432 dbname=ledger user=ledger" << false;
    QTest::newRow("password in the query") << "postgresql://h/db?password=s3cret&sslmode=verify-full"
                                           << "host=h dbname=db sslmode=verify-full" << true;
    // clang-format off
    QTest::newRow("key's password") << "postgresql://h/db?sslpassword=s3cret&sslkey=/k.pem" << "host=h dbname=db sslkey=/k.pem" << true;
    QTest::newRow("ipv6") << "postgresql://[::1]:5433/db" << "host=::1 port=5433 dbname=db" << false;
    QTest::newRow("key=value with quoted password") << "host=h dbname=x password='a b\\'c' user=u" << "host=h dbname=x user=u" << true;
    QTest::newRow("key=value, quoted") << "dbname='my ledger' host=h" << "host=h dbname='my ledger'" << false;
    QTest::newRow("service") << "service=ledger" << "service=ledger" << false;
    QTest::newRow("environment only") << "postgresql://" << "postgresql://" << false;
    QTest::newRow("empty password") << "postgresql://u:@h/db" << "host=h dbname=db user=u" << false;
    // clang-format on
}

void TestPgUri::redacted()
{
    QFETCH(QString, location);
    QFETCH(QString, shown);
    QFETCH(bool, secret);
    const QString r = pguri::redacted(location);
    QCOMPARE(r, shown);
    QVERIFY(!r.contains(QLatin1String("s3cret")));
    QCOMPARE(pguri::hasPassword(location), secret);
    QCOMPARE(locationHasPassword(location), secret);
    QCOMPARE(storeDisplayName(location), shown);
    // What is shown is a location libpq reads again, to the same thing (recent lists reopen it).
    QVERIFY(pguri::check(r).ok());
    QCOMPARE(pguri::redacted(r), r);
    QVERIFY(isServerLocation(r));
    QVERIFY(!pguri::hasPassword(r));
}

void TestPgUri::unreadable_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("says");
    // clang-format off
    QTest::newRow("unknown keyword") << "host=h password=s3cret colour=blue" << "invalid connection option \"colour\"";
    QTest::newRow("unterminated ipv6") << "postgresql://u:s3cret@[::1/db" << "IPv6";
    QTest::newRow("no value") << "host=h password s3cret" << "missing \"=\"";
    QTest::newRow("unterminated quote") << "host=h password='s3cret" << "unterminated";
    QTest::newRow("unknown query parameter") << "postgresql://h/db?colour=s3cret" << "invalid URI query parameter";
    // clang-format on
}

void TestPgUri::unreadable()
{
    QFETCH(QString, location);
    QFETCH(QString, says);
    const Error e = pguri::check(location);
    QCOMPARE(e.code, ErrorCode::InvalidArgument);
    QVERIFY2(e.message.contains(says), qPrintable(e.message));
    if (!says.contains(QLatin1String("s3cret")))
        QVERIFY2(!e.message.contains(QLatin1String("s3cret")), qPrintable(e.message));
    QCOMPARE(pguri::redacted(location), QStringLiteral("(unreadable PostgreSQL connection string)"));
    // Opening says the same, before any connection is tried.
    StoreConfig config;
    config.location = location;
    auto opened = openStore(config);
    QVERIFY(!opened.ok());
    QCOMPARE(opened.error().code, ErrorCode::InvalidArgument);
}

void TestPgUri::withDatabase_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("scratch");
    QTest::newRow("multi-host") << "postgresql://u:pw@h1:5432,h2:5433/ledger?target_session_attrs=read-write"
                                << "host=h1,h2 port=5432,5433 dbname=scratch user=u password=pw target_session_attrs=read-write";
    // clang-format off
    QTest::newRow("socket") << "postgresql://ledger@%2Frun%2Fpostgresql/ledger" << "host=/run/postgresql dbname=scratch user=ledger";
    QTest::newRow("service") << "service=ledger" << "service=ledger dbname=scratch";
    QTest::newRow("environment") << "postgresql://" << "dbname=scratch";
    QTest::newRow("key=value") << "dbname=ledger host=h sslmode=verify-full" << "host=h dbname=scratch sslmode=verify-full";
    // clang-format on
}

void TestPgUri::withDatabase()
{
    QFETCH(QString, location);
    QFETCH(QString, scratch);
    QCOMPARE(pguri::withDatabase(location, QStringLiteral("scratch")), scratch);
    QCOMPARE(serverDatabaseNamed(location, QStringLiteral("scratch")), scratch);
    QCOMPARE(pguri::databaseName(pguri::withDatabase(location, QStringLiteral("scratch"))), QStringLiteral("scratch"));
}

void TestPgUri::splitList_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QStringList>("locations");
    QTest::newRow("uris") << "postgresql://a/l  postgresql://b/l" << QStringList{"postgresql://a/l", "postgresql://b/l"};
    QTest::newRow("semicolons") << "host=a dbname=l; service=b ;" << QStringList{"host=a dbname=l", "service=b"};
    QTest::newRow("one key=value") << " host=a dbname=l " << QStringList{"host=a dbname=l"};
    QTest::newRow("mixed by semicolons") << "postgresql://a/l;host=b dbname=l" << QStringList{"postgresql://a/l", "host=b dbname=l"};
    QTest::newRow("empty") << "  " << QStringList{};
}

void TestPgUri::splitList()
{
    QFETCH(QString, list);
    QFETCH(QStringList, locations);
    QCOMPARE(pguri::splitList(list), locations);
}

namespace {

QString freshDatabaseName(const char *tag)
{
    return QStringLiteral("tpguri_%1_%2").arg(QLatin1String(tag)).arg(QCoreApplication::applicationPid());
}

} // namespace

void TestPgUri::everyFormReachesTheStore_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<QString>("shown");
    if (!onPostgres())
        return;
    const auto [dir, port] = postgresTestSocket();
    const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(dir));
    {
        const QString db = freshDatabaseName("multi");
        // The first host does not answer (no server on that port): libpq goes on to the second.
        QTest::newRow("multi-host uri")
            << QStringLiteral("postgresql://ledger@%1:1,%1:%2/%3?connect_timeout=5").arg(encoded, port, db) << QStringList{}
            << QStringLiteral("host=%1,%1 port=1,%2 dbname=%3 user=ledger connect_timeout=5").arg(dir, port, db);
    }
    {
        const QString db = freshDatabaseName("sock");
        QTest::newRow("socket directory as host") << QStringLiteral("postgresql://ledger@%1:%2/%3").arg(encoded, port, db) << QStringList{}
                                                  << QStringLiteral("host=%1 port=%2 dbname=%3 user=ledger").arg(dir, port, db);
    }
    {
        const QString db = freshDatabaseName("kv");
        const QString kv = QStringLiteral("host=%1 port=%2 user=ledger dbname=%3").arg(dir, port, db);
        QTest::newRow("key=value") << kv << QStringList{} << QStringLiteral("host=%1 port=%2 dbname=%3 user=ledger").arg(dir, port, db);
    }
    {
        const QString db = freshDatabaseName("env");
        QTest::newRow("PG* variables") << QStringLiteral("postgresql://")
                                       << QStringList{QStringLiteral("PGHOST=") + dir, QStringLiteral("PGPORT=") + port,
                                                      QStringLiteral("PGUSER=ledger"), QStringLiteral("PGDATABASE=") + db}
                                       << QStringLiteral("postgresql://");
    }
    {
        const QString db = freshDatabaseName("svc");
        // {service file} is replaced by the test with a pg_service.conf of its own.
        QTest::newRow("service")
            << QStringLiteral("service=ledgertest")
            << QStringList{QStringLiteral("PGSERVICEFILE={service file}"),
                           QStringLiteral("[ledgertest]\nhost=%1\nport=%2\nuser=ledger\ndbname=%3\n").arg(dir, port, db)}
            << QStringLiteral("service=ledgertest");
    }
}

void TestPgUri::everyFormReachesTheStore()
{
    if (!onPostgres())
        QSKIP("needs the PostgreSQL test cluster (tst_pguri@pg)");
    QFETCH(QString, location);
    QFETCH(QStringList, environment);
    QFETCH(QString, shown);
    QTemporaryDir home;
    QStringList extra;
    for (const QString &e : std::as_const(environment)) {
        if (e.startsWith(QLatin1Char('['))) { // a service file's text
            QFile f(home.filePath(QStringLiteral("pg_service.conf")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(e.toUtf8());
        } else {
            extra << QString(e).replace(QLatin1String("{service file}"), home.filePath(QStringLiteral("pg_service.conf")));
        }
    }
    const QProcessEnvironment env = ledgerctlEnvironment(home.path(), location, QStringLiteral("tester"), extra);
    const auto ctl = [&](const QStringList &args) { return runLedgerctl(args, env); };

    ProcessResult r = ctl({QStringLiteral("init")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(shown), qPrintable(r.out));
    for (const char *id : {"alice", "bob"})
        QCOMPARE(ctl({QStringLiteral("account"), QStringLiteral("create"), QLatin1String(id)}).exitCode, 0);
    r = ctl({QStringLiteral("transfer"), QStringLiteral("@world"), QStringLiteral("alice"), QStringLiteral("10.00")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = ctl({QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("2.50")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = ctl({QStringLiteral("audit")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    r = ctl({QStringLiteral("accounts"), QStringLiteral("--json")});
    QVERIFY2(r.out.contains(QLatin1String("\"7.50\"")), qPrintable(r.out));
    // A second init names the store as it is shown everywhere, and refuses.
    r = ctl({QStringLiteral("init")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("store-exists")) && r.err.contains(shown), qPrintable(r.err));

    // Cleaned up through the same location (its database as libpq resolves it).
    for (const QString &e : std::as_const(extra))
        qputenv(e.section(QLatin1Char('='), 0, 0).toUtf8(), e.section(QLatin1Char('='), 1).toUtf8());
    const Error dropped = dropServerDatabase(location);
    for (const QString &e : std::as_const(extra))
        qunsetenv(e.section(QLatin1Char('='), 0, 0).toUtf8());
    QVERIFY2(dropped.ok(), qPrintable(dropped.message));
}

void TestPgUri::scratchDatabaseOnTheSameServers()
{
    if (!onPostgres())
        QSKIP("needs the PostgreSQL test cluster (tst_pguri@pg)");
    // bench puts its scratch database beside the store: with a first host that does not answer,
    // the scratch store must still reach the second (the old URI rebuilding dropped the hosts).
    const auto [dir, port] = postgresTestSocket();
    const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(dir));
    const QString db = freshDatabaseName("bench");
    const QString location = QStringLiteral("postgresql://ledger@%1:1,%1:%2/%3?connect_timeout=5").arg(encoded, port, db);
    QTemporaryDir home;
    const QProcessEnvironment env = ledgerctlEnvironment(home.path(), location, QStringLiteral("tester"));
    QCOMPARE(runLedgerctl({QStringLiteral("init")}, env).exitCode, 0);
    const ProcessResult r = runLedgerctl({QStringLiteral("bench"), QStringLiteral("transfers"), QStringLiteral("--count"),
                                          QStringLiteral("40"), QStringLiteral("--threads"), QStringLiteral("2"), QStringLiteral("--runs"),
                                          QStringLiteral("1"), QStringLiteral("--json")},
                                         env, 120'000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("\"transfersPerSecond\"")), qPrintable(r.out.left(400)));
    QVERIFY(dropServerDatabase(location).ok());
}

void TestPgUri::aMissingDatabaseIsSaidAtOnce()
{
    if (!onPostgres())
        QSKIP("needs the PostgreSQL test cluster (tst_pguri@pg)");
    // A failover set is waited on while its primary may be coming back; a database that is not
    // there is not, and is said at once with the way on — told by asking the server's catalogue,
    // not by the words of its refusal (which follow the server's language).
    const auto [dir, port] = postgresTestSocket();
    const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(dir));
    const QString location =
        QStringLiteral("postgresql://ledger@%1:1,%1:%2/%3?connect_timeout=5").arg(encoded, port, freshDatabaseName("none"));
    QTemporaryDir home;
    // "At once" against a reconnect window of an hour: a ledgerctl that waited in it would still
    // be waiting when runLedgerctl gives up on it (two minutes: only a hang takes that long),
    // and would have said nothing ("timed out").
    const QProcessEnvironment env =
        ledgerctlEnvironment(home.path(), location, QStringLiteral("tester"), {QStringLiteral("LEDGERDESK_RECONNECT_MS=3600000")});
    const ProcessResult r = runLedgerctl({QStringLiteral("accounts")}, env, 120'000);
    QVERIFY2(r.exitCode != 0, qPrintable(r.out));
    QVERIFY2(r.err.contains(QLatin1String("create a store there with ledgerctl init --store")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestPgUri)
#include "tst_pguri.moc"
