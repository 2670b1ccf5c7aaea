#pragma once
// What to suggest when an id is not found. Ids are case-sensitive (Bob and bob are two accounts,
// by design: an id is what a script wrote), so an id typed in the wrong case is simply unknown;
// the hint names the one that exists.
//
// Threading: any thread, with the calling thread's own store connection.

#include "store/store.h"

namespace ledger {

// An existing account id that differs from `id` only by letter case, or "" (none, or the store
// could not be read: a hint is never worth an error of its own). Looks at most the first 100,000
// accounts in id order.
QString accountIdInOtherCase(Store &store, const QString &id);
// An existing transaction id that is `id` in the case ids are generated in ("tx-" and a
// compensation's ".rev" in lower case, the rest upper), when that differs from `id`; or "".
QString transactionIdInOtherCase(Store &store, const QString &id);

// Of the two above, the one an error is about: unknown-account → an account, not-found → a
// transaction; "" for any other error.
QString idInOtherCase(Store &store, ErrorCode notFoundCode, const QString &id);

} // namespace ledger
