#include "loopthread.h"

#include <chrono>

namespace ledger::api {

LoopThread::~LoopThread()
{
    requestStop();
    join();
}

void LoopThread::start(std::function<void()> body)
{
    if (m_thread.joinable())
        return;
    m_thread = std::thread([this, body = std::move(body)] {
        body();
        std::lock_guard lock(m_mutex);
        m_ended = true;
        m_wake.notify_all();
    });
}

void LoopThread::requestStop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopRequested = true;
    }
    m_wake.notify_all();
}

bool LoopThread::stop(int waitMs)
{
    requestStop();
    if (!m_thread.joinable())
        return true;
    {
        std::unique_lock lock(m_mutex);
        if (!m_wake.wait_for(lock, std::chrono::milliseconds(waitMs), [this] { return m_ended; }))
            return false;
    }
    m_thread.join();
    return true;
}

void LoopThread::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

bool LoopThread::waitForStop(long long ms)
{
    std::unique_lock lock(m_mutex);
    return m_wake.wait_for(lock, std::chrono::milliseconds(ms), [this] { return m_stopRequested.load(); });
}

} // namespace ledger::api
