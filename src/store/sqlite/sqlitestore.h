#pragma once
// The embedded store: one SQLite file (WAL) through SQLite's C API. Each write is atomic over one
// document: alone in a BEGIN IMMEDIATE transaction, or in its own savepoint of a batch of this
// process's writes to the file (group commit, SqliteConnection::write); the compare-and-set
// guards are checked inside it, where SQLite's single writer makes read-check-write atomic.
//
// Threading: one SqliteStore per thread (see Store).

#include "store/documentrules.h"
#include "store/sqlite/sqliteapprovalbook.h"
#include "store/sqlite/sqliteconnection.h"
#include "store/store.h"
#include "store/storeextras.h"

namespace ledger {

class SqlWhere;

class SqliteStore final : public Store, public StoreExtras {
public:
    static Result<std::unique_ptr<SqliteStore>> open(const QString &path, const SqliteOptions &options = {});
    // Creates a new store file (refusing to overwrite anything) with the given scale.
    static Result<std::unique_ptr<SqliteStore>> create(const QString &path, int scale, const SqliteOptions &options = {});

    QString location() const override;
    int scale() const override;
    Result<QDateTime> now() override;
    Durability durability() const override;
    QString lockWarning() const override;

    Result<Account> createAccount(const QString &id, const QString &name, const Acting &by) override;
    Result<Account> setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason) override;
    Result<Account> account(const QString &id) override;
    Result<QList<Account>> accounts(const AccountQuery &query) override;
    Result<qint64> accountCount(const AccountQuery &query) override;

    Result<LegOutcome> hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<LegOutcome> post(const QString &txId, const QString &accountId) override;
    Result<LegOutcome> voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<bool> touchAccountIfVersion(const QString &accountId, qint64 expectedVersion) override;
    Result<JournalEntry> addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text) override;
    ApprovalBook *approvalBook() override { return &m_approvals; }
    Error backdateForDemo(DocKind kind, const QString &id, qint64 ms) override;
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
    Result<qint64> changeMarker() override;
    Result<QList<JournalEntry>> finishedAfter(int shard, qint64 afterSeq, int limit) override;
    Result<qint64> lastFinishedSeq(int shard) override;

    Error withSnapshot(const std::function<Error()> &work) override;
    Error scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop = {}) override;

    // For tests and tools that must reach under the interface (e.g. to simulate damage).
    SqliteConnection &connection() { return *m_conn; }

private:
    friend class SqliteApprovalBook; // its moves' journal rows (appendJournal)
    explicit SqliteStore(std::unique_ptr<SqliteConnection> conn);

    // SELECT COUNT(*) of `table` under `where` (a list's filter, store/sqlfilters.h).
    Result<qint64> countRows(const char *table, const SqlWhere &where);

    // Through `c`: inside a write, the connection the write's batch runs on, which may be another
    // thread's (SqliteConnection::write); else this store's own. The document as it is now.
    static Result<std::optional<Account>> readAccount(SqliteConnection &c, const QString &id);
    static Result<std::optional<LegMarker>> readLeg(SqliteConnection &c, const QString &txId, const QString &accountId);
    static Result<std::optional<Transaction>> readTransaction(SqliteConnection &c, const QString &id);
    static Result<std::optional<Transaction>> readTransactionByKey(SqliteConnection &c, const QString &key);
    static Error appendJournal(SqliteConnection &c, DocKind kind, const JournalEntry &entry, const QString &now);
    // Writes the marker (insert, or update when it `exists`) and moves the account by the
    // decision's deltas, inside the caller's write.
    // `balanceAfter`: what a post leaves on the account (the change feed's balances).
    static Error writeLeg(SqliteConnection &c, const QString &txId, const QString &accountId, bool exists, LegSide side, qint64 amount,
                          LegStatus status, const rules::LegDecision &decision, std::optional<qint64> balanceAfter = std::nullopt);
    static Error touchAccount(SqliteConnection &c, const QString &id, qint64 deltaBalance, qint64 deltaPendingDebits,
                              qint64 deltaPendingCredits, const QString &now);
    QString amountText(qint64 minor) const;
    // WHERE clause and binds for a transaction query.

    std::unique_ptr<SqliteConnection> m_conn;
    SqliteApprovalBook m_approvals; // on *m_conn
};

} // namespace ledger
