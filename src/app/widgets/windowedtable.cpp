#include "windowedtable.h"
#include "../models/rowwindowmodel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace ledger::app {

// The view: "select all" and Ctrl+Home/End mean the listing, not the window.
class WindowedTableView : public QTableView {
public:
    explicit WindowedTableView(WindowedTable *owner)
        : QTableView(owner)
        , m_owner(owner)
    {}

    void selectAll() override
    {
        // Set first: the selection's signals reach the page while it is being made.
        m_owner->m_allSelected = true;
        QTableView::selectAll();
    }

protected:
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override
    {
        RowWindowModel *window = m_owner->m_window;
        const bool toEnd = action == MoveEnd;
        if ((action == MoveHome || toEnd) && (modifiers & Qt::ControlModifier) && !window->showsAll()) {
            window->moveTo(toEnd ? window->listingRows() : 0);
            // The cursor may have left with the window: QTableView then answers the first row.
            QModelIndex next = QTableView::moveCursor(action, modifiers);
            if (toEnd && next.isValid() && next.row() != window->rowCount() - 1)
                next = window->index(window->rowCount() - 1, next.column());
            return next;
        }
        return QTableView::moveCursor(action, modifiers);
    }

private:
    WindowedTable *m_owner;
};

WindowedTable::WindowedTable(QAbstractItemModel *listing, QWidget *parent)
    : QWidget(parent)
    , m_listing(listing)
    , m_window(new RowWindowModel(this))
    , m_view(new WindowedTableView(this))
    , m_bar(new QScrollBar(Qt::Vertical, this))
    , m_barColumn(new QVBoxLayout)
{
    m_window->setSourceModel(listing);
    m_view->setModel(m_window);
    // A scroll value is a row: the listing's bar is in rows too.
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_bar->setFocusPolicy(Qt::NoFocus); // the table has the keys; the bar is for the mouse
    m_bar->setAccessibleName(tr("Place in the list"));
    m_bar->hide();

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    m_barColumn->setContentsMargins(0, 0, 0, 0);
    m_barColumn->addWidget(m_bar);
    layout->addLayout(m_barColumn);

    QScrollBar *inner = m_view->verticalScrollBar();
    connect(inner, &QScrollBar::valueChanged, this, &WindowedTable::onViewScrolled);
    connect(inner, &QScrollBar::rangeChanged, this, &WindowedTable::syncBar);
    connect(m_bar, &QScrollBar::valueChanged, this, &WindowedTable::onBarMoved);
    // Whoever slides the window (the listing ending sooner, too), the same row stays at the top.
    connect(m_window, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { m_topBeforeSlide = scrollPosition(); });
    connect(m_window, &RowWindowModel::slid, this, [this] {
        if (m_topBeforeSlide < 0)
            return;
        const bool wasSyncing = m_syncing;
        m_syncing = true;
        m_view->verticalScrollBar()->setValue(m_topBeforeSlide - m_window->start());
        m_syncing = wasSyncing;
        m_topBeforeSlide = -1;
    });
    connect(m_window, &RowWindowModel::placeChanged, this, &WindowedTable::updateBars);
    connect(m_window, &RowWindowModel::placeChanged, this, &WindowedTable::scrolled);
    connect(m_window, &QAbstractItemModel::modelReset, this, [this] { m_allSelected = false; });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_allSelected && !coversWindow())
            m_allSelected = false; // the operator chose rows since
    });
    // The listing's bar stands beside the rows: below the header, above the horizontal bar.
    m_place.setSingleShot(true);
    m_place.setInterval(0);
    connect(&m_place, &QTimer::timeout, this, &WindowedTable::placeBar);
    connect(m_view->horizontalScrollBar(), &QScrollBar::rangeChanged, &m_place, qOverload<>(&QTimer::start));
    m_view->installEventFilter(this);
    m_view->horizontalHeader()->installEventFilter(this);
    updateBars();
}

bool WindowedTable::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize || event->type() == QEvent::Show || event->type() == QEvent::Hide)
        m_place.start();
    return QWidget::eventFilter(watched, event);
}

int WindowedTable::listingRow(const QModelIndex &viewIndex) const
{
    return viewIndex.isValid() && viewIndex.model() == m_window ? m_window->start() + viewIndex.row() : -1;
}

QModelIndex WindowedTable::viewIndex(int listingRow, int column) const { return m_window->index(listingRow - m_window->start(), column); }

int WindowedTable::topRow() const
{
    const int row = m_view->rowAt(0);
    return row < 0 ? -1 : m_window->start() + row;
}

