#pragma once
// How a sharded store reaches its members (shards): handed to ShardedStore::open/create by
// whoever opens the sharded store (src/store/open), so that this library knows no backend. A
// member is an SQLite file beside the topology file or a database on a server, as the topology
// lists it (store/location.h tells which).
//
// Threading: const calls, from the thread that opens the sharded store (the stores returned are
// that thread's connections).

#include "store/shardidentity.h"
#include "store/store.h"

#include <memory>

namespace ledger {

class MemberStores {
public:
    virtual ~MemberStores() = default;

    // How `location` is named to people: never with a password.
    virtual QString displayName(const QString &location) const = 0;
    // Refuses what cannot be listed as a server member in a topology file (a plain file that
    // anyone with the store may read): a location that is not a server's, one with a password.
    virtual Error checkServerMember(const QString &location) const = 0;
    // Opens (or creates) the member at `location`, which must be exactly shard `identity`, with
    // every commit synced (a power loss must not roll members back independently).
    virtual Result<std::unique_ptr<Store>> open(const QString &location, const ShardIdentity &identity) const = 0;
    virtual Result<std::unique_ptr<Store>> create(const QString &location, const ShardIdentity &identity, int scale) const = 0;
    // Undoes a create() whose sharded store will not be made: what it wrote into a server's
    // database is dropped, a file member's files are removed (after `store` is closed).
    virtual void undoCreate(std::unique_ptr<Store> store, const QString &location) const = 0;
    // The files a file member at `location` would have (the database and its companions), to
    // refuse creating over any of them.
    virtual QStringList filesOf(const QString &location) const = 0;
};

} // namespace ledger
