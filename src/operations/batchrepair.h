#pragma once
// Runs one repair (resume, cancel or compensate) over many transactions, one after the other on
// the caller's connection, with progress and a way to stop between two of them. The console's
// repair dialog runs it on a worker thread.
//
// Threading: blocks its caller; `progress` and `shouldStop` are called on the caller's thread.

#include "ledger/statemachine.h"
#include "operations/transactiondetail.h"
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
    // Four eyes: asked before each repair; an outcome (awaiting-approval, or why it could not ask)
    // stands for the repair, which is then not run. Empty: every repair runs.
    std::function<std::optional<TxOutcome>(const QString &txId)> holdBack = {};
};

BatchRepairReport repairMany(Store &store, const QStringList &txIds, const BatchRepairOptions &options);

// A repair whose answer was lost (the ledger service stopped while it ran) is read back: the
// outcome it had when `found` shows it done — resume: finished (done, or canceled by a refused
// hold); cancel: canceled; compensate: its compensation exists (the outcome's transaction) — else
// nullopt: it was not done, whatever became of the call.
std::optional<TxOutcome> foundRepaired(OperatorAction action, const TransactionDetail &found);

} // namespace ledger
