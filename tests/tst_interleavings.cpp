// Every interleaving, one protocol write at a time, of the real coordinator's actors on one
// transfer: (a) the original worker, (b) a recoverer that takes over after the lease, (c) an
// operator who cancels or compensates. Then a seeded random sample of two transfers that share
// an account, each with its own intervener. After each complete schedule every invariant holds,
// each transfer ended done or canceled (never both, never neither) and its money moved once.
//
// LEDGER_INTERLEAVING_BOUND caps the preemptions per schedule (CHESS-style preemption bounding:
// every schedule that switches away from a runnable actor at most that many times); -1 explores
// every interleaving. By default the cancel case is explored whole and the compensate case up
// to 3 preemptions (see docs/reliability.md for longer runs).
// LEDGER_INTERLEAVING_SAMPLES sets the size of the random sample. Both print what they explored.
#include "interleaving.h"
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "testsupport.h"

#ifdef __linux__
#include <sched.h>
#endif

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");
const QString kCarol = QStringLiteral("carol");
constexpr qint64 kAmount = 100;

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok ? v : fallback;
}

CoordinatorOptions as(const QString &who, qint64 leaseMs = 30'000)
{
    CoordinatorOptions o;
    o.actor = who;
    o.worker = who;
    o.leaseMs = leaseMs;
    return o;
}

// What one schedule did to one transfer, as the checks need it.
struct TransferRun {
    QString id;
    TxOutcome worker;
    TxOutcome intervener;
};

// The end of one schedule for one transfer: terminal, legs as its state says, and told truly.
// Returns an empty string when all is well, else what is wrong.
QString checkTransferEnded(Store &store, const TransferRun &run, bool operatorCanceled)
{
    if (run.id.isEmpty())
        return QStringLiteral("the worker never inserted its transaction: %1").arg(run.worker.error.toString());
    auto tx = store.transaction(run.id);
    if (!tx.ok())
        return tx.error().toString();
    if (tx->state != TxState::Done && tx->state != TxState::Canceled)
        return QStringLiteral("%1 ended %2").arg(run.id, nameOf(tx->state));
    const auto legs = *store.legsOfTransaction(run.id);
    int posted = 0, held = 0;
    for (const LegMarker &m : legs) {
        posted += m.status == LegStatus::Posted;
        held += m.status == LegStatus::Held;
    }
    if (held != 0)
        return QStringLiteral("%1 is %2 with %3 held legs").arg(run.id, nameOf(tx->state)).arg(held);
    if (tx->state == TxState::Done && posted != tx->legs.size())
        return QStringLiteral("%1 is done with %2 posted legs").arg(run.id).arg(posted);
    if (tx->state == TxState::Canceled && posted != 0)
        return QStringLiteral("%1 is canceled with %2 posted legs").arg(run.id).arg(posted);
    // What the client was told must be what happened.
    if (run.worker.ok() && run.worker.tx && run.worker.tx->state == TxState::Done && tx->state != TxState::Done)
        return QStringLiteral("the worker was told done, but %1 is %2").arg(run.id, nameOf(tx->state));
    if (run.worker.ok() && run.worker.tx && run.worker.tx->state == TxState::Canceled && tx->state != TxState::Canceled)
        return QStringLiteral("the worker was told canceled, but %1 is %2").arg(run.id, nameOf(tx->state));
    if (operatorCanceled && run.intervener.ok() && run.intervener.tx && run.intervener.tx->state == TxState::Canceled
        && tx->state != TxState::Canceled)
        return QStringLiteral("the operator was told canceled, but %1 is %2").arg(run.id, nameOf(tx->state));
    return QString();
}

// The original worker: a transfer with a lease of 1 ms, so that the recoverer may take over at
// any of its steps. The id of the document it inserts is in run.id as soon as it exists.
void runWorker(SchedulingStore &s, const QString &name, const TransferRequest &request, TransferRun &run)
{
    s.onInserted = [&run](const QString &id) {
        if (run.id.isEmpty())
            run.id = id;
    };
    run.worker = Coordinator(s, as(name, 1)).transfer(request);
}

// What a recovery scan does for one expired document: read it, take it over with that snapshot
// as the guard, drive it. Nothing when it is already finished.
TxOutcome recoverIfUnfinished(Store &s, const QString &id)
{
    auto snapshot = s.transaction(id);
    if (!snapshot.ok() || isTerminal(snapshot->state))
        return {};
    return Coordinator(s, as(QStringLiteral("recoverer"))).recover(*snapshot, QStringLiteral("lease expired"));
}

struct Explored {
    qint64 schedules = 0;
    qint64 done = 0;
    qint64 canceled = 0;
    qint64 compensated = 0;
    int longest = 0;
};

} // namespace

