#pragma once
// File ▸ Export and the incident report: runs the interchange library's exports as jobs on the worker pool, so a
// table of a million rows is read from the store page by page straight into the file — never
// loaded into the console's models — and the GUI stays responsive. One export at a time; it
// can be stopped. Files are written whole or not at all (QSaveFile).
//
// Threading: GUI thread only; the work runs on the session's pool. A store closing stops the
// export under way (it leaves no file) and drops its answer.

#include "../backgroundjob.h"
#include "interchange/tableexport.h"

#include <QObject>

namespace ledger::app {

class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(StoreSession *session, QObject *parent = nullptr);

    bool isRunning() const { return m_job.isRunning(); }

    // The format comes from the file name's suffix (.csv or .json).
    void exportTable(const ExportSpec &spec, const QString &path);
    void exportFindings(const QList<AuditFinding> &findings, const QString &path);
    // .pdf (printed here on the GUI thread) or .html.
    void saveIncidentReport(const QString &txId, const QString &preparedBy, const QString &path);
    // Ends a running export early: it fails with "interrupted" and leaves no file.
    void stop();

Q_SIGNALS:
    void started(const QString &path);
    void progress(qint64 rows);
    // rows: how many rows went into the file (1 for a report).
    void finished(const QString &path, qint64 rows);
    void failed(const QString &path, const QString &message);

private:
    bool begin(const QString &path);
    void end(const QString &path, const Result<qint64> &rows);

    StoreSession *m_session;
    BackgroundJob m_job;
};

} // namespace ledger::app
