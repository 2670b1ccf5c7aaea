// ledgerd's recovery sweeper on its thread (src/ledgerd/recoveryloop.h): it sweeps at start and
// then every period until stopped, finishes what crashes left, says a store error once, says a
// transaction left for an operator once, stops without waiting out its period, leaves the
// transaction under way after its current write, and gives up on a sweep that does not come back.
// In the TSan pass: the loop's thread and the reader of its counts.
#include "recoveryloop.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QSemaphore>
#include <QThread>

using namespace ledger;
using namespace ledger::api;
using namespace ledger::test;

namespace {

// A transfer stopped after `step`, its lease running for `leaseMs`.
QString stuck(Store &store, Step step, qint64 leaseMs = 1)
{
    const QString id = stuckAfter(store, step, 10, leaseMs);
    if (id.isEmpty() || isTerminal(store.transaction(id)->state))
        qFatal("setup: no transfer stopped after %s", qPrintable(nameOf(step)));
    return id;
}

// The lines a loop logs, from its thread.
struct Log {
    QMutex mutex;
    QStringList lines;
    std::function<void(const QString &)> sink()
    {
        return [this](const QString &line) {
            QMutexLocker lock(&mutex);
            lines << line;
        };
    }
    int count(const QString &part)
    {
        QMutexLocker lock(&mutex);
        return int(std::count_if(lines.begin(), lines.end(), [&](const QString &l) { return l.contains(part); }));
    }
};

SweepOptions expiredOnly()
{
    SweepOptions o;
    o.recovery.olderThanMs = 3'600'000;
    return o;
}

} // namespace

class TestRecoveryLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void finishesWhatCrashesLeft();
    void saysAStoreErrorOnce();
    void saysWhatItLeavesAloneOnce();
    void stopsWithoutWaitingOutItsPeriod();
    void stopLeavesATransactionHalfWay();
    void stopGivesUpOnASweepThatDoesNotComeBack();
};

