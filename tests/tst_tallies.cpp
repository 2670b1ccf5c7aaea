// The console's counts on a long ledger (store/tallies.h): every transaction, and every done one,
// are the database's estimate, marked as one, and close to the count; every other state and every
// other filter is counted exactly; below the line everything is exact. On one file or database
// and on a store sharded over three (files, or databases with @pgshards), filled by the console
// fixture, the rows placed where the sharded store looks for them.
#include "store/fixtures/consolefixture.h"
#include "store/tallies.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

namespace {
constexpr qint64 kRows = 6000;
// The line the tests draw instead of kExactBelow, so that a small store is "long".
constexpr qint64 kLine = 1000;

// How far an estimate may be from the count: SQLite's largest row number is the count of a store
// nothing was deleted from; PostgreSQL's statistics, just analyzed, are within a page's rows.
qint64 slackOf(const Store &store, qint64 count) { return serverDatabasesOf(store.location()).isEmpty() ? 0 : count / 50; }
} // namespace

class TestTallies : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void oneListing_data();
    void oneListing();
    void everyState_data();
    void everyState();
    void exactBelowTheLine();
    void canceledByTheStatistics_data() { everyState_data(); }
    void canceledByTheStatistics();
    void roughlyByTheStatistics_data() { everyState_data(); }
    void roughlyByTheStatistics();
    void anEmptyStoreIsCounted();
    void theFigureFollowsGrowth();

private:
    Store &storeOfRow();
    std::unique_ptr<TempStore> m_one;
    std::unique_ptr<TempStore> m_sharded;
};

void TestTallies::initTestCase()
{
    m_one = std::make_unique<TempStore>();
    m_sharded = std::make_unique<TempStore>(TempStore::Sharded{3});
    for (TempStore *s : {m_one.get(), m_sharded.get()}) {
        const Error e = fixtures::fillConsoleStore(s->config(), Durability::Normal, kRows);
        QVERIFY2(e.ok(), qPrintable(e.toString()));
        auto n = s->store().transactionCount({});
        QVERIFY(n.ok());
        QCOMPARE(*n, kRows);
    }
    // The fixture put each row where the sharded store places it (by its id, as an account's):
    // in that member, and in no other.
    const QString id = QStringLiteral("tx-console-00004321");
    RawSql member(m_sharded->locationOfAccount(id));
    QCOMPARE(member.scalar(QStringLiteral("SELECT COUNT(*) FROM transactions WHERE id = ?"), {id}).toInt(), 1);
}

Store &TestTallies::storeOfRow()
{
    QFETCH(bool, sharded);
    return sharded ? m_sharded->store() : m_one->store();
}

void TestTallies::oneListing_data()
{
    QTest::addColumn<bool>("sharded");
    QTest::addColumn<int>("filter");
    QTest::addColumn<bool>("estimated");
    QTest::addColumn<qint64>("rows"); // what the fixture's 6,000 rows hold (i % 97 pending, i % 53 canceled, ...)
    // filter: 0 all, 1 done, 2 pending, 3 canceled, 4 an account, 5 a text, 6 stuck, 7 compensations,
    // 8 done on an account
    // (acct-0042: the sources i = 42, 1042, ..., 5042 and the destinations 7i + 3 = 42 mod 1000, i =
    // 577, ..., 5577, all done; "0000042": tx-console-00000042 and ...0420 to ...0429; stuck: every
    // pending row, the newest of them 83 s old; no compensation.)
    const QList<std::tuple<const char *, int, bool, qint64>> cases{
        {"all", 0, true, 6000},      {"done", 1, true, 5827},        {"pending", 2, false, 61},
        {"canceled", 3, false, 112}, {"an account", 4, false, 12},   {"a text", 5, false, 11},
        {"stuck", 6, false, 61},     {"compensations", 7, false, 0}, {"done on an account", 8, false, 12},
    };
    for (bool sharded : {false, true}) {
        for (const auto &[name, filter, estimated, rows] : cases)
            QTest::addRow("%s, %s", sharded ? "sharded" : "one", name) << sharded << filter << estimated << rows;
    }
}

