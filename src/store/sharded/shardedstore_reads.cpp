// ShardedStore: reads that span shards. Lists ask every shard for its first offset + limit rows
// in the single-file store's order and merge them; counts and histograms add up.
#include "store/sharded/shardedstore.h"
#include "store/txorder.h"

#include <algorithm>
#include <limits>

namespace ledger {

namespace {

// How many rows each shard must give for the merged page: all of the first offset + limit.
qint64 perShardLimit(qint64 offset, qint64 limit)
{
    if (limit < 0)
        return -1;
    offset = std::max<qint64>(offset, 0);
    return limit > std::numeric_limits<qint64>::max() - offset ? -1 : offset + limit;
}

// K-way merge of lists that are each sorted by `before`; rows that tie go to the lower shard
// first (the higher one with `higherShardFirst`). Returns rows offset.. offset + limit - 1.
template <typename T, typename Before>
QList<T> mergePages(std::vector<QList<T>> &lists, Before before, qint64 offset, qint64 limit, bool higherShardFirst = false)
{
    const int k = int(lists.size());
    std::vector<qsizetype> head(size_t(k), 0);
    const qint64 end = perShardLimit(offset, limit);
    QList<T> page;
    for (qint64 taken = 0; end < 0 || taken < end; ++taken) {
        int best = -1;
        for (int j = 0; j < k; ++j) {
            const int i = higherShardFirst ? k - 1 - j : j;
            if (head[size_t(i)] >= lists[size_t(i)].size())
                continue;
            if (best < 0 || before(lists[size_t(i)].at(head[size_t(i)]), lists[size_t(best)].at(head[size_t(best)])))
                best = i;
        }
        if (best < 0)
            break;
        if (taken >= offset)
            page.append(std::move(lists[size_t(best)][head[size_t(best)]]));
        ++head[size_t(best)];
    }
    return page;
}

template <typename Store, typename Call> auto sumOver(std::vector<std::unique_ptr<Store>> &shards, Call call) -> Result<qint64>
{
    qint64 total = 0;
    for (const auto &shard : shards) {
        auto n = call(*shard);
        if (!n.ok())
            return n.error();
        total += *n;
    }
    return total;
}

// Every shard's first offset + limit rows of `query` (any query with offset and limit), each list
// in that shard's own order: the input of mergePages.
template <typename Shards, typename Query, typename Fetch>
auto firstRowsOfEachShard(Shards &shards, const Query &query, Fetch fetch)
    -> Result<std::vector<std::decay_t<decltype(fetch(*shards.front(), query).value())>>>
{
    Query each = query;
    each.offset = 0;
    each.limit = perShardLimit(query.offset, query.limit);
    std::vector<std::decay_t<decltype(fetch(*shards.front(), query).value())>> lists;
    for (const auto &shard : shards) {
        auto page = fetch(*shard, each);
        if (!page.ok())
            return page.error();
        lists.push_back(std::move(page).value());
    }
    return lists;
}

// Adds `more` to `into` element by element (both of the same length by construction).
void addInto(QList<qint64> &into, const QList<qint64> &more)
{
    for (qsizetype i = 0; i < std::min(into.size(), more.size()); ++i)
        into[i] += more.at(i);
}

} // namespace

Result<QList<Account>> ShardedStore::accounts(const AccountQuery &query)
{
    auto lists = firstRowsOfEachShard(m_shards, query, [](Store &s, const AccountQuery &q) { return s.accounts(q); });
    if (!lists.ok())
        return lists.error();
    const bool descending = query.descending;
    return mergePages(
        *lists,
        [descending](const Account &a, const Account &b) {
            return descending ? compareBinary(b.id, a.id) < 0 : compareBinary(a.id, b.id) < 0;
        },
        query.offset, query.limit);
}

Result<qint64> ShardedStore::accountCount(const AccountQuery &query)
{
    return sumOver(m_shards, [&](Store &s) { return s.accountCount(query); });
}

Result<QList<LegMarker>> ShardedStore::legsOfTransaction(const QString &txId)
{
    // The markers live with their accounts, on any shard (a void's tombstone may even name an
    // account that does not exist): ask them all.
    QList<LegMarker> legs;
    for (const auto &shard : m_shards) {
        auto some = shard->legsOfTransaction(txId);
        if (!some.ok())
            return some.error();
        legs += *some;
    }
    // As one file returns them (ORDER BY side DESC): the debit, then the credit.
    std::stable_sort(legs.begin(), legs.end(), [](const LegMarker &a, const LegMarker &b) {
        if (a.side != b.side)
            return a.side == LegSide::Debit;
        return compareBinary(a.accountId, b.accountId) < 0;
    });
    return legs;
}

Result<QList<LegMarker>> ShardedStore::legsOfTransactions(const QStringList &txIds)
{
    QList<LegMarker> legs;
    for (const auto &shard : m_shards) {
        auto some = shard->legsOfTransactions(txIds);
        if (!some.ok())
            return some.error();
        legs += *some;
    }
    return legs;
}

Result<CommitCandidates> ShardedStore::commitCandidates(qint64 windowMs)
{
    // Each member by its own clock: no two clocks are ever compared.
    CommitCandidates all;
    for (const auto &shard : m_shards) {
        auto some = shard->commitCandidates(windowMs);
        if (!some.ok())
            return some.error();
        all.transactions += some->transactions;
        all.recentlyPosted += some->recentlyPosted;
    }
    return all;
}

Result<QList<Transaction>> ShardedStore::transactions(const TxQuery &query)
{
    auto lists = firstRowsOfEachShard(m_shards, query, [](Store &s, const TxQuery &q) { return s.transactions(q); });
    if (!lists.ok())
        return lists.error();
    const TxSortKey key = query.sortKey;
    const bool descending = query.descending;
    auto merged = mergePages(
        *lists,
        [key, descending](const Transaction &a, const Transaction &b) {
            const int c = compareTransactions(a, b, key);
            return descending ? c > 0 : c < 0;
        },
        query.offset, query.limit);
    for (const Transaction &t : std::as_const(merged))
        remember(t.id, shardOf(t.idempotencyKey.isEmpty() ? t.id : t.idempotencyKey, shardCount()));
    return merged;
}

Result<qint64> ShardedStore::transactionCount(const TxQuery &query)
{
    return sumOver(m_shards, [&](Store &s) { return s.transactionCount(query); });
}

Result<QMap<TxState, qint64>> ShardedStore::countByState()
{
    QMap<TxState, qint64> total;
    for (TxState s : allTxStates())
        total.insert(s, 0);
    for (const auto &shard : m_shards) {
        auto counts = shard->countByState();
        if (!counts.ok())
            return counts.error();
        for (auto it = counts->cbegin(); it != counts->cend(); ++it)
            total[it.key()] += it.value();
    }
    return total;
}

Result<std::optional<qint64>> ShardedStore::transactionTotalEstimate()
{
    // Every member's figure, or none: a member without one would make the sum look small.
    qint64 total = 0;
    for (const auto &shard : m_shards) {
        auto n = shard->transactionTotalEstimate();
        if (!n.ok())
            return n.error();
        if (!*n)
            return std::optional<qint64>();
        total += **n;
    }
    return std::optional<qint64>(total);
}

Result<QMap<TxState, qint64>> ShardedStore::stateCountEstimates()
{
    // The members' figures summed; none for a state one member does not name (its part could be
    // anything), and none at all when a member has no statistics.
    QMap<TxState, qint64> total;
    bool first = true;
    for (const auto &shard : m_shards) {
        auto counts = shard->stateCountEstimates();
        if (!counts.ok())
            return counts.error();
        if (counts->isEmpty())
            return QMap<TxState, qint64>();
        for (TxState s : allTxStates()) {
            if (!counts->contains(s))
                total.remove(s);
            else if (first || total.contains(s))
                total[s] += counts->value(s);
        }
        first = false;
    }
    return total;
}

Result<QList<JournalEntry>> ShardedStore::journalEntries(const JournalQuery &query)
{
    // Sequence numbers are per file: across files, by time, then shard, then seq (each shard's
    // list is in seq order, which is its time order). After a row (at A, shard S, seq Q) — key
    // paging — each shard gives the rows past it in that order: shard S those past (A, Q), the
    // shards that come before S in a tie those past A, the ones after S those at A or past it.
    const bool newest = query.newestFirst;
    std::vector<QList<JournalEntry>> lists;
    for (int i = 0; i < shardCount(); ++i) {
        JournalQuery each = query;
        each.offset = 0;
        each.limit = perShardLimit(query.offset, query.limit);
        if (query.after) {
            const JournalEntry &last = *query.after;
            each.after.reset();
            const bool tiesBefore = newest ? i > last.shard : i < last.shard;
            if (i == last.shard)
                each.afterTime = JournalQuery::TimeKey{last.at, last.seq, false};
            else
                each.afterTime = JournalQuery::TimeKey{last.at, std::nullopt, !tiesBefore};
        }
        auto page = m_shards[size_t(i)]->journalEntries(each);
        if (!page.ok())
            return page.error();
        for (JournalEntry &e : *page)
            e.shard = i;
        lists.push_back(std::move(page).value());
    }
    return mergePages(
        lists, [newest](const JournalEntry &a, const JournalEntry &b) { return newest ? b.at < a.at : a.at < b.at; }, query.offset,
        query.limit, newest);
}

Result<QList<JournalEntry>> ShardedStore::finishedAfter(int shardIndex, qint64 afterSeq, int limit)
{
    if (shardIndex < 0 || shardIndex >= shardCount())
        return makeError(ErrorCode::InvalidCursor, Message::translate("ledger", "%1 has no shard %2").arg(location()).arg(shardIndex));
    return shard(shardIndex).finishedAfter(0, afterSeq, limit);
}

Result<qint64> ShardedStore::lastFinishedSeq(int shardIndex)
{
    if (shardIndex < 0 || shardIndex >= shardCount())
        return makeError(ErrorCode::InvalidCursor, Message::translate("ledger", "%1 has no shard %2").arg(location()).arg(shardIndex));
    return shard(shardIndex).lastFinishedSeq(0);
}

Result<qint64> ShardedStore::journalCount(const JournalQuery &query)
{
    return sumOver(m_shards, [&](Store &s) { return s.journalCount(query); });
}

Result<QList<qint64>> ShardedStore::ageHistogram(const QList<qint64> &upperBoundsMs)
{
    QList<qint64> total(upperBoundsMs.size() + 1, 0);
    for (const auto &shard : m_shards) {
        auto counts = shard->ageHistogram(upperBoundsMs);
        if (!counts.ok())
            return counts.error();
        addInto(total, *counts);
    }
    return total;
}

Result<QList<qint64>> ShardedStore::createdPerMinute(int minutes)
{
    QList<qint64> total;
    for (const auto &shard : m_shards) {
        auto counts = shard->createdPerMinute(minutes);
        if (!counts.ok())
            return counts.error();
        if (total.isEmpty())
            total = *counts;
        else
            addInto(total, *counts);
    }
    return total;
}

Result<qint64> ShardedStore::changeMarker()
{
    return sumOver(m_shards, [](Store &s) { return s.changeMarker(); });
}

} // namespace ledger
