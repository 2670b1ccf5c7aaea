// Live announcements from a PostgreSQL store (runs only as tst_pglistener@pg): every committed
// write reaches each listener, from this process or another one, and a listener whose session is
// killed says so and comes back by itself. Waits are on the signals; their deadlines (a minute)
// only bound a hang.
#include "store/postgres/pglistener.h"
#include "store/postgres/pguri.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTcpServer>
#include <QThread>
#include <QTimer>

namespace {
// How long a wait may take before the test calls it a hang.
constexpr int kHangMs = 60'000;
} // namespace

// A slow name server, for host names under .slow.invalid: this definition of getaddrinfo takes
// the place of the C library's for libpq too (the program's own symbols come first), and answers
// "no such host" only once the test lets it (g_answerSlowLookups; a hang bound else): the test,
// not the clock, says how long a lookup takes. Every other name goes to the real one. Not in
// sanitizer builds (LEDGER_SANITIZED, from tests/CMakeLists.txt), whose runtime brings its own
// getaddrinfo.
#ifndef LEDGER_SANITIZED
#include <atomic>
#include <dlfcn.h>
#include <netdb.h>

namespace {
std::atomic<bool> g_answerSlowLookups{false};
std::atomic<int> g_slowLookupsAnswered{0};
} // namespace

extern "C" int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res)
{
    using Real = int (*)(const char *, const char *, const struct addrinfo *, struct addrinfo **);
    static const Real real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "getaddrinfo"));
    if (node && QByteArray(node).endsWith(".slow.invalid")) {
        QElapsedTimer waited;
        waited.start();
        while (!g_answerSlowLookups && waited.elapsed() < kHangMs)
            QThread::msleep(5);
        ++g_slowLookupsAnswered;
        return EAI_NONAME;
    }
    return real(node, service, hints, res);
}
#endif

using namespace ledger;
using namespace ledger::test;

class TestPgListener : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyListenerHearsEveryWriter();
    void aKilledSessionComesBack();
    void aServerThatIsNotThereIsRetried();
    void aDeadServerDelaysNoOther();
    void aDeadFirstHostIsPassedBy_data();
    void aDeadFirstHostIsPassedBy();
    void aSlowNameLookupDelaysNoOne();
};

void TestPgListener::initTestCase()
{
    if (!onPostgres())
        QSKIP("runs against the PostgreSQL test cluster only (tst_pglistener@pg)");
}

namespace {

// Waits until `spy` has more than `before` signals; the time it took, or -1 (after a hang bound).
qint64 waitForMore(QSignalSpy &spy, int before, int timeoutMs = kHangMs)
{
    QElapsedTimer t;
    t.start();
    while (spy.count() <= before && t.elapsed() < timeoutMs)
        spy.wait(50);
    return spy.count() > before ? t.elapsed() : -1;
}

TransferRequest transferOf(qint64 amount)
{
    TransferRequest r;
    r.source = QStringLiteral("alice");
    r.destination = QStringLiteral("bob");
    r.amount = amount;
    return r;
}

} // namespace

void TestPgListener::everyListenerHearsEveryWriter()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    PgListener first(ts.path());
    PgListener second(ts.path());
    QSignalSpy heardFirst(&first, &PgListener::notified);
    QSignalSpy heardSecond(&second, &PgListener::notified);
    QSignalSpy readyFirst(&first, &PgListener::listening);
    QSignalSpy readySecond(&second, &PgListener::listening);
    first.start();
    second.start();
    QVERIFY(waitForMore(readyFirst, 0) >= 0 && waitForMore(readySecond, 0) >= 0);
    QVERIFY(first.isListening() && second.isListening());

    // A write from this process, through the store.
    Coordinator coordinator(ts.store(), {});
    QVERIFY(coordinator.transfer(transferOf(100)).ok());
    QVERIFY(waitForMore(heardFirst, 0) >= 0);
    QVERIFY(waitForMore(heardSecond, 0) >= 0);

    // A write from another process (ledgerctl): each listener hears it.
    const int beforeFirst = heardFirst.count();
    const int beforeSecond = heardSecond.count();
    const ProcessResult r = runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("transfer"), QStringLiteral("bob"),
                                          QStringLiteral("alice"), QStringLiteral("0.50")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(waitForMore(heardFirst, beforeFirst) >= 0);
    QVERIFY(waitForMore(heardSecond, beforeSecond) >= 0);

    // Nothing written: nothing announced (reads do not notify). Seen at the server rather than
    // by waiting a while for a signal that must not come: every announcement moves the
    // change_counter sequence in the same statement (pgconnection.cpp's doorbell, the schema's
    // triggers), and reads leave it where it was.
    RawSql raw(ts.path());
    const qint64 counter = raw.scalar(QStringLiteral("SELECT last_value FROM change_counter")).toLongLong();
    QVERIFY(ts.store().accounts({}).ok());
    QVERIFY(ts.store().transactions({}).ok());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT last_value FROM change_counter")).toLongLong(), counter);
}

