// Four eyes, the store's side (store/approvalbook.h): approval requests kept by every SQL store —
// a file and three shard files here, PostgreSQL and three PostgreSQL shards as @pg and @pgshards.
// Each move is a compare-and-set on the request's version written with its journal row on the
// request's document (a transaction's, an account's), or nothing at all; listings run newest
// first, by state, by key pages. On PostgreSQL a move whose commit went unanswered is resolved by
// its write token, never written twice; an SQLite file of schema 6 gains the table when opened.
#include "ledger/approvals.h"
#include "ledger/identifiers.h"
#include "store/postgres/pgfaulthook.h"
#include "store/sqlite/sqliteconnection.h"
#include "store/sqlite/sqlitestore.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::ApprovalState)

namespace {

const QDateTime kNoon(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

// A request on `docKind`/`docId`, made (version 1, pending) at noon + `seconds`, with every field
// of its body set.
ApprovalRequest request(const QString &key, DocKind docKind, const QString &docId, int seconds = 0)
{
    ApprovalRequest r;
    r.id = approvalIdFor(QStringLiteral("alice"), key);
    r.version = 1;
    r.state = ApprovalState::Pending;
    r.action = docKind == DocKind::Transaction ? ApprovalAction::Compensate : ApprovalAction::Transfer;
    r.docKind = docKind;
    r.docId = docId;
    if (docKind == DocKind::Account)
        r.transfer = QStringLiteral(R"({"source":"%1","destination":"bob","amount":"298585963"})").arg(docId);
    r.amount = 298'585'963;
    r.reason = QStringLiteral("the bank returned it — 退回");
    r.preview = QStringLiteral(R"({"state":"pending"})");
    r.requestedBy = QStringLiteral("alice");
    r.requestedAt = kNoon.addSecs(seconds);
    r.expiresAt = r.requestedAt.addSecs(3600);
    return r;
}

// `r` moved to `state` by `by` (its next version).
ApprovalRequest moved(ApprovalRequest r, ApprovalState state, const QString &by = QStringLiteral("bob"))
{
    r.version += 1;
    r.state = state;
    r.decidedBy = by;
    r.decidedAt = r.requestedAt.addSecs(60);
    r.decision = QStringLiteral("checked with the bank");
    return r;
}

JournalEntry rowOf(const ApprovalRequest &r, const QString &actor, const QString &text, const QString &requestKey = {})
{
    JournalEntry j;
    j.actor = actor;
    j.event = approvalEventOf(r.state);
    j.detail = approvalRowDetail(r.id, text);
    j.request = requestKey;
    return j;
}

ApprovalWrite makeOf(const ApprovalRequest &r) { return ApprovalWrite{r, 0, rowOf(r, r.requestedBy, r.reason)}; }

ApprovalWrite moveOf(const ApprovalRequest &to, qint64 expectedVersion)
{
    return ApprovalWrite{to, expectedVersion, rowOf(to, to.decidedBy, to.decision, QStringLiteral("key-") + QString::number(to.version))};
}

// Every field that is the document's (not the write token), as text to compare.
QString describe(const ApprovalRequest &r)
{
    return QStringList{r.id,
                       QString::number(r.version),
                       nameOf(r.state),
                       nameOf(r.action),
                       nameOf(r.docKind),
                       r.docId,
                       r.transfer,
                       QString::number(r.amount),
                       r.reason,
                       r.preview,
                       r.requestedBy,
                       formatTimestamp(r.requestedAt),
                       formatTimestamp(r.expiresAt),
                       r.decidedBy,
                       formatTimestamp(r.decidedAt),
                       r.decision,
                       r.outcome}
        .join(QLatin1Char('|'));
}

QStringList idsOf(const QList<ApprovalRequest> &list)
{
    QStringList ids;
    for (const ApprovalRequest &r : list)
        ids << r.id;
    return ids;
}

// The journal rows of the document whose event is an approval's.
QList<JournalEntry> approvalRows(Store &store, DocKind kind, const QString &docId)
{
    auto rows = store.journal(kind, docId);
    if (!rows.ok())
        qFatal("journal: %s", qPrintable(rows.error().toString()));
    QList<JournalEntry> mine;
    for (const JournalEntry &j : std::as_const(*rows))
        if (approvalEvents().contains(j.event))
            mine << j;
    return mine;
}

// The store of the current row's layout ("one store": a file, or the test's PostgreSQL store;
// "three shards": files, or databases).
std::unique_ptr<TempStore> storeOfLayout()
{
    QFETCH(bool, sharded);
    return sharded ? std::make_unique<TempStore>(TempStore::Sharded{3}) : std::make_unique<TempStore>();
}

void addLayouts()
{
    QTest::addColumn<bool>("sharded");
    QTest::newRow("one store") << false;
    QTest::newRow("three shards") << true;
}

// A transaction of the store (the opening transfer of a funded account).
QString someTransaction(Store &store, const QString &account)
{
    openAccounts(store, {account}, 1000);
    auto tx = store.transactionByKey(QStringLiteral("opening:") + account);
    if (!tx.ok() || !tx->has_value())
        qFatal("no opening transfer of %s", qPrintable(account));
    return (*tx)->id;
}

} // namespace

class TestApprovalBook : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup();

