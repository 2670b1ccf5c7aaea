// Money: the one parser and formatter both front ends use, and overflow-checked arithmetic.
#include "ledger/money.h"

#include <QTest>
#include <limits>

using namespace ledger;

class TestMoney : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parseAccepts_data();
    void parseAccepts();
    void parseRejects_data();
    void parseRejects();
    void checkSyntax_data();
    void checkSyntax();
    void longTextIsRefusedBeforeAnythingElse_data();
    void longTextIsRefusedBeforeAnythingElse();
    void zeroWhereItMeansNone_data();
    void zeroWhereItMeansNone();
    void format_data();
    void format();
    void roundTrip_data();
    void roundTrip();
    void arithmetic_data();
    void arithmetic();
    void scaleRange();
};

void TestMoney::parseAccepts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("scale");
    QTest::addColumn<qint64>("minor");
    QTest::newRow("whole") << "12" << 2 << qint64(1200);
    QTest::newRow("one decimal") << "12.3" << 2 << qint64(1230);
    QTest::newRow("two decimals") << "12.34" << 2 << qint64(1234);
    QTest::newRow("one cent") << "0.01" << 2 << qint64(1);
    QTest::newRow("leading zeros") << "007.50" << 2 << qint64(750);
    QTest::newRow("scale 0") << "42" << 0 << qint64(42);
    QTest::newRow("scale 8 satoshi") << "0.00000001" << 8 << qint64(1);
    QTest::newRow("int64 max at scale 2") << "92233720368547758.07" << 2 << std::numeric_limits<qint64>::max();
    QTest::newRow("int64 max at scale 0") << "9223372036854775807" << 0 << std::numeric_limits<qint64>::max();
    QTest::newRow("int64 max at scale 18") << "9.223372036854775807" << 18 << std::numeric_limits<qint64>::max();
    QTest::newRow("fewer decimals at scale 18") << "1.5" << 18 << qint64(1'500'000'000'000'000'000);
}

void TestMoney::parseAccepts()
{
    QFETCH(QString, text);
    QFETCH(int, scale);
    QFETCH(qint64, minor);
    const auto r = money::parse(text, scale);
    QVERIFY2(r.ok(), qPrintable(r.error().message));
    QCOMPARE(*r, minor);
}

void TestMoney::parseRejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("scale");
    QTest::addColumn<QString>("why"); // a word the message must contain
    QTest::newRow("empty") << "" << 2 << "empty";
    QTest::newRow("minus") << "-1" << 2 << "sign";
    QTest::newRow("plus") << "+1" << 2 << "sign";
    QTest::newRow("unicode minus") << QString(QChar(0x2212)) + "1" << 2 << "sign";
    QTest::newRow("zero") << "0" << 2 << "greater than zero";
    QTest::newRow("zero with decimals") << "0.00" << 2 << "greater than zero";
    QTest::newRow("too many decimals") << "0.001" << 2 << "decimal places";
    QTest::newRow("decimals at scale 0") << "1.5" << 0 << "whole amounts";
    QTest::newRow("exponent") << "1e3" << 2 << "exponent";
    QTest::newRow("exponent upper") << "1E+3" << 2 << "exponent";
    QTest::newRow("comma thousands") << "1,000" << 2 << "thousands";
    QTest::newRow("decimal comma") << "1,50" << 2 << "decimal comma; write it with a point: 1.50";
    QTest::newRow("decimal comma, one digit") << "12,5" << 2 << "decimal comma";
    QTest::newRow("commas and a point") << "1,000.50" << 2 << "thousands";
    QTest::newRow("apostrophe thousands") << "1'000" << 2 << "thousands";
    QTest::newRow("underscore") << "1_000" << 2 << "thousands";
    QTest::newRow("space thousands") << "1 000" << 2 << "white space";
    QTest::newRow("leading space") << " 5" << 2 << "white space";
    QTest::newRow("trailing space") << "5 " << 2 << "white space";
    QTest::newRow("tab") << "5\t" << 2 << "white space";
    QTest::newRow("fullwidth digit") << QString(QChar(0xFF19)) << 2 << "ASCII";
    QTest::newRow("arabic-indic digits") << QString(QChar(0x0661)) + QChar(0x0662) << 2 << "ASCII";
    QTest::newRow("NaN") << "NaN" << 2 << "not a decimal";
    QTest::newRow("inf") << "inf" << 2 << "not a decimal";
    QTest::newRow("letters") << "12abc" << 2 << "not a decimal";
    QTest::newRow("two points") << "1.2.3" << 2 << "not a decimal";
    QTest::newRow("bare point") << "." << 2 << "before the point";
    QTest::newRow("leading point") << ".5" << 2 << "before the point";
    QTest::newRow("trailing point") << "5." << 2 << "after the point";
    QTest::newRow("hex") << "0x10" << 2 << "not a decimal";
    QTest::newRow("int64 max plus one cent") << "92233720368547758.08" << 2 << "too large";
    QTest::newRow("far beyond int64") << "99999999999999999999999" << 2 << "too large";
    QTest::newRow("beyond at scale 0") << "9223372036854775808" << 0 << "too large";
    QTest::newRow("beyond at scale 18") << "9.223372036854775808" << 18 << "too large";
    QTest::newRow("ten at scale 18") << "10" << 18 << "too large";
    QTest::newRow("nul byte") << QString(QChar(0)) + "5" << 2 << "not a decimal";
}

