// tst_clientlimits: who a client is (its address; IPv6 by its /64), and the pace of wrong tokens one
// address may send before it waits (a token bucket, its clock given by the test).
#include "clientlimits.h"

#include <QTest>

using namespace ledger::api;

class TestClientLimits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void clientKeys_data();
    void clientKeys();
    void aBurstThenOneEveryRefill();
    void addressesAreApart();
    void memoryStaysBounded();
};

void TestClientLimits::clientKeys_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QByteArray>("key");
    QTest::newRow("IPv4") << QStringLiteral("127.0.0.2") << QByteArray("127.0.0.2");
    QTest::newRow("IPv4-mapped IPv6") << QStringLiteral("::ffff:10.1.2.3") << QByteArray("10.1.2.3");
    QTest::newRow("IPv6 by its /64") << QStringLiteral("2001:db8:1:2:aaaa:bbbb:cccc:dddd") << QByteArray("2001:db8:1:2::/64");
    QTest::newRow("another host of that /64") << QStringLiteral("2001:db8:1:2::1") << QByteArray("2001:db8:1:2::/64");
    QTest::newRow("IPv6 loopback") << QStringLiteral("::1") << QByteArray("::/64");
}

void TestClientLimits::clientKeys()
{
    QFETCH(QString, address);
    QFETCH(QByteArray, key);
    QCOMPARE(clientKey(QHostAddress(address)), key);
}

void TestClientLimits::aBurstThenOneEveryRefill()
{
    AuthThrottle t(3, 1000);
    const QByteArray a = "10.0.0.1";
    QCOMPARE(t.waitMs(a, 0), qint64(0));
    t.failed(a, 0);
    t.failed(a, 0);
    QCOMPARE(t.waitMs(a, 0), qint64(0)); // one left of the burst
    t.failed(a, 0);
    QCOMPARE(t.waitMs(a, 0), qint64(1000)); // none left: one comes back in a second
    QCOMPARE(t.waitMs(a, 400), qint64(600));
    QCOMPARE(t.waitMs(a, 1000), qint64(0));
    t.failed(a, 1000); // that one spent at once
    QCOMPARE(t.waitMs(a, 1000), qint64(1000));
    QCOMPARE(t.waitMs(a, 1999), qint64(1));
    // Left alone, the bucket fills to the burst and no further.
    QCOMPARE(t.waitMs(a, 60'000), qint64(0));
    t.failed(a, 60'000);
    t.failed(a, 60'000);
    t.failed(a, 60'000);
    QCOMPARE(t.waitMs(a, 60'000), qint64(1000));
}

void TestClientLimits::addressesAreApart()
{
    AuthThrottle t(1, 1000);
    t.failed("10.0.0.1", 0);
    QCOMPARE(t.waitMs("10.0.0.1", 0), qint64(1000));
    QCOMPARE(t.waitMs("10.0.0.2", 0), qint64(0));
}

void TestClientLimits::memoryStaysBounded()
{
    AuthThrottle t(2, 1000, 100);
    for (int i = 0; i < 1000; ++i)
        t.failed("10.0.0." + QByteArray::number(i), i);
    QVERIFY2(t.clients() <= 100, qPrintable(QString::number(t.clients())));
    // The emptiest stay: one that failed twice (its bucket at 0) is still throttled after a flood
    // of addresses that failed once.
    AuthThrottle u(2, 1'000'000, 10);
    u.failed("guesser", 0);
    u.failed("guesser", 0);
    for (int i = 0; i < 50; ++i)
        u.failed("other" + QByteArray::number(i), 1);
    QVERIFY(u.waitMs("guesser", 2) > 0);
    QVERIFY(u.clients() <= 10);
}

QTEST_GUILESS_MAIN(TestClientLimits)
#include "tst_clientlimits.moc"
