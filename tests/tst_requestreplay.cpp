// tst_requestreplay: a write asked again under the same request (ledgerd: the client's
// Idempotency-Key, after a lost answer) is done once and answered from what the first asking did
// (operations/requestreplay.h): repairs, remarks, accounts and their status, on every store (the
// request is recorded in the journal row and read back from it). The same key for another action
// or by another name is key-conflict. A first asking that stopped half-way (its process died
// after its first write) is finished by the second, nothing moved twice.
#include "operations/requestreplay.h"
#include "service/localledgerservice.h"

#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAnn = QStringLiteral("ann");
const QString kKey = QStringLiteral("3f1c9a7e-request-1");

// The ledger as ledgerd serves a request of `actor` carrying Idempotency-Key `request`.
LocalLedgerService asked(Store &store, const QString &actor = kAnn, const QString &request = kKey, StepHook hook = {})
{
    CoordinatorOptions o;
    o.actor = actor;
    o.request = request;
    o.hook = std::move(hook);
    return LocalLedgerService(store, o, Role::Operator, true);
}

qsizetype rowsOf(Store &store, DocKind kind, const QString &id)
{
    const auto journal = store.journal(kind, id);
    return journal.ok() ? journal->size() : -1;
}

qsizetype rowsOfRequest(Store &store, DocKind kind, const QString &id, const QString &request)
{
    const auto journal = store.journal(kind, id);
    if (!journal.ok())
        return -1;
    return std::count_if(journal->cbegin(), journal->cend(), [&](const JournalEntry &j) { return j.request == request; });
}

JournalEntry row(const QString &actor, const QString &event, const QString &request, qint64 seq)
{
    JournalEntry j;
    j.seq = seq;
    j.docId = QStringLiteral("tx-1");
    j.actor = actor;
    j.event = event;
    j.request = request;
    return j;
}

Transaction txIn(TxState state, const QString &lastError = QString())
{
    Transaction t;
    t.id = QStringLiteral("tx-1");
    t.state = state;
    t.lastError = lastError;
    return t;
}

} // namespace

Q_DECLARE_METATYPE(ledger::OperatorAction)

class TestRequestReplay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowOfRequest_data();
    void rowOfRequest();
    void replayedRepair_data();
    void replayedRepair();
    void theRequestIsRecordedInEachRow();
    void aRepairAskedAgainIsDoneOnce_data();
    void aRepairAskedAgainIsDoneOnce();
    void aRemarkAskedAgainIsWrittenOnce_data();
    void aRemarkAskedAgainIsWrittenOnce();
    void anAccountAskedAgainIsMadeOnce();
    void anAccountStatusAskedAgainIsChangedOnce();
    void aResumeAskedAgainFinishesWhatTheFirstStarted();
    void aCancelAskedAgainFinishesItsVoids();
    void theKeyOfAnotherRequestIsAConflict();
};

void TestRequestReplay::rowOfRequest_data()
{
    QTest::addColumn<QString>("actor");
    QTest::addColumn<QString>("request");
    QTest::addColumn<QStringList>("events");
    QTest::addColumn<qint64>("foundSeq"); // 0: none found
    QTest::addColumn<ErrorCode>("code");
    // The journal: 1 created (no request), 2 ann's resume under k1, 3 state under k1, 4 bo's note under k2.
    QTest::newRow("no request: none looked for") << "ann"
                                                 << "" << QStringList{"resume"} << qint64(0) << ErrorCode::None;
    QTest::newRow("its first row") << "ann"
                                   << "k1" << QStringList{"resume"} << qint64(2) << ErrorCode::None;
    QTest::newRow("a request never seen") << "ann"
                                          << "k9" << QStringList{"resume"} << qint64(0) << ErrorCode::None;
    QTest::newRow("another action's key") << "ann"
                                          << "k1" << QStringList{"cancel"} << qint64(0) << ErrorCode::KeyConflict;
    QTest::newRow("another name's key") << "cy"
                                        << "k1" << QStringList{"resume"} << qint64(0) << ErrorCode::KeyConflict;
    QTest::newRow("one of the first events") << "bo"
                                             << "k2" << QStringList{"claim", "note"} << qint64(4) << ErrorCode::None;
}