void TestMoney::parseRejects()
{
    QFETCH(QString, text);
    QFETCH(int, scale);
    QFETCH(QString, why);
    const auto r = money::parse(text, scale);
    QVERIFY(!r.ok());
    QCOMPARE(r.code(), ErrorCode::InvalidAmount);
    QVERIFY2(r.error().message.contains(why), qPrintable(r.error().message));
}

void TestMoney::checkSyntax_data() { parseRejects_data(); }

void TestMoney::checkSyntax()
{
    // The scale-free check refuses everything parse() refuses, except what depends on the
    // scale (too many decimals, too large), which only the store's scale can decide.
    QFETCH(QString, text);
    QFETCH(QString, why);
    const bool dependsOnScale =
        why == QLatin1String("decimal places") || why == QLatin1String("whole amounts") || why == QLatin1String("too large");
    const Error e = money::checkSyntax(text);
    QCOMPARE(e.ok(), dependsOnScale);
    if (!e.ok()) {
        QCOMPARE(e.code, ErrorCode::InvalidAmount);
        QVERIFY2(e.message.contains(why), qPrintable(e.message));
    }
}

void TestMoney::longTextIsRefusedBeforeAnythingElse_data()
{
    // Past kMaxAmountLength an amount is refused by its length alone, whatever else is wrong with
    // it: no check looks further (refusing 65,000 characters was quadratic in them, 0.45 s on a
    // write worker). The message is the whole answer.
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message"); // "" when accepted
    QTest::newRow("40 characters: looked at") << QString(39, QLatin1Char('0')) + QLatin1Char('1') << "";
    QTest::newRow("41 characters") << QString(40, QLatin1Char('0')) + QLatin1Char('1') << "amount is 41 characters long; the limit is 40";
    QTest::newRow("41 characters, a separator too")
        << QString(40, QLatin1Char('1')) + QLatin1Char(',') << "amount is 41 characters long; the limit is 40";
    QTest::newRow("65,000 characters, a comma in the middle")
        << QString(32'000, QLatin1Char('1')) + QLatin1Char(',') + QString(32'999, QLatin1Char('5'))
        << "amount is 65000 characters long; the limit is 40";
    QTest::newRow("65,000 spaces") << QString(65'000, QLatin1Char(' ')) << "amount is 65000 characters long; the limit is 40";
}

void TestMoney::longTextIsRefusedBeforeAnythingElse()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    QCOMPARE(money::kMaxAmountLength, 40);
    const Error syntax = money::checkSyntax(text);
    const auto parsed = money::parse(text, 2);
    if (message.isEmpty()) {
        QVERIFY2(syntax.ok(), qPrintable(syntax.message));
        QCOMPARE(parsed.value(), qint64(100));
        return;
    }
    QCOMPARE(syntax.code, ErrorCode::InvalidAmount);
    QCOMPARE(syntax.message, message);
    QCOMPARE(parsed.code(), ErrorCode::InvalidAmount);
    QCOMPARE(parsed.error().message, message);
}

void TestMoney::zeroWhereItMeansNone_data()
{
    // An opening balance of "0" is no opening (money::Zero::Allowed); everything else is read
    // as any amount is.
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("minor"); // -1: refused
    QTest::addColumn<QString>("message");
    QTest::newRow("0") << "0" << qint64(0) << "";
    QTest::newRow("0.00") << "0.00" << qint64(0) << "";
    QTest::newRow("000.0") << "000.0" << qint64(0) << "";
    QTest::newRow("12.50") << "12.50" << qint64(1250) << "";
    QTest::newRow("0.000: too many decimals") << "0.000" << qint64(-1)
                                              << "amount \"0.000\" has 3 decimal places; this ledger allows at most 2";
    QTest::newRow("-0") << "-0" << qint64(-1) << "amount \"-0\" has a sign; amounts are always positive, write 12.34";
    QTest::newRow("empty") << "" << qint64(-1) << "amount is empty; write it like 12.34";
    QTest::newRow("0.") << "0." << qint64(-1) << "amount \"0.\" has no digits after the point; write 5 or 5.00";
}

