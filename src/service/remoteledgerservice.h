#pragma once
// The ledger behind ledgerd: LedgerService over its HTTP API v1 (docs/ledgerd.md). The server
// checks the token, writes the token's name into the journal and refuses what the token's role
// may not do; this side only asks and reads the answers back into the same values the in-process
// service gives (service/servicejson.h).
//
// Lost answers: every call is sent again, a few times over some seconds, when the server cannot
// be reached or answers 503 (restarting). Every write carries an idempotency key of its own (a
// transfer the request's, or a new one): however often it arrives, ledgerd does it once and
// answers the second arrival from what the first did (operations/requestreplay.h). When no answer
// comes back within the window, the error says the write may or may not have been applied.
//
// Threading: an instance belongs to one thread (its HTTP handle).

#include "service/ledgerdclient.h"
#include "service/ledgerservice.h"

#include <QJsonObject>
#include <functional>

namespace ledger {

class RemoteLedgerService : public LedgerService {
public:
    explicit RemoteLedgerService(ServerLocation where);

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

    // The change feed (GET /v1/feed as NDJSON) after `since` ("0": from the start): each event's
    // line, as ledgerctl's `feed` prints it, to `line`; `limit` lines at most (-1: no limit); with
    // `follow`, on as events finish until `stop` says so. A stream cut on the way (the server
    // restarting) is taken up again after the last event received, for as long as a lost read is
    // tried again; past that, service-unavailable naming the cursor to go on from. The lines given.
    Result<qint64> feed(const QString &since, bool follow, qint64 limit, const std::function<void(const QByteArray &line)> &line,
                        const std::function<bool()> &stop);

    // How long a lost call is tried again for (reads and keyed transfers); tests shorten it.
    void setRetryWindowMs(int ms) { m_api.setRetryWindowMs(ms); }
    // Told how each call ended, on the calling thread: ok, or the error it answers (a console
    // says "cannot reach the service" and "the token was refused" from it). Empty: no one is.
    void setCallObserver(std::function<void(const Error &)> observer) { m_api.setCallObserver(std::move(observer)); }

    Result<ApprovalRules> approvalRules() override;
    Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) override;
    Result<ApprovalRequest> approval(const QString &id) override;
    Result<ApprovalDecision> decideApproval(const QString &id, bool approve, const QString &reason) override;

private:
    using Answer = LedgerdClient::Answer;
    Result<Answer> call(const QByteArray &method, const QByteArray &pathAndQuery, const QJsonObject &body = {}, bool retry = true,
                        const QList<QPair<QByteArray, QByteArray>> &headers = {}, QJsonObject *problemBody = nullptr);
    Result<int> scale();
    // A GET whose answer one decoder reads.
    template <typename T> Result<T> read(const QByteArray &pathAndQuery, Result<T> (*decode)(const QJsonObject &));
    // A POST that writes, under a new idempotency key (sent again with the same key, it is done once).
    Result<Answer> write(const QByteArray &path, const QJsonObject &body, QJsonObject *problemBody = nullptr);
    // `createdIs201`: the call answers 201 when it made the document (a transfer, a compensation),
    // so 200 means it existed.
    TxOutcome outcome(const Result<Answer> &answer, const QJsonObject &problemBody, int scale, bool createdIs201);

    LedgerdClient m_api;
};

} // namespace ledger
