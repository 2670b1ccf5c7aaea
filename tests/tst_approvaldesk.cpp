// tst_approvaldesk: four eyes through the one way in (LocalLedgerService as ledgerd's handlers run
// it, operations/approvaldesk.h), on every SQL store (files, shard files, PostgreSQL and its
// shards): a repair or transfer over its rule waits as a request and runs only once a second
// person approves it, once, under both names; the requester never approves their own; a role the
// rules do not name cannot decide; two approvers at once run it once; a run cut short is finished
// by approving again; an expired or rejected request never runs; a request whose preview no longer
// holds is refused with the difference; the same request sent again finds the one it made.
#include "ledger/identifiers.h"
#include "operations/recoverysweeper.h"
#include "service/localledgerservice.h"

#include "testsupport.h"

#include <QTest>
#include <QRandomGenerator>
#include <QThread>

#include <atomic>

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::OperatorAction)

namespace {

const QString kAnn = QStringLiteral("ann");
const QString kBob = QStringLiteral("bob");
const QString kCy = QStringLiteral("cy");

ApprovalRules rulesOf(const QString &text)
{
    auto rules = parseApprovalRules(QStringLiteral("[approvals]\n") + text, 2);
    if (!rules.ok())
        qFatal("%s", qPrintable(rules.error().toString()));
    return *rules;
}

// compensate/cancel/resume over 10.00, a transfer from @world over 0, any over 1000.00; approvers: the role.
ApprovalRules standardRules()
{
    return rulesOf(QStringLiteral("compensate-over = 10\ncancel-over = 10\nresume-over = 10\nworld-over = 0\ntransfer-over = 1000\n"));
}

// The ledger as ledgerd serves `name` (role `role`) under the rules, a request of key `key`.
LocalLedgerService as(Store &store, const QString &name, Role role, const ApprovalRules &rules, const QString &key = QString(),
                      StepHook hook = {})
{
    CoordinatorOptions o;
    o.actor = name;
    o.request = key.isEmpty() ? QStringLiteral("key-%1-%2").arg(name).arg(QRandomGenerator::global()->generate()) : key;
    o.hook = std::move(hook);
    LocalLedgerService service(store, o, role, true);
    service.setApprovalRules(rules);
    return service;
}

qsizetype eventsOf(Store &store, DocKind kind, const QString &id, const QString &event)
{
    const auto journal = store.journal(kind, id);
    if (!journal.ok())
        return -1;
    return std::count_if(journal->cbegin(), journal->cend(), [&](const JournalEntry &j) { return j.event == event; });
}

QStringList actorsOf(Store &store, const QString &id)
{
    QStringList actors;
    const auto journal = store.journal(DocKind::Transaction, id);
    for (const JournalEntry &j : journal.value())
        actors << j.actor;
    return actors;
}

// A done transfer alice → bob of `amount`, to compensate.
QString doneTransfer(Store &store, qint64 amount)
{
    CoordinatorOptions o;
    o.actor = QStringLiteral("setup");
    const TxOutcome made = Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()});
    return made.ok() && made.tx ? made.tx->id : QString();
}

} // namespace

class TestApprovalDesk : public QObject {
    Q_OBJECT
private slots:
    void aRepairOverItsRuleWaits_data();
    void aRepairOverItsRuleWaits();
    void approvalRunsItOnceUnderBothNames();
    void aTransferFromWorldWaitsAndRunsByItsKey();
    void theRequesterNeverApprovesTheirOwn();
    void onlyTheRolesTheRulesNameDecide();
    void twoApproversAtOnceRunItOnce();
    void aRunCutShortIsFinishedByApprovingAgain();
    void anExpiredRequestNeverRuns();
    void aRejectedRequestNeverRuns();
    void aStalePreviewIsRefusedWithTheDifference();
    void theSameRequestSentAgainFindsItsRequest();
    void anOpeningOverTheRuleIsRefused();
    void recoveryLeavesWhatAPersonDecides();
    void withoutRulesNothingWaits();
    void listsNewestFirstByState();
};

