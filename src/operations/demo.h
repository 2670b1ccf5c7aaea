#pragma once
// Demo data, so that a new user has something real to look at: accounts with opening balances,
// completed transfers, canceled ones (refused for funds, refused by a frozen account, canceled
// by an operator), compensations, and stuck transactions in every non-terminal state — made by
// stopping the real protocol right after one of its writes, as a crash would.
//
// Threading: runs on the caller's thread with the caller's Store.

#include "protocol/faults.h"
#include "store/store.h"
#include "store/storeextras.h"

#include <functional>

namespace ledger {

struct DemoOptions {
    int accounts = 12;
    int transfers = 200;
    int stuck = 10;
    quint32 seed = 20261122;
    QString actor = QStringLiteral("demo");
    // Skip everything when the store already holds accounts besides @world.
    bool onlyIfEmpty = false;
    std::function<void(const QString &)> progress;
    // Fault hook for the demo's ordinary transfers (LEDGER_CRASH_AFTER reaches the demo too).
    StepHook hook;
    // Spread the history over the last week with the store's backdating (its StoreExtras, from
    // extrasOf): most transfers over days, the rest over the last hour, stuck ones from minutes to
    // days old — so that the overview's age and per-minute charts and the stuck threshold show
    // something real. Null (tests that want everything "now"): not spread.
    StoreExtras *spreadOverDays = nullptr;
};

struct DemoReport {
    bool skipped = false; // onlyIfEmpty and the store had data
    int accountsCreated = 0;
    int done = 0;
    int canceled = 0;
    int compensations = 0;
    QMap<TxState, int> stuckByState;
};

Result<DemoReport> fillDemo(Store &store, const DemoOptions &options);

} // namespace ledger
