#pragma once
// A thread of ledgerd's that loops until asked to stop (the recovery sweeper's, the data lake's):
// started once, woken at once by a stop request from its wait, and stopped within a grace — or
// reported as not stopped, so that main() can leave it as a crash would (a store call that does
// not come back cannot be interrupted).
//
// Threading: start(), requestStop(), stop() and destruction on one thread (main's); the body runs
// on the loop's thread and calls waitForStop() there; stopRequested() from any thread.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace ledger::api {

class LoopThread {
public:
    LoopThread() = default;
    // requestStop(), then waits for the body however long it takes.
    ~LoopThread();
    LoopThread(const LoopThread &) = delete;
    LoopThread &operator=(const LoopThread &) = delete;

    // Runs `body` on a new thread; it has ended when the body returns. Once only.
    void start(std::function<void()> body);
    bool started() const { return m_thread.joinable(); }
    // The body's waitForStop() returns true from now on. Returns at once.
    void requestStop();
    // requestStop(), then waits up to `waitMs` for the body to return: true once it has (the
    // thread joined), false when it has not.
    bool stop(int waitMs);
    // Waits for the body to return, however long (a body that ended by itself).
    void join();
    bool stopRequested() const { return m_stopRequested.load(); }
    // On the loop's thread: waits up to `ms`, or less when a stop is asked; whether one was.
    bool waitForStop(long long ms);

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_ended = false; // under m_mutex
    // Set under m_mutex (the waits check it there, and must not miss the wake-up); read anywhere.
    std::atomic<bool> m_stopRequested{false};
    std::thread m_thread;
};

} // namespace ledger::api
