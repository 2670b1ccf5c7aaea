// The coordinator: transfers, refusals, idempotency keys, cancel, resume from every stop, and
// compensation (asked once, twice, after a canceled attempt, of an applied original).
#include "ledger/identifiers.h"
#include "testsupport.h"

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

CoordinatorOptions stoppingAfter(Step step, qint64 leaseMs = 30'000)
{
    CoordinatorOptions o;
    o.actor = QStringLiteral("worker");
    o.hook = abandonAfterHook(step);
    o.leaseMs = leaseMs;
    return o;
}

QStringList events(Store &store, const QString &txId)
{
    QStringList list;
    for (const JournalEntry &j : *store.journal(DocKind::Transaction, txId))
        list << j.event;
    return list;
}

QMap<LegSide, LegStatus> legStatuses(Store &store, const QString &txId)
{
    QMap<LegSide, LegStatus> map;
    for (const LegMarker &m : *store.legsOfTransaction(txId))
        map.insert(m.side, m.status);
    return map;
}

} // namespace

class TestCoordinator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transferCompletes();
    void refusedBeforeAnyDocument_data();
    void refusedBeforeAnyDocument();
    void refusedByAHoldIsCanceled_data();
    void refusedByAHoldIsCanceled();
    void sameKeySameRequestPaysOnce();
    void sameKeyDifferentRequestIsRefused();
    void sameKeyAfterRefusalGivesTheSameAnswer();
    void sameKeyTakesOverAnAbandonedTransfer();
    void unfinishedIsEveryStateButTheEnds_data();
    void unfinishedIsEveryStateButTheEnds();
    void sameKeyRetryOfACancelingTransferRepeatsTheRefusal();
    void aFailureWhileCancelingKeepsTheRefusal();
    void cancelFromInitial();
    void cancelFromPendingVoidsBothLegs();
    void cancelRefusedAfterTheDecision_data();
    void cancelRefusedAfterTheDecision();
    void resumeFinishesFromEveryStop_data();
    void resumeFinishesFromEveryStop();
    void resumeRefusesFinished();
    void compensateReversesOnce();
    void compensateAnAppliedOriginalFinishesItFirst();
    void compensationRefusedThenRetried();
    void compensationOfACompensationIsRefused();
    void compensationStoppedAtEveryStepFinishesOnce_data();
    void compensationStoppedAtEveryStepFinishesOnce();
    void openingBalanceOverflowCreatesNothing();
};

void TestCoordinator::transferCompletes()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 10'000);
    Coordinator c(t.store(), {});
    const TxOutcome o = c.transfer({kAlice, kBob, 1234, QStringLiteral("rent"), QString()});
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QVERIFY(o.tx && !o.existing);
    QCOMPARE(o.tx->state, TxState::Done);
    QCOMPARE(o.tx->epoch, qint64(1));
    QCOMPARE(o.tx->owner, c.worker());
    QVERIFY(o.tx->lastError.isEmpty());
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(10'000 - 1234));
    QCOMPARE(balanceOf(t.store(), kBob), qint64(10'000 + 1234));
    QCOMPARE(legStatuses(t.store(), o.tx->id),
             (QMap<LegSide, LegStatus>{{LegSide::Debit, LegStatus::Posted}, {LegSide::Credit, LegStatus::Posted}}));
    QCOMPARE(events(t.store(), o.tx->id),
             (QStringList{QStringLiteral("created"), QStringLiteral("claimed"), QStringLiteral("state"), QStringLiteral("state")}));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::refusedBeforeAnyDocument_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("memo");
    QTest::addColumn<QString>("key");
    QTest::addColumn<ErrorCode>("code");
    // clang-format off
    QTest::newRow("unknown source") << "nobody" << "bob" << qint64(1) << "" << "" << ErrorCode::UnknownAccount;
    QTest::newRow("unknown destination") << "alice" << "nobody" << qint64(1) << "" << "" << ErrorCode::UnknownAccount;
    QTest::newRow("same account") << "alice" << "alice" << qint64(1) << "" << "" << ErrorCode::SameAccount;
    QTest::newRow("zero") << "alice" << "bob" << qint64(0) << "" << "" << ErrorCode::InvalidAmount;
    QTest::newRow("negative") << "alice" << "bob" << qint64(-5) << "" << "" << ErrorCode::InvalidAmount;
    QTest::newRow("bad source id") << "al ice" << "bob" << qint64(1) << "" << "" << ErrorCode::InvalidAccountId;
    QTest::newRow("bad memo") << "alice" << "bob" << qint64(1) << "a\x01" << "" << ErrorCode::InvalidText;
    QTest::newRow("bad key") << "alice" << "bob" << qint64(1) << "" << "k k" << ErrorCode::InvalidKey;
    // clang-format on
}

void TestCoordinator::refusedBeforeAnyDocument()
{
    QFETCH(QString, source);
    QFETCH(QString, destination);
    QFETCH(qint64, amount);
    QFETCH(QString, memo);
    QFETCH(QString, key);
    QFETCH(ErrorCode, code);
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 100);
    const qint64 before = *t.store().transactionCount({});
    Coordinator c(t.store(), {});
    const TxOutcome o = c.transfer({source, destination, amount, memo, key});
    QCOMPARE(o.error.code, code);
    QVERIFY(!o.tx);
    QCOMPARE(*t.store().transactionCount({}), before);
}

void TestCoordinator::refusedByAHoldIsCanceled_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("insufficient funds") << "" << qint64(101) << ErrorCode::InsufficientFunds;
    QTest::newRow("frozen source") << "freeze alice" << qint64(1) << ErrorCode::AccountFrozen;
    QTest::newRow("frozen destination") << "freeze bob" << qint64(1) << ErrorCode::AccountFrozen;
    QTest::newRow("closed destination") << "close bob" << qint64(1) << ErrorCode::AccountClosed;
}

