#pragma once
// A store as the programs hold it: one connection that is both the protocol's DocumentStore and
// the console's StoreQueries. Backends implement it (src/store/sqlite, postgres, sharded); only
// src/store/open creates them.
//
// Threading: one connection; create, use and destroy it on one thread.

#include "store/documentstore.h"
#include "store/storequeries.h"

#include <memory>
#include <optional>

namespace ledger {

class Store : public DocumentStore, public StoreQueries {
public:
    // The store's bare single-document write, nothing else: version := version + 1 on one
    // account where version = `expectedVersion`, in its own commit. False when the version did
    // not match. `ledgerctl bench raw` measures the store's limit with it; the protocol never
    // calls it.
    virtual Result<bool> touchAccountIfVersion(const QString &accountId, qint64 expectedVersion) = 0;
    // How many times this connection has sent a server something and waited for its answer so far
    // (every statement, prepare and session setting): what `bench transfers` reports per transfer,
    // counted rather than estimated. nullopt for a store with no server (SQLite files).
    virtual std::optional<qint64> serverRoundTrips() const { return std::nullopt; }
    // An operator's remark on transaction `txId` (ledger/remarks.h: a claim, its release or a
    // note): one journal row of the transaction, written alone — the document itself does not
    // change, so no coordinator's compare-and-set is disturbed — and announced to other consoles
    // like any write. The row records the transaction's state and epoch as it stands. Refuses an
    // unknown transaction (not-found) and a bad event or text (checkRemark); nothing is written then.
    virtual Result<JournalEntry> addRemark(const QString &txId, const QString &event, const QString &actor, const QString &text) = 0;
    // For the demo ledger only (operations/demo.h), never an operator's: moves one document's
    // history `ms` into the past — a transaction's times, journal rows and leg markers ("tx"), or
    // an account's creation and journal rows ("account"; its last change stays when it was) — so
    // that a demo has days of history.
    virtual Error backdateForDemo(const QString &docKind, const QString &id, qint64 ms) = 0;
};

// Opens a new connection to one store for the calling thread (recovery opens one per worker
// thread). Made by src/store/open from a StoreConfig; the layers above the stores get this.
using StoreConnector = std::function<Result<std::unique_ptr<Store>>()>;

} // namespace ledger