void TestRecoveryLoop::finishesWhatCrashesLeft()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList first{stuck(t.store(), Step::Claim), stuck(t.store(), Step::HoldCredit), stuck(t.store(), Step::PostCredit)};
    QTest::qWait(5); // their leases of 1 ms have expired by the store's clock (milliseconds)
    Log log;
    RecoveryLoop loop(connectorOf(t.config()), expiredOnly(), 20, log.sink());
    loop.start();
    QTRY_COMPARE_WITH_TIMEOUT(loop.counts().done.load(), qint64(3), 60'000);
    for (const QString &id : first)
        QCOMPARE(t.store().transaction(id)->state, TxState::Done);
    QTRY_COMPARE_WITH_TIMEOUT(log.count(QStringLiteral("3 stuck transaction(s): 3 done")), 1, 60'000); // said after counting

    // Later crashes are found by later sweeps. (Its lease outlives its making: a sweep must not
    // take it over while this thread is still writing it.)
    const QString later = stuck(t.store(), Step::HoldDebit, 2'000);
    QTRY_COMPARE_WITH_TIMEOUT(loop.counts().done.load(), qint64(4), 60'000);
    QCOMPARE(t.store().transaction(later)->state, TxState::Done);
    QVERIFY(loop.stop(30'000));
    QVERIFY(loop.counts().sweeps.load() >= 2);
    QCOMPARE(loop.counts().storeErrors.load(), qint64(0));
    // Sweeps that found nothing said nothing.
    QCOMPARE(log.count(QStringLiteral("stuck transaction(s)")), 2);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecoveryLoop::saysAStoreErrorOnce()
{
    QTemporaryDir dir;
    StoreConfig config;
    config.location = dir.filePath(QStringLiteral("missing.db"));
    Log log;
    RecoveryLoop loop(connectorOf(config), expiredOnly(), 10, log.sink());
    loop.start();
    QTRY_VERIFY_WITH_TIMEOUT(loop.counts().storeErrors.load() >= 3, 60'000);
    QVERIFY(loop.stop(30'000));
    QCOMPARE(log.count(QStringLiteral("cannot sweep")), 1);
    QCOMPARE(log.count(QStringLiteral("store-unavailable")), 1);
}

void TestRecoveryLoop::saysWhatItLeavesAloneOnce()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString broken = stuck(t.store(), Step::Applied);
    QVERIFY(t.store().voidLeg(broken, QStringLiteral("bob"), LegSide::Credit, 10).ok());
    Log log;
    SweepOptions options = expiredOnly();
    options.recovery.leaseMs = 1; // listed again by every sweep after the one that failed
    RecoveryLoop loop(connectorOf(t.config()), options, 10, log.sink());
    loop.start();
    QTRY_VERIFY_WITH_TIMEOUT(loop.counts().sweeps.load() >= 4, 60'000);
    QVERIFY(loop.stop(30'000));
    QCOMPARE(loop.counts().failed.load(), qint64(1));
    QCOMPARE(loop.counts().failedBefore.load(), qint64(1));
    QCOMPARE(log.count(broken + QStringLiteral(" could not be recovered (protocol-violation")), 1);
}

void TestRecoveryLoop::stopsWithoutWaitingOutItsPeriod()
{
    TempStore t;
    Log log;
    RecoveryLoop loop(connectorOf(t.config()), expiredOnly(), 3'600'000, log.sink());
    loop.start();
    QTRY_COMPARE_WITH_TIMEOUT(loop.counts().sweeps.load(), qint64(1), 60'000);
    // Its period is an hour: a stop that waited for the next sweep would not be done within the
    // minute stop() is given (which only bounds a hang otherwise).
    QVERIFY2(loop.stop(60'000), "stop() waited for the next sweep");
    QCOMPARE(loop.counts().sweeps.load(), qint64(1));
}

void TestRecoveryLoop::stopLeavesATransactionHalfWay()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuck(t.store(), Step::Claim);
    // The sweep's second write waits until the stop was asked for (a slow store, slow exactly
    // as long as the test needs: a minute only bounds a hang): the stop comes in the middle.
    std::atomic<int> writes{0};
    std::atomic<bool> stopAsked{false};
    SweepOptions options = expiredOnly();
    options.recovery.hook = [&writes, &stopAsked](Step, const QString &) {
        if (++writes >= 2) {
            QElapsedTimer hang;
            hang.start();
            while (!stopAsked && hang.elapsed() < 60'000)
                QThread::msleep(1);
        }
        return HookAction::Continue;
    };
    Log log;
    RecoveryLoop loop(connectorOf(t.config()), options, 10, log.sink());
    loop.start();
    QTRY_VERIFY_WITH_TIMEOUT(writes.load() >= 2, 60'000);
    stopAsked = true;
    QVERIFY(loop.stop(60'000));
    QVERIFY(writes.load() < 5); // claim, two holds, applied, two posts, done: it did not go on
    QCOMPARE(log.count(QStringLiteral("1 transaction(s) left half-way")), 1);
    QVERIFY(!isTerminal(t.store().transaction(id)->state));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecoveryLoop::stopGivesUpOnASweepThatDoesNotComeBack()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    stuck(t.store(), Step::Claim);
    // The sweep's first write does not come back until the test lets it (a server that stopped
    // answering): stop() must not wait for it for ever.
    QSemaphore answered;
    std::atomic<bool> waiting{false};
    SweepOptions options = expiredOnly();
    options.recovery.hook = [&](Step, const QString &) {
        waiting = true;
        answered.acquire();
        return HookAction::Continue;
    };
    Log log;
    RecoveryLoop loop(connectorOf(t.config()), options, 10, log.sink());
    loop.start();
    QTRY_VERIFY_WITH_TIMEOUT(waiting.load(), 60'000);
    QVERIFY(!loop.stop(200));
    answered.release(100); // the store answers after all; the loop ends and is joined on destruction
}

QTEST_GUILESS_MAIN(TestRecoveryLoop)
#include "tst_recoveryloop.moc"