void TestCoordinator::refusedByAHoldIsCanceled()
{
    QFETCH(QString, setup);
    QFETCH(qint64, amount);
    QFETCH(ErrorCode, code);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {kAlice}, 100);
    QVERIFY(s.createAccount(kBob, QString(), QStringLiteral("op")).ok());
    if (setup.startsWith(QLatin1String("freeze")))
        QVERIFY(s.setAccountStatus(setup.section(QLatin1Char(' '), 1), AccountStatus::Frozen, QStringLiteral("op"), QString()).ok());
    if (setup.startsWith(QLatin1String("close")))
        QVERIFY(s.setAccountStatus(setup.section(QLatin1Char(' '), 1), AccountStatus::Closed, QStringLiteral("op"), QString()).ok());
    Coordinator c(s, {});
    const TxOutcome o = c.transfer({kAlice, kBob, amount, QString(), QString()});
    QCOMPARE(o.error.code, code);
    QVERIFY(o.tx);
    QCOMPARE(o.tx->state, TxState::Canceled);
    QVERIFY(o.tx->lastError.startsWith(codeWord(code) + QStringLiteral(": ")));
    QCOMPARE(Coordinator::whyCanceled(*o.tx).code, code);
    // Both legs end voided: the refused one as a tombstone (or never held), none posted.
    for (LegStatus status : legStatuses(s, o.tx->id))
        QCOMPARE(status, LegStatus::Voided);
    QCOMPARE(legStatuses(s, o.tx->id).size(), 2);
    QCOMPARE(balanceOf(s, kAlice), qint64(100));
    QCOMPARE(balanceOf(s, kBob), qint64(0));
    QCOMPARE(heldMarkerCount(s), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestCoordinator::sameKeySameRequestPaysOnce()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    const TransferRequest r{kAlice, kBob, 300, QStringLiteral("invoice 7"), QStringLiteral("order-7")};
    const TxOutcome first = c.transfer(r);
    const TxOutcome second = c.transfer(r);
    QVERIFY(first.ok() && second.ok());
    QVERIFY(!first.existing && second.existing);
    QCOMPARE(second.tx->id, first.tx->id);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(700));
    TxQuery byAlice;
    byAlice.account = kAlice;
    byAlice.kind = TxKind::Transfer;
    QCOMPARE(*t.store().transactionCount(byAlice), qint64(2)); // the opening and this one
}