void TestApprovalDesk::aRepairOverItsRuleWaits_data()
{
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<bool>("waits");
    for (OperatorAction a : {OperatorAction::Compensate, OperatorAction::Cancel, OperatorAction::Resume}) {
        const QByteArray name = nameOf(a).toLatin1();
        QTest::newRow(name + " just under") << a << qint64(999) << false;
        QTest::newRow(name + " at") << a << qint64(1000) << false;
        QTest::newRow(name + " just over") << a << qint64(1001) << true;
    }
}

void TestApprovalDesk::aRepairOverItsRuleWaits()
{
    QFETCH(OperatorAction, action);
    QFETCH(qint64, amount);
    QFETCH(bool, waits);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id =
        action == OperatorAction::Compensate ? doneTransfer(t.store(), amount) : stuckAfter(t.store(), Step::HoldDebit, amount);
    QVERIFY(!id.isEmpty());
    const qint64 alice = balanceOf(t.store(), QStringLiteral("alice"));
    const TxOutcome o = as(t.store(), kAnn, Role::Operator, standardRules()).repair(action, id, QStringLiteral("why"));
    if (!waits) {
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
        QVERIFY(!o.awaiting);
        return;
    }
    QCOMPARE(o.error.code, ErrorCode::AwaitingApproval);
    QVERIFY(o.awaiting);
    QVERIFY(!o.tx);
    QCOMPARE(o.awaiting->state, ApprovalState::Pending);
    QCOMPARE(o.awaiting->requestedBy, kAnn);
    QCOMPARE(o.awaiting->docId, id);
    QCOMPARE(o.awaiting->amount, amount);
    QCOMPARE(o.awaiting->reason, QStringLiteral("why"));
    QVERIFY(o.error.message.contains(o.awaiting->id));
    // Nothing ran: the transaction is as it was, no money moved; the request is in its journal.
    auto tx = t.store().transaction(id);
    QCOMPARE(tx->state, action == OperatorAction::Compensate ? TxState::Done : TxState::Pending);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), alice);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-request")), qsizetype(1));
}

void TestApprovalDesk::approvalRunsItOnceUnderBothNames()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = doneTransfer(t.store(), 5000);
    const TxOutcome asked =
        as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Compensate, id, QStringLiteral("refund"));
    QVERIFY(asked.awaiting);
    const qint64 alice = balanceOf(t.store(), QStringLiteral("alice"));

    auto decided = as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QStringLiteral("checked"));
    QVERIFY2(decided.ok(), qPrintable(decided.error().toString()));
    QCOMPARE(decided->request.state, ApprovalState::Done);
    QCOMPARE(decided->request.decidedBy, kBob);
    QCOMPARE(decided->request.decision, QStringLiteral("checked"));
    QVERIFY(decided->run && decided->run->ok());
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), alice + 5000);
    // The journal names both: the request's rows and the action's own.
    const QStringList actors = actorsOf(t.store(), id);
    QVERIFY2(actors.contains(QStringLiteral("ann, approved by bob")), qPrintable(actors.join(", ")));
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-request")), qsizetype(1));
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-approve")), qsizetype(1));
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-done")), qsizetype(1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    // The change feed (and the data lake) tells of each transaction finishing once: the request's
    // moves on the original's journal are not its finishing again.
    qsizetype finishes = 0;
    for (int shard = 0; shard < qMax(1, t.store().shardCount()); ++shard) {
        const auto finished = t.store().finishedAfter(shard, 0, 10'000);
        QVERIFY2(finished.ok(), qPrintable(finished.error().toString()));
        for (const JournalEntry &j : finished.value())
            finishes += j.docId == id ? 1 : 0;
    }
    QCOMPARE(finishes, qsizetype(1));

    // Asked again by the approver (a lost answer): the same answer, nothing run twice.
    auto again = as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QStringLiteral("checked"));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE(again->request.state, ApprovalState::Done);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), alice + 5000);
    // Anyone else: decided.
    auto other = as(t.store(), kCy, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, false, QStringLiteral("late"));
    QCOMPARE(other.error().code, ErrorCode::ApprovalDecided);
}

