// MainWindow: the window's and each store's table layout, kept in the settings. GUI thread.
#include "mainwindow.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "widgets/accountpanel.h"
#include "widgets/detailpanel.h"
#include "widgets/tablepage.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QHeaderView>
#include <QSplitter>
#include <QTableView>

namespace ledger::app {

QString MainWindow::layoutKey(const QString &part, const QString &store)
{
    if (store.isEmpty())
        return part;
    const QByteArray id = QCryptographicHash::hash(QFileInfo(store).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("store-%1/%2").arg(QString::fromLatin1(id), part);
}

void MainWindow::arrangeTransactionColumns(bool stuck)
{
    // At the console's default width the table shows five or six columns beside the detail panel:
    // in Stuck they must be how long, who is on it, the error and the lease — the money after.
    using C = TransactionTableModel;
    static const QList<int> listing{C::IdColumn,     C::StateColumn,     C::KindColumn,  C::SourceColumn, C::DestinationColumn,
                                    C::AmountColumn, C::AgeColumn,       C::LastErrorColumn, C::OwnerColumn, C::ClaimColumn};
    static const QList<int> stuckFirst{C::IdColumn,    C::StateColumn,  C::AgeColumn,    C::ClaimColumn,       C::LastErrorColumn,
                                       C::OwnerColumn, C::AmountColumn, C::SourceColumn, C::DestinationColumn, C::KindColumn};
    QHeaderView *header = m_transactionsPage->table()->horizontalHeader();
    const QList<int> &order = stuck ? stuckFirst : listing;
    for (int visual = 0; visual < order.size(); ++visual) {
        if (header->visualIndex(order.at(visual)) != visual)
            header->moveSection(header->visualIndex(order.at(visual)), visual);
    }
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
            m_settings.setHeaderState(layoutKey(part, m_session->location()), state);
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

TimeStyle MainWindow::timeStyle() const { return m_actions->utcTimes->isChecked() ? TimeStyle::Utc : TimeStyle::Local; }

void MainWindow::applyTimeStyle()
{
    const TimeStyle style = timeStyle();
    m_detail->setTimeStyle(style);
    m_accountPanel->setTimeStyle(style);
    m_journalModel->setTimeStyle(style);
    m_transactionModel->setTimeStyle(style);
    for (QWidget *w : detailWindows()) {
        if (auto *panel = qobject_cast<DocumentPanel *>(w))
            panel->setTimeStyle(style);
    }
}

} // namespace ledger::app
