// The navigator's counts, the dashboard's distributions, and the detail of one transaction.
#include "operations/demo.h"
#include "operations/overview.h"
#include "testsupport.h"
#include "ledger/identifiers.h"
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
    void aDemoSpreadOverDays();
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
    QCOMPARE(ov.accounts, (Tally{3, true}));
    QCOMPARE(ov.byState.value(TxState::Done), (Tally{4, true})); // two openings, the transfer, its compensation
    QCOMPARE(ov.byState.value(TxState::Pending), (Tally{1, true}));
    QCOMPARE(ov.transactions, (Tally{5, true}));
    QCOMPARE(ov.stuck, (Tally{1, true})); // its lease ran out
    // DynamoDB: no index narrows a kind, and counting would read the table (store/tallies.h).
    QCOMPARE(ov.compensations, (onDynamo() ? Tally{0, false, true} : Tally{1, true}));
    QVERIFY(ov.ageCounts.isEmpty()); // counts only
}

void TestOverview::distributions()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const Overview ov = *loadOverview(t.store(), 30 * 60 * 1000);
    QCOMPARE(ov.ageBuckets.size(), ov.ageCounts.size());
    // Durations as every other one is written (Chinese: tst_translation).
    QCOMPARE(ov.ageBuckets, QStringList({QStringLiteral("0–1m"), QStringLiteral("1m–5m"), QStringLiteral("5m–30m"),
                                         QStringLiteral("30m–2h"), QStringLiteral("2h–1d"), QStringLiteral("1d+")}));
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
void TestOverview::aDemoSpreadOverDays()
{
    // The demo a new user first sees: a week of history, so that the age chart, the per-minute
    // chart and the stuck threshold show something real — and the ledger is as sound as ever.
    TempStore ts;
    DemoOptions options;
    options.spreadOverDays = &extrasOf(ts.store());
    auto demo = fillDemo(ts.store(), options);
    QVERIFY2(demo.ok(), qPrintable(demo.error().toString()));
    LEDGER_VERIFY_AUDIT_CLEAN(ts.store());
    const qint64 thirtyMinutes = 30 * 60 * 1000;
    auto overview = loadOverview(ts.store(), thirtyMinutes);
    QVERIFY(overview.ok());
    int bucketsUsed = 0;
    for (qint64 n : overview->ageCounts)
        bucketsUsed += n > 0 ? 1 : 0;
    QVERIFY2(bucketsUsed >= 4, qPrintable(QString::number(bucketsUsed)));
    int minutesUsed = 0;
    for (qint64 n : overview->perMinute)
        minutesUsed += n > 0 ? 1 : 0;
    QVERIFY2(minutesUsed >= 20, qPrintable(QString::number(minutesUsed)));
    // Days back, in creation order of the ledger's story: accounts opened first.
    const QDateTime now = *ts.store().now();
    TxQuery oldest;
    oldest.sortKey = TxSortKey::CreatedAt;
    oldest.limit = 1;
    const Transaction first = ts.store().transactions(oldest)->first();
    QVERIFY(first.createdAt.msecsTo(now) > 6LL * 24 * 3600 * 1000);
    QCOMPARE(first.source, kWorldAccount);
    // Each document moved whole: its journal and markers are as near its creation as when they
    // were written. Left behind, they would be days from it; an hour leaves a busy machine's
    // slowest transfer room (these are the demo's times, not how long this test took).
    const auto detail = loadTransactionDetail(ts.store(), first.id);
    QVERIFY(detail.ok());
    constexpr qint64 kHour = 3600 * 1000;
    for (const JournalEntry &j : detail->journal)
        QVERIFY(qAbs(j.at.msecsTo(first.createdAt)) < kHour);
    for (const LegMarker &m : detail->legs)
        QVERIFY(qAbs(m.at.msecsTo(first.createdAt)) < kHour);
    // Every stuck one is still stuck (their leases ran out long ago).
    QCOMPARE(overview->stuck.count, qint64(options.stuck));
}

#include "tst_overview.moc"
