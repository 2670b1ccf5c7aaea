// The console's models under QAbstractItemModelTester: the paged transaction, account and
// journal models through resets (filters, sorts), inserts and removals (live refreshes), and the
// navigator and findings models; stale answers are dropped, rows match the store.
#include "operations/demo.h"
#include "jobrunner.h"
#include "ledger/money.h"
#include "models/accounttablemodel.h"
#include "models/findingsmodel.h"
#include "models/journalmodel.h"
#include "models/navigatormodel.h"
#include "models/transactiontablemodel.h"
#include "operations/overview.h"
#include "protocol/coordinator.h"
#include "protocol/recovery.h"
#include "store/fixtures/consolefixture.h"
#include "store/paging.h"
#include "store/tallies.h"
#include "storeopener.h"
#include "testsupport.h"
#include "widgets/counttext.h"

#include <QAbstractItemModelTester>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang

// Reads every cell once (what a view scrolling through would do) and waits for the pages.
bool loadAll(PagedTableModel &model)
{
    for (int r = 0; r < model.rowCount(); ++r)
        model.data(model.index(r, 0));
    return QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs);
}

// Rows `from`..`to` as a view shows them (their cells asked for) until each has its document.
bool showRows(PagedTableModel &model, int from, int to)
{
    return QTest::qWaitFor(
        [&] {
            bool all = true;
            for (int r = from; r <= to; ++r) {
                model.data(model.index(r, 0));
                all = all && !model.keyAt(r).isEmpty();
            }
            return all && !model.isLoading();
        },
        kWaitMs);
}

void fillStore(Store &store)
{
    DemoOptions options;
    options.transfers = 150;
    options.stuck = 10;
    auto report = fillDemo(store, options);
    if (!report.ok())
        qFatal("demo: %s", qPrintable(report.error().toString()));
}

// A demo store, a session open on it, and the model under QAbstractItemModelTester.
template <typename Model> struct Fixture {
    TempStore store;
    StoreSession session;
    Model model{&session};
    QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    Fixture()
    {
        fillStore(store.store());
        OpenedStore opened;
        opened.config = store.config();
        // As the store reads (DynamoDB only by key: where a page is exact); every sort offered,
        // so that each is checked against the store's answer.
        opened.readsByPosition = store.store().readsByPosition();
        session.install(opened); // the model counts when the session says opened()
    }
};

// A listing long enough for key paging and for a jump's estimated place: `rows` transfers a
// second apart, written by SQL, and the model on it (newest first, as the console opens).
struct LongListing {
    TempStore store;
    StoreSession session;
    TransactionTableModel model{&session};
    QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};

    explicit LongListing(int rows)
    {
        RawSql raw(store.path());
        insert(raw, 1, rows, 0);
        OpenedStore opened;
        opened.config = store.config();
        session.install(opened);
    }
    // Rows `from`..`to`, the newer the larger i, `offsetSeconds` from now.
    static bool insert(RawSql &raw, int from, int to, int offsetSeconds)
    {
        if (onPostgres()) // times in milliseconds, as the store writes them (ledger_now())
            return raw.exec(QStringLiteral("INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, "
                                           "last_modified, owner, epoch, attempts) "
                                           "SELECT 'tx-long-' || lpad(i::text, 6, '0'), 'transfer', 'a', 'b', 100 + i, '', 'done', "
                                           "ledger_now() + make_interval(secs => %3 - (%2 - i)), "
                                           "ledger_now() + make_interval(secs => %3 - (%2 - i)), "
                                           "'seed', 1, 1 FROM generate_series(%1, %2) i")
                                .arg(from)
                                .arg(to)
                                .arg(offsetSeconds));
        return raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT %1 UNION ALL SELECT i + 1 FROM n WHERE i < %2) "
                                       "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, "
                                       "last_modified, owner, epoch, attempts) "
                                       "SELECT printf('tx-long-%06d', i), 'transfer', 'a', 'b', 100 + i, '', 'done', "
                                       "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '%3 seconds', '-' || (%2 - i) || ' seconds'), "
                                       "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '%3 seconds', '-' || (%2 - i) || ' seconds'), 'seed', 1, 1 "
                                       "FROM n")
                            .arg(from)
                            .arg(to)
                            .arg(offsetSeconds >= 0 ? QStringLiteral("+%1").arg(offsetSeconds) : QString::number(offsetSeconds)));
    }
    QStringList listing()
    {
        QStringList ids;
        for (const Transaction &t : *store.store().transactions(model.query()))
            ids << t.id;
        return ids;
    }
    bool show(int from, int to) { return showRows(model, from, to); }
    // Scrolls a view of 40 rows from `from` to `to` (either way), a screen at a time.
    bool scroll(int from, int to)
    {
        const int step = from <= to ? 40 : -40;
        for (int top = from; step > 0 ? top <= to : top >= to; top += step) {
            if (!show(std::max(0, top), std::min(model.rowCount() - 1, top + 39)))
                return false;
        }
        return true;
    }
    QStringList keys(int from, int to) const
    {
        QStringList list;
        for (int r = from; r <= to; ++r)
            list << model.keyAt(r);
        return list;
    }
};

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transactionsMatchTheStore();
    void transactionsInsertAndRemoveOnRefresh();
    void transactionsTellKindAndEveryAccount();
    void transactionsSortAndFilter();
    void sortsOnlyByTheStoresIndexes();
    void aListingNotCountedShowsItsRows();
    void staleAnswersAreDropped();
    void stalePagesAreDropped();
    void transactionsScrollByKey();
    void transactionsRefreshKeepsThePlace();
    void transactionsEstimatedWhenLong();
    void knownCountShownAtOnce();
    void estimateMeetsInTheMiddle();
    void accounts();
    void accountsScrollByKey_data();
    void accountsScrollByKey();
    void journal();
    void journalSaysWhatWasDoneInWords();
    void journalScrollsByKey_data() { accountsScrollByKey_data(); }
    void journalScrollsByKey();
    void navigator();
    void countTexts_data();
    void countTexts();
    void findings();
};

