#pragma once
// One transaction as the detail panel shows it (HTML): the document, every leg with its marker's
// status and its account's balances, the journal as a timeline, and links to
// its compensation or original ("tx:<id>") and to the accounts ("account:<id>").
// Threading: GUI thread (its colours come from the application's palette, widgets/tones.h).

#include "operations/transactiondetail.h"
#include "timestyle.h"

namespace ledger::app {

QString detailHtml(const TransactionDetail &detail, int scale, TimeStyle times = TimeStyle::Local);

} // namespace ledger::app
