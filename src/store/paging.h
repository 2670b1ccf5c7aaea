#pragma once
// Reading one page of a long listing. SQLite's OFFSET walks every row it skips, so the last page
// of a million transactions took half a second; a page in the second half is read from the other
// end instead (the order reversed, the offset counted from the end) and turned round, so the
// last row costs what the first does and no page costs more than the middle one.
// Thread-safety: pure functions.

#include "store/store.h"

namespace ledger {

struct PageRead {
    TxQuery query;
    bool reversed = false; // the rows come back last first: reverse them
};

// The query for rows [offset, offset + limit) of `base`'s listing, which has `total` rows.
PageRead pageFromNearerEnd(const TxQuery &base, qint64 offset, qint64 limit, qint64 total);

// Runs it: the page's rows in the listing's own order.
Result<QList<Transaction>> readPage(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total);

} // namespace ledger
