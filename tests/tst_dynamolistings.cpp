// The DynamoDB store's listings, read by key from its indexes (dynamostore_listings.cpp,
// dynamostore_accounts.cpp), against dynalite: every filter the console and ledgerctl ask for,
// sorted by age or by state, either way — whole, page after page from a row's key, the page
// before a row, from an offset, and counted — is the listing a whole read sorted here gives; so
// are the accounts in id order. A page after a row deep in the listing reads about a page of
// items, not the table, and a page of accounts counted whole reads no transaction table; counts
// stop at their bound and say so (store/tallies.h). (tst_models@dynamo: the console's side.)
#include "ledger/legs.h"
#include "operations/demo.h"
#include "operations/operatoractions.h"
#include "operations/wholeaccounts.h"
#include "protocol/commitpoint.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/paging.h"
#include "store/storeextras.h"
#include "store/tallies.h"
#include "testsupport.h"

#include <QJsonArray>
#include <tuple>
#include <QtTest>

using namespace ledger;
using namespace ledger::test;

namespace {

// A listing's order, written out here rather than taken from the stores' own comparator
// (store/txorder.h): the sort column (a state by its name, then by age), then the id; names and
// ids compared as their UTF-8 bytes, DynamoDB's and SQLite's order; every part the same way round.
bool listedBefore(const Transaction &a, const Transaction &b, const TxQuery &q)
{
    const auto key = [&q](const Transaction &t) {
        const QByteArray id = t.id.toUtf8();
        switch (q.sortKey) {
        case TxSortKey::CreatedAt: return std::make_tuple(QByteArray(), t.createdAt.toMSecsSinceEpoch(), id);
        case TxSortKey::LastModified: return std::make_tuple(QByteArray(), t.lastModified.toMSecsSinceEpoch(), id);
        case TxSortKey::Amount: return std::make_tuple(QByteArray(), t.amount, id);
        case TxSortKey::State: return std::make_tuple(nameOf(t.state).toUtf8(), t.createdAt.toMSecsSinceEpoch(), id);
        case TxSortKey::Id: break;
        }
        return std::make_tuple(QByteArray(), qint64(0), id);
    };
    return q.descending ? key(b) < key(a) : key(a) < key(b);
}

// What the listing holds, found without the indexes: every document (a consistent Scan),
// filtered and sorted here.
QList<Transaction> expected(Store &store, const TxQuery &q, const QDateTime &now)
{
    QList<Transaction> rows;
    const Error e = store.scanTransactions([&](const Transaction &t) {
        if ((q.state && t.state != *q.state) || (q.kind && t.kind != *q.kind))
            return;
        if (q.stuckOnly
            && (isTerminal(t.state) || !(t.lastModified < now.addMSecs(-q.stuckForMs) || (t.leaseUntil.isValid() && t.leaseUntil < now))))
            return;
        if (!q.account.isEmpty() && !t.legOn(q.account))
            return;
        if (!q.text.isEmpty() && !t.id.contains(q.text) && !t.source.contains(q.text) && !t.destination.contains(q.text)
            && !(t.isMultiLeg() && legsText(t.legs).contains(q.text)))
            return;
        rows << t;
    });
    if (!e.ok())
        qFatal("scan: %s", qPrintable(e.toString()));
    std::sort(rows.begin(), rows.end(), [&](const Transaction &a, const Transaction &b) { return listedBefore(a, b, q); });
    return rows;
}

// Done transfers a → b planted as items (BatchWriteItem, 25 a call), `ids` created at `times`.
void plant(DynamoStore &store, const QString &location, const QStringList &ids, const QList<QDateTime> &times)
{
    QJsonArray batch;
    const auto flush = [&] {
        if (batch.isEmpty())
            return;
        auto put = store.client().call(
            "BatchWriteItem", QJsonObject{{QStringLiteral("RequestItems"), QJsonObject{{dynamoTable(location, "transactions"), batch}}}});
        if (!put.ok() || !put->body.value(QStringLiteral("UnprocessedItems")).toObject().isEmpty())
            qFatal("plant: %s", put.ok() ? "unprocessed items" : qPrintable(put.error().toString()));
        batch = QJsonArray();
    };
    for (int i = 0; i < ids.size(); ++i) {
        Transaction t;
        t.id = ids.at(i);
        setLegs(t, twoLegs(QStringLiteral("a"), QStringLiteral("b"), 100 + i));
        t.state = TxState::Done;
        t.createdAt = t.lastModified = times.at(i);
        batch.append(QJsonObject{{QStringLiteral("PutRequest"), QJsonObject{{QStringLiteral("Item"), dynamo::transactionItem(t)}}}});
        if (batch.size() == 25)
            flush();
    }
    flush();
}

// `count` of them, a second apart from `newest` back: a long listing without running the
// protocol that many times.
void plant(DynamoStore &store, const QString &location, int count, const QDateTime &newest)
{
    QStringList ids;
    QList<QDateTime> times;
    for (int i = 0; i < count; ++i) {
        ids << QStringLiteral("tx-long-%1").arg(i, 6, 10, QLatin1Char('0'));
        times << newest.addSecs(-i);
    }
    plant(store, location, ids, times);
}

} // namespace

Q_DECLARE_METATYPE(ledger::TxQuery)

