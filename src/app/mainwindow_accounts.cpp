// MainWindow: freezing, unfreezing or closing an account (asked for on the Accounts page), with a
// reason kept in the journal with the operator's name, as `ledgerctl account freeze`.
#include "jobrunner.h"
#include "mainwindow.h"
#include "pages/accountspage.h"

#include <QStatusBar>

namespace ledger::app {

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
            m_accounts->refresh();
            Q_EMIT accountStatusChanged(accountId, true, message);
        });
}

} // namespace ledger::app
