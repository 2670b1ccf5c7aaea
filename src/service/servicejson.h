#pragma once
// ledgerd's answers read back into the ledger's values: the inverse of interchange/jsonformat.h
// (what the server writes), so that a remote call gives the caller the same structs an
// in-process one does. A field missing or of the wrong type is an error naming it (internal:
// a server that does not speak API v1), never a default quietly taken.
// Thread-safety: pure functions.

#include "service/ledgerservice.h"

#include <QJsonObject>

namespace ledger::servicejson {

Result<Transaction> transaction(const QJsonObject &o, int scale);
Result<LegMarker> leg(const QJsonObject &o, int scale);
Result<JournalEntry> journalEntry(const QJsonObject &o);
Result<OperatorClaim> claim(const QJsonObject &o, const QString &txId); // {by, at, note}
// The claim a listed transaction carries (claimedBy, claimedAt, claimNote; nullopt: none).
Result<std::optional<OperatorClaim>> listedClaim(const QJsonObject &row, const QString &txId);
Result<AccountCountedWhole> account(const QJsonObject &o, int scale);
Result<AccountWithHolds> accountWithHolds(const QJsonObject &o, int scale);
// GET /v1/transactions/{id}: the document, its legs and journal, "now" and "claim".
Result<TransactionDetail> transactionDetail(const QJsonObject &o, int scale);
Result<WholeBalances> balances(const QJsonObject &o, int scale);
Result<AuditReport> auditReport(const QJsonObject &o, int scale);
// `ledgerctl recover --json`'s report (json::recoveryReport).
Result<RecoveryReport> recoveryReport(const QJsonObject &o);
// A recovery job's report (GET /v1/recoveries/{id}): that report, the claims passed over and
// how many a stop left alone.
Result<RecoverRun> recoverRun(const QJsonObject &o);
// A problem document (application/problem+json) as the error it carries: its `code` word (an
// unknown word is internal) and its `detail`.
Error problem(const QJsonObject &o, int httpStatus);

} // namespace ledger::servicejson
