#include "operations/stuckcauses.h"

#include <QMap>
#include <algorithm>

namespace ledger {

Result<StuckCauses> stuckCauses(Store &store, qint64 stuckForMs, qint64 maxRows)
{
    constexpr qint64 kPage = 1000;
    TxQuery query;
    query.stuckOnly = true;
    query.stuckForMs = stuckForMs;
    // Key paging, by an order the store's indexes give (by id on SQL, by age on DynamoDB): each
    // page costs what the first did.
    query.sortKey = store.sortsByIndex(TxSortKey::Id) ? TxSortKey::Id : TxSortKey::CreatedAt;
    query.limit = kPage;
    QMap<std::pair<int, QString>, qint64> counts;
    StuckCauses result;
    while (result.read < maxRows) {
        auto page = store.transactions(query);
        if (!page.ok())
            return page.error();
        for (const Transaction &t : *page) {
            if (result.read == maxRows) {
                result.complete = false;
                break;
            }
            ++counts[{int(t.state), causeOf(t.lastError)}];
            ++result.read;
        }
        if (!page->isEmpty())
            query.after = page->last();
        if (page->size() < kPage || !result.complete)
            break;
    }
    if (result.read == maxRows && result.complete) {
        // Exactly at the cap: one more row says whether there is more.
        query.limit = 1;
        auto more = store.transactions(query);
        if (!more.ok())
            return more.error();
        result.complete = more->isEmpty();
    }
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        result.groups << StuckCause{TxState(it.key().first), it.key().second, it.value()};
    std::stable_sort(result.groups.begin(), result.groups.end(),
                     [](const StuckCause &a, const StuckCause &b) { return a.count > b.count; });
    return result;
}

} // namespace ledger