void TestModels::transactionsMatchTheStore()
{
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QCOMPARE(model.rowCount(), int(*f.store.store().transactionCount({})));
    QVERIFY(loadAll(model));
    TxQuery newest;
    newest.descending = true;
    newest.limit = 1;
    const Transaction first = f.store.store().transactions(newest)->first();
    QCOMPARE(model.data(model.index(0, TransactionTableModel::IdColumn), TransactionTableModel::IdRole).toString(), first.id);
    QCOMPARE(model.data(model.index(0, TransactionTableModel::StateColumn)).toString(), nameOf(first.state));
    QCOMPARE(model.data(model.index(0, TransactionTableModel::AmountColumn)).toString(), money::format(first.amount, 2));
    QVERIFY(model.rowsFetched() >= model.rowCount());
    QCOMPARE(model.pagesCached(), (model.rowCount() + PagedTableModel::kPageSize - 1) / PagedTableModel::kPageSize);

    // A row not loaded yet shows the placeholder until its page arrives (a model no tester reads).
    TransactionTableModel fresh(&f.session);
    fresh.refresh(); // made after the store opened: it reads when asked
    QVERIFY(QTest::qWaitFor([&] { return !fresh.isLoading() && fresh.rowCount() > 0; }, kWaitMs));
    QCOMPARE(fresh.data(fresh.index(0, 0)).toString(), QStringLiteral("…"));
    QVERIFY(QTest::qWaitFor([&] { return !fresh.isLoading(); }, kWaitMs));
    QCOMPARE(fresh.data(fresh.index(0, 0), TransactionTableModel::IdRole).toString(), first.id);
}

void TestModels::transactionsTellKindAndEveryAccount()
{
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    Coordinator c(f.store.store(), {});
    const QString original = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 7, QString(), QString()}).tx->id;
    const QString compensation = c.compensate(original, QStringLiteral("wrong")).tx->id;
    TransferRequest split;
    split.legs = {{QStringLiteral("alice"), LegSide::Debit, 9},
                  {QStringLiteral("bob"), LegSide::Credit, 6},
                  {QStringLiteral("acme-corp"), LegSide::Credit, 3}};
    const QString three = c.transfer(split).tx->id;
    model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QVERIFY(loadAll(model));
    const auto cell = [&](const QString &id, int column, int role = Qt::DisplayRole) {
        for (int r = 0; r < model.rowCount(); ++r) {
            if (model.data(model.index(r, 0), TransactionTableModel::IdRole).toString() == id)
                return model.data(model.index(r, column), role).toString();
        }
        return QStringLiteral("(no row)");
    };
    QCOMPARE(cell(compensation, TransactionTableModel::KindColumn), QStringLiteral("compensation"));
    QCOMPARE(cell(compensation, TransactionTableModel::KindColumn, Qt::ToolTipRole), QStringLiteral("Compensation of %1").arg(original));
    QCOMPARE(cell(original, TransactionTableModel::KindColumn), QStringLiteral("transfer, compensated"));
    QCOMPARE(cell(three, TransactionTableModel::KindColumn), QStringLiteral("transfer"));
    QCOMPARE(cell(three, TransactionTableModel::SourceColumn), QStringLiteral("alice"));
    QCOMPARE(cell(three, TransactionTableModel::DestinationColumn), QStringLiteral("bob, acme-corp"));
    QCOMPARE(cell(three, TransactionTableModel::AmountColumn), QStringLiteral("0.09"));
}

void TestModels::transactionsInsertAndRemoveOnRefresh()
{
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    TxQuery stuck;
    stuck.stuckOnly = true;
    stuck.stuckForMs = 0;
    model.setFilter(stuck);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0; }, kWaitMs));
    QVERIFY(loadAll(model));
    const int before = model.rowCount();

    // Two more stuck transfers appear elsewhere: a refresh inserts their rows.
    for (int i = 0; i < 2; ++i) {
        CoordinatorOptions o;
        o.hook = abandonAfterHook(Step::HoldDebit);
        Coordinator(f.store.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()});
    }
    model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() == before + 2; }, kWaitMs));
    QVERIFY(loadAll(model));

    // Recovery finishes them all: a refresh removes every row.
    RecoveryOptions r;
    r.olderThanMs = 0;
    recoverStuck(connectorOf(f.store.config()), r);
    model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() == 0; }, kWaitMs));
}

void TestModels::transactionsSortAndFilter()
{
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    model.sort(TransactionTableModel::AmountColumn, Qt::DescendingOrder);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QVERIFY(loadAll(model));
    for (int r = 1; r < model.rowCount(); ++r)
        QVERIFY(model.transactionAt(r - 1)->amount >= model.transactionAt(r)->amount);

    TxQuery done;
    done.state = TxState::Done;
    done.text = QStringLiteral("alice");
    model.setFilter(done);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QVERIFY(loadAll(model));
    QVERIFY(model.rowCount() > 0);
    for (int r = 0; r < model.rowCount(); ++r) {
        const Transaction tx = *model.transactionAt(r);
        QCOMPARE(tx.state, TxState::Done);
        QVERIFY(tx.source.contains(QStringLiteral("alice")) || tx.destination.contains(QStringLiteral("alice"))
                || tx.id.contains(QStringLiteral("alice")));
    }
    // Still sorted by amount: a filter keeps the operator's sort.
    for (int r = 1; r < model.rowCount(); ++r)
        QVERIFY(model.transactionAt(r - 1)->amount >= model.transactionAt(r)->amount);
}

