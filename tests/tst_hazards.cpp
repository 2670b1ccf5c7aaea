// The hazards of DESIGN.md §2, on real threads with their own connections: a worker that stalls
// past its lease while a recoverer (or an operator) takes over and then wakes and carries on; a
// hold that arrives after the cancel that voided it; recoverers and operators racing on the same
// transactions; many threads making transfers among few accounts while recovery runs.
#include "protocol/recovery.h"
#include "testsupport.h"

#include <QMutex>
#include <QRandomGenerator>
#include <QSemaphore>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

// A step hook that stops its thread right after the first time `step` commits, until released.
class PauseAt {
public:
    explicit PauseAt(Step step)
        : m_step(step)
    {}
    StepHook hook()
    {
        return [this](Step step, const QString &) {
            if (step == m_step && !m_fired.exchange(true)) {
                m_paused.release();
                m_wake.acquire();
            }
            return HookAction::Continue;
        };
    }
    bool waitUntilPaused() { return m_paused.tryAcquire(1, 30'000); }
    void release() { m_wake.release(); }

private:
    Step m_step;
    std::atomic<bool> m_fired{false};
    QSemaphore m_paused;
    QSemaphore m_wake;
};

// A worker on its own thread and connection that runs one transfer and stops right after
// `pauseAfter` committed, until released. Always released and joined, even when a check fails.
class StalledWorker {
public:
    StalledWorker(const StoreConfig &config, Step pauseAfter, TransferRequest request, qint64 leaseMs)
        : m_pause(pauseAfter)
    {
        m_thread = std::thread([this, config, request, leaseMs] {
            auto store = openStore(config);
            if (!store.ok())
                qFatal("worker: %s", qPrintable(store.error().toString()));
            CoordinatorOptions o;
            o.actor = QStringLiteral("worker");
            o.leaseMs = leaseMs;
            o.hook = m_pause.hook();
            Coordinator worker(**store, o);
            m_outcome = worker.transfer(request);
        });
    }
    ~StalledWorker() { finish(); }
    bool waitUntilPaused() { return m_pause.waitUntilPaused(); }
    const TxOutcome &finish()
    {
        if (m_thread.joinable()) {
            m_pause.release();
            m_thread.join();
        }
        return m_outcome;
    }

private:
    PauseAt m_pause;
    std::thread m_thread;
    TxOutcome m_outcome;
};

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang

// Waits until the store's clock is past the lease of each of `ids`: what makes a recoverer take
// them (a wait on that condition, not on a time).
bool leasesRunOut(Store &store, const QStringList &ids)
{
    return QTest::qWaitFor(
        [&] {
            const auto now = store.now();
            if (!now.ok())
                return false;
            for (const QString &id : ids) {
                const auto tx = store.transaction(id);
                if (!tx.ok() || (tx->leaseUntil.isValid() && !(tx->leaseUntil < *now)))
                    return false;
            }
            return true;
        },
        kWaitMs);
}

// Holds each of `parties` threads until all of them have arrived; false after a minute.
// (std::condition_variable, not QWaitCondition: Debian's Qt is not built for ThreadSanitizer,
// which then cannot see QWaitCondition::wait release the mutex and reports a double lock.)
class Rendezvous {
public:
    explicit Rendezvous(int parties)
        : m_parties(parties)
    {}
    bool arriveAndWait()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        ++m_arrived;
        m_all.notify_all();
        return m_all.wait_for(lock, std::chrono::milliseconds(kWaitMs), [this] { return m_arrived >= m_parties; });
    }

private:
    const int m_parties;
    int m_arrived = 0;
    std::mutex m_mutex;
    std::condition_variable m_all;
};

// A recoverer's `choose` that lists every candidate once `meet` has all its parties: each party
// has its plan before any of them moves a document.
std::function<Result<QList<Transaction>>(Store &, const QList<Transaction> &)> listedTogether(Rendezvous &meet)
{
    return [&meet](Store &, const QList<Transaction> &candidates) -> Result<QList<Transaction>> {
        if (!meet.arriveAndWait())
            return makeError(ErrorCode::Internal, QStringLiteral("the other party never listed its candidates"));
        return candidates;
    };
}

// Stuck transfers alice → bob, one per stop in `stops` (cycled), with a lease already over.
QStringList makeStuck(Store &store, int count, const QList<Step> &stops)
{
    QStringList ids;
    for (int i = 0; i < count; ++i) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(stops.at(i % stops.size()));
        ids << Coordinator(store, o).transfer({kAlice, kBob, 100 + i, QString(), QString()}).tx->id;
    }
    if (!leasesRunOut(store, ids))
        qWarning("the stuck transfers' leases did not run out");
    return ids;
}

