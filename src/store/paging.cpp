#include "store/paging.h"

#include <algorithm>

namespace ledger {

PageRead pageFromNearerEnd(const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    PageRead read;
    read.query = base;
    read.query.offset = offset;
    read.query.limit = limit;
    const qint64 end = std::min(offset + limit, total);
    // Only a page wholly inside the listing, and nearer its end than its start. (Every sort
    // breaks ties by id in the same direction, so the reversed order is exactly the reverse.)
    if (limit <= 0 || offset >= total || end <= offset || offset <= total - end)
        return read;
    read.reversed = true;
    read.query.descending = !base.descending;
    read.query.offset = total - end;
    read.query.limit = end - offset;
    return read;
}

Result<QList<Transaction>> readPage(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    const PageRead read = pageFromNearerEnd(base, offset, limit, total);
    auto rows = store.transactions(read.query);
    if (!rows.ok() || !read.reversed)
        return rows;
    QList<Transaction> list = std::move(rows).value();
    std::reverse(list.begin(), list.end());
    return list;
}

} // namespace ledger
