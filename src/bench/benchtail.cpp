#include "bench/benchtail.h"

#include "bench/benchstats.h"
#include "store/writetimes.h"

#include <algorithm>
#include <chrono>

namespace ledger::bench {

namespace {

// The calling thread's running totals (wall time as the steady clock's reading).
TransferTimes countersNow()
{
    const WriteTimes &t = threadWriteTimes();
    TransferTimes c;
    c.gateWaitNs = t.gateWaitNs;
    c.heldNs = t.heldNs;
    c.heldCpuNs = t.heldCpuNs;
    c.involuntarySwitches = threadInvoluntarySwitches();
    c.cpuNs = threadCpuNs();
    c.wallNs = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
    return c;
}

qint64 heldOffCpuNs(const TransferTimes &t) { return std::max<qint64>(0, t.heldNs - t.heldCpuNs); }

TimeSplit splitOf(std::vector<TransferTimes>::const_iterator from, std::vector<TransferTimes>::const_iterator to)
{
    TimeSplit s;
    s.transfers = qint64(to - from);
    if (s.transfers == 0)
        return s;
    double wall = 0, cpu = 0, wait = 0, held = 0, heldOff = 0, switches = 0;
    for (auto it = from; it != to; ++it) {
        wall += double(it->wallNs);
        cpu += double(it->cpuNs);
        wait += double(it->gateWaitNs);
        held += double(it->heldNs);
        heldOff += double(heldOffCpuNs(*it));
        switches += double(it->involuntarySwitches);
    }
    const double n = double(s.transfers) * 1e6; // ns → ms, per transfer
    s.wallMs = wall / n;
    s.cpuMs = cpu / n;
    s.gateWaitMs = wait / n;
    s.heldMs = held / n;
    s.heldOffCpuMs = heldOff / n;
    s.elsewhereOffCpuMs = std::max(0.0, (wall - cpu - wait - heldOff) / n);
    s.involuntarySwitches = switches / double(s.transfers);
    return s;
}

} // namespace

void TailSampler::start() { m_start = countersNow(); }

TransferTimes TailSampler::stop() const
{
    const TransferTimes now = countersNow();
    TransferTimes r;
    r.wallNs = now.wallNs - m_start.wallNs;
    r.cpuNs = now.cpuNs - m_start.cpuNs;
    r.gateWaitNs = now.gateWaitNs - m_start.gateWaitNs;
    r.heldNs = now.heldNs - m_start.heldNs;
    r.heldCpuNs = now.heldCpuNs - m_start.heldCpuNs;
    r.involuntarySwitches = now.involuntarySwitches - m_start.involuntarySwitches;
    return r;
}

TailProfile TailProfile::of(std::vector<TransferTimes> samples)
{
    TailProfile p;
    if (samples.empty())
        return p;
    std::sort(samples.begin(), samples.end(), [](const TransferTimes &a, const TransferTimes &b) { return a.wallNs < b.wallNs; });
    const std::size_t n = samples.size();
    // The p99 transfer (nearest rank, as the latency percentiles) and everything slower.
    const std::size_t p99 = nearestRankIndex(n, 99);
    p.slowest = splitOf(samples.cbegin() + std::ptrdiff_t(p99), samples.cend());
    p.middle = splitOf(samples.cbegin() + std::ptrdiff_t(n * 45 / 100),
                       samples.cbegin() + std::ptrdiff_t(std::max(n * 55 / 100, n * 45 / 100 + 1)));
    p.all = splitOf(samples.cbegin(), samples.cend());
    double held = 0, heldOff = 0;
    for (const TransferTimes &t : samples) {
        held += double(t.heldNs);
        heldOff += double(heldOffCpuNs(t));
    }
    p.heldOffCpuShare = held > 0 ? heldOff / held : 0;
    return p;
}

} // namespace ledger::bench
