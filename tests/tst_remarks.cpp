// Several operators at once (ledger/remarks.h, operations/claims.h): the rule by which a claim
// stands, the one by which it holds off what moves money with no person deciding (a client's
// retry of its key; the recovery sweeper is tst_recoverysweeper's), and Store::addRemark on every store (files, shards; as @pg and @pgshards on
// PostgreSQL): one journal row, the document untouched, seen by another connection.
#include "ledger/identifiers.h"
#include "ledger/remarks.h"
#include "operations/claims.h"
#include "operations/repairplan.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

namespace {

// A journal row of transaction `tx`: "event by actor at minute m".
JournalEntry row(const QString &tx, const QString &event, const QString &actor, int minute, const QString &text = QString())
{
    JournalEntry j;
    j.docKind = DocKind::Transaction;
    j.docId = tx;
    j.event = event;
    j.actor = actor;
    j.at = QDateTime(QDate(2026, 11, 24), QTime(3, minute), Qt::UTC);
    j.detail = text;
    return j;
}
JournalEntry row(const QString &tx, Remark remark, const QString &actor, int minute, const QString &text = QString())
{
    return row(tx, eventOf(remark), actor, minute, text);
}

// A stuck transfer alice → bob, abandoned after it was claimed by a worker.
QString stuckTransfer(Store &store)
{
    CoordinatorOptions o;
    o.leaseMs = 0;
    o.hook = abandonAfterHook(Step::Claim);
    const TxOutcome r = Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()});
    if (r.error.code != ErrorCode::Interrupted || !r.tx)
        qFatal("setup: %s", qPrintable(r.error.toString()));
    return r.tx->id;
}

} // namespace

class TestRemarks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void standingClaim_data();
    void standingClaim();
    void unreleasedClaimsOfManyTransactions();
    void claimWarns_data();
    void claimWarns();
    void aClaimHoldsOffOnlyWhereAPersonChooses_data();
    void aClaimHoldsOffOnlyWhereAPersonChooses();
    void checkRemark_data();
    void checkRemark();
    void remarksAndTheirEvents();

    void addRemarkWritesOneRowAndLeavesTheDocument();
    void addRemarkRefusesAndWritesNothing();
    void claimsReadBackAndEndWithTheTransaction();
    void claimsOfMoreTransactionsThanAStatementBinds();
    void aClientRetryLeavesAClaimedTransferAlone();
    void repairPlanCarriesTheClaim();
};

void TestRemarks::standingClaim_data()
{
    QTest::addColumn<QList<JournalEntry>>("journal");
    QTest::addColumn<TxState>("state");
    QTest::addColumn<QString>("by"); // "" = no claim stands

    const QString tx = QStringLiteral("tx-1");
    const QString claim = eventOf(Remark::Claim);
    const QString release = eventOf(Remark::Release);
    QTest::newRow("none") << QList<JournalEntry>{row(tx, QStringLiteral("created"), QStringLiteral("op"), 0)} << TxState::Pending
                          << QString();
    QTest::newRow("claimed") << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1)} << TxState::Pending
                             << QStringLiteral("alice");
    QTest::newRow("released") << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1),
                                                     row(tx, release, QStringLiteral("alice"), 2)}
                              << TxState::Pending << QString();
    QTest::newRow("released by someone else") << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1),
                                                                     row(tx, release, QStringLiteral("bob"), 2)}
                                              << TxState::Applied << QString();
    QTest::newRow("taken over") << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1), row(tx, claim, QStringLiteral("bob"), 2)}
                                << TxState::Canceling << QStringLiteral("bob");
    QTest::newRow("claimed again after a release")
        << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1), row(tx, release, QStringLiteral("alice"), 2),
                               row(tx, claim, QStringLiteral("carol"), 3)}
        << TxState::Initial << QStringLiteral("carol");
    QTest::newRow("a note is not a claim") << QList<JournalEntry>{row(tx, Remark::Note, QStringLiteral("alice"), 1, QStringLiteral("hm"))}
                                           << TxState::Pending << QString();
    QTest::newRow("a worker's claimed is not an operator's")
        << QList<JournalEntry>{row(tx, QStringLiteral("claimed"), QStringLiteral("recovery"), 1)} << TxState::Pending << QString();
    QTest::newRow("finished: done") << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1)} << TxState::Done << QString();
    QTest::newRow("finished: canceled") << QList<JournalEntry>{row(tx, claim, QStringLiteral("alice"), 1)} << TxState::Canceled
                                        << QString();
    QTest::newRow("another transaction's rows")
        << QList<JournalEntry>{row(QStringLiteral("tx-2"), claim, QStringLiteral("alice"), 1)} << TxState::Pending << QString();
}

