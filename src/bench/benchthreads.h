#pragma once
// The benchmark's plumbing: worker threads with one store connection each, a stopwatch the
// first ready worker starts, per-thread latency samples merged at the end, and random transfers.
//
// Thread-safety: as noted per member.

#include "protocol/coordinator.h"
#include "store/open/storeconfig.h"

#include <QMutex>
#include <chrono>
#include <functional>
#include <mutex>
#include <random>
#include <thread>
#include <utility>
#include <vector>

namespace ledger::bench {

// Runs `work(t, n)` on n threads (t = 0..n-1) and returns the first error any of them returned.
// Blocks until all end.
inline Error onEachThread(int n, const std::function<Error(int, int)> &work)
{
    Error first;
    QMutex mutex;
    std::vector<std::thread> threads;
    for (int t = 0; t < n; ++t) {
        threads.emplace_back([&, t]() {
            const Error e = work(t, n);
            if (!e.ok()) {
                QMutexLocker lock(&mutex);
                if (first.ok())
                    first = e;
            }
        });
    }
    for (auto &thread : threads)
        thread.join();
    return first;
}

// The same, each thread with its own connection to the store: `work(store, t, n)`; a thread that
// could not open the store returns that error.
inline Error onThreads(const StoreConfig &config, int n, const std::function<Error(Store &, int, int)> &work)
{
    return onEachThread(n, [&](int t, int count) -> Error {
        auto store = openStore(config);
        return store.ok() ? work(**store, t, count) : store.error();
    });
}

// Started by the first worker to call startOnce() (any thread); read after the workers joined.
class Stopwatch {
public:
    using Clock = std::chrono::steady_clock;

    void startOnce()
    {
        std::call_once(m_once, [this]() { m_start = Clock::now(); });
    }
    // Valid in a thread after its own startOnce().
    Clock::time_point start() const { return m_start; }
    double seconds() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }
    static double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

private:
    std::once_flag m_once;
    Clock::time_point m_start = Clock::now();
};

// Samples (latencies, per-transfer times), one vector per thread so that recording takes no lock.
template <typename T> class PerThreadSamples {
public:
    explicit PerThreadSamples(int threads)
        : m_perThread(std::size_t(threads))
    {}
    // Thread t only.
    void add(int t, T sample) { m_perThread[std::size_t(t)].push_back(std::move(sample)); }
    // After the threads joined.
    std::vector<T> merged() const
    {
        std::vector<T> all;
        for (const auto &v : m_perThread)
            all.insert(all.end(), v.begin(), v.end());
        return all;
    }

private:
    std::vector<std::vector<T>> m_perThread;
};
using Samples = PerThreadSamples<double>; // latencies in ms

// A random transfer among `accounts` (at least two): amount 0.01-10.00, source != destination.
// Thread-safety: each thread its own generator.
inline TransferRequest randomTransfer(const QStringList &accounts, std::mt19937_64 &rng)
{
    std::uniform_int_distribution<int> pick(0, int(accounts.size()) - 1);
    std::uniform_int_distribution<qint64> amount(1, 1000);
    TransferRequest r;
    const int from = pick(rng);
    int to = pick(rng);
    while (to == from)
        to = pick(rng);
    r.source = accounts.at(from);
    r.destination = accounts.at(to);
    r.amount = amount(rng);
    return r;
}

} // namespace ledger::bench
