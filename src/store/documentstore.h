#pragma once
// The protocol's side of a store: every write touches exactly one document (one account with its
// leg marker, or one transaction document with its journal row) and is atomic on its own, and
// the reads the coordinator and audit decide by. No operation here spans two accounts, so
// accounts may live on different shards or servers. The coordinator and audit see nothing else
// of a store; recovery also lists the stuck ones (StoreQueries), and src/protocol sees no backend.
//
// Threading: a store object is one database connection. Create it, use it and destroy it on one
// thread. Open one per worker thread.

#include "ledger/documents.h"
#include "ledger/result.h"

#include <QList>
#include <functional>
#include <optional>

namespace ledger {

// What an account-leg write found or did. `changed` is false when the call was a no-op because
// the marker was already in a state that answers it (the idempotent, order-proof case).
struct LegOutcome {
    LegStatus status = LegStatus::Held;
    bool changed = false;
};

struct NewTransaction {
    QString id;
    QString idempotencyKey;
    TxKind kind = TxKind::Transfer;
    QString compensates;
    // Every leg, checked (ledger/legs.h); a two-account transfer is a debit then a credit.
    QList<TxLeg> legs;
    QString memo;
    // Journal row written with the insert.
    QString actor;
    QString worker;
    QString detail;
    QString request; // JournalEntry::request
};

struct InsertOutcome {
    Transaction tx;
    // False when a document with the same id or the same idempotency key was already there;
    // `tx` is then that existing document, untouched.
    bool inserted = false;
};

// The compare-and-set guard of every transaction write: the document must still be in this
// state, owned by this owner, at this epoch.
struct TxGuard {
    TxState state = TxState::Initial;
    QString owner;
    qint64 epoch = 0;

    static TxGuard of(const Transaction &tx) { return TxGuard{tx.state, tx.owner, tx.epoch}; }
};

struct TxChange {
    TxState newState = TxState::Initial;
    // A claim takes ownership: owner := newOwner, epoch + 1, attempts + 1.
    bool claim = false;
    QString newOwner;
    // Lease from the store's clock: lease_until := now + leaseMs (0 leaves the lease alone).
    qint64 leaseMs = 0;
    // nullopt leaves lastError alone; an empty string clears it.
    std::optional<QString> lastError;
    // Journal row written in the same atomic write.
    QString actor;
    QString event;
    QString detail;
    QString request; // JournalEntry::request
};

struct CasOutcome {
    // False when the guard did not match: someone else moved the document. `tx` is then the
    // current document as it is now; re-read, never overwrite.
    bool applied = false;
    Transaction tx;
};

// What the whole-balance reading (protocol/commitpoint.h) must look at beyond the accounts: the
// transactions that may have passed their commit point while a snapshot was being taken. At
// least every transaction holding a leg (a held marker) on an account as the reading reads it,
// and every marker posted within the window on those accounts; more does no harm. The SQL stores
// give every unfinished transaction and every one done within the window.
struct CommitCandidates {
    // Transactions with their legs and state as read (see above).
    QList<Transaction> transactions;
    // Markers posted within the window (on accounts written within it).
    QList<LegMarker> recentlyPosted;
};

// How far each write is on disk when it returns. Normal: safe against a process crash; a power
// loss may drop the last commits of the file, which for a single file is just an earlier crash.
// Full: each commit is synced before the call returns, so that files of a multi-file (sharded)
// store can never roll back independently of each other.
enum class Durability { Normal, Full };
QString nameOf(Durability durability);

class DocumentStore {
public:
    virtual ~DocumentStore() = default;

    // Where this store lives, for messages ("ledger.db", "postgresql://...").
    virtual QString location() const = 0;
    // The ledger's scale (decimal places of amounts), fixed at init.
    virtual int scale() const = 0;
    // The store's clock: all leases and ages are measured against it, never the desktop's.
    virtual Result<QDateTime> now() = 0;
    // How durable each write is when it returns (shown in the status bar and by `bench`).
    virtual Durability durability() const = 0;
    // How many files (shards) the store spans: 1 for a single file. Above 1, a snapshot is a
    // cut taken file after file, not one instant (see withSnapshot).
    virtual int shardCount() const { return 1; }

