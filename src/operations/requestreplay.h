#pragma once
// A write sent again after its answer was lost (docs/DESIGN.md §9, "Every write carries a key").
// Through ledgerd every write carries the client's idempotency key, its request, and each journal
// row the write makes records it (JournalEntry::request). Before writing, the write looks for
// its request in the journal of the document it writes: no row — the first sending wrote nothing
// (or this is the first): write; a row — it was done: answer from what it did, never do it again.
// The journal row and the write it goes with are one atomic write (documentstore.h), so "a row"
// and "it was done" are the same thing.
//
// Threading: pure functions, except repairOne (the store's thread).

#include "ledger/documents.h"
#include "ledger/result.h"
#include "ledger/statemachine.h"
#include "protocol/coordinator.h"
#include "store/store.h"

namespace ledger {

// The first row of `journal` that `by.request` wrote; nullopt when none did, or when `by` carries
// no request. key-conflict when that row is another actor's, or records another action than
// `events` (the events the write's first row may be): the key was used for a different request.
Result<std::optional<JournalEntry>> rowOfRequest(const QList<JournalEntry> &journal, const Acting &by, const QStringList &events);
// The same, of the journal of document `id` of `kind` as `store` reads it (read only when `by`
// carries a request).
Result<std::optional<JournalEntry>> rowOfRequest(StoreQueries &store, DocKind kind, const QString &id, const Acting &by,
                                                 const QStringList &events);

// The events the first row of each repair writes on the transaction it is asked for: resume
// "resume" (or "superseded": a compensation another one made needless); cancel "cancel";
// compensate "linked" on the original ("resume" first when the original is applied and must be
// finished before it is reversed).
QStringList firstEventsOf(OperatorAction action);

// What a repair sent again answers, its first sending's row found, from `tx` as it stands now,
// `asked` (the rows of `tx`'s journal its request wrote, in order) and, for a compensation,
// `compensation` (the original's compensatedBy) — when it is finished: what its first answer said
// (done: ok; canceled: ok for a cancel, why for a compensation, and for a resume why only if its
// own drive canceled it — not when it finished a cancel or someone else canceled it). nullopt
// while it is still in flight (its first sending's worker may be gone), or no compensation was
// made yet.
std::optional<TxOutcome> replayedRepair(OperatorAction action, const Transaction &tx, const std::optional<Transaction> &compensation,
                                        const QList<JournalEntry> &asked);

// One repair of `id` under `by` (its actor and request) by `coordinator` (made with the same
// actor and request). Asked before under `by.request`: answered from what it did; what it left
// in flight taken over and finished first (Coordinator::recover: the protocol's compare-and-set
// writes move nothing twice) unless another driver's lease runs (accepted, not finished). Else run.
TxOutcome repairOne(Store &store, Coordinator &coordinator, const Acting &by, OperatorAction action, const QString &id,
                    const QString &reason);

} // namespace ledger
