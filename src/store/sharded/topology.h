#pragma once
// The topology file of a sharded store: a small JSON document that names the store's shard files
// in order, e.g. ledger.json
//
//   {"format": "ledgerdesk-topology", "version": 1, "id": "<uuid>", "scale": 2,
//    "shards": ["ledger.shard-0.db", "ledger.shard-1.db"]}
//
// Shard paths are relative to the topology file's directory (absolute ones are accepted too).
// Each shard file records the topology's id, its own index and the shard count, so that files
// cannot be swapped, mixed between stores, or counted differently by editing this one.
//
// Thread-safety: plain functions and values; any thread.

#include "ledger/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ledger {

struct Topology {
    static constexpr int kVersion = 1;
    static constexpr int kMaxShards = 64;

    QString id;
    int scale = 2;
    QStringList shards; // as written in the file

    // Shard `index`'s path, resolved against the directory of `topologyPath`.
    QString shardPath(const QString &topologyPath, int index) const;
    QByteArray toJson() const;
};

// Whether `path` is named as a topology file (".json", any case): how people, file dialogs and
// `init` tell a sharded store from a single file before any file exists.
bool hasTopologySuffix(const QString &path);

// "ledgerdesk-topology", the value of the "format" member.
QString topologyFormat();

// Whether the file at `path` should be read as a topology file rather than handed to SQLite:
// its first non-blank byte is '{'. (An SQLite file starts "SQLite format 3"; everything else
// keeps the SQLite store's own messages.)
bool looksLikeTopologyFile(const QString &path);

// Reads and checks a topology file: store-not-ledger for JSON that is not a topology,
// store-corrupt for a damaged one (bad JSON, missing or wrong members, no shards, duplicate
// shard paths), store-too-new for a later version, store-unavailable when it cannot be read.
Result<Topology> readTopology(const QString &path);

} // namespace ledger
