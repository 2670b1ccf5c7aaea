#pragma once
// The server store: one PostgreSQL database through libpq (pgconnection.h). Every protocol write
// is one short transaction over one document, from the server's clock (ledger_now()), so that
// desktops with skewed clocks cannot take over a lease early:
// - transaction documents and account creation: one statement, a compare-and-set UPDATE (or an
//   INSERT … ON CONFLICT DO NOTHING) with its journal row in the same CTE;
// - leg writes (hold, post, void): one statement, the schema's function ledger_leg_write, which
//   locks the account row, reads the marker, decides, writes and returns what it found; the
//   client checks its verdict against documentrules.h (one round trip, one commit);
// - status changes: BEGIN, lock the account row (SELECT … FOR UPDATE), decide by
//   documentrules.h, write + journal in one CTE, COMMIT.
// Each write records a fresh write_token in the document it writes. A connection that breaks
// while the write commits leaves its outcome unknown: after reconnecting the store reads the
// document again, and the token says whether the write happened — never written twice blindly.
//
// Threading: one PgStore per thread (see Store).

#include "store/documentrules.h"
#include "store/postgres/pgapprovalbook.h"
#include "store/postgres/pgconnection.h"
#include "store/store.h"
#include "store/storeextras.h"

namespace ledger {

class PgStore final : public Store, public StoreExtras {
public:
    static Result<std::unique_ptr<PgStore>> open(const QString &uri, const PgOptions &options = {});
    // Creates the store in the database `uri` names (the database too, when it does not exist
    // and the user may create it); refuses a database that already holds one.
    static Result<std::unique_ptr<PgStore>> create(const QString &uri, int scale, const PgOptions &options = {});

    QString location() const override;
    int scale() const override;
    Result<QDateTime> now() override;
    Durability durability() const override;

    Result<Account> createAccount(const QString &id, const QString &name, const Acting &by) override;
    Result<Account> setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason) override;
    Result<Account> account(const QString &id) override;
    Result<QList<Account>> accountsNamed(const QStringList &ids) override;
    Result<QList<Account>> accounts(const AccountQuery &query) override;
    Result<qint64> accountCount(const AccountQuery &query) override;

    Result<LegOutcome> hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<LegOutcome> post(const QString &txId, const QString &accountId) override;
    Result<LegOutcome> voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<bool> touchAccountIfVersion(const QString &accountId, qint64 expectedVersion) override;
    Result<JournalEntry> addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text) override;
    ApprovalBook *approvalBook() override { return &m_approvals; }
    Error backdateForDemo(DocKind kind, const QString &id, qint64 ms) override;
    std::optional<qint64> serverRoundTrips() const override { return m_conn->roundTrips(); }
    Result<QList<LegMarker>> legsOfTransaction(const QString &txId) override;
    Result<QList<LegMarker>> legsOfTransactions(const QStringList &txIds) override;
    Result<CommitCandidates> commitCandidates(qint64 windowMs) override;
    Result<QList<LegMarker>> legsOfAccount(const QString &accountId, std::optional<LegStatus> status) override;

    Result<InsertOutcome> insertTransaction(const NewTransaction &tx) override;
    Result<CasOutcome> updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change) override;
    Result<CasOutcome> linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId, const Acting &by,
                                        const QString &worker, const QString &detail) override;
    Result<Transaction> transaction(const QString &id) override;
    Result<std::optional<Transaction>> transactionByKey(const QString &key) override;
    Result<QList<Transaction>> transactions(const TxQuery &query) override;
    Result<qint64> transactionCount(const TxQuery &query) override;
    Result<QMap<TxState, qint64>> countByState() override;
    Result<std::optional<qint64>> transactionTotalEstimate() override;
    Result<QMap<TxState, qint64>> stateCountEstimates() override;
    Result<QList<JournalEntry>> journal(DocKind kind, const QString &docId) override;
    Result<QList<JournalEntry>> journalEntries(const JournalQuery &query) override;
    Result<qint64> journalCount(const JournalQuery &query) override;
    Result<QList<qint64>> ageHistogram(const QList<qint64> &upperBoundsMs) override;
    Result<QList<qint64>> createdPerMinute(int minutes) override;
    // Finishes in the order they committed: each took the next finish_seq under the feed
    // counter's row lock, which it held until its commit. Each entry's seq is that finish_seq
    // (the feed's cursor on this store), not the journal row's own number.
    Result<QList<JournalEntry>> finishedAfter(int shard, qint64 afterSeq, int limit) override;
    Result<qint64> lastFinishedSeq(int shard) override;
    // A server-side counter moved by every committed write (and announced by NOTIFY).
    Result<qint64> changeMarker() override;

    Error withSnapshot(const std::function<Error()> &work) override;
    Error scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop = {}) override;

    // Removes everything create() wrote into the database (a sharded create that failed on
    // another shard undoes this one). Never for a store in use.
    Error dropStore();

    // For tests and tools that must reach under the interface.
    PgConnection &connection() { return *m_conn; }

private:
    explicit PgStore(std::unique_ptr<PgConnection> conn);
    Error readDurability();

    // The documents a leg write found under the account's row lock (before writing).
    struct Found {
        std::optional<Account> account;
        std::optional<LegMarker> marker;
    };
    // One leg write in one round trip: the server's ledger_leg_write(`operation`) decides and
    // writes; `decide` (the rules of documentrules.h) is asked on what it found, and gives the
    // answer or refusal — and must agree with what the server did.
    Result<LegOutcome> legWrite(const char *operation, const QString &txId, const QString &accountId,
                                const std::function<rules::LegDecision(const Found &)> &decide, LegSide side, qint64 amount,
                                LegStatus newStatus);
    // The document (and, when `token` is given, the write token it carries).
    Result<std::optional<Transaction>> readTransaction(const QString &id, QString *token = nullptr);
    // Resolving a compare-and-set whose commit's answer was lost: applied when the document
    // carries our token; nullopt when it does not (write again).
    Result<std::optional<CasOutcome>> casWrittenBy(const QString &id, const QString &token);
    Result<std::optional<Account>> readAccountWithToken(const QString &id, QString *token);

    std::unique_ptr<PgConnection> m_conn;
    PgApprovalBook m_approvals; // on *m_conn
    Durability m_durability = Durability::Full;
};

} // namespace ledger
