// SqliteConnection: the meta rows that make a store file one shard of a sharded store
// (shardedstore.h), written when the shard is created and checked whenever it is opened.
#include "store/sqlite/sqliteconnection.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>

namespace ledger {

Error SqliteConnection::recordShardIdentity()
{
    if (!m_shard)
        return {};
    const QMap<QString, QString> rows = m_shard->metaRows();
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        auto row = run("INSERT INTO meta (key, value) VALUES (?, ?)", {it.key(), it.value()});
        if (!row.ok())
            return row.error();
    }
    return {};
}

Error SqliteConnection::checkShardIdentity()
{
    auto rows = allRows(run("SELECT key, value FROM meta WHERE key IN ('topology_id', 'shard_index', 'shard_count', 'topology')"),
                        [](const SqliteStatement &q) { return qMakePair(q.text(0), q.text(1)); });
    if (!rows.ok())
        return rows.error();
    QMap<QString, QString> meta;
    for (const auto &row : *rows)
        meta.insert(row.first, row.second);
    // Where the topology file was when the shard was made: beside it.
    const QString topology = meta.value(QStringLiteral("topology"));
    const QString dir = QFileInfo(m_path).path();
    const QString topologyPath = dir == QLatin1String(".") ? topology : QDir(dir).filePath(topology);
    return ledger::checkShardIdentity(meta, m_shard ? &*m_shard : nullptr, m_path, topologyPath);
}

} // namespace ledger
