#include "mainwindow.h"

#include "changewatcher.h"
#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/transferdialog.h"
#include "exports/exportcontroller.h"
#include "jobrunner.h"
#include "pguri.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "widgets/auditview.h"
#include "widgets/dashboard.h"
#include "widgets/detailpanel.h"
#include "widgets/statebadge.h"
#include "widgets/tablepage.h"

#include <QApplication>
#include <QComboBox>
#include <QCryptographicHash>
#include <QHBoxLayout>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
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

namespace {
enum Page { OverviewPage, AccountsPage, TransactionsPage, AuditPage, ActionsPage };
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_actions(new ConsoleActions(this))
    , m_exports(new ExportController(this))
    , m_navigatorModel(new NavigatorModel(this))
    , m_navigator(new QTreeView(this))
    , m_stack(new QStackedWidget(this))
    , m_storeLabel(new QLabel(this))
    , m_activityLabel(new QLabel(this))
    , m_liveLabel(new QLabel(this))
{
    initResources();
    setWindowTitle(tr("LedgerDesk"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/ledgerdesk.svg")));
    buildPages();
    buildMenus();
    connectExports();

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
    m_accountModel = new AccountTableModel(this);
    m_accountsPage = new TablePage(m_accountModel, AccountTableModel::IdRole, tr("Filter accounts by id or name…"), this);
    m_accountsPage->table()->setAccessibleName(tr("Accounts"));

    m_transactionModel = new TransactionTableModel(this);
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
        menu.exec(table->viewport()->mapToGlobal(at));
    });
    const QList<int> widths{242, 92, 88, 88, 90, 56, 215};
    for (int c = 0; c < widths.size(); ++c)
        table->setColumnWidth(c, widths.at(c));
    m_detail = new DetailPanel(this);
    m_transactionSplitter = new QSplitter(Qt::Horizontal, this);
    m_transactionSplitter->addWidget(m_transactionsPage);
    m_transactionSplitter->addWidget(m_detail);
    m_transactionSplitter->setStretchFactor(0, 2);
    m_transactionSplitter->setStretchFactor(1, 1);
    m_transactionSplitter->setSizes({720, 380});

    m_audit = new AuditView(this);
    m_journalModel = new JournalModel(this);
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
    const QList<int> actionWidths{190, 160, 90, 280, 170};
    for (int c = 0; c < actionWidths.size(); ++c)
        m_actionsPage->table()->setColumnWidth(c, actionWidths.at(c));

    m_stack->insertWidget(OverviewPage, m_dashboard);
    m_stack->insertWidget(AccountsPage, m_accountsPage);
    m_stack->insertWidget(TransactionsPage, m_transactionSplitter);
    m_stack->insertWidget(AuditPage, m_audit);
    m_stack->insertWidget(ActionsPage, m_actionsPage);

    connect(m_accountsPage, &TablePage::filterTextChanged, m_accountModel, &AccountTableModel::setFilterText);
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
    for (DetailPanel *panel : {m_detail}) {
        connect(panel, &DetailPanel::transactionLinkActivated, this, &MainWindow::showTransactionById);
        connect(panel, &DetailPanel::accountLinkActivated, this, &MainWindow::showAccountById);
    }
    connect(m_audit, &AuditView::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_audit, &AuditView::accountLinkActivated, this, &MainWindow::showAccountById);
    for (PagedTableModel *model : std::initializer_list<PagedTableModel *>{m_accountModel, m_transactionModel, m_journalModel}) {
        connect(model, &PagedTableModel::loadingChanged, this, &MainWindow::updateActivity);
        connect(model, &PagedTableModel::loadFailed, this, [this](const QString &message) { statusBar()->showMessage(message, 10'000); });
    }
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions->newStore);
    file->addAction(m_actions->openStore);
    file->addAction(m_actions->openServerStore);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addSeparator();
    file->addActions({m_actions->exportCsv, m_actions->exportJson, m_actions->incidentReport});
    file->addSeparator();
    file->addAction(m_actions->quit);
    QMenu *transactions = menuBar()->addMenu(tr("&Transactions"));
    transactions->addAction(m_actions->newTransfer);
    transactions->addSeparator();
    transactions->addActions({m_actions->resume, m_actions->cancel, m_actions->compensate, m_actions->guidedRepair});
    transactions->addSeparator();
    transactions->addAction(m_actions->recoverStuck);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addActions(m_actions->views);
    view->addSeparator();
    view->addActions({m_actions->find, m_actions->refresh});
    QMenu *tools = menuBar()->addMenu(tr("T&ools"));
    tools->addActions({m_actions->runAudit, m_actions->settings});
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_actions->about);
    for (QMenu *menu : {file, transactions, view, tools, help})
        menu->setToolTipsVisible(true); // a greyed repair says why in its tooltip

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({m_actions->newTransfer, m_actions->resume, m_actions->cancel, m_actions->compensate, m_actions->guidedRepair});
    bar->addSeparator();
    bar->addActions({m_actions->recoverStuck, m_actions->runAudit});

    connect(m_actions->newStore, &QAction::triggered, this, [this] { chooseStore(true); });
    connect(m_actions->openStore, &QAction::triggered, this, [this] { chooseStore(false); });
    connect(m_actions->openServerStore, &QAction::triggered, this, &MainWindow::chooseServerStore);
    connect(m_actions->quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions->newTransfer, &QAction::triggered, this, &MainWindow::openTransferDialog);
    connect(m_actions->resume, &QAction::triggered, this, [this] { openRepairDialog(OperatorAction::Resume); });
    connect(m_actions->cancel, &QAction::triggered, this, [this] { openRepairDialog(OperatorAction::Cancel); });
    connect(m_actions->compensate, &QAction::triggered, this, [this] { openRepairDialog(OperatorAction::Compensate); });
    connect(m_actions->guidedRepair, &QAction::triggered, this, &MainWindow::openRepairWizard);
    connect(m_actions->recoverStuck, &QAction::triggered, this, &MainWindow::openRecoverDialog);
    connect(m_actions->refresh, &QAction::triggered, this, &MainWindow::refreshAll);
    connect(m_actions->find, &QAction::triggered, this, [this] {
        // Filter the table on screen; from a page without one, the transactions.
        TablePage *page = m_stack->currentIndex() == AccountsPage ? m_accountsPage
            : m_stack->currentIndex() == ActionsPage             ? m_actionsPage
                                                                  : m_transactionsPage;
        if (m_stack->currentIndex() != AccountsPage && m_stack->currentIndex() != ActionsPage && m_stack->currentIndex() != TransactionsPage)
            showView(NavigatorModel::View::Transactions);
        page->filterEdit()->setFocus();
        page->filterEdit()->selectAll();
    });
    connect(m_actions->runAudit, &QAction::triggered, this, [this] {
        showView(NavigatorModel::View::Audit);
        m_audit->runAudit();
    });
    connect(m_actions->settings, &QAction::triggered, this, [this] {
        auto *dialog = new SettingsDialog(m_settings, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this] {
            applyTransactionFilter(); // the stuck threshold may have changed
            refreshCounts();
        });
        dialog->open();
    });
    connect(m_actions->about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About LedgerDesk"),
                           tr("<h3>LedgerDesk %1</h3><p>The operator console of a two-phase-commit ledger: see every account and "
                              "transaction by state, issue transfers, find what is stuck and repair it safely.</p>")
                               .arg(QStringLiteral(LEDGERDESK_VERSION)));
    });
    const QList<QPair<NavigatorModel::View, std::optional<TxState>>> targets{
        {NavigatorModel::View::Overview, std::nullopt}, {NavigatorModel::View::Accounts, std::nullopt},
        {NavigatorModel::View::Transactions, std::nullopt}, {NavigatorModel::View::Stuck, std::nullopt},
        {NavigatorModel::View::Audit, std::nullopt},       {NavigatorModel::View::Actions, std::nullopt}};
    for (int i = 0; i < m_actions->views.size(); ++i) {
        const auto target = targets.at(i);
        connect(m_actions->views.at(i), &QAction::triggered, this, [this, target] { showView(target.first, target.second); });
    }
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings.recentStores();
    for (const QString &path : recent) {
        QAction *a = m_recentMenu->addAction(storeShortName(path) + QStringLiteral("  —  ") + path);
        connect(a, &QAction::triggered, this, [this, path] { openStore(path, OpenMode::Existing); });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::chooseStore(bool create)
{
    const QString dir = hasStore() ? QFileInfo(storePath()).absolutePath() : QFileInfo(defaultStorePath()).absolutePath();
    const QString filter = tr("LedgerDesk stores (*.db *.json);;All files (*)");
    const QString path = create ? QFileDialog::getSaveFileName(this, tr("New store"), dir + QStringLiteral("/ledger.db"), filter)
                                : QFileDialog::getOpenFileName(this, tr("Open store"), dir, filter);
    if (path.isEmpty())
        return;
    int shards = 0;
    if (create && path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        // A .json name is a sharded store's topology file: its shard files go beside it.
        bool ok = false;
        shards = QInputDialog::getInt(this, tr("New sharded store"),
                                      tr("%1 will be the topology file of a sharded store, with its shard files beside it;\n"
                                         "every shard writes synchronous=FULL. How many shards? (It cannot change later.)")
                                          .arg(QFileInfo(path).fileName()),
                                      4, 1, 64, 1, &ok);
        if (!ok)
            return;
    }
    openStore(path, create ? OpenMode::Create : OpenMode::Existing, shards);
}

void MainWindow::chooseServerStore()
{
    bool ok = false;
    const QString current = hasStore() && pguri::isPostgres(storePath()) ? storeDisplayName(storePath()) : QString();
    const QString uri = QInputDialog::getText(
                            this, tr("Open server store"),
                            tr("PostgreSQL connection URI, for example\n"
                               "postgresql://alice@db.example.com:5432/ledger?sslmode=verify-full\n\n"
                               "Keep the password in ~/.pgpass (or the file $PGPASSFILE names): LedgerDesk never saves one.\n"
                               "A database that holds no store yet is refused; create one with 'ledgerctl init --store URI'."),
                            QLineEdit::Normal, current, &ok)
                            .trimmed();
    if (!ok || uri.isEmpty())
        return;
    if (!pguri::isPostgres(uri)) {
        showError(tr("Open server store"), tr("%1 is not a PostgreSQL URI: it must start with postgresql://").arg(uri));
        return;
    }
    if (pguri::hasPassword(uri))
        statusBar()->showMessage(tr("The password in the URI is used for this session only and is not saved; "
                                    "put it in ~/.pgpass to reopen this store from the recent list."),
                                 15'000);
    openStore(uri, OpenMode::Existing);
}

void MainWindow::openStore(const QString &path, OpenMode mode, int shards)
{
    if (dialogsOpen()) {
        showError(tr("Another store"), tr("Close the open dialogs first: they work on the store that is open now."));
        return;
    }
    auto config = resolveStoreConfig(path.isEmpty() || pguri::isPostgres(path) ? path : QFileInfo(path).absoluteFilePath());
    if (!config.ok()) {
        showError(tr("Cannot open the store"), config.error().localized());
        return;
    }
    config->shards = shards;
    statusBar()->showMessage(mode == OpenMode::Existing ? tr("Opening %1…").arg(storeDisplayName(config->location))
                                                        : tr("Preparing %1…").arg(storeDisplayName(config->location)));
    auto *watcher = new QFutureWatcher<OpenedStore>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        const OpenedStore opened = watcher->result();
        watcher->deleteLater();
        if (!opened.error.ok()) {
            statusBar()->clearMessage();
            QString text = opened.error.toString();
            if (opened.error.code == ErrorCode::StoreUnavailable)
                text += tr("\n\nTo start a new ledger, use File › New store.");
            showError(tr("Cannot open the store"), text);
            Q_EMIT storeFailed(opened.error.toString());
            return;
        }
        install(opened);
    });
    const QString operatorName = m_settings.operatorName();
    const StoreConfig c = *config;
    watcher->setFuture(QtConcurrent::run([c, mode, operatorName] { return openForConsole(c, mode, operatorName); }));
}

