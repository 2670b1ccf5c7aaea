#include "lake/lakelayout.h"

#include "ledger/message.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace ledger::lake {

namespace {
constexpr int kFormat = 1;
QString position(qint64 p) { return QStringLiteral("%1").arg(p, 19, 10, QLatin1Char('0')); }
} // namespace

QString LakeFileName::name() const
{
    return QStringLiteral("dt=%1/s%2-%3-%4.ndjson.gz").arg(day).arg(shard, 2, 10, QLatin1Char('0')).arg(position(after), position(last));
}

std::optional<LakeFileName> LakeFileName::parse(const QString &name)
{
    static const QRegularExpression form(QStringLiteral("^dt=(\\d{4}-\\d{2}-\\d{2})/s(\\d{2})-(\\d{19})-(\\d{19})\\.ndjson\\.gz$"));
    const QRegularExpressionMatch m = form.match(name);
    if (!m.hasMatch())
        return std::nullopt;
    LakeFileName f;
    f.day = m.captured(1);
    f.shard = m.captured(2).toInt();
    f.after = m.captured(3).toLongLong();
    f.last = m.captured(4).toLongLong();
    if (f.last <= f.after)
        return std::nullopt;
    return f;
}

QString dayOf(const QDateTime &at) { return at.toUTC().date().toString(Qt::ISODate); }

LakeCheckpoint LakeCheckpoint::empty(int shards)
{
    LakeCheckpoint c;
    c.shards = qMax(1, shards);
    c.cursor = FeedCursor::start(c.shards);
    c.days = QStringList(c.shards, QString());
    return c;
}

QByteArray LakeCheckpoint::toJson() const
{
    const QJsonObject o{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("shards"), shards},
        {QStringLiteral("cursor"), cursor.toString()},
        {QStringLiteral("days"), QJsonArray::fromStringList(days)},
        {QStringLiteral("events"), events},
        {QStringLiteral("files"), files},
        {QStringLiteral("bytes"), bytes},
        {QStringLiteral("updated"), updated.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("writer"), writer},
        {QStringLiteral("store"), store},
    };
    QJsonObject withLook = o;
    if (!lookFrom.isEmpty())
        withLook.insert(QStringLiteral("lookFrom"), lookFrom);
    return QJsonDocument(withLook).toJson(QJsonDocument::Indented);
}

Result<LakeCheckpoint> LakeCheckpoint::fromJson(const QByteArray &json, const QString &where)
{
    const auto bad = [&](const QString &why) {
        return makeError(ErrorCode::LakeMismatch,
                         Message::translate("ledger", "%1 is not a LedgerDesk lake checkpoint (%2)").arg(Message(where), Message(why)));
    };
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject())
        return bad(error.errorString());
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toInt() != kFormat)
        return bad(QStringLiteral("format %1, not %2").arg(o.value(QStringLiteral("format")).toVariant().toString()).arg(kFormat));
    LakeCheckpoint c;
    c.shards = o.value(QStringLiteral("shards")).toInt();
    if (c.shards < 1 || c.shards > 1024)
        return bad(QStringLiteral("shards %1").arg(c.shards));
    auto cursor = FeedCursor::parse(o.value(QStringLiteral("cursor")).toString(), c.shards);
    if (!cursor.ok())
        return bad(cursor.error().message);
    c.cursor = *cursor;
    for (const QJsonValue &d : o.value(QStringLiteral("days")).toArray())
        c.days << d.toString();
    if (c.days.size() != c.shards)
        return bad(QStringLiteral("%1 days for %2 shards").arg(c.days.size()).arg(c.shards));
    c.events = o.value(QStringLiteral("events")).toInteger();
    c.files = o.value(QStringLiteral("files")).toInteger();
    c.bytes = o.value(QStringLiteral("bytes")).toInteger();
    c.updated = QDateTime::fromString(o.value(QStringLiteral("updated")).toString(), Qt::ISODateWithMs);
    c.writer = o.value(QStringLiteral("writer")).toString();
    c.store = o.value(QStringLiteral("store")).toString();
    c.lookFrom = o.value(QStringLiteral("lookFrom")).toString();
    return c;
}

