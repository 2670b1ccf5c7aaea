#pragma once
// Runs one repair (resume, cancel or compensate) over many transactions, one after the other on
// the caller's connection, with progress and a way to stop between two of them. The console's
// repair dialog runs it on a worker thread.
//
// Threading: blocks its caller; `progress` and `shouldStop` are called on the caller's thread.

#include "ledger/statemachine.h"
#include "protocol/coordinator.h"
#include "store/store.h"

#include <functional>

namespace ledger {

struct BatchRepairItem {
    QString id;
    TxOutcome outcome;
};

struct BatchRepairReport {
    Error error; // the batch could not start (store unavailable)
    QList<BatchRepairItem> items;
    bool stopped = false;
    int succeeded() const;
    int failed() const;
};

struct BatchRepairOptions {
    OperatorAction action = OperatorAction::Resume;
    QString reason;
    CoordinatorOptions coordinator; // actor = the operator's name
    std::function<void(int done, int total)> progress;
    std::function<bool()> shouldStop;
};

BatchRepairReport repairMany(Store &store, const QStringList &txIds, const BatchRepairOptions &options);

} // namespace ledger
