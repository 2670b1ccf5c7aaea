// The view over a window of a long listing (models/rowwindowmodel.h, widgets/windowedtable.h):
// the window under QAbstractItemModelTester as the listing grows, shrinks and resets; a slide
// keeps rows in their place; the listing's scrollbar, the wheel and Ctrl+Home/End reach every row;
// "select all" is the listing's; and a TablePage over a real store, with a small window, finds,
// selects and counts rows outside the window.
#include "models/pagedtablemodel.h"
#include "models/rowwindowmodel.h"
#include "models/transactiontablemodel.h"
#include "storesession.h"
#include "store/fixtures/consolefixture.h"
#include "testsupport.h"
#include "widgets/tablepage.h"
#include "widgets/windowedtable.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = 20000;

// A listing whose cell (r, c) says "r:c", which grows and shrinks at its end like a paged model.
class Listing : public QAbstractTableModel {
public:
    explicit Listing(int rows)
        : m_rows(rows)
    {}
    int rowCount(const QModelIndex &parent = QModelIndex()) const override { return parent.isValid() ? 0 : m_rows; }
    int columnCount(const QModelIndex &parent = QModelIndex()) const override { return parent.isValid() ? 0 : 3; }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!index.isValid() || role != Qt::DisplayRole)
            return QVariant();
        return QStringLiteral("%1:%2").arg(index.row()).arg(index.column());
    }
    void setRows(int rows)
    {
        if (rows > m_rows) {
            beginInsertRows(QModelIndex(), m_rows, rows - 1);
            m_rows = rows;
            endInsertRows();
        } else if (rows < m_rows) {
            beginRemoveRows(QModelIndex(), rows, m_rows - 1);
            m_rows = rows;
            endRemoveRows();
        }
    }
    void reset(int rows)
    {
        beginResetModel();
        m_rows = rows;
        endResetModel();
    }
    void touch(int first, int last) { Q_EMIT dataChanged(index(first, 0), index(last, 2)); }

private:
    int m_rows;
};

int rowShown(const QModelIndex &index) { return index.data().toString().section(QLatin1Char(':'), 0, 0).toInt(); }

// A WindowedTable on screen, `rows` long, its window `window` rows.
struct Shown {
    Listing listing;
    WindowedTable table;
    Shown(int rows, int window)
        : listing(rows)
        , table(&listing)
    {
        table.window()->setWindowSize(window);
        table.resize(500, 320);
        table.show();
        if (!QTest::qWaitForWindowExposed(&table))
            qFatal("the table did not show");
        QCoreApplication::processEvents();
    }
    QScrollBar *inner() const { return table.view()->verticalScrollBar(); }
};

} // namespace

class TestWindowedTable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void windowFollowsTheListing_data();
    void windowFollowsTheListing();
    void slideKeepsRowsInPlace();
    void dataChangesReachTheWindow();
    void listingBarReachesEveryRow();
    void wheelAndKeysCrossTheWindow();
    void selectAllIsTheListing();
    void handSelectionIsInListingRows();
    void shortListingIsPlain();
    void listingEndingSoonerKeepsTheTop();
    void tablePageOutsideTheWindow();
};

void TestWindowedTable::windowFollowsTheListing_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("moveTo");
    QTest::addColumn<int>("newRows"); // -1: a reset to 10
    QTest::addColumn<int>("shownRows");
    QTest::addColumn<int>("start");
    // A window of 100 rows.
    QTest::newRow("grows, still short") << 40 << 0 << 70 << 70 << 0;
    QTest::newRow("grows past the window") << 40 << 0 << 500 << 100 << 0;
    QTest::newRow("grows below a full window") << 300 << 150 << 900 << 100 << 150;
    QTest::newRow("shrinks below the window") << 300 << 150 << 280 << 100 << 150;
    QTest::newRow("shrinks into the window: slides up") << 300 << 150 << 200 << 100 << 100;
    QTest::newRow("shrinks below its size") << 300 << 150 << 60 << 60 << 0;
    QTest::newRow("empties") << 300 << 150 << 0 << 0 << 0;
    QTest::newRow("reset") << 300 << 150 << -1 << 10 << 0;
    QTest::newRow("moved past the end: clamped") << 300 << 1000 << 300 << 100 << 200;
    QTest::newRow("moved before the start: clamped") << 300 << -5 << 300 << 100 << 0;
}

