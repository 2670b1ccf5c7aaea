// ledgerd's /metrics text for what the alert rules read (packaging/prometheus): the stuck series
// for a literal reading, and a store that did not answer — written out, line by line.

#include "metrics.h"

#include <QTest>

using namespace ledger;
using namespace ledger::api;

class TestMetrics : public QObject {
    Q_OBJECT

private slots:
    void stuckByStateAndCause();
    void aStoreThatDidNotAnswerIsSaidNotHidden();
};

namespace {

QStringList samples(const QByteArray &text, const QString &prefix)
{
    QStringList out;
    for (const QByteArray &line : text.split('\n')) {
        if (line.startsWith(prefix.toUtf8()))
            out << QString::fromUtf8(line);
    }
    return out;
}

} // namespace

void TestMetrics::stuckByStateAndCause()
{
    StuckSummary s;
    s.stuck = 12;
    s.causes.groups = {{TxState::Pending, QString(), 7},
                       {TxState::Canceling, QStringLiteral("insufficient-funds"), 4},
                       {TxState::Applied, kOtherCause, 1}};
    s.oldestIdleMs = 7'380'250;
    const QByteArray text = Metrics().render(StuckReading{s, 30 * 60 * 1000}, GuardCounts{}, 0, nullptr);
    QCOMPARE(samples(text, QStringLiteral("ledgerd_store_up")), QStringList{"ledgerd_store_up 1"});
    QCOMPARE(samples(text, QStringLiteral("ledgerd_stuck_threshold_seconds")), QStringList{"ledgerd_stuck_threshold_seconds 1800"});
    QCOMPARE(samples(text, QStringLiteral("ledgerd_transactions_stuck")),
             (QStringList{"ledgerd_transactions_stuck 12", "ledgerd_transactions_stuck_by_cause{state=\"pending\",cause=\"none\"} 7",
                          "ledgerd_transactions_stuck_by_cause{state=\"canceling\",cause=\"insufficient-funds\"} 4",
                          "ledgerd_transactions_stuck_by_cause{state=\"applied\",cause=\"other\"} 1"}));
    QCOMPARE(samples(text, QStringLiteral("ledgerd_stuck_oldest_idle_seconds")), QStringList{"ledgerd_stuck_oldest_idle_seconds 7380.250"});
    QVERIFY(text.contains("# TYPE ledgerd_transactions_stuck_by_cause gauge\n"));
}

void TestMetrics::aStoreThatDidNotAnswerIsSaidNotHidden()
{
    // Answered all the same (a failed scrape would read as ledgerd down): the store is said to
    // be down, and no stuck figure is made up.
    const QByteArray text = Metrics().render(StuckReading{std::nullopt, 120'000}, GuardCounts{}, 0, nullptr);
    QCOMPARE(samples(text, QStringLiteral("ledgerd_store_up")), QStringList{"ledgerd_store_up 0"});
    QCOMPARE(samples(text, QStringLiteral("ledgerd_stuck_threshold_seconds")), QStringList{"ledgerd_stuck_threshold_seconds 120"});
    QCOMPARE(samples(text, QStringLiteral("ledgerd_transactions_stuck")), QStringList());
    QCOMPARE(samples(text, QStringLiteral("ledgerd_stuck_oldest")), QStringList());
    QVERIFY(text.contains("ledgerd_requests_in_flight 0\n")); // the rest is there
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
