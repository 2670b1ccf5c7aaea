// ledgerd's recovery sweeper on its thread (src/ledgerd/recoveryloop.h): it sweeps at start and
// then every period until stopped, finishes what crashes left, says a store error once, says a
// transaction left for an operator once, and stops without waiting out its period. In the TSan
// pass: the loop's thread and the reader of its counts.
#include "recoveryloop.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QMutex>

using namespace ledger;
using namespace ledger::api;
using namespace ledger::test;

namespace {

QString stuckAfter(Store &store, Step step)
{
    CoordinatorOptions o;
    o.leaseMs = 1;
    o.hook = abandonAfterHook(step);
    const TxOutcome r = Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()});
    if (r.error.code != ErrorCode::Interrupted)
        qFatal("setup: %s", qPrintable(r.error.toString()));
    return r.tx->id;
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
    o.olderThanMs = 3'600'000;
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
};

void TestRecoveryLoop::finishesWhatCrashesLeft()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList first{stuckAfter(t.store(), Step::Claim), stuckAfter(t.store(), Step::HoldCredit),
                            stuckAfter(t.store(), Step::PostCredit)};
    Log log;
    RecoveryLoop loop(connectorOf(t.config()), expiredOnly(), 20, log.sink());
    loop.start();
    QTRY_COMPARE_WITH_TIMEOUT(loop.counts().done.load(), qint64(3), 20'000);
    for (const QString &id : first)
        QCOMPARE(t.store().transaction(id)->state, TxState::Done);
    QCOMPARE(log.count(QStringLiteral("3 stuck transaction(s): 3 done")), 1);

    // Later crashes are found by later sweeps.
    const QString later = stuckAfter(t.store(), Step::HoldDebit);
    QTRY_COMPARE_WITH_TIMEOUT(loop.counts().done.load(), qint64(4), 20'000);
    QCOMPARE(t.store().transaction(later)->state, TxState::Done);
    loop.stop();
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
    QTRY_VERIFY_WITH_TIMEOUT(loop.counts().storeErrors.load() >= 3, 20'000);
    loop.stop();
    QCOMPARE(log.count(QStringLiteral("cannot sweep")), 1);
    QCOMPARE(log.count(QStringLiteral("store-unavailable")), 1);
}

void TestRecoveryLoop::saysWhatItLeavesAloneOnce()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString broken = stuckAfter(t.store(), Step::Applied);
    QVERIFY(t.store().voidLeg(broken, QStringLiteral("bob"), LegSide::Credit, 10).ok());
    Log log;
    SweepOptions options = expiredOnly();
    options.leaseMs = 1; // listed again by every sweep after the one that failed
    RecoveryLoop loop(connectorOf(t.config()), options, 10, log.sink());
    loop.start();
    QTRY_VERIFY_WITH_TIMEOUT(loop.counts().sweeps.load() >= 4, 20'000);
    loop.stop();
    QCOMPARE(loop.counts().failed.load(), qint64(1));
    QCOMPARE(loop.counts().leftAlone.load(), qint64(1));
    QCOMPARE(log.count(broken + QStringLiteral(" could not be recovered (protocol-violation")), 1);
}

void TestRecoveryLoop::stopsWithoutWaitingOutItsPeriod()
{
    TempStore t;
    Log log;
    RecoveryLoop loop(connectorOf(t.config()), expiredOnly(), 3'600'000, log.sink());
    loop.start();
    QTRY_COMPARE_WITH_TIMEOUT(loop.counts().sweeps.load(), qint64(1), 20'000);
    QElapsedTimer clock;
    clock.start();
    loop.stop();
    QVERIFY2(clock.elapsed() < 30'000, "stop() waited for the next sweep");
    QCOMPARE(loop.counts().sweeps.load(), qint64(1));
}

QTEST_GUILESS_MAIN(TestRecoveryLoop)
#include "tst_recoveryloop.moc"
