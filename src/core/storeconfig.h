#pragma once
// Naming and opening a store. A StoreConfig is a plain value: copy it to a worker thread and
// open a connection there (one connection per thread).

#include "sqliteconnection.h"
#include "store.h"

#include <memory>

namespace ledger {

struct StoreConfig {
    // A store file path. (Later forms — a shard topology file, a postgresql:// URI — go here too.)
    QString location;
    // How long a write waits for a lock held by another process before store-busy.
    int busyTimeoutMs = 5000;
    // PRAGMA synchronous of a single-file store. NORMAL by default (a power loss may drop the
    // last commits, which for one file is just an earlier crash); `bench --sync full` measures
    // the other.
    Durability durability = Durability::Normal;
};

// ~/.local/share/ledgerdesk/ledger.db (the user's data directory): where the CLI and the
// console look when neither --store nor $LEDGERDESK_STORE names a store.
QString defaultStorePath();
// `explicitLocation` if given, else $LEDGERDESK_STORE, else defaultStorePath(); the busy
// timeout from $LEDGERDESK_BUSY_TIMEOUT_MS when set.
Result<StoreConfig> resolveStoreConfig(const QString &explicitLocation);

// Opens a connection for the calling thread.
Result<std::unique_ptr<Store>> openStore(const StoreConfig &config);
// Creates a new store (refuses to overwrite anything) and returns a connection to it.
Result<std::unique_ptr<Store>> createStore(const StoreConfig &config, int scale);

} // namespace ledger
