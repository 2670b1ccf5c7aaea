// What is stuck, grouped by cause (operations/stuckcauses.h), on every store (files, and as @pg
// on PostgreSQL): the groups and their counts, the table's filter by cause agreeing with each
// count, reading in pages up to a cap that says when it stopped short.
#include "operations/stuckcauses.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

class TestStuckCauses : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void causeOf_data();
    void causeOf();
    void groupsAndTheirFilter();
};

void TestStuckCauses::causeOf_data()
{
    QTest::addColumn<QString>("lastError");
    QTest::addColumn<QString>("cause");
    QTest::newRow("none") << QString() << QString();
    QTest::newRow("refusal") << QStringLiteral("insufficient-funds: alice has 1.00 available") << QStringLiteral("insufficient-funds");
    QTest::newRow("superseded") << QStringLiteral("superseded: tx-2.rev already compensates tx-2") << QStringLiteral("superseded");
    QTest::newRow("no colon") << QStringLiteral("store-busy") << kOtherCause;
    QTest::newRow("an operator's cancel") << QStringLiteral("canceled by alice: customer asked") << kOtherCause;
    QTest::newRow("not a code word") << QStringLiteral("Insufficient-Funds: x") << kOtherCause;
}

void TestStuckCauses::causeOf()
{
    QFETCH(QString, lastError);
    QFETCH(QString, cause);
    QCOMPARE(ledger::causeOf(lastError), cause);
}

void TestStuckCauses::groupsAndTheirFilter()
{
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    const auto abandon = [&](Step step, qint64 amount) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(step);
        const TxOutcome r = Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()});
        QCOMPARE(r.error.code, ErrorCode::Interrupted);
    };
    for (int i = 0; i < 3; ++i)
        abandon(Step::HoldDebit, 10); // pending, no error: the worker stopped
    for (int i = 0; i < 2; ++i)
        abandon(Step::Canceling, 99'999'999); // canceling: refused for funds
    abandon(Step::Applied, 10);
    {
        // An operator's cancel stopped half-way: "canceled by op_1%: ..." starts with no code word
        // (and its name holds LIKE's wildcards).
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(Step::Claim);
        const TxOutcome pending =
            Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()});
        CoordinatorOptions c;
        c.leaseMs = 1;
        c.actor = QStringLiteral("op_1%");
        c.hook = abandonAfterHook(Step::Canceling);
        const TxOutcome canceling = Coordinator(store, c).cancel(pending.tx->id, QStringLiteral("customer asked"));
        QCOMPARE(canceling.error.code, ErrorCode::Interrupted);
        QCOMPARE(ledger::causeOf(canceling.tx->lastError), kOtherCause);
    }
    QTest::qWait(20); // the 1 ms leases run out

    auto read = stuckCauses(store, 30 * 60 * 1000);
    QVERIFY2(read.ok(), qPrintable(read.error().toString()));
    QVERIFY(read->complete);
    QCOMPARE(read->read, qint64(7));
    QCOMPARE(read->groups.size(), 4);
    QCOMPARE(read->groups.at(0).state, TxState::Pending); // largest first
    QCOMPARE(read->groups.at(0).cause, QString());
    QCOMPARE(read->groups.at(0).count, qint64(3));
    QCOMPARE(read->groups.at(1).state, TxState::Canceling);
    QCOMPARE(read->groups.at(1).cause, QStringLiteral("insufficient-funds"));
    QCOMPARE(read->groups.at(1).count, qint64(2));
    // The table's filter by cause lists exactly each group.
    for (const StuckCause &g : read->groups) {
        TxQuery q;
        q.stuckOnly = true;
        q.stuckForMs = 30 * 60 * 1000;
        q.state = g.state;
        q.cause = g.cause;
        QCOMPARE(*store.transactionCount(q), g.count);
        for (const Transaction &t : *store.transactions(q))
            QCOMPARE(ledger::causeOf(t.lastError), g.cause);
    }
    // Capped: says that it read only part.
    auto capped = stuckCauses(store, 30 * 60 * 1000, 4);
    QVERIFY(capped.ok());
    QCOMPARE(capped->read, qint64(4));
    QVERIFY(!capped->complete);
    auto exact = stuckCauses(store, 30 * 60 * 1000, 7);
    QVERIFY(exact->complete);
}

QTEST_GUILESS_MAIN(TestStuckCauses)
#include "tst_stuckcauses.moc"