    // --- accounts (each call: one account document) --------------------------------------
    virtual Result<Account> createAccount(const QString &id, const QString &name, const Acting &by) = 0;
    // Freezing, unfreezing, closing. Refuses closed→anything and closing a non-empty account.
    virtual Result<Account> setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason) = 0;
    virtual Result<Account> account(const QString &id) = 0;
    // The accounts `ids` name, in that order, read together (one round trip on a server, where
    // account() each would be one apiece); unknown-account for the first that does not exist,
    // as account() says it. Not one snapshot across shards.
    virtual Result<QList<Account>> accountsNamed(const QStringList &ids);
    // hold: no marker → write a held marker and add to pending (a debit first checks status
    // open and available ≥ amount; a credit checks status open). Any marker already there →
    // no-op, report its status. Refusals: unknown-account, account-frozen, account-closed,
    // insufficient-funds, amount-overflow; nothing is written then.
    virtual Result<LegOutcome> hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount) = 0;
    // post: held → posted, the amount moves from pending into balance. posted → no-op.
    // Missing or voided → protocol-violation.
    virtual Result<LegOutcome> post(const QString &txId, const QString &accountId) = 0;
    // void: held → voided, pending released. Missing → a voided tombstone, so a late hold can
    // never land. voided → no-op. posted → protocol-violation.
    virtual Result<LegOutcome> voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount) = 0;
    virtual Result<QList<LegMarker>> legsOfTransaction(const QString &txId) = 0;
    // The markers of every transaction in `txIds`, in no particular order (one read per chunk of
    // ids where the store can; the default asks legsOfTransaction for each).
    virtual Result<QList<LegMarker>> legsOfTransactions(const QStringList &txIds);
    // See CommitCandidates; "within the window" is within `windowMs` of this store's clock (of
    // each member's own clock on a sharded store), read when the call runs.
    virtual Result<CommitCandidates> commitCandidates(qint64 windowMs) = 0;
    // The candidates of a reading of these accounts only (a page of them): where a store reads
    // candidates from the accounts (DynamoDB: their held and recently posted markers), just
    // these accounts' — inside withSnapshot, from the very items the page's balances come from.
    // The default gives every candidate, which is as right and costs what commitCandidates does.
    virtual Result<CommitCandidates> commitCandidatesOn(qint64 windowMs, const QStringList &accountIds)
    {
        (void)accountIds;
        return commitCandidates(windowMs);
    }
    virtual Result<QList<LegMarker>> legsOfAccount(const QString &accountId, std::optional<LegStatus> status) = 0;

    // --- transaction documents (each call: one document with its journal row) --------------
    virtual Result<InsertOutcome> insertTransaction(const NewTransaction &tx) = 0;
    virtual Result<CasOutcome> updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change) = 0;
    // Sets an original's compensatedBy from `expected` (empty: none yet) to `compensationId`.
    virtual Result<CasOutcome> linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId,
                                                const Acting &by, const QString &worker, const QString &detail) = 0;
    virtual Result<Transaction> transaction(const QString &id) = 0;
    // The legs the document names: they never change once it is written, so a store may answer
    // from what it read before (the default reads the document).
    virtual Result<QList<TxLeg>> transactionLegs(const QString &id);
    virtual Result<std::optional<Transaction>> transactionByKey(const QString &key) = 0;
    // Runs `work` so that every read it makes through this Store sees one consistent state of
    // the store, while writers elsewhere carry on. `work` must not write. (Audit runs in one.)
    // On a sharded store each file is consistent in itself, but the files' snapshots are taken
    // one after another: a document on one shard and a leg on another may be seen at slightly
    // different moments.
    virtual Error withSnapshot(const std::function<Error()> &work) = 0;

    // --- whole-store scans, for audit: each calls `visit` once per document ------------------
    // `shouldStop`, when given, is asked every so many rows; true ends the scan early (the
    // answer is then incomplete, and the caller knows it asked).
    using StopCheck = std::function<bool()>;
    virtual Error scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop = {}) = 0;
    virtual Error scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop = {}) = 0;
    virtual Error scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop = {}) = 0;
};

} // namespace ledger
