// ShardedStore: opening and creating, placement, and the single-document operations, each
// routed to the one shard that holds its document. Merged reads are in shardedstore_reads.cpp.
#include "store/sharded/shardedstore.h"

#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "store/location.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUuid>

namespace ledger {

namespace {

// Enough for every transaction a coordinator or a console page is working on; cleared when full
// (a miss only costs a probe of the other shards).
constexpr int kMaxRemembered = 4096;

} // namespace

ShardedStore::ShardedStore(const QString &location, const Topology &topology, std::vector<std::unique_ptr<Store>> shards)
    : m_location(location)
    , m_topology(topology)
    , m_shards(std::move(shards))
{}

quint32 ShardedStore::fnv1a32(const QByteArray &bytes)
{
    quint32 hash = 2166136261u;
    for (char c : bytes) {
        hash ^= quint32(quint8(c));
        hash *= 16777619u;
    }
    return hash;
}

int ShardedStore::shardOf(const QString &text, int shardCount)
{
    Q_ASSERT(shardCount > 0);
    return int(fnv1a32(text.toUtf8()) % quint32(shardCount));
}

Result<std::unique_ptr<ShardedStore>> ShardedStore::open(const QString &topologyPath, const Topology &topology, const MemberStores &members)
{
    const int count = int(topology.shards.size());
    const QString name = QFileInfo(topologyPath).fileName();
    // Every shard file must be there before any is opened: a missing one is named, nothing touched.
    for (int i = 0; i < count; ++i) {
        // The entry as written: a file's path is cleaned below, which takes "https://" for a folder.
        if (Error e = checkLocation(topology.shards.at(i)); !e.ok())
            return e;
        const QString path = topology.shardPath(topologyPath, i);
        if (!isServerLocation(path) && !QFileInfo::exists(path))
            return makeError(ErrorCode::StoreUnavailable,
                             Message::translate("ledger", "shard %1 of %2 of the store %3 is missing: there is no file %4")
                                 .arg(i)
                                 .arg(count)
                                 .arg(topologyPath, path));
    }
    std::vector<std::unique_ptr<Store>> shards;
    for (int i = 0; i < count; ++i) {
        const QString path = topology.shardPath(topologyPath, i);
        auto shard = members.open(path, ShardIdentity{topology.id, i, count, name, false});
        if (!shard.ok())
            return shard.error();
        if ((*shard)->scale() != topology.scale)
            return makeError(ErrorCode::TopologyMismatch,
                             Message::translate("ledger", "%1 has scale %2, but %3 says the store's scale is %4")
                                 .arg(members.displayName(path))
                                 .arg((*shard)->scale())
                                 .arg(topologyPath)
                                 .arg(topology.scale));
        shards.push_back(std::move(shard).value());
    }
    return std::unique_ptr<ShardedStore>(new ShardedStore(topologyPath, topology, std::move(shards)));
}

Result<std::unique_ptr<ShardedStore>> ShardedStore::create(const QString &topologyPath, int shardCount, int scale,
                                                           const MemberStores &members, const QStringList &servers)
{
    const QString name = QFileInfo(topologyPath).fileName();
    if (!hasTopologySuffix(name) || name.size() <= 5)
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "a sharded store is named by its topology file, which must end in .json, not %1")
                             .arg(quoteForMessage(topologyPath, 80)));
    if (!servers.isEmpty()) {
        if (shardCount != 0 && shardCount != servers.size())
            return makeError(ErrorCode::InvalidArgument,
                             Message::translate("ledger", "--shards %1 but %2 servers listed; give one database per shard")
                                 .arg(shardCount)
                                 .arg(servers.size()));
        shardCount = int(servers.size());
        for (const QString &server : servers) {
            if (Error refused = members.checkServerMember(server); !refused.ok())
                return refused;
        }
    }
    if (shardCount < 1 || shardCount > Topology::kMaxShards)
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "a store has 1 to %1 shards, not %2").arg(Topology::kMaxShards).arg(shardCount));
    if (!money::isValidScale(scale))
        return makeError(ErrorCode::InvalidScale,
                         Message::translate("ledger", "scale %1 is out of range; use 0 to %2").arg(scale).arg(money::kMaxScale));

    Topology topology;
    topology.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    topology.scale = scale;
    const QString base = name.left(name.size() - 5);
    for (int i = 0; i < shardCount; ++i)
        topology.shards << (servers.isEmpty() ? QStringLiteral("%1.shard-%2.db").arg(base).arg(i) : servers.at(i));

    // Every file first: nothing is made unless all of them can be.
    QStringList taken;
    QStringList candidates{topologyPath};
    for (int i = 0; i < shardCount; ++i) {
        if (Error e = checkLocation(topology.shards.at(i)); !e.ok())
            return e;
        if (isServerLocation(topology.shards.at(i)))
            continue; // the database says so itself when it already holds a store (store-exists)
        candidates << members.filesOf(topology.shardPath(topologyPath, i));
    }
    for (const QString &path : std::as_const(candidates)) {
        if (QFileInfo::exists(path) || QFileInfo(path).isSymLink())
            taken << path;
    }
    if (!taken.isEmpty())
        return makeError(ErrorCode::StoreExists,
                         (taken.size() == 1 ? Message::translate("ledger", "%1 already exists; init refuses to overwrite anything")
                                            : Message::translate("ledger", "%1 already exist; init refuses to overwrite anything"))
                             .arg(taken.join(QStringLiteral(", "))));

    // Each member made so far with its location; undone last first if anything fails.
    std::vector<std::unique_ptr<Store>> shards;
    QStringList made;
    const auto undo = [&shards, &made, &members]() {
        for (size_t i = shards.size(); i-- > 0;)
            members.undoCreate(std::move(shards[i]), made.at(qsizetype(i)));
        shards.clear();
    };
    for (int i = 0; i < shardCount; ++i) {
        const QString path = topology.shardPath(topologyPath, i);
        ShardIdentity identity{topology.id, i, shardCount, name, shardOf(kWorldAccount, shardCount) == i};
        auto shard = members.create(path, identity, scale);
        if (!shard.ok()) {
            undo();
            return shard.error();
        }
        made << path;
        shards.push_back(std::move(shard).value());
    }

    // The topology file last: until it is there, there is no store to open.
    QSaveFile save(topologyPath);
    if (!save.open(QIODevice::WriteOnly)) {
        undo();
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "cannot write %1: %2").arg(topologyPath, save.errorString()));
    }
    save.write(topology.toJson());
    // QSaveFile replaces by renaming; a topology that appeared meanwhile (another init) wins.
    if (QFileInfo::exists(topologyPath)) {
        save.cancelWriting(); // the temporary file goes with `save`
        undo();
        return makeError(ErrorCode::StoreExists,
                         Message::translate("ledger", "%1 was created by someone else meanwhile").arg(topologyPath));
    }
    if (!save.commit()) {
        const QString why = save.errorString();
        undo();
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "cannot write %1: %2").arg(topologyPath, why));
    }
    return std::unique_ptr<ShardedStore>(new ShardedStore(topologyPath, topology, std::move(shards)));
}