void TestWindowedTable::windowFollowsTheListing()
{
    QFETCH(int, rows);
    QFETCH(int, moveTo);
    QFETCH(int, newRows);
    QFETCH(int, shownRows);
    QFETCH(int, start);
    Listing listing(rows);
    RowWindowModel window;
    window.setWindowSize(100);
    window.setSourceModel(&listing);
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.moveTo(moveTo);
    if (newRows < 0)
        listing.reset(10);
    else
        listing.setRows(newRows);
    QCOMPARE(window.rowCount(), shownRows);
    QCOMPARE(window.start(), start);
    QCOMPARE(window.listingRows(), listing.rowCount());
    // Every row shows the listing row it says.
    for (int row = 0; row < window.rowCount(); ++row)
        QCOMPARE(rowShown(window.index(row, 1)), start + row);
    QVERIFY(!window.index(window.rowCount(), 0).isValid());
}

void TestWindowedTable::slideKeepsRowsInPlace()
{
    Listing listing(1000);
    RowWindowModel window;
    window.setWindowSize(100);
    window.setSourceModel(&listing);
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QPersistentModelIndex near(window.index(60, 2)); // listing row 60
    QPersistentModelIndex far(window.index(10, 0));  // listing row 10
    QSignalSpy placed(&window, &RowWindowModel::placeChanged);
    window.moveTo(50);
    QCOMPARE(placed.size(), 1);
    QVERIFY(near.isValid());
    QCOMPARE(near.row(), 10);
    QCOMPARE(near.column(), 2);
    QCOMPARE(near.data().toString(), QStringLiteral("60:2"));
    QVERIFY(!far.isValid()); // left the window
    QCOMPARE(window.mapFromSource(listing.index(149, 0)).row(), 99);
    QVERIFY(!window.mapFromSource(listing.index(150, 0)).isValid());
    QVERIFY(!window.mapFromSource(listing.index(49, 0)).isValid());
    QCOMPARE(window.mapToSource(window.index(0, 1)), listing.index(50, 1));
    window.moveTo(50); // already there: nothing happens
    QCOMPARE(placed.size(), 1);
}

void TestWindowedTable::dataChangesReachTheWindow()
{
    Listing listing(1000);
    RowWindowModel window;
    window.setWindowSize(100);
    window.setSourceModel(&listing);
    window.moveTo(200);
    QSignalSpy changed(&window, &QAbstractItemModel::dataChanged);
    listing.touch(0, 150); // above the window
    QCOMPARE(changed.size(), 0);
    listing.touch(250, 400); // its lower half and beyond: clipped to it
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 50);
    QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 99);
}

