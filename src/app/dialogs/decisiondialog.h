#pragma once
// Approve or reject one approval request (four eyes): what is decided, in a line, and the
// decider's reason — optional for an approval, required for a rejection (the requester reads
// it): Reject stays disabled, and pressed anyway does nothing, until one is given. The decision
// itself is the page's to run (ApprovalsPage), off the GUI thread.
//
// Threading: GUI thread only.

#include "ledger/approvals.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace ledger::app {

class DecisionDialog : public QDialog {
    Q_OBJECT
public:
    DecisionDialog(const ApprovalRequest &request, bool approve, int scale, QWidget *parent = nullptr);

    bool approves() const { return m_approve; }
    const QString &requestId() const { return m_id; }
    QString reason() const;
    QLineEdit *reasonField() const { return m_reason; }
    QPushButton *decideButton() const { return m_decide; }
    // Why the decision cannot be sent yet ("" when it can).
    QString problem() const;

    void accept() override;

private:
    void validate();

    QString m_id;
    bool m_approve;
    QLineEdit *m_reason;
    QLabel *m_hint;
    QPushButton *m_decide;
};

} // namespace ledger::app
