#pragma once
// The Audit page: runs the invariant checks in the background and lists the findings; selecting
// one shows links to every document it names.
//
// Threading: GUI thread only.

#include "../backgroundjob.h"
#include "../storesession.h"
#include "../models/findingsmodel.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ledger::app {

class AuditPage : public QWidget {
    Q_OBJECT
public:
    // Follows `session`: a store closing drops the audit under way and what it found.
    explicit AuditPage(StoreSession *session, QWidget *parent = nullptr);
    void runAudit();
    // Stops a running audit (it reports that it stopped, not a result).
    void stop();
    // The six invariants with what the last audit found for each (for tests, the text shown).
    QString invariantsText() const;
    FindingsModel *model() const { return m_model; }
    bool isRunning() const { return m_job.isRunning(); }

Q_SIGNALS:
    void transactionLinkActivated(const QString &txId);
    void accountLinkActivated(const QString &accountId);
    void finished(bool clean);

private:
    void showLinks();

    void reset();
    void showReport(const AuditReport &report);

    StoreSession *m_session;
    BackgroundJob m_job;
    FindingsModel *m_model;
    QPushButton *m_run;
    QPushButton *m_stop;
    QProgressBar *m_busy;
    QLabel *m_summary;
    QLabel *m_invariants;
    QTableView *m_table;
    QLabel *m_links;
};

} // namespace ledger::app
