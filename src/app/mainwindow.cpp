#include "mainwindow.h"

#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/transferdialog.h"
#include "backgroundjob.h"
#include "exports/exportcontroller.h"
#include "jobrunner.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "store/open/changenotifier.h"
#include "widgets/accountpanel.h"
#include "widgets/auditview.h"
#include "widgets/dashboard.h"
#include "widgets/detailpanel.h"
#include "widgets/statebadge.h"
#include "widgets/stuckcausebar.h"
#include "widgets/tablepage.h"

#include <QApplication>
#include <QComboBox>
#include <QCryptographicHash>
#include <QHBoxLayout>
#include <QCloseEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTime>
#include <QToolBar>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

// Resources compiled into a static library are registered by hand (at global scope).
static void initResources() { Q_INIT_RESOURCE(ledgerdesk); }

namespace ledger::app {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_session(new StoreSession(this))
    , m_actions(new ConsoleActions(this))
    , m_countsJob(new BackgroundJob(m_session, this))
    , m_overviewJob(new BackgroundJob(m_session, this))
    , m_causesJob(new BackgroundJob(m_session, this))
    , m_exports(new ExportController(m_session, this))
    , m_navigatorModel(new NavigatorModel(this))
    , m_navigator(new QTreeView(this))
    , m_stack(new QStackedWidget(this))
    , m_storeLabel(new QLabel(this))
    , m_activityLabel(new QLabel(this))
    , m_liveLabel(new QLabel(this))
{
    initResources();
    m_causesJob->setCoalescing(true);
    setWindowTitle(tr("LedgerDesk"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/ledgerdesk.svg")));
    buildPages();
    buildMenus();
    connectExports();
    connectSession();

    m_navigator->setModel(m_navigatorModel);
    m_navigator->setHeaderHidden(true);
    m_navigator->expandAll();
    m_navigator->setAccessibleName(tr("Navigator"));
    m_navigator->setMinimumWidth(190);
    connect(m_navigator->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::onNavigatorChanged);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->addWidget(m_navigator);
    m_mainSplitter->addWidget(m_stack);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setSizes({210, 1000});
    setCentralWidget(m_mainSplitter);

    m_liveLabel->setObjectName(QStringLiteral("liveLabel"));
    statusBar()->addPermanentWidget(m_liveLabel);
    statusBar()->addPermanentWidget(m_activityLabel);
    statusBar()->addPermanentWidget(m_storeLabel);
    m_storeLabel->setText(tr("no store open"));

    // Changes arrive in bursts (a transfer is eight writes): gather them into one refresh.
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(150);
    connect(&m_refreshTimer, &QTimer::timeout, this, &MainWindow::refreshAll);
    // Leases run out and transactions age past the threshold without a single write: the
    // counts and an open "Stuck" list are read again now and then even when nothing changed.
    m_periodicTimer.setInterval(15'000);
    connect(&m_periodicTimer, &QTimer::timeout, this, [this] {
        refreshCounts();
        if (m_stack->currentIndex() == TransactionsPage)
            m_transactionModel->refresh();
        refreshCauses();
    });
    m_periodicTimer.start();

    resize(1320, 820);
    restoreLayout();
    m_navigator->setCurrentIndex(m_navigatorModel->indexOf(NavigatorModel::View::Overview));
}

MainWindow::~MainWindow() { closeStore(); }

void MainWindow::buildPages()
{
    m_dashboard = new Dashboard(this);
    m_accountModel = new AccountTableModel(m_session, this);
    m_accountsPage = new TablePage(m_accountModel, AccountTableModel::IdRole, tr("Filter accounts by id or name…"), this);
    m_accountsPage->table()->setAccessibleName(tr("Accounts"));
    m_accountPanel = new AccountPanel(m_session, this);
    m_accountsSplitter = new QSplitter(Qt::Horizontal, this);
    m_accountsSplitter->addWidget(m_accountsPage);
    m_accountsSplitter->addWidget(m_accountPanel);
    m_accountsSplitter->setStretchFactor(0, 2);
    m_accountsSplitter->setStretchFactor(1, 1);
    m_accountsSplitter->setSizes({720, 380});
    buildAccountMenu();

    m_transactionModel = new TransactionTableModel(m_session, this);
    m_transactionsPage = new TablePage(m_transactionModel, TransactionTableModel::IdRole, tr("Filter by transaction id or account…"), this);
    QTableView *table = m_transactionsPage->table();
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
    // Ids are elided in the middle, so that a compensation's ".rev" stays in sight.
    table->setTextElideMode(Qt::ElideMiddle);
    // Wide enough for "11m 30s", "worker · lease expired 4m 12s ago" and "alice · 12m 5s ago"
    // (the rest in tooltips); ids elide in the middle.
    const QList<int> widths{210, 92, 90, 88, 88, 90, 70, 240, 260, 130};
    for (int c = 0; c < widths.size(); ++c)
        table->setColumnWidth(c, widths.at(c));
    buildCauseBar();
    m_detail = new DetailPanel(m_session, this);
    m_transactionSplitter = new QSplitter(Qt::Horizontal, this);
    m_transactionSplitter->addWidget(m_transactionsPage);
    m_transactionSplitter->addWidget(m_detail);
    m_transactionSplitter->setStretchFactor(0, 2);
    m_transactionSplitter->setStretchFactor(1, 1);
    m_transactionSplitter->setSizes({720, 380});

    m_audit = new AuditView(m_session, this);
    m_journalModel = new JournalModel(m_session, this);
    m_actionsPage = new TablePage(m_journalModel, JournalModel::SeqRole, tr("Filter by operator or document…"), this);
    m_actionsKind = new QComboBox(this);
    m_actionsKind->setAccessibleName(tr("Which actions"));
    m_actionsKind->addItem(tr("Repairs"), int(JournalModel::Preset::Repairs));
    m_actionsKind->addItem(tr("Account changes"), int(JournalModel::Preset::Accounts));
    m_actionsKind->addItem(tr("Transfers issued"), int(JournalModel::Preset::TransfersIssued));
    m_actionsKind->addItem(tr("All actions"), int(JournalModel::Preset::All));
    m_actionsPage->toolRow()->insertWidget(0, m_actionsKind);
    connect(m_actionsKind, &QComboBox::currentIndexChanged, this, [this] {
        m_journalModel->setFilter(JournalModel::Preset(m_actionsKind->currentData().toInt()), m_actionsPage->filterEdit()->text().trimmed());
    });
    connect(m_actionsPage, &TablePage::filterTextChanged, this, [this](const QString &text) {
        m_journalModel->setFilter(JournalModel::Preset(m_actionsKind->currentData().toInt()), text);
    });
    m_actionsPage->table()->setAccessibleName(tr("Operator actions"));
    m_actionsPage->table()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_actionsPage->table(), &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QMenu menu(this);
        menu.addActions({m_actions->copyJson, m_actions->openWindow});
        menu.exec(m_actionsPage->table()->viewport()->mapToGlobal(at));
    });
    const QList<int> actionWidths{190, 160, 90, 280, 170};
    for (int c = 0; c < actionWidths.size(); ++c)
        m_actionsPage->table()->setColumnWidth(c, actionWidths.at(c));

    m_stack->insertWidget(OverviewPage, m_dashboard);
    m_stack->insertWidget(AccountsPage, m_accountsSplitter);
    m_stack->insertWidget(TransactionsPage, m_transactionSplitter);
    m_stack->insertWidget(AuditPage, m_audit);
    m_stack->insertWidget(ActionsPage, m_actionsPage);

    connect(m_accountsPage, &TablePage::filterTextChanged, m_accountModel, &AccountTableModel::setFilterText);
    connect(m_accountsPage, &TablePage::currentKeyChanged, m_accountPanel, &AccountPanel::showAccount);
    connect(m_accountPanel, &AccountPanel::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_transactionsPage, &TablePage::filterTextChanged, this, [this](const QString &text) {
        m_transactionText = text;
        applyTransactionFilter();
    });
    connect(m_transactionsPage, &TablePage::selectionChanged, this, &MainWindow::onTransactionSelection);
    connect(m_transactionModel, &PagedTableModel::pageLoaded, this, &MainWindow::onTransactionSelection);
    connect(table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &MainWindow::onSortIndicatorChanged);
    connect(m_transactionsPage, &TablePage::currentKeyChanged, m_detail, &DetailPanel::showTransaction);
    connect(m_transactionsPage, &TablePage::activated, this, [this] {
        if (m_actions->guidedRepair->isEnabled())
            openRepairWizard();
    });
    connect(m_actionsPage, &TablePage::activated, this, [this] {
        const QModelIndex current = m_actionsPage->table()->currentIndex(); // the page keeps it on the entry
        if (current.data(JournalModel::DocKindRole).toString() == QLatin1String("account"))
            showAccountById(current.data(JournalModel::DocIdRole).toString());
        else
            showTransactionById(current.data(JournalModel::DocIdRole).toString());
    });
    connect(m_detail, &DetailPanel::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_detail, &DetailPanel::accountLinkActivated, this, &MainWindow::showAccountById);
    connect(m_audit, &AuditView::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_audit, &AuditView::accountLinkActivated, this, &MainWindow::showAccountById);
    for (PagedTableModel *model : std::initializer_list<PagedTableModel *>{m_accountModel, m_transactionModel, m_journalModel}) {
        connect(model, &PagedTableModel::loadingChanged, this, &MainWindow::updateActivity);
        connect(model, &PagedTableModel::loadFailed, this, [this](const QString &message) { statusBar()->showMessage(message, 10'000); });
    }
}

bool MainWindow::isBusy() const
{
    return (hasStore() && m_session->jobs()->running() > 0) || m_transactionModel->isLoading() || m_accountModel->isLoading() || m_journalModel->isLoading()
        || m_transactionsPage->isFilterPending() || m_accountsPage->isFilterPending() || m_actionsPage->isFilterPending();
}

void MainWindow::showView(NavigatorModel::View view, std::optional<TxState> state)
{
    const QModelIndex index = m_navigatorModel->indexOf(view, state);
    if (index.isValid())
        m_navigator->setCurrentIndex(index); // onNavigatorChanged does the rest
}

void MainWindow::onNavigatorChanged()
{
    const QModelIndex current = m_navigator->currentIndex();
    if (!current.isValid())
        return;
    m_view = NavigatorModel::viewOf(current);
    m_viewState = NavigatorModel::stateOf(current);
    switch (m_view) {
    case NavigatorModel::View::Overview:
        m_stack->setCurrentIndex(OverviewPage);
        refreshOverview();
        break;
    case NavigatorModel::View::Accounts: m_stack->setCurrentIndex(AccountsPage); break;
    case NavigatorModel::View::Audit: m_stack->setCurrentIndex(AuditPage); break;
    case NavigatorModel::View::Actions:
        m_stack->setCurrentIndex(ActionsPage);
        m_journalModel->refresh(); // not kept current while out of sight
        break;
    case NavigatorModel::View::Transactions:
    case NavigatorModel::View::State:
    case NavigatorModel::View::Stuck:
    case NavigatorModel::View::Compensations:
        m_stack->setCurrentIndex(TransactionsPage);
        // Another entry is another question: a leftover text filter would hide its rows, and the
        // detail of the last view's transaction would describe a row no longer listed.
        if (!m_followingLink) {
            m_transactionText.clear();
            m_transactionsPage->clearFilter();
            m_detail->showTransaction(QString());
        }
        m_causeBar->setVisible(m_view == NavigatorModel::View::Stuck);
        if (m_view == NavigatorModel::View::Stuck)
            refreshCauses();
        applyTransactionFilter();
        break;
    }
    onTransactionSelection();
    updateExportActions();
}

void MainWindow::applyTransactionFilter()
{
    TxQuery filter;
    filter.text = m_transactionText;
    if (m_view == NavigatorModel::View::State)
        filter.state = m_viewState;
    if (m_view == NavigatorModel::View::Stuck) {
        filter.stuckOnly = true;
        filter.stuckForMs = m_settings.stuckThresholdMs();
        if (const auto group = m_causeBar->chosen()) {
            filter.state = group->state;
            filter.cause = group->cause;
        }
    }
    if (m_view == NavigatorModel::View::Compensations)
        filter.kind = TxKind::Compensation;
    arrangeTransactionColumns(filter.stuckOnly);
    const TxQuery &now = m_transactionModel->query();
    const bool same = now.state == filter.state && now.stuckOnly == filter.stuckOnly && now.stuckForMs == filter.stuckForMs
        && now.kind == filter.kind && now.text == filter.text && now.cause == filter.cause;
    if (!same)
        m_transactionModel->setFilter(filter);
}

void MainWindow::onSortIndicatorChanged(int column, Qt::SortOrder order)
{
    QHeaderView *header = m_transactionsPage->table()->horizontalHeader();
    if (!TransactionTableModel::isSortable(column)) {
        // The store sorts by what it has indexes for; show the sort that is really in force.
        const QSignalBlocker blocker(header);
        header->setSortIndicator(m_sortColumn, m_sortOrder);
        statusBar()->showMessage(tr("Sort by age, amount, state or id"), 4000);
        return;
    }
    m_sortColumn = column;
    m_sortOrder = order;
}

void MainWindow::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void MainWindow::refreshAll()
{
    if (!hasStore())
        return;
    refreshCounts();
    refreshCauses();
    m_transactionModel->refresh();
    m_accountModel->refresh();
    if (m_stack->currentIndex() == ActionsPage)
        m_journalModel->refresh();
    m_detail->refresh();
    m_accountPanel->refresh();
    refreshDetailWindows();
    if (m_stack->currentIndex() == OverviewPage)
        refreshOverview();
}

void MainWindow::refreshCounts()
{
    const qint64 threshold = m_settings.stuckThresholdMs();
    // A newer count drops an older one: it may be older than what is shown.
    m_countsJob->run<Result<Overview>>([threshold](Store &s) { return loadCounts(s, threshold); }, [this](Result<Overview> counts) {
        if (!counts.ok()) {
            statusBar()->showMessage(counts.error().localized(), 10'000);
            return;
        }
        m_navigatorModel->setCounts(*counts);
        Q_EMIT countsLoaded();
    });
}

void MainWindow::refreshOverview()
{
    const qint64 threshold = m_settings.stuckThresholdMs();
    m_overviewJob->run<Result<Overview>>([threshold](Store &s) { return loadOverview(s, threshold); }, [this](Result<Overview> overview) {
        if (overview.ok())
            m_dashboard->setOverview(*overview);
    });
}

void MainWindow::updateActivity()
{
    const int running = hasStore() ? m_session->jobs()->running() : 0;
    m_activityLabel->setText(running > 0 ? tr("working: %n job(s)", "", running) : tr("idle"));
}

void MainWindow::showError(const QString &title, const QString &text)
{
    // Not exec(): the window keeps running (and tests keep going) while the message is up.
    auto *box = new QMessageBox(QMessageBox::Critical, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::offerReopen(const QString &message)
{
    if (findChild<QMessageBox *>(QStringLiteral("reopenStoreBox")))
        return; // one is up already
    const QString path = storePath();
    auto *box = new QMessageBox(QMessageBox::Critical, tr("The store must be opened again"),
                                tr("%1\n\nNothing more is written through this window until the store is opened again.").arg(message),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("reopenStoreBox"));
    box->setWindowModality(Qt::WindowModal);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *reopen = box->addButton(tr("&Reopen the store"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(reopen);
    connect(box, &QMessageBox::buttonClicked, this, [this, reopen, path](QAbstractButton *clicked) {
        if (clicked == reopen)
            openStore(path, OpenMode::Existing);
    });
    box->open();
}

void MainWindow::showTransactionById(const QString &id)
{
    if (id.isEmpty())
        return;
    m_followingLink = true;
    showView(NavigatorModel::View::Transactions);
    m_followingLink = false;
    m_transactionsPage->filterEdit()->setText(id); // the debounced filter narrows the table to it
    m_transactionsPage->selectKey(id);
}

void MainWindow::showAccountById(const QString &id)
{
    if (id.isEmpty())
        return;
    showView(NavigatorModel::View::Accounts);
    m_accountsPage->filterEdit()->setText(id);
    m_accountsPage->selectKey(id);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

} // namespace ledger::app
