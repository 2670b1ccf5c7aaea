// Account ids, transaction ids, idempotency keys, free text, and the makers of new ids.
#include "ledger/identifiers.h"

#include <QSet>
#include <QTest>

using namespace ledger;

class TestIdentifiers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void accountIds_data();
    void accountIds();
    void keys_data();
    void keys();
    void text_data();
    void text();
    void newTransactionIdsAreUniqueAndValid();
    void compensationIds();
};

void TestIdentifiers::accountIds_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("creatable");
    QTest::addColumn<bool>("usable");
    QTest::newRow("simple") << "alice" << true << true;
    QTest::newRow("all allowed chars") << "A-z_0.9" << true << true;
    QTest::newRow("64 chars") << QString(64, QLatin1Char('a')) << true << true;
    QTest::newRow("65 chars") << QString(65, QLatin1Char('a')) << false << false;
    QTest::newRow("empty") << "" << false << false;
    QTest::newRow("space") << "a b" << false << false;
    QTest::newRow("tab") << "a\tb" << false << false;
    QTest::newRow("newline") << "a\nb" << false << false;
    QTest::newRow("sql quote") << "x';DROP TABLE accounts;--" << false << false;
    QTest::newRow("percent") << "a%" << false << false;
    QTest::newRow("non-ascii letter") << QStringLiteral("café") << false << false;
    QTest::newRow("replacement char (bad UTF-8)") << QString(QChar(0xFFFD)) << false << false;
    QTest::newRow("world is usable, not creatable") << "@world" << false << true;
    QTest::newRow("other @ ids") << "@bank" << false << false;
}

void TestIdentifiers::accountIds()
{
    QFETCH(QString, id);
    QFETCH(bool, creatable);
    QFETCH(bool, usable);
    QCOMPARE(checkNewAccountId(id).ok(), creatable);
    QCOMPARE(checkAccountId(id).ok(), usable);
    if (!usable)
        QCOMPARE(checkAccountId(id).code, ErrorCode::InvalidAccountId);
    if (id == kWorldAccount)
        QCOMPARE(checkNewAccountId(id).code, ErrorCode::SystemAccount);
}

void TestIdentifiers::keys_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("ok");
    QTest::newRow("uuid") << "8f14e45f-ceea-467f-a8f1-2b1c6b9d7e3a" << true;
    QTest::newRow("punctuation") << "order:42/retry#1" << true;
    QTest::newRow("128 chars") << QString(128, QLatin1Char('k')) << true;
    QTest::newRow("129 chars") << QString(129, QLatin1Char('k')) << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("space") << "a b" << false;
    QTest::newRow("control") << "a\x01" << false;
    QTest::newRow("non-ascii") << QStringLiteral("ключ") << false;
}

void TestIdentifiers::keys()
{
    QFETCH(QString, key);
    QFETCH(bool, ok);
    const Error e = checkIdempotencyKey(key);
    QCOMPARE(e.ok(), ok);
    if (!ok)
        QCOMPARE(e.code, ErrorCode::InvalidKey);
}

void TestIdentifiers::text_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("allowEmpty");
    QTest::addColumn<bool>("ok");
    QTest::newRow("plain") << "rent for May" << false << true;
    QTest::newRow("unicode letters") << QStringLiteral("房租 五月") << false << true;
    QTest::newRow("empty allowed") << "" << true << true;
    QTest::newRow("empty refused") << "" << false << false;
    QTest::newRow("blank refused") << "   " << false << false;
    QTest::newRow("control char") << "a\x07" << true << false;
    QTest::newRow("newline") << "a\nb" << true << false;
    QTest::newRow("tab") << "a\tb" << true << false;
    QTest::newRow("too long") << QString(501, QLatin1Char('m')) << true << false;
}

void TestIdentifiers::text()
{
    QFETCH(QString, text);
    QFETCH(bool, allowEmpty);
    QFETCH(bool, ok);
    const Error e = checkText(text, QStringLiteral("memo"), kMaxMemoLength, allowEmpty);
    QCOMPARE(e.ok(), ok);
    if (!ok) {
        QCOMPARE(e.code, ErrorCode::InvalidText);
        QVERIFY(e.message.startsWith(QStringLiteral("memo")));
        // A tab or a line break is named for what it is (a tab was once "a space").
        if (text.contains(QLatin1Char('\t')) || text.contains(QLatin1Char('\n')))
            QVERIFY2(e.message.contains(QStringLiteral("a control character (U+000")), qPrintable(e.message));
    }
}

void TestIdentifiers::newTransactionIdsAreUniqueAndValid()
{
    QSet<QString> seen;
    QString previous;
    for (int i = 0; i < 20000; ++i) {
        const QString id = newTransactionId();
        QCOMPARE(id.size(), 29);
        QVERIFY(id.startsWith(QStringLiteral("tx-")));
        QVERIFY2(checkTxId(id).ok(), qPrintable(id));
        QVERIFY2(!seen.contains(id), qPrintable(id));
        seen.insert(id);
        // The time prefix never goes backwards (same millisecond: equal prefix).
        QVERIFY(previous.isEmpty() || id.left(13) >= previous.left(13));
        previous = id;
    }
}

void TestIdentifiers::compensationIds()
{
    const QString original = QStringLiteral("tx-01ABC");
    QCOMPARE(compensationId(original, 1), QStringLiteral("tx-01ABC.rev"));
    QCOMPARE(compensationId(original, 2), QStringLiteral("tx-01ABC.rev2"));
    QCOMPARE(compensationAttempt(original, QStringLiteral("tx-01ABC.rev")), 1);
    QCOMPARE(compensationAttempt(original, QStringLiteral("tx-01ABC.rev2")), 2);
    QCOMPARE(compensationAttempt(original, QStringLiteral("tx-01ABC.rev1")), 0);
    QCOMPARE(compensationAttempt(original, QStringLiteral("tx-01ABC.rev02")), 0);
    QCOMPARE(compensationAttempt(original, QStringLiteral("tx-01ABD.rev")), 0);
    QVERIFY(checkTxId(compensationId(newTransactionId(), 999)).ok());
}

QTEST_GUILESS_MAIN(TestIdentifiers)
#include "tst_identifiers.moc"
