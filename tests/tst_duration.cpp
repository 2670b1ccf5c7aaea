// Durations as operators type them (90s, 30m, 2h, 1h30m) and as ages are shown.
#include "ledger/duration.h"

#include <QTest>

using namespace ledger;

class TestDuration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parse_data();
    void parse();
    void messagesSayWhatIsWrong_data();
    void messagesSayWhatIsWrong();
    void format_data();
    void format();
};

void TestDuration::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("seconds") << "90s" << true << qint64(90'000);
    QTest::newRow("minutes") << "30m" << true << qint64(1'800'000);
    QTest::newRow("hours") << "2h" << true << qint64(7'200'000);
    QTest::newRow("days") << "1d" << true << qint64(86'400'000);
    QTest::newRow("milliseconds") << "500ms" << true << qint64(500);
    QTest::newRow("zero") << "0s" << true << qint64(0);
    QTest::newRow("compound") << "1h30m" << true << qint64(5'400'000);
    QTest::newRow("compound with ms") << "1m5s250ms" << true << qint64(65'250);
    QTest::newRow("a century") << "36525d" << true << qint64(36525) * 86'400'000;
    QTest::newRow("empty") << "" << false << qint64(0);
    QTest::newRow("no unit") << "90" << false << qint64(0);
    QTest::newRow("unit only") << "s" << false << qint64(0);
    QTest::newRow("unknown unit") << "5x" << false << qint64(0);
    QTest::newRow("weeks are not a unit") << "2w" << false << qint64(0);
    QTest::newRow("decimal") << "1.5h" << false << qint64(0);
    QTest::newRow("negative") << "-5s" << false << qint64(0);
    QTest::newRow("plus") << "+5s" << false << qint64(0);
    QTest::newRow("space") << "5 s" << false << qint64(0);
    QTest::newRow("leading space") << " 5s" << false << qint64(0);
    QTest::newRow("upper case") << "5S" << false << qint64(0);
    QTest::newRow("fullwidth") << QString(QChar(0xFF15)) + "s" << false << qint64(0);
    QTest::newRow("past a century") << "36526d" << false << qint64(0);
    QTest::newRow("huge number") << "99999999999999999999s" << false << qint64(0);
    QTest::newRow("sum past a century") << "36525d1s" << false << qint64(0);
    QTest::newRow("a unit twice") << "1m1m" << false << qint64(0);
    QTest::newRow("smaller unit first") << "30m1h" << false << qint64(0);
    QTest::newRow("min is not a unit") << "30min" << false << qint64(0);
}

void TestDuration::messagesSayWhatIsWrong_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("a unit spelt out") << "30min"
                                      << "the unit \"min\"";
    QTest::newRow("seconds spelt out") << "90sec"
                                       << "the unit \"sec\"";
    QTest::newRow("a unit twice") << "1m1m"
                                  << "repeats a unit";
    QTest::newRow("no unit") << "90"
                             << "needs a unit";
    QTest::newRow("no digits") << "m"
                               << "ASCII digits";
}

void TestDuration::messagesSayWhatIsWrong()
{
    // `--stuck-for 30min` once said "must start each part with ASCII digits" (it read 30m, then
    // "in"), and 1m1m was taken for two minutes.
    QFETCH(QString, text);
    QFETCH(QString, says);
    const auto r = duration::parse(text);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.contains(says), qPrintable(r.error().message));
}

void TestDuration::parse()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, ms);
    const auto r = duration::parse(text);
    QCOMPARE(r.ok(), ok);
    if (ok)
        QCOMPARE(*r, ms);
    else
        QCOMPARE(r.code(), ErrorCode::InvalidDuration);
}

void TestDuration::format_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("ms") << qint64(850) << "850ms";
    QTest::newRow("s") << qint64(42'000) << "42s";
    QTest::newRow("m s") << qint64(200'000) << "3m 20s";
    QTest::newRow("m") << qint64(180'000) << "3m";
    QTest::newRow("h m") << qint64(7'500'000) << "2h 5m";
    QTest::newRow("d h") << qint64(273'600'000) << "3d 4h";
    QTest::newRow("negative") << qint64(-42'000) << "-42s";
}

void TestDuration::format()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(duration::format(ms), text);
}

QTEST_GUILESS_MAIN(TestDuration)
#include "tst_duration.moc"