void TestApprovalDesk::aTransferFromWorldWaitsAndRunsByItsKey()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 100);
    const TransferRequest mint{kWorldAccount, QStringLiteral("alice"), 2'985'859'63, QStringLiteral("top-up"), QStringLiteral("mint-1")};
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules(), QStringLiteral("mint-1")).transfer(mint);
    QCOMPARE(asked.error.code, ErrorCode::AwaitingApproval);
    QVERIFY(asked.awaiting);
    QCOMPARE(asked.awaiting->action, ApprovalAction::Transfer);
    QCOMPARE(asked.awaiting->docKind, DocKind::Account);
    QCOMPARE(asked.awaiting->docId, kWorldAccount);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), qint64(100));
    QCOMPARE(eventsOf(t.store(), DocKind::Account, kWorldAccount, QStringLiteral("approval-request")), qsizetype(1));

    auto decided = as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString());
    QVERIFY2(decided.ok(), qPrintable(decided.error().toString()));
    QCOMPARE(decided->request.state, ApprovalState::Done);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), qint64(100 + 2'985'859'63));
    // The transfer's key is the request's id: it moved the money once.
    auto byKey = t.store().transactionByKey(asked.awaiting->id);
    QVERIFY(byKey.ok() && byKey->has_value());
    QCOMPARE((*byKey)->state, TxState::Done);
    QVERIFY(actorsOf(t.store(), (*byKey)->id).contains(QStringLiteral("ann, approved by bob")));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    // ann's client sends it again under its key: the transaction the approval made, whatever the
    // rules say by then (none: it must not run a second time).
    for (const ApprovalRules &rules : {standardRules(), ApprovalRules()}) {
        const TxOutcome again = as(t.store(), kAnn, Role::Operator, rules, QStringLiteral("mint-1")).transfer(mint);
        QVERIFY2(again.ok(), qPrintable(again.error.toString()));
        QVERIFY(!again.awaiting);
        QCOMPARE(again.tx->id, (*byKey)->id);
        QVERIFY(again.existing);
    }
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), qint64(100 + 2'985'859'63));
}

void TestApprovalDesk::theRequesterNeverApprovesTheirOwn()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    // An approver asking: still a second person decides.
    const TxOutcome asked = as(t.store(), kAnn, Role::Approver, standardRules()).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(asked.awaiting);
    auto own = as(t.store(), kAnn, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString());
    QCOMPARE(own.error().code, ErrorCode::Forbidden);
    auto ownReject = as(t.store(), kAnn, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, false, QStringLiteral("no"));
    QCOMPARE(ownReject.error().code, ErrorCode::Forbidden);
    QCOMPARE(t.store().transaction(id)->state, TxState::Pending);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-approve")), qsizetype(0));
}

void TestApprovalDesk::onlyTheRolesTheRulesNameDecide()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(asked.awaiting);
    const QString request = asked.awaiting->id;
    // approvers = approver: neither a read token, a transfer token nor an operator decides.
    for (Role role : {Role::Read, Role::Transfer, Role::Operator}) {
        auto refused = as(t.store(), kBob, role, standardRules()).decideApproval(request, true, QString());
        QCOMPARE(refused.error().code, ErrorCode::Forbidden);
    }
    // A read token sees it.
    auto seen = as(t.store(), kBob, Role::Read, standardRules()).approval(request);
    QVERIFY2(seen.ok(), qPrintable(seen.error().toString()));
    QCOMPARE(seen->state, ApprovalState::Pending);
    // approvers = operator: any other operator decides (a read token still not).
    ApprovalRules anyOperator = standardRules();
    anyOperator.approvers = Approvers::AnyOperator;
    QCOMPARE(as(t.store(), kBob, Role::Read, anyOperator).decideApproval(request, true, QString()).error().code, ErrorCode::Forbidden);
    auto decided = as(t.store(), kBob, Role::Operator, anyOperator).decideApproval(request, true, QString());
    QVERIFY2(decided.ok(), qPrintable(decided.error().toString()));
    QCOMPARE(t.store().transaction(id)->state, TxState::Canceled);
}

