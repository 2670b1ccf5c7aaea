#include "store/open/memberopener.h"

#include "ledger/identifiers.h"
#include "store/open/storeconfig.h"
#include "store/postgres/pgstore.h"
#include "store/postgres/pguri.h"
#include "store/sqlite/sqlitestore.h"

#include <QFile>

namespace ledger {

namespace {

const char *const kSqliteSuffixes[] = {"", "-wal", "-shm", "-journal"};

template <typename Backend> Result<std::unique_ptr<Store>> asStore(Result<std::unique_ptr<Backend>> store)
{
    if (!store.ok())
        return store.error();
    return std::unique_ptr<Store>(std::move(store).value());
}

} // namespace

QString BackendMembers::displayName(const QString &location) const { return storeDisplayName(location); }

Error BackendMembers::checkServerMember(const QString &location) const
{
    if (!isServerLocation(location))
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "%1 is not a PostgreSQL connection string (postgresql://... or host=... dbname=...)")
                             .arg(quoteForMessage(location, 80)));
    if (Error e = pguri::check(location); !e.ok())
        return e;
    // The topology file is a plain file anyone with the store may read.
    if (pguri::hasPassword(location))
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger",
                                            "%1 carries a password, which the topology file would keep in plain text; put it "
                                            "in ~/.pgpass (or the file $PGPASSFILE names) and leave it out of the connection string")
                             .arg(pguri::redacted(location)));
    return {};
}

Result<std::unique_ptr<Store>> BackendMembers::member(const QString &location, const ShardIdentity &identity, bool create, int scale) const
{
    if (isServerLocation(location)) {
        PgOptions options;
        options.busyTimeoutMs = m_busyTimeoutMs;
        options.reconnectForMs = m_reconnectForMs;
        options.shard = identity;
        return asStore(create ? PgStore::create(location, scale, options) : PgStore::open(location, options));
    }
    const SqliteOptions options{m_busyTimeoutMs, Durability::Full, identity};
    return asStore(create ? SqliteStore::create(location, scale, options) : SqliteStore::open(location, options));
}

Result<std::unique_ptr<Store>> BackendMembers::open(const QString &location, const ShardIdentity &identity) const
{
    return member(location, identity, false, 0);
}

Result<std::unique_ptr<Store>> BackendMembers::create(const QString &location, const ShardIdentity &identity, int scale) const
{
    return member(location, identity, true, scale);
}

void BackendMembers::undoCreate(std::unique_ptr<Store> store, const QString &location) const
{
    if (isServerLocation(location)) {
        // member() made it: a server location is always a PgStore.
        // What the create wrote into the database; what cannot be dropped is named, since the
        // failed create's own error is what the caller reports.
        if (Error e = static_cast<PgStore *>(store.get())->dropStore(); !e.ok())
            qWarning("could not undo the shard created in %s: %s", qPrintable(storeDisplayName(location)), qPrintable(e.toString()));
        return;
    }
    store.reset(); // closed before its files go
    for (const QString &file : filesOf(location))
        QFile::remove(file);
}

QStringList BackendMembers::filesOf(const QString &location) const
{
    QStringList files;
    for (const char *suffix : kSqliteSuffixes)
        files << location + QLatin1String(suffix);
    return files;
}

} // namespace ledger
