// The rules of the single-document writes (store/documentrules.h) against values written out by
// hand: each hold, post and void over every kind of marker and account (funds that pass, fail and
// sit at the int64 edges, @world, frozen, closed, missing) answers, refuses with its code and its
// words, or writes exactly these deltas; each change of an account's status; each refused
// transaction change, a claim, and the journal rows. (tst_pgschema@pg checks that PostgreSQL's
// ledger_leg_write decides as these rules do; this is what pins the rules themselves.)
#include "ledger/identifiers.h"
#include "store/documentrules.h"

#include <QTest>
#include <limits>

using namespace ledger;

namespace {

constexpr qint64 kMax = std::numeric_limits<qint64>::max();
constexpr qint64 kMin = std::numeric_limits<qint64>::min();
constexpr qint64 kAmount = 100; // every leg below: 1.00 at scale 2

std::optional<Account> account(AccountStatus status, qint64 balance, qint64 pendingDebits = 0, qint64 pendingCredits = 0)
{
    Account a;
    a.status = status;
    a.balance = balance;
    a.pendingDebits = pendingDebits;
    a.pendingCredits = pendingCredits;
    return a;
}
std::optional<Account> open(qint64 balance, qint64 pendingDebits = 0, qint64 pendingCredits = 0)
{
    return account(AccountStatus::Open, balance, pendingDebits, pendingCredits);
}
const std::optional<Account> kMissing;

std::optional<LegMarker> marker(LegStatus status, LegSide side)
{
    LegMarker m;
    m.txId = QStringLiteral("tx-1");
    m.side = side;
    m.amount = kAmount;
    m.status = status;
    return m;
}
const std::optional<LegMarker> kNoMarker;

// What a leg write must decide: "write" with its deltas, "answer <status>", or a refusal's code
// word and message.
struct Want {
    QString decision;
    QString message;
    qint64 balance = 0, pendingDebits = 0, pendingCredits = 0;
};
Want writes(qint64 balance, qint64 pendingDebits, qint64 pendingCredits)
{
    return {QStringLiteral("write"), {}, balance, pendingDebits, pendingCredits};
}
Want answers(const char *status) { return {QStringLiteral("answer %1").arg(QLatin1String(status)), {}}; }
Want refuses(const char *code, const char *message) { return {QLatin1String(code), QString::fromUtf8(message)}; }

} // namespace

Q_DECLARE_METATYPE(std::optional<ledger::Account>)
Q_DECLARE_METATYPE(std::optional<ledger::LegMarker>)
Q_DECLARE_METATYPE(Want)

class TestDocumentRules : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void legWrites_data();
    void legWrites();
    void statusChanges_data();
    void statusChanges();
    void transactionChanges_data();
    void transactionChanges();
    void aClaimAndItsJournal();
    void unknownDocumentsInTheSameWords();
};