QString ShardedStore::location() const { return m_location; }

int ShardedStore::scale() const { return m_topology.scale; }

// The first shard's clock, for what is shown. Leases and ages are always measured on the
// document's own shard (its store's clock), so shards on servers whose clocks differ a little
// still never take a lease over early.
Result<QDateTime> ShardedStore::now() { return m_shards.front()->now(); }

Durability ShardedStore::durability() const
{
    for (const auto &shard : m_shards) {
        if (shard->durability() != Durability::Full)
            return shard->durability();
    }
    return Durability::Full;
}

int ShardedStore::shardCount() const { return int(m_shards.size()); }

Store &ShardedStore::accountShard(const QString &accountId) { return *m_shards[size_t(shardOf(accountId, shardCount()))]; }

QList<int> ShardedStore::probeOrder(const QString &txId) const
{
    QList<int> order;
    if (const auto it = m_txShard.constFind(txId); it != m_txShard.cend())
        order << *it;
    const int home = shardOf(txId, shardCount());
    if (!order.contains(home))
        order << home;
    for (int i = 0; i < shardCount(); ++i) {
        if (!order.contains(i))
            order << i;
    }
    return order;
}

void ShardedStore::remember(const QString &txId, int shard)
{
    if (m_txShard.size() >= kMaxRemembered && !m_txShard.contains(txId))
        m_txShard.clear();
    m_txShard.insert(txId, shard);
}

