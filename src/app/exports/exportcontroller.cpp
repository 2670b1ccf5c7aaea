#include "exportcontroller.h"

#include "incidentpdf.h"
#include "interchange/incidentreport.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QTimer>

namespace ledger::app {

namespace {

// Writes a file whole or not at all: `write` fills the QSaveFile, which is committed only if it
// succeeded (a stopped or failed export leaves no half file behind).
template <typename Write>
Result<qint64> writeFile(const QString &path, Write write)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    Result<qint64> rows = write(file);
    if (!rows.ok()) {
        file.cancelWriting();
        return rows;
    }
    if (!file.commit())
        return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return rows;
}

} // namespace

ExportController::ExportController(QObject *parent) : QObject(parent) {}

bool ExportController::begin(const QString &path)
{
    if (!m_jobs)
        return false;
    if (m_running) {
        Q_EMIT failed(path, tr("Another export is still running; wait for it or stop it first."));
        return false;
    }
    m_running = true;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_rows = std::make_shared<std::atomic<qint64>>(0);
    Q_EMIT started(path);
    // Progress is polled rather than signalled from the pool thread: one number, twice a second.
    auto *ticker = new QTimer(this);
    ticker->setInterval(500);
    connect(ticker, &QTimer::timeout, this, [this, ticker, rows = m_rows] {
        if (!m_running || m_rows != rows) {
            ticker->deleteLater();
            return;
        }
        Q_EMIT progress(rows->load());
    });
    ticker->start();
    return true;
}

void ExportController::end(const QString &path, const Result<qint64> &rows)
{
    m_running = false;
    if (rows.ok())
        Q_EMIT finished(path, *rows);
    else
        Q_EMIT failed(path, rows.error().localized());
}

void ExportController::stop()
{
    if (m_stop)
        m_stop->store(true);
}

void ExportController::exportTable(const ExportSpec &spec, const QString &path)
{
    const auto format = exportFormatFromSuffix(QFileInfo(path).suffix());
    if (!format) {
        Q_EMIT failed(path, tr("%1: the file name must end in .csv or .json").arg(path));
        return;
    }
    if (!begin(path))
        return;
    m_jobs->run<Result<qint64>>(
        this,
        [spec, path, format = *format, stop = m_stop, counter = m_rows](Store &store) {
            ExportProgress p;
            p.shouldStop = [stop] { return stop->load(); };
            p.rowsWritten = [counter](qint64 rows) { counter->store(rows); };
            return writeFile(path, [&](QIODevice &out) { return ledger::exportTable(store, spec, format, out, p); });
        },
        [this, path](Result<qint64> rows) { end(path, rows); });
}

void ExportController::exportFindings(const QList<AuditFinding> &findings, const QString &path)
{
    const auto format = exportFormatFromSuffix(QFileInfo(path).suffix());
    if (!format) {
        Q_EMIT failed(path, tr("%1: the file name must end in .csv or .json").arg(path));
        return;
    }
    if (!begin(path))
        return;
    // No store work, but the file is written off the GUI thread all the same.
    m_jobs->run<Result<qint64>>(
        this,
        [findings, path, format = *format](Store &) {
            return writeFile(path, [&](QIODevice &out) { return ledger::exportFindings(findings, format, out); });
        },
        [this, path](Result<qint64> rows) { end(path, rows); });
}

void ExportController::saveIncidentReport(const QString &txId, const QString &preparedBy, const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool pdf = suffix == QLatin1String("pdf");
    if (!pdf && suffix != QLatin1String("html") && suffix != QLatin1String("htm")) {
        Q_EMIT failed(path, tr("%1: the file name must end in .pdf or .html").arg(path));
        return;
    }
    if (!begin(path))
        return;
    // The report is read and built on the pool; HTML is written there too, a PDF is printed
    // here (QPrinter and QTextDocument belong to the GUI thread).
    m_jobs->run<Result<QString>>(
        this,
        [txId, preparedBy, path, pdf](Store &store) -> Result<QString> {
            auto report = loadIncidentReport(store, txId);
            if (!report.ok())
                return report.error();
            const QString html = incidentReportHtml(*report, preparedBy);
            if (pdf)
                return html;
            auto written = writeFile(path, [&](QIODevice &out) -> Result<qint64> {
                const QByteArray bytes = html.toUtf8();
                if (out.write(bytes) != bytes.size())
                    return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot write %1: %2").arg(path, out.errorString()));
                return qint64(1);
            });
            if (!written.ok())
                return written.error();
            return html;
        },
        [this, path, pdf, txId](Result<QString> html) {
            if (!html.ok()) {
                end(path, html.error());
                return;
            }
            if (pdf) {
                if (Error e = printHtmlToPdf(*html, path, tr("Incident report %1").arg(txId)); !e.ok()) {
                    end(path, e);
                    return;
                }
            }
            end(path, qint64(1));
        });
}

} // namespace ledger::app
