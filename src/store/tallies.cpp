#include "store/tallies.h"

namespace ledger {

namespace {

// The listing is every transaction, or every transaction in one state: nothing else narrows it.
bool onlyByState(const TxQuery &q) { return !q.kind && !q.stuckOnly && q.account.isEmpty() && q.text.isEmpty() && !q.cause && !q.after; }

// The database's figure when it is worth using instead of counting; nullopt to count.
Result<std::optional<qint64>> largeTotal(Store &store, qint64 exactBelow)
{
    auto total = store.transactionTotalEstimate();
    if (!total.ok())
        return total.error();
    if (!*total || **total < exactBelow)
        return std::optional<qint64>();
    return *total;
}

} // namespace

Result<QMap<TxState, Tally>> tallyByState(Store &store, qint64 exactBelow)
{
    QMap<TxState, Tally> tallies;
    auto total = largeTotal(store, exactBelow);
    if (!total.ok())
        return total.error();
    if (!*total) {
        auto exact = store.countByState();
        if (!exact.ok())
            return exact.error();
        for (auto it = exact->cbegin(); it != exact->cend(); ++it)
            tallies.insert(it.key(), Tally{it.value(), true});
        return tallies;
    }
    auto figures = store.stateCountEstimates();
    if (!figures.ok())
        return figures.error();
    qint64 others = 0;
    for (TxState s : allTxStates()) {
        if (s == TxState::Done)
            continue;
        // Canceled grows with the ledger, as done does: where the statistics make it long, their
        // figure; the unfinished states (what an operator acts on) are always counted.
        const qint64 figure = figures->value(s, 0);
        if (s == TxState::Canceled && figure >= exactBelow) {
            tallies.insert(s, Tally{figure, false});
            others += figure;
            continue;
        }
        TxQuery q;
        q.state = s;
        auto n = store.transactionCount(q);
        if (!n.ok())
            return n.error();
        tallies.insert(s, Tally{*n, true});
        others += *n;
    }
    // The figure lags the table a little (PostgreSQL's statistics between two ANALYZEs): never
    // below nothing.
    tallies.insert(TxState::Done, Tally{qMax<qint64>(0, **total - others), false});
    return tallies;
}

Result<QMap<TxState, Tally>> tallyByStateRoughly(Store &store, qint64 exactBelow)
{
    auto total = largeTotal(store, exactBelow);
    if (!total.ok())
        return total.error();
    if (*total) {
        auto figures = store.stateCountEstimates();
        if (!figures.ok())
            return figures.error();
        if (!figures->isEmpty()) {
            // Counting the unfinished states exactly cost a jump at ten million rows more than
            // the rest of it on PostgreSQL (pending's 103,000 rows), for a place that is near anyway.
            QMap<TxState, Tally> tallies;
            qint64 others = 0;
            for (TxState s : allTxStates()) {
                if (s == TxState::Done)
                    continue;
                tallies.insert(s, Tally{figures->value(s, 0), false});
                others += figures->value(s, 0);
            }
            tallies.insert(TxState::Done, Tally{qMax<qint64>(0, **total - others), false});
            return tallies;
        }
    }
    return tallyByState(store, exactBelow);
}

Result<Tally> tallyTransactions(Store &store, const TxQuery &query, qint64 exactBelow)
{
    const bool estimable = onlyByState(query) && (!query.state || *query.state == TxState::Done || *query.state == TxState::Canceled);
    if (estimable && !query.state) {
        auto total = largeTotal(store, exactBelow);
        if (!total.ok())
            return total.error();
        if (*total)
            return Tally{**total, false};
    } else if (estimable) {
        auto tallies = tallyByState(store, exactBelow);
        if (!tallies.ok())
            return tallies.error();
        return tallies->value(*query.state);
    }
    TxQuery q = query;
    q.offset = 0;
    q.limit = -1;
    auto n = store.transactionCount(q);
    if (!n.ok())
        return n.error();
    return Tally{*n, true};
}

} // namespace ledger