void TestModels::sortsOnlyByTheStoresIndexes()
{
    // Opened as the console opens a store (openForConsole): DynamoDB says it sorts transactions
    // by age and by state only (StoreQueries::sortsByIndex), the SQL stores by every column.
    TempStore store;
    fillStore(store.store());
    StoreSession session;
    TransactionTableModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Sorted by amount before (no store open: any sort goes), as on a store that had an index.
    model.sort(TransactionTableModel::AmountColumn, Qt::DescendingOrder);
    QCOMPARE(model.query().sortKey, TxSortKey::Amount);
    const OpenedStore opened = openForConsole(store.config(), OpenMode::Existing, QStringLiteral("test"));
    QVERIFY2(opened.error.ok(), qPrintable(opened.error.toString()));
    QCOMPARE(opened.readsByPosition, !onDynamo());
    session.install(opened);
    // On DynamoDB that sort has no index: the listing opens newest first.
    QCOMPARE(model.query().sortKey, onDynamo() ? TxSortKey::CreatedAt : TxSortKey::Amount);
    QCOMPARE(model.query().descending, true);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0; }, kWaitMs));
    QVERIFY(model.isSortable(TransactionTableModel::AgeColumn));
    QVERIFY(model.isSortable(TransactionTableModel::StateColumn));
    QCOMPARE(model.isSortable(TransactionTableModel::AmountColumn), !onDynamo());
    QCOMPARE(model.isSortable(TransactionTableModel::IdColumn), !onDynamo());
    QVERIFY(!model.isSortable(TransactionTableModel::KindColumn));
    // Asked for a sort it has no index for (a header state saved on another store), the model
    // keeps the listing it has.
    const TxSortKey before = model.query().sortKey;
    model.sort(TransactionTableModel::KindColumn, Qt::DescendingOrder);
    QCOMPARE(model.query().sortKey, before);
    model.sort(TransactionTableModel::AmountColumn, Qt::AscendingOrder);
    QCOMPARE(model.query().sortKey, onDynamo() ? before : TxSortKey::Amount);
    // By state, either store: the rows are the store's listing by state.
    model.sort(TransactionTableModel::StateColumn, Qt::AscendingOrder);
    QCOMPARE(model.query().sortKey, TxSortKey::State);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QVERIFY(loadAll(model));
    auto listing = store.store().transactions(model.query());
    QVERIFY(listing.ok());
    QCOMPARE(model.rowCount(), int(listing->size()));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.keyAt(r), listing->at(r).id);
}

void TestModels::aListingNotCountedShowsItsRows()
{
    // Compensations: counted on SQL; on DynamoDB not counted (no index narrows a kind: it would
    // read the table, store/tallies.h), the first page read for one row, the rows then as many
    // as it holds.
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    TxQuery compensations;
    compensations.kind = TxKind::Compensation;
    model.setFilter(compensations);
    const qint64 count = *f.store.store().transactionCount(compensations);
    QVERIFY(count > 0);
    // As a view showing the table's last row asks for it.
    QVERIFY(QTest::qWaitFor(
        [&] {
            if (model.rowCount() > 0)
                model.data(model.index(model.rowCount() - 1, 0));
            return !model.isLoading() && model.rowCount() == count;
        },
        kWaitMs));
    // The first page held them all: that is a count now.
    QVERIFY(model.countIsExact());
    QVERIFY(!model.countIsAtLeast());
    QVERIFY(loadAll(model));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.transactionAt(r)->kind, TxKind::Compensation);
    // A refresh (on DynamoDB every second) counts again, not counted again: the pages keep it.
    const auto settled = [&] { return !model.isLoading() && model.rowCount() == count && model.countIsExact() && !model.countIsAtLeast(); };
    QSignalSpy counts(&model, &PagedTableModel::countChanged);
    model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !counts.isEmpty() && settled(); }, kWaitMs));
    for (const QList<QVariant> &c : std::as_const(counts))
        QCOMPARE(c.at(0).toLongLong(), count); // never down to one row and back
    // One more: the refresh's first page says so (the count is not taken again on DynamoDB).
    TxQuery done;
    done.state = TxState::Done;
    done.kind = TxKind::Transfer;
    QString original;
    for (const Transaction &t : *f.store.store().transactions(done)) {
        if (t.compensatedBy.isEmpty()) {
            original = t.id;
            break;
        }
    }
    QVERIFY(!original.isEmpty());
    // (Done or refused for funds, it is one more compensation document.)
    Coordinator(f.store.store(), {}).compensate(original, QStringLiteral("test"));
    QCOMPARE(*f.store.store().transactionCount(compensations), count + 1);
    model.refresh();
    QVERIFY(QTest::qWaitFor(
        [&] {
            model.data(model.index(model.rowCount() - 1, 0)); // as a view showing its last row
            return !model.isLoading() && model.rowCount() == count + 1 && model.countIsExact();
        },
        kWaitMs));

    // A listing of exactly one row (a text no index narrows on DynamoDB): counted by its page.
    TxQuery one;
    one.text = model.transactionAt(0)->id;
    model.setFilter(one);
    QVERIFY(QTest::qWaitFor(
        [&] {
            if (model.rowCount() > 0)
                model.data(model.index(0, 0));
            return !model.isLoading() && model.rowCount() == 1 && model.countIsExact();
        },
        kWaitMs));
    QVERIFY(!model.countIsAtLeast());
}

