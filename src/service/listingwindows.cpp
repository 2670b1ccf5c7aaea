#include "service/listingwindows.h"

#include "operations/claims.h"
#include "store/paging.h"

#include <algorithm>

namespace ledger {

Result<TxWindow> readTransactionWindow(Store &store, const TxWindowRequest &r)
{
    const bool byRow = r.from != PageFrom::Near && r.row;
    auto list = !byRow                     ? readPageNear(store, r.query, r.offset, r.limit, r.total)
              : r.from == PageFrom::After  ? readPageAfter(store, r.query, *r.row, r.limit)
              : r.from == PageFrom::Before ? readPageBefore(store, r.query, *r.row, r.limit)
                                           : readPageFrom(store, r.query, *r.row, r.limit);
    if (!list.ok())
        return list.error();
    auto now = store.now();
    if (!now.ok())
        return now.error();
    TxWindow page;
    page.now = *now;
    auto claims = readClaimsOn(store, *list);
    if (!claims.ok())
        return claims.error();
    page.claims = *claims;
    page.rows = *list;
    for (const Transaction &t : std::as_const(page.rows)) {
        if (t.compensatedBy.isEmpty())
            continue;
        // Few rows are compensated transfers; each needs its compensation's state.
        auto comp = store.transaction(t.compensatedBy);
        if (comp.ok())
            page.compensationStates.insert(t.id, comp->state);
        else if (comp.code() != ErrorCode::NotFound)
            return comp.error();
    }
    return page;
}

Result<QList<AccountCountedWhole>> readAccountWindow(Store &store, const AccountWindowRequest &r)
{
    if (r.from == PageFrom::Near) {
        // A jump: near its place by id, not by walking to it (store/paging.h).
        auto read = accountPageNear(store, r.query, r.offset, r.limit, r.total);
        if (!read.ok())
            return read.error();
        auto rows = accountsCountedWhole(store, read->query);
        if (!rows.ok())
            return rows;
        if (read->reversed)
            std::reverse(rows->begin(), rows->end());
        if (!read->exact && rows->size() < r.limit) {
            // Short of a page though more lie beyond: the ids are far from even there, so the
            // interpolated one is no place at all: by position instead.
            AccountQuery exact = r.query;
            exact.offset = r.offset;
            exact.limit = r.limit;
            return accountsCountedWhole(store, exact);
        }
        return rows;
    }
    AccountQuery query = r.query;
    query.limit = r.limit;
    switch (r.from) {
    case PageFrom::After: query.afterId = r.rowId; break;
    case PageFrom::From: query.fromId = r.rowId; break;
    case PageFrom::Before:
        query.beforeId = r.rowId;
        query.descending = true; // the `limit` rows just above it, then turned round
        break;
    case PageFrom::Near: break;
    }
    auto rows = accountsCountedWhole(store, query);
    if (rows.ok() && query.descending)
        std::reverse(rows->begin(), rows->end());
    return rows;
}

Result<QList<JournalEntry>> readJournalWindow(Store &store, const JournalWindowRequest &r)
{
    if (r.from == PageFrom::Near || !r.row) {
        // A jump: near its place by time, not by walking to it (store/paging.h).
        auto read = journalPageNear(store, r.query, r.offset, r.limit, r.total);
        if (!read.ok())
            return read.error();
        auto rows = store.journalEntries(read->query);
        if (!rows.ok())
            return rows;
        if (read->reversed)
            std::reverse(rows->begin(), rows->end());
        if (!read->exact && rows->size() < r.limit) { // times far from even there: by position
            JournalQuery exact = r.query;
            exact.offset = r.offset;
            exact.limit = r.limit;
            return store.journalEntries(exact);
        }
        return rows;
    }
    JournalQuery q = r.query;
    q.after = *r.row;
    q.limit = r.from == PageFrom::From ? r.limit - 1 : r.limit;
    // Before a row: after it in the listing turned round, then turned back.
    const bool reversed = r.from == PageFrom::Before;
    if (reversed)
        q.newestFirst = !q.newestFirst;
    auto rows = store.journalEntries(q);
    if (!rows.ok())
        return rows;
    if (reversed)
        std::reverse(rows->begin(), rows->end());
    // From a row: the row itself (journal rows are never changed or deleted, so it is still where
    // it was), then those after it.
    if (r.from == PageFrom::From)
        rows->prepend(*r.row);
    return rows;
}

} // namespace ledger
