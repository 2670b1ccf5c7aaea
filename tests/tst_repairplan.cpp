// The repair preview: eligible and skipped transactions with the reason, the expected end
// state, and every account's balance, pending and available before and after — checked against
// what the repair then really does.
#include "operations/repairplan.h"
#include "testsupport.h"

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::OperatorAction)

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");
const QString kCarol = QStringLiteral("carol");

// alice → bob, or with three legs alice → bob (two thirds) and carol (the rest), stopped right
// after `step`.
QString stopped(Store &store, Step step, qint64 amount, int legs = 2, int occurrence = 1)
{
    CoordinatorOptions o;
    o.hook = abandonAfterHook(step, occurrence);
    TransferRequest r{kAlice, kBob, amount, QString(), QString()};
    if (legs == 3)
        r.legs = {
            {kAlice, LegSide::Debit, amount}, {kBob, LegSide::Credit, amount * 2 / 3}, {kCarol, LegSide::Credit, amount - amount * 2 / 3}};
    return Coordinator(store, o).transfer(r).tx->id;
}

const AccountImpact *impactOf(const RepairPlan &plan, const QString &id)
{
    for (const AccountImpact &a : plan.accounts) {
        if (a.id == id)
            return &a;
    }
    return nullptr;
}

} // namespace

class TestRepairPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void previewMatchesWhatTheRepairDoes_data();
    void previewMatchesWhatTheRepairDoes();
    void skippedWithReasons();
    void predictsARefusal();
    void repairsSharingAnAccountSeeEachOther();
    void anAbandonedCompensationIsFinishedNotSkipped();
    void wordsAgreeWithTheAccounts_data();
    void wordsAgreeWithTheAccounts();
};

void TestRepairPlan::previewMatchesWhatTheRepairDoes_data()
{
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<TxState>("expected");
    QTest::addColumn<int>("legs");
    QTest::newRow("resume initial") << OperatorAction::Resume << Step::Insert << qint64(300) << TxState::Done << 2;
    QTest::newRow("resume pending, debit held") << OperatorAction::Resume << Step::HoldDebit << qint64(300) << TxState::Done << 2;
    QTest::newRow("resume pending, both held") << OperatorAction::Resume << Step::HoldCredit << qint64(300) << TxState::Done << 2;
    QTest::newRow("resume half-posted") << OperatorAction::Resume << Step::PostDebit << qint64(300) << TxState::Done << 2;
    QTest::newRow("resume canceling") << OperatorAction::Resume << Step::Canceling << qint64(5000) << TxState::Canceled << 2;
    QTest::newRow("cancel pending") << OperatorAction::Cancel << Step::HoldCredit << qint64(300) << TxState::Canceled << 2;
    QTest::newRow("cancel initial") << OperatorAction::Cancel << Step::Insert << qint64(300) << TxState::Canceled << 2;
    QTest::newRow("compensate done") << OperatorAction::Compensate << Step::Done << qint64(300) << TxState::Done << 2;
    QTest::newRow("compensate applied") << OperatorAction::Compensate << Step::Applied << qint64(300) << TxState::Done << 2;
    // Three accounts: the preview names each with its before and after.
    QTest::newRow("3 legs: resume pending, debit held") << OperatorAction::Resume << Step::HoldDebit << qint64(300) << TxState::Done << 3;
    QTest::newRow("3 legs: resume half-posted") << OperatorAction::Resume << Step::PostCredit << qint64(300) << TxState::Done << 3;
    QTest::newRow("3 legs: resume canceling") << OperatorAction::Resume << Step::Canceling << qint64(5000) << TxState::Canceled << 3;
    QTest::newRow("3 legs: cancel pending") << OperatorAction::Cancel << Step::HoldCredit << qint64(300) << TxState::Canceled << 3;
    QTest::newRow("3 legs: compensate done") << OperatorAction::Compensate << Step::Done << qint64(300) << TxState::Done << 3;
    QTest::newRow("3 legs: compensate applied") << OperatorAction::Compensate << Step::Applied << qint64(300) << TxState::Done << 3;
}