class TestInterleavings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void oneTransfer_data();
    void oneTransfer();
    void twoTransfersSharingAnAccount();
};

void TestInterleavings::initTestCase()
{
#ifdef __linux__
    // The scheduler lets one thread run at a time, so the whole exploration is hand-offs between
    // threads. On one CPU a hand-off is a plain switch; across CPUs it is a wake-up sent to the
    // other CPU, and on a virtual machine that made the test twice as slow (and took the other CPU
    // from whatever ran beside it). The actors' threads, made later, inherit this.
    const int cpu = sched_getcpu();
    if (cpu >= 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        if (sched_setaffinity(0, sizeof one, &one) != 0)
            qInfo("could not keep the test on CPU %d; it runs slower", cpu);
    }
#endif
}

void TestInterleavings::oneTransfer_data()
{
    QTest::addColumn<QString>("intervention");
    QTest::addColumn<int>("defaultBound");
    QTest::addColumn<int>("legs");
    // With a cancel every interleaving is explored (123,438 schedules, a few minutes); a
    // compensation adds nine writes of its own, far too many schedules for every run: bounded.
    QTest::newRow("worker, recoverer, operator cancel") << "cancel" << -1 << 2;
    QTest::newRow("worker, recoverer, operator compensate") << "compensate" << 3 << 2;
    // A transaction over three accounts (alice → bob, carol) has three holds and three posts:
    // bounded as well.
    QTest::newRow("3 legs: worker, recoverer, operator cancel") << "cancel" << 3 << 3;
    QTest::newRow("3 legs: worker, recoverer, operator compensate") << "compensate" << 2 << 3;
}

