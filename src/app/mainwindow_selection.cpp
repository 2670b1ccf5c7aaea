// MainWindow: the selected transactions — as documents for the actions' enablement, and as ids
// for a repair (reading the rows not loaded yet). GUI thread.
#include "jobrunner.h"
#include "mainwindow.h"
#include "models/transactiontablemodel.h"
#include "pages/transactionspage.h"
#include "widgets/tablepage.h"

#include <QStackedWidget>
#include <QStatusBar>

namespace ledger::app {

QList<Transaction> MainWindow::selectedTransactions() const { return m_transactions->selectedTransactions(); }

int MainWindow::unloadedSelectedRows() const { return m_transactions->unloadedSelectedRows(); }

void MainWindow::onTransactionSelection()
{
    updateRowActions(); // with the others, before anyone who follows the page's selection looks
    if (m_stack->currentIndex() != TransactionsIndex) {
        m_actions->updateForSelection({});
        return;
    }
    // The page's selection model, the same one its detail panel follows.
    const QList<Transaction> selected = selectedTransactions();
    m_actions->updateForSelection(selected, unloadedSelectedRows(), m_transactions->extrasOf(selected));
}

void MainWindow::withSelectedIds(const std::function<void(const QStringList &)> &then)
{
    constexpr int kMaxRepair = 10'000;
    if (unloadedSelectedRows() == 0) {
        QStringList ids;
        for (const Transaction &tx : selectedTransactions())
            ids << tx.id;
        then(ids);
        return;
    }
    if (m_transactions->list()->selectedRowCount() > kMaxRepair) {
        showError(tr("Too many rows"), tr("Select at most %1 transactions for one repair, or use Recover all stuck.").arg(kMaxRepair));
        return;
    }
    // Some selected rows have not loaded: read their ids, with the query the table shows.
    const auto rangesNow = [this] {
        QList<QPair<qint64, int>> ranges;
        for (const QItemSelectionRange &r : m_transactions->list()->selection())
            ranges << qMakePair(qint64(r.top()), r.height());
        return ranges;
    };
    const QList<QPair<qint64, int>> ranges = rangesNow();
    const quint64 listing = m_transactions->list()->listingSerial();
    const TxQuery query = m_transactions->model()->query();
    statusBar()->showMessage(tr("Reading the selected transactions…"));
    m_session->jobs()->run<Result<QStringList>>(
        this, [query, ranges](LedgerService &ledger) { return ledger.transactionIdsAt(query, ranges); },
        [this, then, ranges, listing, rangesNow](Result<QStringList> ids) {
            statusBar()->clearMessage();
            if (!ids.ok()) {
                showError(tr("Cannot read the selection"), ids.error().toString());
                return;
            }
            // Read for rows the table no longer shows selected (another question was asked, or
            // the selection changed meanwhile): what they were is not what the operator sees.
            if (m_transactions->list()->listingSerial() != listing || rangesNow() != ranges) {
                statusBar()->showMessage(tr("The selection changed while it was read: nothing was done. Choose again."), 10'000);
                return;
            }
            then(*ids);
        });
}

} // namespace ledger::app