void TestPgListener::aKilledSessionComesBack()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    PgListener listener(ts.path());
    QSignalSpy lost(&listener, &PgListener::lost);
    QSignalSpy resumed(&listener, &PgListener::resumed);
    QSignalSpy heard(&listener, &PgListener::notified);
    QSignalSpy ready(&listener, &PgListener::listening);
    listener.start();
    QVERIFY(waitForMore(ready, 0) >= 0);
    const int pid = listener.backendPid();
    QVERIFY(pid > 0);
    QVERIFY(RawSql(ts.path()).exec(QStringLiteral("SELECT pg_terminate_backend(?::int)"), {pid}));
    QVERIFY(waitForMore(lost, 0) >= 0);
    QVERIFY(!lost.first().at(0).toString().isEmpty());
    QVERIFY(waitForMore(resumed, 0) >= 0);
    QVERIFY(listener.isListening());
    QVERIFY(listener.backendPid() != pid);

    const int before = heard.count();
    Coordinator coordinator(ts.store(), {});
    QVERIFY(coordinator.transfer(transferOf(100)).ok());
    QVERIFY(waitForMore(heard, before) >= 0);
}

void TestPgListener::aServerThatIsNotThereIsRetried()
{
    PgListener listener(QStringLiteral("postgresql://ledger:secret@/nothing?host=/nonexistent-dir&port=1"));
    QSignalSpy lost(&listener, &PgListener::lost);
    listener.start();
    QVERIFY(!listener.isListening());
    QVERIFY(waitForMore(lost, 0) >= 0);
    const QString message = lost.first().at(0).toString();
    QVERIFY2(!message.contains(QLatin1String("secret")), qPrintable(message)); // never shows the password
    QVERIFY(lost.first().at(1).toInt() > 0);
    QVERIFY(waitForMore(lost, 1) >= 0); // tried again by itself
}

namespace {

// A TCP port that takes connections and never says a word: a server hung, or a host whose
// packets vanish behind a firewall — what makes a blocking connect wait for its whole timeout.
struct SilentServer {
    QTcpServer server;
    SilentServer() { server.listen(QHostAddress::LocalHost, 0); }
    quint16 port() const { return server.serverPort(); }
};

} // namespace

void TestPgListener::aDeadServerDelaysNoOther()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    SilentServer silent;
    QVERIFY(silent.server.isListening());
    // The dead one first, on the same thread: its connect must not hold up the live one's.
    PgListener dead(QStringLiteral("postgresql://ledger@127.0.0.1:%1/nothing").arg(silent.port()));
    PgListener live(ts.path());
    QStringList order;
    connect(&dead, &PgListener::lost, this, [&order] { order << QStringLiteral("dead lost"); });
    connect(&live, &PgListener::listening, this, [&order] { order << QStringLiteral("live listening"); });
    QSignalSpy deadLost(&dead, &PgListener::lost);
    QSignalSpy liveHeard(&live, &PgListener::notified);
    dead.start();
    live.start();
    QVERIFY(!dead.isListening()); // start() returned without waiting for the silent server

    // The live listener hears a commit.
    QTRY_VERIFY_WITH_TIMEOUT(live.isListening(), kHangMs);
    Coordinator coordinator(ts.store(), {});
    QVERIFY(coordinator.transfer(transferOf(100)).ok());
    QVERIFY(waitForMore(liveHeard, 0) >= 0);

    // The dead one gives up on its own after its timeout, says why, and tries again; the live one
    // was listening before that. This observes time, as it must (the dead one's connect ends only
    // by its kConnectTimeoutMs, 5 s): the live one's connect over the local socket takes
    // milliseconds, a margin no busy machine eats, while a connect held up by the dead one's
    // would come after its timeout.
    QVERIFY(waitForMore(deadLost, 0, PgListener::kConnectTimeoutMs + kHangMs) >= 0);
    QVERIFY2(deadLost.first().at(0).toString().contains(QLatin1String("no answer within")), qPrintable(deadLost.first().at(0).toString()));
    QCOMPARE(order.value(0), QStringLiteral("live listening"));
    QCOMPARE(order.value(1), QStringLiteral("dead lost"));
}