void TestWindowedTable::listingBarReachesEveryRow()
{
    Shown s(50'000, 5'000);
    QAbstractItemModelTester tester(s.table.window(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QScrollBar *bar = s.table.listingScrollBar();
    QVERIFY(bar->isVisible());
    QCOMPARE(s.table.view()->verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    // The bar spans the listing: its end shows the last rows.
    const int onScreen = s.inner()->pageStep();
    QVERIFY(onScreen > 3);
    QCOMPARE(bar->maximum(), 50'000 - onScreen);
    // Dragged to a row far outside the window: that row at the top, the window around it.
    bar->setValue(30'000);
    QCOMPARE(s.table.topRow(), 30'000);
    QCOMPARE(rowShown(s.table.view()->indexAt(QPoint(5, 5))), 30'000);
    QVERIFY(s.table.window()->start() < 30'000 && s.table.window()->start() + 5'000 > 30'000);
    // To its end and back to its start.
    bar->setValue(bar->maximum());
    QCOMPARE(s.table.bottomRow(), 49'999);
    QCOMPARE(s.table.window()->start(), 45'000);
    bar->setValue(0);
    QCOMPARE(s.table.topRow(), 0);
    QCOMPARE(s.table.window()->start(), 0);
    // scrollToRow slides the window the same way, and the bar follows.
    s.table.scrollToRow(12'345, QAbstractItemView::PositionAtTop);
    QCOMPARE(s.table.topRow(), 12'345);
    QCOMPARE(bar->value(), 12'345);
    QCOMPARE(s.table.listingRow(s.table.viewIndex(12'345)), 12'345);
    QVERIFY(!s.table.viewIndex(49'000).isValid());
}

void TestWindowedTable::wheelAndKeysCrossTheWindow()
{
    Shown s(50'000, 5'000);
    QScrollBar *inner = s.inner();
    // Scrolled by the view's own bar (the wheel's and the keys') to the window's edge: the window
    // slides and the same row stays at the top.
    inner->setValue(inner->maximum());
    const int top = s.table.topRow();
    QCOMPARE(top, 5'000 - inner->pageStep());
    QVERIFY(s.table.window()->start() > 0);
    QCOMPARE(rowShown(s.table.view()->indexAt(QPoint(5, 5))), top);
    QCOMPARE(s.table.listingScrollBar()->value(), top);
    // A wheel turn down goes on past the old window's end.
    QWheelEvent wheel(QPointF(20, 20), s.table.view()->viewport()->mapToGlobal(QPointF(20, 20)), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(s.table.view()->viewport(), &wheel);
    QVERIFY(s.table.topRow() > top);
    // Ctrl+End: the listing's last row is current and shown; Ctrl+Home: its first.
    s.table.view()->setFocus();
    QTest::keyClick(s.table.view(), Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(s.table.listingRow(s.table.view()->currentIndex()), 49'999);
    QCOMPARE(s.table.bottomRow(), 49'999);
    QTest::keyClick(s.table.view(), Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(s.table.listingRow(s.table.view()->currentIndex()), 0);
    QCOMPARE(s.table.topRow(), 0);
    // Page Down past the window's end: on the listing row below, never stopped at the edge.
    s.table.scrollToRow(4'900, QAbstractItemView::PositionAtTop);
    s.table.view()->setCurrentIndex(s.table.viewIndex(4'900));
    for (int i = 0; i < 20; ++i)
        QTest::keyClick(s.table.view(), Qt::Key_PageDown);
    QVERIFY2(s.table.listingRow(s.table.view()->currentIndex()) > 5'000,
             qPrintable(QString::number(s.table.listingRow(s.table.view()->currentIndex()))));
}

void TestWindowedTable::selectAllIsTheListing()
{
    Shown s(50'000, 5'000);
    s.table.view()->selectAll();
    QVERIFY(s.table.allSelected());
    QItemSelection all = s.table.selection();
    QCOMPARE(all.size(), 1);
    QCOMPARE(all.first().top(), 0);
    QCOMPARE(all.first().bottom(), 49'999);
    QCOMPARE(all.first().model(), &s.listing);
    // Wherever the window goes, its rows are selected and the selection is still the listing.
    s.table.listingScrollBar()->setValue(40'000);
    QVERIFY(s.table.window()->start() > 0);
    QVERIFY(s.table.allSelected());
    QVERIFY(s.table.view()->selectionModel()->isRowSelected(s.table.viewIndex(40'002).row(), QModelIndex()));
    QCOMPARE(s.table.selection().first().bottom(), 49'999);
    // A row clicked: that row alone, by its listing row.
    const QRect second = s.table.view()->visualRect(s.table.viewIndex(40'001));
    QTest::mouseClick(s.table.view()->viewport(), Qt::LeftButton, Qt::NoModifier, second.center());
    QVERIFY(!s.table.allSelected());
    const QItemSelection one = s.table.selection();
    QCOMPARE(one.size(), 1);
    QCOMPARE(one.first().top(), 40'001);
    QCOMPARE(one.first().bottom(), 40'001);
}

void TestWindowedTable::handSelectionIsInListingRows()
{
    Shown s(50'000, 5'000);
    s.table.scrollToRow(20'000, QAbstractItemView::PositionAtTop);
    const int start = s.table.window()->start();
    QItemSelection picked(s.table.viewIndex(20'003, 0), s.table.viewIndex(20'006, 2));
    s.table.view()->selectionModel()->select(picked, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(s.table.selection().first().top(), 20'003);
    // A slide that keeps the rows inside the window keeps them selected, at their listing rows.
    s.table.window()->moveTo(start + 1'000);
    QVERIFY(s.table.window()->start() != start);
    const QItemSelection after = s.table.selection();
    QCOMPARE(after.size(), 1);
    QCOMPARE(after.first().top(), 20'003);
    QCOMPARE(after.first().bottom(), 20'006);
    QVERIFY(!s.table.allSelected());
}

void TestWindowedTable::shortListingIsPlain()
{
    // Below the window's size: the view's own bar, no other, and view rows are listing rows.
    Shown s(300, 5'000);
    QVERIFY(!s.table.listingScrollBar()->isVisible());
    QCOMPARE(s.table.view()->verticalScrollBarPolicy(), Qt::ScrollBarAsNeeded);
    QVERIFY(s.table.view()->verticalScrollBar()->isVisible());
    QCOMPARE(s.table.window()->rowCount(), 300);
    // Grown past it, the listing's bar takes over; shrunk again, it goes.
    s.listing.setRows(9'000);
    QVERIFY(s.table.listingScrollBar()->isVisible());
    s.listing.setRows(200);
    QVERIFY(!s.table.listingScrollBar()->isVisible());
    s.table.view()->selectAll();
    QCOMPARE(s.table.selection().first().bottom(), 199);
}

void TestWindowedTable::listingEndingSoonerKeepsTheTop()
{
    // Near the end of a long listing, the count is corrected down (an estimate): the window
    // slides up to stay full, and the rows on screen stay where they were.
    Shown s(50'000, 5'000);
    s.table.scrollToRow(48'000, QAbstractItemView::PositionAtTop);
    QCOMPARE(s.table.window()->start(), 45'000);
    s.listing.setRows(49'000);
    QCOMPARE(s.table.window()->start(), 44'000);
    QCOMPARE(s.table.topRow(), 48'000);
    QCOMPARE(rowShown(s.table.view()->indexAt(QPoint(5, 5))), 48'000);
    QCOMPARE(s.table.listingScrollBar()->value(), 48'000);
}

void TestWindowedTable::tablePageOutsideTheWindow()
{
    // A real store of 5,000 transactions, newest first, under a window of 1,000 rows.
    TempStore store;
    QVERIFY(fixtures::fillConsoleStore(store.config(), Durability::Normal, 5'000).ok());
    StoreSession session;
    TransactionTableModel model(&session);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    TablePage page(&model, TransactionTableModel::IdRole, QStringLiteral("filter"));
    page.windowed()->window()->setWindowSize(1'000);
    QAbstractItemModelTester windowTester(page.windowed()->window(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(700, 400);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    OpenedStore opened;
    opened.config = store.config();
    session.install(opened);
    QVERIFY(QTest::qWaitFor([&] { return model.rowCount() == 5'000 && !model.isLoading(); }, kWaitMs));
    QVERIFY(page.windowed()->listingScrollBar()->isVisible());

    // The listing's bar dragged to row 3,500: the store's 3,501st transaction at the top.
    page.windowed()->listingScrollBar()->setValue(3'500);
    QVERIFY(QTest::qWaitFor([&] { return !model.keyAt(page.windowed()->topRow()).isEmpty() && !model.isLoading(); }, kWaitMs));
    TxQuery at = model.query(); // newest first
    at.offset = 3'500;
    at.limit = 1;
    const auto expected = store.store().transactions(at);
    QVERIFY(expected.ok() && expected->size() == 1);
    QCOMPARE(page.windowed()->topRow(), 3'500);
    QCOMPARE(model.keyAt(3'500), expected->first().id);
    QCOMPARE(page.table()->indexAt(QPoint(5, 5)).data(TransactionTableModel::IdRole).toString(), expected->first().id);

    // A row clicked there is the page's current document.
    const QRect row = page.table()->visualRect(page.windowed()->viewIndex(3'502));
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, Qt::NoModifier, row.center());
    QCOMPARE(page.currentKey(), model.keyAt(3'502));
    QCOMPARE(page.selectedKeys(), QStringList{model.keyAt(3'502)});

    // A document asked for by name, loaded but outside the window: shown and selected.
    page.windowed()->listingScrollBar()->setValue(200);
    QVERIFY(QTest::qWaitFor([&] { return !model.keyAt(200).isEmpty() && !model.isLoading(); }, kWaitMs));
    const QString far = model.keyAt(3'502);
    QVERIFY(!far.isEmpty()); // still cached
    // Its row left the window, and so the selection: nothing is selected that is not shown so.
    QVERIFY(page.selectedKeys().isEmpty());
    QCOMPARE(page.currentKey(), QString());
    QVERIFY(!page.windowed()->viewIndex(3'502).isValid());
    page.selectKey(far);
    QCOMPARE(page.currentKey(), far);
    QVERIFY(page.windowed()->topRow() <= 3'502 && page.windowed()->bottomRow() >= 3'502);
    QCOMPARE(page.table()->currentIndex().data(TransactionTableModel::IdRole).toString(), far);

    // The loaded rows of a long selection, found by their pages: exactly those with a document.
    const QList<int> loaded = model.loadedRows(0, 4'999);
    QVERIFY(loaded.contains(3'502) && loaded.size() < 5'000);
    QList<int> withDocument;
    for (int r = 0; r < 5'000; ++r)
        if (!model.keyAt(r).isEmpty())
            withDocument << r;
    QCOMPARE(loaded, withDocument);
    QCOMPARE(model.loadedRows(3'500, 3'501), (QList<int>{3'500, 3'501}));

    // Select all: every transaction, not the window's thousand.
    page.table()->selectAll();
    QCOMPARE(page.selectedRowCount(), 5'000);
}

QTEST_MAIN(TestWindowedTable)
#include "tst_windowedtable.moc"
