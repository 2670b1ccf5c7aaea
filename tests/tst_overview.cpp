// The navigator's counts, the dashboard's distributions, and the detail of one transaction.
#include "operations/overview.h"
#include "testsupport.h"
#include "operations/transactiondetail.h"

#include <numeric>

using namespace ledger;
using namespace ledger::test;

class TestOverview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void counts();
    void distributions();
    void detailOfACompensatedTransfer();
};

void TestOverview::counts()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    Coordinator c(s, {});
    const QString done = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()}).tx->id;
    c.compensate(done, QString());
    CoordinatorOptions o;
    o.leaseMs = 1;
    o.hook = abandonAfterHook(Step::HoldDebit);
    Coordinator(s, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()});
    QTest::qWait(5);
    const Overview ov = *loadCounts(s, 30 * 60 * 1000);
    QCOMPARE(ov.accounts, qint64(3));
    QCOMPARE(ov.byState.value(TxState::Done), qint64(4)); // two openings, the transfer, its compensation
    QCOMPARE(ov.byState.value(TxState::Pending), qint64(1));
    QCOMPARE(ov.transactions, qint64(5));
    QCOMPARE(ov.stuck, qint64(1)); // its lease ran out
    QCOMPARE(ov.compensations, qint64(1));
    QVERIFY(ov.ageCounts.isEmpty()); // counts only
}

void TestOverview::distributions()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const Overview ov = *loadOverview(t.store(), 30 * 60 * 1000);
    QCOMPARE(ov.ageBuckets.size(), ov.ageCounts.size());
    QCOMPARE(std::accumulate(ov.ageCounts.cbegin(), ov.ageCounts.cend(), qint64(0)), qint64(0));
    QCOMPARE(ov.perMinute.size(), 60);
    QCOMPARE(ov.perMinute.last(), qint64(2));
}

void TestOverview::detailOfACompensatedTransfer()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    Coordinator c(t.store(), {});
    const QString id = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()}).tx->id;
    const QString comp = c.compensate(id, QStringLiteral("wrong")).tx->id;
    const TransactionDetail d = *loadTransactionDetail(t.store(), id);
    QCOMPARE(d.tx.id, id);
    QCOMPARE(d.legs.size(), 2);
    QCOMPARE(d.accounts.size(), 2);
    QCOMPARE(d.accounts[0]->id, QStringLiteral("alice"));
    QCOMPARE(d.accounts[1]->balance, qint64(1000));
    QCOMPARE(d.related->id, comp);
    QVERIFY(d.journal.size() >= 5); // created, claimed, applied, done, linked
    QCOMPARE(loadTransactionDetail(t.store(), comp)->related->id, id);
    QCOMPARE(loadTransactionDetail(t.store(), QStringLiteral("tx-none")).code(), ErrorCode::NotFound);
}

QTEST_GUILESS_MAIN(TestOverview)
#include "tst_overview.moc"
