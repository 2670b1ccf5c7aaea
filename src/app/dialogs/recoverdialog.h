#pragma once
// "Recover all stuck": lists what is stuck (every transaction whose lease expired or that is idle
// past the threshold), asks for a reason, then runs recovery (src/protocol) on its thread pool with
// progress, a Stop button and a result summary per outcome.
//
// Threading: GUI thread only; recovery runs as a job.

#include "../backgroundjob.h"
#include "protocol/recovery.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace ledger::app {

class RecoverDialog : public QDialog {
    Q_OBJECT
public:
    RecoverDialog(StoreSession *session, qint64 stuckThresholdMs, const QString &operatorName, QWidget *parent = nullptr);
    void setReason(const QString &reason);
    void start();
    void stop();
    // While repairs run, closing stops them first (a second close then closes).
    void reject() override;
    bool isRunning() const { return m_recovery.isRunning(); }
    // As large as what it lists needs (every column, the accounts' rows), within `available`:
    // done with the screen's available geometry once the list is read (760×460 showed four
    // accounts and cut Owner / lease even at 1600×1000).
    void fitWithin(const QRect &available);
    const RecoveryReport &report() const { return m_report; }

Q_SIGNALS:
    void candidatesListed();
    void recoveryFinished();

private:
    void showReport(const RecoveryReport &report);
    void listCandidates();
    void updateButtons();

    JobRunner *m_jobs;
    bool m_candidatesLoaded = false;
    qint64 m_candidateCount = 0;
    qint64 m_threshold;
    QString m_operator;
    bool m_finished = false;
    BackgroundJob m_recovery; // stoppable, with progress
    RecoveryReport m_report;
    QLabel *m_text;
    QLabel *m_claimWarning = nullptr;
    QCheckBox *m_recoverAnyway = nullptr;
    QLineEdit *m_reason;
    QProgressBar *m_progress;
    QTableWidget *m_results;
    QTableWidget *m_accounts;
    QVBoxLayout *m_layout;
    QPushButton *m_start;
    QPushButton *m_stop;
    QPushButton *m_close;
};

} // namespace ledger::app
