#pragma once
// The claims operators put on transactions (ledger/remarks.h), read for lists: the console's
// tables and repair previews. Writing a remark is Store::addRemark.
//
// Threading: runs on the caller's thread with the caller's Store (a worker thread in the GUI).

#include "ledger/remarks.h"
#include "protocol/coordinator.h"
#include "store/store.h"

namespace ledger {

// The claims standing on `transactions`, by id: the claim and release rows of the unfinished
// ones (a finished transaction's claim ended with it), in one query by their ids — a page of a
// table costs one indexed read on SQL and an item read per unfinished row on DynamoDB, never a
// read of every document's journal (which on DynamoDB, with no journal index, was a Scan of the
// store for every page).
Result<QHash<QString, OperatorClaim>> readClaimsOn(StoreQueries &store, const QList<Transaction> &transactions);

// The claim standing on `tx`, if any, from `claims` (readClaimsOn).
std::optional<OperatorClaim> claimOn(const Transaction &tx, const QHash<QString, OperatorClaim> &claims);

// Transactions split by the claims standing on them, in one read of the claims: `holds` (the
// transaction, its claim, the store's time `now`) passes a claimed one over. Recovery's
// RecoveryOptions::choose (ledgerd's sweeper with claimHoldsOff, `ledgerctl recover` with it and
// claimWarns, the console's rule for asking first) and a client's retry (claimsHoldOffRetries).
struct ClaimSplit {
    QList<Transaction> free;
    QList<OperatorClaim> passedOver; // in the candidates' order
};
using ClaimHolds = std::function<bool(const Transaction &, const OperatorClaim &, const QDateTime &now)>;
Result<ClaimSplit> splitByClaims(StoreQueries &store, const QList<Transaction> &candidates, const QDateTime &now, const ClaimHolds &holds);
// The same at the store's time, read first.
Result<ClaimSplit> splitByClaims(Store &store, const QList<Transaction> &candidates, const ClaimHolds &holds);

// The check (CoordinatorOptions::beforeTakingOver) by which a client's retry of its idempotency
// key leaves alone a transfer an operator claimed (claimHoldsOff, the rule the recovery sweeper
// keeps): its note names who and since when. Reads the claims through `store`, which must
// outlive the coordinator it is set on (the coordinator's own store).
std::function<Result<std::optional<QString>>(const Transaction &, const QDateTime &now)> claimsHoldOffRetries(StoreQueries &store);

struct RemarkOutcome {
    JournalEntry entry;                  // the row written
    Transaction tx;                      // the document as read before writing
    std::optional<OperatorClaim> before; // the claim that stood before (a claim taken over, a release)
};

// An operator's claim, release or note on `txId` (Store::addRemark), refused when it makes no
// sense: claiming a finished transaction, releasing one nobody claimed (invalid-state). Taking
// over someone else's claim and releasing it by hand are allowed: the journal says who did.
// A remark asked again under the same request (`by.request`) answers the row its first asking
// wrote (operations/requestreplay.h).
Result<RemarkOutcome> addRemarkOn(Store &store, const QString &txId, Remark remark, const Acting &by, const QString &text);

} // namespace ledger