void TestRequestReplay::rowOfRequest()
{
    QFETCH(QString, actor);
    QFETCH(QString, request);
    QFETCH(QStringList, events);
    QFETCH(qint64, foundSeq);
    QFETCH(ErrorCode, code);
    const QList<JournalEntry> journal{row("ann", "created", "", 1), row("ann", "resume", "k1", 2), row("ann", "state", "k1", 3),
                                      row("bo", "note", "k2", 4)};
    const auto found = ledger::rowOfRequest(journal, Acting(actor, request), events);
    QCOMPARE(found.code(), code);
    if (code != ErrorCode::None) {
        QVERIFY2(found.error().message.contains(QLatin1String("was already used by ann for resume on tx-1")),
                 qPrintable(found.error().message));
        return;
    }
    QCOMPARE(found->has_value(), foundSeq != 0);
    if (foundSeq != 0)
        QCOMPARE((*found)->seq, foundSeq);
}

void TestRequestReplay::replayedRepair_data()
{
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<TxState>("state");     // the transaction asked for, as it stands
    QTest::addColumn<int>("compensation");  // -1: none made; else its TxState
    QTest::addColumn<QStringList>("asked"); // the rows its request wrote: "event from>to"
    QTest::addColumn<bool>("answered");     // false: run it again
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("answeredId");
    const int none = -1;
    const QStringList resumed{"resume pending>pending", "state pending>applied", "state applied>done"};
    QTest::newRow("resume, done") << OperatorAction::Resume << TxState::Done << none << resumed << true << ErrorCode::None << "tx-1";
    QTest::newRow("resume, its hold refused") << OperatorAction::Resume << TxState::Canceled << none
                                              << QStringList{"resume pending>pending", "refused pending>canceling",
                                                             "state canceling>canceled"}
                                              << true << ErrorCode::InsufficientFunds << "tx-1";
    QTest::newRow("resume, it finished a cancel")
        << OperatorAction::Resume << TxState::Canceled << none << QStringList{"resume canceling>canceling", "state canceling>canceled"}
        << true << ErrorCode::None << "tx-1";
    QTest::newRow("resume, someone else canceled it") << OperatorAction::Resume << TxState::Canceled << none
                                                      << QStringList{"resume pending>pending"} << true << ErrorCode::None << "tx-1";
    QTest::newRow("resume, a compensation superseded")
        << OperatorAction::Resume << TxState::Canceled << none << QStringList{"superseded initial>canceled"} << true << ErrorCode::Conflict
        << "tx-1";
    QTest::newRow("resume, still pending") << OperatorAction::Resume << TxState::Pending << none << QStringList{"resume pending>pending"}
                                           << false << ErrorCode::None << "";
    QTest::newRow("resume, applied") << OperatorAction::Resume << TxState::Applied << none << resumed.mid(0, 2) << false << ErrorCode::None
                                     << "";
    QTest::newRow("cancel, canceled") << OperatorAction::Cancel << TxState::Canceled << none << QStringList{"cancel pending>canceling"}
                                      << true << ErrorCode::None << "tx-1";
    QTest::newRow("cancel, canceling") << OperatorAction::Cancel << TxState::Canceling << none << QStringList{"cancel pending>canceling"}
                                       << false << ErrorCode::None << "";
    const QStringList linked{"linked done>done"};
    QTest::newRow("compensate, none made yet") << OperatorAction::Compensate << TxState::Done << none << linked << false << ErrorCode::None
                                               << "";
    QTest::newRow("compensate, its compensation done")
        << OperatorAction::Compensate << TxState::Done << int(TxState::Done) << linked << true << ErrorCode::None << "tx-1.rev";
    QTest::newRow("compensate, its compensation refused") << OperatorAction::Compensate << TxState::Done << int(TxState::Canceled) << linked
                                                          << true << ErrorCode::InsufficientFunds << "tx-1.rev";
    QTest::newRow("compensate, its compensation in flight")
        << OperatorAction::Compensate << TxState::Done << int(TxState::Pending) << linked << false << ErrorCode::None << "";
}

