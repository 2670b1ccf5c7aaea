#include "transactionspage.h"

#include <QSet>

#include "../backgroundjob.h"
#include "../models/transactiontablemodel.h"
#include "../widgets/detailpanel.h"
#include "../widgets/elidingdelegate.h"
#include "../widgets/statebadge.h"
#include "../widgets/stuckcausebar.h"
#include "../widgets/tablepage.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ledger::app {

namespace {
// What a narrow Stuck view leaves the detail panel at least, in average characters.
constexpr int kStuckDetailMinChars = 36;
// How much of the error after the money the Stuck view wants in sight, in average characters.
constexpr int kStuckErrorGlimpseChars = 14;

// The width the rows in sight need in `column`, their text whole: only those, so that no page
// is read for it (QTableView::sizeHintForColumn reads a thousand rows when the table is hidden).
int widestInSight(QTableView *table, int column)
{
    const int top = table->rowAt(0);
    if (!table->isVisible() || top < 0)
        return 0;
    int bottom = table->rowAt(table->viewport()->height() - 1);
    if (bottom < 0)
        bottom = table->model()->rowCount() - 1;
    QStyleOptionViewItem option;
    option.initFrom(table->viewport());
    option.widget = table;
    option.font = table->font();
    option.fontMetrics = table->fontMetrics();
    int widest = 0;
    for (int row = top; row <= bottom; ++row) {
        const QModelIndex index = table->model()->index(row, column);
        widest = qMax(widest, table->itemDelegateForIndex(index)->sizeHint(option, index).width());
    }
    return table->showGrid() ? widest + 1 : widest; // the grid's line is the cell's too
}
} // namespace

