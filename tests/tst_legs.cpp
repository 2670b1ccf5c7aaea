// The legs of a transaction (ledger/legs.h): the checks of a request, the protocol's order, the
// compensation's reverse, the summary fields and the stored form.
#include "ledger/legs.h"

#include <QTest>

using namespace ledger;

namespace {

TxLeg debit(const char *account, qint64 amount) { return TxLeg{QString::fromLatin1(account), LegSide::Debit, amount}; }
TxLeg credit(const char *account, qint64 amount) { return TxLeg{QString::fromLatin1(account), LegSide::Credit, amount}; }

} // namespace

class TestLegs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void checks_data();
    void checks();
    void protocolOrderIsStable();
    void reverseSwapsEverySide();
    void summaryFields();
    void storedForm_data();
    void storedForm();
};

void TestLegs::checks_data()
{
    constexpr qint64 max = std::numeric_limits<qint64>::max();
    QTest::addColumn<QList<TxLeg>>("legs");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("two-account transfer") << QList<TxLeg>{debit("a", 5), credit("b", 5)} << ErrorCode::None;
    QTest::newRow("one debit, two credits") << QList<TxLeg>{debit("a", 100), credit("b", 97), credit("fees", 3)} << ErrorCode::None;
    QTest::newRow("two debits, one credit") << QList<TxLeg>{debit("a", 1), debit("b", 2), credit("c", 3)} << ErrorCode::None;
    QTest::newRow("credits first") << QList<TxLeg>{credit("b", 3), debit("a", 3)} << ErrorCode::None;
    QTest::newRow("at the int64 edge") << QList<TxLeg>{debit("a", max), credit("b", max - 1), credit("c", 1)} << ErrorCode::None;
    QTest::newRow("one leg") << QList<TxLeg>{debit("a", 5)} << ErrorCode::InvalidArgument;
    QTest::newRow("no legs") << QList<TxLeg>{} << ErrorCode::InvalidArgument;
    QList<TxLeg> seventeen{debit("d", 16)};
    for (int i = 0; i < 16; ++i)
        seventeen << TxLeg{QStringLiteral("c%1").arg(i), LegSide::Credit, 1};
    QTest::newRow("17 legs") << seventeen << ErrorCode::InvalidArgument;
    QList<TxLeg> sixteen = seventeen.mid(0, 16);
    sixteen[0].amount = 15;
    QTest::newRow("16 legs") << sixteen << ErrorCode::None;
    QTest::newRow("bad account id") << QList<TxLeg>{debit("a b", 5), credit("b", 5)} << ErrorCode::InvalidAccountId;
    QTest::newRow("zero amount") << QList<TxLeg>{debit("a", 5), credit("b", 5), credit("c", 0)} << ErrorCode::InvalidAmount;
    QTest::newRow("negative amount") << QList<TxLeg>{debit("a", -5), credit("b", -5)} << ErrorCode::InvalidAmount;
    QTest::newRow("same account twice") << QList<TxLeg>{debit("a", 5), credit("b", 3), credit("b", 2)} << ErrorCode::SameAccount;
    QTest::newRow("account on both sides") << QList<TxLeg>{debit("a", 5), credit("a", 5)} << ErrorCode::SameAccount;
    QTest::newRow("only debits") << QList<TxLeg>{debit("a", 5), debit("b", 5)} << ErrorCode::InvalidAmount;
    QTest::newRow("only credits") << QList<TxLeg>{credit("a", 5), credit("b", 5)} << ErrorCode::InvalidAmount;
    QTest::newRow("unbalanced by one") << QList<TxLeg>{debit("a", 100), credit("b", 97), credit("fees", 2)} << ErrorCode::InvalidAmount;
    QTest::newRow("credits overflow") << QList<TxLeg>{debit("a", max), credit("b", max), credit("c", 1)} << ErrorCode::InvalidAmount;
    QTest::newRow("debits overflow") << QList<TxLeg>{debit("a", max), debit("b", 1), credit("c", 1)} << ErrorCode::InvalidAmount;
}

void TestLegs::checks()
{
    QFETCH(QList<TxLeg>, legs);
    QFETCH(ErrorCode, code);
    const Error e = checkLegs(legs, 2);
    QCOMPARE(e.code, code);
    QVERIFY(code == ErrorCode::None || !e.message.isEmpty());
}