void TestModels::staleAnswersAreDropped()
{
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    // Three queries in a row without waiting: only the last one's rows may show.
    for (TxState s : {TxState::Done, TxState::Canceled, TxState::Pending}) {
        TxQuery q;
        q.state = s;
        model.setFilter(q);
    }
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QVERIFY(loadAll(model));
    TxQuery pending;
    pending.state = TxState::Pending;
    QCOMPARE(model.rowCount(), int(*f.store.store().transactionCount(pending)));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.transactionAt(r)->state, TxState::Pending);
}

void TestModels::stalePagesAreDropped()
{
    // A count and pages asked for under one query, answered after the next one started, must not
    // show. Held back on purpose, not raced: every thread of the session's pool is kept busy by a
    // job waiting on a gate, so what the model asks for waits in the pool's queue; then one thread
    // is let through, and the queue runs in the order it was asked for: the done listing's count
    // and pages first, the canceled listing's after.
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0; }, kWaitMs));
    JobRunner *jobs = f.session.jobs();
    auto started = std::make_shared<QSemaphore>();
    auto gate = std::make_shared<QSemaphore>();
    const auto open = qScopeGuard([&] { gate->release(JobRunner::kThreads); }); // the pool is never left blocked
    for (int i = 0; i < JobRunner::kThreads; ++i)
        jobs->run<Result<bool>>(
            &model,
            [started, gate](LedgerService &) -> Result<bool> {
                started->release();
                gate->acquire();
                return true;
            },
            [](Result<bool>) {});
    QVERIFY(started->tryAcquire(JobRunner::kThreads, kWaitMs));

    TxQuery done;
    done.state = TxState::Done;
    const qint64 doneCount = *f.store.store().transactionCount(done);
    TxQuery canceled;
    canceled.state = TxState::Canceled;
    const qint64 canceledCount = *f.store.store().transactionCount(canceled);
    QVERIFY(doneCount > 0 && canceledCount > 0 && canceledCount != doneCount);
    model.setFilter(done, doneCount); // the count known at once (as the navigator's): its first page is asked for now
    model.data(model.index(0, 0));    // as a view showing the top
    QCOMPARE(model.rowCount(), int(doneCount));
    QVERIFY(model.isLoading());
    QVERIFY(model.keyAt(0).isEmpty());
    QVERIFY2(jobs->running() >= JobRunner::kThreads + 2, qPrintable(QString::number(jobs->running()))); // a count and a page wait

    QSignalSpy counts(&model, &PagedTableModel::countChanged);
    QStringList shownStale; // a row of another state shown at any moment
    connect(&model, &PagedTableModel::pageLoaded, this, [&] {
        for (int row : model.loadedRows(0, model.rowCount() - 1)) {
            if (model.transactionAt(row)->state != TxState::Canceled)
                shownStale << model.keyAt(row);
        }
    });
    model.setFilter(canceled); // while the done count and pages wait
    counts.clear();
    gate->release(); // one thread through the queue, in order
    QVERIFY(QTest::qWaitFor(
        [&] {
            if (model.rowCount() > 0)
                model.data(model.index(0, 0));
            return jobs->running() == JobRunner::kThreads - 1 && !model.isLoading() && model.rowCount() > 0;
        },
        kWaitMs));
    // Every answer of the done listing came back (nothing waits in the pool but the gate) and none
    // of it showed: the counts said were the canceled listing's, and every row shown was canceled.
    QVERIFY(!counts.isEmpty());
    for (const QList<QVariant> &said : std::as_const(counts))
        QCOMPARE(said.first().toLongLong(), canceledCount);
    QVERIFY2(shownStale.isEmpty(), qPrintable(shownStale.join(QLatin1Char(' '))));
    QVERIFY(loadAll(model));
    QCOMPARE(model.rowCount(), int(canceledCount));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.transactionAt(r)->state, TxState::Canceled);
}

// Pages next to a loaded one are read from its row: scrolling down from the top gives exactly
// the listing; a jump lands near the place asked for and scrolling either way from there gives
// a run of the listing with no gap or repeat; the top and the end are exact whatever came before.
void TestModels::transactionsScrollByKey()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    const int rows = 2 * int(kExactRows) + 5'000;
    LongListing f(rows);
    QVERIFY(QTest::qWaitFor([&] { return f.model.rowCount() == rows && !f.model.isLoading(); }, kWaitMs));
    const QStringList ids = f.listing();
    QCOMPARE(ids.size(), rows);

    QVERIFY(f.scroll(0, 1'000));
    QCOMPARE(f.keys(0, 1'039), ids.mid(0, 1'040));

    const int middle = rows / 2;
    QVERIFY(f.show(middle, middle + 39));
    const qsizetype at = ids.indexOf(f.model.keyAt(middle));
    QVERIFY2(std::abs(at - middle) <= 2, qPrintable(QStringLiteral("landed at %1 for %2").arg(at).arg(middle)));
    QVERIFY(f.scroll(middle - 40, middle - 600));
    QVERIFY(f.scroll(middle + 40, middle + 600));
    QCOMPARE(f.keys(middle - 600, middle + 639), ids.mid(at - 600, 1'240));

    QVERIFY(f.show(rows - 40, rows - 1));
    QCOMPARE(f.keys(rows - 40, rows - 1), ids.mid(rows - 40));
    QVERIFY(f.scroll(rows - 80, rows - 480));
    QCOMPARE(f.keys(rows - 480, rows - 1), ids.mid(rows - 480));
    QVERIFY(f.show(0, 39));
    QCOMPARE(f.keys(0, 39), ids.mid(0, 40));
    QVERIFY2(f.model.rowsFetched() < 8'000, qPrintable(QString::number(f.model.rowsFetched()))); // pages, never the listing
}

// A refresh while scrolled deep: the rows on screen keep their documents (each page read again
// from where it was, not from a position that rows arriving above have moved); the top then
// shows what arrived, and scrolling down from it gives exactly the listing.
void TestModels::transactionsRefreshKeepsThePlace()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    const int rows = 2 * int(kExactRows) + 5'000;
    LongListing f(rows);
    QVERIFY(QTest::qWaitFor([&] { return f.model.rowCount() == rows && !f.model.isLoading(); }, kWaitMs));
    const int middle = rows / 2;
    QVERIFY(f.show(middle - 190, middle + 39)); // across a page's edge
    const QStringList before = f.keys(middle - 190, middle + 39);

    RawSql raw(f.store.path());
    QVERIFY(LongListing::insert(raw, rows + 1, rows + 30, 60)); // 30 newer than all, a minute ahead
    f.model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return f.model.rowCount() == rows + 30 && !f.model.isLoading(); }, kWaitMs));
    QVERIFY(f.show(middle - 190, middle + 39));
    QCOMPARE(f.keys(middle - 190, middle + 39), before);

    const QStringList ids = f.listing();
    QVERIFY(f.scroll(0, 400));
    QCOMPARE(f.keys(0, 439), ids.mid(0, 440));
    QCOMPARE(f.model.keyAt(0), QStringLiteral("tx-long-%1").arg(rows + 30, 6, 10, QLatin1Char('0')));
}

