#pragma once
// The Accounts page: the accounts table (each balance counted whole), its text filter, the
// account panel beside it (following the table's one selection model), and the row menu —
// freeze, unfreeze and close with a reason that names the account, a new account, a transfer
// from it.
//
// Threading: GUI thread only.

#include "../consoleactions.h"
#include "../widgets/timestyle.h"

#include <QWidget>

class QSplitter;

namespace ledger::app {

class AccountPanel;
class AccountTableModel;
class Settings;
class StoreSession;
class TablePage;

class AccountsPage : public QWidget {
    Q_OBJECT
public:
    // Status changes are journaled in the name `settings` gives at the time.
    AccountsPage(StoreSession *session, ConsoleActions *actions, const Settings *settings, QWidget *parent = nullptr);

    TablePage *list() const { return m_list; }
    AccountTableModel *model() const { return m_model; }
    AccountPanel *panel() const { return m_panel; }
    QSplitter *splitter() const { return m_splitter; }

    // Narrows the table to `id` and selects it (a link followed).
    void showAccount(const QString &id);
    void refresh();
    void setTimeStyle(TimeStyle style);
    bool isBusy() const;
    // The question the row menu asks before freezing, unfreezing or closing `accountId`;
    // "" when it was not answered.
    static QString askReason(QWidget *parent, AccountStatus status, const QString &accountId, bool *ok);
    // Freezes, unfreezes or closes an account in the background, journaled with the operator's
    // name and `reason`, as `ledgerctl account freeze`; says how it went by statusChanged (and on
    // refusal, in a message box).
    void changeStatus(const QString &accountId, AccountStatus status, const QString &reason);

Q_SIGNALS:
    void statusChanged(const QString &accountId, bool ok, const QString &message);
    // Something for the status bar.
    void message(const QString &text, int timeoutMs);
    void transactionLinkActivated(const QString &txId);

private:
    void showRowMenu(const QPoint &at);

    StoreSession *m_session;
    ConsoleActions *m_actions;
    const Settings *m_settings;
    AccountTableModel *m_model;
    TablePage *m_list;
    AccountPanel *m_panel;
    QSplitter *m_splitter;
};

} // namespace ledger::app
