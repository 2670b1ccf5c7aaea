#include "store/paging.h"

#include <algorithm>
#include <cmath>

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

bool readsExactly(const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    const bool interpolable =
        base.sortKey == TxSortKey::CreatedAt || base.sortKey == TxSortKey::LastModified || base.sortKey == TxSortKey::Amount;
    return !interpolable || offset < kExactRows || offset + limit > total - kExactRows;
}

Result<QList<Transaction>> readPageNear(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    if (readsExactly(base, offset, limit, total))
        return readPage(store, base, offset, limit, total);
    TxQuery ends = base;
    ends.offset = 0;
    // A page, not one row: with LIMIT 1 SQLite's planner sorted the whole table (0.7 s at a
    // million rows) where a page's limit walks the index like every other page read.
    ends.limit = std::max<qint64>(limit, 1);
    ends.after = std::nullopt;
    auto first = store.transactions(ends);
    if (!first.ok())
        return first.error();
    ends.descending = !base.descending;
    auto last = store.transactions(ends);
    if (!last.ok())
        return last.error();
    if (first->isEmpty() || last->isEmpty())
        return readPage(store, base, offset, limit, total);
    const double fraction = double(offset) / double(std::max<qint64>(1, total - 1));
    const auto between = [fraction](qint64 a, qint64 b) { return a + qint64(std::llround(double(b - a) * fraction)); };
    // The key just before the value found: rows at it and after, in the listing's order ("" and
    // the largest id sort before and after every id).
    Transaction key;
    key.id = base.descending ? QStringLiteral("\U0010FFFF") : QString();
    const Transaction &a = first->first();
    const Transaction &b = last->first();
    switch (base.sortKey) {
    case TxSortKey::CreatedAt:
        key.createdAt = QDateTime::fromMSecsSinceEpoch(between(a.createdAt.toMSecsSinceEpoch(), b.createdAt.toMSecsSinceEpoch()), Qt::UTC);
        break;
    case TxSortKey::LastModified:
        key.lastModified =
            QDateTime::fromMSecsSinceEpoch(between(a.lastModified.toMSecsSinceEpoch(), b.lastModified.toMSecsSinceEpoch()), Qt::UTC);
        break;
    default: key.amount = between(a.amount, b.amount); break;
    }
    auto rows = readPageAfter(store, base, key, limit);
    // Short of a page though more than kExactRows lie beyond: the values are far from even
    // there (one huge amount among small ones), so the estimate is no place at all: read exactly.
    if (rows.ok() && rows->size() < limit)
        return readPage(store, base, offset, limit, total);
    return rows;
}

Result<QList<Transaction>> readPageAfter(Store &store, const TxQuery &base, const Transaction &row, qint64 limit)
{
    TxQuery query = base;
    query.offset = 0;
    query.limit = limit;
    query.after = row;
    return store.transactions(query);
}

Result<QList<Transaction>> readPageBefore(Store &store, const TxQuery &base, const Transaction &row, qint64 limit)
{
    // The listing turned round (ties broken by id the same way), read after the row, turned back.
    TxQuery query = base;
    query.descending = !base.descending;
    query.offset = 0;
    query.limit = limit;
    query.after = row;
    auto rows = store.transactions(query);
    if (!rows.ok())
        return rows;
    QList<Transaction> list = std::move(rows).value();
    std::reverse(list.begin(), list.end());
    return list;
}

Result<QList<Transaction>> readPageFrom(Store &store, const TxQuery &base, const Transaction &row, qint64 limit)
{
    // A page before it, not one row: LIMIT 1 can make SQLite's planner sort the whole table.
    auto before = readPageBefore(store, base, row, std::max<qint64>(limit, 1));
    if (!before.ok())
        return before.error();
    if (before->isEmpty()) { // nothing before it: the top of the listing
        TxQuery query = base;
        query.offset = 0;
        query.limit = limit;
        query.after = std::nullopt;
        return store.transactions(query);
    }
    return readPageAfter(store, base, before->last(), limit);
}

} // namespace ledger
