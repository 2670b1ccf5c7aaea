#pragma once
// The audit: checks the six invariants of DESIGN.md §2 over a whole store and reports every
// finding with the ids of the documents involved. Read-only.
//
// Threading: runs on the caller's thread with the caller's Store; it scans every document, so a
// GUI calls it from a worker thread.

#include "store/documentstore.h"

#include <QStringList>
#include <functional>

namespace ledger {

struct AuditFinding {
    int invariant = 0; // 1..6, as numbered in DESIGN.md
    QString code;      // e.g. "conservation", "pending-mismatch", "orphan-hold"
    QString message;
    QStringList ids;          // every document involved: transactions, then accounts
    QStringList transactions; // the transactions among them
    QStringList accounts;     // the accounts among them
    // `message` is English (the JSON and CSV of findings); this is it in the language of this
    // process, empty when the same (last, so that {invariant, code, message, ...} still reads).
    QString localMessage = {};

    QString localized() const { return localMessage.isEmpty() ? message : localMessage; }
};

struct AuditReport {
    Error error; // the audit could not run (store failure)
    QList<AuditFinding> findings;
    qint64 accounts = 0;
    qint64 transactions = 0;
    qint64 legs = 0;
    qint64 inFlight = 0;   // non-terminal transactions
    qint64 balanceSum = 0; // Σ balance over all accounts, @world included
    // The legs of committed transactions (applied, done, or one leg posted) not posted yet:
    // balanceSum + halfPostedAdjust is zero, every transaction counted whole at its commit point.
    qint64 halfPostedAdjust = 0;
    // The committed transactions whose legs are not all posted yet (what halfPostedAdjust counts).
    QStringList committedInFlight;

    // Σ balance with every transaction counted whole (protocol/commitpoint.h): zero when clean.
    qint64 wholeSum() const { return balanceSum + halfPostedAdjust; }

    bool clean() const { return error.ok() && findings.isEmpty(); }
};

// `shouldStop`, when given, is asked as the scans go; true ends the audit early, and the
// report then says so (error interrupted) rather than claiming a result.
AuditReport audit(DocumentStore &store, const std::function<bool()> &shouldStop = {});

} // namespace ledger
