#include "protocol/recovery.h"

#include "ledger/duration.h"

#include <QMutex>
#include <atomic>
#include <thread>
#include <vector>

namespace ledger {

QString nameOf(RecoveryOutcome outcome)
{
    switch (outcome) {
    case RecoveryOutcome::Done: return QStringLiteral("done");
    case RecoveryOutcome::Canceled: return QStringLiteral("canceled");
    case RecoveryOutcome::Moved: return QStringLiteral("moved");
    case RecoveryOutcome::Failed: return QStringLiteral("failed");
    case RecoveryOutcome::Interrupted: return QStringLiteral("interrupted");
    }
    return QString();
}

namespace {

// In English: it goes into the journal with the takeover, whichever language recovered it.
QString whyStuck(const Transaction &tx, const QDateTime &now, qint64 olderThanMs)
{
    const auto english = [](qint64 ms) { return duration::said(ms).english(); };
    if (tx.leaseUntil.isValid() && tx.leaseUntil < now)
        return QStringLiteral("lease of %1 expired %2 ago").arg(tx.owner, english(tx.leaseUntil.msecsTo(now)));
    return QStringLiteral("no progress for %1 (threshold %2)").arg(english(tx.lastModified.msecsTo(now)), english(olderThanMs));
}

RecoveredItem classify(const Transaction &snapshot, const TxOutcome &o)
{
    RecoveredItem item;
    item.id = snapshot.id;
    item.fromState = snapshot.state;
    if (o.tx)
        item.toState = o.tx->state;
    item.code = o.error.code;
    item.message = o.ok() ? o.note : o.error.localized();
    if (o.error.code == ErrorCode::Interrupted)
        item.outcome = RecoveryOutcome::Interrupted;
    else if (o.byOther || o.error.code == ErrorCode::Conflict)
        item.outcome = RecoveryOutcome::Moved;
    else if (o.tx && o.tx->state == TxState::Done && o.ok())
        item.outcome = RecoveryOutcome::Done;
    else if (o.tx && o.tx->state == TxState::Canceled && exitStatusOf(o.error.code) != ExitStatus::StoreFailure)
        item.outcome = RecoveryOutcome::Canceled; // includes a hold refused now (funds, frozen)
    else
        item.outcome = RecoveryOutcome::Failed;
    return item;
}

} // namespace

RecoveryReport recoverStuck(const StoreConnector &connect, const RecoveryOptions &options)
{
    RecoveryReport report;
    QList<Transaction> candidates;
    QDateTime now;
    {
        auto store = connect();
        if (!store.ok()) {
            report.error = store.error();
            return report;
        }
        TxQuery query;
        query.stuckOnly = true;
        query.stuckForMs = qMax<qint64>(0, options.olderThanMs);
        query.sortKey = TxSortKey::LastModified;
        auto list = (*store)->transactions(query);
        if (!list.ok()) {
            report.error = list.error();
            return report;
        }
        candidates = std::move(list).value();
        if (options.choose) {
            auto chosen = options.choose(**store, candidates);
            if (!chosen.ok()) {
                report.error = chosen.error();
                return report;
            }
            report.passedOver = candidates.size() - chosen->size();
            candidates = std::move(chosen).value();
        }
        auto clock = (*store)->now();
        if (!clock.ok()) {
            report.error = clock.error();
            return report;
        }
        now = *clock;
    }
    report.candidates = candidates.size();
    if (candidates.isEmpty())
        return report;

    const int threads = qBound(1, options.threads, 64);
    std::atomic<qint64> next{0};
    std::atomic<qint64> finished{0};
    QMutex reportMutex;
    const auto worker = [&]() {
        // Each pool thread opens its own connection and drains the shared queue.
        auto store = connect();
        if (!store.ok()) {
            QMutexLocker lock(&reportMutex);
            if (report.error.ok())
                report.error = store.error();
            return;
        }
        CoordinatorOptions co;
        co.actor = options.actor;
        co.leaseMs = options.leaseMs;
        co.hook = options.hook;
        Coordinator coordinator(**store, co);
        for (qint64 i = next++; i < qint64(candidates.size()); i = next++) {
            if (options.shouldStop && options.shouldStop()) {
                QMutexLocker lock(&reportMutex);
                report.stopped = true;
                break;
            }
            const Transaction &snapshot = candidates.at(i);
            const QString why = whyStuck(snapshot, now, options.olderThanMs);
            const TxOutcome o =
                coordinator.recover(snapshot, options.reason.isEmpty() ? why : QStringLiteral("%1 (%2)").arg(options.reason, why));
            RecoveredItem item = classify(snapshot, o);
            {
                QMutexLocker lock(&reportMutex);
                report.counts[item.outcome] += 1;
                report.items.append(std::move(item));
            }
            const qint64 n = ++finished;
            if (options.progress)
                options.progress(n, qint64(candidates.size()));
        }
    };
    // Plain threads, joined here: the join is what hands their writes to this thread, and it is
    // one ThreadSanitizer can see (it cannot look inside Debian's uninstrumented Qt thread pool).
    std::vector<std::thread> pool;
    for (int t = 0; t < qMin<qint64>(threads, candidates.size()); ++t)
        pool.emplace_back(worker);
    for (auto &t : pool)
        t.join();
    report.notStarted = report.candidates - report.items.size();
    return report;
}

} // namespace ledger
