#pragma once
// Counts the console can afford on a ledger of ten million transactions: exact where that reads
// few rows, an estimate where an exact count would read nearly the whole table. The states an
// operator acts on (initial, pending, applied, canceling) are counted exactly, each by its range
// of the (state, created_at) index: in a working ledger they are a small part of it, and the
// Stuck count (a query of its own) is always exact. Canceled is counted too, unless the
// database's statistics (Store::stateCountEstimates) make it long: then it is their figure.
// "All" is the database's own figure (Store::transactionTotalEstimate) and done is that figure
// less the other states. While the
// figure is under kExactBelow, or the database has none, everything is counted exactly: that is
// cheap there. Any other filter (an account, a text, a kind, a cause) is counted exactly.
//
// A store that counts only by reading (Store::readsByPosition() false: DynamoDB) is read no
// further than kCountedByKeyUpTo rows of a listing for its count: a longer one is "at least"
// that many (Tally::atLeast, shown "10,000+"), and grows as pages read further show more; "all"
// and done are the table's own figure when that is longer. A listing filtered by what no index
// narrows (a kind, a text, a cause) over every transaction or a finished state's would be counted
// by reading the table: it is not counted (Tally{0, false, true}, "not counted"), and shows its
// rows as its pages come.
// Thread-safety: pure functions over the caller's store (its thread).

#include "store/store.h"

namespace ledger {

struct Tally {
    qint64 count = 0;
    bool exact = true;
    // Counting stopped at `count` rows and the listing goes on (not exact either); at 0, the
    // listing was not counted at all.
    bool atLeast = false;
    bool counted() const { return !(atLeast && count == 0); }
    bool operator==(const Tally &other) const { return count == other.count && exact == other.exact && atLeast == other.atLeast; }
};

constexpr qint64 kExactBelow = 200'000;
constexpr qint64 kCountedByKeyUpTo = 10'000;

// Every state's tally. (`exactBelow`: kExactBelow but in tests; on a store that counts by
// reading, also the most rows a count reads when below kCountedByKeyUpTo.)
Result<QMap<TxState, Tally>> tallyByState(Store &store, qint64 exactBelow = kExactBelow);
// Every state's tally where near is enough (where a jump lands): the database's statistics for
// every state when it keeps them and the ledger is long — no count at all — else tallyByState.
Result<QMap<TxState, Tally>> tallyByStateRoughly(Store &store, qint64 exactBelow = kExactBelow);
// The tally of `query`'s listing (its offset, limit and sort ignored).
Result<Tally> tallyTransactions(Store &store, const TxQuery &query, qint64 exactBelow = kExactBelow);
// The tally of `query`'s accounts (its offset and limit ignored): counted, but on a store that
// counts by reading: there up to the cap (a longer list of every account is the table's own
// figure when that is longer), and not at all when a text filters them (it is matched on the
// accounts themselves, so counting would read them all).
Result<Tally> tallyAccounts(Store &store, const AccountQuery &query, qint64 exactBelow = kExactBelow);
// The tally of `query`'s journal rows (its offset and limit ignored): counted, but on a store
// that counts by reading no further than the cap.
Result<Tally> tallyJournal(Store &store, const JournalQuery &query, qint64 exactBelow = kExactBelow);

} // namespace ledger
