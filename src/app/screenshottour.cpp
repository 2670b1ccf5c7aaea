#include "screenshottour.h"

#include "dialogs/repairdialog.h"
#include "mainwindow.h"
#include "pages/actionspage.h"
#include "pages/transactionspage.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "widgets/accountpanel.h"
#include "widgets/detailpanel.h"
#include "widgets/repairpreview.h"
#include "widgets/tablepage.h"

#include <QDir>
#include <QTableView>
#include <QTimer>

namespace ledger::app {

namespace {
constexpr int kTourPollMs = 50;
constexpr int kTourGiveUpMs = 30'000;
} // namespace

ScreenshotTour::ScreenshotTour(MainWindow *window, const QString &directory)
    : QObject(window)
    , m_window(window)
    , m_directory(directory)
{}

void ScreenshotTour::start()
{
    if (!QDir().mkpath(m_directory)) {
        fail(tr("cannot create %1").arg(m_directory));
        return;
    }
    // 1. The dashboard.
    m_window->showView(NavigatorModel::View::Overview);
    whenQuiet([] { return true; },
              [this] {
                  if (!save(m_window, QStringLiteral("dashboard.png")))
                      return;
                  // 2. The stuck transactions with one selected: the main window and its detail panel. With
                  // nothing stuck, every transaction instead, and no repair preview (there is nothing to
                  // repair): said in the result, never waited for.
                  m_window->showView(NavigatorModel::View::Stuck);
                  whenQuiet([] { return true; },
                            [this] {
                                if (m_window->transactionModel()->rowCount() == 0) {
                                    m_nothingStuck = true;
                                    m_window->showView(NavigatorModel::View::Transactions);
                                }
                                whenQuiet([] { return true; }, [this] { shootTable(); });
                            });
              });
}

void ScreenshotTour::shootTable()
{
    QTableView *table = m_window->transactions()->list()->table();
    if (m_window->transactionModel()->rowCount() == 0) {
        // An empty store: the window as it is.
        if (save(m_window, QStringLiteral("main-window.png")))
            finish();
        return;
    }
    // The richest detail on screen: one an operator claimed, else a refused transfer stuck while
    // canceling, else one stuck after both holds, else the first.
    int pick = -1;
    for (int row = 0; row < m_window->transactionModel()->rowCount() && pick < 0; ++row) {
        const auto tx = m_window->transactionModel()->transactionAt(row);
        if (tx && m_window->transactionModel()->claimOf(*tx))
            pick = row;
    }
    for (TxState wanted : {TxState::Canceling, TxState::Applied}) {
        if (pick >= 0)
            break;
        for (int row = 0; row < m_window->transactionModel()->rowCount(); ++row) {
            const auto tx = m_window->transactionModel()->transactionAt(row);
            if (tx && tx->state == wanted) {
                pick = row;
                break;
            }
        }
    }
    pick = qMax(pick, 0);
    WindowedTable *rows = m_window->transactions()->list()->windowed(); // the view's rows are a window's
    rows->scrollToRow(pick);
    table->selectRow(rows->viewIndex(pick).row());
    if (const auto tx = m_window->transactionModel()->transactionAt(pick))
        m_account = tx->source;
    whenQuiet([this] { return !m_window->detailPanel()->transactionId().isEmpty(); },
              [this, table] {
                  if (!save(m_window, QStringLiteral("main-window.png"))
                      || !save(m_window->detailPanel(), QStringLiteral("detail-panel.png")))
                      return;
                  if (m_nothingStuck) {
                      finish();
                      return;
                  }
                  // 3. The repair preview for every stuck transaction on screen.
                  table->selectAll();
                  RepairDialog *dialog = m_window->openRepairDialog(OperatorAction::Resume);
                  if (!dialog) {
                      fail(tr("no stuck transaction to preview"));
                      return;
                  }
                  dialog->setReason(tr("worker crashed overnight"));
                  whenQuiet([dialog] { return dialog->planReady(); },
                            [this, dialog] {
                                if (!save(dialog, QStringLiteral("repair-preview.png")))
                                    return;
                                dialog->reject();
                                shootAccount();
                            });
              });
}

void ScreenshotTour::shootAccount()
{
    // 4. The account of the pictured transaction, with its holds and history.
    m_window->showAccountById(m_account);
    whenQuiet([this] { return m_window->accountPanel()->shownHtml().contains(m_account); },
              [this] {
                  if (save(m_window, QStringLiteral("account-detail.png")))
                      shootActions();
              });
}

void ScreenshotTour::shootActions()
{
    // 5. The operator actions: every repair, account change and transfer issued, newest first.
    m_window->showView(NavigatorModel::View::Actions);
    JournalModel *model = m_window->operatorActions()->model();
    whenQuiet([model] { return !model->isLoading() && model->rowCount() > 0; },
              [this] {
                  if (save(m_window, QStringLiteral("operator-actions.png")))
                      finish();
              });
}

void ScreenshotTour::finish()
{
    QString message = tr("saved %1 in %2").arg(m_saved.join(QStringLiteral(", ")), m_directory);
    if (m_nothingStuck)
        message += tr("; nothing is stuck, so there is no repair preview");
    Q_EMIT finished(true, message);
}

void ScreenshotTour::whenQuiet(const std::function<bool()> &ready, const std::function<void()> &next, int waitedMs)
{
    if (waitedMs > kTourGiveUpMs) {
        fail(tr("the window did not settle within %1 s").arg(kTourGiveUpMs / 1000));
        return;
    }
    // Settled twice in a row: a job that finishes often starts the next one.
    if (!m_window->isBusy() && ready()) {
        QTimer::singleShot(kTourPollMs * 4, this, [this, ready, next, waitedMs] {
            if (!m_window->isBusy() && ready())
                next();
            else
                whenQuiet(ready, next, waitedMs + kTourPollMs * 4);
        });
        return;
    }
    QTimer::singleShot(kTourPollMs, this, [this, ready, next, waitedMs] { whenQuiet(ready, next, waitedMs + kTourPollMs); });
}

bool ScreenshotTour::save(QWidget *widget, const QString &name)
{
    const QString path = QDir(m_directory).filePath(name);
    if (!widget->grab().save(path)) {
        fail(tr("cannot write %1").arg(path));
        return false;
    }
    m_saved << name;
    return true;
}

void ScreenshotTour::fail(const QString &message) { Q_EMIT finished(false, message); }

} // namespace ledger::app
