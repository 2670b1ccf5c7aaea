#pragma once
// One transaction as the detail panel shows it (HTML): the document, every leg with its marker's
// status and its account's balances, the journal as a timeline, and links to
// its compensation or original ("tx:<id>") and to the accounts ("account:<id>").
// Thread-safety: a pure function.

#include "operations/transactiondetail.h"

namespace ledger::app {

QString detailHtml(const TransactionDetail &detail, int scale);

} // namespace ledger::app
