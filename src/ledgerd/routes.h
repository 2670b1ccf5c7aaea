#pragma once
// API v1's routes, declared once (apiroutes.cpp: one line per route — method, path, the role it
// needs, who answers it): the front reads from it who may call (authentication), how /metrics
// counts it (the path pattern), and 404/405 with Allow; the handlers are dispatched through it.
// Thread-safety: pure functions over an immutable table.

#include "apimessages.h"

#include <optional>

namespace ledger {
class Store;
}

namespace ledger::api {

struct RouteMatch;

// Who answers a route. Most are answered by a handler on a worker thread with its store
// connection (Handled); the others by the front itself, or by the recovery jobs, without waiting
// on the store.
enum class Route {
    Handled,  // RouteSpec::handler, on a worker thread (ledgerapi.h: handle)
    Transfer, // the same, and timed for the transfer latency histogram
    Ready,    // the same, answered "not ready" by the front when the store is slow
    Metrics,  // the front, with a store reading from a worker
    Health,
    OpenApi,
    Feed,
    Export,        // GET /v1/exports/{table}: streamed from a worker of its own (httpfront_export.cpp)
    StartRecovery, // Recover all as a job (recoveryjobs.h)
    GetRecovery,
    StopRecovery,
};

// A handler: the answer to one request, on a worker thread with its own store connection.
using Handler = ApiResponse (*)(Store &store, const ApiRequest &request, const RouteMatch &match);

struct RouteSpec {
    const char *method;        // "GET" (HEAD is answered as GET, without the body) or "POST"
    const char *pattern;       // "/v1/transactions/{id}/resume": {id} is one path segment
    std::optional<Role> needs; // nullopt: no token needed
    Route route;
    Handler handler = nullptr; // Handled, Transfer and Ready
};

// Every route, in the order /openapi.json lists them.
const QList<RouteSpec> &routeTable();

struct RouteMatch {
    Route route = Route::Health;
    QString id;                // the {id} of the path
    QString action;            // the last segment after {id}: resume, claim, freeze, stop, ... ("" none)
    QString label;             // the path pattern, for /metrics: "/v1/transactions/{id}/resume"
    std::optional<Role> needs; // nullopt: no token needed
    Handler handler = nullptr;
};

struct RouteLookup {
    std::optional<RouteMatch> match;
    bool pathKnown = false; // the path is a route's, the method is not: 405
    QByteArray allowed;     // the methods it takes, for Allow
};

RouteLookup matchRoute(const QByteArray &method, const QString &path);

} // namespace ledger::api
