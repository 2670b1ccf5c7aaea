#pragma once
// API v1's handlers, each the answer to one route of the table (apiroutes.cpp) on a worker thread
// with that thread's own store connection. ledgerapi.cpp: the documents (transfers, transactions,
// accounts, balances, audit, operator actions, whoami, readiness); consoleapi.cpp: what the
// console's screens read and do besides.

#include "routes.h"

namespace ledger::api {

// ledgerapi.cpp
ApiResponse transfer(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse listTransactions(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse getTransaction(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse repair(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse remark(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse listAccounts(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse getAccount(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse createAccount(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse accountStatus(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse balances(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse operatorActions(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse audit(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse whoami(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse ready(Store &store, const ApiRequest &r, const RouteMatch &m);

// approvalapi.cpp
ApiResponse approvalRules(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse listApprovals(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse getApproval(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse decideApproval(Store &store, const ApiRequest &r, const RouteMatch &m);

// consoleapi.cpp
ApiResponse tallyTransactions(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse tallyAccounts(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse tallyActions(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse transactionWindow(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse accountWindow(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse actionWindow(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse overview(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse counts(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse stuckCauses(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse stuckWatch(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse accountDetail(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse incidentReport(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse accountDocuments(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse transactionIds(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse planRepair(Store &store, const ApiRequest &r, const RouteMatch &m);
ApiResponse repairMany(Store &store, const ApiRequest &r, const RouteMatch &m);

} // namespace ledger::api