// A listing past the line of store/tallies.h: every transaction is the database's estimate, said
// to be one, and the list still ends with the listing's last rows (read from the end); a state
// of few rows is counted exactly.
void TestModels::transactionsEstimatedWhenLong()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    const int rows = int(kExactBelow) + 5'000;
    LongListing f(rows);
    if (onPostgres()) { // a ledger that has been running has its statistics (autovacuum)
        RawSql raw(f.store.path());
        QVERIFY(raw.exec(QStringLiteral("ANALYZE transactions")));
        f.model.refresh();
    }
    QVERIFY(QTest::qWaitFor([&] { return f.model.rowCount() > 0 && !f.model.isLoading(); }, kWaitMs));
    QVERIFY(!f.model.countIsExact());
    QVERIFY2(std::abs(f.model.rowCount() - rows) <= rows / 50, qPrintable(QString::number(f.model.rowCount())));
    const QStringList ids = f.listing();
    QVERIFY(f.show(0, 39));
    QCOMPARE(f.keys(0, 39), ids.mid(0, 40));
    const int last = f.model.rowCount() - 1;
    QVERIFY(f.show(last - 39, last));
    QCOMPARE(f.keys(last - 39, last), ids.mid(ids.size() - 40));

    TxQuery pending;
    pending.state = TxState::Pending;
    f.model.setFilter(pending);
    QVERIFY(QTest::qWaitFor([&] { return !f.model.isLoading(); }, kWaitMs));
    QVERIFY(f.model.countIsExact());
    QCOMPARE(f.model.rowCount(), 0);
}

// Sorted by id (read by position from the nearer end), with an estimate that is not the count
// (rows deleted under SQLite's last rowid; PostgreSQL's statistics): the pages around the middle,
// one read from each end, are still one listing — the one counted from the end is not taken as
// where it is, but read again from the page above it.
// A navigator entry chosen: the table shows the count the entry showed at once, as an estimate,
// reads its first page beside its own count, and ends with that count.
void TestModels::knownCountShownAtOnce()
{
    Fixture<TransactionTableModel> f;
    TransactionTableModel &model = f.model;
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    TxQuery done;
    done.state = TxState::Done;
    const qint64 counted = *f.store.store().transactionCount(done);
    QVERIFY(counted > 10);
    model.setFilter(done, counted - 3); // the entry's count, a little behind the store
    QCOMPARE(model.rowCount(), int(counted - 3));
    QVERIFY(!model.countIsExact());
    QVERIFY(model.isLoading());
    (void)model.data(model.index(0, 0)); // the view asks for its first rows before the count is in
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QCOMPARE(model.rowCount(), int(counted));
    QVERIFY(model.countIsExact());
    TxQuery first = model.query();
    first.limit = 1;
    QCOMPARE(model.keyAt(0), f.store.store().transactions(first)->first().id);
    // No count known (a typed filter): nothing shown until counted, as before.
    TxQuery typed = done;
    typed.text = QStringLiteral("tx");
    model.setFilter(typed);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0; }, kWaitMs));
}

void TestModels::estimateMeetsInTheMiddle()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    const int rows = int(kExactBelow) + 5'000;
    LongListing f(rows);
    {
        RawSql raw(f.store.path());
        QVERIFY(raw.exec(QStringLiteral("DELETE FROM transactions WHERE id IN (SELECT id FROM transactions ORDER BY id LIMIT 300)")));
        if (onPostgres())
            QVERIFY(raw.exec(QStringLiteral("ANALYZE transactions")));
    }
    TxQuery byId;
    f.model.setFilter(byId);
    f.model.sort(TransactionTableModel::IdColumn, Qt::AscendingOrder);
    QVERIFY(QTest::qWaitFor([&] { return f.model.rowCount() > 0 && !f.model.isLoading(); }, kWaitMs));
    QVERIFY(!f.model.countIsExact());
    const QStringList ids = f.listing();
    const int middle = f.model.rowCount() / 2;
    QVERIFY(f.show(middle - 250, middle + 250));
    const QStringList shown = f.keys(middle - 250, middle + 250);
    const qsizetype at = ids.indexOf(shown.first());
    QVERIFY(at >= 0);
    QCOMPARE(shown, ids.mid(at, shown.size()));
}

