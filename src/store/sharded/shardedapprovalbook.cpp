#include "store/sharded/shardedapprovalbook.h"

#include "store/approvalwrites.h"
#include "store/sharded/shardedstore.h"

#include <algorithm>

namespace ledger {

Result<Store *> ShardedApprovalBook::homeOf(const ApprovalRequest &request)
{
    if (request.docKind == DocKind::Account)
        return &m_store.accountShard(request.docId);
    // With the transaction's document, so that its journal stays on one shard.
    for (int i : m_store.probeOrder(request.docId)) {
        Store &shard = *m_store.m_shards[size_t(i)];
        auto tx = shard.transaction(request.docId);
        if (tx.ok()) {
            m_store.remember(request.docId, i);
            return &shard;
        }
        if (tx.code() != ErrorCode::NotFound)
            return tx.error();
    }
    // No such transaction (yet): where one of that id without a key would be.
    return m_store.m_shards[size_t(ShardedStore::shardOf(request.docId, m_store.shardCount()))].get();
}

Result<std::pair<Store *, std::optional<ApprovalRequest>>> ShardedApprovalBook::find(const QString &id)
{
    for (const auto &shard : m_store.m_shards) {
        auto found = shard->approvalBook()->approval(id);
        if (!found.ok())
            return found.error();
        if (found->has_value())
            return std::make_pair(shard.get(), std::move(found).value());
    }
    return std::make_pair(static_cast<Store *>(nullptr), std::optional<ApprovalRequest>());
}

Result<ApprovalWritten> ShardedApprovalBook::writeApproval(const ApprovalWrite &write)
{
    if (Error e = approvalwrites::check(write); !e.ok())
        return e;
    auto home = homeOf(write.request);
    if (!home.ok())
        return home.error();
    // Made: an id is one request in the whole store, wherever its document put it (the same key
    // asked for another document would else make a second request of that id on another shard).
    if (write.expectedVersion == 0) {
        auto held = find(write.request.id);
        if (!held.ok())
            return held.error();
        if (held->second)
            return ApprovalWritten{false, *held->second};
    }
    auto written = (*home)->approvalBook()->writeApproval(write);
    if (write.expectedVersion == 0 || written.ok() || written.code() != ErrorCode::NotFound)
        return written;
    // A request made before its transaction was found elsewhere (placed by its key): moved where
    // it is.
    auto held = find(write.request.id);
    if (!held.ok())
        return held.error();
    if (!held->first || held->first == *home)
        return written;
    return held->first->approvalBook()->writeApproval(write);
}

Result<std::optional<ApprovalRequest>> ShardedApprovalBook::approval(const QString &id)
{
    auto held = find(id);
    if (!held.ok())
        return held.error();
    return held->second;
}

Result<QList<ApprovalRequest>> ShardedApprovalBook::approvals(const ApprovalListing &listing)
{
    if (Error e = approvalwrites::check(listing); !e.ok())
        return e;
    ApprovalListing each = listing;
    if (!each.afterId.isEmpty() && !each.afterRequestedAt.isValid()) {
        // Where the request stands, for the shards that do not hold it.
        auto after = approval(each.afterId);
        if (!after.ok())
            return after.error();
        if (!after->has_value())
            return approvalwrites::unknownApproval(each.afterId);
        each.afterRequestedAt = (*after)->requestedAt;
    }
    // Each shard's first `limit` in the listing's order hold the merged first `limit`.
    QList<ApprovalRequest> merged;
    for (const auto &shard : m_store.m_shards) {
        auto page = shard->approvalBook()->approvals(each);
        if (!page.ok())
            return page.error();
        merged << *page;
    }
    std::sort(merged.begin(), merged.end(), approvalwrites::listedBefore);
    if (merged.size() > listing.limit)
        merged.resize(qsizetype(listing.limit));
    return merged;
}

Result<qint64> ShardedApprovalBook::approvalCount(ApprovalState state)
{
    qint64 total = 0;
    for (const auto &shard : m_store.m_shards) {
        auto n = shard->approvalBook()->approvalCount(state);
        if (!n.ok())
            return n.error();
        total += *n;
    }
    return total;
}

} // namespace ledger
