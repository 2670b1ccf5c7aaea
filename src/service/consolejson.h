#pragma once
// The console's own readings as API v1 JSON and back: what ledgerd's console routes write
// (ledgerd/consoleapi.cpp) and RemoteLedgerService reads, both here so that a field written is a
// field read (servicejson.h is the same for the documents; its strict reading applies: a field
// missing or of the wrong type is an error naming it, never a default quietly taken).
// Thread-safety: pure functions.

#include "service/ledgerservice.h"

#include <QJsonObject>

namespace ledger::consolejson {

// The most ids one call of ledgerd's console routes takes or gives: a batch repair (the client
// sends a larger one in parts, its progress and Stop between them), and a selection's ids or a
// plan (a selection of a million rows is many calls, not one answer of a million ids).
constexpr int kMaxBatchRepairIds = 100;
constexpr int kMaxIdsPerCall = 10'000;

// A transaction's detail as GET /v1/transactions/{id} answers it: the document with its legs and
// journal, the ledger's clock, the standing claim, the account of each leg (null: none) and the
// related transaction (its compensation or its original).
QJsonObject transactionDetail(const TransactionDetail &d, int scale);
Result<TransactionDetail> transactionDetail(const QJsonObject &o, int scale);

QJsonObject tally(const Tally &t);
Result<Tally> tally(const QJsonObject &o);

QJsonObject overview(const Overview &o);
Result<Overview> overview(const QJsonObject &o);

QJsonObject stuckCauses(const StuckCauses &c);
Result<StuckCauses> stuckCauses(const QJsonObject &o);

QJsonObject stuckWatch(const StuckWatch &w);
Result<StuckWatch> stuckWatch(const QJsonObject &o);

QJsonObject accountDetail(const AccountDetail &d, int scale);
Result<AccountDetail> accountDetail(const QJsonObject &o, int scale);

QJsonObject transactionWindow(const TxWindow &w, int scale);
Result<TxWindow> transactionWindow(const QJsonObject &o, int scale);

// Account documents as posted (the transfer dialog's completion, the repair preview's accounts).
QJsonObject accountDocuments(const QList<Account> &accounts, int scale);
Result<QList<Account>> accountDocuments(const QJsonObject &o, int scale);

QJsonObject repairPlan(const RepairPlan &p, int scale);
RepairPlan repairPlan(const QJsonObject &o, int scale); // plan.error: not API v1

QJsonObject batchRepair(const BatchRepairReport &r, int scale);
BatchRepairReport batchRepair(const QJsonObject &o, int scale); // report.error: not API v1

QJsonObject incidentReport(const IncidentReport &r);
Result<IncidentReport> incidentReport(const QJsonObject &o);

} // namespace ledger::consolejson