void TestRemarks::standingClaim()
{
    QFETCH(QList<JournalEntry>, journal);
    QFETCH(TxState, state);
    QFETCH(QString, by);
    Transaction tx;
    tx.id = QStringLiteral("tx-1");
    tx.state = state;
    const auto claim = ledger::standingClaim(tx, journal);
    QCOMPARE(claim.has_value(), !by.isEmpty());
    if (claim)
        QCOMPARE(claim->by, by);
}

void TestRemarks::unreleasedClaimsOfManyTransactions()
{
    const QList<JournalEntry> rows{row(QStringLiteral("tx-a"), Remark::Claim, QStringLiteral("alice"), 1, QStringLiteral("on it")),
                                   row(QStringLiteral("tx-b"), Remark::Claim, QStringLiteral("bob"), 2),
                                   row(QStringLiteral("tx-a"), Remark::Claim, QStringLiteral("carol"), 3),
                                   row(QStringLiteral("tx-b"), Remark::Release, QStringLiteral("bob"), 4),
                                   row(QStringLiteral("tx-c"), Remark::Release, QStringLiteral("dave"), 5)};
    const QHash<QString, OperatorClaim> claims = unreleasedClaims(rows);
    QCOMPARE(claims.size(), 1);
    QCOMPARE(claims.value(QStringLiteral("tx-a")).by, QStringLiteral("carol"));
    QCOMPARE(claims.value(QStringLiteral("tx-a")).at, rows.at(2).at);
    Transaction done;
    done.id = QStringLiteral("tx-a");
    done.state = TxState::Done;
    QVERIFY(!claimOn(done, claims)); // a finished transaction's claim has ended with it
    done.state = TxState::Applied;
    QCOMPARE(claimOn(done, claims)->by, QStringLiteral("carol"));
}

void TestRemarks::claimWarns_data()
{
    QTest::addColumn<QString>("by");
    QTest::addColumn<qint64>("ageMs");
    QTest::addColumn<bool>("warns");
    QTest::newRow("someone else, just now") << QStringLiteral("bob") << qint64(0) << true;
    QTest::newRow("someone else, within the shift") << QStringLiteral("bob") << kRecentClaimMs - 1 << true;
    QTest::newRow("someone else, stale") << QStringLiteral("bob") << kRecentClaimMs << false;
    QTest::newRow("myself") << QStringLiteral("alice") << qint64(0) << false;
}

void TestRemarks::claimWarns()
{
    QFETCH(QString, by);
    QFETCH(qint64, ageMs);
    QFETCH(bool, warns);
    const QDateTime now(QDate(2026, 11, 24), QTime(12, 0), Qt::UTC);
    const OperatorClaim claim{QStringLiteral("tx-1"), by, now.addMSecs(-ageMs), QString()};
    QCOMPARE(ledger::claimWarns(claim, QStringLiteral("alice"), now), warns);
    QVERIFY(!ledger::claimWarns(std::nullopt, QStringLiteral("alice"), now));
}