void TestRequestReplay::replayedRepair()
{
    QFETCH(OperatorAction, action);
    QFETCH(TxState, state);
    QFETCH(int, compensation);
    QFETCH(QStringList, asked);
    QFETCH(bool, answered);
    QFETCH(ErrorCode, code);
    QFETCH(QString, answeredId);
    const bool superseded = QTest::currentDataTag() == QLatin1String("resume, a compensation superseded");
    const QString why = superseded ? QStringLiteral("superseded: tx-0.rev already compensates tx-0")
                                   : QStringLiteral("insufficient-funds: alice has 1.00 available, 2.00 asked");
    const Transaction tx = txIn(state, state == TxState::Canceled ? why : QString());
    std::optional<Transaction> made;
    if (compensation >= 0) {
        made = txIn(TxState(compensation), TxState(compensation) == TxState::Canceled ? why : QString());
        made->id = QStringLiteral("tx-1.rev");
    }
    QList<JournalEntry> rows;
    for (const QString &spec : asked) {
        JournalEntry j = row(kAnn, spec.section(QLatin1Char(' '), 0, 0), kKey, rows.size() + 1);
        j.fromState = spec.section(QLatin1Char(' '), 1).section(QLatin1Char('>'), 0, 0);
        j.toState = spec.section(QLatin1Char('>'), 1);
        rows << j;
    }
    const auto answer = ledger::replayedRepair(action, tx, made, rows);
    QCOMPARE(answer.has_value(), answered);
    if (!answered)
        return;
    QCOMPARE(answer->error.code, code);
    QCOMPARE(answer->tx->id, answeredId);
    QVERIFY(!answer->existing); // as its first answer: it made what it made
}

void TestRequestReplay::theRequestIsRecordedInEachRow()
{
    // Every row a write makes carries its request, read back as written; rows of no request none.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 100);
    QVERIFY(!id.isEmpty());
    const TxOutcome o = asked(t.store()).repair(RepairAction::Resume, id, QStringLiteral("the bank confirmed"));
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QCOMPARE(o.tx->state, TxState::Done);
    const auto journal = t.store().journal(DocKind::Transaction, id);
    QVERIFY(journal.ok());
    QStringList requests;
    for (const JournalEntry &j : *journal)
        requests << j.event + QLatin1Char('=') + j.request;
    // created, claimed, state (pending), state (hold) by the abandoned transfer; then the resume's.
    QVERIFY2(requests.first() == QLatin1String("created="), qPrintable(requests.join(QLatin1Char(' '))));
    const qsizetype resumeAt = requests.indexOf(QStringLiteral("resume=") + kKey);
    QVERIFY2(resumeAt > 0, qPrintable(requests.join(QLatin1Char(' '))));
    for (qsizetype i = resumeAt; i < requests.size(); ++i)
        QVERIFY2(requests.at(i).endsWith(QLatin1Char('=') + kKey), qPrintable(requests.join(QLatin1Char(' '))));
    for (qsizetype i = 0; i < resumeAt; ++i)
        QVERIFY2(requests.at(i).endsWith(QLatin1Char('=')), qPrintable(requests.join(QLatin1Char(' '))));
    // An account's rows and a remark's too.
    QVERIFY(asked(t.store(), kAnn, QStringLiteral("k-acct")).createAccount(QStringLiteral("carol"), QString(), 0).opening.ok());
    QCOMPARE(rowsOfRequest(t.store(), DocKind::Account, QStringLiteral("carol"), QStringLiteral("k-acct")), 1);
    QVERIFY(asked(t.store(), kAnn, QStringLiteral("k-note")).remark(id, Remark::Note, QStringLiteral("checked")).ok());
    QCOMPARE(rowsOfRequest(t.store(), DocKind::Transaction, id, QStringLiteral("k-note")), 1);
}

void TestRequestReplay::aRepairAskedAgainIsDoneOnce_data()
{
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<Step>("leftAfter"); // how the transfer was left before the repair
    QTest::addColumn<TxState>("ends");
    QTest::newRow("resume") << OperatorAction::Resume << Step::HoldDebit << TxState::Done;
    QTest::newRow("cancel") << OperatorAction::Cancel << Step::HoldDebit << TxState::Canceled;
    QTest::newRow("compensate") << OperatorAction::Compensate << Step::Done << TxState::Done;
}