QString onlyNonTerminal(Store &store)
{
    TxQuery q;
    q.stuckOnly = true;
    q.stuckForMs = 0;
    const auto list = *store.transactions(q);
    return list.size() == 1 ? list.first().id : QString();
}

} // namespace

class TestHazards : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stalledWorker_data();
    void stalledWorker();
    void lateHoldNeverLands();
    void staleOwnerCannotMoveTheDocument();
    void twoRecoverersFinishEachTransactionOnce();
    void recoverersMeetOnTheSameDocument();
    void operatorCancelsUnderARecoverer();
    void operatorAndRecovererRace();
    void concurrentTransfersWithRecovery();
    void stalledWorkerOverThreeShards_data();
    void stalledWorkerOverThreeShards();
    void lateHoldsOverThreeShards();
};

namespace {

// Three accounts, one on each shard of a three-shard store, each funded with `balance`.
QStringList oneAccountPerShard(TempStore &t, qint64 balance)
{
    QStringList picked;
    QSet<QString> shards;
    for (int i = 0; picked.size() < 3 && i < 1000; ++i) {
        const QString id = QStringLiteral("p%1").arg(i);
        const QString shard = t.locationOfAccount(id);
        // On DynamoDB every account is an item read and written on its own: any three will do.
        if (!shards.contains(shard) || onDynamo()) {
            shards.insert(shard);
            picked << id;
        }
    }
    openAccounts(t.store(), picked, balance);
    return picked;
}

TransferRequest threeLegs(const QStringList &a, qint64 amount)
{
    TransferRequest r;
    r.legs = {{a[0], LegSide::Debit, amount}, {a[1], LegSide::Credit, amount - amount / 4}, {a[2], LegSide::Credit, amount / 4}};
    return r;
}

} // namespace

void TestHazards::stalledWorkerOverThreeShards_data()
{
    QTest::addColumn<Step>("pauseAfter");
    QTest::addColumn<QString>("intervention");
    QTest::addColumn<TxState>("final");
    // A leg on each shard: the worker stalls between any two of them.
    for (Step s : {Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit})
        QTest::addRow("paused after %s, recoverer completes", qPrintable(nameOf(s))) << s << "recover" << TxState::Done;
    for (Step s : {Step::Claim, Step::HoldDebit, Step::HoldCredit})
        QTest::addRow("paused after %s, operator cancels", qPrintable(nameOf(s))) << s << "cancel" << TxState::Canceled;
}