QByteArray lakeLine(const FeedEvent &event, int scale)
{
    // Compact JSON sorts an object's keys: the same event is the same bytes.
    return QJsonDocument(feedEventJson(event, scale, FeedJson::WithoutCursor)).toJson(QJsonDocument::Compact) + '\n';
}

QByteArray lakeSchemaJson(int scale)
{
    const QString amountPattern = scale > 0 ? QStringLiteral("^-?[0-9]+\\.[0-9]{%1}$").arg(scale) : QStringLiteral("^-?[0-9]+$");
    const auto text = [] { return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}; };
    const auto nullableText = [] {
        return QJsonObject{{QStringLiteral("type"), QJsonArray{QStringLiteral("string"), QStringLiteral("null")}}};
    };
    const auto amount = [&] {
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("pattern"), amountPattern}};
    };
    const auto time = [] {
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("format"), QStringLiteral("date-time")}};
    };
    // The words as the documents name them (ledger/documents.h), not a copy of them.
    const auto oneOf = [](const QStringList &words) { return QJsonObject{{QStringLiteral("enum"), QJsonArray::fromStringList(words)}}; };
    const auto object = [](const QJsonObject &properties) {
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                           {QStringLiteral("additionalProperties"), false},
                           {QStringLiteral("required"), QJsonArray::fromStringList(properties.keys())},
                           {QStringLiteral("properties"), properties}};
    };
    QJsonObject nullableAmount = amount();
    nullableAmount.insert(QStringLiteral("type"), QJsonArray{QStringLiteral("string"), QStringLiteral("null")});
    const QJsonObject leg = object({
        {QStringLiteral("accountId"), text()},
        {QStringLiteral("side"), oneOf({nameOf(LegSide::Debit), nameOf(LegSide::Credit)})},
        {QStringLiteral("amount"), amount()},
        {QStringLiteral("status"), oneOf({nameOf(LegStatus::Held), nameOf(LegStatus::Posted), nameOf(LegStatus::Voided)})},
        {QStringLiteral("at"), time()},
        {QStringLiteral("balanceAfter"), nullableAmount},
    });
    const QJsonObject transaction = object({
        {QStringLiteral("id"), text()},
        {QStringLiteral("idempotencyKey"), nullableText()},
        {QStringLiteral("kind"), oneOf({nameOf(TxKind::Transfer), nameOf(TxKind::Compensation)})},
        {QStringLiteral("compensates"), nullableText()},
        {QStringLiteral("source"), text()},
        {QStringLiteral("destination"), text()},
        {QStringLiteral("amount"), amount()},
        {QStringLiteral("memo"), text()},
        {QStringLiteral("createdAt"), time()},
        {QStringLiteral("lastError"), nullableText()},
    });
    QJsonObject line = object({
        {QStringLiteral("shard"), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}, {QStringLiteral("minimum"), 0}}},
        {QStringLiteral("seq"), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}, {QStringLiteral("minimum"), 1}}},
        {QStringLiteral("at"), time()},
        {QStringLiteral("state"), oneOf({nameOf(TxState::Done), nameOf(TxState::Canceled)})},
        {QStringLiteral("actor"), text()},
        {QStringLiteral("transaction"), transaction},
        {QStringLiteral("legs"), QJsonObject{{QStringLiteral("type"), QStringLiteral("array")}, {QStringLiteral("items"), leg}}},
    });
    line.insert(QStringLiteral("$schema"), QStringLiteral("https://json-schema.org/draft/2020-12/schema"));
    line.insert(QStringLiteral("$id"), QStringLiteral("ledgerdesk-lake-line-v1"));
    line.insert(QStringLiteral("title"), QStringLiteral("One finished transaction of a LedgerDesk data lake"));
    line.insert(QStringLiteral("description"),
                QStringLiteral("Files dt=YYYY-MM-DD/sNN-AFTER-LAST.ndjson.gz: shard NN's finished transactions with AFTER < seq <= LAST, "
                               "finished (at) on that UTC day; amounts are exact decimal strings of %1 places.")
                    .arg(scale));
    return QJsonDocument(line).toJson(QJsonDocument::Indented);
}

} // namespace ledger::lake
