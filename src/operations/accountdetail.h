#pragma once
// Everything there is to see about one account, read in one snapshot: the document, the holds
// it carries for transactions in flight (its held markers, as `ledgerctl account show` lists
// them), and its history (created, frozen, unfrozen, closed: who, when, why). The console's
// account panel reads it.
//
// Threading: the caller's thread and Store.

#include "operations/wholeaccounts.h"
#include "store/store.h"

namespace ledger {

struct AccountDetail {
    Account account;
    qint64 wholeBalance = 0;     // its balance counted whole (operations/wholeaccounts.h)
    QList<LegMarker> holds;      // held markers, oldest first
    QList<JournalEntry> history; // the account's journal, oldest first
    QDateTime now;               // the store's clock when read
};

Result<AccountDetail> loadAccountDetail(Store &store, const QString &accountId);

} // namespace ledger
