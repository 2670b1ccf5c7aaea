#include "consolebench.h"

#include "mainwindow.h"
#include "pages/transactionspage.h"
#include "models/transactiontablemodel.h"
#include "widgets/tablepage.h"

#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTableView>
#include <QTimer>
#include <sys/resource.h>

namespace ledger::app {

namespace {
constexpr int kPollMs = 1;
constexpr qint64 kGiveUpMs = 30'000;
// The budgets of the performance issue (1,000,000 transactions, this 2-core machine).
constexpr qint64 kOpenBudgetMs = 300;
constexpr qint64 kJumpBudgetMs = 300;
constexpr qint64 kFilterBudgetMs = 200;
} // namespace

double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // Linux reports kilobytes
}

ConsoleBench::ConsoleBench(MainWindow *window, const QString &storePath)
    : QObject(window)
    , m_window(window)
    , m_path(storePath)
{}

bool ConsoleBench::listShown() const
{
    // Rows on screen: the count is in, nothing is loading, and the first visible row has its
    // document (not the placeholder).
    TransactionTableModel *model = m_window->transactionModel();
    QTableView *table = m_window->transactions()->list()->table();
    if (model->isLoading() || model->rowCount() == 0)
        return false;
    const int top = qMax(0, table->rowAt(0));
    return !model->keyAt(top).isEmpty();
}

void ConsoleBench::start()
{
    connect(m_window, &MainWindow::storeFailed, this, [this](const QString &message) { fail(message); });
    QTableView *table = m_window->transactions()->list()->table();
    TransactionTableModel *model = m_window->transactionModel();
    m_steps = {
        // Open straight onto the transaction list, as an operator who goes to the list at once.
        {QStringLiteral("open + first page"), kOpenBudgetMs,
         [this] {
             m_window->showView(NavigatorModel::View::Transactions);
             m_window->openStore(m_path, OpenMode::Existing);
         },
         [this] { return m_window->hasStore() && listShown(); }},
        {QStringLiteral("jump to last row"), kJumpBudgetMs, [table] { table->scrollToBottom(); },
         [this, table, model] {
             const int last = model->rowCount() - 1;
             return listShown() && table->rowAt(table->viewport()->height() - 2) >= last - 1 && !model->keyAt(last).isEmpty();
         }},
        {QStringLiteral("switch to one state (canceled)"), kFilterBudgetMs,
         [this] { m_window->showView(NavigatorModel::View::State, TxState::Canceled); },
         [this, table, model] {
             // The rows on screen, wherever the view kept its scroll position.
             const auto tx = model->transactionAt(qMax(0, table->rowAt(0)));
             return listShown() && tx && tx->state == TxState::Canceled;
         }},
        {QStringLiteral("switch back to all states"), kFilterBudgetMs, [this] { m_window->showView(NavigatorModel::View::Transactions); },
         [this, model] { return listShown() && !model->query().state; }},
        {QStringLiteral("sort by age"), -1,
         [table] { table->horizontalHeader()->setSortIndicator(TransactionTableModel::AgeColumn, Qt::DescendingOrder); },
         [this] { return listShown(); }},
    };
    runStep(0);
}

void ConsoleBench::runStep(int index)
{
    if (index == int(m_steps.size())) {
        report();
        return;
    }
    m_timer.start();
    m_steps[size_t(index)].act();
    // Let the action's own queued work start before the first look.
    QTimer::singleShot(0, this, [this, index] { poll(index); });
}

void ConsoleBench::poll(int index)
{
    const Step &step = m_steps[size_t(index)];
    if (step.ready()) {
        const double ms = double(m_timer.nsecsElapsed()) / 1e6;
        QJsonObject t{{QStringLiteral("what"), step.what}, {QStringLiteral("ms"), ms}};
        if (step.budgetMs > 0) {
            t.insert(QStringLiteral("budgetMs"), double(step.budgetMs));
            t.insert(QStringLiteral("withinBudget"), ms <= double(step.budgetMs));
        }
        m_timings.append(t);
        runStep(index + 1);
        return;
    }
    if (m_timer.elapsed() > kGiveUpMs) {
        fail(tr("%1 did not finish within %2 s").arg(step.what).arg(kGiveUpMs / 1000));
        return;
    }
    QTimer::singleShot(kPollMs, this, [this, index] { poll(index); });
}

void ConsoleBench::fail(const QString &message) { Q_EMIT finished(false, message.toUtf8()); }

void ConsoleBench::report()
{
    QJsonObject o{{QStringLiteral("rows"), double(m_window->transactionModel()->rowCount())},
                  {QStringLiteral("timings"), m_timings},
                  {QStringLiteral("rowsFetched"), double(m_window->transactionModel()->rowsFetched())},
                  {QStringLiteral("peakRssMb"), peakRssMb()}};
    Q_EMIT finished(true, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace ledger::app
