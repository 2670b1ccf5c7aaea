#include "inflightrequests.h"

#include <QDeadlineTimer>

namespace ledger::api {

InFlightRequests &InFlightRequests::instance()
{
    static InFlightRequests requests;
    return requests;
}

InFlightRequests::Hold::Hold(InFlightRequests &requests, const QString &name, const QString &key, int waitMs)
    : m_requests(requests)
    , m_entry(name + QLatin1Char('\n') + key)
{
    QMutexLocker lock(&m_requests.m_mutex);
    const QDeadlineTimer deadline(waitMs);
    while (m_requests.m_running.contains(m_entry)) {
        // One sending waits, no more: a client that sends one request many times at once holds
        // no more than one worker thread waiting (the others are answered at once).
        if (m_requests.m_waiting.contains(m_entry))
            return;
        m_requests.m_waiting.insert(m_entry);
        const bool ended = m_requests.m_ended.wait(&m_requests.m_mutex, deadline);
        m_requests.m_waiting.remove(m_entry);
        if (!ended)
            return;
    }
    m_requests.m_running.insert(m_entry);
    m_held = true;
}

InFlightRequests::Hold::~Hold()
{
    if (!m_held)
        return;
    QMutexLocker lock(&m_requests.m_mutex);
    m_requests.m_running.remove(m_entry);
    m_requests.m_ended.wakeAll();
}

} // namespace ledger::api