    void makeReadsBackEveryField_data() { addLayouts(); }
    void makeReadsBackEveryField();
    void makingTwiceKeepsTheFirst_data() { addLayouts(); }
    void makingTwiceKeepsTheFirst();
    void aMoveWritesItsJournalRow_data();
    void aMoveWritesItsJournalRow();
    void aStaleMoveWritesNothing_data();
    void aStaleMoveWritesNothing();
    void twoMovesFromOneVersionOneWins_data() { addLayouts(); }
    void twoMovesFromOneVersionOneWins();
    void listsNewestFirstByStateAndByPages_data() { addLayouts(); }
    void listsNewestFirstByStateAndByPages();
    void refusesBadInput_data();
    void refusesBadInput();
    void aSchema6FileGainsTheTable();
    void anUnansweredCommitIsWrittenOnce_data();
    void anUnansweredCommitIsWrittenOnce();
};

void TestApprovalBook::cleanup() { pgfaults::setFaultHook({}); }

void TestApprovalBook::makeReadsBackEveryField()
{
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook *book = store.approvalBook();
    QVERIFY(book);
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);

    auto made = book->writeApproval(makeOf(r));
    QVERIFY2(made.ok(), qPrintable(made.error().toString()));
    QVERIFY(made->applied);
    QCOMPARE(describe(made->current), describe(r));
    // Read back by another connection: every field of the body, the columns.
    std::unique_ptr<Store> other = ts->openAnother();
    auto read = other->approvalBook()->approval(r.id);
    QVERIFY2(read.ok(), qPrintable(read.error().toString()));
    QVERIFY(read->has_value());
    QCOMPARE(describe(**read), describe(r));
    auto none = other->approvalBook()->approval(approvalIdFor(QStringLiteral("alice"), QStringLiteral("never")));
    QVERIFY(none.ok() && !none->has_value());

    // Its journal row, on the transaction: who asked, "" → pending, epoch 1.
    const QList<JournalEntry> rows = approvalRows(*other, DocKind::Transaction, tx);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows[0].event, QStringLiteral("approval-request"));
    QCOMPARE(rows[0].actor, QStringLiteral("alice"));
    QCOMPARE(rows[0].fromState, QString());
    QCOMPARE(rows[0].toState, QStringLiteral("approval:pending"));
    QCOMPARE(rows[0].epoch, qint64(1));
    QCOMPARE(rows[0].detail, approvalRowDetail(r.id, r.reason));
    QCOMPARE(rows[0].docKind, DocKind::Transaction);
    QCOMPARE(*other->approvalBook()->approvalCount(ApprovalState::Pending), qint64(1));

    // On an account: its journal ("@world" exists on one shard only; a created account).
    for (const QString &account : {QString(kWorldAccount), QStringLiteral("carol")}) {
        const ApprovalRequest a = request(QStringLiteral("on ") + account, DocKind::Account, account);
        auto onAccount = book->writeApproval(makeOf(a));
        QVERIFY2(onAccount.ok() && onAccount->applied, qPrintable(account));
        const QList<JournalEntry> accountRows = approvalRows(store, DocKind::Account, account);
        QCOMPARE(accountRows.size(), 1);
        QCOMPARE(accountRows[0].detail, approvalRowDetail(a.id, a.reason));
        QCOMPARE(accountRows[0].docKind, DocKind::Account);
        QCOMPARE(describe(**book->approval(a.id)), describe(a));
    }
    QCOMPARE(approvalRows(store, DocKind::Transaction, tx).size(), 1); // not on the transaction
}

