#pragma once
// A sharded store's approval requests (store/approvalbook.h): each request lives on the shard of
// its document — a transaction's shard (where its document was found, else shardOf(id)), an
// account's shard — so that a move and its journal row are one write of one shard, as on a
// single store. Reads of one request ask every shard (they are few); a listing merges the
// shards' pages newest first; a count adds up.
//
// Threading: its store's (one per ShardedStore).

#include "store/approvalbook.h"

namespace ledger {

class ShardedStore;
class Store;

class ShardedApprovalBook final : public ApprovalBook {
public:
    explicit ShardedApprovalBook(ShardedStore &store)
        : m_store(store)
    {}

    Result<ApprovalWritten> writeApproval(const ApprovalWrite &write) override;
    Result<std::optional<ApprovalRequest>> approval(const QString &id) override;
    Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) override;
    Result<qint64> approvalCount(ApprovalState state) override;

private:
    // The shard that keeps requests on `request`'s document.
    Result<Store *> homeOf(const ApprovalRequest &request);
    // The shard that holds request `id` (nullptr: none does), and the request.
    Result<std::pair<Store *, std::optional<ApprovalRequest>>> find(const QString &id);

    ShardedStore &m_store;
};

} // namespace ledger
