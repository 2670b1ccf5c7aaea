// ledgerd --lake (ledgerd/lakeloop.h): the data lake kept up to date beside the API. Transfers
// show up in the lake once their file closes (by age here), /metrics says how far behind it is,
// SIGTERM closes the open files, SIGKILL loses nothing (the next start reads again from what is
// visible), and a bad --lake keeps ledgerd from starting, having written nothing.
#include "interchange/changefeed.h"
#include "lake/foldersink.h"
#include "lakesupport.h"
#include "ledgerdsupport.h"
#include "protocol/coordinator.h"
#include "testsupport.h"

#include <QDir>
#include <QRegularExpression>

using namespace ledger;
using namespace ledger::test;

namespace {

void transfers(Store &s, int n)
{
    Coordinator c(s, {});
    for (int i = 0; i < n; ++i)
        QVERIFY(c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1 + i, QString(), QString()}).ok());
}

// A metric's value in a /metrics text (-1 when absent).
qint64 metric(const QString &url, const char *name)
{
    const Http answer = curl(QStringLiteral("GET"), url + QStringLiteral("/metrics"));
    const QRegularExpression line(QStringLiteral("^%1 (\\d+)$").arg(QLatin1String(name)), QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = line.match(QString::fromUtf8(answer.raw));
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

QStringList ledgerdArgs(const TempStore &ts, const QString &lake, const QString &maxAge)
{
    return {QStringLiteral("--store"),         ts.path(),
            QStringLiteral("--listen"),        QStringLiteral("127.0.0.1:0"),
            QStringLiteral("--recover-every"), QStringLiteral("off"),
            QStringLiteral("--lake"),          lake,
            QStringLiteral("--lake-max-age"),  maxAge};
}

} // namespace

class TestLedgerdLake : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsTheLakeUpToDate();
    void stoppingClosesTheOpenFiles();
    void killedAgainAndAgainLosesNothing();
    void aBadLakeKeepsItFromStarting_data();
    void aBadLakeKeepsItFromStarting();
};

void TestLedgerdLake::keepsTheLakeUpToDate()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    const QString dir = ts.dir() + QStringLiteral("/lake");
    Ledgerd ledgerd(ledgerdArgs(ts, dir, QStringLiteral("1s")));
    QVERIFY2(!ledgerd.url.isEmpty(), qPrintable(ledgerd.errors()));
    QVERIFY(ledgerd.errors().contains(QStringLiteral("ledgerd: data lake ") + dir));
    transfers(ts.store(), 12);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const int finished = finishedCount(ts.store());
    // Each file closes a second after its first line; the deadline only bounds a hang.
    QVERIFY(QTest::qWaitFor([&] { return linesOf(dir).size() == finished; }, 60'000));
    QVERIFY(QTest::qWaitFor([&] { return metric(ledgerd.url, "ledgerd_lake_events_total") == finished; }, 60'000));
    QVERIFY(QTest::qWaitFor([&] { return metric(ledgerd.url, "ledgerd_lake_lag_events") == 0; }, 60'000));
    QCOMPARE(metric(ledgerd.url, "ledgerd_lake_up"), qint64(1));
    QCOMPARE(metric(ledgerd.url, "ledgerd_lake_errors_total"), qint64(0));
    QVERIFY(metric(ledgerd.url, "ledgerd_lake_files_total") >= 1);
    QCOMPARE(ledgerd.stop(), 0);
    const QString problems = lakeProblems(ts.store(), dir);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestLedgerdLake::stoppingClosesTheOpenFiles()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    const QString dir = ts.dir() + QStringLiteral("/lake");
    Ledgerd ledgerd(ledgerdArgs(ts, dir, QStringLiteral("1h")));
    QVERIFY2(!ledgerd.url.isEmpty(), qPrintable(ledgerd.errors()));
    transfers(ts.store(), 5);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const int finished = finishedCount(ts.store());
    // Read, but in files an hour from closing: behind by all of them, none visible.
    QVERIFY(QTest::qWaitFor([&] { return metric(ledgerd.url, "ledgerd_lake_lag_events") == finished; }, 60'000));
    QVERIFY(metric(ledgerd.url, "ledgerd_lake_lag_seconds") >= 0);
    QCOMPARE(linesOf(dir).size(), 0);
    QCOMPARE(ledgerd.stop(), 0);
    const QString problems = lakeProblems(ts.store(), dir);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestLedgerdLake::killedAgainAndAgainLosesNothing()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    const QString dir = ts.dir() + QStringLiteral("/lake");
    for (int round = 0; round < 5; ++round) {
        Ledgerd ledgerd(ledgerdArgs(ts, dir, QStringLiteral("1s")));
        QVERIFY2(!ledgerd.url.isEmpty(), qPrintable(ledgerd.errors()));
        transfers(ts.store(), 4);
        // Killed while files are open (some read, not visible) or just after one closed.
        QTest::qWait(300 * round);
        QVERIFY(ledgerd.kill());
    }
    QVERIFY(feedHasEveryFinish(ts.store()));
    Ledgerd last(ledgerdArgs(ts, dir, QStringLiteral("1s")));
    QVERIFY2(!last.url.isEmpty(), qPrintable(last.errors()));
    QVERIFY(QTest::qWaitFor([&] { return linesOf(dir).size() == finishedCount(ts.store()); }, 60'000));
    QCOMPARE(last.stop(), 0);
    const QString problems = lakeProblems(ts.store(), dir);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestLedgerdLake::aBadLakeKeepsItFromStarting_data()
{
    QTest::addColumn<QStringList>("args"); // %1: a plain file in the test's folder
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::newRow("unknown scheme") << QStringList{QStringLiteral("--lake"), QStringLiteral("gs://b/p")} << 2 << "invalid-location";
    QTest::newRow("inside a file") << QStringList{QStringLiteral("--lake"), QStringLiteral("%1/lake")} << 3 << "lake-unavailable";
    QTest::newRow("a bad size") << QStringList{QStringLiteral("--lake"), QStringLiteral("%1-lake"), QStringLiteral("--lake-max-file-size"),
                                               QStringLiteral("12 parsecs")}
                                << 2 << "invalid-argument";
    QTest::newRow("an age without a lake") << QStringList{QStringLiteral("--lake-max-age"), QStringLiteral("5m")} << 2
                                           << "missing-argument";
    QTest::newRow("held by another sync") << QStringList{QStringLiteral("--lake"), QStringLiteral("HELD")} << 3 << "lake-busy";
}

void TestLedgerdLake::aBadLakeKeepsItFromStarting()
{
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QFETCH(QString, code);
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice")}, 100);
    const QString file = ts.dir() + QStringLiteral("/plain-file");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const QString held = ts.dir() + QStringLiteral("/held-lake");
    lake::FolderSink holder(held);
    QVERIFY(holder.open().ok());
    for (QString &a : args)
        a = a == QLatin1String("HELD") ? held : a.replace(QLatin1String("%1"), file);
    const QStringList before = QDir(ts.dir()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    Ledgerd ledgerd(QStringList{QStringLiteral("--store"), ts.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")} + args);
    QVERIFY2(ledgerd.url.isEmpty(), qPrintable(ledgerd.url));
    QCOMPARE(ledgerd.stop(), status);
    QVERIFY2(ledgerd.errors().contains(QStringLiteral("error: %1: ").arg(code)), qPrintable(ledgerd.errors()));
    QCOMPARE(QDir(ts.dir()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), before);
    QCOMPARE(QDir(held).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral(".lake.lock")});
}

QTEST_GUILESS_MAIN(TestLedgerdLake)
#include "tst_ledgerdlake.moc"