void TestApprovalBook::makingTwiceKeepsTheFirst()
{
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook &book = *store.approvalBook();
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest first = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    QVERIFY(book.writeApproval(makeOf(first))->applied);

    ApprovalRequest second = first;
    second.reason = QStringLiteral("another reason");
    auto again = book.writeApproval(makeOf(second));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QVERIFY(!again->applied);
    QCOMPARE(describe(again->current), describe(first));
    QCOMPARE(describe(**book.approval(first.id)), describe(first));
    QCOMPARE(approvalRows(store, DocKind::Transaction, tx).size(), 1);
}

void TestApprovalBook::aMoveWritesItsJournalRow_data()
{
    QTest::addColumn<bool>("sharded");
    QTest::addColumn<ApprovalState>("to");
    QTest::addColumn<QString>("event");
    for (const bool sharded : {false, true}) {
        const char *layout = sharded ? "three shards" : "one store";
        QTest::addRow("%s: approve", layout) << sharded << ApprovalState::Approved << QStringLiteral("approval-approve");
        QTest::addRow("%s: reject", layout) << sharded << ApprovalState::Rejected << QStringLiteral("approval-reject");
        QTest::addRow("%s: expire", layout) << sharded << ApprovalState::Expired << QStringLiteral("approval-expire");
    }
}

void TestApprovalBook::aMoveWritesItsJournalRow()
{
    QFETCH(ApprovalState, to);
    QFETCH(QString, event);
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook &book = *store.approvalBook();
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    QVERIFY(book.writeApproval(makeOf(r))->applied);

    const ApprovalRequest next = moved(r, to);
    auto done = book.writeApproval(moveOf(next, 1));
    QVERIFY2(done.ok(), qPrintable(done.error().toString()));
    QVERIFY(done->applied);
    QCOMPARE(done->current.version, qint64(2));
    QCOMPARE(describe(done->current), describe(next));
    std::unique_ptr<Store> other = ts->openAnother();
    QCOMPARE(describe(**other->approvalBook()->approval(r.id)), describe(next));

    const QList<JournalEntry> rows = approvalRows(*other, DocKind::Transaction, tx);
    QCOMPARE(rows.size(), 2);
    const JournalEntry &j = rows[1];
    QCOMPARE(j.event, event);
    QCOMPARE(j.actor, QStringLiteral("bob"));
    QCOMPARE(j.detail, approvalRowDetail(r.id, next.decision));
    QCOMPARE(j.request, QStringLiteral("key-2"));
    QCOMPARE(j.fromState, QStringLiteral("approval:pending"));
    QCOMPARE(j.toState, kApprovalStatePrefix + nameOf(to));
    QCOMPARE(j.epoch, qint64(2));
    QCOMPARE(*other->approvalBook()->approvalCount(ApprovalState::Pending), qint64(0));
    QCOMPARE(*other->approvalBook()->approvalCount(to), qint64(1));
}

void TestApprovalBook::aStaleMoveWritesNothing_data()
{
    QTest::addColumn<bool>("sharded");
    QTest::addColumn<qint64>("expectedVersion");
    for (const bool sharded : {false, true}) {
        const char *layout = sharded ? "three shards" : "one store";
        QTest::addRow("%s: from version 2, at 3", layout) << sharded << qint64(2);
        QTest::addRow("%s: from version 4, at 3", layout) << sharded << qint64(4);
    }
}

void TestApprovalBook::aStaleMoveWritesNothing()
{
    // At version 3 (made, approved, done); a move from another version is refused, nothing written.
    QFETCH(qint64, expectedVersion);
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook &book = *store.approvalBook();
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    const ApprovalRequest approved = moved(r, ApprovalState::Approved);
    ApprovalRequest done = moved(approved, ApprovalState::Done);
    done.outcome = QStringLiteral(R"({"state":"done"})");
    QVERIFY(book.writeApproval(makeOf(r))->applied);
    QVERIFY(book.writeApproval(moveOf(approved, 1))->applied);
    QVERIFY(book.writeApproval(moveOf(done, 2))->applied);
    const int rowsBefore = int(approvalRows(store, DocKind::Transaction, tx).size());
    QCOMPARE(rowsBefore, 3);

    ApprovalRequest stale = done;
    stale.version = expectedVersion + 1;
    stale.state = ApprovalState::Failed;
    stale.outcome = QStringLiteral("overwritten");
    auto refused = book.writeApproval(moveOf(stale, expectedVersion));
    QVERIFY2(refused.ok(), qPrintable(refused.error().toString()));
    QVERIFY(!refused->applied);
    QCOMPARE(describe(refused->current), describe(done));
    QCOMPARE(describe(**book.approval(r.id)), describe(done));
    QCOMPARE(approvalRows(store, DocKind::Transaction, tx).size(), rowsBefore);
    QCOMPARE(*book.approvalCount(ApprovalState::Failed), qint64(0));
}

