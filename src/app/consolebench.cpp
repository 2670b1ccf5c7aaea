#include "consolebench.h"

#include "mainwindow.h"
#include "pages/transactionspage.h"
#include "models/transactiontablemodel.h"
#include "widgets/tablepage.h"

#include <QHeaderView>
#include <QScrollBar>
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
// The issue of ten million rows: landing in the middle, and each page read while scrolling there.
constexpr qint64 kMiddleBudgetMs = 150;
constexpr qint64 kScrollPageBudgetMs = 50;
constexpr int kScrollPages = 50;

// Through ledgerd over loopback (issue 48: PostgreSQL, ten million transactions): each step is
// one or two HTTP calls more.
struct Budgets {
    qint64 open, jump, filter, middle, scrollPage;
};
constexpr Budgets kInProcess{kOpenBudgetMs, kJumpBudgetMs, kFilterBudgetMs, kMiddleBudgetMs, kScrollPageBudgetMs};
constexpr Budgets kThroughLedgerd{400, 300, 250, 200, 80};

bool isServerUrl(const QString &where) { return where.startsWith(QLatin1String("http://")) || where.startsWith(QLatin1String("https://")); }
} // namespace

double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // Linux reports kilobytes
}

ConsoleBench::ConsoleBench(MainWindow *window, const QString &storePath, const ServerLogin &login)
    : QObject(window)
    , m_window(window)
    , m_path(storePath)
    , m_login(login)
{
    m_login.server = storePath;
}

bool ConsoleBench::listShown() const
{
    // Rows on screen: the count is in, nothing is loading, and the first visible row has its
    // document (not the placeholder).
    TransactionTableModel *model = m_window->transactionModel();
    const WindowedTable *table = m_window->transactions()->list()->windowed();
    if (model->isLoading() || model->rowCount() == 0)
        return false;
    const int top = qMax(0, table->topRow());
    return !model->keyAt(top).isEmpty();
}

void ConsoleBench::start()
{
    connect(m_window, &MainWindow::storeFailed, this, [this](const QString &message) { fail(message); });
    // Rows by their place in the listing: the view shows a window of them (widgets/windowedtable.h).
    WindowedTable *table = m_window->transactions()->list()->windowed();
    TransactionTableModel *model = m_window->transactionModel();
    // The scrollbar dragged to its middle: the middle row at the top.
    const auto jumpToMiddle = [table, model] {
        if (table->listingScrollBar()->isVisible())
            table->listingScrollBar()->setValue(model->rowCount() / 2);
        else
            table->scrollToRow(model->rowCount() / 2, QAbstractItemView::PositionAtTop);
    };
    const auto inTheMiddle = [this, table, model] { return listShown() && table->topRow() >= model->rowCount() / 2 - 1; };
    const auto sortedBy = [this, model](TxSortKey key) {
        return [this, model, key] { return listShown() && model->query().sortKey == key; };
    };
    const Budgets budgets = isServerUrl(m_path) ? kThroughLedgerd : kInProcess;
    m_steps = {
        // Open straight onto the transaction list, as an operator who goes to the list at once.
        {QStringLiteral("open + first page"), budgets.open,
         [this] {
             m_window->showView(NavigatorModel::View::Transactions);
             if (isServerUrl(m_path))
                 m_window->connectToServer(m_login);
             else
                 m_window->openStore(m_path, OpenMode::Existing);
         },
         [this] { return m_window->hasStore() && listShown(); }},
        {QStringLiteral("jump to last row"), budgets.jump,
         [table, model] { table->scrollToRow(model->rowCount() - 1, QAbstractItemView::PositionAtBottom); },
         [this, table, model] {
             const int last = model->rowCount() - 1;
             return listShown() && table->bottomRow() >= last - 1 && !model->keyAt(last).isEmpty();
         }},
        {QStringLiteral("jump to the middle"), budgets.middle, jumpToMiddle, inTheMiddle},
    };
    // Then down from there a page of the model at a time, each a page not read yet.
    for (int i = 1; i <= kScrollPages; ++i) {
        const auto target = [table, model, i] {
            return qMin(model->rowCount() - 1, model->rowCount() / 2 + i * PagedTableModel::kPageSize);
        };
        m_steps.push_back({QStringLiteral("scroll %1 pages from the middle").arg(kScrollPages), budgets.scrollPage,
                           [table, target] { table->scrollToRow(target(), QAbstractItemView::PositionAtTop); },
                           [this, table, model, target] {
                               return listShown() && (table->topRow() >= target() - 1 || table->bottomRow() >= model->rowCount() - 1);
                           },
                           QStringLiteral("scroll")});
    }
    std::vector<Step> rest = {
        {QStringLiteral("switch to one state (canceled)"), budgets.filter,
         [this] { m_window->showView(NavigatorModel::View::State, TxState::Canceled); },
         [this, table, model] {
             // The rows on screen, wherever the view kept its scroll position.
             const auto tx = model->transactionAt(qMax(0, table->topRow()));
             return listShown() && tx && tx->state == TxState::Canceled;
         }},
        {QStringLiteral("switch back to all states"), budgets.filter, [this] { m_window->showView(NavigatorModel::View::Transactions); },
         [this, model] { return listShown() && !model->query().state; }},
        {QStringLiteral("sort by age"), -1,
         [table] { table->view()->horizontalHeader()->setSortIndicator(TransactionTableModel::AgeColumn, Qt::DescendingOrder); },
         [this] { return listShown(); }},
        // The other sorts the store walks by an index, and a jump in one that is not a time.
        {QStringLiteral("sort by state"), -1,
         [table] {
             table->scrollToRow(0); // from the top: the view may keep its place over a sort
             table->view()->horizontalHeader()->setSortIndicator(TransactionTableModel::StateColumn, Qt::AscendingOrder);
         },
         sortedBy(TxSortKey::State)},
        {QStringLiteral("jump to the middle, sorted by state"), budgets.middle, jumpToMiddle, inTheMiddle},
        {QStringLiteral("sort by id"), -1,
         [table] {
             table->scrollToRow(0);
             table->view()->horizontalHeader()->setSortIndicator(TransactionTableModel::IdColumn, Qt::AscendingOrder);
         },
         sortedBy(TxSortKey::Id)},
        {QStringLiteral("jump to the middle, sorted by id"), budgets.middle, jumpToMiddle, inTheMiddle},
    };
    for (Step &step : rest)
        m_steps.push_back(std::move(step));
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
        if (!step.group.isEmpty()) {
            m_groupWhat = step.what;
            m_groupBudgetMs = step.budgetMs;
            m_groupMs.push_back(ms);
            const bool last = index + 1 == int(m_steps.size()) || m_steps[size_t(index + 1)].group != step.group;
            if (last)
                endGroup();
            runStep(index + 1);
            return;
        }
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

void ConsoleBench::endGroup()
{
    // Two lines: the median step, and the slowest (which the budget is for: "each page").
    std::vector<double> sorted = m_groupMs;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted[sorted.size() / 2];
    const double slowest = sorted.back();
    m_timings.append(QJsonObject{{QStringLiteral("what"), m_groupWhat + QStringLiteral(", median page")}, {QStringLiteral("ms"), median}});
    QJsonObject t{{QStringLiteral("what"), m_groupWhat + QStringLiteral(", slowest page")}, {QStringLiteral("ms"), slowest}};
    if (m_groupBudgetMs > 0) {
        t.insert(QStringLiteral("budgetMs"), double(m_groupBudgetMs));
        t.insert(QStringLiteral("withinBudget"), slowest <= double(m_groupBudgetMs));
    }
    m_timings.append(t);
    m_groupMs.clear();
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
