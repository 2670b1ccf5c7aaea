// What every AWS client of ours shares (src/aws): the server's clock read from the answers' Date
// headers (awsclock.h), and the backoff between attempts (awsretry.h). Times are given, not read:
// nothing here depends on this machine's clock or speed.
#include "aws/awsclock.h"
#include "aws/awsretry.h"

#include <QLocale>
#include <QtTest>

using namespace ledger::aws;

namespace {

// A moment on a whole second, as this machine's clock.
constexpr qint64 kLocal = 1'795'000'000'000;

QByteArray dateHeader(qint64 ms)
{
    return QLocale::c().toString(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'")).toLatin1();
}

} // namespace

class TestAwsClock : public QObject {
    Q_OBJECT
private slots:
    void serverTime_data();
    void serverTime();
    void neverGoesBack();
    void earliestBeforeAnyAnswerIsFiveMinutesBack();
    void answersNarrowTheBounds();
    void backoffCaps_data();
    void backoffCaps();
    void budgetCountsAttempts();
};

void TestAwsClock::serverTime_data()
{
    // The server's clock minus this machine's (its Date header is that, to the second), and what
    // now() adds to this machine's clock after one answer sent at kLocal and answered 50 ms later.
    QTest::addColumn<qint64>("serverAhead");
    QTest::addColumn<QByteArray>("date");
    QTest::addColumn<qint64>("correction");
    QTest::addColumn<qint64>("earliest"); // earliestNow's correction
    QTest::newRow("agrees") << qint64(0) << dateHeader(kLocal) << qint64(0) << qint64(-50);
    // The header's second was read up to 50 ms after it began: at least 599.95 s ahead.
    QTest::newRow("ten minutes ahead") << qint64(600'000) << dateHeader(kLocal + 600'000) << qint64(599'950) << qint64(599'950);
    // At most 598 s behind (the second it names may have lasted up to 2 s at the server).
    QTest::newRow("ten minutes behind") << qint64(-600'000) << dateHeader(kLocal - 600'000) << qint64(-598'000) << qint64(-600'050);
    QTest::newRow("no date") << qint64(0) << QByteArray("yesterday") << qint64(0) << qint64(-300'000);
}

void TestAwsClock::serverTime()
{
    QFETCH(QByteArray, date);
    QFETCH(qint64, correction);
    QFETCH(qint64, earliest);
    ServerClock clock;
    clock.learn(date, kLocal, kLocal + 50);
    QCOMPARE(clock.nowAt(kLocal + 100).toMSecsSinceEpoch(), kLocal + 100 + correction);
    QCOMPARE(clock.earliestNowAt(kLocal + 100).toMSecsSinceEpoch(), kLocal + 100 + earliest);
}

void TestAwsClock::neverGoesBack()
{
    // Read before the first answer says the server is behind: now() waits for it, never goes back
    // (a lease must not come back to life).
    ServerClock clock;
    QCOMPARE(clock.nowAt(kLocal).toMSecsSinceEpoch(), kLocal);
    clock.learn(dateHeader(kLocal - 600'000), kLocal, kLocal + 50);
    QCOMPARE(clock.nowAt(kLocal + 100).toMSecsSinceEpoch(), kLocal);
    QCOMPARE(clock.nowAt(kLocal + 598'500).toMSecsSinceEpoch(), kLocal + 500);
}

void TestAwsClock::earliestBeforeAnyAnswerIsFiveMinutesBack()
{
    const ServerClock clock;
    QCOMPARE(clock.earliestNowAt(kLocal).toMSecsSinceEpoch(), kLocal - 300'000);
}

void TestAwsClock::answersNarrowTheBounds()
{
    // Ahead by 10 min 0.7 s: the first answer (its header's second read 50 ms in) says at least
    // 599.95 s; a second one, read when the server's second had just turned, says 600.7 s.
    ServerClock clock;
    clock.learn(dateHeader(kLocal + 600'000), kLocal, kLocal + 50);
    clock.learn(dateHeader(kLocal + 601'000), kLocal + 250, kLocal + 300);
    QCOMPARE(clock.nowAt(kLocal + 1000).toMSecsSinceEpoch(), kLocal + 1000 + 600'700);
    // An answer outside the bounds (the server's clock was set back) starts them again.
    clock.learn(dateHeader(kLocal + 2000), kLocal + 2000, kLocal + 2000);
    QCOMPARE(clock.earliestNowAt(kLocal + 3000).toMSecsSinceEpoch(), kLocal + 3000);
}

void TestAwsClock::backoffCaps_data()
{
    QTest::addColumn<int>("retry");
    QTest::addColumn<qint64>("capMs");
    QTest::newRow("first") << 1 << qint64(25);
    QTest::newRow("second") << 2 << qint64(50);
    QTest::newRow("seventh") << 7 << qint64(1600);
    QTest::newRow("eighth: capped") << 8 << qint64(2000);
    QTest::newRow("fortieth: capped") << 40 << qint64(2000);
    QTest::newRow("zero: as the first") << 0 << qint64(25);
}

void TestAwsClock::backoffCaps()
{
    QFETCH(int, retry);
    QFETCH(qint64, capMs);
    QCOMPARE(backoffCapMs(retry), capMs);
}

void TestAwsClock::budgetCountsAttempts()
{
    const RetryBudget three(3, 3'600'000);
    QVERIFY(three.allowsAnother(1));
    QVERIFY(three.allowsAnother(2));
    QVERIFY(!three.allowsAnother(3));
    const RetryBudget noTime(10, 0);
    QVERIFY(!noTime.allowsAnother(1));
}

QTEST_GUILESS_MAIN(TestAwsClock)
#include "tst_awsclock.moc"
