#include "benchtail.h"

#include "writetimes.h"

#include <algorithm>
#include <chrono>

namespace ledger::bench {

namespace {

qint64 wallNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

TimeSplit splitOf(std::vector<TransferTimes>::const_iterator from, std::vector<TransferTimes>::const_iterator to)
{
    TimeSplit s;
    s.transfers = qint64(to - from);
    if (s.transfers == 0)
        return s;
    double wall = 0, cpu = 0, wait = 0, heldOff = 0, switches = 0;
    for (auto it = from; it != to; ++it) {
        wall += double(it->wallNs);
        cpu += double(it->cpuNs);
        wait += double(it->gateWaitNs);
        heldOff += double(std::max<qint64>(0, it->heldNs - it->heldCpuNs));
        switches += double(it->involuntarySwitches);
    }
    const double n = double(s.transfers) * 1e6; // ns → ms, per transfer
    s.wallMs = wall / n;
    s.cpuMs = cpu / n;
    s.gateWaitMs = wait / n;
    s.heldOffCpuMs = heldOff / n;
    s.elsewhereOffCpuMs = std::max(0.0, (wall - cpu - wait - heldOff) / n);
    s.involuntarySwitches = switches / double(s.transfers);
    return s;
}

} // namespace

void TailSampler::start()
{
    const WriteTimes &t = threadWriteTimes();
    m_gateWaitNs = t.gateWaitNs;
    m_heldNs = t.heldNs;
    m_heldCpuNs = t.heldCpuNs;
    m_switches = threadInvoluntarySwitches();
    m_cpuNs = threadCpuNs();
    m_wallNs = wallNowNs();
}

TransferTimes TailSampler::stop() const
{
    TransferTimes r;
    r.wallNs = wallNowNs() - m_wallNs;
    r.cpuNs = threadCpuNs() - m_cpuNs;
    const WriteTimes &t = threadWriteTimes();
    r.gateWaitNs = t.gateWaitNs - m_gateWaitNs;
    r.heldNs = t.heldNs - m_heldNs;
    r.heldCpuNs = t.heldCpuNs - m_heldCpuNs;
    r.involuntarySwitches = threadInvoluntarySwitches() - m_switches;
    return r;
}

TailProfile TailProfile::of(std::vector<TransferTimes> samples)
{
    TailProfile p;
    if (samples.empty())
        return p;
    std::sort(samples.begin(), samples.end(), [](const TransferTimes &a, const TransferTimes &b) { return a.wallNs < b.wallNs; });
    const std::size_t n = samples.size();
    // Nearest rank, as the latency percentiles are: the p99 transfer and everything slower.
    const std::size_t p99 = std::min(n - 1, std::size_t((99 * n + 99) / 100) - 1);
    p.slowest = splitOf(samples.cbegin() + std::ptrdiff_t(p99), samples.cend());
    p.middle = splitOf(samples.cbegin() + std::ptrdiff_t(n * 45 / 100), samples.cbegin() + std::ptrdiff_t(std::max(n * 55 / 100, n * 45 / 100 + 1)));
    p.all = splitOf(samples.cbegin(), samples.cend());
    double held = 0, heldOff = 0;
    for (const TransferTimes &t : samples) {
        held += double(t.heldNs);
        heldOff += double(std::max<qint64>(0, t.heldNs - t.heldCpuNs));
    }
    p.heldOffCpuShare = held > 0 ? heldOff / held : 0;
    return p;
}

} // namespace ledger::bench
