#pragma once
// Everything there is to see about one transaction, read in one snapshot: the document, its leg
// markers, the account of every leg, its journal, and the compensation or original it is linked to.
// `ledgerctl show` and the console's detail panel both read it.
//
// Threading: runs on the caller's thread with the caller's Store.

#include "ledger/remarks.h"
#include "store/store.h"

namespace ledger {

struct TransactionDetail {
    Transaction tx;
    QList<LegMarker> legs;
    QList<JournalEntry> journal;
    // The account of each of tx.legs, in that order (nullopt: no such account).
    QList<std::optional<Account>> accounts;
    // Its compensation (for an original) or its original (for a compensation), when there is one.
    std::optional<Transaction> related;
    QDateTime now; // the store's clock when read
    // An operator's claim standing on it (ledger/remarks.h), from its journal.
    std::optional<OperatorClaim> claim;

    // The marker on `accountId`, when there is one.
    std::optional<LegMarker> markerOn(const QString &accountId) const;
};

Result<TransactionDetail> loadTransactionDetail(Store &store, const QString &txId);

} // namespace ledger