void TestApprovalDesk::twoApproversAtOnceRunItOnce()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = doneTransfer(t.store(), 5000);
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Compensate, id, QString());
    QVERIFY(asked.awaiting);
    const qint64 alice = balanceOf(t.store(), QStringLiteral("alice"));
    // Two approvers, each on a connection of their own, released together.
    std::atomic<int> ready{0};
    QList<ErrorCode> codes(2, ErrorCode::Internal);
    QList<QThread *> threads;
    for (int i = 0; i < 2; ++i) {
        threads << QThread::create([&, i] {
            auto store = t.openAnother();
            ++ready;
            while (ready.load() < 2)
                QThread::yieldCurrentThread();
            auto decided =
                as(*store, i == 0 ? kBob : kCy, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString());
            codes[i] = decided.ok() ? ErrorCode::None : decided.error().code;
        });
        threads.last()->start();
    }
    for (QThread *thread : threads) {
        QVERIFY(thread->wait(120'000));
        delete thread;
    }
    // One won and ran it; the other was told it was decided (or, had it read it approved, finished
    // the same run by its key: either way the money moved once).
    QVERIFY2(codes.contains(ErrorCode::None), qPrintable(codeWord(codes[0]) + " " + codeWord(codes[1])));
    for (ErrorCode c : codes)
        QVERIFY2(c == ErrorCode::None || c == ErrorCode::ApprovalDecided, qPrintable(codeWord(c)));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), alice + 5000);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-approve")), qsizetype(1));
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("linked")), qsizetype(1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestApprovalDesk::aRunCutShortIsFinishedByApprovingAgain()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = doneTransfer(t.store(), 5000);
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Compensate, id, QString());
    QVERIFY(asked.awaiting);
    const qint64 alice = balanceOf(t.store(), QStringLiteral("alice"));
    // The approver's run stops after the compensation's debit hold, as a killed ledgerd would.
    auto cut = as(t.store(), kBob, Role::Approver, standardRules(), QString(), abandonAfterHook(Step::HoldDebit))
                   .decideApproval(asked.awaiting->id, true, QString());
    QVERIFY(!cut.ok());
    auto standing = as(t.store(), kBob, Role::Read, standardRules()).approval(asked.awaiting->id);
    QCOMPARE(standing->state, ApprovalState::Approved);
    // Not by its asker, nor by a role the rules do not name.
    QCOMPARE(as(t.store(), kAnn, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString()).error().code,
             ErrorCode::Forbidden);
    QCOMPARE(as(t.store(), kCy, Role::Operator, standardRules()).decideApproval(asked.awaiting->id, true, QString()).error().code,
             ErrorCode::Forbidden);
    // Approved again (by the approver, or another): the run is finished, once.
    auto finished = as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString());
    QVERIFY2(finished.ok(), qPrintable(finished.error().toString()));
    QCOMPARE(finished->request.state, ApprovalState::Done);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), alice + 5000);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("linked")), qsizetype(1));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestApprovalDesk::anExpiredRequestNeverRuns()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    ApprovalRules quick = standardRules();
    quick.expireAfterMs = 1;
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, quick).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(asked.awaiting);
    // Past its expiry by the store's clock (however long that takes on this machine).
    QTRY_VERIFY_WITH_TIMEOUT(t.store().now().value() > asked.awaiting->expiresAt, 60'000);
    auto late = as(t.store(), kBob, Role::Approver, quick).decideApproval(asked.awaiting->id, true, QString());
    QCOMPARE(late.error().code, ErrorCode::ApprovalExpired);
    auto standing = as(t.store(), kBob, Role::Read, quick).approval(asked.awaiting->id);
    QCOMPARE(standing->state, ApprovalState::Expired);
    QCOMPARE(t.store().transaction(id)->state, TxState::Pending);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-expire")), qsizetype(1));
    // And stays so.
    QCOMPARE(as(t.store(), kCy, Role::Approver, quick).decideApproval(asked.awaiting->id, true, QString()).error().code,
             ErrorCode::ApprovalDecided);
}

