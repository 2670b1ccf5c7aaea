#pragma once
// GET /v1/exports/{table}: which rows, in which format — read from the request before anything
// is answered, so that a bad one is a 400 with its code word, not a stream cut after its head.
// The parameters are the listing's own (GET /v1/transactions', /v1/accounts', /v1/actions'),
// with `limit` (absent: every row) and `format` (csv, the default, or json).
// Thread-safety: pure functions.

#include "apimessages.h"
#include "routes.h"

#include "interchange/tableexport.h"

namespace ledger::api {

struct ExportAsked {
    ExportSpec spec;
    ExportFormat format = ExportFormat::Csv;
};

Result<ExportAsked> exportAskedOf(const ApiRequest &r, const RouteMatch &m);
// text/csv or application/json, with the charset.
QByteArray exportContentType(ExportFormat format);

} // namespace ledger::api
