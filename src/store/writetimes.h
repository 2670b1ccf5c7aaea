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

// The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID) and its involuntary context switches
// so far (getrusage RUSAGE_THREAD): how often the scheduler took the CPU from a runnable thread.
qint64 threadCpuNs();
qint64 threadInvoluntarySwitches();

} // namespace ledger