TransactionsPage::TransactionsPage(StoreSession *session, ConsoleActions *actions, const Settings *settings, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_actions(actions)
    , m_settings(settings)
    , m_model(new TransactionTableModel(session, this))
    , m_list(new TablePage(m_model, TransactionTableModel::IdRole, tr("Filter by transaction id or account…"), this))
    , m_causeBar(new StuckCauseBar(this))
    , m_detail(new DetailPanel(session, this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_causes(new BackgroundJob(session, this))
{
    m_causes->setCoalescing(true);
    QTableView *table = m_list->table();
    table->setAccessibleName(tr("Transactions"));
    table->setItemDelegateForColumn(TransactionTableModel::StateColumn, new StateBadgeDelegate(TransactionTableModel::StateRole, table));
    table->setSortingEnabled(true);
    table->horizontalHeader()->setSortIndicator(TransactionTableModel::AgeColumn, Qt::AscendingOrder);
    m_sortColumn = TransactionTableModel::AgeColumn;
    m_sortOrder = Qt::AscendingOrder;
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table](const QPoint &at) {
        QMenu menu(this);
        menu.setToolTipsVisible(true); // a greyed action says why
        menu.addActions({m_actions->resume, m_actions->cancel, m_actions->compensate, m_actions->guidedRepair});
        menu.addSeparator();
        menu.addActions({m_actions->claim, m_actions->release, m_actions->addNote});
        menu.addSeparator();
        menu.addActions({m_actions->copyIds, m_actions->copyJson, m_actions->openWindow});
        menu.exec(table->viewport()->mapToGlobal(at));
    });
    // Every column is cut between words, never inside a number or an id (widgets/textfit.h); the
    // owner's and the claim's age stay whole after a name cut short.
    QAbstractItemDelegate *plain = table->itemDelegate(); // TablePage's, which keeps no tail
    table->setItemDelegate(new ElidingDelegate(TransactionTableModel::KeptTailRole, table));
    delete plain;
    // Wide enough for "compensation", "11m 30s", "worker · lease expired 4m 12s ago" and
    // "alice · 12m 5s ago" (the rest in tooltips).
    const QList<int> widths{210, 92, 100, 88, 88, 90, 70, 240, 230, 150};
    for (int c = 0; c < widths.size(); ++c)
        table->setColumnWidth(c, widths.at(c));

    m_causeBar->hide();
    m_list->insertRowAbove(m_causeBar);
    connect(m_causeBar, &StuckCauseBar::chosenChanged, this, &TransactionsPage::applyFilter);
    connect(m_causeBar, &StuckCauseBar::repairRequested, this, [this](OperatorAction action) {
        // Every row the table shows (the chosen group, or everything stuck): the repair dialog
        // reads the rows not loaded yet and previews each before anything is done.
        m_list->table()->selectAll();
        Q_EMIT groupRepairRequested(action);
    });

    m_splitter->addWidget(m_list);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({720, 380});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    setTabOrderOf({m_causeBar->combo(), m_causeBar->repairButton(), m_list->filterEdit(), table, m_detail});

    // Sizes are read once the layout has settled (a page just shown has not been laid out yet).
    m_fit.setSingleShot(true);
    m_fit.setInterval(0);
    connect(&m_fit, &QTimer::timeout, this, [this] {
        fitWholeColumns(); // (a page may have come while the table was hidden)
        fitStuckColumns();
    });
    // Rows arriving may bring a scroll bar that narrows the table.
    connect(m_model, &PagedTableModel::countChanged, &m_fit, qOverload<>(&QTimer::start));

    connect(m_list, &TablePage::filterTextChanged, this, [this](const QString &text) {
        m_text = text;
        applyFilter();
    });
    // The one selection model: the detail follows its current (selected) document, the
    // window's actions its selection; a page of rows arriving may change both.
    connect(m_list, &TablePage::currentKeyChanged, m_detail, &DetailPanel::showTransaction);
    connect(m_detail, &DocumentPanel::loaded, &m_fit, qOverload<>(&QTimer::start)); // what the panel needs may have changed
    connect(m_list, &TablePage::selectionChanged, this, &TransactionsPage::selectionChanged);
    connect(m_model, &PagedTableModel::pageLoaded, this, &TransactionsPage::selectionChanged);
    connect(m_model, &PagedTableModel::pageLoaded, this, &TransactionsPage::fitWholeColumns);
    connect(m_list, &TablePage::activated, this, &TransactionsPage::activated);
    connect(table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &TransactionsPage::onSortIndicatorChanged);
    connect(m_model, &PagedTableModel::countChanged, this, [this](qint64 count) {
        // What the table counts for a navigator entry, the entry says too, at once.
        const TxQuery &q = m_model->query();
        if (q.text.isEmpty() && !q.cause && !m_model->isLoading() && m_session->isOpen())
            Q_EMIT entryCounted(m_view, m_state, Tally{count, m_model->countIsExact(), m_model->countIsAtLeast()});
    });
    connect(session, &StoreSession::opened, this, [this] {
        // The model dropped a sort this store has no index for (newest first): so does the header.
        if (!m_model->isSortable(m_sortColumn))
            showSort(TransactionTableModel::AgeColumn, Qt::AscendingOrder);
        applyFilter();
    });
}

void TransactionsPage::showSort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    const QSignalBlocker blocker(m_list->table()->horizontalHeader());
    m_list->table()->horizontalHeader()->setSortIndicator(column, order);
}

void TransactionsPage::setView(NavigatorModel::View view, std::optional<TxState> state, bool followingLink, std::optional<qint64> known)
{
    m_view = view;
    m_state = state;
    m_entryCount = known;
    if (!followingLink) {
        m_text.clear();
        m_list->clearFilter();
        m_list->clearSelection(); // the detail and the actions follow
    }
    m_causeBar->setVisible(isStuckView());
    if (isStuckView())
        refreshCauses();
    applyFilter();
    m_fit.start();
}

void TransactionsPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_fit.start();
}

