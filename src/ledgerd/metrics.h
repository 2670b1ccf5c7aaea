#pragma once
// /metrics in the Prometheus text format: requests by route and status, the latency of transfers
// as a histogram, the connection guard's refusals, store errors, the transactions stuck (read
// from the store when scraped: how many, by state and cause, the longest idle, whether the store
// answered), what the recovery sweeper did and how far behind the data lake is (--lake). The alert rules of packaging/prometheus read them;
// labels are few-valued (state, cause code word, route, status), never an id.
// Threading: the front's thread records and renders (the stuck count is read on a pool thread).

#include "connectionguard.h"
#include "lakeloop.h"
#include "recoveryloop.h"

#include "operations/stucksummary.h"

#include <QElapsedTimer>
#include <QMap>
#include <QPair>
#include <QString>

#include <array>

namespace ledger::api {

// What a scrape read from the store (on a worker): nothing when the store did not answer.
struct StuckReading {
    std::optional<StuckSummary> summary;
    qint64 stuckForMs = 0; // what counts as stuck besides an expired lease (--stuck-for)
};

class Metrics {
public:
    void request(const QString &route, int status);
    void transfer(double seconds);
    void storeError() { ++m_storeErrors; }
    void authFailed() { ++m_authFailures; }
    void authThrottled() { ++m_authThrottled; }
    QByteArray render(const StuckReading &stuck, const GuardCounts &guard, int inFlight, const RecoveryCounts *recovery,
                      const LakeCounts *lake = nullptr) const;

private:
    static constexpr std::array<double, 12> kBuckets{0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5};
    QMap<QPair<QString, int>, qint64> m_requests;
    std::array<qint64, kBuckets.size() + 1> m_transferBuckets{};
    double m_transferSum = 0;
    qint64 m_transferCount = 0;
    qint64 m_storeErrors = 0;
    qint64 m_authFailures = 0;
    qint64 m_authThrottled = 0;
};

} // namespace ledger::api
