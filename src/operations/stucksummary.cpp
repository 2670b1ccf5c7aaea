#include "operations/stucksummary.h"

namespace ledger {

Result<StuckSummary> stuckSummary(Store &store, qint64 stuckForMs, qint64 maxRows)
{
    StuckSummary summary;
    TxQuery query;
    query.stuckOnly = true;
    query.stuckForMs = stuckForMs;
    auto count = store.transactionCount(query);
    if (!count.ok())
        return count.error();
    summary.stuck = *count;
    if (summary.stuck == 0)
        return summary;
    auto causes = stuckCauses(store, stuckForMs, maxRows);
    if (!causes.ok())
        return causes.error();
    summary.causes = std::move(causes).value();
    // The longest idle: the recoverer's order (every store sorts stuck ones by it), one row.
    query.sortKey = TxSortKey::LastModified;
    query.limit = 1;
    auto oldest = store.transactions(query);
    if (!oldest.ok())
        return oldest.error();
    auto now = store.now();
    if (!now.ok())
        return now.error();
    if (!oldest->isEmpty())
        summary.oldestIdleMs = qMax<qint64>(0, oldest->first().lastModified.msecsTo(*now));
    return summary;
}

} // namespace ledger
