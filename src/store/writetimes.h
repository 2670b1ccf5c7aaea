#pragma once
// Where a thread's write time goes, for `ledgerctl bench transfers --tail-profile`: how long its
// writes waited for this process's write gate of the file, how long they held it, and how much
// of the holding was spent off the CPU (the thread preempted or blocked while every other
// writer of the file waited for it). Off by default: reading a thread's CPU clock is a system
// call, too dear for every write of a ledger that is not being measured.
//
// Thread-safety: the switch may be flipped from any thread while no writes run; the counters
// are the calling thread's own (thread_local), read by that thread only.

#include <QtGlobal>

namespace ledger {

struct WriteTimes {
    qint64 writes = 0;
    qint64 gateWaitNs = 0; // wall time from asking for the gate to getting it
    qint64 heldNs = 0;     // wall time from getting the gate to releasing it (BEGIN … COMMIT)
    qint64 heldCpuNs = 0;  // the thread's CPU time within heldNs
};

void setWriteProfiling(bool on);
bool writeProfiling();
// This thread's totals since it started.
WriteTimes &threadWriteTimes();

// The SQLite store's group commit (sqliteconnection_batch.cpp), counted process-wide for `bench
// transfers`: its batches by how many writes they carried (bucket i: 2^i up to 2^(i+1) − 1 writes,
// the last one 256 and more), the writes they committed and the pages those commits wrote to the
// write-ahead log. Any thread; the totals are since the process started.
struct BatchCounts {
    static constexpr int kBuckets = 9;
    qint64 batches[kBuckets] = {};
    qint64 writes = 0;
    qint64 pages = 0;

    // What happened between two readings.
    BatchCounts operator-(const BatchCounts &before) const
    {
        BatchCounts d;
        for (int i = 0; i < kBuckets; ++i)
            d.batches[i] = batches[i] - before.batches[i];
        d.writes = writes - before.writes;
        d.pages = pages - before.pages;
        return d;
    }
    qint64 batchCount() const
    {
        qint64 n = 0;
        for (qint64 b : batches)
            n += b;
        return n;
    }
};
// A batch that ran `ran` writes, of which `kept` committed, and wrote `pages` pages.
void countBatch(int ran, int kept, int pages);
BatchCounts batchCounts();

// The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID) and its involuntary context switches
// so far (getrusage RUSAGE_THREAD): how often the scheduler took the CPU from a runnable thread.
qint64 threadCpuNs();
qint64 threadInvoluntarySwitches();

} // namespace ledger
