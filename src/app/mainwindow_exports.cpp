// MainWindow: File ▸ Export view as CSV/JSON and the incident report. The rows come from the
// store through the interchange exporter on a worker (the same query the view shows, every row of it),
// not from the models' cached pages.
#include "exports/exportcontroller.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/transactionspage.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "pages/auditpage.h"

#include <QAction>
#include <QDir>
#include "filedialogs.h"
#include <QLocale>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>

namespace ledger::app {

namespace {

// A file name that says what is in it: "ledger-stuck-20261122-0930.csv".
QString suggestedName(const QString &what, const QString &suffix)
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm"));
    return QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(QStringLiteral("%1-%2.%3").arg(what, stamp, suffix));
}

} // namespace

void MainWindow::connectExports()
{
    connect(m_actions->exportCsv, &QAction::triggered, this, [this] { chooseExportFile(QStringLiteral("csv")); });
    connect(m_actions->exportJson, &QAction::triggered, this, [this] { chooseExportFile(QStringLiteral("json")); });
    connect(m_actions->incidentReport, &QAction::triggered, this, &MainWindow::chooseIncidentReportFile);
    connect(m_exports, &ExportController::started, this,
            [this](const QString &path) { statusBar()->showMessage(tr("Writing %1…").arg(QDir::toNativeSeparators(path))); });
    connect(m_exports, &ExportController::progress, this,
            [this](qint64 rows) { statusBar()->showMessage(tr("Exporting… %1 rows so far").arg(QLocale().toString(rows))); });
    connect(m_exports, &ExportController::finished, this, [this](const QString &path, qint64 rows) {
        statusBar()->showMessage(tr("Wrote %1 (%n row(s))", "", int(qMin<qint64>(rows, INT_MAX))).arg(QDir::toNativeSeparators(path)),
                                 15'000);
    });
    connect(m_exports, &ExportController::failed, this, [this](const QString &path, const QString &message) {
        statusBar()->clearMessage();
        // Not exec(): the window goes on (live updates, other jobs) while the operator reads it.
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"),
                                    tr("Nothing was written to %1.").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setInformativeText(message);
        box->setObjectName(QStringLiteral("exportFailedBox"));
        box->open();
    });
}

void MainWindow::updateExportActions()
{
    // The approval requests are no table of the exports (ledgerctl approvals --json lists them).
    m_actions->setViewExportable(m_view != NavigatorModel::View::Overview && m_view != NavigatorModel::View::Approvals);
}

void MainWindow::exportCurrentView(const QString &path)
{
    switch (m_view) {
    case NavigatorModel::View::Overview:
    case NavigatorModel::View::Approvals: return;
    case NavigatorModel::View::Audit: m_exports->exportFindings(m_audit->model()->findings(), path); return;
    case NavigatorModel::View::Accounts: {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Accounts;
        spec.accounts = m_accounts->model()->query();
        spec.accounts.offset = 0;
        spec.accounts.limit = -1;
        m_exports->exportTable(spec, path);
        return;
    }
    case NavigatorModel::View::Actions: {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Journal;
        spec.journal = m_operatorActions->model()->query();
        m_exports->exportTable(spec, path);
        return;
    }
    case NavigatorModel::View::Transactions:
    case NavigatorModel::View::State:
    case NavigatorModel::View::Stuck:
    case NavigatorModel::View::Compensations: {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Transactions;
        spec.transactions = m_transactions->model()->query(); // its filter and its sort
        spec.transactions.offset = 0;
        spec.transactions.limit = -1;
        m_exports->exportTable(spec, path);
        return;
    }
    }
}

void MainWindow::chooseExportFile(const QString &suffix)
{
    const QString what = m_view == NavigatorModel::View::Accounts             ? QStringLiteral("accounts")
                       : m_view == NavigatorModel::View::Audit                ? QStringLiteral("audit-findings")
                       : m_view == NavigatorModel::View::Actions              ? QStringLiteral("operator-actions")
                       : m_view == NavigatorModel::View::Stuck                ? QStringLiteral("stuck")
                       : m_view == NavigatorModel::View::State && m_viewState ? QStringLiteral("transactions-") + nameOf(*m_viewState)
                                                                              : QStringLiteral("transactions");
    const QString filter = suffix == QLatin1String("csv") ? tr("CSV files (*.csv)") : tr("JSON files (*.json)");
    QString path = askSaveFileName(this, tr("Export view"), suggestedName(what, suffix), filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    exportCurrentView(path);
}

void MainWindow::saveIncidentReport(const QString &path)
{
    const QList<Transaction> selected = selectedTransactions();
    if (selected.size() != 1)
        return;
    m_exports->saveIncidentReport(selected.first().id, m_session->operatorName(), path);
}

void MainWindow::chooseIncidentReportFile()
{
    const QList<Transaction> selected = selectedTransactions();
    if (!m_transactions->acceptsSelection(m_actions->incidentReport, selected.size(), true))
        return;
    const QString pdf = tr("PDF documents (*.pdf)");
    const QString html = tr("Web pages (*.html)");
    QString chosenFilter = pdf;
    QString path = askSaveFileName(this, tr("Save incident report"),
                                   suggestedName(QStringLiteral("incident-") + selected.first().id, QStringLiteral("pdf")),
                                   pdf + QStringLiteral(";;") + html, &chosenFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += chosenFilter == html ? QStringLiteral(".html") : QStringLiteral(".pdf");
    saveIncidentReport(path);
}

} // namespace ledger::app