void TestApprovalDesk::aRejectedRequestNeverRuns()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(asked.awaiting);
    // A rejection says why.
    QCOMPARE(as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, false, QString()).error().code,
             ErrorCode::MissingArgument);
    auto rejected =
        as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, false, QStringLiteral("resume it"));
    QVERIFY2(rejected.ok(), qPrintable(rejected.error().toString()));
    QCOMPARE(rejected->request.state, ApprovalState::Rejected);
    QVERIFY(!rejected->run);
    QCOMPARE(as(t.store(), kCy, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString()).error().code,
             ErrorCode::ApprovalDecided);
    QCOMPARE(t.store().transaction(id)->state, TxState::Pending);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-reject")), qsizetype(1));
}

void TestApprovalDesk::aStalePreviewIsRefusedWithTheDifference()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(asked.awaiting);
    // Meanwhile it moved on: recovery finished it.
    CoordinatorOptions o;
    o.actor = QStringLiteral("recovery");
    QVERIFY(Coordinator(t.store(), o).resume(id, QString()).ok());
    auto stale = as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, true, QString());
    QCOMPARE(stale.error().code, ErrorCode::ApprovalStale);
    QVERIFY2(stale.error().message.contains(QStringLiteral("state was pending when asked, is now done")),
             qPrintable(stale.error().message));
    QCOMPARE(as(t.store(), kBob, Role::Read, standardRules()).approval(asked.awaiting->id)->state, ApprovalState::Pending);
    QCOMPARE(t.store().transaction(id)->state, TxState::Done);
}

void TestApprovalDesk::theSameRequestSentAgainFindsItsRequest()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    const QString key = QStringLiteral("ann-cancel-1");
    const TxOutcome first = as(t.store(), kAnn, Role::Operator, standardRules(), key).repair(OperatorAction::Cancel, id, QString());
    const TxOutcome again = as(t.store(), kAnn, Role::Operator, standardRules(), key).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(first.awaiting && again.awaiting);
    QCOMPARE(again.awaiting->id, first.awaiting->id);
    QCOMPARE(eventsOf(t.store(), DocKind::Transaction, id, QStringLiteral("approval-request")), qsizetype(1));
    // The key for another action: a conflict.
    const TxOutcome other = as(t.store(), kAnn, Role::Operator, standardRules(), key).repair(OperatorAction::Resume, id, QString());
    QCOMPARE(other.error.code, ErrorCode::KeyConflict);
    // Another person's same key is their own request.
    const TxOutcome bobs = as(t.store(), kBob, Role::Operator, standardRules(), key).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(bobs.awaiting);
    QVERIFY(bobs.awaiting->id != first.awaiting->id);
}

void TestApprovalDesk::anOpeningOverTheRuleIsRefused()
{
    // An opening is money made from @world: over world-over it would go round four eyes, so it is
    // refused whole; at the rule, and without an opening, the account is made.
    TempStore t;
    ApprovalRules rules = standardRules();
    rules.worldOver = 1000;
    const NewAccount refused = as(t.store(), kAnn, Role::Operator, rules).createAccount(QStringLiteral("carol"), QString(), 1001);
    QCOMPARE(refused.opening.error.code, ErrorCode::Forbidden);
    QVERIFY2(refused.opening.error.message.contains(QStringLiteral("then transfer from @world")),
             qPrintable(refused.opening.error.message));
    QCOMPARE(t.store().account(QStringLiteral("carol")).error().code, ErrorCode::UnknownAccount); // nothing written
    const NewAccount at = as(t.store(), kAnn, Role::Operator, rules).createAccount(QStringLiteral("carol"), QString(), 1000);
    QVERIFY2(at.opening.ok(), qPrintable(at.opening.error.toString()));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("carol")), qint64(1000));
    const NewAccount none = as(t.store(), kAnn, Role::Operator, rules).createAccount(QStringLiteral("dan"), QString(), 0);
    QVERIFY2(none.opening.ok(), qPrintable(none.opening.error.toString()));
}

