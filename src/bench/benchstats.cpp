#include "bench/benchstats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ledger::bench {

std::size_t nearestRankIndex(std::size_t count, double p)
{
    // Nearest rank: the smallest sample with at least p% of the samples at or below it.
    const double rank = std::ceil(p / 100.0 * double(count));
    return std::size_t(std::clamp(rank, 1.0, double(count))) - 1;
}

double percentileOfSorted(const std::vector<double> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    return sorted[nearestRankIndex(sorted.size(), p)];
}

LatencyStats summarize(std::vector<double> samples)
{
    LatencyStats s;
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    s.count = qint64(samples.size());
    s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
    double squares = 0;
    for (double x : samples)
        squares += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(squares / double(samples.size()));
    s.min = samples.front();
    s.max = samples.back();
    s.p50 = percentileOfSorted(samples, 50);
    s.p75 = percentileOfSorted(samples, 75);
    s.p95 = percentileOfSorted(samples, 95);
    s.p99 = percentileOfSorted(samples, 99);
    return s;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace ledger::bench
