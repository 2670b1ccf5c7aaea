// SqliteConnection: the meta rows that make a store file one shard of a sharded store
// (shardedstore.h), written when the shard is created and checked whenever it is opened.
#include "sqliteconnection.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>

namespace ledger {

Error SqliteConnection::recordShardIdentity()
{
    if (!m_shard)
        return {};
    auto shard = runDynamic(QStringLiteral("INSERT INTO meta (key, value) VALUES ('topology_id', ?), ('shard_index', ?),"
                                           " ('shard_count', ?), ('topology', ?)"),
                            {m_shard->topologyId, QString::number(m_shard->index), QString::number(m_shard->count), m_shard->topologyName});
    return shard.ok() ? Error{} : shard.error();
}

Error SqliteConnection::checkShardIdentity()
{
    auto rows = allRows(run("SELECT key, value FROM meta WHERE key IN ('topology_id', 'shard_index', 'shard_count', 'topology')"),
                        [](const QSqlQuery &q) { return qMakePair(q.value(0).toString(), q.value(1).toString()); });
    if (!rows.ok())
        return rows.error();
    QMap<QString, QString> meta;
    for (const auto &row : *rows)
        meta.insert(row.first, row.second);
    const QString recordedId = meta.value(QStringLiteral("topology_id"));
    bool indexOk = false;
    bool countOk = false;
    const int index = meta.value(QStringLiteral("shard_index")).toInt(&indexOk);
    const int count = meta.value(QStringLiteral("shard_count")).toInt(&countOk);
    const QString topology = meta.value(QStringLiteral("topology"));
    if (!m_shard) {
        if (recordedId.isEmpty())
            return {};
        // Where the topology file was when the shard was made: beside it.
        const QString dir = QFileInfo(m_path).path();
        const QString topologyPath = dir == QLatin1String(".") ? topology : QDir(dir).filePath(topology);
        return makeError(ErrorCode::StoreIsShard, QStringLiteral("%1 is shard %2 of %3 of the store %4; open %4 instead")
                                                      .arg(m_path, meta.value(QStringLiteral("shard_index")),
                                                           meta.value(QStringLiteral("shard_count")), topologyPath));
    }
    const ShardIdentity &want = *m_shard;
    if (recordedId.isEmpty())
        return makeError(ErrorCode::TopologyMismatch,
                         QStringLiteral("%1 is a single-file store, not shard %2 of %3 of %4").arg(m_path).arg(want.index).arg(want.count).arg(want.topologyName));
    if (!indexOk || !countOk)
        return makeError(ErrorCode::StoreCorrupt, QStringLiteral("%1 records a topology but no valid shard index and count").arg(m_path));
    if (recordedId != want.topologyId)
        return makeError(ErrorCode::TopologyMismatch,
                         QStringLiteral("%1 belongs to another sharded store (topology id %2, made with %3), not to %4 (id %5)")
                             .arg(m_path, recordedId, topology, want.topologyName, want.topologyId));
    if (index != want.index || count != want.count)
        return makeError(ErrorCode::TopologyMismatch,
                         QStringLiteral("%1 is shard %2 of %3, but %4 lists it as shard %5 of %6; the shards of a store cannot be "
                                        "moved, swapped or counted differently")
                             .arg(m_path)
                             .arg(index)
                             .arg(count)
                             .arg(want.topologyName)
                             .arg(want.index)
                             .arg(want.count));
    return {};
}

} // namespace ledger
