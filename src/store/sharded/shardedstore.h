#pragma once
// A sharded store: several stores (shards) behind one Store, named by a topology file
// (topology.h). A shard is an SQLite file, or a PostgreSQL database (the topology lists its URI:
// shards may be on several servers). Every write of the protocol touches one document, so each
// one goes to exactly one shard, unchanged — the two-phase-commit pattern is what makes a
// transfer between shards on different servers atomic, with no distributed transaction manager.
// Only reads that list, count or scan span shards.
//
// Placement (stable: existing stores depend on it, and tst_shardedstore pins it with literal
// values so that it can never change by accident):
//   shardOf(text) = FNV-1a-32(UTF-8 bytes of text) % shardCount
// - an account, its leg markers and its journal rows: shardOf(account id). @world exists on its
//   home shard only.
// - a transaction document and its journal rows: shardOf(idempotency key) when it has one, so
//   that the key stays unique through one file's unique index; otherwise shardOf(id).
// Lookups by transaction id try shardOf(id), then the other shards, and remember where they
// found it (a small bounded cache per ShardedStore).
//
// Merged reads: each shard is asked for offset + limit rows in the single-file store's order,
// and the pages are merged. Journal rows have per-file sequence numbers, which do not compare
// across files: across shards they are ordered by (at, shard index, seq).
//
// Durability: every shard connection syncs each commit (synchronous=FULL; on PostgreSQL,
// synchronous_commit=on). A power loss may
// roll files back independently of each other; a protocol write must be on disk before the next
// one (on another file) is made, or a done transfer could lose one of its posts.
//
// Threading: like the stores it spans, a ShardedStore is one connection per shard; create, use and
// destroy it on one thread. Open one per thread (openStore()).

#include "store/sharded/memberstores.h"
#include "store/sharded/shardedapprovalbook.h"
#include "store/sharded/topology.h"
#include "store/storeextras.h"

#include <QHash>
#include <memory>
#include <vector>

namespace ledger {

class ShardedStore final : public Store, public StoreExtras {
public:
    // Opens the shards the topology names through `members` (each must exist and be exactly that
    // shard).
    static Result<std::unique_ptr<ShardedStore>> open(const QString &topologyPath, const Topology &topology, const MemberStores &members);
    // Creates `shardCount` (1..64) shard files <base>.shard-<i>.db beside `topologyPath`
    // (<base>.json) — or, when `servers` lists PostgreSQL URIs (no passwords: the topology file
    // keeps them), a store in each of those databases — then the topology file last. Refuses to
    // overwrite anything; on failure removes everything it made (members.undoCreate).
    static Result<std::unique_ptr<ShardedStore>> create(const QString &topologyPath, int shardCount, int scale, const MemberStores &members,
                                                        const QStringList &servers = {});

    static quint32 fnv1a32(const QByteArray &bytes);
    static int shardOf(const QString &text, int shardCount);

    QString location() const override;
    int scale() const override;
    Result<QDateTime> now() override;
    Durability durability() const override;
    int shardCount() const override;

    Result<Account> createAccount(const QString &id, const QString &name, const Acting &by) override;
    Result<Account> setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason) override;
    Result<Account> account(const QString &id) override;
    // One read per shard that holds any of them.
    Result<QList<Account>> accountsNamed(const QStringList &ids) override;
    Result<QList<Account>> accounts(const AccountQuery &query) override;
    Result<qint64> accountCount(const AccountQuery &query) override;

    Result<LegOutcome> hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<LegOutcome> post(const QString &txId, const QString &accountId) override;
    Result<LegOutcome> voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<bool> touchAccountIfVersion(const QString &accountId, qint64 expectedVersion) override;
    Result<JournalEntry> addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text) override;
    // Requests on the shards of their documents (shardedapprovalbook.h); null when a shard keeps none.
    ApprovalBook *approvalBook() override;
    Error backdateForDemo(DocKind kind, const QString &id, qint64 ms) override;
    // The members' round trips added up (nullopt when no member is on a server).
    std::optional<qint64> serverRoundTrips() const override;
    // The first member's lock warning, if any has one.
    QString lockWarning() const override;
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
    Result<QList<JournalEntry>> finishedAfter(int shard, qint64 afterSeq, int limit) override;
    Result<qint64> lastFinishedSeq(int shard) override;
    Result<QList<qint64>> ageHistogram(const QList<qint64> &upperBoundsMs) override;
    Result<QList<qint64>> createdPerMinute(int minutes) override;
    // The sum of the shards' markers: each only grows, so the sum moves whenever one does.
    Result<qint64> changeMarker() override;

    // A read snapshot on every shard, nested, with `work` inside. The cut is not atomic across
    // files: the shards' snapshots are taken one after another (see audit.cpp for how audit
    // copes).
    Error withSnapshot(const std::function<Error()> &work) override;
    Error scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop = {}) override;

    // For tests and tools that must reach one file (e.g. to simulate damage).
    Store &shard(int index) { return *m_shards.at(size_t(index)); }

private:
    friend class ShardedApprovalBook; // placement and the shards
    ShardedStore(const QString &location, const Topology &topology, std::vector<std::unique_ptr<Store>> shards);

    Store &accountShard(const QString &accountId);
    // Shard indexes to try for a transaction id: where it was last seen, shardOf(id), the rest.
    QList<int> probeOrder(const QString &txId) const;
    void remember(const QString &txId, int shard);
    // Runs `scan` on shard after shard, stopping at an error or when `shouldStop` says so.
    Error scanEachShard(const std::function<Error(Store &)> &scan, const StopCheck &shouldStop);
    // Runs `call(shard)` on the shards of probeOrder(id) until one answers other than not-found.
    template <typename T, typename Call> Result<T> onTransactionShard(const QString &id, Call call);

    QString m_location;
    Topology m_topology;
    std::vector<std::unique_ptr<Store>> m_shards;
    QHash<QString, int> m_txShard; // transaction id → shard, bounded (kMaxRemembered)
    ShardedApprovalBook m_approvals{*this};
};

} // namespace ledger