void TransactionsPage::fitStuckColumns()
{
    // At 1024 px the detail panel's share left the table ~550 px and the money off-screen (and at
    // the console's first size, with ids whole, the error after it). The table takes what it
    // lacks from the columns before the money (state, claim), down to what their header and rows
    // need, then from the detail panel, down to what the panel's widest id, amount or time needs
    // (narrower, it broke them: "208" / "27." / "73"). The id column is not narrowed: an id is
    // never cut (widgets/textfit.h); what is still lacking, the table scrolls to. Nothing is given
    // back when the window widens: the operator may have chosen that split.
    if (!isStuckView() || !m_list->isVisible())
        return;
    QTableView *table = m_list->table();
    QHeaderView *header = table->horizontalHeader();
    // In sight wanted: the money, and the start of the error after it (Stuck shows why first).
    const int glimpse = kStuckErrorGlimpseChars * table->fontMetrics().averageCharWidth();
    const auto lacking = [&] {
        const int amountEnds =
            header->sectionPosition(TransactionTableModel::AmountColumn) + header->sectionSize(TransactionTableModel::AmountColumn);
        const bool errorNext =
            header->visualIndex(TransactionTableModel::LastErrorColumn) == header->visualIndex(TransactionTableModel::AmountColumn) + 1;
        return (errorNext ? amountEnds + glimpse : amountEnds) - table->viewport()->width();
    };
    // The columns before the money: down to what their header and rows need. Not the id's nor
    // the age's (fitWholeColumns: never cut; an age grows as it ticks).
    for (int visual = 0; visual < header->visualIndex(TransactionTableModel::AmountColumn) && lacking() > 0; ++visual) {
        const int column = header->logicalIndex(visual);
        if (column == TransactionTableModel::IdColumn || column == TransactionTableModel::AgeColumn || header->isSectionHidden(column))
            continue;
        const int needed = qMax(widestInSight(table, column), header->sectionSizeHint(column));
        if (const int spare = header->sectionSize(column) - needed; spare > 0)
            header->resizeSection(column, header->sectionSize(column) - qMin(lacking(), spare));
    }
    const QList<int> sizes = m_splitter->sizes();
    if (sizes.size() != 2 || sizes.at(0) <= 0)
        return;
    const int floor = qMax(kStuckDetailMinChars * m_detail->fontMetrics().averageCharWidth(), m_detail->minimumTextWidth());
    // What the table is given (less than 0: given back). A transaction shown since may need more
    // than the panel was left: it gets that back.
    const bool tooNarrowed = m_detailNarrowed && sizes.at(1) < floor;
    const int given = tooNarrowed ? sizes.at(1) - floor : qMin(lacking(), sizes.at(1) - floor);
    if (given > 0 || tooNarrowed) {
        m_detailNarrowed = true;
        m_splitter->setSizes({sizes.at(0) + given, sizes.at(1) - given}); // laid out at once: the table is shown
    }
}

void TransactionsPage::fitWholeColumns()
{
    // An id is never cut (widgets/textfit.h), nor an age (one token: "14h 37m", "14小时37分",
    // wider in Chinese than the column was): their columns are as wide as the widest they show.
    QTableView *table = m_list->table();
    for (const int column : {TransactionTableModel::IdColumn, TransactionTableModel::AgeColumn}) {
        const int needed = widestInSight(table, column);
        if (table->columnWidth(column) < needed) {
            table->setColumnWidth(column, needed);
            m_fit.start();
        }
    }
}

void TransactionsPage::setStuckThreshold(qint64 ms)
{
    m_stuckForMs = ms;
    applyFilter();
    refreshCauses();
}

