#include "store/sharded/topology.h"

#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "store/location.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace ledger {

namespace {

// A topology names at most 64 short paths; anything much bigger is not one.
constexpr qint64 kMaxTopologyBytes = 1 << 20;

// The same file whichever way it was spelt: through symlinks when it exists. A server's
// database as written (a topology keeps no passwords).
QString identityOf(const QString &path)
{
    if (isServerLocation(path))
        return path;
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

Error corrupt(const QString &path, const Message &what)
{
    return makeError(ErrorCode::StoreCorrupt, Message::translate("ledger", "%1 is a damaged topology file: %2").arg(path, what));
}

} // namespace

bool hasTopologySuffix(const QString &path) { return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive); }

QString topologyFormat() { return QStringLiteral("ledgerdesk-topology"); }

QString Topology::shardPath(const QString &topologyPath, int index) const
{
    const QString entry = shards.value(index);
    if (isServerLocation(entry))
        return entry; // a database on a server, as written
    if (QDir::isAbsolutePath(entry))
        return QDir::cleanPath(entry);
    const QString dir = QFileInfo(topologyPath).path();
    return dir == QLatin1String(".") ? QDir::cleanPath(entry) : QDir::cleanPath(QDir(dir).filePath(entry));
}

QByteArray Topology::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("format"), topologyFormat());
    o.insert(QStringLiteral("version"), kVersion);
    o.insert(QStringLiteral("id"), id);
    o.insert(QStringLiteral("scale"), scale);
    o.insert(QStringLiteral("shards"), QJsonArray::fromStringList(shards));
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool looksLikeTopologyFile(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(256);
    for (char c : head) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        return c == '{';
    }
    return false;
}

Result<Topology> readTopology(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 cannot be read: %2").arg(path, file.errorString()));
    if (file.size() > kMaxTopologyBytes)
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "%1 is not a LedgerDesk store (a JSON file of %2 bytes is no topology file)")
                             .arg(path)
                             .arg(file.size()));
    const QByteArray bytes = file.readAll();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Damaged if it says what it is; otherwise just some other text file.
        if (bytes.contains("ledgerdesk-topology"))
            return corrupt(
                path,
                Message::translate("ledger", "it is not valid JSON (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "%1 is not a LedgerDesk store (neither an SQLite database nor "
                                                      "a topology file: %2 at byte %3)")
                             .arg(path, parseError.errorString())
                             .arg(parseError.offset));
    }
    const QJsonObject o = doc.object();
    if (!doc.isObject() || o.value(QStringLiteral("format")).toString() != topologyFormat())
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "%1 is a JSON file but not a LedgerDesk topology (its \"format\" is not \"%2\")")
                             .arg(path, topologyFormat()));

    const QJsonValue version = o.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != double(version.toInteger()) || version.toInteger() < 1)
        return corrupt(path, Message::translate("ledger", "\"version\" must be a whole number from 1"));
    if (version.toInteger() > Topology::kVersion)
        return makeError(ErrorCode::StoreTooNew,
                         Message::translate("ledger", "%1 is a topology of version %2; this LedgerDesk reads up to version %3; "
                                                      "upgrade LedgerDesk")
                             .arg(path)
                             .arg(version.toInteger())
                             .arg(Topology::kVersion));

    Topology t;
    t.id = o.value(QStringLiteral("id")).toString();
    if (t.id.isEmpty() || t.id.size() > 100)
        return corrupt(path, Message::translate("ledger", "\"id\" must be a non-empty string"));
    const QJsonValue scale = o.value(QStringLiteral("scale"));
    if (!scale.isDouble() || scale.toDouble() != double(scale.toInteger()) || !money::isValidScale(int(scale.toInteger()))
        || scale.toInteger() != int(scale.toInteger()))
        return corrupt(path, Message::translate("ledger", "\"scale\" must be a whole number from 0 to %1").arg(money::kMaxScale));
    t.scale = int(scale.toInteger());

    const QJsonValue shards = o.value(QStringLiteral("shards"));
    if (!shards.isArray())
        return corrupt(path, Message::translate("ledger", "\"shards\" must be a list of shard file paths"));
    const QJsonArray list = shards.toArray();
    if (list.isEmpty())
        return corrupt(path, Message::translate("ledger", "the list of shards is empty"));
    if (list.size() > Topology::kMaxShards)
        return corrupt(
            path, Message::translate("ledger", "it lists %1 shards; a store has at most %2").arg(list.size()).arg(Topology::kMaxShards));
    for (const QJsonValue &entry : list) {
        if (!entry.isString() || entry.toString().isEmpty())
            return corrupt(
                path, Message::translate("ledger", "shard %1 is not a file path or a PostgreSQL connection string").arg(t.shards.size()));
        if (Error e = checkLocation(entry.toString()); !e.ok())
            return e; // "https://…": a scheme we do not know, never a folder named "https:"
        t.shards << entry.toString();
    }
    QSet<QString> seen{identityOf(path)};
    for (int i = 0; i < t.shards.size(); ++i) {
        const QString resolved = t.shardPath(path, i);
        if (seen.contains(identityOf(resolved)))
            return corrupt(
                path, Message::translate("ledger", "shard %1 (%2) is the topology file itself or names the same file as an earlier shard")
                          .arg(i)
                          .arg(quoteForMessage(t.shards.at(i), 80)));
        seen.insert(identityOf(resolved));
    }
    return t;
}

} // namespace ledger
