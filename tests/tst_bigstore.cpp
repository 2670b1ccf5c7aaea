// A store with a million transactions: the console's table opens at once — on the database's own
// figure for its count, not a count of a million rows, and a screenful of rows (how long it took
// is logged, never asserted) — its scrollbar spans the real count, and opening it, jumping to the
// last row, sorting and filtering each fetch only a bounded number of rows — never the whole
// table — and each shows its rows in the order asked for.
#include "jobrunner.h"
#include "models/transactiontablemodel.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {
constexpr int kRows = 1'000'000;
constexpr int kWaitMs = 60'000;
// What a view may fetch for one screenful: the page it shows and the next one at most.
constexpr int kBoundedRows = 3 * PagedTableModel::kPageSize;
} // namespace

class TestBigStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void openScrollSortFilter();

private:
    std::unique_ptr<TempStore> m_store;
};

void TestBigStore::initTestCase()
{
    m_store = std::make_unique<TempStore>();
    QElapsedTimer timer;
    timer.start();
    // A fixture, not the protocol: one statement writes a million finished-looking documents
    // (every 97th pending, every 53rd canceled), one second apart, oldest first.
    RawSql raw(m_store->path());
    QVERIFY(raw.exec(
        QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                       "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, last_modified, owner, "
                       "epoch, attempts) "
                       "SELECT printf('tx-big-%07d', i), 'transfer', 'acct-' || (i % 50), 'acct-' || ((i + 7) % 50), 100 + (i % 9973), '', "
                       "CASE WHEN i % 97 = 0 THEN 'pending' WHEN i % 53 = 0 THEN 'canceled' ELSE 'done' END, "
                       "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (%1 - i) || ' seconds'), "
                       "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (%1 - i) || ' seconds'), 'seed', 1, 1 FROM n")
            .arg(kRows)));
    qInfo("seeded %d transactions in %lld ms", kRows, static_cast<long long>(timer.elapsed()));
    QCOMPARE(*m_store->store().transactionCount({}), qint64(kRows));
}

