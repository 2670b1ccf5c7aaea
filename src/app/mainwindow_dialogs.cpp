// MainWindow: the dialogs it opens on the selection (transfer, repair, guided repair, recover),
// tracked so that a store is not switched under one of them. GUI thread.
#include "dialogs/newaccountdialog.h"
#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/transferdialog.h"
#include "approvalwords.h"
#include "mainwindow.h"
#include "pages/approvalspage.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/transactionspage.h"
#include "models/accounttablemodel.h"
#include "widgets/tablepage.h"

#include <QStackedWidget>
#include <QStatusBar>
#include <memory>

namespace ledger::app {

bool MainWindow::dialogsOpen() const
{
    return std::any_of(m_dialogs.cbegin(), m_dialogs.cend(), [](const QPointer<QDialog> &d) { return d && d->isVisible(); });
}

template <typename D> D *MainWindow::track(D *dialog)
{
    m_dialogs.removeAll(nullptr);
    m_dialogs << QPointer<QDialog>(dialog);
    return dialog;
}

bool MainWindow::mayWrite(Role needs)
{
    const QString why = m_actions->refusedFor(needs);
    if (!why.isEmpty())
        statusBar()->showMessage(why, 10'000); // asked for anyway (a shortcut, a cause's repair button): never a silent no-op
    return why.isEmpty();
}

TransferDialog *MainWindow::openTransferDialog()
{
    if (!hasStore() || !mayWrite(Role::Transfer))
        return nullptr;
    auto *dialog = track(new TransferDialog(m_session, this));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_stack->currentIndex() == AccountsIndex && !m_accounts->list()->currentKey().isEmpty())
        dialog->setSource(m_accounts->list()->currentKey());
    connect(dialog, &TransferDialog::transferDone, this, [this](const Transaction &tx, const QString &note) {
        // One left in flight (its driver is alive, an operator's claim held the retry off) says it
        // has not finished, in the words ledgerctl exits with: its money has not moved yet.
        if (const Error unfinished = notFinished(tx, note); !unfinished.ok()) {
            statusBar()->showMessage(unfinished.localized(), 20000);
        } else {
            const QString said = tr("%1 is %2").arg(tx.id, nameOf(tx.state));
            statusBar()->showMessage(note.isEmpty() ? said : tr("%1 (%2)").arg(said, note), note.isEmpty() ? 8000 : 20000);
        }
        // The new transaction is the one the operator looks at next: listed, selected, shown.
        showView(NavigatorModel::View::Transactions);
        m_transactions->selectTransaction(tx.id);
        scheduleRefresh();
    });
    connect(dialog, &TransferDialog::heldForApproval, this, [this](const ApprovalRequest &request) {
        // Information, not an error: the request is what the operator looks at next, listed and selected.
        statusBar()->showMessage(heldBackText(request.id), 30'000);
        m_approvals->selectWhenListed(request.id);
        showView(NavigatorModel::View::Approvals);
        scheduleRefresh();
    });
    dialog->open();
    return dialog;
}

NewAccountDialog *MainWindow::openNewAccountDialog()
{
    if (!hasStore() || !mayWrite(Role::Operator))
        return nullptr;
    // Tracked and window-modal like the other dialogs bound to the store's job runner: another
    // store cannot be opened under it.
    auto *dialog = track(new NewAccountDialog(m_session, this));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &NewAccountDialog::created, this, [this](const QString &id) {
        statusBar()->showMessage(tr("Account %1 is open").arg(id), 10'000);
        m_accounts->model()->refresh();
        showAccountById(id);
    });
    dialog->open();
    return dialog;
}

RepairDialog *MainWindow::openRepairDialog(OperatorAction action)
{
    if (!hasStore() || !mayWrite(Role::Operator)
        || !m_transactions->acceptsSelection(m_actions->forAction(action), m_transactions->list()->selectedRowCount()))
        return nullptr;
    // The continuation may run later, after the ids of rows not loaded yet were read: it must
    // not write into this frame, which is gone by then (a stack write that crashed tst_gui).
    const auto opened = std::make_shared<QPointer<RepairDialog>>();
    withSelectedIds([this, action, opened](const QStringList &ids) {
        if (!m_transactions->acceptsSelection(m_actions->forAction(action), ids.size()))
            return;
        auto *dialog = track(new RepairDialog(m_session, m_session->operatorName(), action, ids, this));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setTransactions(selectedTransactions()); // their amounts: which the approval rules hold back
        connect(dialog, &RepairDialog::repairFinished, this, &MainWindow::scheduleRefresh);
        connect(dialog, &RepairDialog::accountLinkActivated, this, [this, dialog](const QString &id) {
            dialog->accept(); // the repairs are over; the account is where the next step is
            showAccountById(id);
        });
        dialog->open();
        *opened = dialog;
        Q_EMIT repairDialogOpened(dialog);
    });
    return *opened; // null while ids of rows not loaded yet are being read (repairDialogOpened follows)
}

RepairWizard *MainWindow::openRepairWizard()
{
    const QList<Transaction> selected = selectedTransactions();
    if (!hasStore() || !mayWrite(Role::Operator) || !m_transactions->acceptsSelection(m_actions->guidedRepair, selected.size(), true))
        return nullptr;
    auto *wizard = track(new RepairWizard(m_session, m_session->operatorName(), m_settings.stuckThresholdMs(), selected.first().id, this));
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // What was repaired (or the compensation made) is what the window shows, selected, behind
    // the wizard's result: never a neighbour that slid into its row.
    connect(wizard, &RepairWizard::repaired, this, [this, wizard] {
        scheduleRefresh();
        if (wizard->outcome && wizard->outcome->tx)
            showTransactionById(wizard->outcome->tx->id);
    });
    wizard->open();
    return wizard;
}

RecoverDialog *MainWindow::openRecoverDialog()
{
    if (!hasStore() || !mayWrite(Role::Operator))
        return nullptr;
    auto *dialog = track(new RecoverDialog(m_session, m_settings.stuckThresholdMs(), m_session->operatorName(), this));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RecoverDialog::recoveryFinished, this, &MainWindow::scheduleRefresh);
    dialog->open();
    return dialog;
}

// Layouts are kept per store (one store's operators sort and size its columns their way) and
// also as the last one used, which a store seen for the first time starts from.
} // namespace ledger::app
