#pragma once
// One way in for what an operator reads and does, whatever holds the ledger: the embedded store
// (LocalLedgerService, in this process) or ledgerd (RemoteLedgerService, over its HTTP API). The
// programs (ledgerctl, ledgerd's handlers) reach the ledger through this interface only, so what a
// command can do and what the API offers are the same calls (DESIGN.md §8, §9).
//
// Requests and results are immutable values (Robo 3T's request/result messages): what crosses to
// a server crosses as JSON (service/servicejson.h) and comes back as the same structs.
//
// Threading: an instance belongs to the thread that made it (a store connection, or an HTTP
// handle, is per thread); make one per worker thread.

#include "ledger/remarks.h"
#include "operations/operatoractions.h"
#include "operations/accountdetail.h"
#include "operations/approvaldesk.h"
#include "operations/batchrepair.h"
#include "operations/claims.h"
#include "operations/diagnosis.h"
#include "operations/overview.h"
#include "operations/repairplan.h"
#include "operations/stuckcauses.h"
#include "operations/stuckwatch.h"
#include "operations/transactiondetail.h"
#include "operations/wholeaccounts.h"
#include "interchange/incidentreport.h"
#include "interchange/tableexport.h"
#include "protocol/audit.h"
#include "protocol/commitpoint.h"
#include "protocol/coordinator.h"
#include "protocol/recovery.h"
#include "service/identity.h"
#include "service/listingwindows.h"
#include "store/tallies.h"
#include "store/storequeries.h"

#include <functional>

namespace ledger {

// The repairs (ledger/statemachine.h: nameOf and operatorActionFromString give their words).
using RepairAction = OperatorAction;

// A page of transactions in `query`'s order. `query.after` pages by key; its limit is the page's.
struct TxPageRequest {
    TxQuery query;
    bool withClaims = false; // each row's standing claim (TxPage::claims)
    bool withTotal = false;  // how many match in all (TxPage::total)
};

struct TxPage {
    QList<Transaction> rows;
    QList<std::optional<OperatorClaim>> claims; // one per row when asked for, else empty
    std::optional<qint64> total;                // when asked for and it could be counted
    Error totalError;                           // why it could not be, when asked for
    QDateTime now;                              // the ledger's clock when read
};

// Operator actions (operations/operatoractions.h), newest first, paged by key: `after` is the
// last row of the page before (its time, shard and seq).
struct ActionsRequest {
    ActionsPreset preset = ActionsPreset::Repairs;
    QString text;      // the operator or the document id contains it
    qint64 limit = -1; // -1: every one
    std::optional<JournalEntry> after = std::nullopt;
};

// A journal row's place in a listing by time, as text ("AT,SHARD,SEQ"): what a client hands back
// as `after`. Parsing gives nullopt for anything that is not such a place.
QString journalCursor(const JournalEntry &entry);
std::optional<JournalEntry> journalFromCursor(const QString &cursor);

struct AccountPage {
    QList<AccountCountedWhole> rows;
    std::optional<qint64> total;
};

// An account with its holds, read in one snapshot (what `account show` and GET /v1/accounts/{id} say).
struct AccountWithHolds {
    AccountCountedWhole account;
    QList<LegMarker> held;
};

// A new account: its opening (refused: the error, and the opening's canceled transaction when
// one was made) and, when made, the account.
struct NewAccount {
    TxOutcome opening;
    std::optional<AccountWithHolds> account;
    Error readError; // made, but reading it back failed (account is empty then)
};

struct AccountStatusChange {
    AccountStatus before = AccountStatus::Open;
    AccountWithHolds after;
};

// Recover all: what is stuck (its lease expired, or idle for `olderThanMs`) driven to done or
// canceled, each under "recovery:NAME" (the identity's name). What someone else claimed within 4
// hours, while resume or cancel is theirs to choose, is passed over unless `takeClaimed`.
struct RecoverRequest {
    qint64 olderThanMs = kDefaultStuckMs;
    bool takeClaimed = false;
    int threads = 4;     // worker threads in this process (ledgerd runs its jobs with its own number)
    QString reason = {}; // why, in the journal of every transaction it moves ("" none)
};

struct RecoverRun {
    RecoveryReport report;                  // report.error: it could not start, or could not be followed
    QList<OperatorClaim> passedOverClaimed; // the claims it left alone (none looked for with takeClaimed)
};

// (done, total) as it goes: from worker threads in this process, from the caller's thread through
// ledgerd. `stop` is asked as it goes too: true ends it between transactions (report.stopped).
using RecoverProgress = std::function<void(qint64 done, qint64 total)>;
using RecoverStop = std::function<bool()>;

class LedgerService {
public:
    virtual ~LedgerService() = default;

    // Who this service acts as: the name written into the journal, the role, where it is.
    virtual Result<Identity> whoami() = 0;

