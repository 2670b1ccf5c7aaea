#pragma once
// The incident report of one transaction, for an auditor or a post-mortem: the document, its leg
// markers, both accounts as they are now, its journal as a timeline, and the operator actions
// that touched it or its accounts (repairs with their reasons, freezes), with who made the report
// and when. Built here as HTML (no widgets); the console saves the HTML as it is or prints it to
// PDF with QPrinter, which belongs to the widgets side.
//
// Threading: load runs on the caller's thread with the caller's Store (the console: a pool
// thread); the HTML is a pure function.

#include "operations/transactiondetail.h"

namespace ledger {

struct IncidentReport {
    TransactionDetail detail;
    // Operator actions on the transaction and its two accounts, oldest first.
    QList<JournalEntry> operatorActions;
    QString storeLocation;
    int scale = 2;
};

Result<IncidentReport> loadIncidentReport(Store &store, const QString &txId);

// A self-contained HTML document (inline styles only: QTextDocument renders it for the PDF).
// `preparedBy` is the operator who asked for it.
QString incidentReportHtml(const IncidentReport &report, const QString &preparedBy);

} // namespace ledger
