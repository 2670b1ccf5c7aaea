#include "mainwindow.h"

#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/transferdialog.h"
#include "backgroundjob.h"
#include "errorbox.h"
#include "exports/exportcontroller.h"
#include "jobrunner.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "pages/accountspage.h"
#include "stucknoticer.h"
#include "tokenkeyring.h"
#include "pages/actionspage.h"
#include "pages/approvalspage.h"
#include "pages/overviewpage.h"
#include "pages/transactionspage.h"
#include "store/open/changenotifier.h"
#include "widgets/accountpanel.h"
#include "pages/auditpage.h"
#include "widgets/dashboard.h"
#include "widgets/detailpanel.h"
#include "widgets/elidingdelegate.h"
#include "widgets/mnemonicguard.h"
#include "widgets/statebadge.h"
#include "widgets/statusline.h"
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
    , m_exports(new ExportController(m_session, this))
    , m_navigatorModel(new NavigatorModel(this))
    , m_navigator(new QTreeView(this))
    , m_stack(new QStackedWidget(this))
    , m_storeLabel(new QLabel(this))
    , m_activityLabel(new QLabel(this))
    , m_liveLabel(new QLabel(this))
    , m_keyring(new TokenKeyring(this))
{
    initResources();
    MnemonicGuard::install();           // Alt+letter never types into a field, whatever window has it
    setStatusBar(new StatusLine(this)); // messages cut between words, clear of the labels beside them
    // One reading of the counts at a time: each view change asks for one, and on a long ledger
    // with many stuck a reading costs more than the clicks that prompt it (four at once read the
    // same hundred thousand rows four times over).
    m_countsJob->setCoalescing(true);
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
    m_navigator->setItemDelegate(new ElidingDelegate(0, m_navigator)); // an entry's count is never cut
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
    fitStoreLabel();

    // Changes arrive in bursts (a transfer is eight writes): gather them into one refresh.
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(150);
    connect(&m_refreshTimer, &QTimer::timeout, this, &MainWindow::refreshAll);
    // Leases run out and transactions age past the threshold without a single write: the
    // counts and an open "Stuck" list are read again now and then even when nothing changed.
    m_periodicTimer.setInterval(15'000);
    connect(&m_periodicTimer, &QTimer::timeout, this, [this] {
        refreshCounts();
        if (m_stack->currentIndex() == TransactionsIndex)
            m_transactions->refresh();
    });
    m_periodicTimer.start();

    m_transactions->setStuckThreshold(m_settings.stuckThresholdMs());
    m_overview->setStuckThreshold(m_settings.stuckThresholdMs());
    buildStuckNoticer();
    resize(1320, 820); // where there is room (restoreLayout fits it to the screen)
    restoreLayout();
    m_navigator->setCurrentIndex(m_navigatorModel->indexOf(NavigatorModel::View::Overview));
}

MainWindow::~MainWindow() { closeStore(); }

void MainWindow::buildPages()
{
    m_overview = new OverviewPage(m_session, this);
    m_accounts = new AccountsPage(m_session, m_actions, &m_settings, this);
    m_transactions = new TransactionsPage(m_session, m_actions, &m_settings, this);
    m_audit = new AuditPage(m_session, this);
    m_operatorActions = new ActionsPage(m_session, m_actions, this);
    m_approvals = new ApprovalsPage(m_session, this);

    m_stack->insertWidget(OverviewIndex, m_overview);
    m_stack->insertWidget(AccountsIndex, m_accounts);
    m_stack->insertWidget(TransactionsIndex, m_transactions);
    m_stack->insertWidget(AuditIndex, m_audit);
    m_stack->insertWidget(ActionsIndex, m_operatorActions);
    m_stack->insertWidget(ApprovalsIndex, m_approvals);
    connect(m_approvals, &ApprovalsPage::counted, this,
            [this](const Tally &pending) { m_navigatorModel->setCount(NavigatorModel::View::Approvals, std::nullopt, pending); });
    connect(m_approvals, &ApprovalsPage::transactionLinkActivated, this, &MainWindow::showTransactionById);

    connect(m_accounts, &AccountsPage::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_accounts, &AccountsPage::message, this, [this](const QString &text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_transactions, &TransactionsPage::selectionChanged, this, &MainWindow::onTransactionSelection);
    connect(m_transactions, &TransactionsPage::activated, this, [this] {
        if (m_actions->guidedRepair->isEnabled())
            openRepairWizard();
    });
    connect(m_transactions, &TransactionsPage::groupRepairRequested, this, &MainWindow::openRepairDialog);
    connect(m_transactions, &TransactionsPage::message, this, [this](const QString &text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_transactions, &TransactionsPage::entryCounted, m_navigatorModel, &NavigatorModel::setCount);
    connect(m_transactions, &TransactionsPage::remarkAdded, this, &MainWindow::remarkAdded);
    connect(m_transactions->detail(), &DetailPanel::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_transactions->detail(), &DetailPanel::accountLinkActivated, this, &MainWindow::showAccountById);
    connect(m_operatorActions, &ActionsPage::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_operatorActions, &ActionsPage::accountLinkActivated, this, &MainWindow::showAccountById);
    connect(m_audit, &AuditPage::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(m_audit, &AuditPage::accountLinkActivated, this, &MainWindow::showAccountById);
    for (TablePage *list : {m_accounts->list(), m_transactions->list(), m_operatorActions->list()}) {
        connect(list, &TablePage::selectionChanged, this, &MainWindow::updateRowActions);
        connect(list, &TablePage::currentKeyChanged, this, &MainWindow::updateRowActions);
    }
    for (PagedTableModel *model :
         std::initializer_list<PagedTableModel *>{m_accounts->model(), m_transactions->model(), m_operatorActions->model()}) {
        connect(model, &PagedTableModel::loadingChanged, this, &MainWindow::updateActivity);
        connect(model, &PagedTableModel::loadFailed, this, [this](const QString &message) { statusBar()->showMessage(message, 10'000); });
    }
}

TransactionTableModel *MainWindow::transactionModel() const { return m_transactions->model(); }
DetailPanel *MainWindow::detailPanel() const { return m_transactions->detail(); }
AccountPanel *MainWindow::accountPanel() const { return m_accounts->panel(); }
StuckCauseBar *MainWindow::causeBar() const { return m_transactions->causeBar(); }
Dashboard *MainWindow::dashboard() const { return m_overview->dashboard(); }

bool MainWindow::isBusy() const
{
    return (hasStore() && m_session->jobs()->running() > 0) || m_transactions->isBusy() || m_overview->isBusy() || m_accounts->isBusy()
        || m_operatorActions->isBusy() || m_approvals->isBusy();
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
        m_stack->setCurrentIndex(OverviewIndex);
        m_overview->refresh();
        break;
    case NavigatorModel::View::Accounts: m_stack->setCurrentIndex(AccountsIndex); break;
    case NavigatorModel::View::Audit: m_stack->setCurrentIndex(AuditIndex); break;
    case NavigatorModel::View::Approvals:
        m_stack->setCurrentIndex(ApprovalsIndex);
        m_approvals->refresh(); // not kept current while out of sight
        break;
    case NavigatorModel::View::Actions:
        m_stack->setCurrentIndex(ActionsIndex);
        m_operatorActions->refresh(); // not kept current while out of sight
        break;
    case NavigatorModel::View::Transactions:
    case NavigatorModel::View::State:
    case NavigatorModel::View::Stuck:
    case NavigatorModel::View::Compensations:
        m_stack->setCurrentIndex(TransactionsIndex);
        m_transactions->setView(m_view, m_viewState, m_followingLink, m_navigatorModel->countOf(m_view, m_viewState));
        // Transactions become stuck by time alone: the counts beside the entries are read with it.
        refreshCounts();
        break;
    }
    onTransactionSelection();
    updateRowActions();
    updateExportActions();
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
    m_transactions->refresh();
    m_accounts->refresh();
    if (m_stack->currentIndex() == ActionsIndex)
        m_operatorActions->refresh();
    if (m_stack->currentIndex() == ApprovalsIndex)
        m_approvals->refresh();
    refreshDetailWindows();
    if (m_stack->currentIndex() == OverviewIndex)
        m_overview->refresh();
}

void MainWindow::buildStuckNoticer()
{
    StuckNoticer::Hooks hooks;
    hooks.looking = [this] { return isActiveWindow() && !isMinimized() && m_view == NavigatorModel::View::Stuck; };
    hooks.stuckThresholdMs = [this] { return m_settings.stuckThresholdMs(); };
    hooks.say = [this](const QString &text) { statusBar()->showMessage(text, 30'000); };
    m_stuckNoticer = new StuckNoticer(m_session, this, hooks, this);
    m_stuckNoticer->setEnabled(m_settings.notifyStuck());
    connect(this, &MainWindow::countsLoaded, m_stuckNoticer,
            [this] { m_stuckNoticer->check(m_navigatorModel->countOf(NavigatorModel::View::Stuck)); });
    connect(m_stuckNoticer, &StuckNoticer::openStuckRequested, this, [this] {
        showNormal();
        raise();
        activateWindow();
        showView(NavigatorModel::View::Stuck);
    });
}

void MainWindow::refreshCounts()
{
    const qint64 threshold = m_settings.stuckThresholdMs();
    m_approvals->refreshCount(); // the requests pending (four eyes): a request or a decision moves it
    // A newer count drops an older one: it may be older than what is shown. (Coalescing: one
    // asked for while one runs starts when it has answered.)
    m_countsJob->run<Result<Overview>>([threshold](LedgerService &ledger) { return ledger.counts(threshold); },
                                       [this](Result<Overview> counts) {
                                           if (!counts.ok()) {
                                               statusBar()->showMessage(counts.error().localized(), 10'000);
                                               return;
                                           }
                                           m_navigatorModel->setCounts(*counts);
                                           Q_EMIT countsLoaded();
                                       });
}

void MainWindow::updateActivity()
{
    const int running = hasStore() ? m_session->jobs()->running() : 0;
    m_activityLabel->setText(running > 0 ? tr("working: %n job(s)", "", running) : tr("idle"));
}

void MainWindow::showError(const QString &title, const QString &text) { showErrorBox(this, title, text); }

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
    m_transactions->showTransaction(id);
}

void MainWindow::showAccountById(const QString &id)
{
    if (id.isEmpty())
        return;
    showView(NavigatorModel::View::Accounts);
    m_accounts->showAccount(id);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    fitStoreLabel();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

} // namespace ledger::app
