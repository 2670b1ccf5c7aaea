#pragma once
// ledgerctl's human-readable output: aligned tables and the detail views of one transaction or
// one account. (--json output uses core's jsonformat instead.)
// Thread-safety: pure functions.

#include "documents.h"

#include <QList>
#include <QSet>
#include <QStringList>

namespace ledger::cli {

// Columns padded to their widest cell; the columns in `rightAligned` (amounts) align right.
QString renderTable(const QStringList &headers, const QList<QStringList> &rows, const QSet<int> &rightAligned = {});

// "tx-01J… done  12.34  alice → bob"
QString transactionLine(const Transaction &t, int scale);
QString transactionDetail(const Transaction &t, const QList<LegMarker> &legs, const QList<JournalEntry> &journal,
                          const QDateTime &now, int scale);
QString accountDetail(const Account &a, const QList<LegMarker> &held, int scale);

// "lease until … (expired 3m ago)", "held until … (25s left)", or "-".
QString leaseText(const Transaction &t, const QDateTime &now);

} // namespace ledger::cli
