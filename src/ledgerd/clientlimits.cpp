#include "clientlimits.h"

#include <algorithm>

namespace ledger::api {

QByteArray clientKey(const QHostAddress &address)
{
    bool v4 = false;
    const quint32 ip4 = address.toIPv4Address(&v4); // also an IPv4-mapped IPv6 address
    if (v4)
        return QHostAddress(ip4).toString().toLatin1();
    // An IPv6 client is its /64: one host is commonly given a whole /64, and would otherwise be
    // as many clients as it likes.
    Q_IPV6ADDR ip6 = address.toIPv6Address();
    for (int i = 8; i < 16; ++i)
        ip6[i] = 0;
    return QHostAddress(ip6).toString().toLatin1() + "/64";
}

AuthThrottle::AuthThrottle(int burst, qint64 refillMs, int maxClients)
    : m_burst(burst)
    , m_refillMs(refillMs)
    , m_maxClients(maxClients)
{}

qint64 AuthThrottle::creditAt(const Bucket &b, qint64 nowMs) const
{
    return std::min(qint64(m_burst) * m_refillMs, b.creditMs + std::max<qint64>(0, nowMs - b.at));
}

qint64 AuthThrottle::waitMs(const QByteArray &client, qint64 nowMs) const
{
    const auto it = m_buckets.constFind(client);
    if (it == m_buckets.constEnd())
        return 0;
    return std::max<qint64>(0, m_refillMs - creditAt(*it, nowMs));
}

void AuthThrottle::failed(const QByteArray &client, qint64 nowMs)
{
    auto it = m_buckets.find(client);
    if (it == m_buckets.end()) {
        if (m_buckets.size() >= m_maxClients)
            prune(nowMs);
        it = m_buckets.insert(client, Bucket{qint64(m_burst) * m_refillMs, nowMs});
    }
    it->creditMs = std::max<qint64>(0, creditAt(*it, nowMs) - m_refillMs);
    it->at = nowMs;
}

void AuthThrottle::prune(qint64 nowMs)
{
    // Those that refilled are forgotten; if every one is still short, the fullest go (memory
    // stays bounded whoever floods it; the emptiest, the likeliest guessers, stay throttled).
    for (auto it = m_buckets.begin(); it != m_buckets.end();)
        it = creditAt(*it, nowMs) >= qint64(m_burst) * m_refillMs ? m_buckets.erase(it) : std::next(it);
    while (m_buckets.size() >= m_maxClients) {
        auto fullest = m_buckets.begin();
        for (auto it = m_buckets.begin(); it != m_buckets.end(); ++it)
            if (creditAt(*it, nowMs) > creditAt(*fullest, nowMs))
                fullest = it;
        m_buckets.erase(fullest);
    }
}

} // namespace ledger::api
