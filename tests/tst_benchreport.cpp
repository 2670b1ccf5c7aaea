// `ledgerctl bench` fails (audit-findings) when any scratch store was not audit clean: the search
// for an unclean run must look into every place a run can sit in a report — a scenario's own
// object, `bench all`'s object of scenarios, the shards scenario's layouts, and the runs the
// median was not taken from (medianOfRuns copies their finding onto the chosen run).
#include "benchreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace ledger::cli;

class TestBenchReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uncleanAudit_data();
    void uncleanAudit();
    void durabilityInTheEnginesWords_data();
    void durabilityInTheEnginesWords();
};

void TestBenchReport::uncleanAudit_data()
{
    QTest::addColumn<QByteArray>("report");
    QTest::addColumn<QString>("expected");
    QTest::newRow("clean transfers") << QByteArray(R"({"scenario":"transfers","auditClean":true,"latencyMs":{"p99":1}})") << QString();
    QTest::newRow("raw has no audit") << QByteArray(R"({"scenario":"raw","byThreads":[{"threads":1}]})") << QString();
    QTest::newRow("unclean transfers") << QByteArray(
        R"({"scenario":"transfers","auditClean":false,"auditError":"audit-findings: 2 findings"})")
                                       << QStringLiteral("transfers: audit-findings: 2 findings");
    QTest::newRow("unclean without a reason") << QByteArray(R"({"scenario":"seed","auditClean":false})")
                                              << QStringLiteral("seed: not clean");
    QTest::newRow("one shard layout of three") << QByteArray(
        R"({"scenario":"shards","layouts":[{"scenario":"transfers","auditClean":true},)"
        R"({"scenario":"transfers","auditClean":false,"auditError":"x"},{"auditClean":true}]})")
                                               << QStringLiteral("transfers: x");
    QTest::newRow("inside bench all") << QByteArray(
        R"({"scenario":"all","raw":{"scenario":"raw"},"recover":{"scenario":"recover","auditClean":false,"auditError":"y"}})")
                                      << QStringLiteral("recover: y");
    QTest::newRow("all clean inside bench all") << QByteArray(
        R"({"scenario":"all","transfers":{"scenario":"transfers","auditClean":true},"shards":{"layouts":[{"auditClean":true}]}})")
                                                << QString();
    QTest::newRow("a string false is not a finding") << QByteArray(R"({"scenario":"transfers","auditClean":"false"})") << QString();
}

void TestBenchReport::uncleanAudit()
{
    QFETCH(QByteArray, report);
    QFETCH(QString, expected);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(report, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(firstUncleanAudit(doc.object()), expected);
}

void TestBenchReport::durabilityInTheEnginesWords_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<ledger::Durability>("durability");
    QTest::addColumn<QString>("words");
    QTest::addColumn<QString>("storeLine");
    QTest::newRow("sqlite normal") << false << ledger::Durability::Normal << QStringLiteral("NORMAL")
                                   << QStringLiteral("one file, synchronous=NORMAL");
    QTest::newRow("sqlite full") << false << ledger::Durability::Full << QStringLiteral("FULL")
                                 << QStringLiteral("one file, synchronous=FULL");
    QTest::newRow("postgresql fsync on") << true << ledger::Durability::Full << QStringLiteral("synchronous_commit=on, fsync=on")
                                         << QStringLiteral("one PostgreSQL database, synchronous_commit=on, fsync=on");
    QTest::newRow("postgresql fsync off") << true << ledger::Durability::Normal << QStringLiteral("synchronous_commit=on, fsync=off")
                                          << QStringLiteral("one PostgreSQL database, synchronous_commit=on, fsync=off");
}

// bench --json on PostgreSQL used to say "NORMAL", SQLite's word, of a server with fsync off.
void TestBenchReport::durabilityInTheEnginesWords()
{
    QFETCH(bool, postgres);
    QFETCH(ledger::Durability, durability);
    QFETCH(QString, words);
    QFETCH(QString, storeLine);
    QCOMPARE(durabilityWords(postgres, durability), words);
    const QJsonObject report{{QStringLiteral("scenario"), QStringLiteral("raw")},
                             {QStringLiteral("store"), postgres ? QStringLiteral("one PostgreSQL database") : QStringLiteral("one file")},
                             {QStringLiteral("kind"), postgres ? QStringLiteral("postgresql") : QStringLiteral("sqlite")},
                             {QStringLiteral("durability"), words},
                             {QStringLiteral("byThreads"), QJsonArray()}};
    QVERIFY2(renderBenchReport(report).contains(storeLine), qPrintable(renderBenchReport(report)));
}

QTEST_GUILESS_MAIN(TestBenchReport)
#include "tst_benchreport.moc"