    virtual Result<TxPage> transactions(const TxPageRequest &request) = 0;
    // A transaction with its legs, journal, accounts, related document and standing claim.
    virtual Result<TransactionDetail> transaction(const QString &id) = 0;
    virtual Result<AccountPage> accounts(const AccountQuery &query, bool withTotal) = 0;
    virtual Result<AccountWithHolds> account(const QString &id) = 0;
    virtual Result<WholeBalances> balances() = 0;
    // `shouldStop` is asked as the scans go (the console's Stop); true ends it, interrupted.
    virtual AuditReport audit(const std::function<bool()> &shouldStop = {}) = 0;
    // Who did what: the journal rows of operators' actions, each under the name that did it.
    virtual Result<QList<JournalEntry>> operatorActions(const ActionsRequest &request) = 0;

    // Writes, each under the identity's name. A transfer always carries an idempotency key (one
    // is made when the request has none), so that a call repeated after a lost answer moves the
    // money once.
    virtual TxOutcome transfer(const TransferRequest &request) = 0;
    virtual TxOutcome repair(RepairAction action, const QString &id, const QString &reason) = 0;
    virtual Result<RemarkOutcome> remark(const QString &id, Remark remark, const QString &text) = 0;
    // `opening` in minor units (0: none).
    virtual NewAccount createAccount(const QString &id, const QString &name, qint64 opening) = 0;
    virtual Result<AccountStatusChange> setAccountStatus(const QString &id, AccountStatus status, const QString &reason) = 0;
    // Recover all: blocks until the run ends; `progress` and `stop` may be empty.
    virtual RecoverRun recover(const RecoverRequest &request, const RecoverProgress &progress, const RecoverStop &stop) = 0;

    // --- Four eyes (operations/approvaldesk.h): a repair or transfer the rules hold back answers
    // awaiting-approval with the request (TxOutcome::awaiting); another person decides it. ---
    // The rules the service runs under (ledgerd.conf's [approvals]; none in the embedded store).
    virtual Result<ApprovalRules> approvalRules() = 0;
    virtual Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) = 0;
    virtual Result<ApprovalRequest> approval(const QString &id) = 0;
    // Approve (the action runs, once) or reject (a reason needed). Only through ledgerd, where a
    // server vouches for who decides: the embedded store answers `unsupported`.
    virtual Result<ApprovalDecision> decideApproval(const QString &id, bool approve, const QString &reason) = 0;

    // --- What the console's views read and do besides (operations/). Not through ledgerd yet:
    // RemoteLedgerService answers `unsupported` for these (issue 48 goes on). ---
    virtual Result<Overview> overview(qint64 stuckForMs) = 0; // the Overview page
    virtual Result<Overview> counts(qint64 stuckForMs) = 0;   // the navigator's counts
    virtual Result<StuckCauses> stuckCauses(qint64 stuckForMs) = 0;
    // What is stuck that nobody but this identity claimed (the console's tray notice).
    virtual Result<StuckWatch> stuckWatch(qint64 stuckForMs) = 0;
    virtual Result<AccountDetail> accountDetail(const QString &id) = 0;
    virtual Result<Diagnosis> diagnose(const QString &id, qint64 stuckForMs) = 0;
    virtual RepairPlan planRepair(OperatorAction action, const QStringList &ids) = 0;
    // `options.coordinator` is the service's own (its identity writes): what the caller put there is not used.
    virtual BatchRepairReport repairMany(const QStringList &ids, const BatchRepairOptions &options) = 0;
    virtual Verification verifyFinished(const QString &id) = 0;
    virtual Result<QList<Account>> accountsNamed(const QStringList &ids) = 0;
    // The account documents `query` lists (the transfer dialog's completion), balances as posted.
    virtual Result<QList<Account>> accountDocuments(const AccountQuery &query) = 0;
    // The ids of the rows at these positions (offset, count) of `query`'s listing, in one snapshot:
    // a selection whose rows have not all been read.
    virtual Result<QStringList> transactionIdsAt(const TxQuery &query, const QList<QPair<qint64, int>> &ranges) = 0;
    // The console's long tables: how many rows (exact, or estimated past a bound: store/tallies.h)
    // and a page where the table needs it (service/listingwindows.h).
    virtual Result<Tally> tallyTransactions(const TxQuery &query) = 0;
    virtual Result<Tally> tallyAccounts(const AccountQuery &query) = 0;
    virtual Result<Tally> tallyJournal(const JournalQuery &query) = 0;
    virtual Result<TxWindow> transactionWindow(const TxWindowRequest &request) = 0;
    virtual Result<QList<AccountCountedWhole>> accountWindow(const AccountWindowRequest &request) = 0;
    virtual Result<QList<JournalEntry>> journalWindow(const JournalWindowRequest &request) = 0;
    // A table's rows written to `out` as CSV or JSON (interchange/tableexport.h), one snapshot.
    virtual Result<qint64> exportTable(const ExportSpec &spec, ExportFormat format, QIODevice &out, const ExportProgress &progress) = 0;
    // What an incident report of one transaction says (interchange/incidentreport.h).
    virtual Result<IncidentReport> incidentReport(const QString &txId) = 0;
};

} // namespace ledger
