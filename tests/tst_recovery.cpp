// Recovery: which transactions it takes (expired lease, idle past the threshold) and which it
// leaves (live lease, fresh), what it makes of each state, threads, progress and failures.
#include "protocol/recovery.h"
#include "testsupport.h"

#include <QMutex>
#include <atomic>

using namespace ledger;
using namespace ledger::test;

namespace {

// One stuck transfer per stop, with a lease of `leaseMs`; returns their ids.
QStringList makeStuck(Store &store, qint64 leaseMs)
{
    QStringList ids;
    const struct {
        Step step;
        qint64 amount;
    } stops[] = {{Step::Insert, 10},        {Step::Claim, 10},         {Step::HoldDebit, 10},  {Step::HoldCredit, 10},
                 {Step::Applied, 10},       {Step::PostDebit, 10},     {Step::PostCredit, 10}, {Step::Canceling, 99'999},
                 {Step::VoidDebit, 99'999}, {Step::VoidCredit, 99'999}};
    for (const auto &stop : stops) {
        CoordinatorOptions o;
        o.leaseMs = leaseMs;
        o.hook = abandonAfterHook(stop.step);
        const TxOutcome r =
            Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), stop.amount, QString(), QString()});
        if (r.error.code != ErrorCode::Interrupted)
            qFatal("setup: %s", qPrintable(r.error.toString()));
        ids << r.tx->id;
    }
    return ids;
}

} // namespace

class TestRecovery : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recoversExpiredLeasesOnly();
    void recoversEverythingIdlePastTheThreshold();
    void sameResultWithOneOrManyThreads();
    void progressIsReported();
    void aCrashInsideRecoveryIsRecoveredLater();
    void unavailableStoreIsAnError();
    void stopsWhenAsked();
};

void TestRecovery::recoversExpiredLeasesOnly()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList expired = makeStuck(t.store(), 1);
    const QStringList live = makeStuck(t.store(), 600'000);
    QTest::qWait(10);
    RecoveryOptions options;
    options.olderThanMs = 3'600'000; // nothing is that old: only expired leases qualify
    const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
    QVERIFY2(r.error.ok(), qPrintable(r.error.toString()));
    // Every expired-lease transaction (all but the unclaimed initial one) and nothing else.
    QCOMPARE(r.candidates, qint64(expired.size() - 1));
    QCOMPARE(r.count(RecoveryOutcome::Done), qint64(6));
    QCOMPARE(r.count(RecoveryOutcome::Canceled), qint64(3));
    QCOMPARE(r.count(RecoveryOutcome::Failed), qint64(0));
    for (const RecoveredItem &item : r.items) {
        QVERIFY(expired.contains(item.id));
        QVERIFY(!live.contains(item.id));
    }
    QCOMPARE(t.store().transaction(expired.first())->state, TxState::Initial);
    for (const QString &id : live)
        QVERIFY(!isTerminal(t.store().transaction(id)->state));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecovery::recoversEverythingIdlePastTheThreshold()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList ids = makeStuck(t.store(), 600'000);
    RecoveryOptions options;
    options.olderThanMs = 0;
    const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
    QCOMPARE(r.candidates, qint64(ids.size()));
    QCOMPARE(r.count(RecoveryOutcome::Done), qint64(7));
    QCOMPARE(r.count(RecoveryOutcome::Canceled), qint64(3));
    for (const QString &id : ids) {
        const Transaction tx = *t.store().transaction(id);
        QVERIFY(isTerminal(tx.state));
        const auto journal = *t.store().journal(DocKind::Transaction, id);
        const bool recovered = std::any_of(journal.cbegin(), journal.cend(), [](const JournalEntry &j) {
            return j.event == QLatin1String("recovered") && j.actor == QLatin1String("recovery") && !j.detail.isEmpty();
        });
        QVERIFY2(recovered, qPrintable(id));
    }
    QCOMPARE(heldMarkerCount(t.store()), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    // Nothing left: a second run finds nothing.
    QCOMPARE(recoverStuck(connectorOf(t.config()), options).candidates, qint64(0));
}

void TestRecovery::sameResultWithOneOrManyThreads()
{
    QMap<RecoveryOutcome, qint64> results[2];
    for (int run = 0; run < 2; ++run) {
        TempStore t;
        openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
        for (int i = 0; i < 5; ++i)
            makeStuck(t.store(), 1);
        RecoveryOptions options;
        options.olderThanMs = 0;
        options.threads = run == 0 ? 1 : 8;
        const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
        QCOMPARE(r.candidates, qint64(50));
        QCOMPARE(r.items.size(), 50);
        results[run] = r.counts;
        LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    }
    QCOMPARE(results[0], results[1]);
}

void TestRecovery::progressIsReported()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    makeStuck(t.store(), 1);
    QMutex mutex;
    QList<qint64> seen;
    qint64 totalSeen = 0;
    RecoveryOptions options;
    options.olderThanMs = 0;
    options.threads = 3;
    options.progress = [&](qint64 finished, qint64 total) {
        QMutexLocker lock(&mutex);
        seen << finished;
        totalSeen = total;
    };
    recoverStuck(connectorOf(t.config()), options);
    std::sort(seen.begin(), seen.end());
    QCOMPARE(totalSeen, qint64(10));
    QCOMPARE(seen, (QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
}

void TestRecovery::aCrashInsideRecoveryIsRecoveredLater()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList ids = makeStuck(t.store(), 1);
    RecoveryOptions options;
    options.olderThanMs = 0;
    options.threads = 1;
    options.leaseMs = 1;
    options.hook = abandonAfterHook(Step::PostCredit); // the recoverer itself dies once
    const RecoveryReport first = recoverStuck(connectorOf(t.config()), options);
    QCOMPARE(first.count(RecoveryOutcome::Interrupted), qint64(1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    QTest::qWait(10);
    options.hook = {};
    const RecoveryReport second = recoverStuck(connectorOf(t.config()), options);
    QCOMPARE(second.candidates, qint64(1));
    QCOMPARE(second.count(RecoveryOutcome::Done), qint64(1));
    for (const QString &id : ids)
        QVERIFY(isTerminal(t.store().transaction(id)->state));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecovery::unavailableStoreIsAnError()
{
    QTemporaryDir dir;
    StoreConfig config;
    config.location = dir.filePath(QStringLiteral("missing.db"));
    const RecoveryReport r = recoverStuck(connectorOf(config), {});
    QCOMPARE(r.error.code, ErrorCode::StoreUnavailable);
    QCOMPARE(r.candidates, qint64(0));
}

void TestRecovery::stopsWhenAsked()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    for (int i = 0; i < 3; ++i)
        makeStuck(t.store(), 1);
    std::atomic<int> asked{0};
    RecoveryOptions options;
    options.olderThanMs = 0;
    options.threads = 1;
    options.shouldStop = [&asked] { return ++asked > 5; }; // five go through, then stop
    const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
    QVERIFY(r.stopped);
    QCOMPARE(r.items.size(), 5);
    QCOMPARE(r.notStarted, qint64(25));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

QTEST_GUILESS_MAIN(TestRecovery)
#include "tst_recovery.moc"