void TestApprovalBook::twoMovesFromOneVersionOneWins()
{
    // Two deciders read version 1; the first to write wins, the second is told how it stands.
    auto ts = storeOfLayout();
    Store &store = ts->store();
    std::unique_ptr<Store> other = ts->openAnother();
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    QVERIFY(store.approvalBook()->writeApproval(makeOf(r))->applied);

    const ApprovalRequest approve = moved(r, ApprovalState::Approved, QStringLiteral("bob"));
    const ApprovalRequest reject = moved(r, ApprovalState::Rejected, QStringLiteral("dave"));
    auto first = store.approvalBook()->writeApproval(moveOf(approve, 1));
    auto second = other->approvalBook()->writeApproval(moveOf(reject, 1));
    QVERIFY(first.ok() && second.ok());
    QVERIFY(first->applied);
    QVERIFY(!second->applied);
    QCOMPARE(describe(second->current), describe(approve));
    const QList<JournalEntry> rows = approvalRows(store, DocKind::Transaction, tx);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].event, QStringLiteral("approval-approve"));
    QCOMPARE(rows[1].actor, QStringLiteral("bob"));
}

void TestApprovalBook::listsNewestFirstByStateAndByPages()
{
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook &book = *store.approvalBook();
    // Requests on six accounts (spread over the shards), at noon + 0..4 s; two at the same
    // second, which their ids order.
    const QStringList accounts{QStringLiteral("a0"), QStringLiteral("a1"), QStringLiteral("a2"),
                               QStringLiteral("a3"), QStringLiteral("a4"), QStringLiteral("a5")};
    QList<ApprovalRequest> made;
    for (int i = 0; i < accounts.size(); ++i) {
        const ApprovalRequest r = request(QStringLiteral("list ") + accounts[i], DocKind::Account, accounts[i], qMin(i, 4));
        QVERIFY(book.writeApproval(makeOf(r))->applied);
        made << r;
    }
    // a1 approved, a3 rejected: the rest pending.
    QVERIFY(book.writeApproval(moveOf(moved(made[1], ApprovalState::Approved), 1))->applied);
    QVERIFY(book.writeApproval(moveOf(moved(made[3], ApprovalState::Rejected), 1))->applied);
    QList<ApprovalRequest> newestFirst = made;
    std::sort(newestFirst.begin(), newestFirst.end(), [](const ApprovalRequest &a, const ApprovalRequest &b) {
        if (a.requestedAt != b.requestedAt)
            return a.requestedAt > b.requestedAt;
        return a.id.toLatin1() > b.id.toLatin1();
    });
    QCOMPARE(newestFirst.first().requestedAt, newestFirst.at(1).requestedAt); // the tie is at the top

    auto all = book.approvals({});
    QVERIFY2(all.ok(), qPrintable(all.error().toString()));
    QCOMPARE(idsOf(*all), idsOf(newestFirst));
    QCOMPARE(all->at(idsOf(*all).indexOf(made[1].id)).state, ApprovalState::Approved);

    // By states.
    const auto ofStates = [&newestFirst](const QList<ApprovalState> &states) {
        QStringList ids;
        for (const ApprovalRequest &r : newestFirst) {
            const int i = int(r.docId.mid(1).toInt());
            const ApprovalState state = i == 1 ? ApprovalState::Approved : i == 3 ? ApprovalState::Rejected : ApprovalState::Pending;
            if (states.contains(state))
                ids << r.id;
        }
        return ids;
    };
    for (const QList<ApprovalState> &states :
         {QList<ApprovalState>{ApprovalState::Pending}, QList<ApprovalState>{ApprovalState::Approved, ApprovalState::Rejected},
          QList<ApprovalState>{ApprovalState::Done}}) {
        ApprovalListing listing;
        listing.states = states;
        auto some = book.approvals(listing);
        QVERIFY2(some.ok(), qPrintable(some.error().toString()));
        QCOMPARE(idsOf(*some), ofStates(states));
    }
    QCOMPARE(*book.approvalCount(ApprovalState::Pending), qint64(4));
    QCOMPARE(*book.approvalCount(ApprovalState::Approved), qint64(1));
    QCOMPARE(*book.approvalCount(ApprovalState::Rejected), qint64(1));
    QCOMPARE(*book.approvalCount(ApprovalState::Done), qint64(0));

    // Pages of two by key, from another connection: the whole listing, each once, in order.
    std::unique_ptr<Store> other = ts->openAnother();
    QStringList paged;
    ApprovalListing page;
    page.limit = 2;
    for (int n = 0; n < 5; ++n) {
        auto rows = other->approvalBook()->approvals(page);
        QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
        QVERIFY(rows->size() <= 2);
        if (rows->isEmpty())
            break;
        paged << idsOf(*rows);
        page.afterId = rows->last().id;
    }
    QCOMPARE(paged, idsOf(newestFirst));
    // Pages by state: after the newest pending, the pending ones older than it.
    ApprovalListing pending;
    pending.states = {ApprovalState::Pending};
    pending.afterId = ofStates(pending.states).first();
    QCOMPARE(idsOf(*other->approvalBook()->approvals(pending)), ofStates(pending.states).mid(1));
    ApprovalListing none;
    none.limit = 0;
    QCOMPARE(other->approvalBook()->approvals(none)->size(), 0);
}

