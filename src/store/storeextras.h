#pragma once
// What a store offers beside Store, for the few tools that need it and nothing that moves money:
// the benchmark's bare write and the server round trips it counts, the demo's backdating, and
// the lock warning the console's status bar shows. Kept out of Store so that the protocol, the
// operations and the programs' ordinary paths cannot reach them by accident.
//
// Every backend's store implements it (SqliteStore, PgStore, ShardedStore); the programs get it
// with extrasOf() on a store that store/open opened.
// Threading: the store's own thread, as every call of its Store.

#include "ledger/documents.h"
#include "ledger/result.h"

#include <optional>

namespace ledger {

class Store;

// What a store billed by the request (DynamoDB) has been charged, in its read and write units.
struct CapacityUnits {
    double read = 0;
    double write = 0;
};

class StoreExtras {
public:
    virtual ~StoreExtras() = default;

    // The store's bare single-document write, nothing else: version := version + 1 on one
    // account where version = `expectedVersion`, in its own commit. False when the version did
    // not match. `ledgerctl bench raw` measures the store's limit with it.
    virtual Result<bool> touchAccountIfVersion(const QString &accountId, qint64 expectedVersion) = 0;
    // How many times this connection has sent a server something and waited for its answer so far
    // (every statement, prepare and session setting): what `bench transfers` reports per transfer,
    // counted rather than estimated. nullopt for a store with no server (SQLite files).
    virtual std::optional<qint64> serverRoundTrips() const { return std::nullopt; }
    // The capacity units this connection's calls consumed so far, as the server reported them
    // (`bench transfers` gives them per transfer); nullopt for stores not billed so.
    virtual std::optional<CapacityUnits> capacityUnits() const { return std::nullopt; }
    // For the demo ledger only (operations/demo.h), never an operator's: moves one document's
    // history `ms` into the past — a transaction's times, journal rows and leg markers, or an
    // account's creation and journal rows (its last change stays when it was) — so that a demo
    // has days of history.
    virtual Error backdateForDemo(DocKind kind, const QString &id, qint64 ms) = 0;
    // What operators should know about how this store's files are locked, or empty: an SQLite
    // file whose file system refused open-file-description locks runs on POSIX locks, which any
    // other close of its files in the process drops (third_party/sqlite/README.md).
    virtual QString lockWarning() const { return {}; }
};

// The extras of `store`. Every backend has them; a store that does not (a test's wrapper that
// forgot to) ends the program with a message, as a programming mistake.
StoreExtras &extrasOf(Store &store);

} // namespace ledger