void TestRepairPlan::previewMatchesWhatTheRepairDoes()
{
    QFETCH(OperatorAction, action);
    QFETCH(Step, stopAfter);
    QFETCH(qint64, amount);
    QFETCH(TxState, expected);
    QFETCH(int, legs);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob, kCarol}, 1000);
    const QString id = stopped(s, stopAfter, amount, legs);
    const RepairPlan plan = planRepair(s, action, {id});
    QVERIFY2(plan.error.ok(), qPrintable(plan.error.toString()));
    QCOMPARE(plan.eligibleCount(), 1);
    QCOMPARE(plan.items.first().expected, std::optional<TxState>(expected));
    QVERIFY(!plan.items.first().why.isEmpty());

    if (legs == 3 && expected == TxState::Done && stopAfter != Step::PostCredit) // every account moves: each is in the preview
        QVERIFY(impactOf(plan, kAlice) && impactOf(plan, kBob) && impactOf(plan, kCarol));
    QMap<QString, qint64> before;
    for (const QString &account : {kAlice, kBob, kCarol})
        before.insert(account, balanceOf(s, account));
    Coordinator c(s, {});
    const TxOutcome o = action == OperatorAction::Resume ? c.resume(id, QStringLiteral("t"))
                      : action == OperatorAction::Cancel ? c.cancel(id, QStringLiteral("t"))
                                                         : c.compensate(id, QStringLiteral("t"));
    QVERIFY(o.tx);
    QCOMPARE(o.tx->state, expected);
    // A compensation's preview names the transaction it creates: the one the repair made.
    QCOMPARE(plan.items.first().creates, action == OperatorAction::Compensate ? o.tx->id : QString());
    // Every "after" the preview promised is what the accounts now show.
    for (const QString &account : {kAlice, kBob, kCarol}) {
        const AccountImpact *impact = impactOf(plan, account);
        const Account now = *s.account(account);
        if (!impact) { // untouched by the plan: must be untouched by the repair too
            QCOMPARE(now.balance, before.value(account));
            continue;
        }
        QCOMPARE(now.balance, impact->balanceAfter);
        QCOMPARE(now.pendingDebits, impact->pendingDebitsAfter);
        QCOMPARE(now.pendingCredits, impact->pendingCreditsAfter);
        QCOMPARE(now.available(), impact->availableAfter());
    }
}

void TestRepairPlan::skippedWithReasons()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 1000);
    const QString done = Coordinator(s, {}).transfer({kAlice, kBob, 10, QString(), QString()}).tx->id;
    const QString pending = stopped(s, Step::HoldDebit, 10);
    const RepairPlan plan = planRepair(s, OperatorAction::Cancel, {done, pending, QStringLiteral("tx-missing"), pending});
    QCOMPARE(plan.items.size(), 3); // the duplicate is planned once
    QVERIFY(!plan.items[0].eligible);
    QVERIFY2(plan.items[0].why.contains(QStringLiteral("compensate")), qPrintable(plan.items[0].why));
    QVERIFY(plan.items[1].eligible);
    QVERIFY(!plan.items[2].eligible);
    QCOMPARE(plan.items[2].why, QStringLiteral("no such transaction"));
    QCOMPARE(plan.eligibleIds(), QStringList{pending});

    Coordinator(s, {}).compensate(done, QString());
    const RepairPlan again = planRepair(s, OperatorAction::Compensate, {done});
    QVERIFY(!again.items.first().eligible);
    QVERIFY(again.items.first().why.startsWith(QStringLiteral("already compensated by")));
}

void TestRepairPlan::predictsARefusal()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 1000);
    const QString id = stopped(s, Step::Claim, 300); // nothing held yet
    QVERIFY(s.setAccountStatus(kBob, AccountStatus::Frozen, QStringLiteral("op"), QString()).ok());
    const RepairPlan plan = planRepair(s, OperatorAction::Resume, {id});
    QVERIFY(plan.items.first().eligible);
    QVERIFY(plan.items.first().mayBeRefused);
    QCOMPARE(plan.items.first().expected, std::optional<TxState>(TxState::Canceled));
    QVERIFY(plan.items.first().why.contains(QStringLiteral("frozen")));
    QCOMPARE(Coordinator(s, {}).resume(id, QString()).tx->state, TxState::Canceled);
}

void TestRepairPlan::repairsSharingAnAccountSeeEachOther()
{
    // Alice can pay one of the two stuck transfers, not both: the preview says so for the second.
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob}, 1000);
    const QString first = stopped(s, Step::Claim, 700);
    const QString second = stopped(s, Step::Claim, 700);
    const RepairPlan plan = planRepair(s, OperatorAction::Resume, {first, second});
    QCOMPARE(plan.items[0].expected, std::optional<TxState>(TxState::Done));
    QCOMPARE(plan.items[1].expected, std::optional<TxState>(TxState::Canceled));
    QVERIFY(plan.items[1].why.contains(QStringLiteral("available")));
    const AccountImpact *alice = impactOf(plan, kAlice);
    QVERIFY(alice);
    QCOMPARE(alice->balanceBefore, qint64(1000));
    QCOMPARE(alice->balanceAfter, qint64(300));
}