void TestLegs::protocolOrderIsStable()
{
    // Debits before credits, each side by account id, whatever the request's order: two
    // transactions over the same accounts take them in the same order.
    const QList<TxLeg> one{credit("zed", 3), debit("bob", 1), credit("amy", 2), debit("al", 4)};
    const QList<TxLeg> two{debit("al", 4), credit("amy", 2), credit("zed", 3), debit("bob", 1)};
    const QList<TxLeg> expected{debit("al", 4), debit("bob", 1), credit("amy", 2), credit("zed", 3)};
    QCOMPARE(protocolOrder(one), expected);
    QCOMPARE(protocolOrder(two), expected);
    // The two-account transfer: debit then credit, as always.
    QCOMPARE(protocolOrder(twoLegs(QStringLiteral("z"), QStringLiteral("a"), 5)), twoLegs(QStringLiteral("z"), QStringLiteral("a"), 5));
}

void TestLegs::reverseSwapsEverySide()
{
    const QList<TxLeg> legs{debit("a", 100), credit("b", 97), credit("fees", 3)};
    QCOMPARE(reversedLegs(legs), (QList<TxLeg>{credit("a", 100), debit("b", 97), debit("fees", 3)}));
    QVERIFY(checkLegs(reversedLegs(legs), 2).ok());
    QCOMPARE(reversedLegs(reversedLegs(legs)), legs);
    // A two-account transfer's reverse is the transfer the other way (source and destination swap).
    QCOMPARE(reversedLegs(twoLegs(QStringLiteral("a"), QStringLiteral("b"), 5)), twoLegs(QStringLiteral("b"), QStringLiteral("a"), 5));
}

void TestLegs::summaryFields()
{
    Transaction t;
    setLegs(t, {credit("b", 97), debit("a", 60), debit("c", 40), credit("fees", 3)});
    QCOMPARE(t.source, QStringLiteral("a"));
    QCOMPARE(t.destination, QStringLiteral("b"));
    QCOMPARE(t.amount, qint64(100));
    QVERIFY(t.isMultiLeg());
    QCOMPARE(t.legOn(QStringLiteral("c"))->amount, qint64(40));
    QVERIFY(!t.legOn(QStringLiteral("x")));
    QCOMPARE(accountsOf(t.legs), (QStringList{QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("fees")}));
    QCOMPARE(accountsOf(t.legs, LegSide::Credit), (QStringList{QStringLiteral("b"), QStringLiteral("fees")}));
    QCOMPARE(describeLegs(t.legs, 2), QStringLiteral("b +0.97, a -0.60, c -0.40, fees +0.03"));
    QVERIFY(isTwoAccountTransfer(twoLegs(QStringLiteral("a"), QStringLiteral("b"), 5)));
    QVERIFY(!isTwoAccountTransfer(t.legs));
    QVERIFY(!isTwoAccountTransfer({credit("b", 5), debit("a", 5)}));
}

void TestLegs::storedForm_data()
{
    // The text and the legs it stands for, both written out: parsed into those legs, and those
    // legs written as that text (not only a round trip, which a reader and writer wrong alike pass).
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QList<TxLeg>>("legs");
    QTest::newRow("three legs") << "debit:alice:100 credit:bob:97 credit:fees:3" << true
                                << QList<TxLeg>{debit("alice", 100), credit("bob", 97), credit("fees", 3)};
    QTest::newRow("ids with dots and dashes") << "debit:@world:5 credit:a.b-c_d:5" << true
                                              << QList<TxLeg>{debit("@world", 5), credit("a.b-c_d", 5)};
    QTest::newRow("credit first, kept first") << "credit:bob:7 debit:alice:7" << true << QList<TxLeg>{credit("bob", 7), debit("alice", 7)};
    QTest::newRow("past 32 bits") << "debit:a:9223372036854775807 credit:b:9223372036854775806 credit:c:1" << true
                                  << QList<TxLeg>{debit("a", std::numeric_limits<qint64>::max()),
                                                  credit("b", std::numeric_limits<qint64>::max() - 1), credit("c", 1)};
    QTest::newRow("empty") << "" << false << QList<TxLeg>{};
    QTest::newRow("unbalanced") << "debit:alice:100 credit:bob:97" << false << QList<TxLeg>{};
    QTest::newRow("unknown side") << "debit:alice:5 sideways:bob:5" << false << QList<TxLeg>{};
    QTest::newRow("not a number") << "debit:alice:5 credit:bob:five" << false << QList<TxLeg>{};
    QTest::newRow("missing field") << "debit:alice credit:bob:5" << false << QList<TxLeg>{};
    QTest::newRow("double space") << "debit:alice:5  credit:bob:5" << false << QList<TxLeg>{};
}

void TestLegs::storedForm()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QList<TxLeg>, legs);
    const auto parsed = legsFromText(text);
    QCOMPARE(parsed.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(*parsed, legs);
    QCOMPARE(legsText(legs), text);
}

QTEST_GUILESS_MAIN(TestLegs)
#include "tst_legs.moc"