template <typename T, typename Call> Result<T> ShardedStore::onTransactionShard(const QString &id, Call call)
{
    std::optional<Result<T>> notFound;
    for (int i : probeOrder(id)) {
        Result<T> r = call(*m_shards[size_t(i)]);
        if (!r.ok() && r.code() == ErrorCode::NotFound) {
            if (!notFound)
                notFound = std::move(r);
            continue;
        }
        if (r.ok())
            remember(id, i);
        return r;
    }
    return std::move(*notFound);
}

// --- accounts: each on its own shard --------------------------------------------------------

Result<Account> ShardedStore::createAccount(const QString &id, const QString &name, const Acting &by)
{
    return accountShard(id).createAccount(id, name, by);
}

Result<Account> ShardedStore::setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason)
{
    return accountShard(id).setAccountStatus(id, status, by, reason);
}

Result<Account> ShardedStore::account(const QString &id) { return accountShard(id).account(id); }

Result<QList<Account>> ShardedStore::accountsNamed(const QStringList &ids)
{
    QMap<Store *, QStringList> byShard;
    for (const QString &id : ids)
        byShard[&accountShard(id)] << id;
    QHash<QString, Account> found;
    for (auto it = byShard.cbegin(); it != byShard.cend(); ++it) {
        auto some = it.key()->accountsNamed(it.value());
        if (!some.ok() && some.code() != ErrorCode::UnknownAccount)
            return some.error();
        for (const Account &a : some.ok() ? std::as_const(*some) : QList<Account>())
            found.insert(a.id, a);
    }
    QList<Account> inOrder;
    for (const QString &id : ids) {
        if (!found.contains(id)) {
            // The first missing in the order asked (each shard only knows its own first), in the
            // words account() has for it.
            auto missing = accountShard(id).account(id);
            if (!missing.ok())
                return missing.error();
            found.insert(id, *missing); // it appeared meanwhile
        }
        inOrder << found.value(id);
    }
    return inOrder;
}

Result<LegOutcome> ShardedStore::hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return accountShard(accountId).hold(txId, accountId, side, amount);
}

Result<LegOutcome> ShardedStore::post(const QString &txId, const QString &accountId)
{
    return accountShard(accountId).post(txId, accountId);
}

Result<LegOutcome> ShardedStore::voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return accountShard(accountId).voidLeg(txId, accountId, side, amount);
}

std::optional<qint64> ShardedStore::serverRoundTrips() const
{
    std::optional<qint64> total;
    for (const auto &shard : m_shards) {
        if (const auto trips = extrasOf(*shard).serverRoundTrips())
            total = total.value_or(0) + *trips;
    }
    return total;
}

QString ShardedStore::lockWarning() const
{
    for (const auto &shard : m_shards) {
        if (QString warning = extrasOf(*shard).lockWarning(); !warning.isEmpty())
            return warning;
    }
    return {};
}

Result<bool> ShardedStore::touchAccountIfVersion(const QString &accountId, qint64 expectedVersion)
{
    return extrasOf(accountShard(accountId)).touchAccountIfVersion(accountId, expectedVersion);
}

Result<QList<LegMarker>> ShardedStore::legsOfAccount(const QString &accountId, std::optional<LegStatus> status)
{
    return accountShard(accountId).legsOfAccount(accountId, status);
}

// --- transaction documents: on shardOf(key), else shardOf(id) --------------------------------

Result<InsertOutcome> ShardedStore::insertTransaction(const NewTransaction &tx)
{
    const int home = shardOf(tx.idempotencyKey.isEmpty() ? tx.id : tx.idempotencyKey, shardCount());
    if (!tx.idempotencyKey.isEmpty()) {
        auto byKey = m_shards[size_t(home)]->transactionByKey(tx.idempotencyKey);
        if (!byKey.ok())
            return byKey.error();
        if (byKey->has_value()) {
            remember((*byKey)->id, home);
            return InsertOutcome{**byKey, false};
        }
    }
    // Ids are never reused: a document with this id on another shard (placed there by its key)
    // is the answer, as it would be in a single file.
    for (int i = 0; i < shardCount(); ++i) {
        if (i == home)
            continue;
        auto existing = m_shards[size_t(i)]->transaction(tx.id);
        if (existing.ok()) {
            remember(tx.id, i);
            return InsertOutcome{*existing, false};
        }
        if (existing.code() != ErrorCode::NotFound)
            return existing.error();
    }
    // The home shard checks the key and the id again inside its own write.
    auto inserted = m_shards[size_t(home)]->insertTransaction(tx);
    if (inserted.ok())
        remember(inserted->tx.id, home);
    return inserted;
}

