#include "store/shardidentity.h"

namespace ledger {

QMap<QString, QString> ShardIdentity::metaRows() const
{
    return {{QStringLiteral("topology_id"), topologyId},
            {QStringLiteral("shard_index"), QString::number(index)},
            {QStringLiteral("shard_count"), QString::number(count)},
            {QStringLiteral("topology"), topologyName}};
}

Error checkShardIdentity(const QMap<QString, QString> &meta, const ShardIdentity *want, const QString &location,
                         const QString &topologyHint)
{
    const QString recordedId = meta.value(QStringLiteral("topology_id"));
    bool indexOk = false;
    bool countOk = false;
    const int index = meta.value(QStringLiteral("shard_index")).toInt(&indexOk);
    const int count = meta.value(QStringLiteral("shard_count")).toInt(&countOk);
    const QString topology = meta.value(QStringLiteral("topology"));
    if (!want) {
        if (recordedId.isEmpty())
            return {};
        return makeError(ErrorCode::StoreIsShard, Message::translate("ledger", "%1 is shard %2 of %3 of the store %4; open %4 instead")
                                                      .arg(location, meta.value(QStringLiteral("shard_index")),
                                                           meta.value(QStringLiteral("shard_count")), topologyHint));
    }
    if (recordedId.isEmpty())
        return makeError(ErrorCode::TopologyMismatch, Message::translate("ledger", "%1 is a single store, not shard %2 of %3 of %4")
                                                          .arg(location)
                                                          .arg(want->index)
                                                          .arg(want->count)
                                                          .arg(want->topologyName));
    if (!indexOk || !countOk)
        return makeError(ErrorCode::StoreCorrupt,
                         Message::translate("ledger", "%1 records a topology but no valid shard index and count").arg(location));
    if (recordedId != want->topologyId)
        return makeError(
            ErrorCode::TopologyMismatch,
            Message::translate("ledger", "%1 belongs to another sharded store (topology id %2, made with %3), not to %4 (id %5)")
                .arg(location, recordedId, topology, want->topologyName, want->topologyId));
    if (index != want->index || count != want->count)
        return makeError(ErrorCode::TopologyMismatch,
                         Message::translate("ledger",
                                            "%1 is shard %2 of %3, but %4 lists it as shard %5 of %6; the shards of a store cannot be "
                                            "moved, swapped or counted differently")
                             .arg(location)
                             .arg(index)
                             .arg(count)
                             .arg(want->topologyName)
                             .arg(want->index)
                             .arg(want->count));
    return {};
}

} // namespace ledger
