#pragma once
// API v1's operations over one store connection: each takes an immutable request and returns
// an answer, the same rules and code words as ledgerctl (the same libraries underneath). No HTTP
// here: the front (httpfront.h) reads requests and writes answers.
//
// Threading: handle() runs on a pool thread with that thread's own store connection.

#include "apimessages.h"
#include "routes.h"
#include "protocol/coordinator.h"
#include "store/store.h"

namespace ledger::api {

// A finished transfer's timing, for the metrics' latency histogram.
struct HandledRequest {
    ApiResponse response;
    bool transfer = false; // a POST /v1/transfers that reached the coordinator
    bool storeError = false;
};

// `base` carries what every coordinator of this process gets (the fault hook of
// LEDGER_CRASH_AFTER / LEDGER_STEP_DELAY_MS, for training stores and tests); the actor is the caller.
HandledRequest handle(Store &store, const ApiRequest &request, const RouteMatch &route, const CoordinatorOptions &base = {});

} // namespace ledger::api
