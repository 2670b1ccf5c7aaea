#include "operations/batchrepair.h"

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
    for (int i = 0; i < txIds.size(); ++i) {
        if (options.shouldStop && options.shouldStop()) {
            report.stopped = true;
            break;
        }
        const QString &id = txIds.at(i);
        TxOutcome o;
        switch (options.action) {
        case OperatorAction::Resume: o = coordinator.resume(id, options.reason); break;
        case OperatorAction::Cancel: o = coordinator.cancel(id, options.reason); break;
        case OperatorAction::Compensate: o = coordinator.compensate(id, options.reason); break;
        }
        report.items.append({id, o});
        if (options.progress)
            options.progress(i + 1, int(txIds.size()));
    }
    return report;
}

} // namespace ledger
