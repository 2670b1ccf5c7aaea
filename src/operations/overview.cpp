#include "operations/overview.h"

#include "ledger/duration.h"

#include <QCoreApplication>

namespace ledger {

namespace {

Error readCounts(Store &store, qint64 stuckThresholdMs, Overview &o)
{
    auto byState = tallyByState(store);
    if (!byState.ok())
        return byState.error();
    o.byState = *byState;
    o.transactions = {};
    for (const Tally &t : std::as_const(o.byState)) {
        o.transactions.count += t.count;
        o.transactions.exact = o.transactions.exact && t.exact;
        o.transactions.atLeast = o.transactions.atLeast || t.atLeast;
    }
    // Exact, but on a store that counts by reading: up to a point (store/tallies.h).
    TxQuery stuck;
    stuck.stuckOnly = true;
    stuck.stuckForMs = stuckThresholdMs;
    auto stuckCount = tallyTransactions(store, stuck);
    if (!stuckCount.ok())
        return stuckCount.error();
    o.stuck = *stuckCount;
    TxQuery compensations;
    compensations.kind = TxKind::Compensation;
    auto compensationCount = tallyTransactions(store, compensations);
    if (!compensationCount.ok())
        return compensationCount.error();
    o.compensations = *compensationCount;
    auto accounts = tallyAccounts(store, {});
    if (!accounts.ok())
        return accounts.error();
    o.accounts = *accounts;
    return {};
}

} // namespace

QStringList ageBucketLabels(const QList<qint64> &bounds)
{
    // Durations as every other one is written, in the reader's language ("5m–30m", "5分–30分").
    QStringList labels;
    qint64 from = 0;
    for (qint64 to : bounds) {
        labels << QCoreApplication::translate("ledger", "%1–%2", "an age range of the age chart: from, to")
                      .arg(from == 0 ? QStringLiteral("0") : duration::format(from), duration::format(to));
        from = to;
    }
    labels << QCoreApplication::translate("ledger", "%1+", "the age chart's last range: this age or more").arg(duration::format(from));
    return labels;
}

const QList<qint64> &ageBucketBoundsMs()
{
    constexpr qint64 minute = 60'000;
    static const QList<qint64> bounds{minute, 5 * minute, 30 * minute, 120 * minute, 24 * 60 * minute};
    return bounds;
}

Result<Overview> loadCounts(Store &store, qint64 stuckThresholdMs)
{
    Overview o;
    const Error e = store.withSnapshot([&]() { return readCounts(store, stuckThresholdMs, o); });
    if (!e.ok())
        return e;
    return o;
}

Result<Overview> loadOverview(Store &store, qint64 stuckThresholdMs)
{
    Overview o;
    const Error e = store.withSnapshot([&]() -> Error {
        if (Error e = readCounts(store, stuckThresholdMs, o); !e.ok())
            return e;
        o.ageBuckets = ageBucketLabels(ageBucketBoundsMs());
        auto ages = store.ageHistogram(ageBucketBoundsMs());
        if (!ages.ok())
            return ages.error();
        o.ageCounts = *ages;
        auto perMinute = store.createdPerMinute(60);
        if (!perMinute.ok())
            return perMinute.error();
        o.perMinute = *perMinute;
        return {};
    });
    if (!e.ok())
        return e;
    return o;
}

} // namespace ledger
