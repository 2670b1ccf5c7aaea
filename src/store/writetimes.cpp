#include "store/writetimes.h"

#include <atomic>
#include <sys/resource.h>
#include <time.h>

namespace ledger {

namespace {
std::atomic<bool> g_profiling{false};
std::atomic<qint64> g_batches[BatchCounts::kBuckets];
std::atomic<qint64> g_batchWrites{0};
std::atomic<qint64> g_batchPages{0};
} // namespace

void countBatch(int ran, int kept, int pages)
{
    int bucket = 0;
    for (int n = ran; n > 1 && bucket < BatchCounts::kBuckets - 1; n >>= 1)
        ++bucket;
    g_batches[bucket].fetch_add(1, std::memory_order_relaxed);
    g_batchWrites.fetch_add(kept, std::memory_order_relaxed);
    g_batchPages.fetch_add(pages, std::memory_order_relaxed);
}

BatchCounts batchCounts()
{
    BatchCounts c;
    for (int i = 0; i < BatchCounts::kBuckets; ++i)
        c.batches[i] = g_batches[i].load(std::memory_order_relaxed);
    c.writes = g_batchWrites.load(std::memory_order_relaxed);
    c.pages = g_batchPages.load(std::memory_order_relaxed);
    return c;
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
