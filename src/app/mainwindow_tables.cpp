// MainWindow: what every table offers on its rows — copy the ids, copy the documents as JSON
// (as ledgerctl --json prints them), and open a document's detail in a window of its own, to keep
// it in sight while the main window moves on. GUI thread.
#include "interchange/jsonformat.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/transactionspage.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "widgets/accountpanel.h"
#include "widgets/detailpanel.h"
#include "widgets/tablepage.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMenu>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>

namespace ledger::app {

namespace {
// The loaded rows of a page's selection, each as the model's document.
QList<QVariant> selectedRows(TablePage *page, int role)
{
    QList<QVariant> rows;
    for (const QModelIndex &index : page->table()->selectionModel()->selectedRows()) {
        const QVariant v = index.data(role);
        if (v.isValid())
            rows << v;
    }
    return rows;
}
} // namespace

TablePage *MainWindow::shownList() const
{
    switch (m_stack->currentIndex()) {
    case TransactionsIndex: return m_transactions->list();
    case AccountsIndex: return m_accounts->list();
    case ActionsIndex: return m_operatorActions->list();
    default: return nullptr;
    }
}

void MainWindow::updateRowActions()
{
    TablePage *list = hasStore() ? shownList() : nullptr;
    m_actions->copyJson->setEnabled(list && list->selectedRowCount() > 0);
    m_actions->openWindow->setEnabled(list && !list->currentKey().isEmpty());
}

void MainWindow::copySelectionAsJson()
{
    QJsonArray documents;
    int selectedCount = 0;
    switch (m_stack->currentIndex()) {
    case TransactionsIndex:
        selectedCount = m_transactions->list()->selectedRowCount();
        for (const Transaction &tx : selectedTransactions())
            documents.append(json::transaction(tx, scale()));
        break;
    case AccountsIndex:
        selectedCount = m_accounts->list()->selectedRowCount();
        for (const QVariant &v : selectedRows(m_accounts->list(), AccountTableModel::WholeRole))
            documents.append(json::account(v.value<AccountCountedWhole>(), scale()));
        break;
    case ActionsIndex:
        selectedCount = m_operatorActions->list()->selectedRowCount();
        for (const QVariant &v : selectedRows(m_operatorActions->list(), JournalModel::EntryRole))
            documents.append(json::journalEntry(v.value<JournalEntry>()));
        break;
    default: return;
    }
    if (documents.isEmpty()) { // said, not a silent no-op: the row may have left the view
        statusBar()->showMessage(tr("Copy as JSON: no row is selected."), 10'000);
        return;
    }
    // One document as an object, several as an array: what `ledgerctl show --json` and
    // `list --json` print.
    const QJsonDocument doc = documents.size() == 1 ? QJsonDocument(documents.first().toObject()) : QJsonDocument(documents);
    QGuiApplication::clipboard()->setText(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
    // Rows not loaded yet are left out: said only when some were.
    const int left = selectedCount - int(documents.size());
    statusBar()->showMessage(
        left > 0
            ? tr("Copied %n document(s) as JSON; %1 selected rows not loaded yet were left out", nullptr, int(documents.size())).arg(left)
            : tr("Copied %n document(s) as JSON", nullptr, int(documents.size())),
        5000);
}

void MainWindow::openDetailWindow()
{
    if (!hasStore())
        return;
    DocKind kind = DocKind::Transaction;
    QString id;
    switch (m_stack->currentIndex()) {
    case TransactionsIndex: id = m_transactions->list()->currentKey(); break;
    case AccountsIndex:
        kind = DocKind::Account;
        id = m_accounts->list()->currentKey();
        break;
    case ActionsIndex: {
        const QModelIndex current = m_operatorActions->list()->table()->currentIndex();
        kind = DocKind(current.data(JournalModel::DocKindRole).toInt());
        id = current.data(JournalModel::DocIdRole).toString();
        break;
    }
    default: return;
    }
    if (id.isEmpty()) {
        statusBar()->showMessage(tr("Open in new window: no row is selected."), 10'000);
        return;
    }
    // A window of the main window's (closed with it and with its store), not a dialog: it stays
    // open beside it and follows the store's changes like the panel it copies.
    DocumentPanel *window = nullptr;
    if (kind == DocKind::Account)
        window = new AccountPanel(m_session, this);
    else
        window = new DetailPanel(m_session, this);
    connect(window, &DocumentPanel::transactionLinkActivated, this, &MainWindow::showTransactionById);
    connect(window, &DocumentPanel::accountLinkActivated, this, &MainWindow::showAccountById);
    window->setTimeStyle(m_actions->utcTimes->isChecked() ? TimeStyle::Utc : TimeStyle::Local);
    window->showDocument(id);
    window->makeWindow(tr("%1 — LedgerDesk").arg(id));
    window->resize(520, 680);
    m_detailWindows.removeAll(QPointer<QWidget>()); // the ones closed since
    m_detailWindows << window;
    window->show();
}

QList<QWidget *> MainWindow::detailWindows() const
{
    QList<QWidget *> open;
    for (const QPointer<QWidget> &w : m_detailWindows) {
        if (w)
            open << w.data();
    }
    return open;
}

void MainWindow::refreshDetailWindows()
{
    for (const QPointer<QWidget> &w : std::as_const(m_detailWindows)) {
        if (auto *panel = qobject_cast<DocumentPanel *>(w.data()))
            panel->refresh();
    }
}

void MainWindow::closeDetailWindows()
{
    for (const QPointer<QWidget> &w : std::as_const(m_detailWindows)) {
        if (w)
            w->close();
    }
    m_detailWindows.clear();
}

} // namespace ledger::app