void TestCoordinator::sameKeyDifferentRequestIsRefused()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    QVERIFY(c.transfer({kAlice, kBob, 300, QString(), QStringLiteral("k")}).ok());
    for (const TransferRequest &other : {TransferRequest{kAlice, kBob, 301, QString(), QStringLiteral("k")},
                                         TransferRequest{kBob, kAlice, 300, QString(), QStringLiteral("k")},
                                         TransferRequest{kAlice, kBob, 300, QStringLiteral("memo"), QStringLiteral("k")}}) {
        const TxOutcome o = c.transfer(other);
        QCOMPARE(o.error.code, ErrorCode::KeyConflict);
        QVERIFY(o.tx); // the document that holds the key
    }
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(700));
}

void TestCoordinator::sameKeyAfterRefusalGivesTheSameAnswer()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 100);
    Coordinator c(t.store(), {});
    const TransferRequest r{kAlice, kBob, 500, QString(), QStringLiteral("big")};
    const TxOutcome first = c.transfer(r);
    QCOMPARE(first.error.code, ErrorCode::InsufficientFunds);
    openAccounts(t.store(), {QStringLiteral("carol")}, 0);
    QVERIFY(c.transfer({kWorldAccount, kAlice, 1000, QString(), QString()}).ok()); // now alice could pay
    const TxOutcome again = c.transfer(r);
    QCOMPARE(again.error.code, ErrorCode::InsufficientFunds); // the key stands for the first answer
    QVERIFY(again.existing);
    QCOMPARE(again.tx->id, first.tx->id);
}

void TestCoordinator::unfinishedIsEveryStateButTheEnds_data()
{
    QTest::addColumn<TxState>("state");
    QTest::addColumn<QString>("said"); // empty: finished
    QTest::newRow("initial") << TxState::Initial << QStringLiteral("T1 is initial: accepted, not started; no money has moved (why)");
    QTest::newRow("pending") << TxState::Pending << QStringLiteral("T1 is pending: accepted, not finished; no money has moved yet (why)");
    // Past the commit point the money will move, but no balance shows it yet: not finished.
    QTest::newRow("applied") << TxState::Applied
                             << QStringLiteral("T1 is applied: past its commit point, its money will move, but it is not all posted yet "
                                               "(why)");
    QTest::newRow("canceling") << TxState::Canceling
                               << QStringLiteral("T1 is canceling: no money will move, but its holds are not all released yet (why)");
    QTest::newRow("done") << TxState::Done << QString();
    QTest::newRow("canceled") << TxState::Canceled << QString();
}

void TestCoordinator::unfinishedIsEveryStateButTheEnds()
{
    // The one rule every front end answers by (ledgerctl's exit 4, ledgerd's 202, the console).
    QFETCH(TxState, state);
    QFETCH(QString, said);
    Transaction tx;
    tx.id = QStringLiteral("T1");
    tx.state = state;
    TxOutcome o;
    o.tx = tx;
    o.note = QStringLiteral("why");
    QCOMPARE(o.unfinished(), !said.isEmpty());
    const Error e = notFinished(o);
    QCOMPARE(e.code, said.isEmpty() ? ErrorCode::None : ErrorCode::NotFinished);
    QCOMPARE(e.message, said);
    QCOMPARE(int(exitStatusOf(e.code)), said.isEmpty() ? 0 : 4);
    // A refusal is never "not finished", whatever state its document is in.
    o.error = makeError(ErrorCode::InsufficientFunds, QStringLiteral("no"));
    QVERIFY(!o.unfinished());
    QVERIFY(notFinished(o).ok());
    // Nor is an answer without a document.
    QVERIFY(!TxOutcome{}.unfinished());
}

