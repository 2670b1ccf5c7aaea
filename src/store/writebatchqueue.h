#pragma once
// Group commit's queue: SQLite's, one per file per process (and any other backend's that batches
// its writes; PostgreSQL's was tried and measured slower, docs/performance.md). Writers queue their write;
// whichever waiting thread finds no batch running runs the writes at the head of the queue, in the
// backend's way (one transaction, a savepoint each), and answers them; the others sleep until
// answered.
//
// Why a waiting writer runs the batch rather than a writer thread of the store's own: a lone write
// then costs no thread switch, and under load the batch is run by a thread that is already on a
// CPU (handing the turn to the first writer's own thread cost a quarter of the throughput at four
// threads on two cores). Nobody starves: a batch takes the queue from its head. Each waiter sleeps
// on its own thread's condition, woken when answered or first in the queue, so that a batch wakes
// only those it concerns (waking every waiter after each batch spent the two cores on wake-ups).
//
// Threading: any thread; a ticket is queued and waited for by the one thread that made it.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace ledger {

class WriteBatchQueue {
public:
    // One queued write; a backend's pending write derives from it.
    class Ticket {
    public:
        Ticket() = default;
        Ticket(const Ticket &) = delete;
        Ticket &operator=(const Ticket &) = delete;

    private:
        friend class WriteBatchQueue;
        bool m_done = false; // guarded by the queue's mutex
        // The waiting thread's condition (with the queue's mutex): answered, or first in the queue.
        std::shared_ptr<std::condition_variable> m_wake;
    };

    // How the thread whose turn it is runs a batch.
    struct Runner {
        // The most writes one batch takes.
        size_t maxWrites = 1;
        // Called with no lock held once this thread has the turn, before it takes the head of the
        // queue (it may sleep there: writers keep queueing). May be empty.
        std::function<void()> beforeTaking;
        // Runs and answers the first writes of `taken` (the head of the queue, in order, at most
        // maxWrites), at least one; returns how many. Called with no lock held; nothing else runs
        // a batch of this queue meanwhile.
        std::function<size_t(const std::vector<Ticket *> &taken)> run;
    };

    // Queues `t`, which must stay alive until wait(t) returned.
    void push(Ticket &t);
    // Returns once `t` was answered: by a batch this thread ran with `runner` while none ran, or
    // by another thread's.
    void wait(Ticket &t, const Runner &runner);

private:
    std::mutex m_mutex;
    std::deque<Ticket *> m_queue; // guarded by m_mutex; a write leaves it when its batch is over
    bool m_running = false;       // guarded by m_mutex
};

} // namespace ledger