void TestApprovalBook::refusesBadInput_data()
{
    QTest::addColumn<bool>("sharded");
    QTest::addColumn<QString>("what");
    QTest::addColumn<ErrorCode>("code");
    for (const bool sharded : {false, true}) {
        const char *layout = sharded ? "three shards" : "one store";
        QTest::addRow("%s: not an approval id", layout) << sharded << QStringLiteral("id") << ErrorCode::InvalidArgument;
        QTest::addRow("%s: made at version 2", layout) << sharded << QStringLiteral("made at 2") << ErrorCode::InvalidArgument;
        QTest::addRow("%s: moved two versions on", layout) << sharded << QStringLiteral("skips") << ErrorCode::InvalidArgument;
        QTest::addRow("%s: no time of request", layout) << sharded << QStringLiteral("no time") << ErrorCode::InvalidArgument;
        QTest::addRow("%s: no document", layout) << sharded << QStringLiteral("no document") << ErrorCode::InvalidArgument;
        QTest::addRow("%s: a move of none made", layout) << sharded << QStringLiteral("unknown") << ErrorCode::NotFound;
        QTest::addRow("%s: a page after none made", layout) << sharded << QStringLiteral("after unknown") << ErrorCode::NotFound;
        QTest::addRow("%s: a negative limit", layout) << sharded << QStringLiteral("limit") << ErrorCode::InvalidArgument;
    }
}

void TestApprovalBook::refusesBadInput()
{
    QFETCH(QString, what);
    QFETCH(ErrorCode, code);
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook &book = *store.approvalBook();
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    QVERIFY(book.writeApproval(makeOf(r))->applied);
    const ApprovalRequest other = request(QStringLiteral("k2"), DocKind::Transaction, tx);

    Error refusal;
    if (what.contains(QLatin1String("after")) || what == QLatin1String("limit")) {
        ApprovalListing listing;
        if (what == QLatin1String("limit"))
            listing.limit = -1;
        else
            listing.afterId = other.id;
        auto listed = book.approvals(listing);
        QVERIFY(!listed.ok());
        refusal = listed.error();
    } else {
        ApprovalWrite w = makeOf(other);
        if (what == QLatin1String("id"))
            w.request.id = QStringLiteral("apr-1");
        else if (what == QLatin1String("made at 2"))
            w.request.version = 2;
        else if (what == QLatin1String("skips"))
            w = moveOf(moved(moved(r, ApprovalState::Approved), ApprovalState::Done), 1);
        else if (what == QLatin1String("no time"))
            w.request.requestedAt = {};
        else if (what == QLatin1String("no document"))
            w.request.docId.clear();
        else if (what == QLatin1String("unknown"))
            w = moveOf(moved(other, ApprovalState::Approved), 1);
        auto written = book.writeApproval(w);
        QVERIFY(!written.ok());
        refusal = written.error();
    }
    QCOMPARE(refusal.code, code);
    QVERIFY2(!refusal.message.isEmpty(), qPrintable(what));
    // Nothing written: the request as made, its one row.
    QCOMPARE(describe(**book.approval(r.id)), describe(r));
    QVERIFY(!book.approval(other.id)->has_value());
    QCOMPARE(approvalRows(store, DocKind::Transaction, tx).size(), 1);
}

