// The store's timestamps: written by hand (formatTimestampMs) and read by hand on the hot path
// (parseTimestamp), so both are checked against Qt's own ISO 8601 handling, edges included.
#include "ledger/documents.h"

#include <QTest>

using namespace ledger;

class TestDocuments : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timestampRoundTrip_data();
    void timestampRoundTrip();
    void otherTimestampForms_data();
    void otherTimestampForms();
};

void TestDocuments::timestampRoundTrip_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("epoch") << qint64(0) << QStringLiteral("1970-01-01T00:00:00.000Z");
    QTest::newRow("last ms of 1969") << qint64(-1) << QStringLiteral("1969-12-31T23:59:59.999Z");
    QTest::newRow("leap day 2024") << qint64(1709208000123) << QStringLiteral("2024-02-29T12:00:00.123Z");
    QTest::newRow("end of a year") << qint64(1798761599999) << QStringLiteral("2026-12-31T23:59:59.999Z");
    QTest::newRow("2000 is a leap year") << qint64(951782400000) << QStringLiteral("2000-02-29T00:00:00.000Z");
    QTest::newRow("2100 is not") << qint64(4107542400000) << QStringLiteral("2100-03-01T00:00:00.000Z");
    QTest::newRow("year 9999") << qint64(253402300799999) << QStringLiteral("9999-12-31T23:59:59.999Z");
}

void TestDocuments::timestampRoundTrip()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(formatTimestampMs(ms), text);
    const QDateTime parsed = parseTimestamp(text);
    QVERIFY(parsed.isValid());
    QCOMPARE(parsed.toMSecsSinceEpoch(), ms);
    QCOMPARE(parsed.timeSpec(), Qt::UTC);
    // What Qt itself makes of the same text and time.
    QCOMPARE(parsed, QDateTime::fromString(text, Qt::ISODateWithMs));
    QCOMPARE(formatTimestamp(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)),
             QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs));
}

void TestDocuments::otherTimestampForms_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("no milliseconds") << QStringLiteral("2026-11-22T10:11:12Z") << true;
    QTest::newRow("offset instead of Z") << QStringLiteral("2026-11-22T10:11:12.345+02:00") << true;
    QTest::newRow("month 13") << QStringLiteral("2026-13-22T10:11:12.345Z") << false;
    QTest::newRow("letters in the digits") << QStringLiteral("2026-1x-22T10:11:12.345Z") << false;
    QTest::newRow("hour 24") << QStringLiteral("2026-11-22T24:11:12.345Z") << false;
    QTest::newRow("garbage") << QStringLiteral("yesterday") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestDocuments::otherTimestampForms()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const QDateTime parsed = parseTimestamp(text);
    QCOMPARE(parsed.isValid(), valid);
    if (valid)
        QCOMPARE(parsed, QDateTime::fromString(text, Qt::ISODateWithMs).toUTC());
}

QTEST_GUILESS_MAIN(TestDocuments)
#include "tst_documents.moc"