void MainWindow::closeStore()
{
    if (hasStore())
        saveLayout(); // this store's layout, before another store's replaces it on screen
    // Models first, so nothing asks the old runner for more; then the runner waits for its jobs.
    m_accountModel->setJobRunner(nullptr);
    m_transactionModel->setJobRunner(nullptr);
    m_journalModel->setJobRunner(nullptr);
    m_detail->setJobRunner(nullptr, m_scale);
    m_audit->setJobRunner(nullptr, m_scale);
    m_exports->stop();
    m_exports->setJobRunner(nullptr);
    delete m_watcher;
    m_watcher = nullptr;
    delete m_jobs;
    m_jobs = nullptr;
}

void MainWindow::install(const OpenedStore &opened)
{
    closeStore();
    m_config = opened.config;
    m_scale = opened.scale;
    m_jobs = new JobRunner(m_config, this);
    m_watcher = new ChangeWatcher(m_config, 400, this);
    connect(m_jobs, &JobRunner::activityChanged, this, &MainWindow::updateActivity);
    connect(m_watcher, &ChangeWatcher::changed, this, [this] {
        m_liveLabel->setText(tr("changed %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
        scheduleRefresh();
    });
    connect(m_watcher, &ChangeWatcher::failed, this, [this](const QString &message) {
        m_liveLabel->setText(m_watcher->listensToServer() ? tr("reconnecting…") : tr("live updates paused"));
        statusBar()->showMessage(message, 10'000);
    });
    connect(m_watcher, &ChangeWatcher::resumed, this, [this] {
        m_liveLabel->setText(tr("live"));
        scheduleRefresh(); // whatever happened meanwhile
    });
    restoreTableLayout(m_config.location);
    m_accountModel->setScale(m_scale);
    m_transactionModel->setScale(m_scale);
    m_accountModel->setJobRunner(m_jobs);
    m_journalModel->setJobRunner(m_jobs);
    m_detail->setJobRunner(m_jobs, m_scale);
    m_audit->setJobRunner(m_jobs, m_scale);
    m_exports->setJobRunner(m_jobs);
    m_transactionModel->setJobRunner(m_jobs);
    applyTransactionFilter();
    m_actions->setStoreOpen(true);
    m_settings.addRecentStore(m_config.location);
    rebuildRecentMenu();
    setWindowTitle(tr("%1 — LedgerDesk").arg(storeShortName(m_config.location)));
    // How durable each write is, where operators look: a single file may lose its last commits
    // to a power cut (an earlier crash, nothing inconsistent); a sharded store syncs every write.
    const QString shown = storeDisplayName(m_config.location);
    // PostgreSQL says durability in its own words: the store keeps synchronous_commit on; a
    // server running with fsync off is said too.
    const QString durability = pguri::isPostgres(m_config.location)
        ? (opened.durability == Durability::Full ? QStringLiteral("synchronous_commit=on") : QStringLiteral("synchronous_commit=on, fsync=off"))
        : QStringLiteral("synchronous=") + nameOf(opened.durability);
    m_storeLabel->setText(opened.shards > 1 ? tr("%1  ·  %2 shards  ·  %3").arg(shown).arg(opened.shards).arg(durability)
                                            : tr("%1  ·  %2").arg(shown, durability));
    m_storeLabel->setToolTip(opened.durability == Durability::Full
                                 ? tr("Every write is synced to disk before the next one (synchronous=FULL).")
                                 : tr("Writes survive a crash of any program; a power cut may undo the last few, as if they "
                                      "had not happened yet (synchronous=NORMAL)."));
    m_liveLabel->setText(tr("live"));
    statusBar()->showMessage(opened.demo ? tr("Created %1 with demo data").arg(shown) : tr("Opened %1").arg(shown),
                             8000);
    refreshCounts();
    if (m_stack->currentIndex() == OverviewPage)
        refreshOverview();
    onTransactionSelection();
    Q_EMIT storeOpened(m_config.location);
}

QString MainWindow::storePath() const { return m_config.location; }

bool MainWindow::isBusy() const
{
    return (m_jobs && m_jobs->running() > 0) || m_transactionModel->isLoading() || m_accountModel->isLoading() || m_journalModel->isLoading();
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
        // Another entry is another question: a leftover text filter would hide its rows.
        if (!m_followingLink) {
            m_transactionText.clear();
            m_transactionsPage->clearFilter();
        }
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
    }
    if (m_view == NavigatorModel::View::Compensations)
        filter.kind = TxKind::Compensation;
    const TxQuery &now = m_transactionModel->query();
    const bool same = now.state == filter.state && now.stuckOnly == filter.stuckOnly && now.stuckForMs == filter.stuckForMs
        && now.kind == filter.kind && now.text == filter.text;
    if (!same || m_transactionModel->jobRunner() != m_jobs)
        m_transactionModel->setFilter(filter);
}

QList<Transaction> MainWindow::selectedTransactions() const
{
    QList<Transaction> list;
    for (const QItemSelectionRange &r : m_transactionsPage->selection()) {
        for (int row = r.top(); row <= r.bottom() && list.size() < TablePage::kMaxFollowedSelection; ++row) {
            if (auto tx = m_transactionModel->transactionAt(row))
                list << *tx;
        }
    }
    return list;
}

int MainWindow::unloadedSelectedRows() const
{
    return qMax(0, m_transactionsPage->selectedRowCount() - int(selectedTransactions().size()));
}

void MainWindow::onTransactionSelection()
{
    if (m_stack->currentIndex() != TransactionsPage) {
        m_actions->updateForSelection({});
        return;
    }
    m_actions->updateForSelection(selectedTransactions(), unloadedSelectedRows());
}

void MainWindow::withSelectedIds(const std::function<void(const QStringList &)> &then)
{
    constexpr int kMaxRepair = 10'000;
    if (unloadedSelectedRows() == 0) {
        QStringList ids;
        for (const Transaction &tx : selectedTransactions())
            ids << tx.id;
        then(ids);
        return;
    }
    if (m_transactionsPage->selectedRowCount() > kMaxRepair) {
        showError(tr("Too many rows"), tr("Select at most %1 transactions for one repair, or use Recover all stuck.").arg(kMaxRepair));
        return;
    }
    // Some selected rows have not loaded: read their ids, with the query the table shows.
    QList<QPair<qint64, int>> ranges;
    for (const QItemSelectionRange &r : m_transactionsPage->selection())
        ranges << qMakePair(qint64(r.top()), r.height());
    const TxQuery query = m_transactionModel->query();
    statusBar()->showMessage(tr("Reading the selected transactions…"));
    m_jobs->run<Result<QStringList>>(
        this,
        [query, ranges](Store &s) -> Result<QStringList> {
            QStringList ids;
            const Error e = s.withSnapshot([&]() -> Error {
                for (const auto &range : ranges) {
                    TxQuery q = query;
                    q.offset = range.first;
                    q.limit = range.second;
                    auto list = s.transactions(q);
                    if (!list.ok())
                        return list.error();
                    for (const Transaction &t : *list)
                        ids << t.id;
                }
                return {};
            });
            if (!e.ok())
                return e;
            return ids;
        },
        [this, then](Result<QStringList> ids) {
            statusBar()->clearMessage();
            if (!ids.ok()) {
                showError(tr("Cannot read the selection"), ids.error().toString());
                return;
            }
            then(*ids);
        });
}

bool MainWindow::dialogsOpen() const
{
    return std::any_of(m_dialogs.cbegin(), m_dialogs.cend(), [](const QPointer<QDialog> &d) { return d && d->isVisible(); });
}

template <typename D>
D *MainWindow::track(D *dialog)
{
    m_dialogs.removeAll(nullptr);
    m_dialogs << QPointer<QDialog>(dialog);
    return dialog;
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
    if (!m_jobs)
        return;
    refreshCounts();
    m_transactionModel->refresh();
    m_accountModel->refresh();
    if (m_stack->currentIndex() == ActionsPage)
        m_journalModel->refresh();
    m_detail->refresh();
    if (m_stack->currentIndex() == OverviewPage)
        refreshOverview();
}

void MainWindow::refreshCounts()
{
    if (!m_jobs)
        return;
    const qint64 threshold = m_settings.stuckThresholdMs();
    const quint64 generation = ++m_countsGeneration;
    m_jobs->run<Result<Overview>>(this, [threshold](Store &s) { return loadCounts(s, threshold); }, [this, generation](Result<Overview> counts) {
        if (generation != m_countsGeneration)
            return; // a newer count was asked for; this one may be older than what is shown
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
    if (!m_jobs)
        return;
    const qint64 threshold = m_settings.stuckThresholdMs();
    const quint64 generation = ++m_overviewGeneration;
    m_jobs->run<Result<Overview>>(this, [threshold](Store &s) { return loadOverview(s, threshold); }, [this, generation](Result<Overview> overview) {
        if (generation != m_overviewGeneration || !overview.ok())
            return;
        m_dashboard->setOverview(*overview);
        Q_EMIT overviewLoaded();
    });
}

void MainWindow::updateActivity()
{
    const int running = m_jobs ? m_jobs->running() : 0;
    m_activityLabel->setText(running > 0 ? tr("working: %n job(s)", "", running) : tr("idle"));
}

void MainWindow::showError(const QString &title, const QString &text)
{
    // Not exec(): the window keeps running (and tests keep going) while the message is up.
    auto *box = new QMessageBox(QMessageBox::Critical, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
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

TransferDialog *MainWindow::openTransferDialog()
{
    if (!m_jobs)
        return nullptr;
    auto *dialog = track(new TransferDialog(m_jobs, m_scale, m_settings.operatorName(), this));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_stack->currentIndex() == AccountsPage && !m_accountsPage->currentKey().isEmpty())
        dialog->setSource(m_accountsPage->currentKey());
    connect(dialog, &TransferDialog::transferDone, this, [this](const Transaction &tx) {
        statusBar()->showMessage(tr("%1 is %2").arg(tx.id, nameOf(tx.state)), 8000);
        scheduleRefresh();
    });
    dialog->open();
    return dialog;
}

RepairDialog *MainWindow::openRepairDialog(OperatorAction action)
{
    if (!m_jobs || m_transactionsPage->selectedRowCount() == 0)
        return nullptr;
    RepairDialog *opened = nullptr;
    withSelectedIds([this, action, &opened](const QStringList &ids) {
        if (ids.isEmpty())
            return;
        auto *dialog = track(new RepairDialog(m_jobs, m_scale, m_settings.operatorName(), action, ids, this));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &RepairDialog::repairFinished, this, &MainWindow::scheduleRefresh);
        dialog->open();
        opened = dialog;
        Q_EMIT repairDialogOpened(dialog);
    });
    return opened; // null while ids of rows not loaded yet are being read (repairDialogOpened follows)
}

RepairWizard *MainWindow::openRepairWizard()
{
    const QList<Transaction> selected = selectedTransactions();
    if (!m_jobs || selected.size() != 1)
        return nullptr;
    auto *wizard = track(new RepairWizard(m_jobs, m_scale, m_settings.operatorName(), m_settings.stuckThresholdMs(), selected.first().id, this));
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    connect(wizard, &RepairWizard::repaired, this, &MainWindow::scheduleRefresh);
    wizard->open();
    return wizard;
}

RecoverDialog *MainWindow::openRecoverDialog()
{
    if (!m_jobs)
        return nullptr;
    auto *dialog = track(new RecoverDialog(m_jobs, m_settings.stuckThresholdMs(), m_settings.operatorName(), this));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RecoverDialog::recoveryFinished, this, &MainWindow::scheduleRefresh);
    dialog->open();
    return dialog;
}

// Layouts are kept per store (one store's operators sort and size its columns their way) and
// also as the last one used, which a store seen for the first time starts from.
QString MainWindow::layoutKey(const QString &part, const QString &store)
{
    if (store.isEmpty())
        return part;
    const QByteArray id = QCryptographicHash::hash(QFileInfo(store).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("store-%1/%2").arg(QString::fromLatin1(id), part);
}

void MainWindow::saveLayout()
{
    m_settings.setWindow(saveGeometry(), saveState());
    const QList<std::pair<QString, QByteArray>> parts = {
        {QStringLiteral("splitter-main"), m_mainSplitter->saveState()},
        {QStringLiteral("splitter-transactions"), m_transactionSplitter->saveState()},
        {QStringLiteral("transactions"), m_transactionsPage->table()->horizontalHeader()->saveState()},
        {QStringLiteral("accounts"), m_accountsPage->table()->horizontalHeader()->saveState()},
        {QStringLiteral("actions"), m_actionsPage->table()->horizontalHeader()->saveState()},
    };
    for (const auto &[part, state] : parts) {
        m_settings.setHeaderState(part, state);
        if (hasStore())
            m_settings.setHeaderState(layoutKey(part, m_config.location), state);
    }
}

void MainWindow::restoreLayout()
{
    restoreGeometry(m_settings.windowGeometry());
    restoreState(m_settings.windowState());
    restoreTableLayout(QString());
}

void MainWindow::restoreTableLayout(const QString &store)
{
    // A store without a layout of its own keeps what is on screen.
    const auto stateOf = [&](const QString &part) { return m_settings.headerState(layoutKey(part, store)); };
    if (!store.isEmpty() && stateOf(QStringLiteral("transactions")).isEmpty())
        return;
    m_mainSplitter->restoreState(stateOf(QStringLiteral("splitter-main")));
    m_transactionSplitter->restoreState(stateOf(QStringLiteral("splitter-transactions")));
    QHeaderView *header = m_transactionsPage->table()->horizontalHeader();
    header->restoreState(stateOf(QStringLiteral("transactions")));
    if (TransactionTableModel::isSortable(header->sortIndicatorSection())) {
        m_sortColumn = header->sortIndicatorSection();
        m_sortOrder = header->sortIndicatorOrder();
    } else {
        header->setSortIndicator(m_sortColumn, m_sortOrder);
    }
    m_accountsPage->table()->horizontalHeader()->restoreState(stateOf(QStringLiteral("accounts")));
    m_actionsPage->table()->horizontalHeader()->restoreState(stateOf(QStringLiteral("actions")));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

} // namespace ledger::app