void TestModels::accounts()
{
    Fixture<AccountTableModel> f;
    AccountTableModel &model = f.model;
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0; }, kWaitMs));
    QVERIFY(loadAll(model));
    QCOMPARE(model.rowCount(), 13); // twelve demo accounts and @world
    QCOMPARE(model.data(model.index(0, AccountTableModel::IdColumn)).toString(), QStringLiteral("@world"));
    QCOMPARE(model.placeOf(0), QStringLiteral("@world")); // listed by id: the id says where
    QVERIFY(model.data(model.index(0, AccountTableModel::BalanceColumn)).toString().startsWith(QLatin1Char('-')));
    model.setFilterText(QStringLiteral("Corp"));
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    QVERIFY(loadAll(model));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, AccountTableModel::IdColumn)).toString(), QStringLiteral("acme-corp"));
    // A new account appears on refresh (an insert the tester checks).
    model.setFilterText(QString());
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, kWaitMs));
    openAccounts(f.store.store(), {QStringLiteral("zeta")}, 5);
    model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() == 14; }, kWaitMs));

    // Half-posted: zeta → omega 0.01 and alice 0.02, stopped after its first credit post (debits
    // first, then credits by account id: zeta's and alice's legs are posted, omega's is held). The
    // balances shown count it whole, every row's balance sums to zero, and what is not posted yet
    // is said.
    openAccounts(f.store.store(), {QStringLiteral("omega")}, 0);
    CoordinatorOptions o;
    o.hook = abandonAfterHook(Step::PostCredit);
    TransferRequest r;
    r.legs = {{QStringLiteral("zeta"), LegSide::Debit, 3},
              {QStringLiteral("omega"), LegSide::Credit, 1},
              {QStringLiteral("alice"), LegSide::Credit, 2}};
    QCOMPARE(Coordinator(f.store.store(), o).transfer(r).error.code, ErrorCode::Interrupted);
    model.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() == 15; }, kWaitMs));
    QVERIFY(loadAll(model));
    qint64 sum = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString id = model.data(model.index(row, AccountTableModel::IdColumn)).toString();
        const qint64 shown =
            QString(model.data(model.index(row, AccountTableModel::BalanceColumn)).toString()).remove(QLatin1Char('.')).toLongLong();
        sum += shown;
        const QString notPosted = model.data(model.index(row, AccountTableModel::NotPostedColumn)).toString();
        if (id == QLatin1String("zeta")) {
            QCOMPARE(shown, qint64(2)); // 0.05 - 0.03
            QCOMPARE(notPosted, QString());
        } else if (id == QLatin1String("omega")) {
            QCOMPARE(shown, qint64(1)); // its credit is only held, and counts
            QCOMPARE(notPosted, QStringLiteral("0.01"));
        }
    }
    QCOMPARE(sum, qint64(0));
}

void TestModels::accountsScrollByKey_data()
{
    QTest::addColumn<int>("shards");
    QTest::newRow("one store") << 0;
    QTest::newRow("three shards") << 3; // files, or databases against PostgreSQL
}