Result<CasOutcome> ShardedStore::updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change)
{
    return onTransactionShard<CasOutcome>(id, [&](Store &s) { return s.updateTransaction(id, guard, change); });
}

Result<CasOutcome> ShardedStore::linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId,
                                                  const Acting &by, const QString &worker, const QString &detail)
{
    return onTransactionShard<CasOutcome>(
        originalId, [&](Store &s) { return s.linkCompensation(originalId, expected, compensationId, by, worker, detail); });
}

Result<JournalEntry> ShardedStore::addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text)
{
    // With the transaction's document, so that its journal stays on one shard.
    return onTransactionShard<JournalEntry>(txId, [&](Store &s) { return s.addRemark(txId, remark, by, text); });
}

ApprovalBook *ShardedStore::approvalBook()
{
    for (const auto &shard : m_shards) {
        if (!shard->approvalBook())
            return nullptr;
    }
    return &m_approvals;
}

Error ShardedStore::backdateForDemo(DocKind kind, const QString &id, qint64 ms)
{
    if (kind == DocKind::Account)
        return extrasOf(accountShard(id)).backdateForDemo(kind, id, ms);
    // A transaction's document is on one shard and its markers on its accounts' shards: each
    // shard moves what it holds of it.
    for (const auto &shard : m_shards) {
        if (Error e = extrasOf(*shard).backdateForDemo(kind, id, ms); !e.ok())
            return e;
    }
    return {};
}

Result<Transaction> ShardedStore::transaction(const QString &id)
{
    return onTransactionShard<Transaction>(id, [&](Store &s) { return s.transaction(id); });
}

Result<std::optional<Transaction>> ShardedStore::transactionByKey(const QString &key)
{
    const int home = shardOf(key, shardCount());
    auto found = m_shards[size_t(home)]->transactionByKey(key);
    if (found.ok() && found->has_value())
        remember((*found)->id, home);
    return found;
}

Result<QList<JournalEntry>> ShardedStore::journal(DocKind kind, const QString &docId)
{
    if (kind == DocKind::Account)
        return accountShard(docId).journal(kind, docId);
    // A document's rows are all on its shard: the first shard with any has them all.
    for (int i : probeOrder(docId)) {
        auto rows = m_shards[size_t(i)]->journal(kind, docId);
        if (!rows.ok() || !rows->isEmpty()) {
            if (rows.ok())
                remember(docId, i);
            return rows;
        }
    }
    return QList<JournalEntry>{};
}

// --- snapshots and scans ------------------------------------------------------------------

Error ShardedStore::withSnapshot(const std::function<Error()> &work)
{
    // Nested: shard 0's snapshot, inside it shard 1's, ..., and `work` inside the last. Each
    // file's snapshot is consistent; together they are a cut taken file after file, not one
    // instant (a write may land on shard 2 between the snapshots of shards 0 and 3).
    std::function<Error(size_t)> nest = [&](size_t i) -> Error {
        if (i == m_shards.size())
            return work();
        return m_shards[i]->withSnapshot([&nest, i]() { return nest(i + 1); });
    };
    return nest(0);
}

Error ShardedStore::scanEachShard(const std::function<Error(Store &)> &scan, const StopCheck &shouldStop)
{
    for (const auto &shard : m_shards) {
        if (Error e = scan(*shard); !e.ok())
            return e;
        if (shouldStop && shouldStop())
            break;
    }
    return {};
}

Error ShardedStore::scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop)
{
    return scanEachShard([&](Store &s) { return s.scanAccounts(visit, shouldStop); }, shouldStop);
}

Error ShardedStore::scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop)
{
    return scanEachShard([&](Store &s) { return s.scanLegs(visit, shouldStop); }, shouldStop);
}

Error ShardedStore::scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop)
{
    return scanEachShard([&](Store &s) { return s.scanTransactions(visit, shouldStop); }, shouldStop);
}

} // namespace ledger