void TestApprovalBook::aSchema6FileGainsTheTable()
{
    if (onPostgres())
        QSKIP("an SQLite file's migration (PostgreSQL's: tst_pgschema@pg)");
    TempStore ts;
    const QString tx = someTransaction(ts.store(), QStringLiteral("carol"));
    const QString path = ts.path();
    {
        // The file as schema 6 left it.
        RawSql raw(path);
        QVERIFY(raw.exec(QStringLiteral("DROP TABLE approvals")));
        QVERIFY(raw.exec(QStringLiteral("PRAGMA user_version = 6")));
    }
    auto store = SqliteStore::open(path);
    QVERIFY2(store.ok(), qPrintable(store.error().toString()));
    RawSql raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), SqliteConnection::kSchemaVersion);
    for (const char *index : {"approvals_listed", "approvals_by_state"})
        QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name = '%1'").arg(QLatin1String(index))).toInt(), 1);
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    auto made = (*store)->approvalBook()->writeApproval(makeOf(r));
    QVERIFY2(made.ok() && made->applied, qPrintable(made.ok() ? QString() : made.error().toString()));
    QCOMPARE(idsOf(*(*store)->approvalBook()->approvals({})), QStringList{r.id});
    QCOMPARE(approvalRows(**store, DocKind::Transaction, tx).size(), 1);
}

void TestApprovalBook::anUnansweredCommitIsWrittenOnce_data()
{
    QTest::addColumn<bool>("sharded");
    QTest::addColumn<bool>("move"); // else: make
    for (const bool sharded : {false, true}) {
        const char *layout = sharded ? "three shards" : "one store";
        QTest::addRow("%s: make", layout) << sharded << false;
        QTest::addRow("%s: move", layout) << sharded << true;
    }
}

void TestApprovalBook::anUnansweredCommitIsWrittenOnce()
{
    if (!onPostgres())
        QSKIP("PostgreSQL's unanswered commits (@pg, @pgshards); SQLite answers every commit");
    QFETCH(bool, move);
    auto ts = storeOfLayout();
    Store &store = ts->store();
    ApprovalBook &book = *store.approvalBook();
    const QString tx = someTransaction(store, QStringLiteral("carol"));
    const ApprovalRequest r = request(QStringLiteral("k1"), DocKind::Transaction, tx);
    if (move)
        QVERIFY(book.writeApproval(makeOf(r))->applied);
    const ApprovalRequest to = move ? moved(r, ApprovalState::Approved) : r;

    // The write's commit happens, but its answer never arrives: the connection breaks after it.
    auto cut = std::make_shared<bool>(false);
    pgfaults::setFaultHook([cut](const char *sql, bool commits) {
        if (*cut || !commits || !QByteArray(sql).contains("approvals"))
            return pgfaults::Cut::None;
        *cut = true;
        return pgfaults::Cut::AfterResult;
    });
    auto written = book.writeApproval(move ? moveOf(to, 1) : makeOf(to));
    pgfaults::setFaultHook({});
    QVERIFY(*cut);
    QVERIFY2(written.ok(), qPrintable(written.error().toString()));
    QVERIFY(written->applied); // resolved by its token: ours
    QCOMPARE(describe(written->current), describe(to));
    QCOMPARE(describe(**book.approval(r.id)), describe(to));
    const QList<JournalEntry> rows = approvalRows(store, DocKind::Transaction, tx);
    QCOMPARE(rows.size(), move ? 2 : 1);
    QCOMPARE(rows.last().event, approvalEventOf(to.state));
    QCOMPARE(rows.last().worker, written->current.writeToken);
    QVERIFY(!written->current.writeToken.isEmpty());
}

QTEST_GUILESS_MAIN(TestApprovalBook)
#include "tst_approvalbook.moc"
