#pragma once
// The guided repair of one transaction: a diagnosis in plain words (state, age, owner and lease,
// held legs), the recommended action and its consequences (the operator may pick another allowed
// one), the preview, the confirmation with a reason, the result, and a check that it really
// reached done or canceled with no hold left.
//
// Threading: GUI thread only; every store call runs as a job.

#include "../backgroundjob.h"
#include "operations/batchrepair.h"
#include "operations/diagnosis.h"

#include <QWizard>

namespace ledger::app {

class RepairWizard : public QWizard {
    Q_OBJECT
public:
    enum PageId { DiagnosisPageId, ActionPageId, PreviewPageId, ConfirmPageId, ResultPageId };

    RepairWizard(StoreSession *session, const QString &operatorName, qint64 stuckThresholdMs, const QString &txId,
                 QWidget *parent = nullptr);

    StoreSession *session() const { return m_session; }
    JobRunner *jobs() const { return m_jobs; }
    int scale() const { return m_scale; }
    const QString &operatorName() const { return m_operator; }
    qint64 stuckThresholdMs() const { return m_threshold; }
    const QString &txId() const { return m_txId; }
    // Four eyes: "This waits for a second person's approval (rule: …)" when the service's rules
    // hold `action` on the diagnosed transaction back, else "".
    QString approvalNote(OperatorAction action) const;

    // Filled in as the pages go.
    std::optional<Diagnosis> diagnosis;
    std::optional<OperatorAction> chosen;
    QString reason;
    std::optional<TxOutcome> outcome;
    std::optional<Verification> verification;
    bool repairing = false; // the repair job is under way: the wizard cannot be walked away from

    void reject() override;

Q_SIGNALS:
    void diagnosed();
    void previewed();
    void repaired();
    void verified();

private:
    StoreSession *m_session;
    JobRunner *m_jobs;
    int m_scale;
    QString m_operator;
    qint64 m_threshold;
    QString m_txId;
};

// (reject: while repairing, the wizard stays until the result and its check are in.)

} // namespace ledger::app
