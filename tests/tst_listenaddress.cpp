// "HOST:PORT" as ledgerd --listen and ledgerctl serve --ws take it (interchange/listenaddress.h):
// one parser for both, each program keeping its own rule about which addresses it may use.
#include "interchange/listenaddress.h"

#include <QTest>

using namespace ledger;

class TestListenAddress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parses_data();
    void parses();
};

void TestListenAddress::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("address"); // empty: refused
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("urlHost");
    QTest::addColumn<QString>("why");
    QTest::newRow("IPv4") << "127.0.0.1:8080"
                          << "127.0.0.1" << 8080 << "127.0.0.1"
                          << "";
    QTest::newRow("any port") << "127.0.0.1:0"
                              << "127.0.0.1" << 0 << "127.0.0.1"
                              << "";
    QTest::newRow("IPv6 in brackets") << "[::1]:443"
                                      << "::1" << 443 << "[::1]"
                                      << "";
    QTest::newRow("localhost") << "localhost:65535"
                               << "127.0.0.1" << 65535 << "127.0.0.1"
                               << "";
    QTest::newRow("every interface") << "0.0.0.0:80"
                                     << "0.0.0.0" << 80 << "0.0.0.0"
                                     << "";
    QTest::newRow("no port") << "8080"
                             << "" << 0 << ""
                             << "not HOST:PORT";
    QTest::newRow("no host") << ":8080"
                             << "" << 0 << ""
                             << "not HOST:PORT";
    QTest::newRow("a name") << "example.com:80"
                            << "" << 0 << ""
                            << "example.com is not an IP address or localhost";
    QTest::newRow("port too big") << "127.0.0.1:65536"
                                  << "" << 0 << ""
                                  << "the port is not a whole number from 0 to 65535";
    QTest::newRow("signed port") << "127.0.0.1:+80"
                                 << "" << 0 << ""
                                 << "the port is not a whole number";
    QTest::newRow("empty port") << "127.0.0.1:"
                                << "" << 0 << ""
                                << "the port is not a whole number";
    QTest::newRow("fullwidth digits") << QStringLiteral("127.0.0.1:\uFF18\uFF10") << "" << 0 << ""
                                      << "the port is not a whole number";
    QTest::newRow("spaces") << "127.0.0.1: 80"
                            << "" << 0 << ""
                            << "the port is not a whole number";
}

void TestListenAddress::parses()
{
    QFETCH(QString, text);
    QFETCH(QString, address);
    QFETCH(int, port);
    QFETCH(QString, urlHost);
    QFETCH(QString, why);
    const auto parsed = parseListenAddress(text, QStringLiteral("--listen"), QStringLiteral("127.0.0.1:8080"));
    if (address.isEmpty()) {
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().code, ErrorCode::InvalidArgument);
        const QString message = parsed.error().message;
        QVERIFY2(message.startsWith(QStringLiteral("--listen %1: ").arg(text)), qPrintable(message));
        QVERIFY2(message.contains(why), qPrintable(message));
        QVERIFY2(message.endsWith(QLatin1String("(like 127.0.0.1:8080)")), qPrintable(message));
        return;
    }
    QVERIFY2(parsed.ok(), qPrintable(parsed.error().toString()));
    QCOMPARE(parsed->address, QHostAddress(address));
    QCOMPARE(int(parsed->port), port);
    QCOMPARE(parsed->urlHost(), urlHost);
}

QTEST_GUILESS_MAIN(TestListenAddress)
#include "tst_listenaddress.moc"
