#pragma once
// How our AWS clients send a call again (DynamoDB's, S3's): after a throttle, a 5xx or a
// connection that failed, a capped exponential backoff with full jitter — 25 ms doubling up to
// 2 s, a random wait below that, so that writers throttled together do not come back together —
// until the call is answered, its attempts are spent or its time has passed.
//
// Thread-safety: a RetryBudget belongs to one call on one thread; backoffCapMs is pure.

#include <QElapsedTimer>
#include <QtGlobal>

namespace ledger::aws {

// The longest wait before retry number `retry` (1: after the first failure): 25 ms << (retry-1), at most 2 s.
qint64 backoffCapMs(int retry);

// The attempts one call may make: at most `maxAttempts`, and none started after `retryForMs`.
class RetryBudget {
public:
    RetryBudget(int maxAttempts, int retryForMs);
    // Whether attempt number `attempt` (1-based), which failed in a way worth repeating, may be
    // followed by another.
    bool allowsAnother(int attempt) const;
    // Sleeps a random time below backoffCapMs(attempt) (at least 1 ms) before attempt + 1.
    static void waitAfter(int attempt);

private:
    int m_maxAttempts;
    int m_retryForMs;
    QElapsedTimer m_elapsed;
};

} // namespace ledger::aws
