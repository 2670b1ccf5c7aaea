#pragma once
// Naming and opening a store: the one place that knows every backend (SQLite files, sharded
// stores, PostgreSQL). The programs and the layers above the stores get what they need from here
// — a connection, a connector for worker threads, the kind of store, its name without a password,
// the shard limit — and never include a backend. A StoreConfig is a plain value: copy it to a
// worker thread and open a connection there (one connection per thread).
//
// Thread-safety: plain functions and values; any thread.

#include "store/location.h"
#include "store/store.h"

#include <memory>

namespace ledger {

struct StoreConfig {
    // A store file path, a sharded store's topology file (JSON; see shardedstore.h), or a
    // PostgreSQL database as a libpq URI (postgresql://user@host:port/db?sslmode=...; see pguri.h).
    QString location;
    // How long a write waits for a lock held by another process before store-busy.
    int busyTimeoutMs = 5000;
    // PostgreSQL: how long a call keeps reconnecting to a server that went away before
    // store-unavailable ($LEDGERDESK_RECONNECT_MS).
    int reconnectForMs = 30000;
    // PRAGMA synchronous of a single-file store. NORMAL by default (a power loss may drop the
    // last commits, which for one file is just an earlier crash); `bench --sync full` measures
    // the other.
    Durability durability = Durability::Normal;
    // For createStore: 0 makes one SQLite file; 1..64 make that many shard files beside the
    // topology file `location`, which must end in .json.
    int shards = 0;
    // For createStore: the shards are these PostgreSQL databases (one per shard, in order; no
    // passwords) instead of files, named by the topology file `location`.
    QStringList shardServers;
};

// The PostgreSQL databases a store lives in: the store itself for a postgresql:// URI, the
// server shards of a sharded store, none for SQLite. Reads a topology file only while no SQLite
// connection of this process has it open (closing a descriptor drops the process's locks; see
// SqliteConnection::peekUnlessOpen): safe to call while the store is in use.
QStringList serverDatabasesOf(const QString &location);
// How the store's changes can be seen: the server databases that announce each commit, and
// whether any part is a file, whose change marker must be polled (a sharded store may mix both).
struct ChangeSources {
    QStringList servers;
    bool files = false;
};
ChangeSources changeSourcesOf(const QString &location);

// The most shards a store may have (ledgerctl init --shards, the console's new-store dialog).
int maxShards();
// The locations of a list of servers (ledgerctl init --servers): separated by ';', or by spaces
// between URIs.
QStringList splitServerList(const QString &list);
// Whether a server location carries a password (the console warns, and keeps it out of settings).
bool locationHasPassword(const QString &location);
// Whether `path` is named as a sharded store's topology file (".json", any case): how people and
// `init` tell a sharded store from a single file before any file exists.
bool namesShardedStore(const QString &path);

// How a store is named to people (titles, status bar, recent lists, settings): the path, or a
// PostgreSQL URI without its password. `shortName`: the file name, or the database name.
QString storeDisplayName(const QString &location);
QString storeShortName(const QString &location);

// The embedded store's engine as people read it (ledgerctl --version, the console's About):
// "SQLite 3.54.1 (built in), open-file-description locks", or "..., POSIX locks (why)".
QString embeddedStoreEngine();

// ~/.local/share/ledgerdesk/ledger.db (the user's data directory): where the CLI and the
// console look when neither --store nor $LEDGERDESK_STORE names a store.
QString defaultStorePath();
// `explicitLocation` if given, else $LEDGERDESK_STORE, else defaultStorePath(); the busy
// timeout from $LEDGERDESK_BUSY_TIMEOUT_MS and the reconnect time from $LEDGERDESK_RECONNECT_MS
// when set.
Result<StoreConfig> resolveStoreConfig(const QString &explicitLocation);

// Opens a connection for the calling thread: a PostgreSQL store for a postgresql:// URI, a
// sharded store when `location` is a topology file (told by its content: a JSON object), else a
// single SQLite file.
Result<std::unique_ptr<Store>> openStore(const StoreConfig &config);
// Creates a new store (refuses to overwrite anything; on failure leaves nothing behind) and
// returns a connection to it.
Result<std::unique_ptr<Store>> createStore(const StoreConfig &config, int scale);
// openStore(config), for each worker thread that calls it (recovery, batch jobs).
StoreConnector connectorOf(const StoreConfig &config);

// Scratch databases beside a server store (bench): `location` naming database `name` instead,
// on the same server with the same options (on DynamoDB: tables under the prefix `name` at the
// same endpoint); and dropping one (ok when it does not exist).
QString serverDatabaseNamed(const QString &location, const QString &name);
Error dropServerDatabase(const QString &location);
// Has the server gather its planner statistics of the database at `location` now (ANALYZE), as
// after any bulk load: a session's prepared statements are planned on the statistics of the
// moment, and a table filled since the last autovacuum looks empty to the planner.
Error analyzeServerDatabase(const QString &location);

} // namespace ledger
