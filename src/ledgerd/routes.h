#pragma once
// API v1's routes: which method and path is which operation, the role it needs, and the label
// /metrics counts it under. One table for the front (authentication, metrics, 404/405) and the
// handlers (dispatch).
// Thread-safety: pure functions over an immutable table.

#include "apimessages.h"

namespace ledger::api {

enum class Route {
    Health,
    Ready,
    Metrics,
    OpenApi,
    Feed,
    Transfer,
    ListTransactions,
    GetTransaction,
    Repair, // resume | cancel | compensate
    Remark, // claim | release | notes
    ListAccounts,
    CreateAccount,
    GetAccount,
    AccountStatus, // freeze | unfreeze | close
    Balances,
    Audit,
    Whoami,
    Actions,
    StartRecovery, // Recover all as a job (recoveryjobs.h)
    GetRecovery,
    StopRecovery,
};

struct RouteMatch {
    Route route = Route::Health;
    QString id;                // the transaction, account or recovery id of the path
    QString action;            // resume, cancel, compensate, claim, release, notes, freeze, unfreeze, close
    QString label;             // the path pattern, for /metrics: "/v1/transactions/{id}/resume"
    std::optional<Role> needs; // nullopt: no token needed
};

struct RouteLookup {
    std::optional<RouteMatch> match;
    bool pathKnown = false; // the path is a route's, the method is not: 405
    QByteArray allowed;     // the methods it takes, for Allow
};

RouteLookup matchRoute(const QByteArray &method, const QString &path);

} // namespace ledger::api
