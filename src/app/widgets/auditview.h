#pragma once
// The audit view: runs the invariant checks in the background and lists the findings; selecting
// one shows links to every document it names.
//
// Threading: GUI thread only.

#include "../jobrunner.h"
#include "../models/findingsmodel.h"

#include <QWidget>
#include <atomic>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ledger::app {

class AuditView : public QWidget {
    Q_OBJECT
public:
    explicit AuditView(QWidget *parent = nullptr);
    void setJobRunner(JobRunner *jobs, int scale);
    void runAudit();
    // Stops a running audit (it reports that it stopped, not a result).
    void stop();
    // The six invariants with what the last audit found for each (for tests, the text shown).
    QString invariantsText() const;
    FindingsModel *model() const { return m_model; }
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void transactionLinkActivated(const QString &txId);
    void accountLinkActivated(const QString &accountId);
    void finished(bool clean);

private:
    void showLinks();

    JobRunner *m_jobs = nullptr;
    int m_scale = 2;
    bool m_running = false;
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_stopFlag;
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