void TestCoordinator::sameKeyTakesOverAnAbandonedTransfer()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    const TransferRequest r{kAlice, kBob, 250, QString(), QStringLiteral("retry-me")};
    {
        // A live driver (long lease): a retry reports it in progress and leaves it alone.
        Coordinator stalled(t.store(), stoppingAfter(Step::HoldDebit));
        QCOMPARE(stalled.transfer(r).error.code, ErrorCode::Interrupted);
        Coordinator retry(t.store(), {});
        const TxOutcome o = retry.transfer(r);
        QVERIFY(o.ok() && o.existing);
        QCOMPARE(o.tx->state, TxState::Pending);
        QVERIFY(o.note.contains(QStringLiteral("in progress")));
        QVERIFY(o.unfinished()); // accepted, not finished: not a success to count money by
    }
    {
        // Its driver is gone (lease over): the retry finishes it.
        const TransferRequest r2{kAlice, kBob, 100, QString(), QStringLiteral("retry-me-2")};
        Coordinator crashed(t.store(), stoppingAfter(Step::HoldCredit, 1));
        QCOMPARE(crashed.transfer(r2).error.code, ErrorCode::Interrupted);
        QTest::qWait(10);
        Coordinator retry(t.store(), {});
        const TxOutcome o = retry.transfer(r2);
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
        QVERIFY(o.existing);
        QCOMPARE(o.tx->state, TxState::Done);
    }
    QCOMPARE(balanceOf(t.store(), kBob), qint64(1100));
}

void TestCoordinator::sameKeyRetryOfACancelingTransferRepeatsTheRefusal()
{
    // The first attempt was refused (funds) and its worker died while canceling. Every retry
    // with the key gets the same answer, whether the retry finds it still canceling (decided,
    // not yet finished) or takes it over once the lease ran out and finishes the cancel.
    // Two such transfers, each in a store of its own: one whose driver's lease runs a minute
    // (found still canceling, however slow the machine), one whose lease of 1 ms has run out
    // after the 20 ms waited below (a wait that only ever gets longer): no race with the clock.
    const TransferRequest r{kAlice, kBob, 5000, QString(), QStringLiteral("too-much")};
    {
        TempStore live;
        openAccounts(live.store(), {kAlice, kBob}, 100);
        Coordinator crashed(live.store(), stoppingAfter(Step::Canceling, 60'000));
        const TxOutcome first = crashed.transfer(r);
        QCOMPARE(first.error.code, ErrorCode::Interrupted);
        QCOMPARE(first.tx->state, TxState::Canceling);
        const TxOutcome whileCanceling = Coordinator(live.store(), {}).transfer(r);
        QCOMPARE(whileCanceling.error.code, ErrorCode::InsufficientFunds);
        QVERIFY(whileCanceling.existing);
        QCOMPARE(whileCanceling.tx->state, TxState::Canceling); // its driver's lease is still running
    }

    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 100);
    Coordinator client(t.store(), {});
    Coordinator crashed(t.store(), stoppingAfter(Step::Canceling, 1));
    const TxOutcome first = crashed.transfer(r);
    QCOMPARE(first.error.code, ErrorCode::Interrupted);
    QCOMPARE(first.tx->state, TxState::Canceling);
    QTest::qWait(20);
    const TxOutcome takenOver = client.transfer(r);
    QCOMPARE(takenOver.error.code, ErrorCode::InsufficientFunds);
    QVERIFY(takenOver.existing);
    QCOMPARE(takenOver.tx->state, TxState::Canceled);
    const TxOutcome afterwards = client.transfer(r);
    QCOMPARE(afterwards.error.code, ErrorCode::InsufficientFunds);
    QCOMPARE(heldMarkerCount(t.store()), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::aFailureWhileCancelingKeepsTheRefusal()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL; tst_dynamostore plants DynamoDB items");
    // A refused transfer stopped while canceling; then a void fails (here: a posted marker
    // planted where none may be). The failure is journaled, but lastError keeps the refusal the
    // cancel is for, so a retry with the key still hears "insufficient-funds".
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 100);
    Coordinator stopped(t.store(), stoppingAfter(Step::Canceling));
    const TxOutcome o = stopped.transfer({kAlice, kBob, 5000, QString(), QStringLiteral("k")});
    QVERIFY(RawSql(t.locationOfAccount(kAlice))
                .exec(QStringLiteral("INSERT INTO legs (tx_id, account_id, side, amount, status, at) VALUES (?, 'alice', 'debit', 5000, "
                                     "'posted', '2026-01-01T00:00:00.000Z')"),
                      {o.tx->id}));
    const TxOutcome resumed = Coordinator(t.store(), {}).resume(o.tx->id, QString());
    QCOMPARE(resumed.error.code, ErrorCode::ProtocolViolation);
    const Transaction after = *t.store().transaction(o.tx->id);
    QCOMPARE(after.state, TxState::Canceling);
    QVERIFY2(after.lastError.startsWith(QStringLiteral("insufficient-funds: ")), qPrintable(after.lastError));
    const auto journal = *t.store().journal(DocKind::Transaction, o.tx->id);
    QCOMPARE(journal.last().event, QStringLiteral("error"));
    QVERIFY(journal.last().detail.startsWith(QStringLiteral("protocol-violation: ")));
    QCOMPARE(Coordinator(t.store(), {}).transfer({kAlice, kBob, 5000, QString(), QStringLiteral("k")}).error.code,
             ErrorCode::InsufficientFunds);
}

void TestCoordinator::cancelFromInitial()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator stopped(t.store(), stoppingAfter(Step::Insert));
    const TxOutcome o = stopped.transfer({kAlice, kBob, 10, QString(), QString()});
    QCOMPARE(o.tx->state, TxState::Initial);
    CoordinatorOptions op;
    op.actor = QStringLiteral("alice.operator");
    Coordinator c(t.store(), op);
    const TxOutcome canceled = c.cancel(o.tx->id, QStringLiteral("customer called"));
    QVERIFY2(canceled.ok(), qPrintable(canceled.error.toString()));
    QCOMPARE(canceled.tx->state, TxState::Canceled);
    QVERIFY(t.store().legsOfTransaction(o.tx->id)->isEmpty());
    const auto journal = *t.store().journal(DocKind::Transaction, o.tx->id);
    QCOMPARE(journal.last().event, QStringLiteral("cancel"));
    QCOMPARE(journal.last().actor, QStringLiteral("alice.operator"));
    QCOMPARE(journal.last().detail, QStringLiteral("customer called"));
    // The stalled worker's claim now fails: someone else moved it.
    Coordinator late(t.store(), {});
    QCOMPARE(late.recover(*o.tx, QStringLiteral("test")).error.code, ErrorCode::Conflict);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::cancelFromPendingVoidsBothLegs()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator stopped(t.store(), stoppingAfter(Step::HoldDebit));
    const TxOutcome o = stopped.transfer({kAlice, kBob, 400, QString(), QString()});
    QCOMPARE(t.store().account(kAlice)->available(), qint64(600));
    Coordinator c(t.store(), {});
    const TxOutcome canceled = c.cancel(o.tx->id, QStringLiteral("wrong beneficiary"));
    QVERIFY(canceled.ok());
    QCOMPARE(canceled.tx->state, TxState::Canceled);
    QCOMPARE(canceled.tx->epoch, o.tx->epoch + 1);
    QCOMPARE(legStatuses(t.store(), o.tx->id),
             (QMap<LegSide, LegStatus>{{LegSide::Debit, LegStatus::Voided}, {LegSide::Credit, LegStatus::Voided}}));
    QCOMPARE(t.store().account(kAlice)->available(), qint64(1000));
    QVERIFY(canceled.tx->lastError.contains(QStringLiteral("wrong beneficiary")));
    QCOMPARE(Coordinator::whyCanceled(*canceled.tx).code, ErrorCode::Conflict);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::cancelRefusedAfterTheDecision_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<TxState>("state");
    QTest::newRow("applied") << Step::Applied << TxState::Applied;
    QTest::newRow("half posted") << Step::PostDebit << TxState::Applied;
    QTest::newRow("done") << Step::Done << TxState::Done;
}

