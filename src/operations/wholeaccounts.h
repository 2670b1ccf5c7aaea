#pragma once
// Accounts with each balance counted whole (protocol/commitpoint.h). One rule for the word
// everywhere — the console's views, ledgerctl's text and JSON, the exports: an account's
// **balance** is counted whole (what it holds once the transactions past their commit point are
// posted), its **posted** balance is the account document's, and the difference is **not posted
// yet**. So an operator never sees money missing while a transfer is half-way, and never two
// figures under one name.
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
// One account, likewise.
Result<AccountCountedWhole> accountCountedWhole(Store &store, const QString &accountId);

} // namespace ledger
