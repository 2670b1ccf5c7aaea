// RFC 4180: what the writer quotes, that the reader gives back every field as written, and that
// the reader refuses what is not CSV.
#include "interchange/csv.h"

#include <QTest>

using namespace ledger;

class TestCsv : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void field_data();
    void field();
    void roundTrip_data();
    void roundTrip();
    void parse_data();
    void parse();
    void malformed_data();
    void malformed();
};

void TestCsv::field_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("written");
    // clang-format off
    QTest::newRow("plain") << "acme" << "acme";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("comma") << "Acme, Inc" << "\"Acme, Inc\"";
    QTest::newRow("quote") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "a\nb" << "\"a\nb\"";
    QTest::newRow("carriage return") << "a\rb" << "\"a\rb\"";
    QTest::newRow("spaces kept, not quoted") << " a b " << " a b ";
    QTest::newRow("non-ASCII") << "Zürich 北京" << "Zürich 北京";
    QTest::newRow("negative amount") << "-1000.00" << "-1000.00";
    // clang-format on
}

void TestCsv::field()
{
    QFETCH(QString, value);
    QFETCH(QString, written);
    QCOMPARE(csv::field(value), written);
}

void TestCsv::roundTrip_data()
{
    QTest::addColumn<QList<QStringList>>("records");
    QTest::newRow("one row") << QList<QStringList>{{"a", "b", "c"}};
    QTest::newRow("header and rows") << QList<QStringList>{{"id", "memo"}, {"1", "x"}, {"2", "y"}};
    QTest::newRow("every special character") << QList<QStringList>{{"a,b", "\"", "\"\"", "line1\r\nline2", "\n", ",", "", " "},
                                                                   {"", "", "", "", "", "", "", ""}};
    QTest::newRow("empty last field") << QList<QStringList>{{"a", ""}, {"", "b"}};
    QTest::newRow("single empty field") << QList<QStringList>{{"x"}, {""}, {"y"}};
    QTest::newRow("unicode") << QList<QStringList>{{"账户", "余额"}, {"€", "😀"}};
}

void TestCsv::roundTrip()
{
    QFETCH(QList<QStringList>, records);
    QString text;
    for (const QStringList &r : records)
        text += csv::record(r);
    QVERIFY(text.endsWith(QStringLiteral("\r\n")));
    const auto parsed = csv::parse(text);
    QVERIFY(parsed);
    QCOMPARE(*parsed, records);
}

void TestCsv::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<QStringList>>("records");
    QTest::newRow("LF only") << "a,b\nc,d\n" << QList<QStringList>{{"a", "b"}, {"c", "d"}};
    QTest::newRow("no final line break") << "a,b\r\nc,d" << QList<QStringList>{{"a", "b"}, {"c", "d"}};
    QTest::newRow("quoted empty") << "\"\",x\r\n" << QList<QStringList>{{"", "x"}};
    QTest::newRow("trailing comma") << "a,\r\n" << QList<QStringList>{{"a", ""}};
    QTest::newRow("nothing") << "" << QList<QStringList>{};
}

void TestCsv::parse()
{
    QFETCH(QString, text);
    QFETCH(QList<QStringList>, records);
    const auto parsed = csv::parse(text);
    QVERIFY(parsed);
    QCOMPARE(*parsed, records);
}

void TestCsv::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("unterminated quote") << "\"abc\r\n";
    QTest::newRow("quote inside a bare field") << "ab\"c\r\n";
    QTest::newRow("text after closing quote") << "\"ab\"c\r\n";
}

void TestCsv::malformed()
{
    QFETCH(QString, text);
    QVERIFY(!csv::parse(text));
}

QTEST_GUILESS_MAIN(TestCsv)
#include "tst_csv.moc"
