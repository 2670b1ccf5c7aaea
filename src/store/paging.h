#pragma once
// Reading one page of a long listing, by its position or next to a row already read. OFFSET
// walks every row it skips, so the last page of a million transactions took half a second: a page
// by position in the second half is read from the other end instead (the order reversed, the
// offset counted from the end) and turned round, so no page costs more than the middle one. A page
// next to one already read is read from that row's key, and costs what the first page does.
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

// Rows near [offset, offset + limit) of `base`'s listing of `total` rows, without walking to
// them: within kExactRows of either end, exactly those (readPage); deeper, when the listing is
// sorted by a time or the amount, the rows from the value found by interpolating between the
// listing's first and last rows (two index reads), so a jump to the middle of ten million rows
// costs what the first page does and lands near the place asked for — exactly where the values
// are spread evenly. Other sorts (state, id) are read exactly, by OFFSET from the nearer end.
constexpr qint64 kExactRows = 10'000;
// Whether readPageNear reads rows [offset, offset + limit) exactly.
bool readsExactly(const TxQuery &base, qint64 offset, qint64 limit, qint64 total);
Result<QList<Transaction>> readPageNear(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total);

// Key paging: the `limit` rows right after `row` in `base`'s listing (by the sort column, then
// id), or right before it, in the listing's own order. An index range from the row, so a page
// next to one already read costs what the first page does, however deep (no OFFSET walked).
Result<QList<Transaction>> readPageAfter(Store &store, const TxQuery &base, const Transaction &row, qint64 limit);
Result<QList<Transaction>> readPageBefore(Store &store, const TxQuery &base, const Transaction &row, qint64 limit);
// The `limit` rows from where `row` is in the listing: it included when it is still there (the
// row before it found first, then the rows after that one).
Result<QList<Transaction>> readPageFrom(Store &store, const TxQuery &base, const Transaction &row, qint64 limit);

} // namespace ledger