void TestTallies::oneListing()
{
    QFETCH(int, filter);
    QFETCH(bool, estimated);
    QFETCH(qint64, rows);
    Store &store = storeOfRow();
    TxQuery q;
    switch (filter) {
    case 1: q.state = TxState::Done; break;
    case 2: q.state = TxState::Pending; break;
    case 3: q.state = TxState::Canceled; break;
    case 4: q.account = QStringLiteral("acct-0042"); break;
    case 5: q.text = QStringLiteral("0000042"); break;
    case 6:
        q.stuckOnly = true;
        q.stuckForMs = 60'000;
        break;
    case 7: q.kind = TxKind::Compensation; break;
    case 8:
        q.state = TxState::Done;
        q.account = QStringLiteral("acct-0042");
        break;
    default: break;
    }
    q.limit = 10; // ignored: the whole listing is tallied
    q.offset = 20;
    auto tally = tallyTransactions(store, q, kLine);
    QVERIFY2(tally.ok(), qPrintable(tally.error().toString()));
    TxQuery whole = q;
    whole.limit = -1;
    whole.offset = 0;
    auto count = store.transactionCount(whole);
    QVERIFY(count.ok());
    QCOMPARE(tally->exact, !estimated);
    if (estimated) {
        QVERIFY2(qAbs(tally->count - *count) <= slackOf(store, *count),
                 qPrintable(QStringLiteral("estimate %1, count %2").arg(tally->count).arg(*count)));
    } else {
        QCOMPARE(tally->count, *count);
    }
    QCOMPARE(*count, rows);
}

void TestTallies::everyState_data()
{
    QTest::addColumn<bool>("sharded");
    QTest::newRow("one") << false;
    QTest::newRow("sharded") << true;
}

void TestTallies::everyState()
{
    Store &store = storeOfRow();
    auto tallies = tallyByState(store, kLine);
    QVERIFY2(tallies.ok(), qPrintable(tallies.error().toString()));
    auto counts = store.countByState();
    QVERIFY(counts.ok());
    for (TxState s : allTxStates()) {
        const Tally t = tallies->value(s);
        if (s == TxState::Done) {
            QVERIFY(!t.exact);
            QVERIFY2(qAbs(t.count - counts->value(s)) <= slackOf(store, kRows),
                     qPrintable(QStringLiteral("done estimated %1, counted %2").arg(t.count).arg(counts->value(s))));
        } else {
            QVERIFY2(t.exact, qPrintable(nameOf(s)));
            QCOMPARE(t.count, counts->value(s));
        }
    }
}

// Canceled grows as done does: where the database's statistics make it long (PostgreSQL, just
// analyzed by the fixture), it is their figure, close to the count; where there are none
// (SQLite), it is counted. Pending, as long, is always counted: an operator acts on it.
void TestTallies::canceledByTheStatistics()
{
    Store &store = storeOfRow();
    constexpr qint64 kLow = 50; // canceled is ~113 of the 6,000 rows, pending ~61
    auto tallies = tallyByState(store, kLow);
    QVERIFY2(tallies.ok(), qPrintable(tallies.error().toString()));
    auto counts = store.countByState();
    QVERIFY(counts.ok());
    const Tally canceled = tallies->value(TxState::Canceled);
    const bool statistics = !serverDatabasesOf(store.location()).isEmpty();
    QCOMPARE(canceled.exact, !statistics);
    QVERIFY2(qAbs(canceled.count - counts->value(TxState::Canceled)) <= (statistics ? counts->value(TxState::Canceled) / 10 : 0),
             qPrintable(QStringLiteral("canceled %1, counted %2").arg(canceled.count).arg(counts->value(TxState::Canceled))));
    QCOMPARE(tallies->value(TxState::Pending), (Tally{counts->value(TxState::Pending), true}));
    TxQuery q;
    q.state = TxState::Canceled;
    auto listing = tallyTransactions(store, q, kLow);
    QVERIFY(listing.ok());
    QCOMPARE(*listing, canceled);
}

