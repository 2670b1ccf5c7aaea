// MainWindow: the menus, toolbar and what their actions are connected to. GUI thread.
#include "dialogs/settingsdialog.h"
#include "exports/exportcontroller.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/overviewpage.h"
#include "pages/transactionspage.h"
#include "models/transactiontablemodel.h"
#include "pages/auditpage.h"
#include "widgets/tablepage.h"

#include <QApplication>
#include <QClipboard>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QToolBar>

namespace ledger::app {

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions->newStore);
    file->addAction(m_actions->openStore);
    file->addAction(m_actions->openServerStore);
    file->addAction(m_actions->connectServer);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addSeparator();
    file->addActions({m_actions->exportCsv, m_actions->exportJson, m_actions->incidentReport});
    file->addSeparator();
    file->addAction(m_actions->quit);
    QMenu *transactions = menuBar()->addMenu(tr("&Transactions"));
    transactions->addActions({m_actions->newTransfer, m_actions->newAccount});
    transactions->addSeparator();
    transactions->addActions({m_actions->resume, m_actions->cancel, m_actions->compensate, m_actions->guidedRepair});
    transactions->addSeparator();
    transactions->addActions({m_actions->claim, m_actions->release, m_actions->addNote});
    transactions->addSeparator();
    transactions->addActions({m_actions->copyIds, m_actions->copyJson, m_actions->openWindow});
    transactions->addSeparator();
    transactions->addAction(m_actions->recoverStuck);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addActions(m_actions->views);
    view->addSeparator();
    view->addActions({m_actions->find, m_actions->refresh});
    view->addSeparator();
    view->addAction(m_actions->utcTimes);
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
    connect(m_actions->connectServer, &QAction::triggered, this, [this] { openConnectDialog(); });
    connect(m_actions->quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions->newTransfer, &QAction::triggered, this, &MainWindow::openTransferDialog);
    connect(m_actions->newAccount, &QAction::triggered, this, &MainWindow::openNewAccountDialog);
    connect(m_actions->resume, &QAction::triggered, this, [this] { openRepairDialog(OperatorAction::Resume); });
    connect(m_actions->cancel, &QAction::triggered, this, [this] { openRepairDialog(OperatorAction::Cancel); });
    connect(m_actions->compensate, &QAction::triggered, this, [this] { openRepairDialog(OperatorAction::Compensate); });
    connect(m_actions->guidedRepair, &QAction::triggered, this, &MainWindow::openRepairWizard);
    connect(m_actions->copyIds, &QAction::triggered, this, [this] {
        QStringList ids;
        for (const Transaction &tx : selectedTransactions())
            ids << tx.id;
        if (m_transactions->acceptsSelection(m_actions->copyIds, ids.size()))
            QGuiApplication::clipboard()->setText(ids.join(QLatin1Char('\n')));
    });
    connect(m_actions->claim, &QAction::triggered, m_transactions, [this] { m_transactions->addRemark(Remark::Claim); });
    connect(m_actions->release, &QAction::triggered, m_transactions, [this] { m_transactions->addRemark(Remark::Release); });
    connect(m_actions->addNote, &QAction::triggered, m_transactions, [this] { m_transactions->addRemark(Remark::Note); });
    connect(m_actions->recoverStuck, &QAction::triggered, this, &MainWindow::openRecoverDialog);
    connect(m_actions->copyJson, &QAction::triggered, this, &MainWindow::copySelectionAsJson);
    connect(m_actions->openWindow, &QAction::triggered, this, &MainWindow::openDetailWindow);
    m_actions->utcTimes->setChecked(m_settings.utcTimes());
    applyTimeStyle();
    connect(m_actions->utcTimes, &QAction::toggled, this, [this](bool utc) {
        m_settings.setUtcTimes(utc);
        applyTimeStyle();
    });
    connect(m_actions->refresh, &QAction::triggered, this, &MainWindow::refreshAll);
    connect(m_actions->find, &QAction::triggered, this, [this] {
        // Filter the table on screen; from a page without one, the transactions.
        TablePage *page = m_stack->currentIndex() == AccountsIndex ? m_accounts->list()
                        : m_stack->currentIndex() == ActionsIndex  ? m_operatorActions->list()
                                                                   : m_transactions->list();
        if (m_stack->currentIndex() != AccountsIndex && m_stack->currentIndex() != ActionsIndex
            && m_stack->currentIndex() != TransactionsIndex)
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
            m_transactions->setStuckThreshold(m_settings.stuckThresholdMs()); // it may have changed
            m_overview->setStuckThreshold(m_settings.stuckThresholdMs());
            m_stuckNoticer->setEnabled(m_settings.notifyStuck());
            refreshCounts();
        });
        dialog->open();
    });
    connect(m_actions->about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About LedgerDesk"),
                           tr("<h3>LedgerDesk %1</h3><p>The operator console of a two-phase-commit ledger: see every account and "
                              "transaction by state, issue transfers, find what is stuck and repair it safely.</p>"
                              "<p>Embedded store: %2</p>")
                               .arg(QStringLiteral(LEDGERDESK_VERSION), embeddedStoreEngine().toHtmlEscaped()));
    });
    const QList<QPair<NavigatorModel::View, std::optional<TxState>>> targets{
        {NavigatorModel::View::Overview, std::nullopt},     {NavigatorModel::View::Accounts, std::nullopt},
        {NavigatorModel::View::Transactions, std::nullopt}, {NavigatorModel::View::Stuck, std::nullopt},
        {NavigatorModel::View::Audit, std::nullopt},        {NavigatorModel::View::Actions, std::nullopt},
        {NavigatorModel::View::Approvals, std::nullopt}};
    for (int i = 0; i < m_actions->views.size(); ++i) {
        const auto target = targets.at(i);
        connect(m_actions->views.at(i), &QAction::triggered, this, [this, target] { showView(target.first, target.second); });
    }
    rebuildRecentMenu();
}

} // namespace ledger::app
