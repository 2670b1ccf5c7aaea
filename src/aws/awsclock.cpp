#include "aws/awsclock.h"

#include <QLocale>
#include <algorithm>

namespace ledger::aws {

namespace {
// What AWS allows between a request's signature and its clock: before any answer, the server's
// clock is taken to be at most this far behind.
constexpr qint64 kUnknownOffsetMs = 300'000;
} // namespace

QDateTime ServerClock::nowAt(qint64 localMs)
{
    // The least correction the answers allow: none while this machine's clock agrees with every
    // answer so far, else up to the nearer bound. Never backwards, whatever the bounds did (a
    // lease must not come back to life).
    const qint64 offset = !m_offsetKnown ? 0 : m_offsetLow > 0 ? m_offsetLow : m_offsetHigh < 0 ? m_offsetHigh : 0;
    m_lastNow = std::max(m_lastNow, localMs + offset);
    return QDateTime::fromMSecsSinceEpoch(m_lastNow, Qt::UTC);
}

QDateTime ServerClock::earliestNowAt(qint64 localMs) const
{
    return QDateTime::fromMSecsSinceEpoch(localMs + (m_offsetKnown ? m_offsetLow : -kUnknownOffsetMs), Qt::UTC);
}

void ServerClock::learn(const QByteArray &date, qint64 sentAtMs, qint64 answeredAtMs)
{
    // The Date header is to the second, and servers keep it for a second before they write it
    // again (Node's does): the server's time was in [D, D + 2 s) at a moment between sending and
    // the answer. So the offset lies in [D - answered, D + 2 s - sent]; each answer narrows what
    // the ones before allowed. Bounds that no longer meet (the server's clock was set) start again
    // from this answer.
    const QDateTime server = QLocale::c().toDateTime(QString::fromLatin1(date), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!server.isValid())
        return;
    const qint64 d = QDateTime(server.date(), server.time(), Qt::UTC).toMSecsSinceEpoch();
    const qint64 low = d - answeredAtMs;
    const qint64 high = d + 2000 - sentAtMs;
    if (!m_offsetKnown || low > m_offsetHigh || high < m_offsetLow) {
        m_offsetLow = low;
        m_offsetHigh = high;
        m_offsetKnown = true;
        return;
    }
    m_offsetLow = std::max(m_offsetLow, low);
    m_offsetHigh = std::min(m_offsetHigh, high);
}

} // namespace ledger::aws
