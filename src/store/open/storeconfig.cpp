#include "store/open/storeconfig.h"

#include "ledger/identifiers.h"
#include "store/open/memberopener.h"
#include "store/dynamodb/dynamolocation.h"
#include "store/dynamodb/dynamostore.h"
#include "store/postgres/pgstore.h"
#include "store/postgres/pguri.h"
#include "store/sharded/shardedstore.h"
#include "store/sharded/topology.h"
#include "store/sqlite/sqliteinfo.h"
#include "store/sqlite/sqlitestore.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace ledger {

QString embeddedStoreEngine() { return sqliteSummary(); }

int maxShards() { return Topology::kMaxShards; }

QStringList splitServerList(const QString &list) { return pguri::splitList(list); }

bool locationHasPassword(const QString &location) { return isServerLocation(location) && pguri::hasPassword(location); }

bool namesShardedStore(const QString &path) { return hasTopologySuffix(path); }

QString serverDatabaseNamed(const QString &location, const QString &name)
{
    if (isDynamoLocation(location)) {
        // The same endpoint and options, tables under the prefix `name`.
        const int slash = location.indexOf(QLatin1Char('/'), int(qstrlen("dynamodb://")));
        const int query = location.indexOf(QLatin1Char('?'));
        return location.left(slash + 1) + name + (query < 0 ? QString() : location.mid(query));
    }
    return pguri::withDatabase(location, name);
}

Error dropServerDatabase(const QString &location)
{
    if (isDynamoLocation(location)) {
        auto store = DynamoStore::open(location, {});
        if (!store.ok())
            return store.error().code == ErrorCode::StoreNotLedger ? Error{} : store.error();
        return (*store)->dropTables();
    }
    return pguri::dropDatabase(location);
}

Error analyzeServerDatabase(const QString &location)
{
    if (isDynamoLocation(location))
        return {}; // DynamoDB plans nothing
    auto conn = PgConnection::open(location, PgConnection::Mode::Raw, PgOptions{});
    if (!conn.ok())
        return conn.error();
    auto analyzed = (*conn)->runDynamic(QStringLiteral("ANALYZE"));
    return analyzed.ok() ? Error{} : analyzed.error();
}

ChangeSources changeSourcesOf(const QString &location)
{
    ChangeSources sources;
    if (isDynamoLocation(location)) {
        sources.files = true; // nothing announces a commit: the change marker is polled
        return sources;
    }
    if (isServerLocation(location)) {
        sources.servers << location;
        return sources;
    }
    sources.files = true; // a single file, or (until read) a topology of files
    SqliteConnection::peekUnlessOpen(location, [&]() {
        if (!looksLikeTopologyFile(location))
            return;
        if (auto topology = readTopology(location); topology.ok()) {
            sources.files = false;
            for (const QString &shard : std::as_const(topology->shards)) {
                if (isServerLocation(shard))
                    sources.servers << shard;
                else
                    sources.files = true;
            }
        }
    });
    return sources;
}

QStringList serverDatabasesOf(const QString &location) { return changeSourcesOf(location).servers; }

QString storeDisplayName(const QString &location) { return isServerLocation(location) ? pguri::redacted(location) : location; }

QString storeShortName(const QString &location)
{
    if (isDynamoLocation(location)) {
        auto parsed = aws::parseDynamoLocation(location);
        return parsed.ok() ? parsed->prefix : QStringLiteral("DynamoDB");
    }
    if (isServerLocation(location)) {
        const QString db = pguri::databaseName(location);
        return db.isEmpty() ? QStringLiteral("PostgreSQL") : db;
    }
    return QFileInfo(location).fileName();
}

QString defaultStorePath()
{
    // GenericDataLocation plus our own folder, so that ledgerctl and ledgerdesk agree whatever
    // their application names.
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(base).filePath(QStringLiteral("ledgerdesk/ledger.db"));
}