// Accounts page by key (by id): down from the top and up from the end, exactly the listing; and a
// page next to a loaded one is read after that one's last id — an account that arrives above
// the screen moves nothing into it (by OFFSET its last row would come round again).
void TestModels::accountsScrollByKey()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    QFETCH(int, shards);
    TempStore store(TempStore::Sharded{shards});
    const Error filled = fixtures::fillConsoleStore(store.config(), Durability::Normal, 10); // 1,000 accounts
    QVERIFY2(filled.ok(), qPrintable(filled.toString()));
    StoreSession session;
    AccountTableModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OpenedStore opened;
    opened.config = store.config();
    session.install(opened);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() == 1'001; }, kWaitMs)); // and @world
    QStringList ids;
    for (const Account &a : *store.store().accounts({}))
        ids << a.id;
    const auto keys = [&](int from, int to) {
        QStringList k;
        for (int r = from; r <= to; ++r)
            k << model.keyAt(r);
        return k;
    };
    // Up from the end, a screen at a time (pages read before the one below them).
    for (int top = 1'001 - 40; top >= 0; top -= 40)
        QVERIFY(showRows(model, top, std::min(1'000, top + 39)));
    QVERIFY(showRows(model, 0, 39));
    QCOMPARE(keys(0, 1'000), ids);

    // A fresh view that has read only its first page.
    AccountTableModel fresh(&session);
    fresh.refresh();
    QVERIFY(QTest::qWaitFor([&] { return !fresh.isLoading() && fresh.rowCount() == 1'001; }, kWaitMs));
    QVERIFY(showRows(fresh, 0, 39));
    QVERIFY(fresh.keyAt(200).isEmpty());
    const QString above = QStringLiteral("acct-0000a"); // sorts right after acct-0000
    RawSql raw(store.locationOfAccount(above));
    QVERIFY(raw.exec(QStringLiteral("INSERT INTO accounts (id, name, status, created_at, last_modified) "
                                    "SELECT ?, name, status, created_at, last_modified FROM accounts WHERE id <> '@world' LIMIT 1"),
                     {above}));
    QVERIFY(showRows(fresh, 200, 239));
    QCOMPARE(fresh.keyAt(199), ids.at(199));
    QCOMPARE(fresh.keyAt(200), ids.at(200));
}

void TestModels::journal()
{
    Fixture<JournalModel> f;
    JournalModel &model = f.model;
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0; }, kWaitMs));
    QVERIFY(loadAll(model));
    // Newest first; every row is an operator's action with who and what.
    CoordinatorOptions zoe;
    zoe.actor = QStringLiteral("zoe");
    Coordinator c(f.store.store(), zoe);
    TxQuery stuck;
    stuck.stuckOnly = true;
    const QString id = f.store.store().transactions(stuck)->first().id;
    c.resume(id, QStringLiteral("checked with the bank"));
    model.refresh();
    QVERIFY(QTest::qWaitFor(
        [&] { return !model.isLoading() && model.data(model.index(0, JournalModel::ActorColumn)).toString() == QLatin1String("zoe"); },
        kWaitMs));
    QCOMPARE(model.data(model.index(0, JournalModel::ActionColumn)).toString(), QStringLiteral("resume"));
    QCOMPARE(model.data(model.index(0, JournalModel::ReasonColumn)).toString(), QStringLiteral("checked with the bank"));
    QCOMPARE(model.data(model.index(0, 0), JournalModel::DocIdRole).toString(), id);
    // Where the list is, by time (the status line after a jump).
    QCOMPARE(model.placeOf(0), model.data(model.index(0, JournalModel::AtColumn)).toString());
    QVERIFY(!model.placeOf(0).isEmpty());
}

void TestModels::journalSaysWhatWasDoneInWords()
{
    // Operator actions read "Did: linked" for a compensation, and an account's name stood bare
    // under "Why / detail", where a reason goes ("created by operator — “Alice Martin”").
    Fixture<JournalModel> f;
    JournalModel &model = f.model;
    Store &s = f.store.store();
    CoordinatorOptions zoe;
    zoe.actor = QStringLiteral("zoe");
    Coordinator c(s, zoe);
    QVERIFY(c.openAccount(QStringLiteral("amartin"), QStringLiteral("Alice Martin"), 1000).ok());
    QVERIFY(c.openAccount(QStringLiteral("bmartin"), QStringLiteral("Bob Martin"), 0).ok());
    const TxOutcome paid = c.transfer({QStringLiteral("amartin"), QStringLiteral("bmartin"), 100, QString(), QString()});
    QVERIFY(paid.ok());
    const TxOutcome back = c.compensate(paid.tx->id, QStringLiteral("paid twice"));
    QVERIFY(back.ok());
    const auto top = [&model](JournalModel::Preset preset, int column) {
        model.setFilter(preset, QStringLiteral("zoe"));
        if (!QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() > 0 && model.keyAt(0).size() > 0; }, kWaitMs))
            return QStringLiteral("(nothing listed)");
        return model.data(model.index(0, column)).toString();
    };
    QCOMPARE(top(JournalModel::Preset::Repairs, JournalModel::ActionColumn), QStringLiteral("compensate"));
    QCOMPARE(top(JournalModel::Preset::Repairs, JournalModel::ReasonColumn),
             QStringLiteral("compensated by %1: paid twice").arg(back.tx->id));
    QCOMPARE(top(JournalModel::Preset::Accounts, JournalModel::ActionColumn), QStringLiteral("created"));
    QCOMPARE(top(JournalModel::Preset::Accounts, JournalModel::ReasonColumn), QStringLiteral("name: Bob Martin"));
}

// The operator actions page by key (time, then seq; on a sharded store time, shard, seq): up
// from the end exactly the listing, and an action arriving at the top moves nothing into the
// next page read (by OFFSET its first row would be the last of the page above again).
void TestModels::journalScrollsByKey()
{
    if (onDynamo())
        QSKIP("fills its store by SQL (store/fixtures)");
    QFETCH(int, shards);
    TempStore store(TempStore::Sharded{shards});
    const Error filled = fixtures::fillConsoleStore(store.config(), Durability::Normal, 10);
    QVERIFY2(filled.ok(), qPrintable(filled.toString()));
    constexpr int kNotes = 450; // many in one millisecond: their seqs (and shards) order them
    for (int i = 0; i < kNotes; ++i) {
        const QString tx = QStringLiteral("tx-console-%1").arg(1 + i % 10, 8, 10, QLatin1Char('0'));
        auto note = store.store().addRemark(tx, Remark::Note, QStringLiteral("alice"), QStringLiteral("note %1").arg(i));
        QVERIFY2(note.ok(), qPrintable(note.error().toString()));
    }
    StoreSession session;
    JournalModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFilter(JournalModel::Preset::All, QString());
    OpenedStore opened;
    opened.config = store.config();
    session.install(opened);
    QVERIFY(QTest::qWaitFor([&] { return !model.isLoading() && model.rowCount() == kNotes; }, kWaitMs));
    QStringList keys;
    for (const JournalEntry &j : *store.store().journalEntries(model.query()))
        keys << QStringLiteral("%1/%2").arg(j.shard).arg(j.seq);
    QCOMPARE(keys.size(), kNotes);
    for (int top = kNotes - 40; top >= 0; top -= 40)
        QVERIFY(showRows(model, top, std::min(kNotes - 1, top + 39)));
    QVERIFY(showRows(model, 0, 39));
    QStringList shown;
    for (int r = 0; r < kNotes; ++r)
        shown << model.keyAt(r);
    QCOMPARE(shown, keys);

    JournalModel fresh(&session);
    fresh.setFilter(JournalModel::Preset::All, QString());
    QVERIFY(QTest::qWaitFor([&] { return !fresh.isLoading() && fresh.rowCount() == kNotes; }, kWaitMs));
    QVERIFY(showRows(fresh, 0, 39));
    QVERIFY(fresh.keyAt(200).isEmpty());
    QVERIFY(
        store.store().addRemark(QStringLiteral("tx-console-00000001"), Remark::Note, QStringLiteral("bob"), QStringLiteral("late")).ok());
    QVERIFY(showRows(fresh, 200, 239));
    QCOMPARE(fresh.keyAt(199), keys.at(199));
    QCOMPARE(fresh.keyAt(200), keys.at(200));
}

void TestModels::navigator()
{
    NavigatorModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Overview counts;
    counts.accounts = {3, true};
    counts.transactions = {9'812'345, false};
    counts.byState[TxState::Pending] = {2, true};
    counts.byState[TxState::Done] = {9'812'343, false};
    counts.stuck = {1, true};
    counts.compensations = {10'000, false, true}; // a store that counts by reading stopped there
    model.setCounts(counts);
    QCOMPARE(model.indexOf(NavigatorModel::View::Compensations).data().toString(), QStringLiteral("Compensations  (10,000+)"));
    QVERIFY(model.indexOf(NavigatorModel::View::Compensations).data(Qt::ToolTipRole).toString().isEmpty());
    NavigatorModel fresh; // not counted at all, and never counted before
    fresh.setCount(NavigatorModel::View::Compensations, std::nullopt, Tally{0, false, true});
    QCOMPARE(fresh.indexOf(NavigatorModel::View::Compensations).data().toString(), QStringLiteral("Compensations  (?)"));
    QVERIFY(fresh.indexOf(NavigatorModel::View::Compensations).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Not counted")));
    // Counted by its table before: that count, as an estimate (not a "?" flickering with it).
    model.setCount(NavigatorModel::View::Compensations, std::nullopt, Tally{0, false, true});
    QCOMPARE(model.indexOf(NavigatorModel::View::Compensations).data().toString(), QStringLiteral("Compensations  (≈ 10 k)"));
    QCOMPARE(model.indexOf(NavigatorModel::View::Stuck).data().toString(), QStringLiteral("Stuck  (1)"));
    QCOMPARE(model.indexOf(NavigatorModel::View::State, TxState::Pending).data().toString(), QStringLiteral("pending  (2)"));
    // Estimates say so, rounded (store/tallies.h).
    QCOMPARE(model.indexOf(NavigatorModel::View::Transactions).data().toString(), QStringLiteral("Transactions  (≈ 9.8 M)"));
    QCOMPARE(model.indexOf(NavigatorModel::View::State, TxState::Done).data().toString(), QStringLiteral("done  (≈ 9.8 M)"));
    // A table's own count, exact, replaces the estimate.
    model.setCount(NavigatorModel::View::State, TxState::Done, Tally{9'812'343, true});
    QCOMPARE(model.indexOf(NavigatorModel::View::State, TxState::Done).data().toString(), QStringLiteral("done  (9,812,343)"));
    // What an entry shows, for the table that lists it next (knownCountShownAtOnce).
    QCOMPARE(model.countOf(NavigatorModel::View::State, TxState::Done), std::optional<qint64>(9'812'343));
    QCOMPARE(model.countOf(NavigatorModel::View::Transactions), std::optional<qint64>(9'812'345));
    QCOMPARE(model.countOf(NavigatorModel::View::Audit), std::nullopt); // counts nothing
    QCOMPARE(NavigatorModel::viewOf(model.indexOf(NavigatorModel::View::Audit)), NavigatorModel::View::Audit);
    QCOMPARE(NavigatorModel::stateOf(model.indexOf(NavigatorModel::View::State, TxState::Done)), std::optional<TxState>(TxState::Done));
}

void TestModels::countTexts_data()
{
    QTest::addColumn<qint64>("count");
    QTest::addColumn<bool>("exact");
    QTest::addColumn<bool>("atLeast");
    QTest::addColumn<QString>("text");
    QTest::newRow("a count") << qint64(1'204) << true << false << QStringLiteral("1,204");
    QTest::newRow("a small estimate") << qint64(9'999) << false << false << QStringLiteral("≈ 9,999");
    QTest::newRow("thousands") << qint64(812'345) << false << false << QStringLiteral("≈ 812 k");
    QTest::newRow("rounds up into millions") << qint64(999'700) << false << false << QStringLiteral("≈ 1.0 M");
    QTest::newRow("millions") << qint64(9'812'345) << false << false << QStringLiteral("≈ 9.8 M");
    QTest::newRow("rounds up into a hundred millions") << qint64(99'970'000) << false << false << QStringLiteral("≈ 100 M");
    QTest::newRow("billions") << qint64(1'234'567'890) << false << false << QStringLiteral("≈ 1,235 M");
    // Counting stopped there (a store that counts by reading): in full, with a plus.
    QTest::newRow("at least") << qint64(10'000) << false << true << QStringLiteral("10,000+");
    QTest::newRow("not counted") << qint64(0) << false << true << QStringLiteral("?");
}

void TestModels::countTexts()
{
    QFETCH(qint64, count);
    QFETCH(bool, exact);
    QFETCH(bool, atLeast);
    QFETCH(QString, text);
    QCOMPARE(countText(Tally{count, exact, atLeast}), text);
    if (!atLeast)
        QCOMPARE(countText(count, exact), text);
}

void TestModels::findings()
{
    FindingsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFindings({AuditFinding{1,
                                    QStringLiteral("conservation"),
                                    QStringLiteral("sum is 1.00"),
                                    {QStringLiteral("tx-1"), QStringLiteral("alice")},
                                    {QStringLiteral("tx-1")},
                                    {QStringLiteral("alice")}}});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, FindingsModel::IdsColumn)).toString(), QStringLiteral("tx-1, alice"));
    QCOMPARE(model.data(model.index(0, 0), FindingsModel::AccountIdsRole).toStringList(), QStringList{QStringLiteral("alice")});
    model.setFindings({});
    QCOMPARE(model.rowCount(), 0);
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
