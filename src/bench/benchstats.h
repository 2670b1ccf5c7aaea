#pragma once
// Latency summaries for `ledgerctl bench`: the figures the MongoDB schema book published for its
// seed scenario (mean, standard deviation, 75th/95th/99th percentile, minimum, maximum) plus the
// median. Percentiles are nearest-rank over the exact samples: no histogram buckets, no
// interpolation, so a reported p99 is a latency some transfer really had.
//
// Thread-safety: pure functions.

#include <QtGlobal>
#include <vector>

namespace ledger::bench {

struct LatencyStats {
    qint64 count = 0;
    double mean = 0;
    double stddev = 0; // population standard deviation
    double min = 0;
    double p50 = 0;
    double p75 = 0;
    double p95 = 0;
    double p99 = 0;
    double max = 0;
};

// Summarises samples in milliseconds (consumes them: they are sorted in place).
LatencyStats summarize(std::vector<double> samplesMs);
// The nearest-rank percentile `p` (0 < p ≤ 100) of samples already sorted ascending.
double percentileOfSorted(const std::vector<double> &sorted, double p);
// Where that sample sits among `count` (> 0) sorted samples.
std::size_t nearestRankIndex(std::size_t count, double p);
// The median of a few values (e.g. of several runs); 0 for none.
double median(std::vector<double> values);

} // namespace ledger::bench
