// The transfer checks shared by ledgerctl and the console's dialog, field by field.
#include "protocol/transferinput.h"

#include <QTest>

using namespace ledger;

class TestTransferInput : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fields_data();
    void fields();
    void withoutAScaleNoRequestIsMade();
};

void TestTransferInput::fields_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("memo");
    QTest::addColumn<QString>("key"); // "<none>" for no key
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("code");
    QTest::addColumn<qint64>("minor"); // the request's amount in minor units, written out (-1: no request)
    // clang-format off
    QTest::newRow("valid") << "alice" << "bob" << "12.34" << "rent" << "k-1" << "" << "ok" << qint64(1234);
    QTest::newRow("valid without key") << "alice" << "bob" << "12" << "" << "<none>" << "" << "ok" << qint64(1200);
    QTest::newRow("world as source") << "@world" << "bob" << "12" << "" << "<none>" << "" << "ok" << qint64(1200);
    QTest::newRow("one decimal") << "alice" << "bob" << "0.5" << "" << "<none>" << "" << "ok" << qint64(50);
    QTest::newRow("one cent") << "alice" << "bob" << "0.01" << "" << "<none>" << "" << "ok" << qint64(1);
    QTest::newRow("the largest amount") << "alice" << "bob" << "92233720368547758.07" << "" << "<none>" << "" << "ok"
                                        << qint64(9223372036854775807LL);
    QTest::newRow("empty source") << "" << "bob" << "12" << "" << "<none>" << "source" << "invalid-account-id" << qint64(-1);
    QTest::newRow("bad destination") << "alice" << "b b" << "12" << "" << "<none>" << "destination" << "invalid-account-id" << qint64(-1);
    QTest::newRow("same account") << "alice" << "alice" << "12" << "" << "<none>" << "destination" << "same-account" << qint64(-1);
    QTest::newRow("negative amount") << "alice" << "bob" << "-1" << "" << "<none>" << "amount" << "invalid-amount" << qint64(-1);
    QTest::newRow("too many decimals") << "alice" << "bob" << "0.001" << "" << "<none>" << "amount" << "invalid-amount" << qint64(-1);
    QTest::newRow("bad memo") << "alice" << "bob" << "1" << "a\x01" << "<none>" << "memo" << "invalid-text" << qint64(-1);
    QTest::newRow("empty key") << "alice" << "bob" << "1" << "" << "" << "key" << "invalid-key" << qint64(-1);
    // clang-format on
}

void TestTransferInput::fields()
{
    QFETCH(QString, source);
    QFETCH(QString, destination);
    QFETCH(QString, amount);
    QFETCH(QString, memo);
    QFETCH(QString, key);
    QFETCH(QString, field);
    QFETCH(QString, code);
    QFETCH(qint64, minor);
    TransferInput in{source, destination, amount, memo, key == QLatin1String("<none>") ? std::nullopt : std::optional<QString>(key)};
    const TransferInputCheck c = checkTransferInput(in, 2);
    const QMap<QString, Error> byField{{QStringLiteral("source"), c.source},
                                       {QStringLiteral("destination"), c.destination},
                                       {QStringLiteral("amount"), c.amount},
                                       {QStringLiteral("memo"), c.memo},
                                       {QStringLiteral("key"), c.key}};
    for (auto it = byField.cbegin(); it != byField.cend(); ++it)
        QCOMPARE(codeWord(it.value().code), it.key() == field ? code : QStringLiteral("ok"));
    QCOMPARE(codeWord(c.first().code), code);
    QCOMPARE(c.request.has_value(), field.isEmpty());
    QCOMPARE(c.request ? c.request->amount : qint64(-1), minor);
    if (c.request) {
        QCOMPARE(c.request->source, source);
        QCOMPARE(c.request->destination, destination);
        QCOMPARE(c.request->memo, memo);
        QCOMPARE(c.request->idempotencyKey, key == QLatin1String("<none>") ? QString() : key);
    }
}

void TestTransferInput::withoutAScaleNoRequestIsMade()
{
    const TransferInputCheck c = checkTransferInput(
        {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("0.001"), QString(), std::nullopt}, std::nullopt);
    QVERIFY(c.first().ok()); // decimals depend on the scale
    QVERIFY(!c.request);
    QCOMPARE(
        checkTransferInput({QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("1e3"), QString(), std::nullopt}, std::nullopt)
            .amount.code,
        ErrorCode::InvalidAmount);
}

QTEST_GUILESS_MAIN(TestTransferInput)
#include "tst_transferinput.moc"
