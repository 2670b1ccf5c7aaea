#include "exportstream.h"

#include <QDeadlineTimer>

namespace ledger::api {

bool ExportChannel::waitForRoom(qint64 adding, int stallMs)
{
    QMutexLocker lock(&m_mutex);
    qint64 unsent = m_posted + m_socketUnsent;
    QDeadlineTimer stall(stallMs);
    while (!m_closed && unsent > kExportUnsentMark) {
        m_room.wait(&m_mutex, stall);
        const qint64 now = m_posted + m_socketUnsent;
        if (now < unsent) { // it moves: the client reads, slowly maybe
            unsent = now;
            stall = QDeadlineTimer(stallMs);
        } else if (stall.hasExpired()) {
            m_closed = true;
        }
    }
    if (m_closed)
        return false;
    m_posted += adding;
    return true;
}

void ExportChannel::written(qint64 chunk, qint64 socketUnsent)
{
    QMutexLocker lock(&m_mutex);
    m_posted -= chunk;
    m_socketUnsent = socketUnsent;
    m_room.wakeAll();
}

void ExportChannel::drained(qint64 socketUnsent)
{
    QMutexLocker lock(&m_mutex);
    m_socketUnsent = socketUnsent;
    m_room.wakeAll();
}

void ExportChannel::close()
{
    QMutexLocker lock(&m_mutex);
    m_closed = true;
    m_room.wakeAll();
}

ExportDevice::ExportDevice(std::shared_ptr<ExportChannel> channel, std::function<void(const QByteArray &chunk)> post)
    : m_channel(std::move(channel))
    , m_post(std::move(post))
{
    open(QIODevice::WriteOnly);
}

bool ExportDevice::flushAll() { return m_buffer.isEmpty() || hand(std::exchange(m_buffer, QByteArray())); }

qint64 ExportDevice::writeData(const char *data, qint64 size)
{
    if (m_channel->closed()) {
        setErrorString(QStringLiteral("the client is gone"));
        return -1;
    }
    m_buffer.append(data, qsizetype(size));
    if (m_buffer.size() >= kExportChunkBytes && !hand(std::exchange(m_buffer, QByteArray()))) {
        setErrorString(QStringLiteral("the client is gone, or read nothing for %1 s").arg(kExportStallMs / 1000));
        return -1;
    }
    return size;
}

bool ExportDevice::hand(QByteArray chunk)
{
    if (!m_channel->waitForRoom(chunk.size()))
        return false;
    m_started = true;
    m_post(chunk);
    return true;
}

} // namespace ledger::api