void TestCoordinator::cancelRefusedAfterTheDecision()
{
    QFETCH(Step, stopAfter);
    QFETCH(TxState, state);
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator stopped(t.store(), stoppingAfter(stopAfter));
    const TxOutcome o = stopped.transfer({kAlice, kBob, 10, QString(), QString()});
    QCOMPARE(o.tx->state, state);
    Coordinator c(t.store(), {});
    const TxOutcome refused = c.cancel(o.tx->id, QString());
    QCOMPARE(refused.error.code, ErrorCode::InvalidState);
    QCOMPARE(t.store().transaction(o.tx->id)->state, state);
}

void TestCoordinator::resumeFinishesFromEveryStop_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<TxState>("final");
    for (Step s : {Step::Insert, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit})
        QTest::addRow("transfer stopped after %s", qPrintable(nameOf(s))) << s << qint64(100) << TxState::Done;
    for (Step s : {Step::Canceling, Step::VoidDebit, Step::VoidCredit})
        QTest::addRow("refused transfer stopped after %s", qPrintable(nameOf(s))) << s << qint64(5000) << TxState::Canceled;
}

void TestCoordinator::resumeFinishesFromEveryStop()
{
    QFETCH(Step, stopAfter);
    QFETCH(qint64, amount);
    QFETCH(TxState, final);
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator stopped(t.store(), stoppingAfter(stopAfter));
    const TxOutcome o = stopped.transfer({kAlice, kBob, amount, QString(), QString()});
    QCOMPARE(o.error.code, ErrorCode::Interrupted);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store()); // every intermediate state satisfies the invariants

    Coordinator c(t.store(), {});
    const TxOutcome resumed = c.resume(o.tx->id, QStringLiteral("operator resumed it"));
    QVERIFY(resumed.tx);
    QCOMPARE(resumed.tx->state, final);
    QCOMPARE(resumed.tx->owner, c.worker());
    QCOMPARE(heldMarkerCount(t.store()), qint64(0));
    QCOMPARE(balanceOf(t.store(), kBob), final == TxState::Done ? qint64(1000 + amount) : qint64(1000));
    QVERIFY(events(t.store(), o.tx->id).contains(QStringLiteral("resume")));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::resumeRefusesFinished()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    const TxOutcome done = c.transfer({kAlice, kBob, 1, QString(), QString()});
    QCOMPARE(c.resume(done.tx->id, QString()).error.code, ErrorCode::InvalidState);
    QCOMPARE(c.resume(QStringLiteral("tx-missing"), QString()).error.code, ErrorCode::NotFound);
    QCOMPARE(c.resume(QStringLiteral("bad id"), QString()).error.code, ErrorCode::InvalidTxId);
}

