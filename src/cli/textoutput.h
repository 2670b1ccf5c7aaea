#pragma once
// ledgerctl's human-readable output: aligned tables and the detail views of one transaction or
// one account, in this process's language. (--json output uses interchange's jsonformat instead.)
// Thread-safety: pure functions.

#include "operations/wholeaccounts.h"
#include "ledger/documents.h"

#include <QCoreApplication>
#include <QList>
#include <QSet>
#include <QStringList>

namespace ledger::cli {

// ledgerctl's words for people, translated in the context "ledgerctl"
// (resources/translations/ledgerctl_zh_CN.ts): Ctl::tr("...").
class Ctl {
    Q_DECLARE_TR_FUNCTIONS(ledgerctl)
};

// The terminal cells a text takes: East Asian wide characters (Chinese) take two, others one.
int displayWidth(QStringView text);
// `text` padded with spaces to `width` cells, on the right (or, with alignRight, the left).
QString padToWidth(const QString &text, int width, bool alignRight = false);

// Columns padded to their widest cell; the columns in `rightAligned` (amounts) align right.
QString renderTable(const QStringList &headers, const QList<QStringList> &rows, const QSet<int> &rightAligned = {});

// "tx-01J… done  12.34  alice → bob"
// The accounts of one side of `t`, comma-separated ("alice", or "bob,fees").
QString sideAccounts(const Transaction &t, LegSide side);
QString transactionLine(const Transaction &t, int scale);
QString transactionDetail(const Transaction &t, const QList<LegMarker> &legs, const QList<JournalEntry> &journal, const QDateTime &now,
                          int scale);
QString accountDetail(const AccountCountedWhole &a, const QList<LegMarker> &held, int scale);

// "lease until … (expired 3m ago)", "held until … (25s left)", or "-".
QString leaseText(const Transaction &t, const QDateTime &now);

} // namespace ledger::cli