int WindowedTable::bottomRow() const
{
    int row = m_view->rowAt(m_view->viewport()->height() - 1);
    if (row < 0)
        row = m_window->rowCount() - 1; // the rows end above the viewport's bottom
    return row < 0 ? -1 : m_window->start() + row;
}

int WindowedTable::scrollPosition() const
{
    return m_window->rowCount() == 0 ? -1 : m_window->start() + m_view->verticalScrollBar()->value();
}

void WindowedTable::setScrollPosition(int row)
{
    if (row >= 0 && row < m_window->listingRows())
        placeTop(row);
}

void WindowedTable::scrollToRow(int row, QAbstractItemView::ScrollHint hint)
{
    if (row < 0 || row >= m_window->listingRows())
        return;
    bringIntoWindow(row);
    m_view->scrollTo(viewIndex(row), hint);
}

QItemSelection WindowedTable::selection() const
{
    QItemSelection listed;
    const int columns = m_listing->columnCount();
    if (allSelected()) {
        if (m_listing->rowCount() > 0)
            listed.select(m_listing->index(0, 0), m_listing->index(m_listing->rowCount() - 1, columns - 1));
        return listed;
    }
    const int start = m_window->start();
    for (const QItemSelectionRange &r : m_view->selectionModel()->selection())
        listed.append(QItemSelectionRange(m_listing->index(start + r.top(), r.left()), m_listing->index(start + r.bottom(), r.right())));
    return listed;
}

bool WindowedTable::allSelected() const { return m_allSelected && coversWindow(); }

bool WindowedTable::coversWindow() const
{
    const QItemSelection ranges = m_view->selectionModel()->selection();
    if (ranges.size() != 1 || m_window->rowCount() == 0)
        return false;
    const QItemSelectionRange &r = ranges.first();
    return r.top() == 0 && r.bottom() == m_window->rowCount() - 1;
}

int WindowedTable::edgeMargin() const { return 2 * qMax(m_view->verticalScrollBar()->pageStep(), 10); }

void WindowedTable::bringIntoWindow(int row)
{
    const int start = m_window->start();
    const int rows = m_window->rowCount();
    const int margin = edgeMargin();
    const bool listingAbove = start > 0;
    const bool listingBelow = start + rows < m_window->listingRows();
    const int local = row - start;
    if (local < 0 || local >= rows || (listingAbove && local < margin) || (listingBelow && local >= rows - margin))
        m_window->moveTo(row - rows / 2);
}

void WindowedTable::placeTop(int top)
{
    bringIntoWindow(top);
    m_view->verticalScrollBar()->setValue(top - m_window->start());
}

void WindowedTable::onViewScrolled()
{
    if (!m_syncing && !m_window->showsAll()) {
        // Wheel, keys and the cursor move the view's own bar: near an edge the listing goes past,
        // the window slides so that the same row stays at the top.
        QScrollBar *inner = m_view->verticalScrollBar();
        const int top = m_window->start() + inner->value();
        const int start = m_window->start();
        bringIntoWindow(top);
        if (m_window->start() != start) {
            m_syncing = true;
            inner->setValue(top - m_window->start());
            m_syncing = false;
        }
    }
    syncBar();
    Q_EMIT scrolled();
}

void WindowedTable::onBarMoved(int top)
{
    if (!m_syncing)
        placeTop(top);
}

void WindowedTable::syncBar()
{
    QScrollBar *inner = m_view->verticalScrollBar();
    const int outside = m_window->listingRows() - m_window->rowCount();
    const bool wasSyncing = m_syncing;
    m_syncing = true;
    m_bar->setRange(0, inner->maximum() + outside);
    m_bar->setPageStep(inner->pageStep());
    m_bar->setSingleStep(inner->singleStep());
    m_bar->setValue(m_window->start() + inner->value());
    m_syncing = wasSyncing;
}

void WindowedTable::updateBars()
{
    const bool windowed = !m_window->showsAll();
    m_view->setVerticalScrollBarPolicy(windowed ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    if (m_bar->isVisibleTo(this) != windowed) {
        m_bar->setVisible(windowed);
        m_place.start();
    }
    syncBar();
}

void WindowedTable::placeBar()
{
    const int frame = m_view->frameWidth();
    QHeaderView *header = m_view->horizontalHeader();
    QScrollBar *horizontal = m_view->horizontalScrollBar();
    const int top = frame + (header->isVisibleTo(m_view) ? header->height() : 0);
    const int bottom = frame + (horizontal->isVisibleTo(m_view) ? horizontal->height() : 0);
    m_barColumn->setContentsMargins(0, top, 0, bottom);
}

} // namespace ledger::app