void TestInterleavings::oneTransfer()
{
    QFETCH(QString, intervention);
    QFETCH(int, defaultBound);
    QFETCH(int, legs);
    const bool cancel = intervention == QLatin1String("cancel");
    const int bound = envInt("LEDGER_INTERLEAVING_BOUND", defaultBound);

    TempStore ts;
    openAccounts(ts.store(), {kAlice}, 1'000'000'000);
    QVERIFY(ts.store().createAccount(kBob, QStringLiteral("BOB"), QStringLiteral("test")).ok());
    TransferRequest request{kAlice, kBob, kAmount, QString(), QString()};
    if (legs == 3) {
        QVERIFY(ts.store().createAccount(kCarol, QStringLiteral("CAROL"), QStringLiteral("test")).ok());
        request.legs = {
            {kAlice, LegSide::Debit, kAmount}, {kBob, LegSide::Credit, kAmount * 3 / 5}, {kCarol, LegSide::Credit, kAmount * 2 / 5}};
    }
    Store &check = ts.store();

    enum { Worker, Recoverer, Operator, ActorCount };
    Scheduler scheduler(ActorCount);
    Explorer explorer(scheduler);
    std::vector<std::unique_ptr<ActorThread>> threads;
    for (int i = 0; i < ActorCount; ++i)
        threads.push_back(std::make_unique<ActorThread>([&ts] { return ts.openAnother(); }));

    TransferRun run;
    QString compensationOf; // the compensation the operator's call reported, if any
    explorer.enabled = [&](int actor) { return actor == Worker || !run.id.isEmpty(); };
    const auto start = [&] {
        run = TransferRun();
        compensationOf.clear();
        startActor(*threads[Worker], scheduler, Worker, [&](SchedulingStore &s) { runWorker(s, QStringLiteral("worker"), request, run); });
        startActor(*threads[Recoverer], scheduler, Recoverer, [&](SchedulingStore &s) { recoverIfUnfinished(s, run.id); });
        startActor(*threads[Operator], scheduler, Operator, [&](SchedulingStore &s) {
            Coordinator op(s, as(QStringLiteral("operator")));
            run.intervener =
                cancel ? op.cancel(run.id, QStringLiteral("customer asked")) : op.compensate(run.id, QStringLiteral("paid in error"));
            if (!cancel && run.intervener.tx && run.intervener.tx->kind == TxKind::Compensation)
                compensationOf = run.intervener.tx->id;
        });
    };

    Explored e;
    QMap<QString, qint64> expected;
    for (const TxLeg &leg : request.allLegs())
        expected.insert(leg.accountId, balanceOf(check, leg.accountId));
    const auto move = [&expected](const QList<TxLeg> &moved) {
        for (const TxLeg &leg : moved)
            expected[leg.accountId] += leg.side == LegSide::Credit ? leg.amount : -leg.amount;
    };
    QElapsedTimer clock;
    clock.start();
    do {
        const bool finished = explorer.run(start, bound);
        for (auto &t : threads)
            t->join();
        QVERIFY2(finished, qPrintable(QStringLiteral("actors stuck in schedule %1").arg(explorer.describe())));
        ++e.schedules;
        e.longest = qMax(e.longest, explorer.decisions());

        const QString problem = checkTransferEnded(check, run, cancel);
        QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("schedule %1: %2").arg(explorer.describe(), problem)));
        const Transaction tx = *check.transaction(run.id);
        if (tx.state == TxState::Done) {
            ++e.done;
            move(tx.legs);
        } else {
            ++e.canceled;
        }
        if (!cancel) {
            // At most one compensation of this transfer moved money, and only of a done one.
            // Compensation ids are derived from the original: .rev, .rev2, ... (identifiers.h).
            QList<Transaction> compensations;
            for (int attempt = 1;; ++attempt) {
                auto c = check.transaction(compensationId(run.id, attempt));
                if (!c.ok())
                    break;
                compensations << *c;
            }
            int compensationsDone = 0;
            for (const Transaction &c : compensations) {
                QVERIFY2(
                    isTerminal(c.state),
                    qPrintable(QStringLiteral("schedule %1: compensation %2 ended %3").arg(explorer.describe(), c.id, nameOf(c.state))));
                // Its legs as its state says (what the operator was told is checked below: the
                // outcome may name a later compensation than this one).
                const QString p = checkTransferEnded(check, TransferRun{c.id, TxOutcome(), TxOutcome()}, false);
                QVERIFY2(p.isEmpty(), qPrintable(QStringLiteral("schedule %1: %2").arg(explorer.describe(), p)));
                if (c.state == TxState::Done) {
                    ++compensationsDone;
                    QCOMPARE(tx.state, TxState::Done);
                    QCOMPARE(tx.compensatedBy, c.id);
                }
            }
            QVERIFY2(compensationsDone <= 1, qPrintable(explorer.describe()));
            if (compensationsDone == 1) {
                ++e.compensated;
                move(reversedLegs(tx.legs));
            }
            // The operator was told the compensation is done only when it is.
            if (run.intervener.ok() && !compensationOf.isEmpty() && run.intervener.tx->state == TxState::Done)
                QCOMPARE(check.transaction(compensationOf)->state, TxState::Done);
        }
        // Money moved exactly as the end states say: once per done transfer, never twice.
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            const Account a = *check.account(it.key());
            QVERIFY2(a.balance == it.value(), qPrintable(QStringLiteral("schedule %1: %2 has %3 (expected %4)")
                                                             .arg(explorer.describe(), it.key())
                                                             .arg(a.balance)
                                                             .arg(it.value())));
            QCOMPARE(a.pendingDebits + a.pendingCredits, 0);
        }
        if (e.schedules % 2000 == 0)
            LEDGER_VERIFY_AUDIT_CLEAN(check);
        if (e.schedules % 50'000 == 0) // long runs say how far they got
            qInfo("%s: %lld schedules so far, %.0f s", qPrintable(intervention), e.schedules, double(clock.elapsed()) / 1000.0);
    } while (explorer.advance());
    LEDGER_VERIFY_AUDIT_CLEAN(check);
    // An explorer that stopped early would pass "every interleaving": it must have gone through
    // more than the few orders of the actors without preemption, and met each ending the
    // intervention can bring (a cancel that never won, or a compensation never made, proves nothing).
    QVERIFY2(e.schedules >= 20, qPrintable(QString::number(e.schedules)));
    QVERIFY2(e.done > 0, "no schedule ended done");
    if (cancel)
        QVERIFY2(e.canceled > 0, "no schedule ended canceled");
    else
        QVERIFY2(e.compensated > 0, "no schedule ended compensated");

    qInfo("%s: %lld schedules explored (preemption bound %s), up to %d decisions each, in %.1f s; "
          "%lld ended done (%lld of them compensated), %lld canceled (%d legs)",
          qPrintable(intervention), e.schedules, bound < 0 ? "none: every interleaving" : qPrintable(QString::number(bound)), e.longest,
          double(clock.elapsed()) / 1000.0, e.done, e.compensated, e.canceled, legs);
}

