#pragma once
// The claims operators put on transactions (ledger/remarks.h), read for lists: the console's
// tables and repair previews. Writing a remark is Store::addRemark.
//
// Threading: runs on the caller's thread with the caller's Store (a worker thread in the GUI).

#include "ledger/remarks.h"
#include "store/store.h"

namespace ledger {

// How many of the newest claim and release rows are read. Operators write them by hand, so a
// store holds few; a claim older than the newest this many is not shown.
constexpr int kMaxClaimRows = 10'000;

// The claims not released yet, by transaction id, in one query (whether each transaction has
// finished, which also ends its claim, is for the caller to check with the document it has).
Result<QHash<QString, OperatorClaim>> readUnreleasedClaims(StoreQueries &store);

// The claim standing on `tx`, if any, from `claims` (readUnreleasedClaims).
std::optional<OperatorClaim> claimOn(const Transaction &tx, const QHash<QString, OperatorClaim> &claims);

struct RemarkOutcome {
    JournalEntry entry;                  // the row written
    Transaction tx;                      // the document as read before writing
    std::optional<OperatorClaim> before; // the claim that stood before (a claim taken over, a release)
};

// An operator's claim, release or note on `txId` (Store::addRemark), refused when it makes no
// sense: claiming a finished transaction, releasing one nobody claimed (invalid-state). Taking
// over someone else's claim and releasing it by hand are allowed: the journal says who did.
Result<RemarkOutcome> addRemarkOn(Store &store, const QString &txId, Remark remark, const QString &actor, const QString &text);

} // namespace ledger
