#pragma once
// A page of accounts with each balance counted whole (protocol/commitpoint.h): what the console's
// Accounts view shows, so that an operator never sees money missing while a transfer is half-way.
//
// Threading: the caller's thread and Store (a console job).

#include "store/store.h"

namespace ledger {

struct AccountCountedWhole {
    Account account;
    // The account document's balance plus the legs of committed transactions not posted yet.
    qint64 wholeBalance = 0;

    qint64 notPostedYet() const { return wholeBalance - account.balance; }
};

// The accounts `query` lists, read in one snapshot with the commit-point reading.
Result<QList<AccountCountedWhole>> accountsCountedWhole(Store &store, const AccountQuery &query);

} // namespace ledger
