#include "store/tallies.h"

#include <algorithm>

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

// On a store that counts by reading: the listing's count when it has at most `cap` rows, else at
// least `cap` (cap + 1 rows read, not all of them).
Result<Tally> countUpTo(Store &store, const TxQuery &query, qint64 cap)
{
    TxQuery q = query;
    q.after.reset();
    q.offset = 0;
    q.limit = cap + 1;
    // In an order the store's indexes give (by amount it would read the listing whole to sort it).
    q.sortKey = TxSortKey::CreatedAt;
    auto rows = store.transactions(q);
    if (!rows.ok())
        return rows.error();
    if (rows->size() > cap)
        return Tally{cap, false, true};
    return Tally{qint64(rows->size()), true};
}

qint64 capOf(qint64 exactBelow) { return std::min(exactBelow, kCountedByKeyUpTo); }

// `count()` (a Result<qint64>) as an exact tally.
template <typename Count> Result<Tally> exactly(const Count &count)
{
    auto n = count();
    if (!n.ok())
        return n.error();
    return Tally{*n, true};
}

// tallyByState on a store that counts by reading: each state up to the cap; done, when the
// table's own figure says the ledger is longer than the cap, that figure less the others (not
// read at all: on a long ledger done is nearly every row).
Result<QMap<TxState, Tally>> tallyByStateByKey(Store &store, qint64 exactBelow)
{
    const qint64 cap = capOf(exactBelow);
    auto total = store.transactionTotalEstimate();
    if (!total.ok())
        return total.error();
    const bool long_ = *total && **total > cap;
    QMap<TxState, Tally> tallies;
    qint64 others = 0;
    for (TxState s : allTxStates()) {
        if (s == TxState::Done && long_)
            continue;
        TxQuery q;
        q.state = s;
        auto t = countUpTo(store, q, cap);
        if (!t.ok())
            return t.error();
        tallies.insert(s, *t);
        if (s != TxState::Done)
            others += t->count;
    }
    if (long_)
        tallies.insert(TxState::Done, Tally{std::max<qint64>(0, **total - others), false});
    return tallies;
}

// A listing a store that counts by reading could only count by reading the table: filtered by
// something no index narrows (a kind, a text, a cause) over every row or a finished state's.
bool countedOnlyByTheTable(const TxQuery &q)
{
    const bool narrowed = !q.account.isEmpty() || q.stuckOnly || (q.state && !isTerminal(*q.state));
    return !narrowed && (q.kind || !q.text.isEmpty() || q.cause);
}

} // namespace

Result<QMap<TxState, Tally>> tallyByState(Store &store, qint64 exactBelow)
{
    if (!store.readsByPosition())
        return tallyByStateByKey(store, exactBelow);
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
    // Where a jump lands: a state's first thousand rows place it near enough, and a deep jump
    // sorted by state then reads a few thousand rows, not ten thousand for every state.
    if (!store.readsByPosition())
        return tallyByStateByKey(store, std::min<qint64>(exactBelow, 1'000));
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
    if (!store.readsByPosition()) {
        // Not counted: shown as such, the listing's rows as its pages come (PagedTableModel).
        if (countedOnlyByTheTable(query))
            return Tally{0, false, true};
        if (onlyByState(query) && (!query.state || *query.state == TxState::Done)) {
            if (query.state) {
                auto tallies = tallyByStateByKey(store, exactBelow);
                if (!tallies.ok())
                    return tallies.error();
                return tallies->value(TxState::Done);
            }
            auto total = store.transactionTotalEstimate();
            if (!total.ok())
                return total.error();
            if (*total && **total > capOf(exactBelow))
                return Tally{**total, false};
        }
        return countUpTo(store, query, capOf(exactBelow));
    }
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
    return exactly([&] { return store.transactionCount(q); });
}

Result<Tally> tallyAccounts(Store &store, const AccountQuery &query, qint64 exactBelow)
{
    AccountQuery q = query;
    q.offset = 0;
    q.limit = -1;
    if (store.readsByPosition())
        return exactly([&] { return store.accountCount(q); });
    if (!q.text.isEmpty())
        return Tally{0, false, true};
    const qint64 cap = capOf(exactBelow);
    auto n = store.accountCountUpTo(q, cap);
    if (!n.ok())
        return n.error();
    if (*n <= cap)
        return Tally{*n, true};
    if (q.afterId.isEmpty() && q.beforeId.isEmpty() && q.fromId.isEmpty()) {
        auto total = store.accountTotalEstimate();
        if (!total.ok())
            return total.error();
        if (*total && **total > cap)
            return Tally{**total, false};
    }
    return Tally{cap, false, true};
}

Result<Tally> tallyJournal(Store &store, const JournalQuery &query, qint64 exactBelow)
{
    JournalQuery q = query;
    q.offset = 0;
    q.limit = -1;
    if (store.readsByPosition())
        return exactly([&] { return store.journalCount(q); });
    const qint64 cap = capOf(exactBelow);
    q.limit = cap + 1;
    auto rows = store.journalEntries(q);
    if (!rows.ok())
        return rows.error();
    if (rows->size() > cap)
        return Tally{cap, false, true};
    return Tally{qint64(rows->size()), true};
}

} // namespace ledger