void TestRequestReplay::aRepairAskedAgainIsDoneOnce()
{
    QFETCH(OperatorAction, action);
    QFETCH(Step, leftAfter);
    QFETCH(TxState, ends);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    // Left stuck after its debit hold; or, after its last write, done (for a compensation).
    const QString id = stuckAfter(t.store(), leftAfter, 100);
    QVERIFY(!id.isEmpty());
    const TxOutcome first = asked(t.store()).repair(action, id, QStringLiteral("asked once"));
    QVERIFY2(first.ok(), qPrintable(first.error.toString()));
    QCOMPARE(first.tx->state, ends);
    const QString answered = first.tx->id;
    const qsizetype rows = rowsOf(t.store(), DocKind::Transaction, id);
    const qsizetype answeredRows = rowsOf(t.store(), DocKind::Transaction, answered);
    const qint64 alice = balanceOf(t.store(), QStringLiteral("alice"));

    // Its answer lost, asked again: the same answer, nothing written, no money moved.
    const TxOutcome again = asked(t.store()).repair(action, id, QStringLiteral("asked once"));
    QVERIFY2(again.ok(), qPrintable(again.error.toString()));
    QCOMPARE(again.tx->id, answered);
    QCOMPARE(again.tx->state, ends);
    QCOMPARE(again.existing, first.existing);
    QCOMPARE(rowsOf(t.store(), DocKind::Transaction, id), rows);
    QCOMPARE(rowsOf(t.store(), DocKind::Transaction, answered), answeredRows);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), alice);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());

    // Asked by a new request (another key), the same repair is what it always was: refused or
    // answered by the document (compensation asked twice finds the first).
    const TxOutcome fresh = asked(t.store(), kAnn, QStringLiteral("another-key")).repair(action, id, QStringLiteral("asked once"));
    if (action == OperatorAction::Compensate)
        QCOMPARE(fresh.tx->id, answered);
    else
        QCOMPARE(fresh.error.code, ErrorCode::InvalidState);
}

void TestRequestReplay::aRemarkAskedAgainIsWrittenOnce_data()
{
    QTest::addColumn<Remark>("remark");
    QTest::newRow("claim") << Remark::Claim;
    QTest::newRow("release") << Remark::Release;
    QTest::newRow("note") << Remark::Note;
}

void TestRequestReplay::aRemarkAskedAgainIsWrittenOnce()
{
    QFETCH(Remark, remark);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 100);
    QVERIFY(!id.isEmpty());
    if (remark == Remark::Release) // bo's claim, for ann to release
        QVERIFY(asked(t.store(), QStringLiteral("bo"), QStringLiteral("bo-1")).remark(id, Remark::Claim, QStringLiteral("mine")).ok());
    const auto first = asked(t.store()).remark(id, remark, QStringLiteral("the bank called back"));
    QVERIFY2(first.ok(), qPrintable(first.error().toString()));
    const qsizetype rows = rowsOf(t.store(), DocKind::Transaction, id);
    const auto again = asked(t.store()).remark(id, remark, QStringLiteral("the bank called back"));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE(rowsOf(t.store(), DocKind::Transaction, id), rows); // one row, not two
    QCOMPARE(again->entry.seq, first->entry.seq);
    QCOMPARE(again->entry.request, kKey);
    // The claim that stood before it, as the first answer said (a release: bo's).
    QCOMPARE(bool(again->before), bool(first->before));
    if (first->before)
        QCOMPARE(again->before->by, first->before->by);
}

void TestRequestReplay::anAccountAskedAgainIsMadeOnce()
{
    TempStore t;
    const NewAccount first = asked(t.store()).createAccount(QStringLiteral("carol"), QStringLiteral("Carol"), 250);
    QVERIFY2(first.opening.ok(), qPrintable(first.opening.error.toString()));
    const qsizetype rows = rowsOf(t.store(), DocKind::Account, QStringLiteral("carol"));
    const NewAccount again = asked(t.store()).createAccount(QStringLiteral("carol"), QStringLiteral("Carol"), 250);
    QVERIFY2(again.opening.ok(), qPrintable(again.opening.error.toString())); // not account-exists
    QVERIFY(again.account);
    QCOMPARE(again.account->account.account.id, QStringLiteral("carol"));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("carol")), qint64(250)); // the opening paid once
    QCOMPARE(rowsOf(t.store(), DocKind::Account, QStringLiteral("carol")), rows);
    // Another request for the same id is what it always was.
    QCOMPARE(asked(t.store(), kAnn, QStringLiteral("k2")).createAccount(QStringLiteral("carol"), QString(), 0).opening.error.code,
             ErrorCode::AccountExists);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRequestReplay::anAccountStatusAskedAgainIsChangedOnce()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 0);
    const auto first = asked(t.store()).setAccountStatus(QStringLiteral("alice"), AccountStatus::Frozen, QStringLiteral("fraud check"));
    QVERIFY2(first.ok(), qPrintable(first.error().toString()));
    QCOMPARE(first->before, AccountStatus::Open);
    const qsizetype rows = rowsOf(t.store(), DocKind::Account, QStringLiteral("alice"));
    const auto again = asked(t.store()).setAccountStatus(QStringLiteral("alice"), AccountStatus::Frozen, QStringLiteral("fraud check"));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE(again->before, AccountStatus::Open); // what the first found, not "already frozen"
    QCOMPARE(again->after.account.account.status, AccountStatus::Frozen);
    QCOMPARE(rowsOf(t.store(), DocKind::Account, QStringLiteral("alice")), rows);
}

