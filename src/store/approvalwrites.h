#pragma once
// What every store's ApprovalBook (store/approvalbook.h) shares, written once: the checks of a
// move before anything is written, the journal row that records it, the words of a refusal, and
// the listing's order (a sharded store merges its shards' pages by it).
//
// Thread-safety: pure functions.

#include "store/approvalbook.h"

namespace ledger::approvalwrites {

// invalid-argument, before anything is written: an id that is not an approval request's, a
// version that is not expectedVersion + 1, a request without its document or time of request.
Error check(const ApprovalWrite &write);
// invalid-argument: a listing with a negative limit.
Error check(const ApprovalListing &listing);

// The journal row of a move, on the request's document: actor, worker, event, detail and request
// from `write.row`; from_state → to_state the request's states' words (`fromState` "" when it is
// made); epoch its new version. Its `at` and `seq` are the store's.
JournalEntry journalRow(const ApprovalWrite &write, const QString &fromState);

// not-found: there is no request `id` (a move of one never made, a listing after one unknown).
Error unknownApproval(const QString &id);

// A request as a store keeps it: its columns and its body (ledger/approvals.h: approvalBody); an
// unknown state is store-corrupt, a body that is not one internal.
Result<ApprovalRequest> fromColumns(const QString &id, qint64 version, const QString &state, const QString &writeToken,
                                    const QByteArray &body);

// The listing's order: newest first by requestedAt, then by id (bytewise, as the stores compare).
bool listedBefore(const ApprovalRequest &a, const ApprovalRequest &b);

} // namespace ledger::approvalwrites