void TestPgListener::aDeadFirstHostIsPassedBy_data()
{
    QTest::addColumn<bool>("fromEnvironment");
    QTest::newRow("hosts in the location") << false;
    QTest::newRow("hosts in PGHOST and PGPORT") << true;
}

void TestPgListener::aDeadFirstHostIsPassedBy()
{
    QFETCH(bool, fromEnvironment);
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    SilentServer silent;
    // host=127.0.0.1 (silent),<the test cluster's socket directory>: as a failover pair whose
    // first member hangs — named by the location, or by the PG* variables it leaves to libpq.
    const PgSocket cluster = postgresTestSocket();
    const QString hosts = QStringLiteral("127.0.0.1,") + cluster.dir;
    const QString ports = QString::number(silent.port()) + QLatin1Char(',') + cluster.port;
    const QString database = pguri::databaseName(ts.path());
    const QString location = fromEnvironment ? QStringLiteral("user=ledger dbname=%1").arg(database)
                                             : QStringLiteral("host=%1 port=%2 user=ledger dbname=%3").arg(hosts, ports, database);
    if (fromEnvironment) {
        qputenv("PGHOST", hosts.toUtf8());
        qputenv("PGPORT", ports.toUtf8());
    }
    const auto unset = qScopeGuard([] {
        qunsetenv("PGHOST");
        qunsetenv("PGPORT");
    });
    QCOMPARE(pguri::hostByHost(location).size(), 2);
    PgListener listener(location);
    QSignalSpy lost(&listener, &PgListener::lost);
    QSignalSpy ready(&listener, &PgListener::listening);
    QSignalSpy heard(&listener, &PgListener::notified);
    listener.start();
    QVERIFY2(waitForMore(ready, 0, PgListener::kConnectTimeoutMs + kHangMs) >= 0,
             qPrintable(lost.isEmpty() ? QStringLiteral("(nothing said)") : lost.first().at(0).toString()));
    QCOMPARE(lost.count(), 0); // the second host answered: nothing was lost
    Coordinator coordinator(ts.store(), {});
    QVERIFY(coordinator.transfer(transferOf(100)).ok());
    QVERIFY(waitForMore(heard, 0) >= 0);
}

void TestPgListener::aSlowNameLookupDelaysNoOne()
{
#ifdef LEDGER_SANITIZED
    QSKIP("the slow name server replaces getaddrinfo, which a sanitizer's runtime defines itself");
#else
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    // libpq looks a host name up before PQconnectStartParams returns: on this thread, the slow
    // lookup would stop the live listener, the timer and everything else here until the name
    // server answers — which it does only when this test lets it.
    g_answerSlowLookups = false;
    g_slowLookupsAnswered = 0;
    const auto answer = qScopeGuard([] { g_answerSlowLookups = true; });
    PgListener slow(QStringLiteral("postgresql://ledger@db.slow.invalid:5432/nothing"));
    PgListener live(ts.path());
    QSignalSpy slowLost(&slow, &PgListener::lost);
    QSignalSpy liveReady(&live, &PgListener::listening);
    slow.start();
    live.start();
    QCOMPARE(g_slowLookupsAnswered.load(), 0); // start() returned with the lookup unanswered
    int ticks = 0;
    QTimer heartbeat;
    connect(&heartbeat, &QTimer::timeout, this, [&ticks] { ++ticks; });
    heartbeat.start(50);

    // While the name server keeps the slow one waiting: the live one listens, the event loop runs.
    // (Whether the slow one has given up on its host meanwhile is left alone: its
    // kConnectTimeoutMs of silence counts from start(), a time a busy machine may outrun.)
    QVERIFY(waitForMore(liveReady, 0) >= 0);
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 3, kHangMs);
    QCOMPARE(g_slowLookupsAnswered.load(), 0);

    // Once the name server has said "no such host", the listener says so and retries by itself.
    g_answerSlowLookups = true;
    QVERIFY(waitForMore(slowLost, 0) >= 0);
    QVERIFY2(slowLost.first().at(0).toString().contains(QLatin1String("db.slow.invalid")), qPrintable(slowLost.first().at(0).toString()));
    QVERIFY(live.isListening());
#endif
}

QTEST_GUILESS_MAIN(TestPgListener)
#include "tst_pglistener.moc"