class TestDynamoListings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (!onDynamo())
            QSKIP("DynamoDB only (runs as @dynamo)");
        // A demo spread over a week (backdated documents: their account index items move too),
        // with every state, compensations and stuck ones.
        DemoOptions options;
        options.accounts = 6;
        options.transfers = 240;
        options.stuck = 24;
        options.spreadOverDays = &extrasOf(m_store.store());
        auto report = fillDemo(m_store.store(), options);
        QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().toString()));
        QVERIFY(report->compensations > 0);
        // And ids that tie on one millisecond, some with characters below '#' (the index key is
        // the time, '#', the id) or beyond ASCII, spread over the index's parts by their hash.
        const QStringList ties{QStringLiteral("x"),       QStringLiteral("x!"),      QStringLiteral("x a"),
                               QStringLiteral("x0"),      QStringLiteral("x#"),      QStringLiteral("w~"),
                               QStringLiteral("x\u00e9"), QStringLiteral("x\u4e2d"), QStringLiteral("x\U0001F600")};
        const QDateTime at = m_store.store().now()->addSecs(-3600);
        plant(dynamoOf(m_store.store()), m_store.config().location, ties, QList<QDateTime>(ties.size(), at));
    }

    void listingsAreTheSortedWhole_data();
    void listingsAreTheSortedWhole();
    void tiesAreInCodePointOrder();
    void aPageDeepInTheListingReadsAPage();
    void countsStopAtTheirBound();
    void accountListingsAreTheSortedWhole();
    void aPageOfAccountsReadsThePage();
    void journalListingsAreTheSortedWhole();
    void aStoreOfSchemaOneReadsAsBefore();
    void accountsMadeWhileTheBalancesAreReadAreCounted();

private:
    TempStore m_store;
};

void TestDynamoListings::listingsAreTheSortedWhole_data()
{
    QTest::addColumn<TxQuery>("query");
    const auto q = [](auto set) {
        TxQuery query;
        set(query);
        return query;
    };
    QTest::newRow("every transaction") << TxQuery{};
    QTest::newRow("done") << q([](TxQuery &x) { x.state = TxState::Done; });
    QTest::newRow("pending") << q([](TxQuery &x) { x.state = TxState::Pending; });
    QTest::newRow("canceled") << q([](TxQuery &x) { x.state = TxState::Canceled; });
    QTest::newRow("stuck") << q([](TxQuery &x) { x.stuckOnly = true; });
    QTest::newRow("stuck pending") << q([](TxQuery &x) {
        x.stuckOnly = true;
        x.state = TxState::Pending;
    });
    QTest::newRow("compensations") << q([](TxQuery &x) { x.kind = TxKind::Compensation; });
    QTest::newRow("one account") << q([](TxQuery &x) { x.account = QStringLiteral("carol"); });
    QTest::newRow("a text") << q([](TxQuery &x) { x.text = QStringLiteral("ali"); });
    QTest::newRow("a text in one state") << q([](TxQuery &x) {
        x.text = QStringLiteral("bo");
        x.state = TxState::Done;
    });
}

void TestDynamoListings::listingsAreTheSortedWhole()
{
    QFETCH(TxQuery, query);
    Store &store = m_store.store();
    // Amount: no index; read whole and sorted (the same answers, at a whole read's cost).
    for (TxSortKey key : {TxSortKey::CreatedAt, TxSortKey::State, TxSortKey::Amount}) {
        for (bool descending : {false, true}) {
            TxQuery q = query;
            q.sortKey = key;
            q.descending = descending;
            const QString where = QStringLiteral("sort %1, %2").arg(int(key)).arg(descending ? "descending" : "ascending");
            QTest::qWait(2); // "stuck for 0 ms": last written before now
            const QDateTime now = *store.now();
            const QStringList want = idsOf(expected(store, q, now));
            QVERIFY2(!want.isEmpty() || q.state == TxState::Pending, qPrintable(where));

            auto whole = store.transactions(q);
            QVERIFY2(whole.ok(), qPrintable(where));
            QCOMPARE(idsOf(*whole), want);
            auto counted = store.transactionCount(q);
            QVERIFY(counted.ok());
            QCOMPARE(*counted, qint64(want.size()));

            // Page after page, each from the last row of the one before.
            QStringList paged;
            TxQuery page = q;
            // (By amount every page reads the listing whole: fewer, longer pages.)
            page.limit = key == TxSortKey::Amount ? 97 : 29;
            for (;;) {
                auto rows = store.transactions(page);
                QVERIFY2(rows.ok(), qPrintable(where));
                if (rows->isEmpty())
                    break;
                QVERIFY(rows->size() <= page.limit);
                paged += idsOf(*rows);
                page.after = rows->last();
                QVERIFY2(paged.size() <= want.size(), qPrintable(where));
            }
            QCOMPARE(paged, want);

            if (want.size() < 12)
                continue;
            // From an offset; the page before a row; the page from a row.
            TxQuery offset = q;
            offset.offset = 3;
            offset.limit = 4;
            QCOMPARE(idsOf(*store.transactions(offset)), want.mid(3, 4));
            const int mid = int(want.size()) / 2;
            const Transaction row = *store.transaction(want.at(mid));
            QCOMPARE(idsOf(*readPageBefore(store, q, row, 5)), want.mid(mid - 5, 5));
            QCOMPARE(idsOf(*readPageFrom(store, q, row, 5)), want.mid(mid, 5));
        }
    }
}

