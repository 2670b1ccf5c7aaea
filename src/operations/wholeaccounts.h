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

#include <functional>

namespace ledger {

struct AccountCountedWhole {
    Account account;
    // The account document's balance plus the legs of committed transactions not posted yet.
    qint64 wholeBalance = 0;

    qint64 notPostedYet() const { return wholeBalance - account.balance; }
};

// The accounts `read` gives, read inside one snapshot and then the commit-point reading of just
// them (CommitPointReading::readInSnapshot(store, accounts)), each with its balance counted
// whole; `alsoInSnapshot`, when set, runs in the same snapshot after them (an account's panel
// reads its holds and history there).
Result<QList<AccountCountedWhole>> readCountedWhole(Store &store, const std::function<Result<QList<Account>>()> &read,
                                                    const std::function<Error()> &alsoInSnapshot = {});
// The accounts `query` lists, so.
Result<QList<AccountCountedWhole>> accountsCountedWhole(Store &store, const AccountQuery &query);
// One account, likewise (`alsoInSnapshot` as for readCountedWhole).
Result<AccountCountedWhole> accountCountedWhole(Store &store, const QString &accountId, const std::function<Error()> &alsoInSnapshot = {});

} // namespace ledger
