// The recovery sweeper (operations/recoverysweeper.h): it recovers what `recover` would, passes
// over an initial or pending transaction an operator claimed within 4 hours (until released; the
// rule itself, claimHoldsOff, is tst_remarks') and
// what failed for good in an earlier sweep, tries a store failure again, and abandons the
// transaction under way after its current write when asked to stop.
#include "operations/claims.h"
#include "operations/recoverysweeper.h"
#include "testsupport.h"

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::RecoveryOutcome)

namespace {

// A transfer of `amount` from alice to bob stopped after `step`, its lease already expired.
QString stuck(Store &store, Step step, qint64 amount = 10)
{
    const QString id = stuckAfter(store, step, amount);
    if (id.isEmpty() || isTerminal(store.transaction(id)->state))
        qFatal("setup: no transfer stopped after %s", qPrintable(nameOf(step)));
    return id;
}

TxState stateOf(Store &store, const QString &id) { return store.transaction(id)->state; }

qint64 journalLength(Store &store, const QString &id) { return store.journal(DocKind::Transaction, id)->size(); }

SweepOptions quickly()
{
    SweepOptions o;
    o.recovery.olderThanMs = 3'600'000; // only expired leases
    return o;
}

} // namespace

class TestRecoverySweeper : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recoversWhatRecoveryWould();
    void passesOverAClaimUntilReleased();
    void leavesAloneWhatFailedForGood();
    void abandonsAfterTheCurrentWriteWhenAskedToStop();
    void retriesOnlyWhatARetryCanCure_data();
    void retriesOnlyWhatARetryCanCure();
};