void TestDynamoListings::tiesAreInCodePointOrder()
{
    // The nine planted in one millisecond, as a listing by age has them, written out: by id, in
    // code point order (a space, '!', '#' and '0' below letters; é, 中 and 😀 above ASCII).
    const QStringList ties{QStringLiteral("w~"),      QStringLiteral("x"),       QStringLiteral("x a"),
                           QStringLiteral("x!"),      QStringLiteral("x#"),      QStringLiteral("x0"),
                           QStringLiteral("x\u00e9"), QStringLiteral("x\u4e2d"), QStringLiteral("x\U0001F600")};
    for (bool descending : {false, true}) {
        TxQuery q;
        q.sortKey = TxSortKey::CreatedAt;
        q.descending = descending;
        auto rows = m_store.store().transactions(q);
        QVERIFY(rows.ok());
        QStringList got;
        for (const Transaction &t : *rows) {
            if (ties.contains(t.id))
                got << t.id;
        }
        QStringList want = ties;
        if (descending)
            std::reverse(want.begin(), want.end());
        QCOMPARE(got, want);
    }
}

void TestDynamoListings::aPageDeepInTheListingReadsAPage()
{
    // A second store: 2,500 planted transfers beside a few made by the protocol.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("a"), QStringLiteral("b")}, 1'000'000);
    DynamoStore &store = dynamoOf(t.store());
    plant(store, t.config().location, 2'500, store.now()->addSecs(-10));
    TxQuery all;
    all.descending = true; // newest first, as the console opens

    aws::DynamoClient &client = store.client();
    qint64 before = client.itemsScanned();
    auto whole = store.transactions(all);
    QVERIFY(whole.ok());
    const qint64 wholeCost = client.itemsScanned() - before;
    QVERIFY(whole->size() >= 2'500);
    QVERIFY(wholeCost >= whole->size());

    // The page after row 1,800, by its key: every state's parts (6 × 4 streams) read a chunk,
    // not the 1,800 rows before it.
    const Transaction deep = whole->at(1'800);
    before = client.itemsScanned();
    auto page = readPageAfter(store, all, deep, 20);
    const qint64 pageCost = client.itemsScanned() - before;
    QVERIFY(page.ok());
    QCOMPARE(idsOf(*page), idsOf(whole->mid(1'801, 20)));
    QVERIFY2(pageCost <= 150, qPrintable(QStringLiteral("a page of 20 read %1 items").arg(pageCost)));

    // A jump to the middle by position (the console's scrollbar dragged there): by a key
    // interpolated between the ends, not by walking 1,250 rows (store/paging.h, kExactRowsByKey).
    before = client.itemsScanned();
    auto near = readPageNear(store, all, 1'250, 20, whole->size());
    const qint64 jumpCost = client.itemsScanned() - before;
    QVERIFY(near.ok());
    QCOMPARE(near->size(), 20);
    QVERIFY2(jumpCost <= 300, qPrintable(QStringLiteral("a jump read %1 items").arg(jumpCost)));
    // Where it landed is near the place asked for: the planted rows are a second apart.
    const qint64 landed = idsOf(*whole).indexOf(near->first().id);
    QVERIFY2(qAbs(landed - 1'250) < 50, qPrintable(QStringLiteral("landed at %1").arg(landed)));
    QVERIFY(!readsExactly(all, 1'250, 20, whole->size(), exactRowsOf(store.readsByPosition())));
    QVERIFY(readsExactly(all, 1'250, 20, whole->size(), exactRowsOf(true)));
}

void TestDynamoListings::countsStopAtTheirBound()
{
    Store &store = m_store.store();
    QVERIFY(!store.readsByPosition());
    // One account's listing (its index), counted no further than 2: at least 2, and said so.
    TxQuery carol;
    carol.account = QStringLiteral("carol");
    const qint64 all = *store.transactionCount(carol);
    QVERIFY(all > 2);
    QCOMPARE(*tallyTransactions(store, carol, 2), (Tally{2, false, true}));
    QCOMPARE(*tallyTransactions(store, carol, all), (Tally{all, true}));
    // Compensations: no index narrows a kind, so counting them would read the table: not counted.
    TxQuery compensations;
    compensations.kind = TxKind::Compensation;
    QVERIFY(*store.transactionCount(compensations) > 0);
    const Tally notCounted = *tallyTransactions(store, compensations);
    QCOMPARE(notCounted, (Tally{0, false, true}));
    QVERIFY(!notCounted.counted());
    // A text in an unfinished state is narrowed by the state's index: counted.
    TxQuery stuckText;
    stuckText.stuckOnly = true;
    stuckText.text = QStringLiteral("a");
    QVERIFY(tallyTransactions(store, stuckText)->exact);
    // By state: what fits is a count; what does not, at least the bound (done: or the table's
    // own figure, when it has one that is longer).
    auto byState = tallyByState(store, 20);
    QVERIFY(byState.ok());
    const std::optional<qint64> figure = *store.transactionTotalEstimate(); // DynamoDB's ItemCount
    qint64 others = 0;
    for (TxState s : allTxStates())
        others += s == TxState::Done ? 0 : byState->value(s).count;
    for (TxState s : allTxStates()) {
        TxQuery q;
        q.state = s;
        const qint64 n = *store.transactionCount(q);
        const Tally t = byState->value(s);
        if (s == TxState::Done && figure && *figure > 20) // not read: the table's figure less the others
            QCOMPARE(t, (Tally{std::max<qint64>(0, *figure - others), false}));
        else if (n <= 20)
            QCOMPARE(t, (Tally{n, true}));
        else
            QCOMPARE(t, (Tally{20, false, true}));
    }
}

namespace {

// Accounts whose ids sort differently by UTF-16 and by UTF-8 (DynamoDB's order): U+FF21 is
// below a surrogate pair in UTF-16 and above it in UTF-8.
QStringList makeAccounts(Store &store, int numbered)
{
    QStringList ids{
        QStringLiteral("A"),       QStringLiteral("a"),          QStringLiteral("a.b"),           QStringLiteral("a_"),
        QStringLiteral("Zz"),      QStringLiteral("0"),          QStringLiteral("\u00e9t\u00e9"), QStringLiteral("\u4e2d\u6587"),
        QStringLiteral("\uff21b"), QStringLiteral("\U0001D49Cx")};
    for (int i = 0; i < numbered; ++i)
        ids << QStringLiteral("acct-%1").arg(i, 3, 10, QLatin1Char('0'));
    for (int i = 0; i < ids.size(); ++i) {
        // Every seventh is named "blue …": a text that only names match.
        const QString name = i % 7 == 0 ? QStringLiteral("blue %1").arg(i) : QStringLiteral("n%1").arg(i);
        auto made = store.createAccount(ids.at(i), name, QStringLiteral("test"));
        if (!made.ok())
            qFatal("createAccount %s: %s", qPrintable(ids.at(i)), qPrintable(made.error().toString()));
    }
    return ids;
}

// The accounts a query lists, found by a Scan of the items, filtered, ordered and cut here.
QStringList expectedAccounts(Store &store, const AccountQuery &q)
{
    QList<Account> all;
    if (Error e = store.scanAccounts([&](const Account &a) { all << a; }); !e.ok())
        qFatal("scan: %s", qPrintable(e.toString()));
    // Ids in the order of their UTF-8 bytes (not the stores' own comparator, store/txorder.h).
    std::sort(all.begin(), all.end(), [](const Account &a, const Account &b) { return a.id.toUtf8() < b.id.toUtf8(); });
    QStringList ids;
    for (const Account &a : std::as_const(all)) {
        const QByteArray id = a.id.toUtf8();
        if (!q.text.isEmpty() && !a.id.contains(q.text) && !a.name.contains(q.text))
            continue;
        if (!q.afterId.isEmpty() && id <= q.afterId.toUtf8())
            continue;
        if (!q.fromId.isEmpty() && id < q.fromId.toUtf8())
            continue;
        if (!q.beforeId.isEmpty() && id >= q.beforeId.toUtf8())
            continue;
        ids << a.id;
    }
    if (q.descending)
        std::reverse(ids.begin(), ids.end());
    return ids.mid(q.offset, q.limit < 0 ? -1 : q.limit);
}

} // namespace

void TestDynamoListings::accountListingsAreTheSortedWhole()
{
    TempStore t;
    Store &store = t.store();
    const QStringList ids = makeAccounts(store, 120);
    const auto query = [](const QString &after, const QString &from, const QString &before, bool descending, const QString &text,
                          qint64 offset, qint64 limit) {
        AccountQuery q;
        q.afterId = after;
        q.fromId = from;
        q.beforeId = before;
        q.descending = descending;
        q.text = text;
        q.offset = offset;
        q.limit = limit;
        return q;
    };
    const QString none;
    const QList<AccountQuery> queries{
        query(none, none, none, false, none, 0, -1),
        query(none, none, none, true, none, 0, -1),
        query(none, none, none, false, none, 5, 7),
        query(none, none, none, false, none, 125, 50), // past the end
        query(QStringLiteral("acct-050"), none, none, false, none, 0, 10),
        query(none, none, QStringLiteral("acct-050"), true, none, 0, 10), // the page above a row
        query(none, QStringLiteral("a"), none, false, none, 0, 5),
        query(none, QStringLiteral("\u00e9"), none, false, none, 0, -1),
        query(QStringLiteral("a"), none, QStringLiteral("acct-010"), false, none, 0, -1), // between two ids
        query(QStringLiteral("a"), none, QStringLiteral("acct-010"), true, none, 2, 4),
        query(QStringLiteral("acct-003"), QStringLiteral("acct-001"), none, false, none, 0, 3), // the higher bound holds
        query(none, none, none, false, QStringLiteral("blue"), 1, 3),
        query(none, none, none, true, QStringLiteral("7"), 0, -1),
        query(QStringLiteral("acct-100"), none, none, false, QStringLiteral("blue"), 0, -1),
    };
    // Every account in order, written out: code point order, not UTF-16's (U+FF21 below U+1D49C).
    QStringList inOrder{QStringLiteral("0"), QStringLiteral("@world"), QStringLiteral("A"), QStringLiteral("Zz"),
                        QStringLiteral("a"), QStringLiteral("a.b"),    QStringLiteral("a_")};
    for (int i = 0; i < 120; ++i)
        inOrder << QStringLiteral("acct-%1").arg(i, 3, 10, QLatin1Char('0'));
    inOrder << QStringLiteral("\u00e9t\u00e9") << QStringLiteral("\u4e2d\u6587") << QStringLiteral("\uff21b")
            << QStringLiteral("\U0001D49Cx");
    QCOMPARE(idsOf(*store.accounts({})), inOrder);
    for (const AccountQuery &q : queries) {
        const QString label = QStringLiteral("after '%1' from '%2' before '%3'%4 text '%5' offset %6 limit %7")
                                  .arg(q.afterId, q.fromId, q.beforeId, q.descending ? QStringLiteral(" descending") : QString(), q.text)
                                  .arg(q.offset)
                                  .arg(q.limit);
        const QStringList want = expectedAccounts(store, q);
        auto got = store.accounts(q);
        QVERIFY2(got.ok(), qPrintable(got.error().toString()));
        QVERIFY2(idsOf(*got) == want, qPrintable(label + QStringLiteral(": ") + idsOf(*got).join(QLatin1Char(' '))));
        // Counted: the listing's length, its offset and limit aside; no further than a cap when
        // asked, and in the console's tally.
        AccountQuery whole = q;
        whole.offset = 0;
        whole.limit = -1;
        const qint64 length = expectedAccounts(store, whole).size();
        QVERIFY2(*store.accountCount(q) == length, qPrintable(label));
        const qint64 upTo = *store.accountCountUpTo(q, 5);
        QVERIFY2(length > 5 ? upTo > 5 : upTo == length, qPrintable(label + QStringLiteral(": %1 up to 5").arg(upTo)));
        const Tally tally = *tallyAccounts(store, q, 5);
        if (!q.text.isEmpty())
            QVERIFY2(!tally.counted(), qPrintable(label)); // matched on the items: not counted
        else
            QVERIFY2(tally == (length > 5 ? Tally{5, false, true} : Tally{length, true}), qPrintable(label));
    }
    // Every account, counted beyond the bound: the table's own figure when it is longer.
    const std::optional<qint64> figure = *store.accountTotalEstimate();
    const Tally all = *tallyAccounts(store, {}, 5);
    if (figure && *figure > 5)
        QCOMPARE(all, (Tally{*figure, false}));
    else
        QCOMPARE(all, (Tally{5, false, true}));
    QCOMPARE(*tallyAccounts(store, {}), (Tally{qint64(expectedAccounts(store, {}).size()), true}));
    QVERIFY(expectedAccounts(store, {}).size() >= ids.size());
}

void TestDynamoListings::aPageOfAccountsReadsThePage()
{
    // 132 accounts and 2,500 planted transfers, a few made by the protocol, one stuck half-way
    // (its credit held on acct-061a).
    TempStore t;
    Store &store = t.store();
    makeAccounts(store, 120);
    openAccounts(store, {QStringLiteral("acct-060a"), QStringLiteral("acct-061a")}, 1000);
    DynamoStore &dynamo = dynamoOf(store);
    plant(dynamo, t.config().location, 2'500, store.now()->addSecs(-10));
    CoordinatorOptions stop;
    stop.hook = abandonAfterHook(Step::Applied);
    QVERIFY(Coordinator(store, stop).transfer({QStringLiteral("acct-060a"), QStringLiteral("acct-061a"), 250, QString(), QString()}).tx);

    aws::DynamoClient &client = dynamo.client();
    qint64 scanned = client.itemsScanned();
    qint64 calls = client.roundTrips();
    // Reads of the transactions table, and how often each document is asked for. The stuck
    // transfer's is wanted for its state as a candidate and for its legs' markers; the two
    // openings posted within the window, for their legs' markers and to count them whole. Each is
    // read once: the stuck one by one batch, the openings by another.
    const QString transactions = dynamoTable(t.config().location, "transactions");
    int documentReads = 0;
    QHash<QString, int> asked;
    client.setBeforeEachCall([&](const char *operation, QJsonObject &request) {
        const QByteArrayView op(operation);
        QJsonArray keys;
        if (op == "GetItem" && request.value(QStringLiteral("TableName")).toString() == transactions)
            keys.append(request.value(QStringLiteral("Key")));
        else if (op == "BatchGetItem" && request.value(QStringLiteral("RequestItems")).toObject().contains(transactions))
            keys = request.value(QStringLiteral("RequestItems"))
                       .toObject()
                       .value(transactions)
                       .toObject()
                       .value(QStringLiteral("Keys"))
                       .toArray();
        else
            return;
        ++documentReads;
        for (const QJsonValue &key : std::as_const(keys))
            ++asked[dynamo::str(key.toObject(), QStringLiteral("id"))];
    });
    AccountQuery page;
    page.afterId = QStringLiteral("acct-055");
    page.limit = 20;
    auto rows = accountsCountedWhole(store, page);
    client.setBeforeEachCall({});
    QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
    QCOMPARE(documentReads, 2);
    QCOMPARE(asked.size(), 3);
    for (auto it = asked.cbegin(); it != asked.cend(); ++it)
        QVERIFY2(it.value() == 1, qPrintable(QStringLiteral("%1 asked for %2 times").arg(it.key()).arg(it.value())));
    const qint64 pageScanned = client.itemsScanned() - scanned;
    const qint64 pageCalls = client.roundTrips() - calls;
    QCOMPARE(rows->size(), 20);
    QCOMPARE(rows->first().account.id, QStringLiteral("acct-056"));
    // The transfer stopped after its commit point counts whole on the page: acct-061a's credit is
    // held, not posted.
    bool seen = false;
    for (const AccountCountedWhole &row : std::as_const(*rows)) {
        if (row.account.id == QLatin1String("acct-061a")) {
            QCOMPARE(row.account.balance, qint64(1000));
            QCOMPARE(row.wholeBalance, qint64(1250));
            seen = true;
        }
    }
    QVERIFY(seen);
    // The page's ids by the index (21 keys), its items by one batch, the stuck transfer's
    // document and markers: not the 2,500 documents, nor the 130 account items.
    QVERIFY2(pageScanned <= 40, qPrintable(QStringLiteral("a page of accounts scanned %1 items").arg(pageScanned)));
    QVERIFY2(pageCalls <= 6, qPrintable(QStringLiteral("a page of accounts took %1 calls").arg(pageCalls))); // 5 here
    qInfo("a page of 20 accounts counted whole: %lld items scanned, %lld calls", pageScanned, pageCalls);

    // Every account counted whole reads every account item, and still no transaction table.
    scanned = client.itemsScanned();
    auto whole = readWholeBalances(store);
    QVERIFY2(whole.ok(), qPrintable(whole.error().toString()));
    const qint64 wholeScanned = client.itemsScanned() - scanned;
    QCOMPARE(whole->total, qint64(0));
    qInfo("every account counted whole: %lld items scanned", wholeScanned);
    QVERIFY2(wholeScanned >= 130 && wholeScanned < 400, qPrintable(QStringLiteral("the whole reading scanned %1 items").arg(wholeScanned)));
}

namespace {

// Every journal row of every document (each document's own journal, read by id), filtered,
// sorted and cut here: what a journal listing holds, found without its indexes.
QList<JournalEntry> expectedJournal(Store &store, const JournalQuery &q)
{
    QList<JournalEntry> rows;
    const auto add = [&](DocKind kind, const QString &id) {
        auto journal = store.journal(kind, id);
        if (!journal.ok())
            qFatal("journal: %s", qPrintable(journal.error().toString()));
        for (const JournalEntry &e : std::as_const(*journal)) {
            if ((q.docKind && e.docKind != *q.docKind) || (!q.events.isEmpty() && !q.events.contains(e.event)))
                continue;
            if (!q.text.isEmpty() && !e.actor.contains(q.text) && !e.docId.contains(q.text))
                continue;
            rows << e;
        }
    };
    QStringList txIds, accountIds;
    if (Error e = store.scanTransactions([&](const Transaction &t) { txIds << t.id; }); !e.ok())
        qFatal("scan: %s", qPrintable(e.toString()));
    if (Error e = store.scanAccounts([&](const Account &a) { accountIds << a.id; }); !e.ok())
        qFatal("scan: %s", qPrintable(e.toString()));
    for (const QString &id : std::as_const(txIds))
        add(DocKind::Transaction, id);
    for (const QString &id : std::as_const(accountIds))
        add(DocKind::Account, id);
    std::sort(rows.begin(), rows.end(), [&](const JournalEntry &a, const JournalEntry &b) {
        if (a.at != b.at)
            return q.newestFirst ? b.at < a.at : a.at < b.at;
        if (a.seq != b.seq)
            return q.newestFirst ? b.seq < a.seq : a.seq < b.seq;
        return q.newestFirst ? b.docId.toUtf8() < a.docId.toUtf8() : a.docId.toUtf8() < b.docId.toUtf8();
    });
    return rows;
}

QStringList rowsText(const QList<JournalEntry> &rows)
{
    QStringList out;
    for (const JournalEntry &e : rows)
        out << QStringLiteral("%1/%2/%3@%4").arg(e.docId).arg(e.seq).arg(e.event).arg(e.at.toMSecsSinceEpoch());
    return out;
}

} // namespace

void TestDynamoListings::journalListingsAreTheSortedWhole()
{
    // The demo's week of documents, and operator actions on them: notes and claims on
    // transactions, an account frozen and unfrozen, recovery of the stuck ones.
    Store &store = m_store.store();
    TxQuery stuck;
    stuck.stuckOnly = true;
    const QList<Transaction> some = *store.transactions(stuck);
    QVERIFY(some.size() >= 3);
    QVERIFY(store.addRemark(some.at(0).id, Remark::Note, QStringLiteral("olga"), QStringLiteral("looking")).ok());
    QVERIFY(store.addRemark(some.at(1).id, Remark::Claim, QStringLiteral("olga"), QString()).ok());
    QVERIFY(store.addRemark(some.at(1).id, Remark::Release, QStringLiteral("olga"), QString()).ok());
    QVERIFY(store.setAccountStatus(QStringLiteral("carol"), AccountStatus::Frozen, QStringLiteral("olga"), QStringLiteral("audit")).ok());
    QVERIFY(store.setAccountStatus(QStringLiteral("carol"), AccountStatus::Open, QStringLiteral("olga"), QStringLiteral("done")).ok());

    QList<JournalQuery> queries;
    for (ActionsPreset preset : {ActionsPreset::All, ActionsPreset::Repairs, ActionsPreset::Accounts, ActionsPreset::TransfersIssued}) {
        for (bool newestFirst : {true, false}) {
            JournalQuery q = operatorActionsQuery(preset, QString());
            q.newestFirst = newestFirst;
            queries << q;
        }
    }
    JournalQuery byText = operatorActionsQuery(ActionsPreset::All, QStringLiteral("olga"));
    queries << byText;
    JournalQuery notes;
    notes.events = {QStringLiteral("note"), QStringLiteral("operator-claim")};
    queries << notes;
    for (const JournalQuery &q : std::as_const(queries)) {
        const QString label = QStringLiteral("events %1, kind %2, text '%3'%4")
                                  .arg(q.events.join(QLatin1Char(',')))
                                  .arg(q.docKind ? int(*q.docKind) : -1)
                                  .arg(q.text, q.newestFirst ? QStringLiteral(", newest first") : QString());
        const QList<JournalEntry> want = expectedJournal(store, q);
        QVERIFY2(!want.isEmpty(), qPrintable(label));
        // Whole.
        auto whole = store.journalEntries(q);
        QVERIFY2(whole.ok(), qPrintable(whole.error().toString()));
        QVERIFY2(rowsText(*whole) == rowsText(want), qPrintable(label
                                                                + QStringLiteral(":\n got  %1\n want %2")
                                                                      .arg(rowsText(*whole).mid(0, 8).join(QLatin1Char(' ')),
                                                                           rowsText(want).mid(0, 8).join(QLatin1Char(' ')))));
        // Page after page from the last row's key, as exports and the console's scrolling read.
        QList<JournalEntry> paged;
        JournalQuery page = q;
        page.limit = 37;
        for (int guard = 0; guard < 1000; ++guard) {
            auto rows = store.journalEntries(page);
            QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
            paged += *rows;
            if (rows->size() < page.limit)
                break;
            page.after = rows->last();
        }
        QVERIFY2(rowsText(paged) == rowsText(want), qPrintable(label + QStringLiteral(": paged by key")));
        // From an offset, and from a time (a jump: rows at it and beyond).
        JournalQuery at = q;
        at.offset = want.size() / 2;
        at.limit = 9;
        QVERIFY2(rowsText(*store.journalEntries(at)) == rowsText(want.mid(want.size() / 2, 9)),
                 qPrintable(label + QStringLiteral(": offset")));
        const JournalEntry middle = want.at(want.size() / 2);
        JournalQuery from = q;
        from.afterTime = JournalQuery::TimeKey{middle.at, std::nullopt, true};
        from.limit = 5;
        QList<JournalEntry> fromWant;
        for (const JournalEntry &e : want) {
            if (q.newestFirst ? e.at <= middle.at : e.at >= middle.at)
                fromWant << e;
        }
        QVERIFY2(rowsText(*store.journalEntries(from)) == rowsText(fromWant.mid(0, 5)),
                 qPrintable(label + QStringLiteral(": from a time")));
        // Counted, and no further than a cap when asked.
        QCOMPARE(*store.journalCount(q), qint64(want.size()));
        const Tally capped = *tallyJournal(store, q, 5);
        QVERIFY2(capped == (want.size() > 5 ? Tally{5, false, true} : Tally{qint64(want.size()), true}), qPrintable(label));
    }
    // The newest page of every operator action reads about a page of index items (each state's
    // parts a chunk, the documents acted on), not the tables.
    aws::DynamoClient &client = dynamoOf(store).client();
    const qint64 documents = *store.transactionCount({});
    JournalQuery newest = operatorActionsQuery(ActionsPreset::All, QString());
    newest.limit = 20;
    const qint64 before = client.itemsScanned();
    QCOMPARE(store.journalEntries(newest)->size(), 20);
    const qint64 cost = client.itemsScanned() - before;
    qInfo("the newest 20 operator actions of %lld transactions: %lld items scanned", documents, cost);
    QVERIFY2(cost <= 120 && cost * 2 < documents, qPrintable(QStringLiteral("%1 items scanned").arg(cost)));
}

void TestDynamoListings::aStoreOfSchemaOneReadsAsBefore()
{
    // A store made before schema 2: no PREFIX-moves, and its by-acted indexes (left here) not
    // kept up by its writers, so not read.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    DynamoStore &made = dynamoOf(t.store());
    const QString location = t.config().location;
    QVERIFY(made.client().call("DeleteTable", QJsonObject{{QStringLiteral("TableName"), dynamoTable(location, "moves")}}).ok());
    QVERIFY(
        made.client()
            .call("UpdateItem",
                  QJsonObject{{QStringLiteral("TableName"), dynamoTable(location, "meta")},
                              {QStringLiteral("Key"), QJsonObject{{QStringLiteral("name"), dynamo::S(QStringLiteral("ledger"))}}},
                              {QStringLiteral("UpdateExpression"), QStringLiteral("SET #s = :one")},
                              {QStringLiteral("ExpressionAttributeNames"), QJsonObject{{QStringLiteral("#s"), QStringLiteral("schema")}}},
                              {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":one"), dynamo::N(1)}}}})
            .ok());
    auto old = openStore(t.config());
    QVERIFY2(old.ok(), qPrintable(old.error().toString()));
    Store &store = **old;
    // 40 transfers move markers out of both items (into PREFIX-legs only), with no error.
    Coordinator c(store, {});
    for (int i = 0; i < 40; ++i)
        QVERIFY(c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1, QString(), QString()}).ok());
    QVERIFY(store
                .addRemark(c.transfer({QStringLiteral("bob"), QStringLiteral("alice"), 2, QString(), QString()}).tx->id, Remark::Note,
                           QStringLiteral("olga"), QStringLiteral("seen"))
                .ok());
    QVERIFY(store.legsOfAccount(QStringLiteral("alice"), LegStatus::Posted)->size() > 32);
    auto item = dynamoOf(store).client().call(
        "GetItem", QJsonObject{{QStringLiteral("TableName"), dynamoTable(location, "accounts")},
                               {QStringLiteral("Key"), QJsonObject{{QStringLiteral("id"), dynamo::S(QStringLiteral("alice"))}}},
                               {QStringLiteral("ConsistentRead"), true}});
    QVERIFY(item.ok());
    const qsizetype inItem = item->body.value(QStringLiteral("Item"))
                                 .toObject()
                                 .value(QStringLiteral("legs"))
                                 .toObject()
                                 .value(QStringLiteral("M"))
                                 .toObject()
                                 .size();
    QVERIFY2(inItem <= DynamoStore::kMarkersKept + DynamoStore::kMarkersKept / 2,
             qPrintable(QStringLiteral("%1 markers in the item").arg(inItem)));
    // Balances counted whole, a page and every account; the operator actions read whole.
    auto page = accountsCountedWhole(store, {});
    QVERIFY2(page.ok(), qPrintable(page.error().toString()));
    qint64 sum = 0;
    for (const AccountCountedWhole &a : std::as_const(*page))
        sum += a.wholeBalance;
    QCOMPARE(sum, qint64(0));
    QCOMPARE(readWholeBalances(store)->total, qint64(0));
    JournalQuery all = operatorActionsQuery(ActionsPreset::All, QString());
    QCOMPARE(rowsText(*store.journalEntries(all)), rowsText(expectedJournal(store, all)));
    LEDGER_VERIFY_AUDIT_CLEAN(store);
}

void TestDynamoListings::accountsMadeWhileTheBalancesAreReadAreCounted()
{
    // The reading of every account scans the accounts table two items a page; before each page
    // another connection makes an account and pays it from the account the scan reads last. One
    // the scan had passed by when it was made (here new-3) is not in the scan, while the payer,
    // read after, shows the payment posted: the candidate's markers are read on its account,
    // which the snapshot then keeps and lists with the others, so the balances, counted whole,
    // sum to zero.
    TempStore t;
    Store &store = t.store();
    QStringList ids;
    for (int i = 0; i < 12; ++i)
        ids << QStringLiteral("acct-%1").arg(i);
    openAccounts(store, ids, 1000);
    aws::DynamoClient &client = dynamoOf(store).client();
    const QString accounts = dynamoTable(t.config().location, "accounts");
    // The scan's order (a hash of the key's: the same every time).
    QString payer;
    auto scanned = client.call("Scan", QJsonObject{{QStringLiteral("TableName"), accounts}, {QStringLiteral("ConsistentRead"), true}});
    QVERIFY(scanned.ok() && !scanned->body.contains(QStringLiteral("LastEvaluatedKey")));
    for (const QJsonValue &item : scanned->body.value(QStringLiteral("Items")).toArray()) {
        if (dynamo::str(item.toObject(), QStringLiteral("id")) != QLatin1String("@world"))
            payer = dynamo::str(item.toObject(), QStringLiteral("id"));
    }
    auto other = openStore(t.config());
    QVERIFY2(other.ok(), qPrintable(other.error().toString()));
    Coordinator writer(**other, {});
    int pages = 0;
    QStringList made;
    client.setBeforeEachCall([&](const char *operation, QJsonObject &request) {
        if (QByteArrayView(operation) != "Scan" || request.value(QStringLiteral("TableName")).toString() != accounts)
            return;
        request.insert(QStringLiteral("Limit"), 2);
        if (++pages > 1 && made.size() < 6) {
            made << QStringLiteral("new-%1").arg(pages);
            if (!writer.openAccount(made.last(), made.last(), 0).ok()
                || !writer.transfer({payer, made.last(), 10, QString(), QString()}).ok())
                qFatal("could not make and pay %s", qPrintable(made.last()));
        }
    });
    auto whole = readWholeBalances(store);
    client.setBeforeEachCall({});
    QVERIFY2(whole.ok(), qPrintable(whole.error().toString()));
    QCOMPARE(made.size(), 6);
    qint64 sum = 0;
    QStringList listed;
    for (const WholeBalance &b : std::as_const(whole->accounts)) {
        sum += b.balance;
        listed << b.accountId;
    }
    QVERIFY2(sum == 0, qPrintable(QStringLiteral("sum %1 over %2").arg(sum).arg(listed.join(QLatin1Char(' ')))));
    QCOMPARE(whole->total, qint64(0));
    // Every account made is there: paid before the payer was read, each is a candidate's.
    for (const QString &id : std::as_const(made))
        QVERIFY2(listed.contains(id), qPrintable(id));
}

QTEST_MAIN(TestDynamoListings)
#include "tst_dynamolistings.moc"
