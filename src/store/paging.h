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
// are spread evenly. Sorted by id, the same between the first and the last id (idBetween). Sorted
// by state (a state's rows by age), the state is found from the tallies (store/tallies.h) and the
// time within its rows the same way; a listing sorted by state and filtered by anything but one
// state is read exactly, by OFFSET from the nearer end (its states' counts would cost a scan).
constexpr qint64 kExactRows = 10'000;
// On a store that reads a listing only onward from a key (Store::readsByPosition() false:
// DynamoDB), a page at a position costs walking every row before it from the nearer end: rows are
// read exactly only this near an end, and deeper by key from an interpolated value.
constexpr qint64 kExactRowsByKey = 1'000;
constexpr qint64 exactRowsOf(bool readsByPosition) { return readsByPosition ? kExactRows : kExactRowsByKey; }
// Whether readPageNear reads rows [offset, offset + limit) exactly (`exactRows`: exactRowsOf the
// store's readsByPosition()).
bool readsExactly(const TxQuery &base, qint64 offset, qint64 limit, qint64 total, qint64 exactRows = kExactRows);
// The id `fraction` of the way from `a` to `b` (either may be the larger): the characters after
// their common prefix read as the digits of one number, in the base of the characters they use
// (digits, capitals, small letters; others as they are). So "tx-00000001".."tx-10000000" halves
// at "tx-05000000" (bytes would have halved at "tx-0\xb0", after every decimal id), and
// time-ordered ids (ULIDs, identifiers.h) halve near the middle of their times.
QString idBetween(const QString &a, const QString &b, double fraction);
Result<QList<Transaction>> readPageNear(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total);

// Accounts (listed by id): how to read rows near [offset, offset + limit) of `base`'s listing of
// `total` accounts. Within kExactRows of the top by OFFSET, of the end by OFFSET from the end
// (descending: turn the rows round); deeper, the accounts after the id interpolated between the
// ids where those two regions end (idBetween; two short index reads, past any odd first id such
// as "@world"), so a jump costs what a page near the top does.
struct AccountPageRead {
    AccountQuery query;
    bool reversed = false; // the rows come back last first
    bool exact = true;     // read at the position (else near it, by an interpolated id)
};
// Whether rows [offset, offset + limit) of `total` lie within `exactRows` of either end: read
// exactly there, by OFFSET from that end.
bool nearAnEnd(qint64 offset, qint64 limit, qint64 total, qint64 exactRows = kExactRows);
Result<AccountPageRead> accountPageNear(Store &store, const AccountQuery &base, qint64 offset, qint64 limit, qint64 total);

// The journal (listed by time): the same for rows near [offset, offset + limit) of `base`'s
// listing of `total` rows — deep in it, the rows from the time interpolated between the first and
// last rows' (JournalQuery::afterTime, inclusive).
struct JournalPageRead {
    JournalQuery query;
    bool reversed = false; // the rows come back last first
    bool exact = true;     // read at the position (else near it, by an interpolated time)
};
Result<JournalPageRead> journalPageNear(Store &store, const JournalQuery &base, qint64 offset, qint64 limit, qint64 total);

// Key paging: the `limit` rows right after `row` in `base`'s listing (by the sort column, then
// id), or right before it, in the listing's own order. An index range from the row, so a page
// next to one already read costs what the first page does, however deep (no OFFSET walked).
Result<QList<Transaction>> readPageAfter(Store &store, const TxQuery &base, const Transaction &row, qint64 limit);
Result<QList<Transaction>> readPageBefore(Store &store, const TxQuery &base, const Transaction &row, qint64 limit);
// The `limit` rows from where `row` is in the listing: it included when it is still there (the
// row before it found first, then the rows after that one).
Result<QList<Transaction>> readPageFrom(Store &store, const TxQuery &base, const Transaction &row, qint64 limit);

} // namespace ledger
