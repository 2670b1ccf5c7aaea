// The console across a PostgreSQL failover: a primary and its synchronous standby of this test's
// own (scripts/pg-cluster.sh start + standby), the store addressed as libpq's failover pair with
// target_session_attrs=read-write, the console open on it. The primary is killed and the standby
// promoted: the console's status bar says so (from which server to which), its live updates come
// back from the new primary, and its own connection reads there; ledgerctl carries on meanwhile.
// The many-client version of this (SIGKILLs, crashes, audit) is tests/soak/run-pg-failover-soak.sh.
#include "mainwindow.h"
#include "models/navigatormodel.h"
#include "models/transactiontablemodel.h"
#include "store/open/changenotifier.h"
#include "testsupport.h"

#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

class TestPgFailover : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void consoleCarriesOnAcrossAFailover();

private:
    QTemporaryDir m_dir;
    QString m_primary;
    QString m_standby;
    QString m_primarySocket;
    QString m_standbySocket;
    QString m_store;
    bool m_started = false;
};

namespace {
constexpr int kWaitMs = 40'000; // the reconnect window is 30 s
constexpr int kPort = 5481;
} // namespace

void TestPgFailover::initTestCase()
{
    QVERIFY(m_dir.isValid());
    openToServerUser(m_dir.path());
    m_primary = m_dir.filePath(QStringLiteral("primary"));
    m_standby = m_dir.filePath(QStringLiteral("standby"));
    QVERIFY(runPgCluster({QStringLiteral("start"), m_primary, QStringLiteral("--port"), QString::number(kPort)}));
    m_started = true;
    QVERIFY(runPgCluster({QStringLiteral("standby"), m_standby, m_primary, QStringLiteral("--port"), QString::number(kPort + 1)}));
    // Their sockets' folders are what libpq and the console name the servers by.
    m_primarySocket = pgClusterSocketDir(m_primary);
    m_standbySocket = pgClusterSocketDir(m_standby);
    m_store = QStringLiteral("postgresql://ledger@/failover?host=%1,%2&port=%3,%4&target_session_attrs=read-write")
                  .arg(m_primarySocket, m_standbySocket)
                  .arg(kPort)
                  .arg(kPort + 1);
}

void TestPgFailover::cleanupTestCase()
{
    if (!m_started)
        return;
    runPgCluster({QStringLiteral("stop"), m_primary});
    runPgCluster({QStringLiteral("stop"), m_standby});
}

void TestPgFailover::consoleCarriesOnAcrossAFailover()
{
    QTemporaryDir home;
    const QProcessEnvironment env = ledgerctlEnvironment(home.path(), m_store, QStringLiteral("tester"));
    const auto ctl = [&](const QStringList &args) { return runLedgerctl(args, env, kWaitMs + 20'000); };
    QCOMPARE(ctl({QStringLiteral("init")}).exitCode, 0);
    QCOMPARE(ctl({QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("alice"), QStringLiteral("--opening"),
                  QStringLiteral("100")})
                 .exitCode,
             0);
    QCOMPARE(ctl({QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("bob")}).exitCode, 0);

    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    window.openStore(m_store, OpenMode::Existing);
    window.show();
    QVERIFY(opened.wait(kWaitMs));
    window.showView(NavigatorModel::View::Transactions);
    QVERIFY(QTest::qWaitFor([&] { return !window.isBusy() && window.transactionModel()->rowCount() == 1; }, kWaitMs));
    auto *live = window.findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(QTest::qWaitFor([&] { return live->text() == QLatin1String("live") || live->text().startsWith(QLatin1String("changed")); },
                            kWaitMs));
    auto *notifier = window.findChild<ChangeNotifier *>();
    QVERIFY(notifier);
    QSignalSpy changedServer(notifier, &ChangeNotifier::serverChanged);

    // A transfer before, the failover, a transfer right after (ledgerctl waits for the promotion
    // within its reconnect window instead of failing).
    QCOMPARE(ctl({QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("1.00")}).exitCode, 0);
    QVERIFY(runPgCluster({QStringLiteral("failover"), m_primary, m_standby}));
    const ProcessResult after = ctl({QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("2.00")});
    QVERIFY2(after.exitCode == 0, qPrintable(after.err));

    // The console says what happened, from which server to which.
    QVERIFY(changedServer.wait(kWaitMs) || changedServer.count() > 0);
    QVERIFY2(changedServer.first().at(0).toString().startsWith(m_primarySocket), qPrintable(changedServer.first().at(0).toString()));
    QVERIFY2(changedServer.first().at(1).toString().startsWith(m_standbySocket), qPrintable(changedServer.first().at(1).toString()));
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(QLatin1String("Failover")) && message.contains(m_standbySocket), qPrintable(message));
    // It carries on there: live updates from the new primary, and its own reads see both
    // transfers (the one acknowledged before the failover was on the standby already).
    QCOMPARE(ctl({QStringLiteral("transfer"), QStringLiteral("bob"), QStringLiteral("alice"), QStringLiteral("0.50")}).exitCode, 0);
    QVERIFY(QTest::qWaitFor([&] { return !window.isBusy() && window.transactionModel()->rowCount() == 4; }, kWaitMs));
    QCOMPARE(ctl({QStringLiteral("audit")}).exitCode, 0);
    if (const QString shots = qEnvironmentVariable("LEDGER_TEST_SCREENSHOTS"); !shots.isEmpty())
        window.grab().save(QDir(shots).filePath(QStringLiteral("failover.png")));
    const ProcessResult balances = ctl({QStringLiteral("accounts"), QStringLiteral("--json")});
    QVERIFY2(balances.out.contains(QLatin1String("\"97.50\"")) && balances.out.contains(QLatin1String("\"2.50\"")),
             qPrintable(balances.out));
}

QTEST_MAIN(TestPgFailover)
#include "tst_pgfailover.moc"