void TestRemarks::aClaimHoldsOffOnlyWhereAPersonChooses_data()
{
    QTest::addColumn<TxState>("state");
    QTest::addColumn<qint64>("ageMs");
    QTest::addColumn<bool>("holdsOff");
    const qint64 hour = 3'600'000;
    QTest::newRow("initial, just claimed") << TxState::Initial << qint64(0) << true;
    QTest::newRow("pending, 3h59m") << TxState::Pending << 4 * hour - 60'000 << true;
    QTest::newRow("pending, 4h: stale") << TxState::Pending << 4 * hour << false;
    QTest::newRow("applied: can only be finished") << TxState::Applied << qint64(0) << false;
    QTest::newRow("canceling: can only be finished") << TxState::Canceling << qint64(0) << false;
}

void TestRemarks::aClaimHoldsOffOnlyWhereAPersonChooses()
{
    QFETCH(TxState, state);
    QFETCH(qint64, ageMs);
    QFETCH(bool, holdsOff);
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(1'800'000'000'000, Qt::UTC);
    Transaction tx;
    tx.id = QStringLiteral("tx-1");
    tx.state = state;
    OperatorClaim claim;
    claim.txId = tx.id;
    claim.by = QStringLiteral("ann");
    claim.at = now.addMSecs(-ageMs);
    QCOMPARE(claimHoldsOff(tx, claim, now), holdsOff);
}

void TestRemarks::checkRemark_data()
{
    QTest::addColumn<Remark>("remark");
    QTest::addColumn<QString>("text");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("claim without words") << Remark::Claim << QString() << ErrorCode::None;
    QTest::newRow("release with words") << Remark::Release << QStringLiteral("handed to the bank") << ErrorCode::None;
    QTest::newRow("note") << Remark::Note << QStringLiteral("bank says retry at 4") << ErrorCode::None;
    QTest::newRow("empty note") << Remark::Note << QStringLiteral("  ") << ErrorCode::InvalidText;
    QTest::newRow("note too long") << Remark::Note << QString(kMaxReasonLength + 1, QLatin1Char('x')) << ErrorCode::InvalidText;
    QTest::newRow("control character") << Remark::Claim << QStringLiteral("a\x01b") << ErrorCode::InvalidText;
}

void TestRemarks::checkRemark()
{
    QFETCH(Remark, remark);
    QFETCH(QString, text);
    QFETCH(ErrorCode, code);
    QCOMPARE(ledger::checkRemark(remark, text).code, code);
}

void TestRemarks::remarksAndTheirEvents()
{
    // The journal keeps remarks as events; only these three words are remarks (a worker's
    // "claimed" is not an operator's claim).
    for (Remark r : {Remark::Claim, Remark::Release, Remark::Note})
        QCOMPARE(remarkOf(eventOf(r)), std::optional<Remark>(r));
    QCOMPARE(eventOf(Remark::Claim), QStringLiteral("operator-claim"));
    QCOMPARE(eventOf(Remark::Release), QStringLiteral("operator-release"));
    QCOMPARE(eventOf(Remark::Note), QStringLiteral("note"));
    QVERIFY(!remarkOf(u"claimed"));
    QVERIFY(!remarkOf(u"cancel"));
    QVERIFY(!isRemarkEvent(u"created"));
    QCOMPARE(remarkEvents().size(), 3);
}

