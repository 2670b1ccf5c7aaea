#include "store/writebatchqueue.h"

#include <cassert>

namespace ledger {

namespace {

// The calling thread's condition to sleep on, shared with whoever will wake it: a writer is woken
// after the batch released the queue's mutex (woken under it, it would wake only to wait for that
// mutex), by which time its thread may have gone on and even ended.
const std::shared_ptr<std::condition_variable> &threadWake()
{
    thread_local const auto wake = std::make_shared<std::condition_variable>();
    return wake;
}

} // namespace

void WriteBatchQueue::push(Ticket &t)
{
    t.m_done = false;
    t.m_wake = threadWake();
    std::lock_guard<std::mutex> lock(m_mutex);
    m_queue.push_back(&t);
}

void WriteBatchQueue::wait(Ticket &t, const Runner &runner)
{
    std::vector<std::shared_ptr<std::condition_variable>> toWake;
    std::vector<Ticket *> taken;
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!t.m_done) {
        if (m_running) {
            t.m_wake->wait(lock);
            continue;
        }
        m_running = true;
        if (runner.beforeTaking) {
            lock.unlock();
            runner.beforeTaking();
            lock.lock();
        }
        taken.clear();
        for (Ticket *p : m_queue) {
            if (taken.size() == runner.maxWrites)
                break;
            taken.push_back(p);
        }
        lock.unlock();
        const size_t answered = runner.run(taken);
        assert(answered >= 1 && answered <= taken.size()); // else the queue would never move
        lock.lock();
        for (size_t i = 0; i < answered; ++i) {
            Ticket *done = m_queue.front();
            m_queue.pop_front();
            if (done->m_wake != t.m_wake)
                toWake.push_back(done->m_wake);
            done->m_done = true; // from here `done` may be gone
        }
        m_running = false;
        // The next batch: run by a writer that comes along, or else by the first one's waiter.
        if (!m_queue.empty() && m_queue.front()->m_wake != t.m_wake)
            toWake.push_back(m_queue.front()->m_wake);
        if (!toWake.empty()) {
            lock.unlock();
            for (const auto &wake : toWake)
                wake->notify_one();
            toWake.clear();
            lock.lock();
        }
    }
}

} // namespace ledger
