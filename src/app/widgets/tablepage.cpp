#include "tablepage.h"
#include "counttext.h"
#include "elidingdelegate.h"
#include "../models/rowwindowmodel.h"

#include <QAbstractScrollArea>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace ledger::app {

namespace {
// Moves the selection while keeping the view where the operator left it: the same listing row at
// the top (the cursor moving may have slid the window meanwhile), the same columns.
class Restoring {
public:
    Restoring(bool &flag, WindowedTable *table)
        : m_flag(flag)
        , m_table(table)
        , m_top(table->scrollPosition())
        , m_horizontal(table->view()->horizontalScrollBar()->value())
    {
        m_flag = true;
    }
    ~Restoring()
    {
        m_table->setScrollPosition(m_top);
        m_table->view()->horizontalScrollBar()->setValue(m_horizontal);
        m_flag = false;
    }

private:
    bool &m_flag;
    WindowedTable *m_table;
    int m_top;
    int m_horizontal;
};
} // namespace

TablePage::TablePage(PagedTableModel *model, int keyRole, const QString &filterHint, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_keyRole(keyRole)
    , m_layout(new QVBoxLayout(this))
    , m_top(new QHBoxLayout)
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_windowed(new WindowedTable(model, this))
    , m_table(m_windowed->view())
{
    m_layout->setContentsMargins(4, 4, 4, 4);
    m_filter->setPlaceholderText(filterHint);
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(filterHint);
    // Squeezed by the controls beside it, the filter showed "Fi…": room for a typed id's
    // beginning, whatever else the row holds.
    m_filter->setMinimumWidth(m_filter->minimumSizeHint().width() + kFilterMinChars * m_filter->fontMetrics().averageCharWidth());
    m_top->addWidget(m_filter, 1);
    m_top->addWidget(m_status);
    m_layout->addLayout(m_top);
    m_layout->addWidget(m_windowed, 1);

    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Tab leaves the table for the next control (arrows move between rows): with the keyboard
    // alone one must be able to get out of a table of a million rows.
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // Cells are cut between words, never inside a number or an id (widgets/textfit.h).
    m_table->setItemDelegate(new ElidingDelegate(0, m_table));
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // a million rows: no per-row sizing
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionsMovable(true);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, this, [this] { m_debounce.start(); });
    connect(&m_debounce, &QTimer::timeout, this, [this] { Q_EMIT filterTextChanged(m_filter->text().trimmed()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &TablePage::onSelectionChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TablePage::onCurrentRowChanged);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QString key = m_model->keyAt(m_windowed->listingRow(index));
        if (!key.isEmpty())
            Q_EMIT activated(key);
    });
    connect(model, &PagedTableModel::pageLoaded, this, [this] {
        m_pageSinceReset = true;
        follow();
    });
    // The window resets with its listing (and alone when its size is set): connected after the
    // view's selection model, which has emptied itself by then.
    connect(m_windowed->window(), &QAbstractItemModel::modelReset, this, &TablePage::onModelReset);
    connect(m_windowed->window(), &RowWindowModel::slid, this, &TablePage::onWindowSlid);
    connect(model, &PagedTableModel::countChanged, this, &TablePage::updateStatus);
    connect(model, &PagedTableModel::pageLoaded, this, &TablePage::updateStatus);
    connect(m_windowed, &WindowedTable::scrolled, this, &TablePage::updateStatus);
    connect(model, &PagedTableModel::loadingChanged, this, [this] {
        updateStatus();
        if (!m_model->isLoading())
            follow(); // every page is in: now a missing document really left the list
    });
    updateStatus();
}

void TablePage::insertRowAbove(QWidget *row) { m_layout->insertWidget(m_layout->indexOf(m_top), row); }

QItemSelection TablePage::selection() const { return m_windowed->selection(); }

int TablePage::selectedRowCount() const
{
    // Rows are selected whole, so each range is a band of rows and the bands do not overlap.
    int rows = 0;
    for (const QItemSelectionRange &r : selection())
        rows += r.height();
    return rows;
}

