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
        if (!m_requests.m_ended.wait(&m_requests.m_mutex, deadline))
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