void TestDocumentRules::legWrites_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<LegSide>("side");
    QTest::addColumn<QString>("accountId");
    QTest::addColumn<std::optional<LegMarker>>("marker");
    QTest::addColumn<std::optional<Account>>("account");
    QTest::addColumn<Want>("want");
    const LegSide debit = LegSide::Debit;
    const LegSide credit = LegSide::Credit;
    const QString alice = QStringLiteral("alice");
    // clang-format off
    // hold: a marker there answers, whatever the account is now.
    QTest::newRow("hold debit, funds") << "hold" << debit << alice << kNoMarker << open(10'000) << writes(0, 100, 0);
    QTest::newRow("hold debit, exactly the funds") << "hold" << debit << alice << kNoMarker << open(150, 50) << writes(0, 100, 0);
    QTest::newRow("hold debit, a cent short") << "hold" << debit << alice << kNoMarker << open(149, 50)
        << refuses("insufficient-funds", "alice has 0.99 available (balance 1.49, 0.50 held for other transfers); this transfer needs 1.00");
    QTest::newRow("hold debit, nothing") << "hold" << debit << alice << kNoMarker << open(0)
        << refuses("insufficient-funds", "alice has 0.00 available (balance 0.00, 0.00 held for other transfers); this transfer needs 1.00");
    QTest::newRow("hold debit, @world below zero") << "hold" << debit << kWorldAccount << kNoMarker << open(-5'000) << writes(0, 100, 0);
    QTest::newRow("hold debit, @world at the int64 floor") << "hold" << debit << kWorldAccount << kNoMarker << open(kMin + 50)
        << refuses("amount-overflow", "holding 1.00 on @world would overflow its balance");
    QTest::newRow("hold debit, pending debits at the edge") << "hold" << debit << alice << kNoMarker << open(kMax, kMax - 10)
        << refuses("amount-overflow", "holding 1.00 on alice would overflow its balance");
    QTest::newRow("hold credit") << "hold" << credit << alice << kNoMarker << open(0) << writes(0, 0, 100);
    QTest::newRow("hold credit, room to the int64 edge") << "hold" << credit << alice << kNoMarker << open(kMax - 160, 0, 60) << writes(0, 0, 100);
    QTest::newRow("hold credit, past the int64 edge") << "hold" << credit << alice << kNoMarker << open(kMax - 159, 0, 60)
        << refuses("amount-overflow", "crediting 1.00 to alice would overflow its balance");
    QTest::newRow("hold, frozen") << "hold" << credit << alice << kNoMarker << account(AccountStatus::Frozen, 10'000)
        << refuses("account-frozen", "account alice is frozen");
    QTest::newRow("hold, closed") << "hold" << debit << alice << kNoMarker << account(AccountStatus::Closed, 0)
        << refuses("account-closed", "account alice is closed");
    QTest::newRow("hold, no account") << "hold" << debit << alice << kNoMarker << kMissing << refuses("unknown-account", "no account alice");
    QTest::newRow("hold, held already") << "hold" << debit << alice << marker(LegStatus::Held, debit) << open(0, 100) << answers("held");
    QTest::newRow("hold, a tombstone") << "hold" << debit << alice << marker(LegStatus::Voided, debit) << open(10'000) << answers("voided");
    QTest::newRow("hold, posted already, account frozen since") << "hold" << credit << alice << marker(LegStatus::Posted, credit)
        << account(AccountStatus::Frozen, 100) << answers("posted");
    // post: held → posted moves the amount from pending into the balance.
    QTest::newRow("post debit") << "post" << debit << alice << marker(LegStatus::Held, debit) << open(1'000, 100) << writes(-100, -100, 0);
    QTest::newRow("post credit") << "post" << credit << alice << marker(LegStatus::Held, credit) << open(1'000, 0, 100) << writes(100, 0, -100);
    QTest::newRow("post credit, frozen since the hold") << "post" << credit << alice << marker(LegStatus::Held, credit)
        << account(AccountStatus::Frozen, 0, 0, 100) << writes(100, 0, -100);
    QTest::newRow("post debit, @world below zero") << "post" << debit << kWorldAccount << marker(LegStatus::Held, debit) << open(-5'000, 100)
        << writes(-100, -100, 0);
    QTest::newRow("post, posted already") << "post" << debit << alice << marker(LegStatus::Posted, debit) << open(900) << answers("posted");
    QTest::newRow("post, never held") << "post" << debit << alice << kNoMarker << open(1'000)
        << refuses("protocol-violation", "post of tx-1 on alice: no leg marker there (the leg was never held)");
    QTest::newRow("post, voided") << "post" << credit << alice << marker(LegStatus::Voided, credit) << open(1'000)
        << refuses("protocol-violation", "post of tx-1 on alice: the leg was voided by a cancel");
    QTest::newRow("post, account gone") << "post" << debit << alice << marker(LegStatus::Held, debit) << kMissing
        << refuses("protocol-violation", "post of tx-1: account alice is gone");
    QTest::newRow("post credit, past the int64 edge") << "post" << credit << alice << marker(LegStatus::Held, credit) << open(kMax - 50, 0, 100)
        << refuses("amount-overflow", "posting tx-1 on alice would overflow its balance");
    QTest::newRow("post debit, past the int64 floor") << "post" << debit << kWorldAccount << marker(LegStatus::Held, debit) << open(kMin + 50, 100)
        << refuses("amount-overflow", "posting tx-1 on @world would overflow its balance");
    // void: releases what was held; where nothing was, a tombstone that moves nothing.
    QTest::newRow("void debit") << "void" << debit << alice << marker(LegStatus::Held, debit) << open(1'000, 100) << writes(0, -100, 0);
    QTest::newRow("void credit") << "void" << credit << alice << marker(LegStatus::Held, credit) << open(1'000, 0, 100) << writes(0, 0, -100);
    QTest::newRow("void, nothing held: a tombstone") << "void" << debit << alice << kNoMarker << open(1'000) << writes(0, 0, 0);
    QTest::newRow("void, no account: a tombstone") << "void" << credit << alice << kNoMarker << kMissing << writes(0, 0, 0);
    QTest::newRow("void, voided already") << "void" << debit << alice << marker(LegStatus::Voided, debit) << open(1'000) << answers("voided");
    QTest::newRow("void, posted") << "void" << credit << alice << marker(LegStatus::Posted, credit) << open(1'100)
        << refuses("protocol-violation", "void of tx-1 on alice: the leg is already posted");
    // clang-format on
}

void TestDocumentRules::legWrites()
{
    QFETCH(QString, op);
    QFETCH(LegSide, side);
    QFETCH(QString, accountId);
    QFETCH(std::optional<LegMarker>, marker);
    QFETCH(std::optional<Account>, account);
    QFETCH(Want, want);
    const QString tx = QStringLiteral("tx-1");
    std::optional<LegMarker> m = marker;
    if (m)
        m->accountId = accountId;
    std::optional<Account> a = account;
    if (a)
        a->id = accountId;
    const rules::LegDecision d = op == QLatin1String("hold") ? rules::hold(tx, accountId, m, a, side, kAmount, 2)
                               : op == QLatin1String("post") ? rules::post(tx, accountId, m, a)
                                                             : rules::voidLeg(tx, accountId, m);
    QString decision;
    QString message;
    if (d.writes())
        decision = QStringLiteral("write");
    else if (d.answer)
        decision = QStringLiteral("answer %1").arg(nameOf(d.answer->status));
    else
        decision = codeWord(d.refusal.code), message = d.refusal.message;
    QCOMPARE(decision, want.decision);
    QCOMPARE(message, want.message);
    if (d.answer)
        QVERIFY(!d.answer->changed); // an answer reports what is there: nothing changed
    if (!d.writes()) {
        // What the store returns without writing: the answer, or the refusal itself.
        const Result<LegOutcome> r = d.withoutWriting();
        QCOMPARE(r.ok(), bool(d.answer));
        if (!r.ok())
            QCOMPARE(r.error().message, want.message);
    }
    QCOMPARE(d.deltaBalance, want.balance);
    QCOMPARE(d.deltaPendingDebits, want.pendingDebits);
    QCOMPARE(d.deltaPendingCredits, want.pendingCredits);
}

void TestDocumentRules::statusChanges_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<std::optional<Account>>("account");
    QTest::addColumn<AccountStatus>("to");
    QTest::addColumn<QString>("decision"); // "unchanged", the event written, or the refusal's code word
    QTest::addColumn<QString>("message");
    const QString alice = QStringLiteral("alice");
    // clang-format off
    QTest::newRow("freeze") << alice << open(100) << AccountStatus::Frozen << "frozen" << "";
    QTest::newRow("unfreeze") << alice << account(AccountStatus::Frozen, 100) << AccountStatus::Open << "unfrozen" << "";
    QTest::newRow("close an empty account") << alice << open(0) << AccountStatus::Closed << "closed" << "";
    QTest::newRow("close a frozen empty one") << alice << account(AccountStatus::Frozen, 0) << AccountStatus::Closed << "closed" << "";
    QTest::newRow("freeze a frozen one") << alice << account(AccountStatus::Frozen, 100) << AccountStatus::Frozen << "unchanged" << "";
    QTest::newRow("close a closed one") << alice << account(AccountStatus::Closed, 0) << AccountStatus::Closed << "unchanged" << "";
    QTest::newRow("close with a balance") << alice << open(100) << AccountStatus::Closed << "account-not-empty"
        << "account alice has balance 1.00, 0.00 pending debits and 0.00 pending credits; only an empty account can be closed";
    QTest::newRow("close with holds") << alice << open(0, 250, 1) << AccountStatus::Closed << "account-not-empty"
        << "account alice has balance 0.00, 2.50 pending debits and 0.01 pending credits; only an empty account can be closed";
    QTest::newRow("reopen a closed one") << alice << account(AccountStatus::Closed, 0) << AccountStatus::Open << "account-closed"
        << "account alice is closed; closed accounts stay closed";
    QTest::newRow("freeze a closed one") << alice << account(AccountStatus::Closed, 0) << AccountStatus::Frozen << "account-closed"
        << "account alice is closed; closed accounts stay closed";
    QTest::newRow("freeze @world") << kWorldAccount << open(-100) << AccountStatus::Frozen << "system-account"
        << "@world is the system account; it cannot be frozen or closed";
    QTest::newRow("no account") << alice << kMissing << AccountStatus::Frozen << "unknown-account" << "no account alice";
    // clang-format on
}

void TestDocumentRules::statusChanges()
{
    QFETCH(QString, id);
    QFETCH(std::optional<Account>, account);
    QFETCH(AccountStatus, to);
    QFETCH(QString, decision);
    QFETCH(QString, message);
    if (account)
        account->id = id;
    const rules::StatusDecision d = rules::statusChange(id, account, to, 2);
    QCOMPARE(d.refusal.ok() ? (d.unchanged ? QStringLiteral("unchanged") : d.event) : codeWord(d.refusal.code), decision);
    QCOMPARE(d.refusal.message, message);
}

void TestDocumentRules::transactionChanges_data()
{
    QTest::addColumn<TxState>("from");
    QTest::addColumn<TxState>("to");
    QTest::addColumn<bool>("claim");
    QTest::addColumn<QString>("event");
    QTest::addColumn<QString>("refusal"); // "" when the change is allowed
    // clang-format off
    QTest::newRow("initial → pending") << TxState::Initial << TxState::Pending << true << "" << "";
    QTest::newRow("initial → canceled") << TxState::Initial << TxState::Canceled << false << "" << "";
    QTest::newRow("pending → applied") << TxState::Pending << TxState::Applied << false << "state" << "";
    QTest::newRow("pending → canceling") << TxState::Pending << TxState::Canceling << false << "refused" << "";
    QTest::newRow("applied → done") << TxState::Applied << TxState::Done << false << "state" << "";
    QTest::newRow("canceling → canceled") << TxState::Canceling << TxState::Canceled << false << "state" << "";
    QTest::newRow("a claim in place") << TxState::Applied << TxState::Applied << true << "" << "";
    QTest::newRow("a note in place") << TxState::Pending << TxState::Pending << false << "error" << "";
    QTest::newRow("pending → done") << TxState::Pending << TxState::Done << false << "state" << "refused transition pending → done of tx-1";
    QTest::newRow("applied → canceling") << TxState::Applied << TxState::Canceling << false << "" << "refused transition applied → canceling of tx-1";
    QTest::newRow("initial → applied") << TxState::Initial << TxState::Applied << true << "" << "refused transition initial → applied of tx-1";
    QTest::newRow("canceling → pending") << TxState::Canceling << TxState::Pending << false << "" << "refused transition canceling → pending of tx-1";
    QTest::newRow("done, claimed") << TxState::Done << TxState::Done << true << "" << "tx-1 is done; nothing may change a finished document";
    QTest::newRow("canceled → pending") << TxState::Canceled << TxState::Pending << true << "" << "tx-1 is canceled; nothing may change a finished document";
    QTest::newRow("nothing at all") << TxState::Pending << TxState::Pending << false << "" << "an update of tx-1 that changes nothing";
    // clang-format on
}

void TestDocumentRules::transactionChanges()
{
    QFETCH(TxState, from);
    QFETCH(TxState, to);
    QFETCH(bool, claim);
    QFETCH(QString, event);
    QFETCH(QString, refusal);
    Transaction t;
    t.id = QStringLiteral("tx-1");
    t.state = from;
    TxChange c;
    c.newState = to;
    c.claim = claim;
    c.event = event;
    const Error e = rules::txChangeRefusal(t, c);
    QCOMPARE(e.message, refusal);
    QCOMPARE(codeWord(e.code), refusal.isEmpty() ? QStringLiteral("ok") : QStringLiteral("internal"));
}

void TestDocumentRules::aClaimAndItsJournal()
{
    Transaction before;
    before.id = QStringLiteral("tx-7");
    before.state = TxState::Pending;
    before.owner = QStringLiteral("worker-a");
    before.epoch = 3;
    before.attempts = 2;
    before.lastError = QStringLiteral("store-busy: the store is busy");

    TxChange claim;
    claim.newState = TxState::Pending;
    claim.claim = true;
    claim.newOwner = QStringLiteral("recovery@h:1");
    claim.actor = QStringLiteral("recovery");
    claim.detail = QStringLiteral("lease over");
    Transaction after = rules::applied(before, claim);
    QCOMPARE(after.state, TxState::Pending);
    QCOMPARE(after.owner, QStringLiteral("recovery@h:1"));
    QCOMPARE(after.epoch, qint64(4));
    QCOMPARE(after.attempts, 3);
    QCOMPARE(after.lastError, QStringLiteral("store-busy: the store is busy")); // nullopt leaves it alone
    JournalEntry j = rules::journalOf(before, after, claim);
    QCOMPARE(j.docId, QStringLiteral("tx-7"));
    QCOMPARE(j.actor, QStringLiteral("recovery"));
    QCOMPARE(j.worker, QStringLiteral("recovery@h:1"));
    QCOMPARE(j.event, QStringLiteral("claimed"));
    QCOMPARE(j.fromState, QStringLiteral("pending"));
    QCOMPARE(j.toState, QStringLiteral("pending"));
    QCOMPARE(j.epoch, qint64(4));
    QCOMPARE(j.detail, QStringLiteral("lease over"));

    // A move without a claim: the owner and epoch stay, an empty lastError clears it, and the
    // journal's event is "state" unless one is given.
    TxChange move;
    move.newState = TxState::Applied;
    move.lastError = QString();
    move.actor = QStringLiteral("alice");
    const Transaction moved = rules::applied(after, move);
    QCOMPARE(moved.state, TxState::Applied);
    QCOMPARE(moved.owner, QStringLiteral("recovery@h:1"));
    QCOMPARE(moved.epoch, qint64(4));
    QCOMPARE(moved.attempts, 3);
    QCOMPARE(moved.lastError, QString());
    j = rules::journalOf(after, moved, move);
    QCOMPARE(j.event, QStringLiteral("state"));
    QCOMPARE(j.fromState, QStringLiteral("pending"));
    QCOMPARE(j.toState, QStringLiteral("applied"));
    move.event = QStringLiteral("refused");
    QCOMPARE(rules::journalOf(after, moved, move).event, QStringLiteral("refused"));

    // Linking an original to its compensation: the reason given, else the link's own words.
    before.state = TxState::Done;
    j = rules::linkJournal(before, QStringLiteral("tx-7.rev"), QStringLiteral("carol"), QStringLiteral("w"), QString());
    QCOMPARE(j.event, QStringLiteral("linked"));
    QCOMPARE(j.fromState, QStringLiteral("done"));
    QCOMPARE(j.toState, QStringLiteral("done"));
    QCOMPARE(j.epoch, qint64(3));
    QCOMPARE(j.detail, QStringLiteral("compensated by tx-7.rev"));
    QCOMPARE(
        rules::linkJournal(before, QStringLiteral("tx-7.rev"), QStringLiteral("carol"), QStringLiteral("w"), QStringLiteral("paid twice"))
            .detail,
        QStringLiteral("paid twice"));
}

void TestDocumentRules::unknownDocumentsInTheSameWords()
{
    QCOMPARE(codeWord(rules::unknownAccount(QStringLiteral("bob")).code), QStringLiteral("unknown-account"));
    QCOMPARE(rules::unknownAccount(QStringLiteral("bob")).message, QStringLiteral("no account bob"));
    QCOMPARE(codeWord(rules::unknownTransaction(QStringLiteral("tx-9")).code), QStringLiteral("not-found"));
    QCOMPARE(rules::unknownTransaction(QStringLiteral("tx-9")).message, QStringLiteral("no transaction tx-9"));

    // A new transaction: initial, its summary fields from its legs, and its "created" row.
    NewTransaction n;
    n.id = QStringLiteral("tx-2");
    n.idempotencyKey = QStringLiteral("k-2");
    n.legs = {{QStringLiteral("alice"), LegSide::Debit, 500}, {QStringLiteral("bob"), LegSide::Credit, 500}};
    n.memo = QStringLiteral("rent");
    n.actor = QStringLiteral("alice");
    n.worker = QStringLiteral("w-1");
    n.detail = QStringLiteral("transfer of 5.00 from alice to bob");
    const Transaction t = rules::newTransaction(n);
    QCOMPARE(t.state, TxState::Initial);
    QCOMPARE(t.source, QStringLiteral("alice"));
    QCOMPARE(t.destination, QStringLiteral("bob"));
    QCOMPARE(t.amount, qint64(500));
    QCOMPARE(t.idempotencyKey, QStringLiteral("k-2"));
    QCOMPARE(t.memo, QStringLiteral("rent"));
    const JournalEntry j = rules::createdJournal(n);
    QCOMPARE(j.event, QStringLiteral("created"));
    QCOMPARE(j.fromState, QString());
    QCOMPARE(j.toState, QStringLiteral("initial"));
    QCOMPARE(j.actor, QStringLiteral("alice"));
    QCOMPARE(j.worker, QStringLiteral("w-1"));
    QCOMPARE(j.detail, QStringLiteral("transfer of 5.00 from alice to bob"));
}

QTEST_GUILESS_MAIN(TestDocumentRules)
#include "tst_documentrules.moc"