void TestInterleavings::twoTransfersSharingAnAccount()
{
    // alice → bob and bob → carol, both of the full amount, while bob starts with half of it:
    // the second transfer can only be paid if the first one's credit was posted before its hold
    // of bob's debit, so the sample sees both endings. Actors: the two workers, a recoverer of the
    // first transfer and an operator who cancels the second.
    const int samples = envInt("LEDGER_INTERLEAVING_SAMPLES", 300);
    const quint32 seed = quint32(envInt("LEDGER_INTERLEAVING_SEED", 20261122));
    QRandomGenerator random(seed);

    TempStore ts;
    openAccounts(ts.store(), {kAlice}, 1'000'000'000);
    Store &check = ts.store();

    enum { Worker1, Worker2, Recoverer, Operator, ActorCount };
    Scheduler scheduler(ActorCount);
    Explorer explorer(scheduler);
    std::vector<std::unique_ptr<ActorThread>> threads;
    for (int i = 0; i < ActorCount; ++i)
        threads.push_back(std::make_unique<ActorThread>([&ts] { return ts.openAnother(); }));

    TransferRun first, second;
    QString bob, carol;
    explorer.enabled = [&](int actor) {
        if (actor == Recoverer)
            return !first.id.isEmpty();
        if (actor == Operator)
            return !second.id.isEmpty();
        return true;
    };
    const auto start = [&] {
        first = TransferRun();
        second = TransferRun();
        startActor(*threads[Worker1], scheduler, Worker1, [&](SchedulingStore &s) {
            runWorker(s, QStringLiteral("worker1"), {kAlice, bob, kAmount, QString(), QString()}, first);
        });
        startActor(*threads[Worker2], scheduler, Worker2, [&](SchedulingStore &s) {
            runWorker(s, QStringLiteral("worker2"), {bob, carol, kAmount, QString(), QString()}, second);
        });
        startActor(*threads[Recoverer], scheduler, Recoverer,
                   [&](SchedulingStore &s) { first.intervener = recoverIfUnfinished(s, first.id); });
        startActor(*threads[Operator], scheduler, Operator, [&](SchedulingStore &s) {
            second.intervener = Coordinator(s, as(QStringLiteral("operator"))).cancel(second.id, QStringLiteral("customer asked"));
        });
    };

    Explored e;
    qint64 secondDone = 0;
    qint64 expectedAlice = balanceOf(check, kAlice);
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < samples; ++i) {
        // Fresh accounts for each schedule (made before it starts, outside the schedule), so
        // bob's funds are the same every time.
        bob = QStringLiteral("bob%1").arg(i);
        carol = QStringLiteral("carol%1").arg(i);
        openAccounts(check, {bob}, kAmount / 2);
        QVERIFY(check.createAccount(carol, QStringLiteral("CAROL"), QStringLiteral("test")).ok());

        const bool finished = explorer.run(start, -1, &random);
        for (auto &t : threads)
            t->join();
        QVERIFY2(finished, qPrintable(QStringLiteral("actors stuck in schedule %1").arg(explorer.describe())));
        ++e.schedules;
        e.longest = qMax(e.longest, explorer.decisions());
        for (const TransferRun *run : {&first, &second}) {
            const QString problem = checkTransferEnded(check, *run, run == &second);
            QVERIFY2(
                problem.isEmpty(),
                qPrintable(QStringLiteral("schedule %1 (seed %2, sample %3): %4").arg(explorer.describe()).arg(seed).arg(i).arg(problem)));
        }
        const bool firstDone = check.transaction(first.id)->state == TxState::Done;
        const bool secondWasDone = check.transaction(second.id)->state == TxState::Done;
        e.done += firstDone;
        secondDone += secondWasDone;
        if (firstDone)
            expectedAlice -= kAmount;
        const qint64 expectedBob = kAmount / 2 + (firstDone ? kAmount : 0) - (secondWasDone ? kAmount : 0);
        QCOMPARE(balanceOf(check, kAlice), expectedAlice);
        QCOMPARE(balanceOf(check, bob), expectedBob);
        QCOMPARE(balanceOf(check, carol), secondWasDone ? kAmount : 0);
    }
    LEDGER_VERIFY_AUDIT_CLEAN(check);
    // The sample is only worth something if it saw the second transfer both paid and refused.
    QVERIFY2(secondDone > 0 && secondDone < samples, qPrintable(QStringLiteral("bob → carol done %1 of %2").arg(secondDone).arg(samples)));
    qInfo("two transfers sharing an account: %lld random schedules (seed %u), up to %d decisions each, in %.1f s; "
          "first done %lld, second done %lld",
          e.schedules, seed, e.longest, double(clock.elapsed()) / 1000.0, e.done, secondDone);
}

QTEST_GUILESS_MAIN(TestInterleavings)
#include "tst_interleavings.moc"
