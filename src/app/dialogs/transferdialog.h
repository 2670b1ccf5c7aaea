#pragma once
// The transfer dialog: source and destination (completing from existing accounts), amount, memo
// and an idempotency key filled in beforehand, so that a double click cannot pay twice. "Add leg"
// turns source, destination and amount into legs (widgets/legseditor.h): one transaction over
// several accounts, as `ledgerctl transfer --from/--to` makes. Every
// field is checked as it is typed with the same rules and words as `ledgerctl transfer`; OK stays
// disabled until the request is valid. What the store would refuse as far as the dialog knows its
// accounts (funds, a frozen or closed account) is said while typing, in the store's own words;
// a refusal that still comes (the store decides) is shown in the dialog,
// and a fresh key is taken only when the old one is used up — never while a transfer may still
// be in flight, so that retrying cannot pay twice.
//
// Threading: GUI thread only; the transfer itself runs as a job.

#include "../jobrunner.h"
#include "../storesession.h"
#include "protocol/transferinput.h"

#include <QDialog>
#include <QPointer>

namespace Ui {
class TransferDialog;
}

class QStringListModel;

namespace ledger::app {

class LegsEditor;
class StrayClickGuard;

class TransferDialog : public QDialog {
    Q_OBJECT
public:
    // Of the store `session` has open (its jobs and scale); made only while one is.
    TransferDialog(StoreSession *session, const QString &operatorName, QWidget *parent = nullptr);
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
    // What the store would refuse, as far as the accounts read when the dialog opened say ("").
    QString foreseenRefusal() const;

    void accept() override;
    // While a transfer is being submitted the dialog stays: its answer must be seen.
    void reject() override;

Q_SIGNALS:
    // `note`: how a submission that found it already there left it (e.g. an operator claimed it), or empty.
    void transferDone(const Transaction &tx, const QString &note);
    void submitted(); // the job came back, whatever it said

private:
    void validate();
    void loadAccounts();
    void freshKey();
    TransferInput input() const;
    LegsInput legsInput() const;
    // The request the fields make, or the first problem with them.
    std::optional<TransferRequest> request() const;
    // The first hold of `request` the store would refuse, by the accounts known (store/documentrules).
    Error foresee(const TransferRequest &request) const;

    std::unique_ptr<Ui::TransferDialog> m_ui;
    JobRunner *m_jobs;
    int m_scale;
    QString m_operator;
    QStringListModel *m_accounts;
    bool m_accountsComplete = false;
    QHash<QString, Account> m_known; // the accounts read when the dialog opened, by id
    bool m_submitting = false;
    QPointer<StrayClickGuard> m_clickGuard; // goes with the dialog unless armed
    std::optional<Transaction> m_result;
    LegsEditor *m_legs = nullptr;
};

} // namespace ledger::app
