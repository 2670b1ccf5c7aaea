#include "operations/stuckwatch.h"

#include "operations/claims.h"

namespace ledger {

Result<StuckWatch> stuckNobodyElseClaims(Store &store, qint64 stuckForMs, const QString &operatorName, int maxRows)
{
    TxQuery query;
    query.stuckOnly = true;
    query.stuckForMs = stuckForMs;
    // The newest first: past the cap, what just became stuck is what a notice is about.
    query.sortKey = TxSortKey::LastModified;
    query.descending = true;
    query.limit = qint64(maxRows) + 1;
    auto stuck = store.transactions(query);
    if (!stuck.ok())
        return stuck.error();
    StuckWatch watch;
    if (stuck->size() > maxRows) {
        watch.complete = false;
        stuck->resize(maxRows);
    }
    auto claims = readClaimsOn(store, *stuck);
    if (!claims.ok())
        return claims.error();
    auto now = store.now();
    if (!now.ok())
        return now.error();
    for (const Transaction &tx : std::as_const(*stuck)) {
        if (!claimWarns(claimOn(tx, *claims), operatorName, *now))
            watch.ids.insert(tx.id);
    }
    return watch;
}

} // namespace ledger
