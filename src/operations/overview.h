#pragma once
// The numbers behind the console's navigator and dashboard, read in one snapshot: transactions
// per state, stuck ones, compensations, accounts, the age distribution of unfinished ones and
// transfers per minute.
//
// Threading: runs on the caller's thread with the caller's Store.

#include "store/store.h"
#include "store/tallies.h"

#include <QStringList>

namespace ledger {

struct Overview {
    // Exact, but for all transactions and done on a long ledger (store/tallies.h).
    QMap<TxState, Tally> byState;
    Tally stuck;
    Tally compensations;
    Tally accounts;
    Tally transactions;
    QStringList ageBuckets;  // labels: "0–1m", "1m–5m", ..., "1d+" (plain: chart labels are rich text)
    QList<qint64> ageCounts; // unfinished transactions per age bucket
    QList<qint64> perMinute; // transactions created per minute, the last hour, oldest first
};

// The age chart's labels for the ranges between `bounds` (milliseconds, rising), and the last
// one from the last bound up: "0–1m", "1m–5m", …, "1d+", in the reader's language.
QStringList ageBucketLabels(const QList<qint64> &bounds);
// The bounds of the age chart's ranges (1m, 5m, 30m, 2h, 1d): the counts loadOverview reads are
// for these, whichever process read them, so a console labels them in its own language.
const QList<qint64> &ageBucketBoundsMs();

// Counts only (cheap: what the navigator shows on every change).
Result<Overview> loadCounts(Store &store, qint64 stuckThresholdMs);
// Counts plus the distributions the dashboard draws.
Result<Overview> loadOverview(Store &store, qint64 stuckThresholdMs);

} // namespace ledger
