#include "store/writetimes.h"

#include <atomic>
#include <sys/resource.h>
#include <time.h>

namespace ledger {

namespace {
std::atomic<bool> g_profiling{false};
}

void setWriteProfiling(bool on) { g_profiling.store(on, std::memory_order_relaxed); }

bool writeProfiling() { return g_profiling.load(std::memory_order_relaxed); }

WriteTimes &threadWriteTimes()
{
    thread_local WriteTimes times;
    return times;
}

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

qint64 threadInvoluntarySwitches()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_nivcsw;
}

} // namespace ledger