void TestRequestReplay::aResumeAskedAgainFinishesWhatTheFirstStarted()
{
    // The first asking's process died right after its claim (its first row, under the request):
    // the second takes it over and finishes it, the money moving once.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 100);
    QVERIFY(!id.isEmpty());
    const TxOutcome died = asked(t.store(), kAnn, kKey, abandonAfterHook(Step::HoldCredit)).repair(RepairAction::Resume, id, QString());
    QCOMPARE(died.error.code, ErrorCode::Interrupted);
    QCOMPARE(rowsOfRequest(t.store(), DocKind::Transaction, id, kKey) > 0, true);
    const TxOutcome again = asked(t.store()).repair(RepairAction::Resume, id, QString());
    QVERIFY2(again.ok(), qPrintable(again.error.toString()));
    QCOMPARE(again.tx->state, TxState::Done);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), qint64(900));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), qint64(1100));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    // And once more: answered, nothing written.
    const qsizetype rows = rowsOf(t.store(), DocKind::Transaction, id);
    QVERIFY(asked(t.store()).repair(RepairAction::Resume, id, QString()).ok());
    QCOMPARE(rowsOf(t.store(), DocKind::Transaction, id), rows);
}

void TestRequestReplay::aCancelAskedAgainFinishesItsVoids()
{
    // The first cancel's process died once the transaction was canceling (its voids to come): the
    // second finishes the voids — not "it is already being canceled".
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 100);
    QVERIFY(!id.isEmpty());
    const TxOutcome died = asked(t.store(), kAnn, kKey, abandonAfterHook(Step::Canceling)).repair(RepairAction::Cancel, id, QString());
    QCOMPARE(died.error.code, ErrorCode::Interrupted);
    QCOMPARE(t.store().transaction(id)->state, TxState::Canceling);
    const TxOutcome again = asked(t.store()).repair(RepairAction::Cancel, id, QString());
    QVERIFY2(again.ok(), qPrintable(again.error.toString()));
    QCOMPARE(again.tx->state, TxState::Canceled);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("alice")), qint64(1000));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestRequestReplay::theKeyOfAnotherRequestIsAConflict()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuckAfter(t.store(), Step::HoldDebit, 100);
    QVERIFY(!id.isEmpty());
    QVERIFY(asked(t.store()).remark(id, Remark::Note, QStringLiteral("first")).ok());
    const qsizetype rows = rowsOf(t.store(), DocKind::Transaction, id);
    // The note's key on a resume, and on a claim: refused, nothing written.
    const TxOutcome resume = asked(t.store()).repair(RepairAction::Resume, id, QString());
    QCOMPARE(resume.error.code, ErrorCode::KeyConflict);
    QCOMPARE(asked(t.store()).remark(id, Remark::Claim, QString()).code(), ErrorCode::KeyConflict);
    // Another name's key is not theirs to answer from.
    QCOMPARE(asked(t.store(), QStringLiteral("bo")).remark(id, Remark::Note, QStringLiteral("first")).code(), ErrorCode::KeyConflict);
    QCOMPARE(rowsOf(t.store(), DocKind::Transaction, id), rows);
    QCOMPARE(t.store().transaction(id)->state, TxState::Pending);
}

QTEST_GUILESS_MAIN(TestRequestReplay)
#include "tst_requestreplay.moc"