Result<StoreConfig> resolveStoreConfig(const QString &explicitLocation)
{
    StoreConfig config;
    config.location = explicitLocation;
    if (config.location.isEmpty())
        config.location = qEnvironmentVariable("LEDGERDESK_STORE");
    if (config.location.isEmpty())
        config.location = defaultStorePath();
    if (Error e = checkLocation(config.location); !e.ok())
        return e;
    const QString timeout = qEnvironmentVariable("LEDGERDESK_BUSY_TIMEOUT_MS");
    if (!timeout.isEmpty()) {
        bool ok = false;
        const int ms = timeout.toInt(&ok);
        if (!ok || ms < 0 || ms > 600'000)
            return makeError(ErrorCode::InvalidArgument,
                             Message::translate("ledger", "LEDGERDESK_BUSY_TIMEOUT_MS must be milliseconds from 0 to 600000, not %1")
                                 .arg(quoteForMessage(timeout, 20)));
        config.busyTimeoutMs = ms;
    }
    const QString reconnect = qEnvironmentVariable("LEDGERDESK_RECONNECT_MS");
    if (!reconnect.isEmpty()) {
        bool ok = false;
        const int ms = reconnect.toInt(&ok);
        if (!ok || ms < 0 || ms > 3'600'000)
            return makeError(ErrorCode::InvalidArgument,
                             Message::translate("ledger", "LEDGERDESK_RECONNECT_MS must be milliseconds from 0 to 3600000, not %1")
                                 .arg(quoteForMessage(reconnect, 20)));
        config.reconnectForMs = ms;
    }
    return config;
}

namespace {

PgOptions pgOptions(const StoreConfig &config)
{
    PgOptions options;
    options.busyTimeoutMs = config.busyTimeoutMs;
    options.reconnectForMs = config.reconnectForMs;
    return options;
}

} // namespace

Result<std::unique_ptr<Store>> openStore(const StoreConfig &config)
{
    if (Error e = checkLocation(config.location); !e.ok())
        return e;
    if (isDynamoLocation(config.location)) {
        auto store = DynamoStore::open(config.location, DynamoStore::Options{config.reconnectForMs});
        if (!store.ok())
            return store.error();
        return std::unique_ptr<Store>(std::move(store).value());
    }
    if (isServerLocation(config.location)) {
        auto store = PgStore::open(config.location, pgOptions(config));
        if (!store.ok())
            return store.error();
        return std::unique_ptr<Store>(std::move(store).value());
    }
    // Read only while no SQLite connection of this process has the file open: closing our
    // descriptor would drop their locks (see SqliteConnection::peekUnlessOpen).
    std::optional<Result<Topology>> topology;
    SqliteConnection::peekUnlessOpen(config.location, [&]() {
        if (looksLikeTopologyFile(config.location))
            topology = readTopology(config.location);
    });
    if (topology) {
        if (!topology->ok())
            return topology->error();
        auto sharded = ShardedStore::open(config.location, **topology, BackendMembers(config.busyTimeoutMs, config.reconnectForMs));
        if (!sharded.ok())
            return sharded.error();
        return std::unique_ptr<Store>(std::move(sharded).value());
    }
    auto store = SqliteStore::open(config.location, SqliteOptions{config.busyTimeoutMs, config.durability});
    if (!store.ok())
        return store.error();
    return std::unique_ptr<Store>(std::move(store).value());
}

Result<std::unique_ptr<Store>> createStore(const StoreConfig &config, int scale)
{
    if (Error e = checkLocation(config.location); !e.ok())
        return e; // nothing is created under a name that is no store's
    if (isDynamoLocation(config.location)) {
        if (config.shards != 0 || !config.shardServers.isEmpty())
            return makeError(ErrorCode::InvalidArgument,
                             Message::translate("ledger", "a DynamoDB store is not sharded by LedgerDesk (DynamoDB spreads its tables "
                                                          "itself): leave out --shards and --servers"));
        auto store = DynamoStore::create(config.location, scale, DynamoStore::Options{config.reconnectForMs});
        if (!store.ok())
            return store.error();
        return std::unique_ptr<Store>(std::move(store).value());
    }
    if (isServerLocation(config.location) && config.shards == 0 && config.shardServers.isEmpty()) {
        auto store = PgStore::create(config.location, scale, pgOptions(config));
        if (!store.ok())
            return store.error();
        return std::unique_ptr<Store>(std::move(store).value());
    }
    if (config.shards != 0 || !config.shardServers.isEmpty()) {
        auto sharded = ShardedStore::create(config.location, config.shards, scale,
                                            BackendMembers(config.busyTimeoutMs, config.reconnectForMs), config.shardServers);
        if (!sharded.ok())
            return sharded.error();
        return std::unique_ptr<Store>(std::move(sharded).value());
    }
    // A .json name is how a sharded store's topology file is recognised by people (and by the
    // file dialogs); an SQLite file under that name would only mislead.
    if (hasTopologySuffix(config.location))
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "%1 names a sharded store's topology file (.json): give the number of shards "
                                                      "(ledgerctl init --shards N, or --servers), or name a single-file store .db")
                             .arg(config.location));
    auto store = SqliteStore::create(config.location, scale, SqliteOptions{config.busyTimeoutMs, config.durability});
    if (!store.ok())
        return store.error();
    return std::unique_ptr<Store>(std::move(store).value());
}

StoreConnector connectorOf(const StoreConfig &config)
{
    return [config]() { return openStore(config); };
}

} // namespace ledger
