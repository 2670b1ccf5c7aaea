#pragma once
// The ledger in this process: LedgerService over a store connection the caller owns. The
// embedded console and ledgerctl use it with the desktop's operator name; ledgerd's handlers use
// it with the caller's token name and role, so that the API and the commands run the same code.
//
// Threading: the thread of `store` (one connection per thread); the store outlives the service.

#include "service/ledgerservice.h"
#include "store/store.h"

namespace ledger {

class LocalLedgerService : public LedgerService {
public:
    // `base` carries the actor (the identity's name), the request its writes answer (ledgerd: the
    // client's Idempotency-Key; a write asked again under it answers from what it did,
    // operations/requestreplay.h) and the fault hook every coordinator of this process gets; `role` is what the caller may do (the embedded store: everything), checked by
    // the rules that depend on it (only an operator's transfer may move money from @world).
    // `connect` opens a connection per worker thread for recover (without one it is unsupported).
    LocalLedgerService(Store &store, const CoordinatorOptions &base, Role role = Role::Operator, bool vouched = false,
                       StoreConnector connect = {});

    Result<Identity> whoami() override;
    Result<TxPage> transactions(const TxPageRequest &request) override;
    Result<TransactionDetail> transaction(const QString &id) override;
    Result<AccountPage> accounts(const AccountQuery &query, bool withTotal) override;
    Result<AccountWithHolds> account(const QString &id) override;
    Result<WholeBalances> balances() override;
    AuditReport audit(const std::function<bool()> &shouldStop = {}) override;
    Result<QList<JournalEntry>> operatorActions(const ActionsRequest &request) override;
    TxOutcome transfer(const TransferRequest &request) override;
    TxOutcome repair(RepairAction action, const QString &id, const QString &reason) override;
    Result<RemarkOutcome> remark(const QString &id, Remark remark, const QString &text) override;
    NewAccount createAccount(const QString &id, const QString &name, qint64 opening) override;
    Result<AccountStatusChange> setAccountStatus(const QString &id, AccountStatus status, const QString &reason) override;
    Result<Overview> overview(qint64 stuckForMs) override;
    Result<Overview> counts(qint64 stuckForMs) override;
    Result<StuckCauses> stuckCauses(qint64 stuckForMs) override;
    Result<StuckWatch> stuckWatch(qint64 stuckForMs) override;
    Result<AccountDetail> accountDetail(const QString &id) override;
    Result<Diagnosis> diagnose(const QString &id, qint64 stuckForMs) override;
    RepairPlan planRepair(OperatorAction action, const QStringList &ids) override;
    BatchRepairReport repairMany(const QStringList &ids, const BatchRepairOptions &options) override;
    Verification verifyFinished(const QString &id) override;
    Result<QList<Account>> accountsNamed(const QStringList &ids) override;
    Result<QList<Account>> accountDocuments(const AccountQuery &query) override;
    Result<QStringList> transactionIdsAt(const TxQuery &query, const QList<QPair<qint64, int>> &ranges) override;
    Result<Tally> tallyTransactions(const TxQuery &query) override;
    Result<Tally> tallyAccounts(const AccountQuery &query) override;
    Result<Tally> tallyJournal(const JournalQuery &query) override;
    Result<TxWindow> transactionWindow(const TxWindowRequest &request) override;
    Result<QList<AccountCountedWhole>> accountWindow(const AccountWindowRequest &request) override;
    Result<QList<JournalEntry>> journalWindow(const JournalWindowRequest &request) override;
    Result<qint64> exportTable(const ExportSpec &spec, ExportFormat format, QIODevice &out, const ExportProgress &progress) override;
    Result<IncidentReport> incidentReport(const QString &txId) override;
    RecoverRun recover(const RecoverRequest &request, const RecoverProgress &progress, const RecoverStop &stop) override;
    Result<ApprovalRules> approvalRules() override;
    Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) override;
    Result<ApprovalRequest> approval(const QString &id) override;
    Result<ApprovalDecision> decideApproval(const QString &id, bool approve, const QString &reason) override;

    // The four-eyes rules to hold repairs and transfers to (ledgerd's, read from its configuration
    // at start and on SIGHUP). Without, nothing waits.
    void setApprovalRules(const ApprovalRules &rules) { m_rules = rules; }

    Store &store() { return m_store; }

private:
    // Who writes: the identity's name and the request it answers (CoordinatorOptions::request).
    Acting acting() const;
    ApprovalDesk desk();

    Store &m_store;
    CoordinatorOptions m_base;
    Role m_role;
    bool m_vouched;
    StoreConnector m_connect;
    ApprovalRules m_rules;
};

} // namespace ledger
