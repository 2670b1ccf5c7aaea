#include "metrics.h"

namespace ledger::api {

namespace {

// A cause as a label value: a code word, "none" or "other" (TxQuery::cause's "" and "*").
QByteArray causeLabel(const QString &cause)
{
    if (cause.isEmpty())
        return "none";
    if (cause == kOtherCause)
        return "other";
    return cause.toUtf8();
}

} // namespace

void Metrics::request(const QString &route, int status) { ++m_requests[{route, status}]; }

void Metrics::transfer(double seconds)
{
    std::size_t i = 0;
    while (i < kBuckets.size() && seconds > kBuckets[i])
        ++i;
    ++m_transferBuckets[i];
    m_transferSum += seconds;
    ++m_transferCount;
}

namespace {
QByteArray renderLake(const LakeCounts &lake)
{
    // One table: name, type, help, value.
    const struct {
        const char *name;
        const char *type;
        const char *help;
        qint64 value;
    } lines[] = {
        {"ledgerd_lake_up", "gauge", "Whether the data lake's last pass succeeded (1) or not (0).", lake.up.load() ? 1 : 0},
        {"ledgerd_lake_lag_seconds", "gauge",
         "Age of the oldest finished transaction not yet in a visible lake file (0: none); files close at --lake-max-age.",
         lake.lagSeconds.load()},
        {"ledgerd_lake_lag_events", "gauge", "Finished transactions not yet in a visible lake file (counted up to 10000).",
         lake.lagEvents.load()},
        {"ledgerd_lake_events_total", "counter", "Finished transactions this ledgerd put into the lake.", lake.events.load()},
        {"ledgerd_lake_files_total", "counter", "Lake files this ledgerd made visible.", lake.files.load()},
        {"ledgerd_lake_bytes_total", "counter", "Compressed bytes of those files.", lake.bytes.load()},
        {"ledgerd_lake_errors_total", "counter", "Lake passes that failed (the store or the lake's folder or bucket).", lake.errors.load()},
    };
    QByteArray out;
    for (const auto &l : lines)
        out += QByteArray("# HELP ") + l.name + ' ' + l.help + "\n# TYPE " + l.name + ' ' + l.type + '\n' + l.name + ' '
             + QByteArray::number(l.value) + '\n';
    return out;
}
} // namespace

QByteArray Metrics::render(const StuckReading &stuck, const GuardCounts &guard, int inFlight, const RecoveryCounts *recovery,
                           const LakeCounts *lake) const
{
    QByteArray out;
    out += "# HELP ledgerd_requests_total HTTP requests answered, by route and status.\n"
           "# TYPE ledgerd_requests_total counter\n";
    for (auto it = m_requests.begin(); it != m_requests.end(); ++it)
        out += "ledgerd_requests_total{route=\"" + it.key().first.toUtf8() + "\",status=\"" + QByteArray::number(it.key().second) + "\"} "
             + QByteArray::number(it.value()) + '\n';
    out += "# HELP ledgerd_transfer_seconds Time to answer POST /v1/transfers, the whole protocol included.\n"
           "# TYPE ledgerd_transfer_seconds histogram\n";
    qint64 cumulative = 0;
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
        cumulative += m_transferBuckets[i];
        out += "ledgerd_transfer_seconds_bucket{le=\"" + QByteArray::number(kBuckets[i], 'g', 6) + "\"} " + QByteArray::number(cumulative)
             + '\n';
    }
    cumulative += m_transferBuckets[kBuckets.size()];
    out += "ledgerd_transfer_seconds_bucket{le=\"+Inf\"} " + QByteArray::number(cumulative) + '\n';
    out += "ledgerd_transfer_seconds_sum " + QByteArray::number(m_transferSum, 'f', 6) + '\n';
    out += "ledgerd_transfer_seconds_count " + QByteArray::number(m_transferCount) + '\n';
    out += "# HELP ledgerd_store_up Whether the store answered this scrape's reads (1) or not (0).\n"
           "# TYPE ledgerd_store_up gauge\n"
           "ledgerd_store_up "
         + QByteArray(stuck.summary ? "1" : "0") + '\n';
    out += "# HELP ledgerd_stuck_threshold_seconds Unfinished transactions idle this long are stuck (--stuck-for), as are those "
           "whose lease expired.\n"
           "# TYPE ledgerd_stuck_threshold_seconds gauge\n"
           "ledgerd_stuck_threshold_seconds "
         + QByteArray::number(stuck.stuckForMs / 1000) + '\n';
    if (stuck.summary) {
        const StuckSummary &s = *stuck.summary;
        out += "# HELP ledgerd_transactions_stuck Unfinished transactions idle longer than the threshold or with an expired lease.\n"
               "# TYPE ledgerd_transactions_stuck gauge\n"
               "ledgerd_transactions_stuck "
             + QByteArray::number(s.stuck) + '\n';
        out += "# HELP ledgerd_transactions_stuck_by_cause Stuck transactions by the state they stopped in and their last error's code "
               "word (none: no error; other: an error without a code word), of the first 10000 read.\n"
               "# TYPE ledgerd_transactions_stuck_by_cause gauge\n";
        for (const StuckCause &g : s.causes.groups)
            out += "ledgerd_transactions_stuck_by_cause{state=\"" + nameOf(g.state).toUtf8() + "\",cause=\"" + causeLabel(g.cause) + "\"} "
                 + QByteArray::number(g.count) + '\n';
        out += "# HELP ledgerd_stuck_oldest_idle_seconds How long the longest-idle stuck transaction has not changed (0: none is "
               "stuck).\n"
               "# TYPE ledgerd_stuck_oldest_idle_seconds gauge\n"
               "ledgerd_stuck_oldest_idle_seconds "
             + QByteArray::number(double(s.oldestIdleMs.value_or(0)) / 1000, 'f', 3) + '\n';
    }
    out += "# HELP ledgerd_store_errors_total Requests that failed because the store did (503 or 500).\n"
           "# TYPE ledgerd_store_errors_total counter\n"
           "ledgerd_store_errors_total "
         + QByteArray::number(m_storeErrors) + '\n';
    out += "# HELP ledgerd_requests_in_flight Requests being handled now.\n"
           "# TYPE ledgerd_requests_in_flight gauge\n"
           "ledgerd_requests_in_flight "
         + QByteArray::number(inFlight) + '\n';
    out += "# HELP ledgerd_connections_refused_total Connections closed at accept, unanswered: the connection limit "
           "(--max-connections) or one address's share (--max-connections-per-client) was reached.\n"
           "# TYPE ledgerd_connections_refused_total counter\n"
           "ledgerd_connections_refused_total{why=\"limit\"} "
         + QByteArray::number(guard.refusedAtAccept) + "\nledgerd_connections_refused_total{why=\"per-client\"} "
         + QByteArray::number(guard.refusedPerClient) + '\n';
    // The single-number counters of the connection guard and of authentication: one table.
    struct Counter {
        const char *name;
        const char *help;
        qint64 value;
    };
    const Counter counters[] = {
        {"ledgerd_requests_timed_out_total", "Connections cut because a request did not arrive whole in time.", guard.timedOut},
        {"ledgerd_requests_too_large_total",
         "Requests refused with 413: a body over 64 KiB by its Content-Length, or over 80 KiB sent ahead of an answer.", guard.tooLarge},
        {"ledgerd_requests_malformed_total", "Requests refused for their framing (400, 411, 431, 505), the connection closed.",
         guard.malformed},
        {"ledgerd_connections_unread_total", "Connections ended because their client left over 512 KiB of answers unread.", guard.unread},
        {"ledgerd_auth_failures_total", "Requests with a wrong token or none where one is needed (401).", m_authFailures},
        {"ledgerd_auth_throttled_total", "Requests answered 429: their address had sent too many wrong tokens.", m_authThrottled},
    };
    for (const Counter &c : counters)
        out += QByteArray("# HELP ") + c.name + ' ' + c.help + "\n# TYPE " + c.name + " counter\n" + c.name + ' '
             + QByteArray::number(c.value) + '\n';
    if (lake)
        out += renderLake(*lake);
    if (!recovery)
        return out;
    out += "# HELP ledgerd_recovery_sweeps_total Sweeps of the recovery sweeper (--recover-every).\n"
           "# TYPE ledgerd_recovery_sweeps_total counter\n"
           "ledgerd_recovery_sweeps_total "
         + QByteArray::number(recovery->sweeps.load()) + '\n';
    out += "# HELP ledgerd_recovered_total Stuck transactions the sweeper took over, by how that ended.\n"
           "# TYPE ledgerd_recovered_total counter\n";
    const std::pair<const char *, qint64> outcomes[] = {{"done", recovery->done.load()},
                                                        {"canceled", recovery->canceled.load()},
                                                        {"moved", recovery->moved.load()},
                                                        {"failed", recovery->failed.load()}};
    for (const auto &[name, n] : outcomes)
        out += QByteArray("ledgerd_recovered_total{outcome=\"") + name + "\"} " + QByteArray::number(n) + '\n';
    out += "# HELP ledgerd_recovery_passed_over Stuck transactions the last sweep left alone: claimed by an operator, or failed for good "
           "before.\n"
           "# TYPE ledgerd_recovery_passed_over gauge\n"
           "ledgerd_recovery_passed_over{why=\"claimed\"} "
         + QByteArray::number(recovery->claimed.load()) + "\nledgerd_recovery_passed_over{why=\"failed-before\"} "
         + QByteArray::number(recovery->failedBefore.load()) + '\n';
    out += "# HELP ledgerd_recovery_store_errors_total Sweeps that could not run because the store failed.\n"
           "# TYPE ledgerd_recovery_store_errors_total counter\n"
           "ledgerd_recovery_store_errors_total "
         + QByteArray::number(recovery->storeErrors.load()) + '\n';
    return out;
}

} // namespace ledger::api
