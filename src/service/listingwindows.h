#pragma once
// A page of a long listing where the console's table needs it: near a position (a jump to the
// middle of ten million rows) or beside a row it already has (scrolling), for transactions,
// accounts and the journal (store/paging.h does the reading). What LedgerService's *Window calls
// run in process; the console's paged models only say where.
//
// Threading: the caller's thread and Store (a pool thread of the console, ledgerd's worker).

#include "operations/wholeaccounts.h"
#include "store/store.h"

#include <QHash>

namespace ledger {

// Where a page starts: near a position (`offset` of `total`), or after, before or from a row
// already read (From: that row again, where it is now, then those after it).
enum class PageFrom { Near, After, Before, From };

struct TxWindowRequest {
    TxQuery query;
    PageFrom from = PageFrom::Near;
    qint64 offset = 0;
    qint64 total = 0;
    std::optional<Transaction> row = std::nullopt;
    qint64 limit = 0;
};

// A page of transactions with the ledger's clock when it was read (for ages), the claims standing
// on its rows, and the state of each compensated row's compensation.
struct TxWindow {
    QList<Transaction> rows;
    QDateTime now;
    QHash<QString, OperatorClaim> claims;
    QHash<QString, TxState> compensationStates;
};

struct AccountWindowRequest {
    AccountQuery query;
    PageFrom from = PageFrom::Near;
    qint64 offset = 0;
    qint64 total = 0;
    QString rowId = {};
    qint64 limit = 0;
};

struct JournalWindowRequest {
    JournalQuery query;
    PageFrom from = PageFrom::Near;
    qint64 offset = 0;
    qint64 total = 0;
    std::optional<JournalEntry> row = std::nullopt;
    qint64 limit = 0;
};

Result<TxWindow> readTransactionWindow(Store &store, const TxWindowRequest &request);
Result<QList<AccountCountedWhole>> readAccountWindow(Store &store, const AccountWindowRequest &request);
Result<QList<JournalEntry>> readJournalWindow(Store &store, const JournalWindowRequest &request);

} // namespace ledger