// Where near is enough (a jump sorted by state): every state by the statistics where the database
// keeps them (PostgreSQL), none counted; where it keeps none (SQLite), tallyByState.
void TestTallies::roughlyByTheStatistics()
{
    Store &store = storeOfRow();
    auto rough = tallyByStateRoughly(store, kLine);
    QVERIFY2(rough.ok(), qPrintable(rough.error().toString()));
    auto counts = store.countByState();
    QVERIFY(counts.ok());
    const bool statistics = !serverDatabasesOf(store.location()).isEmpty();
    if (!statistics) {
        QCOMPARE(*rough, *tallyByState(store, kLine));
        return;
    }
    qint64 sum = 0;
    for (TxState s : allTxStates()) {
        const Tally t = rough->value(s);
        QVERIFY2(!t.exact, qPrintable(nameOf(s)));
        sum += t.count;
        // Pending (~1 %) and canceled (~2 %) are among the statistics' most common values.
        if (s == TxState::Done || s == TxState::Pending || s == TxState::Canceled)
            QVERIFY2(qAbs(t.count - counts->value(s)) <= qMax<qint64>(slackOf(store, kRows), counts->value(s) / 5),
                     qPrintable(QStringLiteral("%1 estimated %2, counted %3").arg(nameOf(s)).arg(t.count).arg(counts->value(s))));
    }
    QVERIFY2(qAbs(sum - kRows) <= slackOf(store, kRows), qPrintable(QString::number(sum)));
    // Below the line, counted as ever.
    QCOMPARE(*tallyByStateRoughly(store), *tallyByState(store));
}

void TestTallies::exactBelowTheLine()
{
    for (Store *store : {&m_one->store(), &m_sharded->store()}) {
        auto tallies = tallyByState(*store);
        QVERIFY(tallies.ok());
        for (const Tally &t : std::as_const(*tallies))
            QVERIFY(t.exact);
        auto all = tallyTransactions(*store, {});
        QVERIFY(all.ok());
        QCOMPARE(*all, (Tally{kRows, true}));
    }
}

void TestTallies::anEmptyStoreIsCounted()
{
    // No figure yet (a fresh PostgreSQL table has no statistics), or a figure of nothing: below
    // the line, counted.
    TempStore empty;
    auto all = tallyTransactions(empty.store(), {});
    QVERIFY2(all.ok(), qPrintable(all.error().toString()));
    QCOMPARE(*all, (Tally{0, true}));
    auto figure = empty.store().transactionTotalEstimate();
    QVERIFY(figure.ok());
    QVERIFY(!*figure || **figure == 0);
}

void TestTallies::theFigureFollowsGrowth()
{
    // Half as many rows again, without ANALYZE: PostgreSQL's figure scales its density by the
    // pages the table has now, SQLite's is the last row number. (Run as @pgshards, the store is
    // sharded: the rows go into one member, and the figure is the members' sum.)
    RawSql raw(m_one->locationOfAccount(QStringLiteral("acct-0000")));
    QVERIFY(raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                                    "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, "
                                    "last_modified, owner, epoch, attempts) "
                                    "SELECT 'tx-more-' || i, t.kind, t.source, t.destination, t.amount, t.memo, t.state, t.created_at, "
                                    "t.last_modified, t.owner, t.epoch, t.attempts FROM n, (SELECT * FROM transactions LIMIT 1) t")
                         .arg(kRows / 2)));
    const qint64 rows = kRows + kRows / 2;
    auto all = tallyTransactions(m_one->store(), {}, kLine);
    QVERIFY(all.ok());
    QVERIFY(!all->exact);
    // Within a tenth (the new rows fill their pages a little differently from a bulk load).
    const qint64 slack = slackOf(m_one->store(), rows) == 0 ? 0 : rows / 10;
    QVERIFY2(qAbs(all->count - rows) <= slack, qPrintable(QStringLiteral("estimate %1, rows %2").arg(all->count).arg(rows)));
}

QTEST_GUILESS_MAIN(TestTallies)
#include "tst_tallies.moc"
