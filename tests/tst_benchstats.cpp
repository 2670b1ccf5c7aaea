// The benchmark's statistics: nearest-rank percentiles (a reported p99 is a latency some
// transfer really had), population standard deviation, and the median of runs.
#include "bench/benchstats.h"

#include <QTest>

using namespace ledger::bench;

class TestBenchStats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void percentiles_data();
    void percentiles();
    void summary();
    void medians_data();
    void medians();
};

void TestBenchStats::percentiles_data()
{
    QTest::addColumn<QList<double>>("samples");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    QList<double> hundred;
    for (int i = 1; i <= 100; ++i)
        hundred << i;
    QTest::newRow("p50 of 1..100") << hundred << 50.0 << 50.0;
    QTest::newRow("p99 of 1..100") << hundred << 99.0 << 99.0;
    QTest::newRow("p100 of 1..100") << hundred << 100.0 << 100.0;
    QTest::newRow("p1 of 1..100") << hundred << 1.0 << 1.0;
    QTest::newRow("p99.9 rounds up to the max") << hundred << 99.9 << 100.0;
    QTest::newRow("one sample") << QList<double>{7} << 99.0 << 7.0;
    QTest::newRow("p75 of four") << QList<double>{1, 2, 3, 4} << 75.0 << 3.0;
    QTest::newRow("p76 of four") << QList<double>{1, 2, 3, 4} << 76.0 << 4.0;
    QTest::newRow("none") << QList<double>{} << 50.0 << 0.0;
}

void TestBenchStats::percentiles()
{
    QFETCH(QList<double>, samples);
    QFETCH(double, p);
    QFETCH(double, expected);
    QCOMPARE(percentileOfSorted(std::vector<double>(samples.begin(), samples.end()), p), expected);
}

void TestBenchStats::summary()
{
    // Given out of order: summarize sorts.
    const LatencyStats s = summarize({4, 2, 8, 6});
    QCOMPARE(s.count, qint64(4));
    QCOMPARE(s.mean, 5.0);
    QCOMPARE(s.stddev, std::sqrt(5.0)); // population: ((1+9+1+9)/4)
    QCOMPARE(s.min, 2.0);
    QCOMPARE(s.max, 8.0);
    QCOMPARE(s.p50, 4.0);
    QCOMPARE(s.p75, 6.0);
    QCOMPARE(s.p99, 8.0);
    QCOMPARE(summarize({}).count, qint64(0));
}

void TestBenchStats::medians_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("expected");
    QTest::newRow("odd") << QList<double>{3, 1, 2} << 2.0;
    QTest::newRow("even") << QList<double>{4, 1, 3, 2} << 2.5;
    QTest::newRow("one") << QList<double>{9} << 9.0;
    QTest::newRow("none") << QList<double>{} << 0.0;
}

void TestBenchStats::medians()
{
    QFETCH(QList<double>, values);
    QFETCH(double, expected);
    QCOMPARE(median(std::vector<double>(values.begin(), values.end())), expected);
}

QTEST_GUILESS_MAIN(TestBenchStats)
#include "tst_benchstats.moc"
