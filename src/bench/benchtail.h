#pragma once
// `bench transfers --tail-profile`: where the time of the slowest transfers goes, measured per
// transfer on its own thread — its CPU time, the time it waited for the file's write gate, the
// time it held the gate while off the CPU (every other writer then waits for a thread that is
// not running), the rest of its time off the CPU (runnable but not scheduled, or blocked), and
// how often the scheduler preempted it. Compared with the transfers around the median, it says
// whether the tail is the store's work, the lock, or the scheduler.
//
// Thread-safety: a TailSampler belongs to one thread; TailProfile::of runs after they joined.

#include <QtGlobal>
#include <vector>

namespace ledger::bench {

struct TransferTimes {
    qint64 wallNs = 0;
    qint64 cpuNs = 0;
    qint64 gateWaitNs = 0;
    qint64 heldNs = 0;
    qint64 heldCpuNs = 0;
    qint64 involuntarySwitches = 0;
};

// Measures one transfer at a time on the calling thread (write profiling must be on): the
// thread's counters at start(), subtracted from those at stop().
class TailSampler {
public:
    void start();
    TransferTimes stop() const;

private:
    TransferTimes m_start;
};

// Mean milliseconds per transfer of one group of transfers.
struct TimeSplit {
    qint64 transfers = 0;
    double wallMs = 0;
    double cpuMs = 0;
    double gateWaitMs = 0;          // waiting for its writes' batches (others' writes, running or not)
    double heldMs = 0;              // running batches (its own writes and those of others with them)
    double heldOffCpuMs = 0;        // holding the gate but not running
    double elsewhereOffCpuMs = 0;   // wall − cpu − gate wait − held off CPU
    double involuntarySwitches = 0; // preemptions per transfer
};

struct TailProfile {
    TimeSplit slowest; // the transfers at or above the p99 latency
    TimeSplit middle;  // the transfers between p45 and p55
    TimeSplit all;
    // Of all the time any writer held the gate, the share it was off the CPU.
    double heldOffCpuShare = 0;

    static TailProfile of(std::vector<TransferTimes> samples);
};

} // namespace ledger::bench
