#pragma once
// What is stuck, grouped by cause — the state it stopped in and its last error's code word —
// with a count each, as the incident views of workflow consoles group failures: "3 canceling on
// insufficient-funds, 3 pending with no error (their worker stopped)". The console's Stuck view
// filters by a group (TxQuery::cause) and repairs a whole group at once.
//
// Threading: runs on the caller's thread with the caller's Store (a worker thread in the GUI).

#include "store/store.h"

namespace ledger {

struct StuckCause {
    TxState state = TxState::Pending;
    QString cause; // as TxQuery::cause names it (store/storequeries.h: causeOf)
    qint64 count = 0;
};

struct StuckCauses {
    QList<StuckCause> groups; // largest first, then by state and cause
    qint64 read = 0;          // stuck transactions read
    bool complete = true;     // false: more than `maxRows` are stuck; the counts are of the first read
};

// Reads what is stuck (idle `stuckForMs`, or its lease expired) in pages, at most `maxRows`.
Result<StuckCauses> stuckCauses(Store &store, qint64 stuckForMs, qint64 maxRows = 100'000);

} // namespace ledger