void TestBigStore::openScrollSortFilter()
{
    StoreSession session;
    TransactionTableModel model(&session);
    QTableView view;
    view.setModel(&model);
    view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view.verticalHeader()->setDefaultSectionSize(22);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QElapsedTimer timer;
    timer.start();
    OpenedStore opened;
    opened.config = m_store->config();
    session.install(opened);
    // Opened when the count is in and the view has painted its first screen of real rows.
    QVERIFY(QTest::qWaitFor([&] { return model.rowCount() == kRows && model.rowsFetched() > 0 && !model.isLoading(); }, kWaitMs));
    qInfo("open: count and first screen in %lld ms", static_cast<long long>(timer.elapsed()));
    // At once: the count is the store's figure (store/tallies.h: every transaction of a long
    // ledger), read from the end of an index, not counted; and only a screenful was read.
    QVERIFY(!model.countIsExact());
    QVERIFY2(model.rowsFetched() <= kBoundedRows, qPrintable(QString::number(model.rowsFetched())));
    // The scrollbar spans every row, not just the loaded ones.
    QVERIFY(view.verticalScrollBar()->maximum() > kRows - 100);
    QCOMPARE(model.keyAt(0), QStringLiteral("tx-big-1000000")); // keyAt reads the cache, never fetches

    // Jump to the last row.
    const qint64 beforeJump = model.rowsFetched();
    timer.restart();
    view.scrollToBottom();
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.keyAt(kRows - 1) == QLatin1String("tx-big-0000001"); }, kWaitMs));
    qInfo("jump to the last row in %lld ms", static_cast<long long>(timer.elapsed()));
    QVERIFY2(model.rowsFetched() - beforeJump <= kBoundedRows, qPrintable(QString::number(model.rowsFetched() - beforeJump)));

    // Scrolling all over the million rows: the cache of pages stays bounded.
    // (Distinct pages among the first 200,000 rows: deep OFFSETs would only make this slow.)
    constexpr int kPlaces = PagedTableModel::kMaxCachedPages + 16;
    for (int i = 0; i < kPlaces; ++i) {
        const int row = ((i * 997) % 1000) * PagedTableModel::kPageSize;
        view.scrollTo(model.index(row, 0), QAbstractItemView::PositionAtTop);
        QVERIFY(QTest::qWaitFor([&] { return !model.keyAt(row).isEmpty() && !model.isLoading(); }, kWaitMs));
    }
    qInfo("after scrolling to %d places: %d pages fetched, %d cached", kPlaces, model.pagesFetched(), model.pagesCached());
    QVERIFY(model.pagesFetched() > PagedTableModel::kMaxCachedPages);
    QVERIFY(model.pagesCached() <= PagedTableModel::kMaxCachedPages);

    // Sort by amount, by age, filter by account text and by state: each a new query, each bounded,
    // and each listing's first rows as worked out from the fixture (row i: amount 100 + i % 9973,
    // created i seconds after the first, from acct-(i % 50) to acct-((i + 7) % 50), pending when
    // i % 97 == 0). The filters keep the sort by age.
    const auto ids = [](std::initializer_list<int> rows) {
        QStringList out;
        for (int i : rows)
            out << QStringLiteral("tx-big-%1").arg(i, 7, 10, QLatin1Char('0'));
        return out;
    };
    struct Query {
        std::function<void()> run;
        QStringList firstRows;
    };
    const Query steps[] = {
        // The largest amount, 10,072 (i % 9973 == 9972), the largest i first (ties by id, the same way round).
        {[&] { model.sort(TransactionTableModel::AmountColumn, Qt::DescendingOrder); }, ids({997'299, 987'326, 977'353})},
        // The oldest first.
        {[&] { model.sort(TransactionTableModel::AgeColumn, Qt::DescendingOrder); }, ids({1, 2, 3})},
        // acct-17 as the destination (i % 50 == 10) or the source (i % 50 == 17).
        {[&] {
             TxQuery text;
             text.text = QStringLiteral("acct-17");
             model.setFilter(text);
         },
         ids({10, 17, 60, 67})},
        {[&] {
             TxQuery pending;
             pending.state = TxState::Pending;
             model.setFilter(pending);
         },
         ids({97, 194, 291})},
    };
    for (const Query &step : steps) {
        const qint64 before = model.rowsFetched();
        timer.restart();
        step.run();
        QVERIFY(QTest::qWaitFor(
            [&] {
                QCoreApplication::processEvents();
                return !model.isLoading() && model.rowCount() > 0 && model.transactionAt(view.rowAt(0) < 0 ? 0 : view.rowAt(0)).has_value();
            },
            kWaitMs));
        qInfo("new query answered in %lld ms, %lld rows fetched", static_cast<long long>(timer.elapsed()),
              static_cast<long long>(model.rowsFetched() - before));
        QVERIFY2(model.rowsFetched() - before <= kBoundedRows, qPrintable(QString::number(model.rowsFetched() - before)));
        // The top of the listing, as the view shows it.
        view.scrollToTop();
        QVERIFY(QTest::qWaitFor(
            [&] {
                QCoreApplication::processEvents();
                return !model.isLoading() && !model.keyAt(int(step.firstRows.size()) - 1).isEmpty();
            },
            kWaitMs));
        QStringList shown;
        for (int row = 0; row < step.firstRows.size(); ++row)
            shown << model.keyAt(row);
        QCOMPARE(shown, step.firstRows);
    }
    QCOMPARE(model.rowCount(), kRows / 97);
    for (int row = 0; row < 3; ++row)
        QCOMPARE(model.transactionAt(row)->state, TxState::Pending);
}

QTEST_MAIN(TestBigStore)
#include "tst_bigstore.moc"
