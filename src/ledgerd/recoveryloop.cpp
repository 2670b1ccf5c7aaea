#include "recoveryloop.h"

#include "ledger/duration.h"

#include <chrono>

namespace ledger::api {

RecoveryLoop::RecoveryLoop(StoreConnector connect, SweepOptions options, qint64 periodMs, std::function<void(const QString &)> log)
    : m_sweeper(std::move(connect), std::move(options))
    , m_periodMs(periodMs)
    , m_log(std::move(log))
{}

RecoveryLoop::~RecoveryLoop() { stop(); }

void RecoveryLoop::start()
{
    if (!m_thread.joinable())
        m_thread = std::thread([this] { run(); });
}

void RecoveryLoop::requestStop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_stopRequested = true;
    m_wake.notify_all();
}

void RecoveryLoop::stop()
{
    requestStop();
    if (m_thread.joinable())
        m_thread.join();
}

void RecoveryLoop::run()
{
    for (;;) {
        const SweepResult result = m_sweeper.sweep([this] { return m_stopRequested.load(); });
        note(result);
        std::unique_lock lock(m_mutex);
        if (m_wake.wait_for(lock, std::chrono::milliseconds(m_periodMs), [this] { return m_stopping; }))
            return;
    }
}

void RecoveryLoop::note(const SweepResult &result)
{
    const RecoveryReport &r = result.report;
    ++m_counts.sweeps;
    m_counts.done += r.count(RecoveryOutcome::Done);
    m_counts.canceled += r.count(RecoveryOutcome::Canceled);
    m_counts.moved += r.count(RecoveryOutcome::Moved);
    m_counts.failed += r.count(RecoveryOutcome::Failed);
    m_counts.claimed = result.claimed;
    m_counts.leftAlone = m_sweeper.leftAlone().size();
    if (!r.error.ok()) {
        ++m_counts.storeErrors;
        // A store that is down fails every sweep the same way: said once, and again when it changes.
        const QString text = r.error.toString();
        if (text != m_lastError)
            m_log(QStringLiteral("recovery: cannot sweep: %1 (trying again every %2)").arg(text, duration::format(m_periodMs)));
        m_lastError = text;
        return;
    }
    if (!m_lastError.isEmpty())
        m_log(QStringLiteral("recovery: sweeping again"));
    m_lastError.clear();
    if (r.candidates > 0)
        m_log(QStringLiteral("recovery: %1 stuck transaction(s): %2 done, %3 canceled, %4 moved by someone else, %5 failed")
                  .arg(r.candidates)
                  .arg(r.count(RecoveryOutcome::Done))
                  .arg(r.count(RecoveryOutcome::Canceled))
                  .arg(r.count(RecoveryOutcome::Moved))
                  .arg(r.count(RecoveryOutcome::Failed) + r.count(RecoveryOutcome::Interrupted)));
    for (const RecoveredItem &item : result.newlyLeftAlone)
        m_log(QStringLiteral("recovery: %1 could not be recovered (%2: %3); left for an operator, not tried again until ledgerd restarts")
                  .arg(item.id, codeWord(item.code), item.message));
}

} // namespace ledger::api
