#pragma once
// The server's clock as an AWS service's answers tell it. DynamoDB has no function to ask the
// time, and S3 neither: every answer's Date header (to the second) bounds the offset between the
// server's clock and this machine's, and `now()` is this machine's clock moved as little as those
// bounds allow (not at all on a machine whose clock agrees with the server's to the second, so
// that every connection there reads one clock), never going backwards. A desktop whose clock is
// minutes off reads the server's to within a second, and signs requests AWS accepts (it refuses
// a signature more than five minutes off).
//
// Thread-safety: one per client, on its thread.

#include <QByteArray>
#include <QDateTime>

namespace ledger::aws {

class ServerClock {
public:
    // An answer's Date header ("Tue, 24 Nov 2026 10:11:12 GMT"), the request sent at `sentAtMs`
    // and answered at `answeredAtMs` (this machine's clock, ms since the epoch). A header that is
    // no date is ignored.
    void learn(const QByteArray &date, qint64 sentAtMs, qint64 answeredAtMs);

    // The server's time as the answers so far put it (this machine's clock until the first).
    QDateTime now() { return nowAt(QDateTime::currentMSecsSinceEpoch()); }
    QDateTime nowAt(qint64 localMs);
    // The earliest the server's clock can read now, by its answers so far (five minutes back
    // before the first). now() never goes back, so on a machine whose clock is ahead it can be
    // ahead of the server's for a while; a reading that must not start after a moment the server
    // saw takes this instead.
    QDateTime earliestNow() const { return earliestNowAt(QDateTime::currentMSecsSinceEpoch()); }
    QDateTime earliestNowAt(qint64 localMs) const;

private:
    bool m_offsetKnown = false;
    qint64 m_offsetLow = 0;
    qint64 m_offsetHigh = 0;
    qint64 m_lastNow = 0;
};

} // namespace ledger::aws