int TablePage::unloadedSelectedRows() const
{
    int rows = 0;
    for (const QItemSelectionRange &r : selection())
        rows += r.height() - int(m_model->loadedRows(r.top(), r.bottom()).size());
    return rows;
}

void TablePage::selectKey(const QString &key)
{
    m_wantedKey = key;
    follow();
}

void TablePage::clearFilter()
{
    if (m_filter->text().isEmpty())
        return;
    m_filter->clear();
    m_debounce.stop();
    Q_EMIT filterTextChanged(QString());
}

void TablePage::narrowTo(const QString &key)
{
    m_filter->setText(key);
    m_debounce.stop();
    Q_EMIT filterTextChanged(key.trimmed());
    selectKey(key);
}

void TablePage::clearSelection()
{
    m_wantedKey.clear();
    m_reselectKey.clear();
    m_cursorLoading = false;
    {
        Restoring restoring(m_restoring, m_windowed);
        m_table->selectionModel()->clear();
    }
    m_selectedKeys.clear();
    setCurrentKey(QString());
    Q_EMIT selectionChanged();
    // The window alone was reset (its size set): its listing's rows are there already. (A new
    // question has no rows yet, nor its count asked for: nothing to find, nothing to decide.)
    if (m_model->rowCount() > 0)
        follow();
}

void TablePage::onCurrentRowChanged(const QModelIndex &current)
{
    if (!m_restoring) { // the operator moved on: forget any document we were waiting for
        m_wantedKey.clear();
        m_reselectKey.clear();
    }
    const QString key = current.isValid() ? m_model->keyAt(m_windowed->listingRow(current)) : QString();
    // On a row still loading, the document under the cursor is known once its page arrives.
    m_cursorLoading = current.isValid() && key.isEmpty();
    if (!m_cursorLoading)
        updateCurrentKey();
}

void TablePage::onSelectionChanged()
{
    if (!m_restoring) {
        m_wantedKey.clear();
        m_reselectKey.clear();
        recordSelection();
    }
    if (!m_cursorLoading)
        updateCurrentKey();
    Q_EMIT selectionChanged();
}

void TablePage::updateCurrentKey()
{
    QItemSelectionModel *selection = m_table->selectionModel();
    const QModelIndex current = m_table->currentIndex();
    QString key;
    if (current.isValid() && selection->isRowSelected(current.row(), QModelIndex())) {
        key = m_model->keyAt(m_windowed->listingRow(current));
    } else {
        const QItemSelection ranges = this->selection(); // listing rows
        if (ranges.size() == 1 && ranges.first().height() == 1)
            key = m_model->keyAt(ranges.first().top());
    }
    setCurrentKey(key);
}

void TablePage::recordSelection()
{
    m_selectedKeys.clear();
    int rows = 0;
    for (const QItemSelectionRange &r : selection()) {
        for (int row = r.top(); row <= r.bottom(); ++row) {
            if (++rows > kMaxFollowedSelection) {
                m_selectedKeys.clear(); // too many to follow one by one: the selection stays by rows
                return;
            }
            const QString key = m_model->keyAt(row);
            if (!key.isEmpty() && !m_selectedKeys.contains(key))
                m_selectedKeys << key;
        }
    }
}

void TablePage::setCurrentKey(const QString &key)
{
    if (key == m_currentKey)
        return;
    m_currentKey = key;
    Q_EMIT currentKeyChanged(key);
}

void TablePage::onModelReset()
{
    // Another question (a filter, a cause, a state, a search, a sort, another store). The view's
    // selection model emptied itself without a signal (QItemSelectionModel::reset): nothing it
    // held is shown now, so nothing is selected — the detail and the actions follow at once,
    // rather than keep a document no row shows (they did: a repair offered on a hidden row).
    // The document that was current is selected again if the new listing's first rows show it
    // (a sort; a filter that still matches it); one asked for by name (selectKey) goes first.
    ++m_listings;
    // Only what is current now: one hidden by the question before this one stays unselected.
    m_reselectKey = m_wantedKey.isEmpty() ? m_currentKey : QString();
    m_reselectShows = true; // the view starts at the top of the new listing: scrolled to it
    m_pageSinceReset = false;
    m_cursorLoading = false;
    m_selectedKeys.clear();
    setCurrentKey(QString());
    Q_EMIT selectionChanged();
    // The window alone was reset (its size set): its listing's rows are there already. (A new
    // question has no rows yet, nor its count asked for: nothing to find, nothing to decide.)
    if (m_model->rowCount() > 0)
        follow();
}