void TestCoordinator::compensateReversesOnce()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    const TxOutcome original = c.transfer({kAlice, kBob, 300, QString(), QString()});
    const TxOutcome comp = c.compensate(original.tx->id, QStringLiteral("duplicate payment"));
    QVERIFY2(comp.ok(), qPrintable(comp.error.toString()));
    QCOMPARE(comp.tx->id, compensationId(original.tx->id, 1));
    QCOMPARE(comp.tx->kind, TxKind::Compensation);
    QCOMPARE(comp.tx->state, TxState::Done);
    QCOMPARE(comp.tx->source, kBob);
    QCOMPARE(comp.tx->destination, kAlice);
    QCOMPARE(comp.tx->compensates, original.tx->id);
    QCOMPARE(t.store().transaction(original.tx->id)->compensatedBy, comp.tx->id);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000));

    const TxOutcome again = c.compensate(original.tx->id, QStringLiteral("asked twice"));
    QVERIFY(again.ok() && again.existing);
    QCOMPARE(again.tx->id, comp.tx->id);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000));
    TxQuery compensations;
    compensations.kind = TxKind::Compensation;
    QCOMPARE(*t.store().transactionCount(compensations), qint64(1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::compensateAnAppliedOriginalFinishesItFirst()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator stopped(t.store(), stoppingAfter(Step::PostDebit));
    const TxOutcome o = stopped.transfer({kAlice, kBob, 300, QString(), QString()});
    QCOMPARE(o.tx->state, TxState::Applied);
    Coordinator c(t.store(), {});
    const TxOutcome comp = c.compensate(o.tx->id, QStringLiteral("reverse it"));
    QVERIFY2(comp.ok(), qPrintable(comp.error.toString()));
    QCOMPARE(t.store().transaction(o.tx->id)->state, TxState::Done);
    QCOMPARE(comp.tx->state, TxState::Done);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000));
    QCOMPARE(balanceOf(t.store(), kBob), qint64(1000));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::compensationRefusedThenRetried()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    openAccounts(t.store(), {QStringLiteral("carol")}, 0);
    Coordinator c(t.store(), {});
    const TxOutcome original = c.transfer({kAlice, kBob, 600, QString(), QString()});
    // Bob spends the money, so the reverse transfer cannot be paid.
    QVERIFY(c.transfer({kBob, QStringLiteral("carol"), 1500, QString(), QString()}).ok());
    const TxOutcome refused = c.compensate(original.tx->id, QStringLiteral("dispute"));
    QCOMPARE(refused.error.code, ErrorCode::InsufficientFunds);
    QCOMPARE(refused.tx->state, TxState::Canceled);
    QCOMPARE(refused.tx->id, compensationId(original.tx->id, 1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    // Asking again while nothing changed gives a second canceled attempt, never a payment.
    const TxOutcome refusedAgain = c.compensate(original.tx->id, QStringLiteral("dispute, again"));
    QCOMPARE(refusedAgain.error.code, ErrorCode::InsufficientFunds);
    QCOMPARE(refusedAgain.tx->id, compensationId(original.tx->id, 2));
    QCOMPARE(t.store().transaction(original.tx->id)->compensatedBy, refusedAgain.tx->id);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(400));
    // Once bob has the money again, the next attempt pays.
    QVERIFY(c.transfer({QStringLiteral("carol"), kBob, 1500, QString(), QString()}).ok());
    const TxOutcome retried = c.compensate(original.tx->id, QStringLiteral("dispute, funds back"));
    QVERIFY2(retried.ok(), qPrintable(retried.error.toString()));
    QCOMPARE(retried.tx->id, compensationId(original.tx->id, 3));
    QCOMPARE(t.store().transaction(original.tx->id)->compensatedBy, retried.tx->id);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::compensationOfACompensationIsRefused()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    const TxOutcome original = c.transfer({kAlice, kBob, 1, QString(), QString()});
    const TxOutcome comp = c.compensate(original.tx->id, QString());
    QCOMPARE(c.compensate(comp.tx->id, QString()).error.code, ErrorCode::InvalidState);
    const TxOutcome canceled = c.transfer({kAlice, kBob, 99'999, QString(), QString()});
    QCOMPARE(c.compensate(canceled.tx->id, QString()).error.code, ErrorCode::InvalidState);
}

void TestCoordinator::compensationStoppedAtEveryStepFinishesOnce_data()
{
    QTest::addColumn<Step>("stopAfter");
    for (Step s : {Step::Insert, Step::Link, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit,
                   Step::PostCredit, Step::Done})
        QTest::addRow("%s", qPrintable(nameOf(s))) << s;
}

void TestCoordinator::compensationStoppedAtEveryStepFinishesOnce()
{
    QFETCH(Step, stopAfter);
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    const TxOutcome original = c.transfer({kAlice, kBob, 300, QString(), QString()});
    Coordinator stopped(t.store(), stoppingAfter(stopAfter, 1));
    const TxOutcome first = stopped.compensate(original.tx->id, QStringLiteral("first try"));
    QCOMPARE(first.error.code, ErrorCode::Interrupted);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    QTest::qWait(5); // let the 1 ms lease run out
    // Asking again (or recovery) finishes the same compensation; none is created twice.
    const TxOutcome second = c.compensate(original.tx->id, QStringLiteral("second try"));
    QVERIFY2(second.ok(), qPrintable(second.error.toString()));
    QCOMPARE(second.tx->id, compensationId(original.tx->id, 1));
    QCOMPARE(second.tx->state, TxState::Done);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000));
    QCOMPARE(heldMarkerCount(t.store()), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestCoordinator::openingBalanceOverflowCreatesNothing()
{
    // An opening @world cannot pay out (it would pass int64) used to create the account and then
    // fail its opening transfer: half of one request done. It is refused before any write now.
    TempStore t;
    Coordinator c(t.store(), {});
    constexpr qint64 max = std::numeric_limits<qint64>::max();
    QVERIFY(c.openAccount(QStringLiteral("big"), QString(), max).ok());
    Account created;
    const TxOutcome o = c.openAccount(QStringLiteral("big2"), QString(), max, &created);
    QCOMPARE(o.error.code, ErrorCode::AmountOverflow);
    QVERIFY(!o.tx);
    QCOMPARE(created.id, QString());
    QCOMPARE(t.store().account(QStringLiteral("big2")).error().code, ErrorCode::UnknownAccount);
    QCOMPARE(t.store().transactionCount({}).value(), qint64(1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

QTEST_GUILESS_MAIN(TestCoordinator)
#include "tst_coordinator.moc"
