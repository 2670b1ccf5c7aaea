#pragma once
// How RemoteLedgerService writes what it asks ledgerd for: a path segment, a query, and the
// transaction listing's filters and order as GET /v1/transactions and GET /v1/exports take them.
// Thread-safety: pure functions.

#include "store/storequeries.h"

#include <QByteArray>
#include <QUrlQuery>

namespace ledger::remote {

// One segment of a path (an id), percent-encoded.
QByteArray pathSegment(const QString &text);
// `route` with `query` after a '?' (none when it is empty).
QByteArray withQuery(const QByteArray &route, const QUrlQuery &query);
// state, account, text, cause, stuckFor, sort and order of `q` (its offset, kind, limit and
// after are the caller's to refuse or page by).
QUrlQuery txFilters(const TxQuery &q);

} // namespace ledger::remote
