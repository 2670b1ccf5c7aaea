#pragma once
// Where a store keeps approval requests (ledger/approvals.h, docs/DESIGN.md §11): each its own
// document, moved only by compare-and-set on its version, each move written in one atomic write
// with the journal row that records it (on the request's document: a repair's transaction, a
// transfer's source account), so the record shows who asked and who decided or nothing at all.
//
// Offered by the SQL stores (SQLite files, sharded files, PostgreSQL and its shards: a request
// lives on the shard of its document); Store::approvalBook() is null on DynamoDB, where four eyes
// is `unsupported` for now.
//
// Threading: the store's own thread, as every call of its Store.

#include "ledger/approvals.h"
#include "ledger/documents.h"
#include "ledger/result.h"

#include <QList>
#include <optional>

namespace ledger {

// One move of a request: `request` as it is to be (its version `expectedVersion` + 1; version 1
// and expectedVersion 0 to make it), and the journal row that records the move (its docKind,
// docId, at and seq are the store's to fill: the request's document, the store's clock).
struct ApprovalWrite {
    ApprovalRequest request;
    qint64 expectedVersion = 0;
    JournalEntry row;
};

struct ApprovalWritten {
    // False when the request was not at expectedVersion (or, making it, existed): `current` is
    // then the request as it stands; re-read, never overwrite.
    bool applied = false;
    ApprovalRequest current;
};

// Which requests to list: newest first (requestedAt, then id), `states` only (empty: all).
struct ApprovalListing {
    QList<ApprovalState> states;
    qint64 limit = 100;
    // Key paging: only the requests after this one in the listing's order ("" from the newest).
    QString afterId = {};
    // With afterId: that request's requestedAt, for a store that may not hold it (each shard of a
    // sharded store is asked with it); invalid: the store reads it (not-found when afterId is none).
    QDateTime afterRequestedAt = {};
};

class ApprovalBook {
public:
    virtual ~ApprovalBook() = default;

    // The move `write` asks for, with its journal row, in one atomic write; a write whose commit
    // went unanswered is resolved by the request's writeToken (the store sets it), never written
    // twice. Refuses (invalid-argument) a request whose version is not expectedVersion + 1.
    virtual Result<ApprovalWritten> writeApproval(const ApprovalWrite &write) = 0;
    // The request `id`, or nullopt when there is none.
    virtual Result<std::optional<ApprovalRequest>> approval(const QString &id) = 0;
    virtual Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) = 0;
    // How many requests are in `state` (the console's navigator: pending).
    virtual Result<qint64> approvalCount(ApprovalState state) = 0;
};

} // namespace ledger
