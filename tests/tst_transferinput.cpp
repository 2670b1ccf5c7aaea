// The transfer checks shared by ledgerctl and the console's dialog, field by field.
#include "ledger/money.h"
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
    // clang-format off
    QTest::newRow("valid") << "alice" << "bob" << "12.34" << "rent" << "k-1" << "" << "ok";
    QTest::newRow("valid without key") << "alice" << "bob" << "12" << "" << "<none>" << "" << "ok";
    QTest::newRow("world as source") << "@world" << "bob" << "12" << "" << "<none>" << "" << "ok";
    QTest::newRow("empty source") << "" << "bob" << "12" << "" << "<none>" << "source" << "invalid-account-id";
    QTest::newRow("bad destination") << "alice" << "b b" << "12" << "" << "<none>" << "destination" << "invalid-account-id";
    QTest::newRow("same account") << "alice" << "alice" << "12" << "" << "<none>" << "destination" << "same-account";
    QTest::newRow("negative amount") << "alice" << "bob" << "-1" << "" << "<none>" << "amount" << "invalid-amount";
    QTest::newRow("too many decimals") << "alice" << "bob" << "0.001" << "" << "<none>" << "amount" << "invalid-amount";
    QTest::newRow("bad memo") << "alice" << "bob" << "1" << "a\x01" << "<none>" << "memo" << "invalid-text";
    QTest::newRow("empty key") << "alice" << "bob" << "1" << "" << "" << "key" << "invalid-key";
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
    if (c.request)
        QCOMPARE(c.request->amount, money::parse(amount, 2).value());
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