void TablePage::selectDocument(int row, const QString &key, bool alone, bool show)
{
    if (show)
        m_windowed->scrollToRow(row); // a document selected for the operator is shown
    else if (!m_windowed->viewIndex(row).isValid())
        return; // out of the window: not shown, so not selected
    {
        Restoring restoring(m_restoring, m_windowed);
        m_table->selectionModel()->setCurrentIndex(m_windowed->viewIndex(row),
                                                   (alone ? QItemSelectionModel::ClearAndSelect : QItemSelectionModel::Select)
                                                       | QItemSelectionModel::Rows);
    }
    if (alone)
        m_selectedKeys.clear();
    if (!m_selectedKeys.contains(key))
        m_selectedKeys << key;
    m_cursorLoading = false;
    setCurrentKey(key);
    Q_EMIT selectionChanged();
}

void TablePage::follow()
{
    // Keys are found at listing rows; the selection model holds the window's rows.
    QItemSelectionModel *selection = m_table->selectionModel();
    if (!m_wantedKey.isEmpty()) {
        const int row = m_model->rowOfKey(m_wantedKey);
        if (row < 0)
            return; // not loaded (yet)
        const QString wanted = std::exchange(m_wantedKey, QString());
        m_reselectKey.clear();
        selectDocument(row, wanted, true, true);
        return;
    }
    if (!m_reselectKey.isEmpty()) {
        if (const int row = m_model->rowOfKey(m_reselectKey); row >= 0) {
            selectDocument(row, std::exchange(m_reselectKey, QString()), false, m_reselectShows);
            return;
        }
        // Every row asked for is in, and it is not among them: the new listing does not show it,
        // and it stays unselected (it is not picked up later by a refresh that brings it in).
        if (!m_model->isLoading() && (m_pageSinceReset || m_model->rowCount() == 0))
            m_reselectKey.clear();
    }
    const QModelIndex current = m_table->currentIndex();
    if (m_cursorLoading && current.isValid()) {
        const QString key = m_model->keyAt(m_windowed->listingRow(current));
        if (!key.isEmpty()) { // the row the operator went to has loaded
            m_cursorLoading = false;
            recordSelection();
            updateCurrentKey();
            Q_EMIT selectionChanged();
        }
        return;
    }
    if (m_selectedKeys.isEmpty())
        return;

    // Where are the selected documents now? Rows move under a live table. One whose row moved out
    // of the window (rows arrived above) leaves the selection, as when the window slides away.
    QSet<int> wantedRows;
    QStringList stillHere;
    for (const QString &key : std::as_const(m_selectedKeys)) {
        if (const QModelIndex shown = m_windowed->viewIndex(m_model->rowOfKey(key)); shown.isValid()) {
            wantedRows.insert(shown.row());
            stillHere << key;
        }
    }
    QSet<int> selectedRows;
    for (const QModelIndex &row : selection->selectedRows())
        selectedRows.insert(row.row());
    const int currentListed = m_model->rowOfKey(m_currentKey);
    const QModelIndex currentShown = m_windowed->viewIndex(currentListed);
    const bool currentInPlace = !currentShown.isValid() || current.row() == currentShown.row();
    if (wantedRows == selectedRows && currentInPlace && stillHere.size() == m_selectedKeys.size())
        return; // nothing moved
    const int missing = int(m_selectedKeys.size() - stillHere.size());
    if (m_model->isLoading() && missing > 0) {
        // Some pages are still on their way: documents whose highlighted rows are being read
        // again are waited for. But a highlighted row that shows another document now does not
        // show the selected one: it is decided at once, so that the detail and the actions never
        // stay on a document no row shows; the current one is selected again if the pages under
        // way bring it (rows that moved across a page's edge).
        if (missing <= unloadedSelectedRows())
            return;
        if (!m_currentKey.isEmpty() && !stillHere.contains(m_currentKey)) {
            m_reselectKey = m_currentKey;
            m_reselectShows = false; // where the operator scrolled stays
            m_pageSinceReset = true; // decided when the loads under way are in
        }
    }

    Restoring restoring(m_restoring, m_windowed);
    QItemSelection rebuilt;
    for (int row : std::as_const(wantedRows))
        rebuilt.select(m_windowed->window()->index(row, 0), m_windowed->window()->index(row, m_model->columnCount() - 1));
    selection->select(rebuilt, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (currentShown.isValid())
        selection->setCurrentIndex(currentShown, QItemSelectionModel::NoUpdate);
    else if (currentListed < 0)
        selection->setCurrentIndex(QModelIndex(), QItemSelectionModel::NoUpdate); // it left the list
    m_selectedKeys = stillHere;
    updateCurrentKey();
    Q_EMIT selectionChanged();
}

void TablePage::onWindowSlid()
{
    // The selection model dropped the rows that left; the documents they showed go too, so that
    // an action never hits a row the operator cannot see selected. A document whose row is not
    // loaded is kept only while a highlighted row is a placeholder that may show it again: one
    // whose page was dropped as it slid out left with its row.
    int placeholders = unloadedSelectedRows();
    QStringList kept;
    for (const QString &key : std::as_const(m_selectedKeys)) {
        const int row = m_model->rowOfKey(key);
        if (row >= 0 ? m_windowed->viewIndex(row).isValid() : placeholders-- > 0)
            kept << key;
    }
    const bool changed = kept.size() != m_selectedKeys.size();
    m_selectedKeys = kept;
    const QString before = m_currentKey;
    if (!m_cursorLoading)
        updateCurrentKey();
    if (changed || before != m_currentKey)
        Q_EMIT selectionChanged();
}

void setTabOrderOf(const QList<QWidget *> &widgets)
{
    QList<QWidget *> chain;
    for (QWidget *w : widgets) {
        if (w->focusPolicy() & Qt::TabFocus) {
            chain << w;
            continue;
        }
        // Its children as focus reaches them now (a scroll area's viewport passes focus to its area).
        for (QWidget *next = w->nextInFocusChain(); next != w; next = next->nextInFocusChain()) {
            auto *area = qobject_cast<QAbstractScrollArea *>(next->parentWidget());
            const bool viewport = area && area->viewport() == next;
            if (w->isAncestorOf(next) && (next->focusPolicy() & Qt::TabFocus) && !next->focusProxy() && !viewport && !chain.contains(next))
                chain << next;
        }
    }
    for (int i = 0; i + 1 < chain.size(); ++i)
        QWidget::setTabOrder(chain.at(i), chain.at(i + 1));
}

void TablePage::updateStatus()
{
    const int count = int(qMin<qint64>(m_model->rowCount(), INT_MAX));
    QString text;
    if (m_model->countIsExact()) {
        text = m_model->isLoading() ? tr("%Ln row(s) · loading…", nullptr, count) : tr("%Ln row(s)", nullptr, count);
    } else { // the database's estimate (a long ledger's every transaction), or a count that stopped short
        const QString counted = countText(Tally{count, false, m_model->countIsAtLeast()});
        text = m_model->isLoading() ? tr("%1 rows · loading…").arg(counted) : tr("%1 rows").arg(counted);
    }
    // Scrolled down a long list (a jump lands near the place asked for, by key): where the top
    // row is, by what the list is sorted on.
    const int top = m_windowed->topRow();
    if (top > 0) {
        const QString place = m_model->placeOf(top);
        if (!place.isEmpty())
            text = tr("%1 · top row %2").arg(text, place);
    }
    if (m_status->text() != text)
        m_status->setText(text);
}

} // namespace ledger::app
