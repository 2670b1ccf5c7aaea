#pragma once
// Where a store sits in a sharded store, as each shard records it in its meta table (keys
// topology_id, shard_index, shard_count, topology), and the check made whenever a shard is
// opened: the same for a shard that is an SQLite file and one that is a PostgreSQL database.
// Thread-safety: plain values and pure functions; any thread.

#include "ledger/errors.h"

#include <QMap>
#include <QString>

namespace ledger {

struct ShardIdentity {
    QString topologyId;
    int index = 0;
    int count = 1;
    QString topologyName; // the topology file's name, for messages about a shard met alone
    // Create only: whether @world is written into this shard (it lives on its home shard only).
    bool holdsWorld = true;

    // The meta rows that record it.
    QMap<QString, QString> metaRows() const;
};

// `recorded`: the store's meta rows (any keys; the four above are looked at). `want`: the shard
// the opener expects, or none for a store opened on its own. `location` names the store in
// messages; `topologyHint` is where the topology file probably is (for store-is-shard).
// Errors: store-is-shard, topology-mismatch, store-corrupt.
Error checkShardIdentity(const QMap<QString, QString> &recorded, const ShardIdentity *want, const QString &location,
                         const QString &topologyHint);

} // namespace ledger
