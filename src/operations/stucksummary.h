#pragma once
// What a monitor asks of the ledger: how many transactions are stuck, grouped by cause, and how
// long the longest-idle of them has been idle. One reading for `ledgerctl check` (the
// monitoring-plugins line) and for ledgerd's /metrics (the alert rules under packaging/prometheus),
// so that both count the same thing the console's Stuck view shows.
//
// Threading: runs on the caller's thread with the caller's Store.

#include "operations/stuckcauses.h"

#include <optional>

namespace ledger {

struct StuckSummary {
    qint64 stuck = 0;                   // exact: every stuck transaction
    StuckCauses causes;                 // grouped by cause, of the first `maxRows` read
    std::optional<qint64> oldestIdleMs; // since the longest-idle one last changed; none when none is stuck
};

// Stuck as TxQuery::stuckOnly says: unfinished, and idle `stuckForMs` or with an expired lease.
Result<StuckSummary> stuckSummary(Store &store, qint64 stuckForMs, qint64 maxRows = 10'000);

} // namespace ledger
