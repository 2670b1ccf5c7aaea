#include "operations/batchrepair.h"

#include "operations/requestreplay.h"

namespace ledger {

int BatchRepairReport::succeeded() const
{
    return int(std::count_if(items.cbegin(), items.cend(), [](const BatchRepairItem &i) { return i.outcome.ok(); }));
}

int BatchRepairReport::failed() const { return int(items.size()) - succeeded(); }

BatchRepairReport repairMany(Store &store, const QStringList &txIds, const BatchRepairOptions &options)
{
    BatchRepairReport report;
    Coordinator coordinator(store, options.coordinator);
    const Acting by(options.coordinator.actor, options.coordinator.request);
    for (int i = 0; i < txIds.size(); ++i) {
        if (options.shouldStop && options.shouldStop()) {
            report.stopped = true;
            break;
        }
        const QString &id = txIds.at(i);
        // One request for the batch: each transaction's journal answers for its own part of it.
        const std::optional<TxOutcome> held = options.holdBack ? options.holdBack(id) : std::nullopt;
        const TxOutcome o = held ? *held : repairOne(store, coordinator, by, options.action, id, options.reason);
        report.items.append({id, o});
        if (options.progress)
            options.progress(i + 1, int(txIds.size()));
    }
    return report;
}

std::optional<TxOutcome> foundRepaired(OperatorAction action, const TransactionDetail &found)
{
    TxOutcome o;
    o.tx = found.tx;
    switch (action) {
    case OperatorAction::Resume: return isTerminal(found.tx.state) ? std::optional(o) : std::nullopt;
    case OperatorAction::Cancel: return found.tx.state == TxState::Canceled ? std::optional(o) : std::nullopt;
    case OperatorAction::Compensate:
        if (found.tx.compensatedBy.isEmpty() || !found.related || found.related->id != found.tx.compensatedBy)
            return std::nullopt;
        o.tx = *found.related;
        o.existing = true;
        return o;
    }
    return std::nullopt;
}

} // namespace ledger
