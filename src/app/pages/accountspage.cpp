#include "accountspage.h"

#include "../errorbox.h"
#include "../jobrunner.h"
#include "../models/accounttablemodel.h"
#include "../settings.h"
#include "../storesession.h"
#include "../widgets/accountpanel.h"
#include "../widgets/tablepage.h"
#include "ledger/identifiers.h"

#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ledger::app {

AccountsPage::AccountsPage(StoreSession *session, ConsoleActions *actions, const Settings *settings, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_actions(actions)
    , m_settings(settings)
    , m_model(new AccountTableModel(session, this))
    , m_list(new TablePage(m_model, AccountTableModel::IdRole, tr("Filter accounts by id or name…"), this))
    , m_panel(new AccountPanel(session, this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    m_list->table()->setAccessibleName(tr("Accounts"));
    auto *add = new QToolButton(this);
    add->setDefaultAction(m_actions->newAccount);
    add->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_list->toolRow()->addWidget(add);
    m_list->table()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_list->table(), &QWidget::customContextMenuRequested, this, &AccountsPage::showRowMenu);

    m_splitter->addWidget(m_list);
    m_splitter->addWidget(m_panel);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({720, 380});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    setTabOrderOf({m_list->filterEdit(), add, m_list->table(), m_panel});

    connect(m_list, &TablePage::filterTextChanged, m_model, &AccountTableModel::setFilterText);
    connect(m_list, &TablePage::currentKeyChanged, m_panel, &AccountPanel::showAccount);
    connect(m_panel, &AccountPanel::transactionLinkActivated, this, &AccountsPage::transactionLinkActivated);
}

void AccountsPage::showAccount(const QString &id) { m_list->narrowTo(id); }

void AccountsPage::refresh()
{
    m_model->refresh();
    m_panel->refresh();
}

void AccountsPage::setTimeStyle(TimeStyle style) { m_panel->setTimeStyle(style); }

bool AccountsPage::isBusy() const { return m_model->isLoading() || m_list->isFilterPending(); }

QString AccountsPage::askReason(QWidget *parent, AccountStatus status, const QString &accountId, bool *ok)
{
    const QString title = status == AccountStatus::Frozen ? tr("Freeze account %1").arg(accountId)
                        : status == AccountStatus::Open   ? tr("Unfreeze account %1").arg(accountId)
                                                          : tr("Close account %1").arg(accountId);
    const QString question = status == AccountStatus::Frozen ? tr("Why freeze %1? (kept in its journal with your name)").arg(accountId)
                           : status == AccountStatus::Open
                               ? tr("Why unfreeze %1? (kept in its journal with your name)").arg(accountId)
                               : tr("Why close %1? It cannot be opened again. (Kept in its journal with your name.)").arg(accountId);
    return QInputDialog::getText(parent, title, question, QLineEdit::Normal, QString(), ok).trimmed();
}

void AccountsPage::showRowMenu(const QPoint &at)
{
    const QString id = m_list->currentKey();
    if (id.isEmpty())
        return;
    const auto account = m_list->table()->currentIndex().data(AccountTableModel::AccountRole).value<Account>();
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
        m_actions->gate(action, Role::Operator); // a token below operator changes no account
        connect(action, &QAction::triggered, this, [this, id, c] {
            bool ok = false;
            const QString reason = askReason(this, c.status, id, &ok);
            if (ok)
                changeStatus(id, c.status, reason);
        });
    }
    menu.addSeparator();
    menu.addAction(m_actions->newAccount);
    QAction *transfer = menu.addAction(tr("New &transfer from it…"));
    m_actions->gate(transfer, Role::Transfer);
    connect(transfer, &QAction::triggered, m_actions->newTransfer, &QAction::trigger);
    menu.addSeparator();
    menu.addActions({m_actions->copyJson, m_actions->openWindow});
    menu.setToolTipsVisible(true); // a disabled action says why
    menu.exec(m_list->table()->viewport()->mapToGlobal(at));
}

void AccountsPage::changeStatus(const QString &accountId, AccountStatus status, const QString &reason)
{
    if (!m_session->isOpen())
        return;
    m_session->jobs()->run<Result<AccountStatusChange>>(
        this, [accountId, status, reason](LedgerService &ledger) { return ledger.setAccountStatus(accountId, status, reason); },
        [this, accountId](Result<AccountStatusChange> changed) {
            if (!changed.ok()) {
                const QString text = changed.error().localized();
                showErrorBox(this, tr("Account %1 not changed").arg(accountId), text);
                Q_EMIT statusChanged(accountId, false, text);
                return;
            }
            const QString text = tr("Account %1 is now %2").arg(accountId, nameOf(changed->after.account.account.status));
            Q_EMIT message(text, 10'000);
            refresh();
            Q_EMIT statusChanged(accountId, true, text);
        });
}

} // namespace ledger::app