void TestHazards::stalledWorkerOverThreeShards()
{
    QFETCH(Step, pauseAfter);
    QFETCH(QString, intervention);
    QFETCH(TxState, final);
    TempStore t(TempStore::Sharded{3});
    Store &s = t.store();
    const QStringList a = oneAccountPerShard(t, 1000);
    const TransferRequest request = threeLegs(a, 400);

    StalledWorker worker(t.config(), pauseAfter, request, 150);
    QVERIFY(worker.waitUntilPaused());
    const QString id = onlyNonTerminal(s);
    QVERIFY(!id.isEmpty());
    if (intervention == QLatin1String("cancel")) {
        const TxOutcome o = Coordinator(s, {}).cancel(id, QStringLiteral("stop it"));
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    } else {
        QVERIFY(leasesRunOut(s, {id})); // the worker's, while it stalls
        RecoveryOptions options;
        options.olderThanMs = 3'600'000;
        const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
        QCOMPARE(r.candidates, qint64(1));
        QCOMPARE(r.items.first().toState, std::optional<TxState>(final));
    }
    const TxOutcome woke = worker.finish();
    QVERIFY(woke.byOther);
    QCOMPARE(s.transaction(id)->state, final);
    QCOMPARE(heldMarkerCount(s), qint64(0));
    const bool moved = final == TxState::Done;
    for (const TxLeg &leg : request.legs)
        QCOMPARE(balanceOf(s, leg.accountId), 1000 + (moved ? (leg.side == LegSide::Credit ? leg.amount : -leg.amount) : 0));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::lateHoldsOverThreeShards()
{
    // Claimed, then stalled before any hold; the cancel writes a tombstone on each shard; the
    // worker's three holds then arrive and each finds its tombstone.
    TempStore t(TempStore::Sharded{3});
    Store &s = t.store();
    const QStringList a = oneAccountPerShard(t, 1000);
    StalledWorker worker(t.config(), Step::Claim, threeLegs(a, 999), 60'000);
    QVERIFY(worker.waitUntilPaused());
    const QString id = onlyNonTerminal(s);
    QVERIFY(Coordinator(s, {}).cancel(id, QStringLiteral("before any hold")).ok());
    QCOMPARE(s.legsOfTransaction(id)->size(), 3);
    const TxOutcome woke = worker.finish();
    QVERIFY(!woke.ok());
    for (const LegMarker &m : *s.legsOfTransaction(id))
        QCOMPARE(m.status, LegStatus::Voided);
    for (const QString &id : a) {
        QCOMPARE(s.account(id)->pendingDebits + s.account(id)->pendingCredits, qint64(0));
        QCOMPARE(balanceOf(s, id), qint64(1000));
    }
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::stalledWorker_data()
{
    QTest::addColumn<Step>("pauseAfter");
    QTest::addColumn<QString>("intervention");
    QTest::addColumn<TxState>("final");
    QTest::addColumn<ErrorCode>("workerCode"); // what the woken worker is told
    for (Step s : {Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit})
        QTest::addRow("paused after %s, recoverer completes", qPrintable(nameOf(s))) << s << "recover" << TxState::Done << ErrorCode::None;
    for (Step s : {Step::Claim, Step::HoldDebit})
        QTest::addRow("paused after %s, destination frozen, recoverer cancels", qPrintable(nameOf(s)))
            << s << "freeze-and-recover" << TxState::Canceled << ErrorCode::AccountFrozen;
    for (Step s : {Step::Claim, Step::HoldDebit, Step::HoldCredit})
        QTest::addRow("paused after %s, operator cancels", qPrintable(nameOf(s)))
            << s << "cancel" << TxState::Canceled << ErrorCode::Conflict;
}

void TestHazards::stalledWorker()
{
    QFETCH(Step, pauseAfter);
    QFETCH(QString, intervention);
    QFETCH(TxState, final);
    QFETCH(ErrorCode, workerCode);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 1000);

    StalledWorker worker(t.config(), pauseAfter, {kAlice, kBob, 400, QString(), QString()}, 150);
    QVERIFY(worker.waitUntilPaused());
    const QString id = onlyNonTerminal(s);
    QVERIFY(!id.isEmpty());
    const qint64 workerEpoch = s.transaction(id)->epoch;

    if (intervention == QLatin1String("cancel")) {
        Coordinator op(s, {});
        const TxOutcome o = op.cancel(id, QStringLiteral("stop it"));
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    } else {
        if (intervention == QLatin1String("freeze-and-recover"))
            QVERIFY(s.setAccountStatus(kBob, AccountStatus::Frozen, QStringLiteral("op"), QString()).ok());
        QVERIFY(leasesRunOut(s, {id})); // the worker's, while it stalls
        RecoveryOptions options;
        options.olderThanMs = 3'600'000; // only the expired lease makes it eligible
        const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
        QCOMPARE(r.candidates, qint64(1));
        QCOMPARE(r.items.first().toState, std::optional<TxState>(final));
    }
    QCOMPARE(s.transaction(id)->state, final);
    QVERIFY(s.transaction(id)->epoch > workerEpoch);

    // The worker wakes and carries on with its stale view: nothing it does may land.
    const TxOutcome woke = worker.finish();
    QCOMPARE(woke.error.code, workerCode);
    QVERIFY(woke.byOther);
    QCOMPARE(woke.tx->state, final);

    QCOMPARE(s.transaction(id)->state, final);
    QCOMPARE(heldMarkerCount(s), qint64(0));
    const qint64 moved = final == TxState::Done ? 400 : 0;
    QCOMPARE(balanceOf(s, kAlice), 1000 - moved);
    QCOMPARE(balanceOf(s, kBob), 1000 + moved);
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::lateHoldNeverLands()
{
    // The worker claimed, then stalled before its first hold; the cancel voids both legs
    // (tombstones); the worker's holds then arrive and must find the tombstones.
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 1000);
    StalledWorker worker(t.config(), Step::Claim, {kAlice, kBob, 999, QString(), QString()}, 60'000);
    QVERIFY(worker.waitUntilPaused());
    const QString id = onlyNonTerminal(s);
    QVERIFY(Coordinator(s, {}).cancel(id, QStringLiteral("before any hold")).ok());
    const auto tombstones = *s.legsOfTransaction(id);
    QCOMPARE(tombstones.size(), 2);
    for (const LegMarker &m : tombstones)
        QCOMPARE(m.status, LegStatus::Voided);

    const TxOutcome woke = worker.finish();
    QVERIFY(!woke.ok());
    QCOMPARE(s.account(kAlice)->available(), qint64(1000));
    QCOMPARE(s.account(kAlice)->pendingDebits, qint64(0));
    QCOMPARE(s.account(kBob)->pendingCredits, qint64(0));
    for (const LegMarker &m : *s.legsOfTransaction(id))
        QCOMPARE(m.status, LegStatus::Voided);
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::staleOwnerCannotMoveTheDocument()
{
    // Both legs are held by the worker, then someone else claims the document (same state,
    // next epoch) and stalls in turn. The woken worker's pending → applied must be refused:
    // only the current owner moves a document.
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 1000);
    StalledWorker worker(t.config(), Step::HoldCredit, {kAlice, kBob, 100, QString(), QString()}, 60'000);
    QVERIFY(worker.waitUntilPaused());
    const Transaction before = *s.transaction(onlyNonTerminal(s));
    TxChange takeover;
    takeover.newState = TxState::Pending;
    takeover.claim = true;
    takeover.newOwner = QStringLiteral("usurper");
    takeover.leaseMs = 60'000;
    QVERIFY(s.updateTransaction(before.id, TxGuard::of(before), takeover)->applied);

    // The worker's client is told its transfer was taken over and will be finished: accepted,
    // not refused (a refusal would invite a second, paying retry).
    const TxOutcome woke = worker.finish();
    QVERIFY(woke.byOther);
    QVERIFY2(woke.ok(), qPrintable(woke.error.toString()));
    QVERIFY(woke.note.contains(QStringLiteral("taken over by usurper")));
    // Nor paid: its first answer is "accepted, not finished" (ledgerctl exit 4, ledgerd 202).
    QVERIFY(woke.unfinished());
    QCOMPARE(notFinished(woke).message,
             QStringLiteral("%1 is pending: accepted, not finished; no money has moved yet (%2)").arg(before.id, woke.note));
    const Transaction after = *s.transaction(before.id);
    QCOMPARE(after.state, TxState::Pending);
    QCOMPARE(after.owner, QStringLiteral("usurper"));
    QCOMPARE(after.epoch, before.epoch + 1);
    LEDGER_VERIFY_AUDIT_CLEAN(s);
    // The new owner (here an operator's resume) finishes it, once.
    QVERIFY(Coordinator(s, {}).resume(before.id, QString()).ok());
    QCOMPARE(balanceOf(s, kBob), qint64(1100));
}

void TestHazards::twoRecoverersFinishEachTransactionOnce()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 100'000);
    makeStuck(s, 30, {Step::Insert, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit});
    // Each lists the 30 before either moves one: they race over the same documents, whatever the
    // threads' speed.
    Rendezvous meet(2);
    RecoveryReport reports[2];
    {
        std::thread a([&] {
            RecoveryOptions o;
            o.olderThanMs = 0;
            o.threads = 2;
            o.choose = listedTogether(meet);
            reports[0] = recoverStuck(connectorOf(t.config()), o);
        });
        std::thread b([&] {
            RecoveryOptions o;
            o.olderThanMs = 0;
            o.threads = 2;
            o.choose = listedTogether(meet);
            reports[1] = recoverStuck(connectorOf(t.config()), o);
        });
        a.join();
        b.join();
    }
    qint64 finished = 0;
    qint64 moved = 0;
    for (const RecoveryReport &r : reports) {
        QVERIFY2(r.error.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.candidates, qint64(30));
        QCOMPARE(r.count(RecoveryOutcome::Failed), qint64(0));
        QCOMPARE(r.count(RecoveryOutcome::Interrupted), qint64(0));
        finished += r.count(RecoveryOutcome::Done) + r.count(RecoveryOutcome::Canceled);
        moved += r.count(RecoveryOutcome::Moved);
    }
    qInfo("finished %lld and %lld",
          static_cast<long long>(reports[0].count(RecoveryOutcome::Done) + reports[0].count(RecoveryOutcome::Canceled)),
          static_cast<long long>(reports[1].count(RecoveryOutcome::Done) + reports[1].count(RecoveryOutcome::Canceled)));
    QCOMPARE(finished, qint64(30)); // each transaction was finished by exactly one of them
    QCOMPARE(moved, qint64(30));    // and found moved by the other
    TxQuery open;
    open.stuckOnly = true;
    QCOMPARE(*s.transactionCount(open), qint64(0));
    QCOMPARE(heldMarkerCount(s), qint64(0));
    QCOMPARE(balanceOf(s, kBob), qint64(100'000 + 30 * 100 + 29 * 30 / 2));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::recoverersMeetOnTheSameDocument()
{
    // Recoverer A claims the first stuck transfer and stalls right there. Recoverer B, started
    // then, sees A's claim as just another unfinished document (older-than 0s), takes it over and
    // finishes everything. A wakes: every document it planned to touch has moved.
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 100'000);
    const QStringList ids = makeStuck(s, 10, {Step::HoldDebit, Step::HoldCredit, Step::Applied});
    PauseAt pause(Step::Claim);
    RecoveryReport a;
    std::thread first([&] {
        RecoveryOptions o;
        o.olderThanMs = 0;
        o.threads = 1;
        o.hook = pause.hook();
        a = recoverStuck(connectorOf(t.config()), o);
    });
    QVERIFY(pause.waitUntilPaused());
    RecoveryOptions o;
    o.olderThanMs = 0;
    const RecoveryReport b = recoverStuck(connectorOf(t.config()), o);
    pause.release();
    first.join();
    QCOMPARE(b.candidates, qint64(10));
    QCOMPARE(b.count(RecoveryOutcome::Done), qint64(10));
    QCOMPARE(a.candidates, qint64(10));
    QCOMPARE(a.count(RecoveryOutcome::Moved), qint64(10)); // the one it had claimed included
    QCOMPARE(a.count(RecoveryOutcome::Done) + a.count(RecoveryOutcome::Failed), qint64(0));
    for (const QString &id : ids)
        QCOMPARE(s.transaction(id)->state, TxState::Done);
    QCOMPARE(balanceOf(s, kBob), qint64(100'000 + 10 * 100 + 45));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::operatorCancelsUnderARecoverer()
{
    // The recoverer has claimed a stuck pending transfer and stalls; the operator cancels it
    // (allowed from pending, whoever owns it). The recoverer wakes to a voided leg and stops.
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 100'000);
    const QString id = makeStuck(s, 1, {Step::HoldDebit}).first();
    PauseAt pause(Step::Claim);
    RecoveryReport r;
    std::thread recoverer([&] {
        RecoveryOptions o;
        o.olderThanMs = 0;
        o.threads = 1;
        o.hook = pause.hook();
        r = recoverStuck(connectorOf(t.config()), o);
    });
    QVERIFY(pause.waitUntilPaused());
    QCOMPARE(s.transaction(id)->owner.startsWith(QStringLiteral("recovery@")), true);
    const TxOutcome canceled = Coordinator(s, {}).cancel(id, QStringLiteral("operator knows better"));
    pause.release();
    recoverer.join();
    QVERIFY2(canceled.ok(), qPrintable(canceled.error.toString()));
    QCOMPARE(r.count(RecoveryOutcome::Moved), qint64(1));
    QCOMPARE(s.transaction(id)->state, TxState::Canceled);
    QCOMPARE(balanceOf(s, kBob), qint64(100'000));
    QCOMPARE(heldMarkerCount(s), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::operatorAndRecovererRace()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 100'000);
    QStringList ids;
    for (int i = 0; i < 40; ++i) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(i % 2 ? Step::Claim : Step::HoldDebit); // pending: cancel is allowed
        ids << Coordinator(s, o).transfer({kAlice, kBob, 10, QString(), QString()}).tx->id;
    }
    QVERIFY(leasesRunOut(s, ids));
    // The operator starts once the recoverer has listed all 40: both then work through the same
    // documents, whatever the threads' speed.
    Rendezvous meet(2);
    std::atomic<int> operatorCanceled{0};
    std::atomic<int> operatorTried{0};
    QStringList operatorErrors;
    std::thread op([&] {
        auto store = openStore(t.config());
        Coordinator c(**store, {});
        if (!meet.arriveAndWait()) {
            operatorErrors << QStringLiteral("the recoverer never listed its candidates");
            return;
        }
        for (const QString &id : ids) {
            ++operatorTried;
            const TxOutcome o = c.cancel(id, QStringLiteral("race"));
            // The operator's cancel decided it (canceling written with its reason), even when the
            // recoverer then did the voids and reported it finished (byOther).
            if (o.ok() && o.tx && o.tx->state == TxState::Canceled && o.tx->lastError.startsWith(QStringLiteral("canceled by")))
                ++operatorCanceled;
            else if (!o.ok() && o.error.code != ErrorCode::InvalidState && o.error.code != ErrorCode::Conflict)
                operatorErrors << o.error.toString();
        }
    });
    RecoveryOptions ro;
    ro.olderThanMs = 0;
    ro.threads = 2;
    ro.choose = listedTogether(meet);
    const RecoveryReport r = recoverStuck(connectorOf(t.config()), ro);
    op.join();
    QVERIFY2(r.error.ok(), qPrintable(r.error.toString()));
    QVERIFY2(operatorErrors.isEmpty(), qPrintable(operatorErrors.join(QLatin1Char('\n'))));
    QCOMPARE(r.candidates, qint64(40));
    QCOMPARE(operatorTried.load(), 40);
    QCOMPARE(r.count(RecoveryOutcome::Failed), qint64(0));
    QCOMPARE(r.count(RecoveryOutcome::Interrupted), qint64(0));
    int done = 0;
    int canceledByOperator = 0;
    for (const QString &id : ids) {
        const Transaction tx = *s.transaction(id);
        QVERIFY(isTerminal(tx.state));
        if (tx.state == TxState::Done)
            ++done;
        else if (tx.lastError.startsWith(QStringLiteral("canceled by")))
            ++canceledByOperator;
    }
    QCOMPARE(canceledByOperator, operatorCanceled.load());
    // Each of the 40 was decided by one of them: done by the recoverer (its own count), or
    // canceled by the operator, which the recoverer then found moved.
    QCOMPARE(done + canceledByOperator, 40);
    QCOMPARE(r.count(RecoveryOutcome::Done), qint64(done));
    QCOMPARE(r.count(RecoveryOutcome::Done) + r.count(RecoveryOutcome::Moved), qint64(40));
    qInfo("the recoverer finished %d, the operator canceled %d", done, canceledByOperator);
    QCOMPARE(balanceOf(s, kBob), qint64(100'000 + 10 * done));
    QCOMPARE(heldMarkerCount(s), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestHazards::concurrentTransfersWithRecovery()
{
    TempStore t;
    const QStringList accounts{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    openAccounts(t.store(), accounts, 50'000);
    constexpr int kThreads = 4;
    constexpr int kPerThread = 120;
    // The auditor and the recoverer are paced by the workers' progress, not by the clock: each of
    // their passes waits for at least kPace more transfers to end. Free-running, their passes grew
    // with the store while the workers slowed (on one dynalite beside other tests and a busy CPU,
    // the function outgrew its deadline), so how much each did depended on the machine's speed.
    constexpr int kAuditPace = 10;
    constexpr int kRecoverPace = 1;
    std::atomic<int> ended{0}; // transfers the workers finished asking for
    std::atomic<bool> workersDone{false};
    QMutex mutex;
    QStringList unexpected;
    QStringList acknowledged; // transfers a client saw reach done
    // Waits until `pace` more transfers ended than at `since`, or the workers are done; says
    // whether to go on.
    const auto waitForProgress = [&](int since, int pace) {
        while (!workersDone && ended.load() < since + pace)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return !workersDone.load();
    };
    std::vector<std::thread> threads;
    for (int w = 0; w < kThreads; ++w) {
        threads.emplace_back([&, w] {
            auto store = openStore(t.config());
            CoordinatorOptions o;
            o.leaseMs = 50; // short: the recoverer takes over often
            Coordinator c(**store, o);
            QRandomGenerator rng(1000 + w);
            for (int i = 0; i < kPerThread; ++i) {
                const QString from = accounts.at(rng.bounded(3));
                QString to;
                do {
                    to = accounts.at(rng.bounded(3));
                } while (to == from);
                const TxOutcome r = c.transfer({from, to, 1 + rng.bounded(20'000), QString(), QStringLiteral("k-%1-%2").arg(w).arg(i)});
                {
                    QMutexLocker lock(&mutex);
                    if (r.ok() && r.tx && r.tx->state == TxState::Done)
                        acknowledged << r.tx->id;
                    else if (!r.ok() && r.error.code != ErrorCode::InsufficientFunds)
                        unexpected << r.error.toString(); // a takeover is not a refusal
                }
                ++ended;
            }
        });
    }
    std::atomic<int> audits{0};
    std::thread auditor([&] {
        // Audits on a live store: one snapshot each, so none may see a transfer half-way.
        auto store = openStore(t.config());
        int since = 0;
        do {
            since = ended;
            const AuditReport r = audit(**store);
            ++audits;
            if (!r.clean()) {
                QMutexLocker lock(&mutex);
                unexpected << QStringLiteral("audit during writes: ") + describeFindings(r);
            }
        } while (waitForProgress(since, kAuditPace));
    });
    std::atomic<int> passes{0};
    std::atomic<qint64> metInFlight{0}; // transfers a pass found not finished
    std::atomic<qint64> finishedByRecoverer{0};
    std::thread recoverer([&] {
        RecoveryOptions ro;
        ro.olderThanMs = 0; // takes over transfers in flight: the harshest interleaving
        ro.threads = 2;
        int since = 0;
        do {
            since = ended;
            const RecoveryReport r = recoverStuck(connectorOf(t.config()), ro);
            ++passes;
            metInFlight += r.candidates;
            QMutexLocker lock(&mutex);
            if (!r.error.ok())
                unexpected << QStringLiteral("recovery pass: ") + r.error.toString();
            for (const RecoveredItem &item : r.items) {
                if (item.outcome == RecoveryOutcome::Failed)
                    unexpected << item.id + QStringLiteral(": ") + item.message;
                else if (item.outcome == RecoveryOutcome::Done || item.outcome == RecoveryOutcome::Canceled)
                    ++finishedByRecoverer;
            }
        } while (waitForProgress(since, kRecoverPace));
    });
    for (auto &th : threads)
        th.join();
    workersDone = true;
    recoverer.join();
    auditor.join();
    QVERIFY(audits > 0);
    QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(QLatin1Char('\n'))));
    // The race happened: passes ran while transfers were in flight and found some of them
    // unfinished (four workers keep up to four in flight; a pass that met none in all of its
    // passes would have tested nothing).
    QVERIFY2(metInFlight > 0, qPrintable(QStringLiteral("%1 recovery passes met no transfer in flight").arg(passes.load())));

    RecoveryOptions finalPass;
    finalPass.olderThanMs = 0;
    recoverStuck(connectorOf(t.config()), finalPass);
    Store &s = t.store();
    QCOMPARE(heldMarkerCount(s), qint64(0));
    for (const QString &id : acknowledged)
        QCOMPARE(s.transaction(id)->state, TxState::Done);
    qint64 sum = 0;
    const Error scanned = s.scanAccounts([&](const Account &a) { sum += a.balance; });
    QVERIFY2(scanned.ok(), qPrintable(scanned.toString()));
    QCOMPARE(sum, qint64(0));
    TxQuery transfers;
    transfers.kind = TxKind::Transfer;
    QCOMPARE(*s.transactionCount(transfers), qint64(accounts.size() + kThreads * kPerThread)); // each key once
    LEDGER_VERIFY_AUDIT_CLEAN(s);
    qInfo("%lld transfers acknowledged done out of %d; %d audits ran meanwhile, all clean; %d recovery passes met %lld "
          "transfers in flight and finished %lld of them",
          static_cast<long long>(acknowledged.size()), kThreads * kPerThread, audits.load(), passes.load(),
          static_cast<long long>(metInFlight.load()), static_cast<long long>(finishedByRecoverer.load()));
}

QTEST_GUILESS_MAIN(TestHazards)
#include "tst_hazards.moc"
