#pragma once
// Everything there is to see about one transaction, read in one snapshot: the document, its leg
// markers, the two accounts, its journal, and the compensation or original it is linked to.
// `ledgerctl show` and the console's detail panel both read it.
//
// Threading: runs on the caller's thread with the caller's Store.

#include "store/store.h"

namespace ledger {

struct TransactionDetail {
    Transaction tx;
    QList<LegMarker> legs;
    QList<JournalEntry> journal;
    std::optional<Account> source;
    std::optional<Account> destination;
    // Its compensation (for an original) or its original (for a compensation), when there is one.
    std::optional<Transaction> related;
    QDateTime now; // the store's clock when read
};

Result<TransactionDetail> loadTransactionDetail(Store &store, const QString &txId);

} // namespace ledger
