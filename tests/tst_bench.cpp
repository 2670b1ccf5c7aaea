// `ledgerctl bench`, the real binary on small counts: each scenario's JSON has the figures the
// README quotes, they agree with each other (efficiency is computed from the other three), the
// ledger it measured is audited clean, the scratch store is gone afterwards, and bad options
// are refused with their code word before anything is made.
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace ledger;
using namespace ledger::test;

class TestBench : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transfers();
    void transfersByThreads();
    void raw();
    void recover();
    void seed();
    void fullSync();
    void readableTable();
    void keep();
    void console_data();
    void console();
    void refusals_data();
    void refusals();

private:
    // Runs `bench ARGS --json --dir <fresh dir>`; the object it printed.
    QJsonObject benchJson(const QStringList &args);
    QTemporaryDir m_dir;
};

QJsonObject TestBench::benchJson(const QStringList &args)
{
    const ProcessResult r = runLedgerctl(QStringList{QStringLiteral("bench")} + args
                                             + QStringList{QStringLiteral("--json"), QStringLiteral("--dir"), m_dir.path()},
                                         QProcessEnvironment::systemEnvironment(), 240'000);
    if (r.exitCode != 0)
        qWarning("ledgerctl bench failed (%d): %s", r.exitCode, qPrintable(r.err));
    [&] { QCOMPARE(r.exitCode, 0); }();
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    [&] { QVERIFY2(doc.isObject(), qPrintable(error.errorString() + QStringLiteral(": ") + r.out)); }();
    // Scratch stores never outlive the run.
    [&] { QCOMPARE(QDir(m_dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList()); }();
    return doc.object();
}

void TestBench::transfers()
{
    const QJsonObject o = benchJson({QStringLiteral("transfers"), QStringLiteral("--count"), QStringLiteral("400"),
                                     QStringLiteral("--accounts"), QStringLiteral("20"), QStringLiteral("--raw-commits"),
                                     QStringLiteral("500"), QStringLiteral("--runs"), QStringLiteral("2")});
    QCOMPARE(o.value(QStringLiteral("scenario")).toString(), QStringLiteral("transfers"));
    QCOMPARE(o.value(QStringLiteral("threads")).toInt(), 4);
    QCOMPARE(o.value(QStringLiteral("durability")).toString(), QStringLiteral("NORMAL"));
    QCOMPARE(o.value(QStringLiteral("runs")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("transfersPerSecondAllRuns")).toArray().size(), 2);
    QCOMPARE(o.value(QStringLiteral("failed")).toInt(), 0);
    QCOMPARE(o.value(QStringLiteral("completed")).toInt(), 400);
    QVERIFY(o.value(QStringLiteral("auditClean")).toBool());
    // Counted by the step hook, not assumed: insert, claim, 2 holds, applied, 2 posts, done.
    QCOMPARE(o.value(QStringLiteral("writesPerTransfer")).toDouble(), 8.0);
    const double tps = o.value(QStringLiteral("transfersPerSecond")).toDouble();
    const double raw = o.value(QStringLiteral("rawCommitsPerSecond")).toDouble();
    QVERIFY(tps > 0);
    QVERIFY(raw > 0);
    QCOMPARE(o.value(QStringLiteral("efficiency")).toDouble(), tps * 8.0 / raw);
    const QJsonObject l = o.value(QStringLiteral("latencyMs")).toObject();
    QCOMPARE(l.value(QStringLiteral("count")).toInt(), 400);
    QVERIFY(l.value(QStringLiteral("p50")).toDouble() > 0);
    QVERIFY(l.value(QStringLiteral("p50")).toDouble() <= l.value(QStringLiteral("p95")).toDouble());
    QVERIFY(l.value(QStringLiteral("p95")).toDouble() <= l.value(QStringLiteral("p99")).toDouble());
    QVERIFY(l.value(QStringLiteral("p99")).toDouble() <= l.value(QStringLiteral("max")).toDouble());
}

void TestBench::transfersByThreads()
{
    // --threads as a list: each count measured in turn, each with the one-transaction baseline,
    // the batch sizes and pages per write of its run.
    const QJsonObject o =
        benchJson({QStringLiteral("transfers"), QStringLiteral("--threads"), QStringLiteral("1,3"), QStringLiteral("--count"),
                   QStringLiteral("150"), QStringLiteral("--accounts"), QStringLiteral("12"), QStringLiteral("--raw-commits"),
                   QStringLiteral("200"), QStringLiteral("--runs"), QStringLiteral("1")});
    QCOMPARE(o.value(QStringLiteral("threads")).toArray(), (QJsonArray{1, 3}));
    const QJsonArray byThreads = o.value(QStringLiteral("byThreads")).toArray();
    QCOMPARE(byThreads.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject r = byThreads.at(i).toObject();
        QCOMPARE(r.value(QStringLiteral("threads")).toInt(), i == 0 ? 1 : 3);
        QCOMPARE(r.value(QStringLiteral("completed")).toInt(), 150);
        QVERIFY(r.value(QStringLiteral("auditClean")).toBool());
        const double native = r.value(QStringLiteral("nativeTransfersPerSecond")).toDouble();
        QVERIFY(native > 0);
        QCOMPARE(r.value(QStringLiteral("nativeRatio")).toDouble(), r.value(QStringLiteral("transfersPerSecond")).toDouble() / native);
        const QJsonObject batches = r.value(QStringLiteral("batches")).toObject();
        QVERIFY(batches.value(QStringLiteral("batches")).toInt() > 0);
        QVERIFY(batches.value(QStringLiteral("pagesPerWrite")).toDouble() > 1);
        qint64 counted = 0;
        const QJsonObject histogram = batches.value(QStringLiteral("histogram")).toObject();
        for (auto it = histogram.constBegin(); it != histogram.constEnd(); ++it)
            counted += it.value().toInteger();
        QCOMPARE(counted, batches.value(QStringLiteral("batches")).toInteger());
        if (i == 0) // one thread: every batch is one write, nobody waits for company
            QCOMPARE(histogram.value(QStringLiteral("1")).toInteger(), counted);
    }
}

void TestBench::raw()
{
    const QJsonObject o =
        benchJson({QStringLiteral("raw"), QStringLiteral("--raw-commits"), QStringLiteral("2000"), QStringLiteral("--accounts"),
                   QStringLiteral("8"), QStringLiteral("--threads"), QStringLiteral("3"), QStringLiteral("--runs"), QStringLiteral("1")});
    const QJsonArray byThreads = o.value(QStringLiteral("byThreads")).toArray();
    QCOMPARE(byThreads.size(), 2);
    QCOMPARE(byThreads.at(0).toObject().value(QStringLiteral("threads")).toInt(), 1);
    QCOMPARE(byThreads.at(1).toObject().value(QStringLiteral("threads")).toInt(), 3);
    for (const QJsonValue &v : byThreads) {
        QCOMPARE(v.toObject().value(QStringLiteral("commits")).toInt(), 2000);
        QVERIFY(v.toObject().value(QStringLiteral("commitsPerSecond")).toDouble() > 0);
    }
    QCOMPARE(o.value(QStringLiteral("rawCommitsPerSecond")), byThreads.at(1).toObject().value(QStringLiteral("commitsPerSecond")));
}

void TestBench::recover()
{
    const QJsonObject o = benchJson({QStringLiteral("recover"), QStringLiteral("--count"), QStringLiteral("120"),
                                     QStringLiteral("--accounts"), QStringLiteral("20"), QStringLiteral("--runs"), QStringLiteral("1")});
    QCOMPARE(o.value(QStringLiteral("stuck")).toInt(), 120);
    QCOMPARE(o.value(QStringLiteral("drained")).toInt(), 120);
    // Every unfinished state was in the backlog: 12 of each of the 10 kinds.
    const QJsonObject byState = o.value(QStringLiteral("stuckByState")).toObject();
    QCOMPARE(byState.value(QStringLiteral("initial")).toInt(), 12);
    QCOMPARE(byState.value(QStringLiteral("pending")).toInt(), 36);
    QCOMPARE(byState.value(QStringLiteral("applied")).toInt(), 36);
    QCOMPARE(byState.value(QStringLiteral("canceling")).toInt(), 36);
    // Applied ones finish; pending and initial ones are resumed to done; canceling ones cancel.
    const QJsonObject outcomes = o.value(QStringLiteral("outcomes")).toObject();
    QCOMPARE(outcomes.value(QStringLiteral("done")).toInt(), 84);
    QCOMPARE(outcomes.value(QStringLiteral("canceled")).toInt(), 36);
    QVERIFY(o.value(QStringLiteral("transactionsPerSecond")).toDouble() > 0);
    QVERIFY(o.value(QStringLiteral("ratioToTransfers")).toDouble() > 0);
    QVERIFY(o.value(QStringLiteral("auditClean")).toBool());
}

void TestBench::seed()
{
    const QJsonObject o = benchJson({QStringLiteral("seed"), QStringLiteral("--iterations"), QStringLiteral("3"),
                                     QStringLiteral("--per-iteration"), QStringLiteral("40"), QStringLiteral("--slice"),
                                     QStringLiteral("200ms"), QStringLiteral("--accounts"), QStringLiteral("20")});
    QCOMPARE(o.value(QStringLiteral("iterations")).toInt(), 3);
    QCOMPARE(o.value(QStringLiteral("latencyMs")).toObject().value(QStringLiteral("count")).toInt(), 120);
    // The last slice starts 400 ms in: the runtime cannot be shorter.
    QVERIFY(o.value(QStringLiteral("runtimeSeconds")).toDouble() >= 0.4);
    QCOMPARE(o.value(QStringLiteral("failed")).toInt(), 0);
    QVERIFY(o.value(QStringLiteral("auditClean")).toBool());
    const QJsonObject wt = o.value(QStringLiteral("published")).toObject().value(QStringLiteral("wiredTiger")).toObject();
    QCOMPARE(wt.value(QStringLiteral("runtimeSeconds")).toDouble(), 46.653);
}

void TestBench::fullSync()
{
    const QJsonObject o = benchJson({QStringLiteral("transfers"), QStringLiteral("--sync"), QStringLiteral("full"),
                                     QStringLiteral("--count"), QStringLiteral("50"), QStringLiteral("--accounts"), QStringLiteral("8"),
                                     QStringLiteral("--raw-commits"), QStringLiteral("50"), QStringLiteral("--runs"), QStringLiteral("1")});
    QCOMPARE(o.value(QStringLiteral("durability")).toString(), QStringLiteral("FULL"));
    QVERIFY(o.value(QStringLiteral("auditClean")).toBool());
}

void TestBench::readableTable()
{
    const ProcessResult r =
        runLedgerctl({QStringLiteral("bench"), QStringLiteral("transfers"), QStringLiteral("--count"), QStringLiteral("100"),
                      QStringLiteral("--accounts"), QStringLiteral("10"), QStringLiteral("--raw-commits"), QStringLiteral("200"),
                      QStringLiteral("--runs"), QStringLiteral("1"), QStringLiteral("--dir"), m_dir.path()});
    QCOMPARE(r.exitCode, 0);
    for (const char *line : {"transfers/s", "raw commits/s", "writes per transfer", "protocol efficiency", "latency ms",
                             "synchronous=NORMAL", "audit afterwards     clean"})
        QVERIFY2(r.out.contains(QLatin1String(line)), line);
    // Progress goes to stderr, so stdout stays the report.
    QVERIFY(r.err.contains(QLatin1String("bench: creating 10 funded accounts")));
}

void TestBench::keep()
{
    QTemporaryDir dir;
    const ProcessResult r = runLedgerctl({QStringLiteral("bench"), QStringLiteral("raw"), QStringLiteral("--raw-commits"),
                                          QStringLiteral("10"), QStringLiteral("--accounts"), QStringLiteral("4"), QStringLiteral("--runs"),
                                          QStringLiteral("1"), QStringLiteral("--keep"), QStringLiteral("--dir"), dir.path()});
    QCOMPARE(r.exitCode, 0);
    const QStringList kept = QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::Dirs);
    QCOMPARE(kept.size(), 1);
    QVERIFY(r.err.contains(kept.first()));
    QVERIFY(QFileInfo::exists(QDir(dir.path()).filePath(kept.first() + QStringLiteral("/bench.db"))));
}

void TestBench::console_data()
{
    QTest::addColumn<QStringList>("layout");
    QTest::newRow("one file") << QStringList{};
    // The fixture places each row in the shard the store looks in (tst_tallies checks the rows).
    QTest::newRow("two shards") << QStringList{QStringLiteral("--shards"), QStringLiteral("2")};
}

void TestBench::console()
{
#ifndef LEDGERDESK_PATH
    QSKIP("built without the console");
#else
    QFETCH(QStringList, layout);
    const QJsonObject o = benchJson(QStringList{QStringLiteral("console"), QStringLiteral("--rows"), QStringLiteral("5000"),
                                                QStringLiteral("--console-binary"), QStringLiteral(LEDGERDESK_PATH)}
                                    + layout);
    QCOMPARE(o.value(QStringLiteral("rows")).toInt(), 5000);
    QCOMPARE(o.value(QStringLiteral("shards")).toInt(), layout.isEmpty() ? 0 : 2);
    const QJsonArray timings = o.value(QStringLiteral("timings")).toArray();
    QStringList steps;
    for (const QJsonValue &t : timings) {
        steps << t.toObject().value(QStringLiteral("what")).toString();
        QVERIFY(t.toObject().value(QStringLiteral("ms")).toDouble() > 0);
    }
    QCOMPARE(steps,
             (QStringList{QStringLiteral("open + first page"), QStringLiteral("jump to last row"), QStringLiteral("jump to the middle"),
                          QStringLiteral("scroll 50 pages from the middle, median page"),
                          QStringLiteral("scroll 50 pages from the middle, slowest page"), QStringLiteral("switch to one state (canceled)"),
                          QStringLiteral("switch back to all states"), QStringLiteral("sort by age"), QStringLiteral("sort by state"),
                          QStringLiteral("jump to the middle, sorted by state"), QStringLiteral("sort by id"),
                          QStringLiteral("jump to the middle, sorted by id")}));
    QVERIFY(o.value(QStringLiteral("peakRssMb")).toDouble() > 10);
#endif
}

void TestBench::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("code");
    QTest::newRow("no scenario") << QStringList{} << QStringLiteral("missing-argument");
    QTest::newRow("unknown scenario") << QStringList{QStringLiteral("fastest")} << QStringLiteral("invalid-argument");
    QTest::newRow("sync") << QStringList{QStringLiteral("raw"), QStringLiteral("--sync"), QStringLiteral("sometimes")}
                          << QStringLiteral("invalid-argument");
    QTest::newRow("threads 0") << QStringList{QStringLiteral("raw"), QStringLiteral("--threads"), QStringLiteral("0")}
                               << QStringLiteral("invalid-argument");
    QTest::newRow("threads list for raw") << QStringList{QStringLiteral("raw"), QStringLiteral("--threads"), QStringLiteral("1,4")}
                                          << QStringLiteral("invalid-argument");
    QTest::newRow("threads list 1,x") << QStringList{QStringLiteral("transfers"), QStringLiteral("--threads"), QStringLiteral("1,x")}
                                      << QStringLiteral("invalid-argument");
    QTest::newRow("runs 0") << QStringList{QStringLiteral("raw"), QStringLiteral("--runs"), QStringLiteral("0")}
                            << QStringLiteral("invalid-argument");
    QTest::newRow("fewer accounts than threads") << QStringList{QStringLiteral("transfers"), QStringLiteral("--accounts"),
                                                                QStringLiteral("3"), QStringLiteral("--threads"), QStringLiteral("4")}
                                                 << QStringLiteral("invalid-argument");
    QTest::newRow("shard list") << QStringList{QStringLiteral("shards"), QStringLiteral("--shards"), QStringLiteral("1,two")}
                                << QStringLiteral("invalid-argument");
    QTest::newRow("shards 65") << QStringList{QStringLiteral("raw"), QStringLiteral("--shards"), QStringLiteral("65")}
                               << QStringLiteral("invalid-argument");
    QTest::newRow("slice") << QStringList{QStringLiteral("seed"), QStringLiteral("--slice"), QStringLiteral("soon")}
                           << QStringLiteral("invalid-duration");
    QTest::newRow("dir missing") << QStringList{QStringLiteral("raw"), QStringLiteral("--dir"), QStringLiteral("/nonexistent/place")}
                                 << QStringLiteral("invalid-argument");
    QTest::newRow("console binary") << QStringList{QStringLiteral("console"), QStringLiteral("--console-binary"),
                                                   QStringLiteral("/nonexistent/ledgerdesk")}
                                    << QStringLiteral("invalid-argument");
}

void TestBench::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, code);
    QTemporaryDir dir;
    const QStringList withDir = args.contains(QStringLiteral("--dir")) ? args : args + QStringList{QStringLiteral("--dir"), dir.path()};
    const ProcessResult r = runLedgerctl(QStringList{QStringLiteral("bench")} + withDir);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith(QStringLiteral("error: %1: ").arg(code)), qPrintable(r.err));
    QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList()); // nothing made
}

QTEST_GUILESS_MAIN(TestBench)
#include "tst_bench.moc"