void TestRemarks::addRemarkWritesOneRowAndLeavesTheDocument()
{
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    const QString id = stuckTransfer(store);
    const Transaction before = *store.transaction(id);
    const int rowsBefore = int(store.journal(DocKind::Transaction, id)->size());
    std::unique_ptr<Store> other = ts.openAnother();
    const qint64 marker = *other->changeMarker();

    auto written = store.addRemark(id, Remark::Claim, QStringLiteral("alice"), QStringLiteral("looking at the bank's reply"));
    QVERIFY2(written.ok(), qPrintable(written.error().toString()));
    QCOMPARE(written->docId, id);
    QCOMPARE(written->event, eventOf(Remark::Claim));
    QCOMPARE(written->actor, QStringLiteral("alice"));
    QCOMPARE(written->detail, QStringLiteral("looking at the bank's reply"));
    QCOMPARE(written->toState, nameOf(before.state));
    QCOMPARE(written->epoch, before.epoch);
    QVERIFY(written->at.isValid());

    // The document is as it was: no coordinator's compare-and-set is disturbed.
    const Transaction after = *store.transaction(id);
    QCOMPARE(after.state, before.state);
    QCOMPARE(after.owner, before.owner);
    QCOMPARE(after.epoch, before.epoch);
    QCOMPARE(after.lastModified, before.lastModified);
    const QList<JournalEntry> journal = *other->journal(DocKind::Transaction, id);
    QCOMPARE(journal.size(), rowsBefore + 1);
    QCOMPARE(journal.last().event, eventOf(Remark::Claim));
    // Another connection (another console) sees that something changed.
    QVERIFY(QTest::qWaitFor([&] { return *other->changeMarker() != marker; }, 5'000));

    // And the coordinator finishes it as if nothing had been written.
    const TxOutcome resumed = Coordinator(*other).resume(id, QStringLiteral("test"));
    QVERIFY2(resumed.ok(), qPrintable(resumed.error.toString()));
    QCOMPARE(resumed.tx->state, TxState::Done);
    LEDGER_VERIFY_AUDIT_CLEAN(store);
}

void TestRemarks::addRemarkRefusesAndWritesNothing()
{
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    const QString id = stuckTransfer(store);
    const int rows = int(*store.journalCount({}));
    QCOMPARE(
        store.addRemark(QStringLiteral("tx-01M85QG7Q80FDM70C7ZMVYZE9Y"), Remark::Note, QStringLiteral("alice"), QStringLiteral("x")).code(),
        ErrorCode::NotFound);
    QCOMPARE(store.addRemark(id, Remark::Note, QStringLiteral("alice"), QString()).code(), ErrorCode::InvalidText);
    // What makes no sense to the operations: a finished one, a release of nothing.
    QCOMPARE(addRemarkOn(store, id, Remark::Release, QStringLiteral("alice"), QString()).code(), ErrorCode::InvalidState);
    const TxOutcome done = Coordinator(store).resume(id, QStringLiteral("test"));
    QVERIFY(done.ok());
    const int afterResume = int(*store.journalCount({}));
    QCOMPARE(addRemarkOn(store, id, Remark::Claim, QStringLiteral("alice"), QString()).code(), ErrorCode::InvalidState);
    QCOMPARE(int(*store.journalCount({})), afterResume);
    QVERIFY(afterResume > rows);
    // A note on a finished one is fine: what was learned stays with it.
    QVERIFY(addRemarkOn(store, id, Remark::Note, QStringLiteral("alice"), QStringLiteral("the bank confirmed")).ok());
}

void TestRemarks::claimsReadBackAndEndWithTheTransaction()
{
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    const QString first = stuckTransfer(store);
    const QString second = stuckTransfer(store);
    QVERIFY(addRemarkOn(store, first, Remark::Claim, QStringLiteral("alice"), QString()).ok());
    QVERIFY(addRemarkOn(store, second, Remark::Claim, QStringLiteral("alice"), QString()).ok());
    auto taken = addRemarkOn(store, second, Remark::Claim, QStringLiteral("bob"), QStringLiteral("mine now"));
    QVERIFY(taken.ok());
    QCOMPARE(taken->before->by, QStringLiteral("alice"));

    // Read for the two (the first named twice: its claim once).
    const QList<Transaction> both{*store.transaction(first), *store.transaction(second), *store.transaction(first)};
    QHash<QString, OperatorClaim> claims = *readClaimsOn(store, both);
    QCOMPARE(claims.size(), 2);
    QCOMPARE(claims.value(first).by, QStringLiteral("alice"));
    QCOMPARE(claims.value(second).by, QStringLiteral("bob"));
    QCOMPARE(claims.value(second).text, QStringLiteral("mine now"));

    auto released = addRemarkOn(store, first, Remark::Release, QStringLiteral("carol"), QString());
    QVERIFY(released.ok());
    QCOMPARE(released->before->by, QStringLiteral("alice"));
    claims = *readClaimsOn(store, {*store.transaction(first), *store.transaction(second)});
    QVERIFY(!claims.contains(first));
    // A repair that finishes it ends the claim without a row of its own.
    QVERIFY(Coordinator(store).resume(second, QStringLiteral("test")).ok());
    QVERIFY(!claimOn(*store.transaction(second), *readClaimsOn(store, {*store.transaction(second)})));
}

void TestRemarks::claimsOfMoreTransactionsThanAStatementBinds()
{
    // A sweep over a backlog asks for the claims of every stuck transaction at once: more ids than
    // SQLite (32,766) or PostgreSQL (65,535) binds in one statement.
    if (onDynamo())
        QSKIP("DynamoDB reads the claims an item per transaction: 70,000 reads of dynalite prove nothing more");
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    const QString early = stuckTransfer(store);
    const QString late = stuckTransfer(store);
    QVERIFY(addRemarkOn(store, early, Remark::Claim, QStringLiteral("alice"), QString()).ok());
    QVERIFY(addRemarkOn(store, late, Remark::Claim, QStringLiteral("bob"), QString()).ok());
    QList<Transaction> many;
    many.reserve(70'002);
    many << *store.transaction(early);
    for (int i = 0; i < 70'000; ++i) {
        Transaction absent; // ids nobody wrote: no rows, but each one asked for
        absent.id = QStringLiteral("tx-absent-%1").arg(i);
        absent.state = TxState::Pending;
        many << absent;
    }
    many << *store.transaction(late);
    auto claims = readClaimsOn(store, many);
    QVERIFY2(claims.ok(), qPrintable(claims.error().toString()));
    QCOMPARE(claims->size(), 2);
    QCOMPARE(claims->value(early).by, QStringLiteral("alice"));
    QCOMPARE(claims->value(late).by, QStringLiteral("bob"));
}

void TestRemarks::aClientRetryLeavesAClaimedTransferAlone()
{
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    // Two keyed transfers whose client died (lease over): one still pending, one past its commit point.
    const auto leftBy = [&](const QString &key, Step step) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(step);
        const TransferRequest r{QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), key};
        const TxOutcome left = Coordinator(store, o).transfer(r);
        if (left.error.code != ErrorCode::Interrupted || !left.tx)
            qFatal("setup: %s", qPrintable(left.error.toString()));
        return r;
    };
    const TransferRequest pending = leftBy(QStringLiteral("order-1"), Step::HoldDebit);
    const TransferRequest applied = leftBy(QStringLiteral("order-2"), Step::Applied);
    // Never claimed by a worker (died right after its insert) and older than a lease; and one
    // claimed 5 hours ago, a stale claim.
    const TransferRequest initial = leftBy(QStringLiteral("order-3"), Step::Insert);
    const TransferRequest stale = leftBy(QStringLiteral("order-4"), Step::HoldDebit);
    const QString initialId = store.transactionByKey(initial.idempotencyKey)->value().id;
    const QString staleId = store.transactionByKey(stale.idempotencyKey)->value().id;
    QCOMPARE(store.transaction(initialId)->state, TxState::Initial);
    QVERIFY(addRemarkOn(store, initialId, Remark::Claim, QStringLiteral("bo"), QString()).ok());
    QVERIFY(addRemarkOn(store, staleId, Remark::Claim, QStringLiteral("cy"), QString()).ok());
    QVERIFY(extrasOf(store).backdateForDemo(DocKind::Transaction, initialId, 60'000).ok());
    QVERIFY(extrasOf(store).backdateForDemo(DocKind::Transaction, staleId, kRecentClaimMs + 3'600'000).ok());
    const QString pendingId = store.transactionByKey(pending.idempotencyKey)->value().id;
    QVERIFY(addRemarkOn(store, pendingId, Remark::Claim, QStringLiteral("ann"), QStringLiteral("asking the bank")).ok());
    QVERIFY(addRemarkOn(store, store.transactionByKey(applied.idempotencyKey)->value().id, Remark::Claim, QStringLiteral("ann"), QString())
                .ok());
    QTest::qWait(5);
    CoordinatorOptions client;
    client.beforeTakingOver = claimsHoldOffRetries(store);
    const qint64 rows = store.journal(DocKind::Transaction, pendingId)->size();

    // Resume or cancel is ann's to choose: the retry is answered with it as it stands.
    const TxOutcome heldOff = Coordinator(store, client).transfer(pending);
    QVERIFY2(heldOff.ok(), qPrintable(heldOff.error.toString()));
    QVERIFY(heldOff.existing);
    QCOMPARE(heldOff.tx->state, TxState::Pending);
    QVERIFY2(heldOff.note.contains(QStringLiteral("claimed by ann")), qPrintable(heldOff.note));
    QCOMPARE(store.journal(DocKind::Transaction, pendingId)->size(), rows); // not touched
    const TxOutcome initialHeld = Coordinator(store, client).transfer(initial);
    QVERIFY2(initialHeld.ok(), qPrintable(initialHeld.error.toString()));
    QCOMPARE(initialHeld.tx->state, TxState::Initial);
    QVERIFY2(initialHeld.note.contains(QStringLiteral("claimed by bo")), qPrintable(initialHeld.note));
    // Past its commit point there is nothing to choose, and a stale claim holds nobody off: the
    // retries finish them.
    const TxOutcome finished = Coordinator(store, client).transfer(applied);
    QVERIFY2(finished.ok(), qPrintable(finished.error.toString()));
    QCOMPARE(finished.tx->state, TxState::Done);
    const TxOutcome staleTaken = Coordinator(store, client).transfer(stale);
    QVERIFY2(staleTaken.ok(), qPrintable(staleTaken.error.toString()));
    QCOMPARE(staleTaken.tx->state, TxState::Done);
    // Released: the next retry takes it over and finishes it.
    QVERIFY(addRemarkOn(store, pendingId, Remark::Release, QStringLiteral("ann"), QString()).ok());
    const TxOutcome after = Coordinator(store, client).transfer(pending);
    QVERIFY2(after.ok(), qPrintable(after.error.toString()));
    QCOMPARE(after.tx->state, TxState::Done);
    QCOMPARE(balanceOf(store, QStringLiteral("bob")), qint64(10'300));
    LEDGER_VERIFY_AUDIT_CLEAN(store);
}

void TestRemarks::repairPlanCarriesTheClaim()
{
    TempStore ts;
    Store &store = ts.store();
    openAccounts(store, {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    const QString claimed = stuckTransfer(store);
    const QString free = stuckTransfer(store);
    QVERIFY(addRemarkOn(store, claimed, Remark::Claim, QStringLiteral("bob"), QStringLiteral("talking to the bank")).ok());
    const RepairPlan plan = planRepair(store, OperatorAction::Resume, {claimed, free});
    QVERIFY(plan.error.ok());
    QCOMPARE(plan.items.size(), 2);
    QCOMPARE(plan.items.at(0).claim->by, QStringLiteral("bob"));
    QVERIFY(!plan.items.at(1).claim);
    QCOMPARE(plan.claimsByOthers(QStringLiteral("alice")).size(), 1);
    QCOMPARE(plan.claimsByOthers(QStringLiteral("alice")).first().txId, claimed);
    QVERIFY(plan.claimsByOthers(QStringLiteral("bob")).isEmpty());
}

QTEST_GUILESS_MAIN(TestRemarks)
#include "tst_remarks.moc"
