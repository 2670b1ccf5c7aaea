#pragma once
// The stuck transactions nobody else is on: what a console tells its operator about when it is
// minimized or on another page (the console's StuckNoticer). One another operator claimed within
// kRecentClaimMs is theirs (claimWarns, the rule by which the console asks before a repair), so no
// one else is told of it.
//
// Threading: runs on the caller's thread with the caller's Store (a worker thread in the GUI).

#include "store/store.h"

#include <QSet>

namespace ledger {

struct StuckWatch {
    QSet<QString> ids;    // stuck, and not claimed by another operator
    bool complete = true; // false: more than `maxRows` are stuck; `ids` are of the most recently changed
};

Result<StuckWatch> stuckNobodyElseClaims(Store &store, qint64 stuckForMs, const QString &operatorName, int maxRows = 1000);

} // namespace ledger
