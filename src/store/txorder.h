#pragma once
// The listing orders of the SQL stores, for stores that sort rows themselves (a sharded store
// merging its members' pages, the DynamoDB store ordering what its indexes gave): the same order
// as sqlfilters.cpp's ORDER BY, compared the way SQLite's BINARY collation compares.
//
// Thread-safety: pure functions; any thread.

#include "ledger/documents.h"
#include "store/storequeries.h"

namespace ledger {

// Code point order (SQLite's BINARY on UTF-8), not QString's UTF-16 order.
int compareBinary(const QString &a, const QString &b);
// The sort column (a state, then its rows by age), then the id; ascending.
int compareTransactions(const Transaction &a, const Transaction &b, TxSortKey key);

} // namespace ledger
