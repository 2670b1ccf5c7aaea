#pragma once
// What one client address may take of ledgerd: a share of the connections, and a pace of failed
// authentications. A client is its address (an IPv4-mapped IPv6 address is its IPv4 one); behind
// a proxy every client is the proxy's address, so raise --max-connections-per-client there.
//
// AuthThrottle is a token bucket per address: `burst` failures at once, then one more every
// `refillMs`. While an address's bucket is empty every request from it that needs a token is
// answered 429 with Retry-After before its token is looked at — a valid one too: were valid tokens
// let through, the answer (or how soon it comes) would still tell a guesser which guess was right.
// Pure (the time is passed in), for its unit test. Threading: the front's thread.

#include <QByteArray>
#include <QHash>
#include <QHostAddress>

namespace ledger::api {

// The address as a key: IPv4-mapped IPv6 addresses as IPv4, other IPv6 addresses by their /64.
QByteArray clientKey(const QHostAddress &address);

class AuthThrottle {
public:
    explicit AuthThrottle(int burst = 20, qint64 refillMs = 6000, int maxClients = 10'000);
    // 0: a request from `client` may try its token now; else how long until one may (ms).
    qint64 waitMs(const QByteArray &client, qint64 nowMs) const;
    void failed(const QByteArray &client, qint64 nowMs);
    int clients() const { return int(m_buckets.size()); }

private:
    struct Bucket {
        qint64 creditMs = 0; // tries left, in milliseconds of refill (one try: refillMs)
        qint64 at = 0;       // when `creditMs` was last brought up to date
    };
    qint64 creditAt(const Bucket &b, qint64 nowMs) const;
    void prune(qint64 nowMs);

    int m_burst;
    qint64 m_refillMs;
    int m_maxClients;
    QHash<QByteArray, Bucket> m_buckets; // only addresses that failed and have not refilled
};

} // namespace ledger::api
