#include "store/dynamodb/dynamoitems.h"

#include "ledger/journalevents.h"
#include "ledger/legs.h"

#include <QCryptographicHash>
#include <algorithm>

namespace ledger::dynamo {

namespace {

Error corrupt(const QString &what) { return makeError(ErrorCode::StoreCorrupt, QStringLiteral("DynamoDB item: %1").arg(what)); }

QJsonObject M(const QJsonObject &map) { return QJsonObject{{QStringLiteral("M"), map}}; }

QJsonObject mapOf(const QJsonObject &item, const QString &name)
{
    return item.value(name).toObject().value(QStringLiteral("M")).toObject();
}

} // namespace

qint64 msOf(const QDateTime &t) { return t.isValid() ? t.toMSecsSinceEpoch() : 0; }

QJsonObject S(const QString &text) { return QJsonObject{{QStringLiteral("S"), text}}; }
QJsonObject N(qint64 number) { return QJsonObject{{QStringLiteral("N"), QString::number(number)}}; }
QJsonObject BOOL(bool value) { return QJsonObject{{QStringLiteral("BOOL"), value}}; }

QString str(const QJsonObject &item, const QString &name) { return item.value(name).toObject().value(QStringLiteral("S")).toString(); }

qint64 num(const QJsonObject &item, const QString &name, bool *ok)
{
    const QJsonValue value = item.value(name).toObject().value(QStringLiteral("N"));
    bool parsed = false;
    const qint64 number = value.toString().toLongLong(&parsed);
    if (ok)
        *ok = parsed;
    return parsed ? number : 0;
}

void merge(QJsonObject &into, const QJsonObject &from)
{
    for (auto it = from.begin(); it != from.end(); ++it)
        into.insert(it.key(), it.value());
}

void stampToken(QJsonObject &item, const QString &token)
{
    QJsonArray recent = item.value(QStringLiteral("recentTokens")).toObject().value(QStringLiteral("L")).toArray();
    recent.append(S(token));
    while (recent.size() > kRecentTokens)
        recent.removeFirst();
    item.insert(QStringLiteral("recentTokens"), QJsonObject{{QStringLiteral("L"), recent}});
    item.insert(kToken, S(token));
}

bool carriesToken(const QJsonObject &item, const QString &token)
{
    if (str(item, kToken) == token)
        return true;
    const QJsonArray recent = item.value(QStringLiteral("recentTokens")).toObject().value(QStringLiteral("L")).toArray();
    return std::any_of(recent.begin(), recent.end(),
                       [&](const QJsonValue &v) { return v.toObject().value(QStringLiteral("S")).toString() == token; });
}

QDateTime timeOf(qint64 ms) { return ms == 0 ? QDateTime() : QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }

QJsonObject markerValue(const LegMarker &marker)
{
    QJsonObject value{{QStringLiteral("side"), S(nameOf(marker.side))},
                      {QStringLiteral("amount"), N(marker.amount)},
                      {QStringLiteral("status"), S(nameOf(marker.status))},
                      {QStringLiteral("at"), N(msOf(marker.at))}};
    if (marker.balanceAfter)
        value.insert(QStringLiteral("balanceAfter"), N(*marker.balanceAfter));
    return M(value);
}

Result<LegMarker> markerFromValue(const QString &txId, const QString &accountId, const QJsonObject &value)
{
    LegMarker m;
    m.txId = txId;
    m.accountId = accountId;
    const auto side = legSideFromString(str(value, QStringLiteral("side")));
    const auto status = legStatusFromString(str(value, QStringLiteral("status")));
    if (!side || !status)
        return corrupt(QStringLiteral("leg of %1 on %2 has side %3, status %4")
                           .arg(txId, accountId, str(value, QStringLiteral("side")), str(value, QStringLiteral("status"))));
    m.side = *side;
    m.status = *status;
    m.amount = num(value, QStringLiteral("amount"));
    m.at = timeOf(num(value, QStringLiteral("at")));
    if (value.contains(QStringLiteral("balanceAfter")))
        m.balanceAfter = num(value, QStringLiteral("balanceAfter"));
    return m;
}

QJsonObject accountItem(const Account &a)
{
    return QJsonObject{{QStringLiteral("id"), S(a.id)},
                       {QStringLiteral("all"), S(QStringLiteral("a"))},
                       {QStringLiteral("name"), S(a.name)},
                       {QStringLiteral("status"), S(nameOf(a.status))},
                       {QStringLiteral("balance"), N(a.balance)},
                       {QStringLiteral("pendingDebits"), N(a.pendingDebits)},
                       {QStringLiteral("pendingCredits"), N(a.pendingCredits)},
                       {QStringLiteral("version"), N(a.version)},
                       {QStringLiteral("createdAt"), N(msOf(a.createdAt))},
                       {QStringLiteral("lastModified"), N(msOf(a.lastModified))}};
}

Result<Account> accountFromItem(const QJsonObject &item)
{
    Account a;
    a.id = str(item, QStringLiteral("id"));
    a.name = str(item, QStringLiteral("name"));
    const auto status = accountStatusFromString(str(item, QStringLiteral("status")));
    if (!status)
        return corrupt(QStringLiteral("account %1 has status \"%2\"").arg(a.id, str(item, QStringLiteral("status"))));
    a.status = *status;
    a.balance = num(item, QStringLiteral("balance"));
    a.pendingDebits = num(item, QStringLiteral("pendingDebits"));
    a.pendingCredits = num(item, QStringLiteral("pendingCredits"));
    a.version = num(item, QStringLiteral("version"));
    a.createdAt = timeOf(num(item, QStringLiteral("createdAt")));
    a.lastModified = timeOf(num(item, QStringLiteral("lastModified")));
    return a;
}

Result<QList<LegMarker>> markersOfAccountItem(const QJsonObject &item)
{
    QList<LegMarker> markers;
    const QString accountId = str(item, QStringLiteral("id"));
    const QJsonObject legs = mapOf(item, QStringLiteral("legs"));
    for (auto it = legs.begin(); it != legs.end(); ++it) {
        auto m = markerFromValue(it.key(), accountId, it.value().toObject().value(QStringLiteral("M")).toObject());
        if (!m.ok())
            return m.error();
        markers.append(*m);
    }
    return markers;
}

QJsonObject archivedMarkerItem(const LegMarker &marker, qint64 movedFrom)
{
    QJsonObject item = markerValue(marker).value(QStringLiteral("M")).toObject();
    item.insert(QStringLiteral("movedFrom"), N(movedFrom));
    item.insert(QStringLiteral("account"), S(marker.accountId));
    item.insert(QStringLiteral("tx"), S(marker.txId));
    return item;
}

QJsonObject movedMarkerItem(const LegMarker &marker, qint64 movedFrom)
{
    QJsonObject item = archivedMarkerItem(marker, movedFrom);
    item.insert(QStringLiteral("when"), S(ageOf(marker.at, marker.txId)));
    return item;
}

Result<LegMarker> markerFromArchivedItem(const QJsonObject &item)
{
    return markerFromValue(str(item, QStringLiteral("tx")), str(item, QStringLiteral("account")), item);
}

int partOf(const QString &id)
{
    const QByteArray hash = QCryptographicHash::hash(id.toUtf8(), QCryptographicHash::Md5);
    return static_cast<unsigned char>(hash.at(0)) % kIndexParts;
}

QString ageOf(const QDateTime &createdAt, const QString &id)
{
    // Times as zero-padded milliseconds in the index keys, so that they sort as text.
    return QStringLiteral("%1").arg(msOf(createdAt), 15, 10, QLatin1Char('0')) + QLatin1Char('#') + id;
}

QJsonObject transactionItem(const Transaction &t)
{
    const QString part = QString::number(partOf(t.id));
    QJsonObject item{{QStringLiteral("id"), S(t.id)},
                     {QStringLiteral("kind"), S(nameOf(t.kind))},
                     {QStringLiteral("legs"), S(legsText(t.legs))},
                     {QStringLiteral("memo"), S(t.memo)},
                     {QStringLiteral("state"), S(nameOf(t.state))},
                     {QStringLiteral("createdAt"), N(msOf(t.createdAt))},
                     {QStringLiteral("lastModified"), N(msOf(t.lastModified))},
                     {QStringLiteral("owner"), S(t.owner)},
                     {QStringLiteral("leaseUntil"), N(msOf(t.leaseUntil))},
                     {QStringLiteral("epoch"), N(t.epoch)},
                     {QStringLiteral("lastError"), S(t.lastError)},
                     {QStringLiteral("attempts"), N(t.attempts)},
                     // The by-state index: a state's transactions by age, spread over parts.
                     {QStringLiteral("statePart"), S(nameOf(t.state) + QLatin1Char('#') + part)},
                     {QStringLiteral("age"), S(ageOf(t.createdAt, t.id))}};
    if (!t.idempotencyKey.isEmpty())
        item.insert(QStringLiteral("key"), S(t.idempotencyKey));
    if (!t.compensates.isEmpty())
        item.insert(QStringLiteral("compensates"), S(t.compensates));
    if (!t.compensatedBy.isEmpty())
        item.insert(QStringLiteral("compensatedBy"), S(t.compensatedBy));
    return item;
}

Result<Transaction> transactionFromItem(const QJsonObject &item)
{
    Transaction t;
    t.id = str(item, QStringLiteral("id"));
    const auto kind = txKindFromString(str(item, QStringLiteral("kind")));
    const auto state = txStateFromString(str(item, QStringLiteral("state")));
    const auto legs = legsFromText(str(item, QStringLiteral("legs")));
    if (!kind || !state || !legs)
        return corrupt(
            QStringLiteral("transaction %1 has kind \"%2\", state \"%3\", legs \"%4\"")
                .arg(t.id, str(item, QStringLiteral("kind")), str(item, QStringLiteral("state")), str(item, QStringLiteral("legs"))));
    t.kind = *kind;
    t.state = *state;
    setLegs(t, *legs);
    t.idempotencyKey = str(item, QStringLiteral("key"));
    t.compensates = str(item, QStringLiteral("compensates"));
    t.compensatedBy = str(item, QStringLiteral("compensatedBy"));
    t.memo = str(item, QStringLiteral("memo"));
    t.createdAt = timeOf(num(item, QStringLiteral("createdAt")));
    t.lastModified = timeOf(num(item, QStringLiteral("lastModified")));
    t.owner = str(item, QStringLiteral("owner"));
    t.leaseUntil = timeOf(num(item, QStringLiteral("leaseUntil")));
    t.epoch = num(item, QStringLiteral("epoch"));
    t.lastError = str(item, QStringLiteral("lastError"));
    t.attempts = int(num(item, QStringLiteral("attempts")));
    return t;
}

QJsonObject journalValue(const JournalEntry &e)
{
    QJsonObject row{
        {QStringLiteral("seq"), N(e.seq)},       {QStringLiteral("at"), N(msOf(e.at))}, {QStringLiteral("actor"), S(e.actor)},
        {QStringLiteral("worker"), S(e.worker)}, {QStringLiteral("event"), S(e.event)}, {QStringLiteral("from"), S(e.fromState)},
        {QStringLiteral("to"), S(e.toState)},    {QStringLiteral("epoch"), N(e.epoch)}, {QStringLiteral("detail"), S(e.detail)}};
    // Only when there is one: most rows answer no client request (and an item is at most 400 KB).
    if (!e.request.isEmpty())
        row.insert(QStringLiteral("request"), S(e.request));
    return M(row);
}

Result<QList<JournalEntry>> journalOfItem(const QJsonObject &item, DocKind kind)
{
    QList<JournalEntry> rows;
    const QJsonArray list = item.value(QStringLiteral("journal")).toObject().value(QStringLiteral("L")).toArray();
    for (const QJsonValue &v : list) {
        const QJsonObject row = v.toObject().value(QStringLiteral("M")).toObject();
        JournalEntry e;
        e.docKind = kind;
        e.docId = str(item, QStringLiteral("id"));
        e.seq = num(row, QStringLiteral("seq"));
        e.at = timeOf(num(row, QStringLiteral("at")));
        e.actor = str(row, QStringLiteral("actor"));
        e.worker = str(row, QStringLiteral("worker"));
        e.event = str(row, QStringLiteral("event"));
        e.fromState = str(row, QStringLiteral("from"));
        e.toState = str(row, QStringLiteral("to"));
        e.epoch = num(row, QStringLiteral("epoch"));
        e.detail = str(row, QStringLiteral("detail"));
        e.request = str(row, QStringLiteral("request"));
        if (e.event.isEmpty())
            return corrupt(QStringLiteral("a journal row of %1 has no event").arg(e.docId));
        rows.append(e);
    }
    return rows;
}

QJsonObject scanOf(const QString &table)
{
    return QJsonObject{{QStringLiteral("TableName"), table}, {QStringLiteral("ConsistentRead"), true}};
}

void appendJournal(QJsonObject &item, JournalEntry entry, DocKind kind)
{
    QJsonArray list = item.value(QStringLiteral("journal")).toObject().value(QStringLiteral("L")).toArray();
    entry.seq = list.size() + 1;
    list.append(journalValue(entry));
    item.insert(QStringLiteral("journal"), QJsonObject{{QStringLiteral("L"), list}});
    stampActed(item, kind);
}

bool actedEvent(DocKind kind, const QString &event)
{
    if (kind == DocKind::Account)
        return true;
    static const QStringList acted = operatorEventsButCreation();
    return acted.contains(event);
}

void stampActed(QJsonObject &item, DocKind kind)
{
    std::optional<qint64> newest;
    for (const QJsonValue &v : item.value(QStringLiteral("journal")).toObject().value(QStringLiteral("L")).toArray()) {
        const QJsonObject row = v.toObject().value(QStringLiteral("M")).toObject();
        if (actedEvent(kind, str(row, QStringLiteral("event"))))
            newest = std::max(newest.value_or(num(row, QStringLiteral("at"))), num(row, QStringLiteral("at")));
    }
    const QString id = str(item, QStringLiteral("id"));
    if (!newest) {
        item.remove(QStringLiteral("acted"));
        item.remove(QStringLiteral("actedPart"));
        return;
    }
    item.insert(QStringLiteral("acted"), S(ageOf(timeOf(*newest), id)));
    item.insert(QStringLiteral("actedPart"), S(QString::number(partOf(id))));
}

} // namespace ledger::dynamo
