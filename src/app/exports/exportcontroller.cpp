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
template <typename Write> Result<qint64> writeFile(const QString &path, Write write)
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

ExportController::ExportController(StoreSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_job(session, this)
{
    connect(&m_job, &BackgroundJob::progress, this, [this](qint64 rows) { Q_EMIT progress(rows); });
}

bool ExportController::begin(const QString &path)
{
    if (!m_session->isOpen())
        return false;
    if (m_job.isRunning()) {
        Q_EMIT failed(path, tr("Another export is still running; wait for it or stop it first."));
        return false;
    }
    Q_EMIT started(path);
    return true;
}

void ExportController::end(const QString &path, const Result<qint64> &rows)
{
    if (rows.ok())
        Q_EMIT finished(path, *rows);
    else
        Q_EMIT failed(path, rows.error().localized());
}

void ExportController::stop() { m_job.stop(); }

void ExportController::exportTable(const ExportSpec &spec, const QString &path)
{
    const auto format = exportFormatFromSuffix(QFileInfo(path).suffix());
    if (!format) {
        Q_EMIT failed(path, tr("%1: the file name must end in .csv or .json").arg(path));
        return;
    }
    if (!begin(path))
        return;
    m_job.run<Result<qint64>>(
        [spec, path, format = *format](LedgerService &ledger, const JobControl &control) {
            ExportProgress p;
            p.shouldStop = control.stopTest();
            p.rowsWritten = [control](qint64 rows) { control.progress(rows, 0); };
            return writeFile(path, [&](QIODevice &out) { return ledger.exportTable(spec, format, out, p); });
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
    m_job.run<Result<qint64>>(
        [findings, path, format = *format](LedgerService &) {
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
    m_job.run<Result<QString>>(
        [txId, preparedBy, path, pdf](LedgerService &ledger) -> Result<QString> {
            auto report = ledger.incidentReport(txId);
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
