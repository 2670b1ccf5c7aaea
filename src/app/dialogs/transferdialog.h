#pragma once
// The transfer dialog: source and destination (completing from existing accounts), amount, memo
// and an idempotency key filled in beforehand, so that a double click cannot pay twice. "Add leg"
// turns source, destination and amount into legs (widgets/legseditor.h): one transaction over
// several accounts, as `ledgerctl transfer --from/--to` makes. Every
// field is checked as it is typed with the same rules and words as `ledgerctl transfer`; Transfer
// stays disabled until the request is valid. What the store would refuse as far as the dialog
// knows its accounts (knownaccounts.h: an account that does not exist, is frozen or closed, not
// enough money) is said while typing, in the store's own words, and Transfer waits: sending it
// would only write a canceled transaction. The accounts are read again when the store changes; a
// refusal that still comes (the store decides, and things change) is shown in the dialog until
// the transfer is edited, and a fresh key is taken only when the old one is used up — never while
// a transfer may still be in flight, so that retrying cannot pay twice. With many legs the dialog
// grows as far as its screen allows; the legs scroll, the buttons stay in sight. Four eyes: where
// the service's rules hold the transfer back (its amount, from @world), a line says so while it is
// typed; one held back closes the dialog with its request (heldForApproval), which is no failure.
//
// Threading: GUI thread only; the transfer itself runs as a job.

#include "../backgroundjob.h"
#include "../storesession.h"
#include "knownaccounts.h"
#include "protocol/transferinput.h"

#include <QDialog>
#include <QPointer>
#include <QTimer>

namespace Ui {
class TransferDialog;
}

class QLabel;
class QStringListModel;

namespace ledger::app {

class LegsEditor;
class StrayClickGuard;

class TransferDialog : public QDialog {
    Q_OBJECT
public:
    // Of the store `session` has open (its jobs and scale); made only while one is.
    explicit TransferDialog(StoreSession *session, QWidget *parent = nullptr);
    ~TransferDialog() override;

    void setSource(const QString &account);
    // From source/destination/amount to legs (what "Add leg" does first); true once there.
    void useLegs();
    bool usesLegs() const { return m_legs != nullptr; }
    LegsEditor *legsEditor() const { return m_legs; }
    // The transfer that went through (after accept()).
    const std::optional<Transaction> &result() const { return m_result; }
    // For tests: the inline message shown beside each field ("" when fine).
    QString fieldError(const QString &field) const;
    QString bannerText() const;
    // What the store would refuse, as far as the accounts last read say ("" when nothing):
    // "code-word: message".
    QString foreseenRefusal() const;
    // Whether the fields make a request that may be sent (what enables Transfer).
    bool canSubmit() const;
    // "This waits for a second person's approval (rule: …)" for the transfer typed, or "".
    QString approvalNote() const;

    void accept() override;
    // While a transfer is being submitted the dialog stays: its answer must be seen.
    void reject() override;

Q_SIGNALS:
    // `note`: how a submission that found it already there left it (e.g. an operator claimed it), or empty.
    void transferDone(const Transaction &tx, const QString &note);
    void submitted(); // the job came back, whatever it said
    // The service's rules held it back: stored as this approval request, for another person.
    void heldForApproval(const ledger::ApprovalRequest &request);

private:
    void validate();
    void validateFields();
    void validateLegs();
    void loadAccounts();
    void freshKey();
    // As many legs as the screen has room for: the dialog grows (never past the screen).
    void fitLegs();
    TransferInput input() const;
    LegsInput legsInput() const;
    // The transfer as typed, without its key: what an answer in the banner was about.
    QStringList typed() const;
    // The request the fields make, or the first problem with them.
    std::optional<TransferRequest> request() const;
    // The first refusal `request` would meet, by the accounts known.
    KnownAccounts::Foreseen foresee(const TransferRequest &request) const { return m_known.foresee(request, m_scale); }

    std::unique_ptr<Ui::TransferDialog> m_ui;
    StoreSession *m_session;
    QLabel *m_approvalNote;
    JobRunner *m_jobs;
    int m_scale;
    QStringListModel *m_accounts;
    KnownAccounts m_known;                 // as last read
    BackgroundJob m_accountsJob;           // reading them
    QTimer m_reloadTimer;                  // changes come in bursts: one reading after them
    std::optional<QStringList> m_answered; // typed(): the transfer the banner's answer is about
    bool m_submitting = false;
    QPointer<StrayClickGuard> m_clickGuard; // goes with the dialog unless armed
    std::optional<Transaction> m_result;
    LegsEditor *m_legs = nullptr;
};

} // namespace ledger::app
