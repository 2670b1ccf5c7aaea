// MainWindow: the window's and each store's table layout, kept in the settings. GUI thread.
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/approvalspage.h"
#include "pages/transactionspage.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "widgets/accountpanel.h"
#include "widgets/detailpanel.h"
#include "widgets/screenfit.h"
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

void MainWindow::saveLayout()
{
    m_settings.setWindow(saveGeometry(), saveState());
    const QList<std::pair<QString, QByteArray>> parts = {
        {QStringLiteral("splitter-main"), m_mainSplitter->saveState()},
        {QStringLiteral("splitter-transactions"), m_transactions->splitter()->saveState()},
        {QStringLiteral("transactions"), m_transactions->list()->table()->horizontalHeader()->saveState()},
        {QStringLiteral("accounts"), m_accounts->list()->table()->horizontalHeader()->saveState()},
        {QStringLiteral("actions"), m_operatorActions->list()->table()->horizontalHeader()->saveState()},
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
    fitToScreen(this); // the first size, or one saved on a larger screen, on a smaller one
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
    m_transactions->splitter()->restoreState(stateOf(QStringLiteral("splitter-transactions")));
    QHeaderView *header = m_transactions->list()->table()->horizontalHeader();
    header->restoreState(stateOf(QStringLiteral("transactions")));
    m_transactions->restoreSort();
    m_accounts->list()->table()->horizontalHeader()->restoreState(stateOf(QStringLiteral("accounts")));
    m_operatorActions->list()->table()->horizontalHeader()->restoreState(stateOf(QStringLiteral("actions")));
}

TimeStyle MainWindow::timeStyle() const { return m_actions->utcTimes->isChecked() ? TimeStyle::Utc : TimeStyle::Local; }

void MainWindow::applyTimeStyle()
{
    const TimeStyle style = timeStyle();
    m_transactions->setTimeStyle(style);
    m_accounts->setTimeStyle(style);
    m_operatorActions->setTimeStyle(style);
    m_approvals->setTimeStyle(style);
    for (QWidget *w : detailWindows()) {
        if (auto *panel = qobject_cast<DocumentPanel *>(w))
            panel->setTimeStyle(style);
    }
    if (m_lastChange.isValid()) // the status bar's "changed 07:51:27 EST" too, not at the next write
        showLive(m_lastChange);
}

} // namespace ledger::app
