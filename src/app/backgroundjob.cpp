#include "backgroundjob.h"

namespace ledger::app {

void JobControl::progress(qint64 done, qint64 total) const
{
    const QPointer<BackgroundJob> job = m_job;
    const quint64 ticket = m_ticket;
    if (!job)
        return;
    // Queued to the job's (GUI) thread; the pointer is checked there, where the job lives.
    QMetaObject::invokeMethod(
        job.data(),
        [job, ticket, done, total] {
            if (job)
                job->reportProgress(ticket, done, total);
        },
        Qt::QueuedConnection);
}

BackgroundJob::BackgroundJob(StoreSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    connect(m_session, &StoreSession::closing, this, &BackgroundJob::cancel);
}

void BackgroundJob::stop()
{
    if (m_stop)
        m_stop->store(true);
    m_pending = nullptr;
}

void BackgroundJob::cancel()
{
    stop();
    m_stop.reset(); // the next run gets a flag of its own
    ++m_ticket;
    setWaiting(0);
}

void BackgroundJob::setWaiting(int waiting)
{
    const bool was = isRunning();
    m_waiting = waiting;
    if (was != isRunning())
        Q_EMIT runningChanged(isRunning());
}

void BackgroundJob::reportProgress(quint64 ticket, qint64 done, qint64 total)
{
    if (ticket == m_ticket && isRunning())
        Q_EMIT progress(done, total);
}

void BackgroundJob::startPending()
{
    if (!m_pending)
        return;
    auto next = std::move(m_pending);
    m_pending = nullptr;
    next();
}

} // namespace ledger::app