void TransactionsPage::applyFilter()
{
    TxQuery filter;
    filter.text = m_text;
    if (m_view == NavigatorModel::View::State)
        filter.state = m_state;
    if (isStuckView()) {
        filter.stuckOnly = true;
        filter.stuckForMs = m_stuckForMs;
        if (const auto group = m_causeBar->chosen()) {
            filter.state = group->state;
            filter.cause = group->cause;
        }
    }
    if (m_view == NavigatorModel::View::Compensations)
        filter.kind = TxKind::Compensation;
    arrangeColumns(filter.stuckOnly);
    const TxQuery &now = m_model->query();
    const bool same = now.state == filter.state && now.stuckOnly == filter.stuckOnly && now.stuckForMs == filter.stuckForMs
                   && now.kind == filter.kind && now.text == filter.text && now.cause == filter.cause;
    // The entry's count, when the table asks exactly what the entry counts (no text, no cause).
    const std::optional<qint64> known = filter.text.isEmpty() && !filter.cause ? m_entryCount : std::nullopt;
    m_entryCount.reset();
    if (!same)
        m_model->setFilter(filter, known);
}

void TransactionsPage::showTransaction(const QString &id) { m_list->narrowTo(id); }

void TransactionsPage::selectTransaction(const QString &id)
{
    if (!m_text.isEmpty()) { // a leftover text filter might hide it
        m_text.clear();
        m_list->clearFilter();
    }
    m_list->selectKey(id);
}

void TransactionsPage::refresh()
{
    m_model->refresh();
    m_detail->refresh();
    refreshCauses();
}

