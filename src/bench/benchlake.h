#pragma once
// `ledgerctl bench lake`: the data lake's sync of a store of finished transfers (fillFeedStore)
// beside the change feed of the same store to /dev/null, in the same run — the lake writes what the
// feed prints, gzip-compressed into files, and the bar is half the feed's rate at least.
//
// Threading: blocks its caller; one store connection for each measurement, on its thread.

#include "bench/benchmark.h"

namespace ledger::bench {

struct LakeBenchResult {
    qint64 events = 0;
    double feedSeconds = 0;
    qint64 feedBytes = 0; // the JSON lines, before compression
    double lakeSeconds = 0;
    qint64 lakeFiles = 0;
    qint64 lakeBytes = 0; // compressed
    double feedEventsPerSecond() const { return feedSeconds > 0 ? double(events) / feedSeconds : 0; }
    double lakeEventsPerSecond() const { return lakeSeconds > 0 ? double(events) / lakeSeconds : 0; }
};

// Fills the scratch store with `rows` finished transfers (one SQLite file only: unsupported else).
Error fillForLake(const ScratchStore &scratch, qint64 rows);
// The feed from the start to the null device, then a lake sync of everything into a folder beside
// the store (removed afterwards), files of `maxFileBytes` before compression.
Result<LakeBenchResult> runLakeBench(const ScratchStore &scratch, qint64 maxFileBytes,
                                     const std::function<void(const QString &)> &progress);

} // namespace ledger::bench