void TestRepairPlan::anAbandonedCompensationIsFinishedNotSkipped()
{
    // The compensation's worker died half-way: in one store with its lease of a minute still
    // running (however slow the machine), in another with its lease of 1 ms run out after the
    // 20 ms waited below (a wait that only ever gets longer): no race with the clock.
    const auto abandonedCompensation = [](Store &s, qint64 leaseMs) {
        openAccounts(s, {kAlice, kBob}, 1000);
        const QString original = Coordinator(s, {}).transfer({kAlice, kBob, 300, QString(), QString()}).tx->id;
        CoordinatorOptions stopped;
        stopped.hook = abandonAfterHook(Step::HoldDebit);
        stopped.leaseMs = leaseMs;
        const TxOutcome o = Coordinator(s, stopped).compensate(original, QStringLiteral("first try"));
        return o.error.code == ErrorCode::Interrupted ? original : QString();
    };
    {
        TempStore leased;
        const QString original = abandonedCompensation(leased.store(), 60'000);
        QVERIFY(!original.isEmpty());
        // While its lease runs, it is left to its worker, and the preview says so.
        const RepairPlan live = planRepair(leased.store(), OperatorAction::Compensate, {original});
        QVERIFY(!live.items.first().eligible);
        QVERIFY2(live.items.first().why.startsWith(QStringLiteral("being compensated by")), qPrintable(live.items.first().why));
        QCOMPARE(Coordinator(leased.store(), {}).compensate(original, QString()).tx->state, TxState::Pending); // and so does the repair
    }
    TempStore t;
    Store &s = t.store();
    const QString original = abandonedCompensation(s, 1);
    QVERIFY(!original.isEmpty());
    QTest::qWait(20);
    const RepairPlan plan = planRepair(s, OperatorAction::Compensate, {original});
    QVERIFY2(plan.items.first().eligible, qPrintable(plan.items.first().why));
    QVERIFY(plan.items.first().why.startsWith(QStringLiteral("finishes the abandoned compensation")));
    QCOMPARE(plan.items.first().expected, std::optional<TxState>(TxState::Done));
    const TxOutcome o = Coordinator(s, {}).compensate(original, QStringLiteral("again"));
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QCOMPARE(o.tx->state, TxState::Done);
    for (const AccountImpact &a : plan.accounts) { // the preview's "after" is what happened
        QCOMPARE(s.account(a.id)->balance, a.balanceAfter);
        QCOMPARE(s.account(a.id)->pendingDebits, a.pendingDebitsAfter);
    }
    QVERIFY(!planRepair(s, OperatorAction::Compensate, {original}).items.first().eligible); // done now: skipped
}

void TestRepairPlan::wordsAgreeWithTheAccounts_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<int>("legs");
    QTest::addColumn<QString>("why");
    QTest::addColumn<bool>("accountsChange");
    QTest::newRow("applied, both held") << Step::Applied << 1 << 2 << "completes it: 3.01 moves from alice to bob" << true;
    QTest::newRow("debit posted") << Step::PostDebit << 1 << 2 << "completes it: 3.01 moves from alice to bob" << true;
    QTest::newRow("credit posted too")
        << Step::PostCredit << 1 << 2
        << "completes it: both legs are already posted, so 3.01 has moved from alice to bob; only its state changes" << false;
    QTest::newRow("3 legs, one credit left") << Step::PostCredit << 1 << 3
                                             << "completes it: 3.01 moves (alice -3.01, bob +2.00, carol +1.01)" << true;
    QTest::newRow("3 legs, every credit posted")
        << Step::PostCredit << 2 << 3
        << "completes it: every leg is already posted, so the money has moved (alice -3.01, bob +2.00, carol +1.01); only its state changes"
        << false;
}

void TestRepairPlan::wordsAgreeWithTheAccounts()
{
    // An applied transfer whose credit was posted: the preview said "3.01 moves from bob to dave"
    // and, on the same page, "No account changes … no money moves". The figures were right.
    QFETCH(Step, stopAfter);
    QFETCH(int, occurrence);
    QFETCH(int, legs);
    QFETCH(QString, why);
    QFETCH(bool, accountsChange);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice, kBob, kCarol}, 1000);
    const QString id = stopped(s, stopAfter, 301, legs, occurrence);
    QCOMPARE(s.transaction(id)->state, TxState::Applied);
    const RepairPlan plan = planRepair(s, OperatorAction::Resume, {id});
    QVERIFY2(plan.error.ok(), qPrintable(plan.error.toString()));
    QCOMPARE(plan.items.size(), 1);
    QCOMPARE(plan.items.first().why, why);
    QCOMPARE(!plan.accounts.isEmpty(), accountsChange);
}

QTEST_GUILESS_MAIN(TestRepairPlan)
#include "tst_repairplan.moc"
