#pragma once
// JSON shapes of the documents, shared by `ledgerctl --json` and the console's exports. Field
// names are DESIGN.md's; amounts are decimal strings ("12.34"); timestamps ISO 8601 UTC.
// Thread-safety: pure functions.

#include "ledger/documents.h"
#include "ledger/remarks.h"
#include "operations/transactiondetail.h"
#include "operations/wholeaccounts.h"
#include "protocol/audit.h"
#include "protocol/commitpoint.h"
#include "protocol/recovery.h"

#include <QJsonArray>
#include <QJsonObject>

namespace ledger::json {

// "balance" is counted whole, "posted" is the document's (operations/wholeaccounts.h).
QJsonObject account(const AccountCountedWhole &a, int scale);
// The account with "held": the leg markers it holds for transactions in flight (`ledgerctl account
// show --json`, GET /v1/accounts/{id}).
QJsonObject accountWithHolds(const AccountCountedWhole &a, const QList<LegMarker> &held, int scale);
// [{"id", "balance", "posted"}] of every account counted whole (`ledgerctl balances --json`,
// GET /v1/balances).
QJsonArray wholeBalances(const WholeBalances &balances, int scale);
QJsonObject leg(const LegMarker &m, int scale);
QJsonObject transaction(const Transaction &t, int scale);
// The document and the operator's claim standing on it (operations/claims.h): "claimedBy",
// "claimedAt", "claimNote", null when there is none — a listing's row, as the console shows it
// (the exports of transactions, `ledgerctl list --json`).
QJsonObject listedTransaction(const Transaction &t, const std::optional<OperatorClaim> &claim, int scale);
// The document with its "legs" (markers) and "journal": `ledgerctl show --json`, GET /v1/transactions/{id}.
QJsonObject transactionDetail(const TransactionDetail &d, int scale);
QJsonObject journalEntry(const JournalEntry &j);
QJsonObject finding(const AuditFinding &f);
QJsonObject auditReport(const AuditReport &r, int scale);
QJsonObject recoveryReport(const RecoveryReport &r);
// An operator's claim: {"id", "by", "at", "note"} (the transaction's id).
QJsonObject claim(const OperatorClaim &c);
QJsonObject error(const Error &e);

} // namespace ledger::json
