#pragma once
// Resume, cancel or compensate the selected transactions: asks for a reason, shows the preview
// (eligible, skipped and why; every account before and after), then runs the repairs in the
// background with progress and a Stop button, and says what became of each. Through a ledger
// service, a repair whose answer was lost (the service stopped while it ran) may or may not have
// been applied: it is said so, and read back once the service answers again, then shown done or
// not repaired, as found. Four eyes: where the service's rules hold some of these back, the
// dialog says so up front (by the amounts of the transactions it was given: setTransactions), and
// a repair held back is said as what it is, a request another person decides, not a failure.
//
// Threading: GUI thread only; preview and repairs run as jobs.

#include "../backgroundjob.h"
#include "operations/batchrepair.h"
#include "operations/repairplan.h"

#include <QDialog>

namespace Ui {
class RepairDialog;
}
class QLabel;
class QPushButton;

namespace ledger::app {

class RepairPreview;

class RepairDialog : public QDialog {
    Q_OBJECT
public:
    RepairDialog(StoreSession *session, const QString &operatorName, OperatorAction action, const QStringList &txIds,
                 QWidget *parent = nullptr);
    ~RepairDialog() override;

    void setReason(const QString &reason);
    // The selected transactions as the table read them (their amounts: which rule holds each back).
    void setTransactions(const QList<Transaction> &known);
    // "This waits for a second person's approval (rule: …)", or "" when nothing waits.
    QString approvalNote() const;
    bool planReady() const { return m_planReady; }
    bool isRunning() const { return m_repairs.isRunning(); }
    const BatchRepairReport &report() const { return m_report; }
    RepairPreview *preview() const { return m_preview; }
    QPushButton *repairButton() const { return m_repair; }
    // What the dialog says of the repairs, as shown (HTML).
    QString statusText() const;
    // What the Repair button does: reads the plan again, and repairs if it is what the preview
    // showed; if the store changed meanwhile, shows the new preview and waits for another click.
    void startRepair();
    // Asks the running repairs to stop after the current one.
    void stop();
    // While repairs run, closing stops them first (a second close then closes).
    void reject() override;

Q_SIGNALS:
    void planLoaded();
    void repairFinished();
    // After a refusal by a frozen account: the frozen accounts are links in the status now.
    void frozenAccountsLinked();
    // The operator followed one of them (the main window shows it in Accounts).
    void accountLinkActivated(const QString &accountId);
    // The repairs whose answer was lost were read back: each is shown done or not repaired.
    void lostAnswersReadBack();

private:
    void showReport(const BatchRepairReport &report);
    // What became of one repair, as its row says it.
    void showOutcome(const BatchRepairItem &item);
    // The status under the preview: how many were repaired, refused, lost or not repaired.
    void showSummary();
    // Reads the repairs whose answer was lost (m_lost) again, until the service answers.
    void readBackLost();
    // Reads the plan; `then` runs with it once shown.
    void loadPlan(const std::function<void(const RepairPlan &)> &then = {});
    void runRepairs(const QStringList &ids);
    void updateButtons();
    // Warns about claims by other operators (ledger/remarks.h) and asks to repair anyway.
    void showClaims(const RepairPlan &plan);
    void linkFrozenAccounts();
    // Says up front which of the repairs the service's approval rules hold back.
    void showApprovalNote();

    std::unique_ptr<Ui::RepairDialog> m_ui;
    JobRunner *m_jobs;
    int m_scale;
    QString m_operator;
    OperatorAction m_action;
    QStringList m_ids;
    RepairPreview *m_preview;
    QPushButton *m_repair;
    QPushButton *m_stop;
    bool m_planReady = false;
    bool m_checking = false; // re-reading the plan before repairing
    bool m_finished = false;
    BackgroundJob m_repairs; // the repairs themselves: stoppable, with progress
    BatchRepairReport m_report;
    QStringList m_lost;        // sent, their answer lost: not read back yet
    QStringList m_notRepaired; // read back: not done
    QString m_frozenLinks;     // the frozen accounts, as links, once read
    Error m_readBackError;     // why the last reading back of m_lost failed
    StoreSession *m_session;
    QHash<QString, qint64> m_amounts; // of the transactions given, by id
    QLabel *m_approvalNote;
};

QString actionTitle(OperatorAction action);

} // namespace ledger::app