void TestMoney::zeroWhereItMeansNone()
{
    QFETCH(QString, text);
    QFETCH(qint64, minor);
    QFETCH(QString, message);
    const auto r = money::parse(text, 2, money::Zero::Allowed);
    const Error syntax = money::checkSyntax(text, money::Zero::Allowed);
    if (minor >= 0) {
        QVERIFY2(r.ok(), qPrintable(r.error().message));
        QCOMPARE(*r, minor);
        QVERIFY(syntax.ok());
        if (minor == 0) // the default still refuses it
            QCOMPARE(money::parse(text, 2).error().message, QStringLiteral("amount must be greater than zero"));
        return;
    }
    QCOMPARE(r.code(), ErrorCode::InvalidAmount);
    QCOMPARE(r.error().message, message);
}

void TestMoney::format_data()
{
    QTest::addColumn<qint64>("minor");
    QTest::addColumn<int>("scale");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << 2 << "0.00";
    QTest::newRow("cent") << qint64(1) << 2 << "0.01";
    QTest::newRow("padded") << qint64(1230) << 2 << "12.30";
    QTest::newRow("negative") << qint64(-1234) << 2 << "-12.34";
    QTest::newRow("negative cent") << qint64(-5) << 2 << "-0.05";
    QTest::newRow("scale 0") << qint64(42) << 0 << "42";
    QTest::newRow("scale 3") << qint64(1) << 3 << "0.001";
    QTest::newRow("max") << std::numeric_limits<qint64>::max() << 2 << "92233720368547758.07";
    QTest::newRow("min") << std::numeric_limits<qint64>::min() << 2 << "-92233720368547758.08";
    QTest::newRow("min scale 0") << std::numeric_limits<qint64>::min() << 0 << "-9223372036854775808";
    QTest::newRow("max scale 18") << std::numeric_limits<qint64>::max() << 18 << "9.223372036854775807";
    QTest::newRow("min scale 18") << std::numeric_limits<qint64>::min() << 18 << "-9.223372036854775808";
}

void TestMoney::format()
{
    QFETCH(qint64, minor);
    QFETCH(int, scale);
    QFETCH(QString, text);
    QCOMPARE(money::format(minor, scale), text);
}

void TestMoney::roundTrip_data()
{
    QTest::addColumn<qint64>("minor");
    QTest::addColumn<int>("scale");
    for (int scale : {0, 2, 8, 18}) {
        for (qint64 v : {qint64(1), qint64(9), qint64(10), qint64(99), qint64(100), qint64(123456789), std::numeric_limits<qint64>::max(),
                         std::numeric_limits<qint64>::max() - 1}) {
            QTest::addRow("%lld at scale %d", static_cast<long long>(v), scale) << v << scale;
        }
    }
}

void TestMoney::roundTrip()
{
    QFETCH(qint64, minor);
    QFETCH(int, scale);
    const auto r = money::parse(money::format(minor, scale), scale);
    QVERIFY2(r.ok(), qPrintable(r.error().message));
    QCOMPARE(*r, minor);
}

void TestMoney::arithmetic_data()
{
    QTest::addColumn<qint64>("a");
    QTest::addColumn<qint64>("b");
    QTest::addColumn<bool>("addFits");
    QTest::addColumn<bool>("subtractFits");
    constexpr qint64 max = std::numeric_limits<qint64>::max();
    constexpr qint64 min = std::numeric_limits<qint64>::min();
    QTest::newRow("small") << qint64(5) << qint64(3) << true << true;
    QTest::newRow("max + 0") << max << qint64(0) << true << true;
    QTest::newRow("max + 1") << max << qint64(1) << false << true;
    QTest::newRow("min - 1") << min << qint64(1) << true << false;
    QTest::newRow("min + -1") << min << qint64(-1) << false << true;
    QTest::newRow("0 - min") << qint64(0) << min << true << false;
    QTest::newRow("max - -1") << max << qint64(-1) << true << false;
    QTest::newRow("-1 - max") << qint64(-1) << max << true << true;
    QTest::newRow("-2 - max") << qint64(-2) << max << true << false;
}

void TestMoney::arithmetic()
{
    QFETCH(qint64, a);
    QFETCH(qint64, b);
    QFETCH(bool, addFits);
    QFETCH(bool, subtractFits);
    const auto sum = money::add(a, b);
    const auto difference = money::subtract(a, b);
    QCOMPARE(sum.has_value(), addFits);
    QCOMPARE(difference.has_value(), subtractFits);
    if (sum) // compare against 128-bit arithmetic
        QCOMPARE(static_cast<__int128>(*sum), static_cast<__int128>(a) + b);
    if (difference)
        QCOMPARE(static_cast<__int128>(*difference), static_cast<__int128>(a) - b);
}

void TestMoney::scaleRange()
{
    QVERIFY(money::isValidScale(0));
    QVERIFY(money::isValidScale(18));
    QVERIFY(!money::isValidScale(-1));
    QVERIFY(!money::isValidScale(19));
    QCOMPARE(money::maxText(2), QStringLiteral("92233720368547758.07"));
}

QTEST_GUILESS_MAIN(TestMoney)
#include "tst_money.moc"
