#include "recoveryloop.h"

#include "ledger/duration.h"

#include <QMap>

namespace ledger::api {

RecoveryLoop::RecoveryLoop(StoreConnector connect, SweepOptions options, qint64 periodMs, std::function<void(const QString &)> log)
    : m_sweeper(std::move(connect), std::move(options))
    , m_periodMs(periodMs)
    , m_log(std::move(log))
{}

RecoveryLoop::~RecoveryLoop() = default;

void RecoveryLoop::start()
{
    m_loop.start([this] { run(); });
}

void RecoveryLoop::requestStop() { m_loop.requestStop(); }

bool RecoveryLoop::stop(int waitMs) { return m_loop.stop(waitMs); }

void RecoveryLoop::run()
{
    do {
        note(m_sweeper.sweep([this] { return m_loop.stopRequested(); }));
    } while (!m_loop.waitForStop(m_periodMs));
}

void RecoveryLoop::note(const SweepResult &result)
{
    const RecoveryReport &r = result.report;
    ++m_counts.sweeps;
    if (!r.error.ok()) {
        ++m_counts.storeErrors;
        // A store that is down fails every sweep the same way: said once, and again when it changes.
        const QString text = r.error.toString();
        if (text != m_lastError)
            m_log(QStringLiteral("recovery: cannot sweep: %1 (trying again every %2)").arg(text, duration::said(m_periodMs).english()));
        m_lastError = text;
        return;
    }
    if (!m_lastError.isEmpty())
        m_log(QStringLiteral("recovery: sweeping again"));
    m_lastError.clear();
    m_counts.done += r.count(RecoveryOutcome::Done);
    m_counts.canceled += r.count(RecoveryOutcome::Canceled);
    m_counts.moved += r.count(RecoveryOutcome::Moved);
    m_counts.failed += r.count(RecoveryOutcome::Failed);
    m_counts.claimed = result.claimed;
    m_counts.failedBefore = result.failedBefore;

    const qint64 finished = r.count(RecoveryOutcome::Done) + r.count(RecoveryOutcome::Canceled) + r.count(RecoveryOutcome::Moved);
    if (finished > 0)
        m_log(QStringLiteral("recovery: %1 stuck transaction(s): %2 done, %3 canceled, %4 moved by someone else, %5 not finished")
                  .arg(r.candidates)
                  .arg(r.count(RecoveryOutcome::Done))
                  .arg(r.count(RecoveryOutcome::Canceled))
                  .arg(r.count(RecoveryOutcome::Moved))
                  .arg(r.unfinished()));
    for (const OperatorClaim &claim : result.newlyClaimed)
        m_log(QStringLiteral("recovery: %1 is claimed by %2 (since %3): left to them until released")
                  .arg(claim.txId, claim.by, claim.at.toUTC().toString(Qt::ISODateWithMs)));
    for (const RecoveredItem &item : result.newlyLeftAlone)
        m_log(QStringLiteral("recovery: %1 could not be recovered (%2: %3); left for an operator, not tried again until ledgerd restarts")
                  .arg(item.id, codeWord(item.code), item.message));
    // Failures a retry may cure (a full or read-only store) come back every sweep: said when
    // their kinds change, not each time.
    QMap<QString, int> byCode;
    for (const RecoveredItem &item : r.items)
        if (item.outcome == RecoveryOutcome::Failed && worthRetrying(item))
            ++byCode[codeWord(item.code)];
    QStringList kinds;
    for (auto it = byCode.cbegin(); it != byCode.cend(); ++it)
        kinds << QStringLiteral("%1 × %2").arg(it.key()).arg(it.value());
    const QString failures = kinds.join(QStringLiteral(", "));
    if (!failures.isEmpty() && failures != m_lastFailures)
        m_log(QStringLiteral("recovery: could not finish now (%1); trying again every %2")
                  .arg(failures, duration::said(m_periodMs).english()));
    m_lastFailures = failures;
    if (result.abandoned > 0)
        m_log(QStringLiteral("recovery: stopping: %1 transaction(s) left half-way, for the next sweep").arg(result.abandoned));
}

} // namespace ledger::api
