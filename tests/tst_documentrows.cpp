// Rows whose enumerated columns hold a word no ledger writes (a damaged file, a hand edit, a newer
// program's word): every read of that document is store-corrupt, naming it and the word — never a
// default (an unknown state read as "initial" would be claimed by recovery, an unknown status
// read as "closed" would refuse or allow the wrong things). On SQLite and (as @pg) PostgreSQL,
// whose rows are read by the same code (store/documentrows.h).
#include "protocol/audit.h"
#include "protocol/coordinator.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

class TestDocumentRows : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void unknownWordIsStoreCorrupt_data();
    void unknownWordIsStoreCorrupt();
};

void TestDocumentRows::unknownWordIsStoreCorrupt_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("where"); // which row, with ? for the transaction id
    QTest::addColumn<QString>("message");
    // clang-format off
    QTest::newRow("transaction state") << "transactions" << "state" << "id = ?" << "is in the state \"weird\", which no ledger writes";
    QTest::newRow("transaction kind") << "transactions" << "kind" << "id = ?" << "is of the kind \"weird\", which no ledger writes";
    QTest::newRow("account status") << "accounts" << "status" << "id = 'alice'" << "has the status \"weird\", which no ledger writes";
    QTest::newRow("leg status") << "legs" << "status" << "tx_id = ? AND account_id = 'alice'" << "has the status \"weird\", which no ledger writes";
    QTest::newRow("leg side") << "legs" << "side" << "tx_id = ? AND account_id = 'bob'" << "has the side \"weird\", which no ledger writes";
    // clang-format on
}

void TestDocumentRows::unknownWordIsStoreCorrupt()
{
    QFETCH(QString, table);
    QFETCH(QString, column);
    QFETCH(QString, where);
    QFETCH(QString, message);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    Coordinator coordinator(t.store());
    const TxOutcome done = coordinator.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 250, {}, {}});
    QVERIFY2(done.ok(), qPrintable(done.error.toString()));
    const QString id = done.tx->id;
    {
        // The schema's CHECK constraints keep our own writes honest; a damaged or edited store has
        // none of that, so they are lifted for the tampering.
        const QString location = table == QLatin1String("transactions") ? t.path() : t.locationOfAccount(QStringLiteral("alice"));
        RawSql raw(location);
        if (onPostgres())
            QVERIFY(raw.exec(QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT %1_%2_check").arg(table, column)));
        else
            QVERIFY(raw.exec(QStringLiteral("PRAGMA ignore_check_constraints = 1")));
        const QVariantList binds = where.contains(QLatin1Char('?')) ? QVariantList{id} : QVariantList{};
        QVERIFY(raw.exec(QStringLiteral("UPDATE %1 SET %2 = 'weird' WHERE %3").arg(table, column, where), binds));
    }

    // The reads of that document, each: store-corrupt with the word, never a default.
    QList<Error> errors;
    if (table == QLatin1String("transactions")) {
        errors << t.store().transaction(id).error() << t.store().transactions({}).error();
        TxQuery stuck;
        stuck.stuckOnly = true;
        QCOMPARE(t.store().transactions(stuck).code(), ErrorCode::None); // "weird" is not unfinished: not listed
    } else if (table == QLatin1String("accounts")) {
        errors << t.store().account(QStringLiteral("alice")).error() << t.store().accounts({}).error();
    } else {
        errors << t.store().legsOfTransaction(id).error();
    }
    for (const Error &e : std::as_const(errors)) {
        QCOMPARE(e.code, ErrorCode::StoreCorrupt);
        QVERIFY2(e.message.contains(message), qPrintable(e.message));
    }
    // Audit cannot vouch for a store it cannot read.
    const AuditReport report = audit(t.store());
    QCOMPARE(report.error.code, ErrorCode::StoreCorrupt);
    QVERIFY(!report.clean());

    // And ledgerctl says so with the code word, as for any damaged store.
    if (table == QLatin1String("transactions")) {
        const ProcessResult r = runLedgerctl({QStringLiteral("show"), id}, storeEnvironment(t.path()));
        QVERIFY2(r.err.startsWith(QStringLiteral("error: store-corrupt: ")), qPrintable(r.err));
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.exitCode != 0);
    }
}

QTEST_GUILESS_MAIN(TestDocumentRows)
#include "tst_documentrows.moc"
