// MainWindow: what an operator does to an account from the Accounts view — open one, freeze,
// unfreeze, close — each with a reason kept in the journal with their name, as `ledgerctl account freeze`.
#include "jobrunner.h"
#include "ledger/identifiers.h"
#include "mainwindow.h"
#include "models/accounttablemodel.h"
#include "widgets/accountpanel.h"
#include "widgets/tablepage.h"

#include <QInputDialog>
#include <QMenu>
#include <QStatusBar>
#include <QHBoxLayout>
#include <QTableView>
#include <QToolButton>

namespace ledger::app {

void MainWindow::buildAccountMenu()
{
    auto *add = new QToolButton(this);
    add->setDefaultAction(m_actions->newAccount);
    add->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_accountsPage->toolRow()->addWidget(add);
    QTableView *table = m_accountsPage->table();
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table](const QPoint &at) {
        const QString id = m_accountsPage->currentKey();
        if (id.isEmpty() || !hasStore())
            return;
        const auto account = table->currentIndex().data(AccountTableModel::AccountRole).value<Account>();
        QMenu menu(this);
        struct Choice {
            QString text;
            AccountStatus status;
            bool enabled;
        };
        // Only what the account's status allows (a closed one is closed for good; @world never changes).
        const bool world = id == kWorldAccount;
        const QList<Choice> choices{
            {tr("&Freeze account…"), AccountStatus::Frozen, !world && account.status == AccountStatus::Open},
            {tr("&Unfreeze account…"), AccountStatus::Open, !world && account.status == AccountStatus::Frozen},
            {tr("&Close account…"), AccountStatus::Closed, !world && account.status != AccountStatus::Closed},
        };
        for (const Choice &c : choices) {
            QAction *action = menu.addAction(c.text);
            action->setEnabled(c.enabled);
            connect(action, &QAction::triggered, this, [this, id, c] {
                bool ok = false;
                const QString reason = QInputDialog::getText(this, QString(c.text).remove(QLatin1Char('&')).remove(QStringLiteral("…")),
                                                             tr("Why? (kept in the journal with your name)"), QLineEdit::Normal,
                                                             QString(), &ok);
                if (ok)
                    changeAccountStatus(id, c.status, reason.trimmed());
            });
        }
        menu.addSeparator();
        menu.addAction(m_actions->newAccount);
        QAction *transfer = menu.addAction(tr("New &transfer from it…"));
        connect(transfer, &QAction::triggered, m_actions->newTransfer, &QAction::trigger);
        menu.addSeparator();
        menu.addActions({m_actions->copyJson, m_actions->openWindow});
        menu.exec(table->viewport()->mapToGlobal(at));
    });
}

void MainWindow::changeAccountStatus(const QString &accountId, AccountStatus status, const QString &reason)
{
    if (!hasStore())
        return;
    const QString actor = m_settings.operatorName();
    m_session->jobs()->run<Result<Account>>(
        this, [accountId, status, actor, reason](Store &s) { return s.setAccountStatus(accountId, status, actor, reason); },
        [this, accountId](Result<Account> changed) {
            if (!changed.ok()) {
                const QString message = changed.error().localized();
                showError(tr("Account %1 not changed").arg(accountId), message);
                Q_EMIT accountStatusChanged(accountId, false, message);
                return;
            }
            const QString message = tr("Account %1 is now %2").arg(accountId, nameOf(changed->status));
            statusBar()->showMessage(message, 10'000);
            m_accountModel->refresh();
            m_accountPanel->refresh();
            Q_EMIT accountStatusChanged(accountId, true, message);
        });
}

} // namespace ledger::app