void TestRecoverySweeper::recoversWhatRecoveryWould()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList ids{stuck(t.store(), Step::Insert), stuck(t.store(), Step::HoldDebit), stuck(t.store(), Step::PostDebit),
                          stuck(t.store(), Step::Canceling, 99'999)};
    QTest::qWait(5);
    RecoverySweeper sweeper(connectorOf(t.config()), quickly());
    const SweepResult first = sweeper.sweep();
    QVERIFY2(first.report.error.ok(), qPrintable(first.report.error.toString()));
    // The one stopped after its insert was never claimed: no lease, so it waits for the threshold.
    QCOMPARE(first.report.candidates, qint64(3));
    QCOMPARE(first.report.count(RecoveryOutcome::Done), qint64(2));
    QCOMPARE(first.report.count(RecoveryOutcome::Canceled), qint64(1));
    QCOMPARE(stateOf(t.store(), ids.at(0)), TxState::Initial);
    QCOMPARE(stateOf(t.store(), ids.at(1)), TxState::Done);
    QCOMPARE(stateOf(t.store(), ids.at(3)), TxState::Canceled);
    // The journal says who took them over and why.
    const QList<JournalEntry> journal = *t.store().journal(DocKind::Transaction, ids.at(1));
    QVERIFY(std::any_of(journal.begin(), journal.end(), [](const JournalEntry &e) {
        return e.actor.startsWith(QLatin1String("recovery")) && e.detail.contains(QLatin1String("lease"));
    }));

    SweepOptions sooner = quickly();
    sooner.recovery.olderThanMs = 0;
    RecoverySweeper eager(connectorOf(t.config()), sooner);
    const SweepResult second = eager.sweep();
    QCOMPARE(second.report.candidates, qint64(1));
    QCOMPARE(stateOf(t.store(), ids.at(0)), TxState::Done);
    QCOMPARE(eager.sweep().report.candidates, qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecoverySweeper::passesOverAClaimUntilReleased()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString mine = stuck(t.store(), Step::HoldCredit);
    const QString other = stuck(t.store(), Step::HoldDebit);
    const QString free = stuck(t.store(), Step::Applied);
    QVERIFY(addRemarkOn(t.store(), mine, Remark::Claim, QStringLiteral("ann"), QStringLiteral("checking the bank's side")).ok());
    QVERIFY(addRemarkOn(t.store(), other, Remark::Claim, QStringLiteral("bo"), QString()).ok());
    // Past its commit point there is nothing to choose: a claim does not hold it off.
    QVERIFY(addRemarkOn(t.store(), free, Remark::Claim, QStringLiteral("cy"), QString()).ok());
    QTest::qWait(5);
    RecoverySweeper sweeper(connectorOf(t.config()), quickly());
    const qint64 mineBefore = journalLength(t.store(), mine);

    const SweepResult first = sweeper.sweep();
    QCOMPARE(first.claimed, qint64(2));
    QCOMPARE(first.newlyClaimed.size(), 2);
    QCOMPARE(first.report.passedOver, qint64(2));
    QCOMPARE(first.report.candidates, qint64(1));
    QCOMPARE(stateOf(t.store(), free), TxState::Done);
    QCOMPARE(stateOf(t.store(), mine), TxState::Pending);
    QCOMPARE(stateOf(t.store(), other), TxState::Pending);
    QCOMPARE(journalLength(t.store(), mine), mineBefore); // not touched, not even claimed

    QVERIFY(addRemarkOn(t.store(), mine, Remark::Release, QStringLiteral("ann"), QString()).ok());
    const SweepResult second = sweeper.sweep();
    QCOMPARE(second.claimed, qint64(1));
    QVERIFY(second.newlyClaimed.isEmpty()); // bo's was said the sweep before
    QCOMPARE(second.report.count(RecoveryOutcome::Done), qint64(1));
    QCOMPARE(stateOf(t.store(), mine), TxState::Done);
    QCOMPARE(stateOf(t.store(), other), TxState::Pending);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecoverySweeper::abandonsAfterTheCurrentWriteWhenAskedToStop()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString first = stuck(t.store(), Step::Claim);
    const QString second = stuck(t.store(), Step::Claim);
    QTest::qWait(5);
    SweepOptions options = quickly();
    options.recovery.leaseMs = 1;
    RecoverySweeper sweeper(connectorOf(t.config()), options);
    // Asked before the first transaction (no), before and after its first write (no, then yes).
    int asked = 0;
    const SweepResult stopped = sweeper.sweep([&asked] { return ++asked >= 3; });
    QCOMPARE(stopped.abandoned, qint64(1));
    QCOMPARE(stopped.report.items.size(), 1);
    QCOMPARE(stopped.report.items.first().outcome, RecoveryOutcome::Interrupted);
    QVERIFY(stopped.newlyLeftAlone.isEmpty()); // a stop is no reason to give up on it
    const QString abandoned = stopped.report.items.first().id;
    QVERIFY(!isTerminal(stateOf(t.store(), abandoned)));
    QVERIFY(!isTerminal(stateOf(t.store(), abandoned == first ? second : first)));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());

    QTest::qWait(5);
    const SweepResult next = sweeper.sweep();
    QCOMPARE(next.report.count(RecoveryOutcome::Done), qint64(2));
    QCOMPARE(stateOf(t.store(), first), TxState::Done);
    QCOMPARE(stateOf(t.store(), second), TxState::Done);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRecoverySweeper::leavesAloneWhatFailedForGood()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    // Past its commit point with bob's marker voided underneath it: posting it is a protocol
    // violation, which no retry cures.
    const QString broken = stuck(t.store(), Step::Applied);
    QVERIFY(t.store().voidLeg(broken, QStringLiteral("bob"), LegSide::Credit, 10).ok());
    const QString fine = stuck(t.store(), Step::HoldDebit);
    QTest::qWait(5);
    SweepOptions options = quickly();
    options.recovery.leaseMs = 1; // its failed recovery's claim expires at once: the next sweep lists it again
    RecoverySweeper sweeper(connectorOf(t.config()), options);

    const SweepResult first = sweeper.sweep();
    QCOMPARE(first.report.candidates, qint64(2));
    QCOMPARE(first.report.count(RecoveryOutcome::Failed), qint64(1));
    QCOMPARE(first.newlyLeftAlone.size(), 1);
    QCOMPARE(first.newlyLeftAlone.first().id, broken);
    QCOMPARE(first.newlyLeftAlone.first().code, ErrorCode::ProtocolViolation);
    QCOMPARE(stateOf(t.store(), fine), TxState::Done);
    QCOMPARE(sweeper.leftAlone(), QSet<QString>{broken});

    QTest::qWait(5);
    const qint64 journalBefore = journalLength(t.store(), broken);
    const SweepResult second = sweeper.sweep();
    QCOMPARE(second.failedBefore, qint64(1));
    QCOMPARE(second.report.candidates, qint64(0));
    QVERIFY(second.newlyLeftAlone.isEmpty());
    QCOMPARE(journalLength(t.store(), broken), journalBefore); // not tried again

    // A sweeper made again (a restart) tries it once more.
    RecoverySweeper again(connectorOf(t.config()), options);
    QCOMPARE(again.sweep().newlyLeftAlone.size(), 1);
}

void TestRecoverySweeper::retriesOnlyWhatARetryCanCure_data()
{
    QTest::addColumn<RecoveryOutcome>("outcome");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<bool>("retry");
    QTest::newRow("done") << RecoveryOutcome::Done << ErrorCode::None << true;
    QTest::newRow("canceled, funds") << RecoveryOutcome::Canceled << ErrorCode::InsufficientFunds << true;
    QTest::newRow("moved") << RecoveryOutcome::Moved << ErrorCode::Conflict << true;
    QTest::newRow("interrupted") << RecoveryOutcome::Interrupted << ErrorCode::Interrupted << true;
    QTest::newRow("store unavailable") << RecoveryOutcome::Failed << ErrorCode::StoreUnavailable << true;
    QTest::newRow("store busy") << RecoveryOutcome::Failed << ErrorCode::StoreBusy << true;
    QTest::newRow("protocol violation") << RecoveryOutcome::Failed << ErrorCode::ProtocolViolation << false;
    QTest::newRow("internal") << RecoveryOutcome::Failed << ErrorCode::Internal << false;
    QTest::newRow("store full") << RecoveryOutcome::Failed << ErrorCode::StoreFull << true;
    QTest::newRow("failed, no code: a bug") << RecoveryOutcome::Failed << ErrorCode::None << false;
}

void TestRecoverySweeper::retriesOnlyWhatARetryCanCure()
{
    QFETCH(RecoveryOutcome, outcome);
    QFETCH(ErrorCode, code);
    QFETCH(bool, retry);
    RecoveredItem item;
    item.outcome = outcome;
    item.code = code;
    QCOMPARE(worthRetrying(item), retry);
}

QTEST_GUILESS_MAIN(TestRecoverySweeper)
#include "tst_recoverysweeper.moc"
