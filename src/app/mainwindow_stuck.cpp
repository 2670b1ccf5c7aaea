// MainWindow: the Stuck view grouped by cause (operations/stuckcauses.h) — the groups with their
// counts above the table, the table narrowed to one, and a whole group repaired at once through
// the repair dialog's preview. GUI thread.
#include "backgroundjob.h"
#include "mainwindow.h"
#include "widgets/stuckcausebar.h"
#include "widgets/tablepage.h"

#include <QHBoxLayout>
#include <QStatusBar>
#include <QTableView>

namespace ledger::app {

void MainWindow::buildCauseBar()
{
    m_causeBar = new StuckCauseBar(this);
    m_causeBar->hide();
    m_transactionsPage->toolRow()->insertWidget(0, m_causeBar);
    connect(m_causeBar, &StuckCauseBar::chosenChanged, this, &MainWindow::applyTransactionFilter);
    connect(m_causeBar, &StuckCauseBar::repairRequested, this, &MainWindow::repairShownGroup);
}

void MainWindow::refreshCauses()
{
    if (!hasStore() || m_view != NavigatorModel::View::Stuck)
        return;
    // It reads every stuck transaction: on a busy store, changes come faster than that. The job
    // coalesces: one reading at a time, and one more after it when something changed meanwhile.
    const qint64 threshold = m_settings.stuckThresholdMs();
    m_causesJob->run<Result<StuckCauses>>([threshold](Store &s) { return stuckCauses(s, threshold); }, [this](Result<StuckCauses> causes) {
        if (!causes.ok())
            statusBar()->showMessage(causes.error().localized(), 10'000);
        else
            m_causeBar->setCauses(*causes);
    });
}

void MainWindow::repairShownGroup(OperatorAction action)
{
    // Every row the table shows (the chosen group, or everything stuck): the repair dialog reads
    // the rows not loaded yet and previews each before anything is done.
    m_transactionsPage->table()->selectAll();
    openRepairDialog(action);
}

} // namespace ledger::app
