#pragma once
// The journal's event words that record what an operator did (as opposed to the protocol's own
// steps — "state", "claimed", "refused", "error" — that every transfer writes): the operator
// actions listing (operations/operatoractions.h), and the rows a store that cannot list the
// whole journal by key indexes for it (DynamoDB's by-acted index, docs/DESIGN.md §10).
// Thread-safety: pure functions.

#include <QStringList>

namespace ledger {

// Every operator event: a transaction's or an account's creation, the repairs, account status
// changes, claims, releases and notes.
QStringList operatorEvents();
// Those that are not a creation.
QStringList operatorEventsButCreation();
// The events an account's journal holds (all of them operators').
QStringList accountEvents();

} // namespace ledger
