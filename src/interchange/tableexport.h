#pragma once
// Exports of the console's tables — accounts, transactions (any state, stuck, by account),
// operator actions (the journal), audit findings — as CSV (RFC 4180) or JSON (an array of the
// same objects `ledgerctl --json` prints). `ledgerctl ... --csv` and the console's File ▸ Export
// both call these, so a file from either has the same columns. A transaction's row carries the
// operator's claim standing on it (claimedBy, claimedAt, claimNote), as the console's listings do.
//
// Rows stream from the store page by page into the device inside one read snapshot: a million
// transactions export in constant memory, and the file is one consistent state of the store even
// while transfers go on.
//
// Threading: runs on the caller's thread with the caller's Store (the console: a pool thread).

#include "protocol/audit.h"
#include "store/store.h"

#include <QIODevice>
#include <functional>

namespace ledger {

enum class ExportFormat { Csv, Json };
QString nameOf(ExportFormat format);
// "csv" / "json" (a file name's suffix, case-insensitive); nullopt for anything else.
std::optional<ExportFormat> exportFormatFromSuffix(const QString &suffix);

struct ExportSpec {
    enum class Table { Accounts, Transactions, Journal };
    Table table = Table::Transactions;
    AccountQuery accounts; // when table == Accounts
    TxQuery transactions;  // when table == Transactions
    JournalQuery journal;  // when table == Journal
    // Rows read from the store at a time: memory stays one page (a million rows are 200 reads of
    // the default), and each next page is read by key, after the last row of the one before.
    qint64 pageRows = 5000;
};

// The columns (JSON field names) each table exports, in order.
QStringList exportColumns(ExportSpec::Table table);
QStringList findingColumns();

struct ExportProgress {
    std::function<bool()> shouldStop;             // true ends the export: error interrupted
    std::function<void(qint64 rows)> rowsWritten; // after each page
};

// Writes every row the spec's query selects (its offset and limit included; limit -1: all).
// Returns the number of rows written. Errors: the store's, output-failed, interrupted.
Result<qint64> exportTable(Store &store, const ExportSpec &spec, ExportFormat format, QIODevice &out, const ExportProgress &progress = {});

// Audit findings are a report already in memory (the console exports the one it shows).
Result<qint64> exportFindings(const QList<AuditFinding> &findings, ExportFormat format, QIODevice &out);

} // namespace ledger
