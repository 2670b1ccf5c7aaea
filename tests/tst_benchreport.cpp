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

QTEST_GUILESS_MAIN(TestBenchReport)
#include "tst_benchreport.moc"