void TransactionsPage::refreshCauses()
{
    if (!m_session->isOpen() || !isStuckView())
        return;
    // It reads every stuck transaction: on a busy store, changes come faster than that. The job
    // coalesces: one reading at a time, and one more after it when something changed meanwhile.
    const qint64 threshold = m_stuckForMs;
    m_causes->run<Result<StuckCauses>>([threshold](LedgerService &ledger) { return ledger.stuckCauses(threshold); },
                                       [this](Result<StuckCauses> causes) {
                                           if (!causes.ok())
                                               Q_EMIT message(causes.error().localized(), 10'000);
                                           else
                                               m_causeBar->setCauses(*causes);
                                           m_actions->gate(m_causeBar->repairButton(), Role::Operator);
                                       });
}

void TransactionsPage::setTimeStyle(TimeStyle style)
{
    m_detail->setTimeStyle(style);
    m_model->setTimeStyle(style);
}

QList<Transaction> TransactionsPage::selectedTransactions() const
{
    QList<Transaction> list;
    QSet<QString> loaded;
    int placeholders = 0; // highlighted rows whose page is being read again
    for (const QItemSelectionRange &r : m_list->selection()) {
        // The loaded rows only: "select all" of ten million rows is one range.
        const QList<int> rows = m_model->loadedRows(r.top(), r.bottom());
        placeholders += r.height() - int(rows.size());
        for (int row : rows) {
            if (list.size() >= TablePage::kMaxFollowedSelection)
                break;
            if (auto tx = m_model->transactionAt(row)) {
                list << *tx;
                loaded.insert(tx->id);
            }
        }
    }
    // The table reads its rows again after every change to the store; while the selected rows are
    // reloading, the selection is still of the same documents: they count as last read, so that
    // an action asked for meanwhile (a remark, the guided repair, a copy) finds them instead of
    // nothing. (Caught twice by callers that each had to wait: fixed here for all of them.)
    // Only as many as there are highlighted rows reloading: a document no row may show is not
    // selected (a repair was offered on a row a filter hid).
    const QStringList keys = m_list->selectedKeys();
    for (auto it = m_lastRead.begin(); it != m_lastRead.end();)
        it = keys.contains(it.key()) ? std::next(it) : m_lastRead.erase(it);
    for (const Transaction &tx : std::as_const(list))
        m_lastRead.insert(tx.id, tx);
    for (const QString &key : keys) {
        if (list.size() >= TablePage::kMaxFollowedSelection || placeholders == 0)
            break;
        if (!loaded.contains(key) && m_lastRead.contains(key)) {
            list << m_lastRead.value(key);
            --placeholders;
        }
    }
    return list;
}

bool TransactionsPage::acceptsSelection(const QAction *action, qsizetype selected, bool one)
{
    if (selected > 0 && (!one || selected == 1))
        return true;
    // The action's name as its menu says it, without the mnemonic ("&Resume…", "继续执行(&R)…").
    static const QRegularExpression mnemonic(QStringLiteral("\\(&.\\)|&|\u2026"));
    const QString name = action->text().remove(mnemonic).trimmed();
    const QString why = selected == 0
                          ? tr("%1: no transaction is selected; the row it was for is no longer shown. Select one first.").arg(name)
                          : tr("%1: select exactly one transaction (%2 are selected).").arg(name).arg(selected);
    Q_EMIT message(why, 10'000);
    return false;
}

ConsoleActions::Extras TransactionsPage::extrasOf(const QList<Transaction> &selected) const
{
    ConsoleActions::Extras extras;
    for (const Transaction &tx : selected) {
        if (const auto claim = m_model->claimOf(tx))
            extras.claims.insert(tx.id, *claim);
        if (const auto state = m_model->compensationStateOf(tx.id))
            extras.compensationStates.insert(tx.id, *state);
    }
    return extras;
}

int TransactionsPage::unloadedSelectedRows() const { return qMax(0, m_list->selectedRowCount() - int(selectedTransactions().size())); }

bool TransactionsPage::isBusy() const { return m_model->isLoading() || m_list->isFilterPending() || m_causes->isRunning(); }

void TransactionsPage::onSortIndicatorChanged(int column, Qt::SortOrder order)
{
    QHeaderView *header = m_list->table()->horizontalHeader();
    if (!m_model->isSortable(column)) {
        // The store sorts by what it has indexes for; show the sort that is really in force.
        const QSignalBlocker blocker(header);
        header->setSortIndicator(m_sortColumn, m_sortOrder);
        if (m_model->isSortable(TransactionTableModel::AmountColumn))
            Q_EMIT message(tr("Sort by age, amount, state or id"), 4000);
        else
            Q_EMIT message(tr("This store lists transactions by age or by state only: it has no index for other orders"), 4000);
        return;
    }
    m_sortColumn = column;
    m_sortOrder = order;
}

void TransactionsPage::restoreSort()
{
    QHeaderView *header = m_list->table()->horizontalHeader();
    if (m_model->isSortable(header->sortIndicatorSection())) {
        m_sortColumn = header->sortIndicatorSection();
        m_sortOrder = header->sortIndicatorOrder();
    } else if (m_model->isSortable(m_sortColumn)) {
        header->setSortIndicator(m_sortColumn, m_sortOrder);
    } else { // neither the saved sort nor the last one: newest first
        showSort(TransactionTableModel::AgeColumn, Qt::AscendingOrder);
    }
}

void TransactionsPage::arrangeColumns(bool stuck)
{
    // At the console's default width the table shows five or six columns beside the detail panel:
    // in Stuck they must be how long, who is on it, the error and the lease — the money after.
    using C = TransactionTableModel;
    static const QList<int> listing{C::IdColumn,     C::StateColumn, C::KindColumn,      C::SourceColumn, C::DestinationColumn,
                                    C::AmountColumn, C::AgeColumn,   C::LastErrorColumn, C::OwnerColumn,  C::ClaimColumn};
    static const QList<int> stuckFirst{C::IdColumn,        C::StateColumn,  C::AgeColumn,         C::ClaimColumn, C::AmountColumn,
                                       C::LastErrorColumn, C::SourceColumn, C::DestinationColumn, C::OwnerColumn, C::KindColumn};
    QHeaderView *header = m_list->table()->horizontalHeader();
    const QList<int> &order = stuck ? stuckFirst : listing;
    for (int visual = 0; visual < order.size(); ++visual) {
        if (header->visualIndex(order.at(visual)) != visual)
            header->moveSection(header->visualIndex(order.at(visual)), visual);
    }
}

} // namespace ledger::app