void TestApprovalDesk::recoveryLeavesWhatAPersonDecides()
{
    // A cancel that waits for approval must not be decided by recovery resuming the transaction:
    // neither ledgerd's sweeper nor Recover all — by the asker, taking claims — moves it; once
    // rejected, recovery finishes it as ever.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 5000);
    const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Cancel, id, QString());
    QVERIFY(asked.awaiting);

    SweepOptions sweep;
    sweep.recovery.olderThanMs = 0;
    sweep.recovery.actor = QStringLiteral("recovery:ledgerd");
    RecoverySweeper sweeper(connectorOf(t.config()), sweep);
    const SweepResult swept = sweeper.sweep();
    QVERIFY2(swept.report.error.ok(), qPrintable(swept.report.error.toString()));
    QCOMPARE(swept.claimed, qint64(1));
    QCOMPARE(t.store().transaction(id)->state, TxState::Pending);

    CoordinatorOptions o;
    o.actor = kAnn;
    LocalLedgerService ann(t.store(), o, Role::Operator, true, connectorOf(t.config()));
    ann.setApprovalRules(standardRules());
    RecoverRequest everything;
    everything.olderThanMs = 0;
    everything.takeClaimed = true;
    const RecoverRun run = ann.recover(everything, {}, {});
    QVERIFY2(run.report.error.ok(), qPrintable(run.report.error.toString()));
    QCOMPARE(t.store().transaction(id)->state, TxState::Pending);
    QCOMPARE(run.passedOverClaimed.size(), qsizetype(1));
    QVERIFY2(run.passedOverClaimed.at(0).text.contains(asked.awaiting->id), qPrintable(run.passedOverClaimed.at(0).text));

    QVERIFY(
        as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(asked.awaiting->id, false, QStringLiteral("resume it")).ok());
    QVERIFY(sweeper.sweep().report.error.ok());
    QCOMPARE(t.store().transaction(id)->state, TxState::Done);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestApprovalDesk::withoutRulesNothingWaits()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = doneTransfer(t.store(), 90'000);
    const TxOutcome o = as(t.store(), kAnn, Role::Operator, ApprovalRules()).repair(OperatorAction::Compensate, id, QString());
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QVERIFY(!o.awaiting);
    // And the embedded store (no server vouching) decides nothing.
    CoordinatorOptions c;
    c.actor = kBob;
    QCOMPARE(LocalLedgerService(t.store(), c)
                 .decideApproval(QStringLiteral("apr-00000000000000000000000000000000"), true, QString())
                 .error()
                 .code,
             ErrorCode::Unsupported);
}

void TestApprovalDesk::listsNewestFirstByState()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    QStringList made;
    for (int i = 0; i < 3; ++i) {
        const QString id = stuckAfter(t.store(), Step::HoldDebit, 2000 + i);
        const TxOutcome asked = as(t.store(), kAnn, Role::Operator, standardRules()).repair(OperatorAction::Cancel, id, QString());
        QVERIFY(asked.awaiting);
        made.prepend(asked.awaiting->id);
        QTRY_VERIFY_WITH_TIMEOUT(t.store().now().value() > asked.awaiting->requestedAt, 60'000); // distinct times
    }
    QVERIFY(as(t.store(), kBob, Role::Approver, standardRules()).decideApproval(made.at(1), false, QStringLiteral("no")).ok());
    LocalLedgerService reader = as(t.store(), kCy, Role::Read, standardRules());
    auto all = reader.approvals(ApprovalListing{});
    QVERIFY2(all.ok(), qPrintable(all.error().toString()));
    QStringList ids;
    for (const ApprovalRequest &r : *all)
        ids << r.id;
    QCOMPARE(ids, made);
    ApprovalListing pending;
    pending.states = {ApprovalState::Pending};
    auto open = reader.approvals(pending);
    QCOMPARE(open->size(), qsizetype(2));
    QVERIFY(open->at(0).id == made.at(0) && open->at(1).id == made.at(2));
}

QTEST_GUILESS_MAIN(TestApprovalDesk)
#include "tst_approvaldesk.moc"
