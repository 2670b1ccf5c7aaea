#include "store/dynamodb/dynamostore.h"

#include "ledger/identifiers.h"
#include "ledger/message.h"
#include "aws/awsconfig.h"
#include "store/dynamodb/dynamoitems.h"

#include <QJsonArray>
#include <QThread>
#include <QUuid>
#include <algorithm>

namespace ledger {

using namespace dynamo;

namespace {

// 2: the by-acted indexes (the journal by key); a store of schema 1 reads its journal whole.
constexpr int kSchemaVersion = 2;
const char *const kTables[] = {"meta", "accounts", "transactions", "keys", "txaccounts", "legs", "moves"};

QJsonObject attribute(const QString &name, const char *type)
{
    return QJsonObject{{QStringLiteral("AttributeName"), name}, {QStringLiteral("AttributeType"), QString::fromLatin1(type)}};
}

QJsonArray keySchema(const QString &hash, const QString &range = {})
{
    QJsonArray schema{QJsonObject{{QStringLiteral("AttributeName"), hash}, {QStringLiteral("KeyType"), QStringLiteral("HASH")}}};
    if (!range.isEmpty())
        schema.append(QJsonObject{{QStringLiteral("AttributeName"), range}, {QStringLiteral("KeyType"), QStringLiteral("RANGE")}});
    return schema;
}

QJsonObject index(const QString &name, const QString &hash, const QString &range, const char *projection)
{
    return QJsonObject{{QStringLiteral("IndexName"), name},
                       {QStringLiteral("KeySchema"), keySchema(hash, range)},
                       {QStringLiteral("Projection"), QJsonObject{{QStringLiteral("ProjectionType"), QString::fromLatin1(projection)}}}};
}

// The by-acted index of a table (dynamoitems.h): the journal is all a listing of it reads, and
// with nothing else projected a write that leaves the journal as it was (an account's holds and
// posts) does not write the index.
QJsonObject actedIndex()
{
    QJsonObject i = index(QStringLiteral("by-acted"), QStringLiteral("actedPart"), QStringLiteral("acted"), "INCLUDE");
    i.insert(QStringLiteral("Projection"), QJsonObject{{QStringLiteral("ProjectionType"), QStringLiteral("INCLUDE")},
                                                       {QStringLiteral("NonKeyAttributes"), QJsonArray{QStringLiteral("journal")}}});
    return i;
}

// Each table's definition: its key, and the indexes its access paths need (DESIGN §10).
QJsonObject tableDefinition(const QString &table, const QString &which)
{
    QJsonObject d{{QStringLiteral("TableName"), table}, {QStringLiteral("BillingMode"), QStringLiteral("PAY_PER_REQUEST")}};
    if (which == QLatin1String("meta")) {
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("name")));
        d.insert(QStringLiteral("AttributeDefinitions"), QJsonArray{attribute(QStringLiteral("name"), "S")});
    } else if (which == QLatin1String("accounts")) {
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("id")));
        d.insert(QStringLiteral("AttributeDefinitions"),
                 QJsonArray{attribute(QStringLiteral("id"), "S"), attribute(QStringLiteral("all"), "S"),
                            attribute(QStringLiteral("actedPart"), "S"), attribute(QStringLiteral("acted"), "S")});
        // Accounts in id order (a Scan has none): keys only, written once when an account is made.
        d.insert(QStringLiteral("GlobalSecondaryIndexes"),
                 QJsonArray{index(QStringLiteral("by-id"), QStringLiteral("all"), QStringLiteral("id"), "KEYS_ONLY"), actedIndex()});
    } else if (which == QLatin1String("transactions")) {
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("id")));
        d.insert(QStringLiteral("AttributeDefinitions"),
                 QJsonArray{attribute(QStringLiteral("id"), "S"), attribute(QStringLiteral("statePart"), "S"),
                            attribute(QStringLiteral("age"), "S"), attribute(QStringLiteral("finishPart"), "S"),
                            attribute(QStringLiteral("finishSeq"), "N"), attribute(QStringLiteral("actedPart"), "S"),
                            attribute(QStringLiteral("acted"), "S")});
        d.insert(QStringLiteral("GlobalSecondaryIndexes"),
                 QJsonArray{index(QStringLiteral("by-state"), QStringLiteral("statePart"), QStringLiteral("age"), "ALL"),
                            index(QStringLiteral("by-finish"), QStringLiteral("finishPart"), QStringLiteral("finishSeq"), "ALL"),
                            actedIndex()});
    } else if (which == QLatin1String("keys")) {
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("key")));
        d.insert(QStringLiteral("AttributeDefinitions"), QJsonArray{attribute(QStringLiteral("key"), "S")});
    } else if (which == QLatin1String("txaccounts")) {
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("account"), QStringLiteral("age")));
        d.insert(QStringLiteral("AttributeDefinitions"),
                 QJsonArray{attribute(QStringLiteral("account"), "S"), attribute(QStringLiteral("age"), "S")});
    } else if (which == QLatin1String("moves")) {
        // The moved markers again, by account and time: what a reading needs of them is those
        // moved recently (dynamoitems.h, movedMarkerItem).
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("account"), QStringLiteral("when")));
        d.insert(QStringLiteral("AttributeDefinitions"),
                 QJsonArray{attribute(QStringLiteral("account"), "S"), attribute(QStringLiteral("when"), "S")});
    } else { // legs
        d.insert(QStringLiteral("KeySchema"), keySchema(QStringLiteral("account"), QStringLiteral("tx")));
        d.insert(QStringLiteral("AttributeDefinitions"),
                 QJsonArray{attribute(QStringLiteral("account"), "S"), attribute(QStringLiteral("tx"), "S")});
    }
    return d;
}

Result<std::unique_ptr<aws::DynamoClient>> clientFor(const aws::DynamoLocation &location, int retryForMs)
{
    auto config = aws::resolveConfig(location.profile, location.region, location.endpoint, aws::Environment::ofProcess());
    if (!config.ok())
        return config.error();
    aws::ClientOptions options;
    options.endpoint = config->endpoint;
    options.scope = aws::Scope{config->region, QStringLiteral("dynamodb")};
    options.credentials = config->credentials;
    options.maxAttempts = location.maxAttempts;
    options.connectTimeoutMs = location.connectTimeoutMs;
    options.readTimeoutMs = location.readTimeoutMs;
    options.retryForMs = retryForMs;
    return std::make_unique<aws::DynamoClient>(options);
}

} // namespace

DynamoStore::DynamoStore(aws::DynamoLocation location, QString locationText, std::unique_ptr<aws::DynamoClient> client)
    : m_location(std::move(location))
    , m_locationText(std::move(locationText))
    , m_client(std::move(client))
{}

Result<std::unique_ptr<DynamoStore>> DynamoStore::connect(const QString &locationText, const Options &options)
{
    auto location = aws::parseDynamoLocation(locationText);
    if (!location.ok())
        return location.error();
    auto client = clientFor(*location, options.retryForMs);
    if (!client.ok())
        return client.error();
    return std::unique_ptr<DynamoStore>(new DynamoStore(*location, locationText, std::move(*client)));
}

Result<std::unique_ptr<DynamoStore>> DynamoStore::open(const QString &locationText, const Options &options)
{
    auto connected = connect(locationText, options);
    if (!connected.ok())
        return connected.error();
    std::unique_ptr<DynamoStore> store = std::move(connected).value();
    if (Error e = store->readMeta(); !e.ok())
        return e;
    return store;
}

Error DynamoStore::readMeta()
{
    auto meta = getItem("meta", QStringLiteral("name"), QStringLiteral("ledger"));
    if (!meta.ok()) {
        if (meta.error().code == ErrorCode::StoreNotLedger)
            return makeError(ErrorCode::StoreNotLedger,
                             Message::translate("ledger", "no LedgerDesk store at %1 (its tables are missing: ledgerctl init creates them)")
                                 .arg(m_locationText));
        return meta.error();
    }
    if (!meta->has_value())
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "no LedgerDesk store at %1 (its tables are there but not its description: "
                                                      "an init that did not finish?)")
                             .arg(m_locationText));
    const qint64 schema = num(**meta, QStringLiteral("schema"));
    if (schema > kSchemaVersion)
        return makeError(ErrorCode::StoreTooNew,
                         Message::translate("ledger", "the store at %1 has schema %2; this LedgerDesk knows up to %3")
                             .arg(m_locationText)
                             .arg(schema)
                             .arg(kSchemaVersion));
    m_scale = int(num(**meta, QStringLiteral("scale")));
    m_schema = int(schema);
    return {};
}

Result<std::unique_ptr<DynamoStore>> DynamoStore::create(const QString &locationText, int scale, const Options &options)
{
    auto connected = connect(locationText, options);
    if (!connected.ok())
        return connected.error();
    std::unique_ptr<DynamoStore> store = std::move(connected).value();
    aws::DynamoClient &c = *store->m_client;
    // A table already there is someone's: nothing is created over it.
    for (const char *which : kTables) {
        auto described = c.call("DescribeTable", QJsonObject{{QStringLiteral("TableName"), store->table(which)}});
        if (described.ok())
            return makeError(ErrorCode::StoreExists,
                             Message::translate("ledger", "the table %1 already exists: init makes a new store only "
                                                          "(choose another prefix)")
                                 .arg(store->table(which)));
        if (described.error().code != ErrorCode::StoreNotLedger)
            return described.error();
    }
    QStringList created;
    const auto undo = [&](const Error &e) -> Error {
        for (const QString &t : created)
            (void)c.call("DeleteTable", QJsonObject{{QStringLiteral("TableName"), t}});
        return e;
    };
    for (const char *which : kTables) {
        auto made = c.call("CreateTable", tableDefinition(store->table(which), QString::fromLatin1(which)));
        if (!made.ok())
            return undo(made.error());
        created << store->table(which);
    }
    // Tables take a moment to become usable (seconds on DynamoDB).
    for (const QString &t : created) {
        for (int wait = 0;; ++wait) {
            auto described = c.call("DescribeTable", QJsonObject{{QStringLiteral("TableName"), t}});
            if (!described.ok())
                return undo(described.error());
            const QJsonObject table = described->body.value(QStringLiteral("Table")).toObject();
            bool active = table.value(QStringLiteral("TableStatus")).toString() == QLatin1String("ACTIVE");
            for (const QJsonValue &gsi : table.value(QStringLiteral("GlobalSecondaryIndexes")).toArray())
                active = active && gsi.toObject().value(QStringLiteral("IndexStatus")).toString() == QLatin1String("ACTIVE");
            if (active)
                break;
            if (wait > 600)
                return undo(makeError(ErrorCode::StoreUnavailable, QStringLiteral("table %1 did not become active in 5 minutes").arg(t)));
            QThread::msleep(wait < 20 ? 50 : 500);
        }
    }
    store->m_scale = scale;
    store->m_schema = kSchemaVersion;
    Account world;
    world.id = kWorldAccount;
    world.name = QStringLiteral("World (money enters and leaves here)");
    world.version = 1;
    world.createdAt = world.lastModified = c.now();
    QJsonObject worldItem = accountItem(world);
    stampToken(worldItem, store->newToken());
    auto madeWorld = store->putItem("accounts", worldItem, QStringLiteral("attribute_not_exists(id)"));
    if (!madeWorld.ok())
        return undo(madeWorld.error());
    // Written last: a store is there once its description is.
    const QJsonObject meta{{QStringLiteral("name"), S(QStringLiteral("ledger"))},
                           {QStringLiteral("scale"), N(scale)},
                           {QStringLiteral("schema"), N(kSchemaVersion)},
                           {QStringLiteral("createdAt"), N(c.now().toMSecsSinceEpoch())}};
    auto written = store->putItem("meta", meta, QStringLiteral("attribute_not_exists(#n)"),
                                  QJsonObject{{QStringLiteral("#n"), QStringLiteral("name")}});
    if (!written.ok())
        return undo(written.error());
    return store;
}

Error DynamoStore::dropTables()
{
    m_legsKnown.clear(); // tables made again under this prefix hold other documents
    Error first;
    for (const char *which : kTables) {
        auto dropped = m_client->call("DeleteTable", QJsonObject{{QStringLiteral("TableName"), table(which)}});
        if (!dropped.ok() && dropped.error().code != ErrorCode::StoreNotLedger && first.ok())
            first = dropped.error();
    }
    return first;
}

// --- items --------------------------------------------------------------------------------

QString DynamoStore::newToken() const { return QUuid::createUuid().toString(QUuid::WithoutBraces); }

Result<std::optional<QJsonObject>> DynamoStore::getItem(const char *which, const QString &keyName, const QString &key, Read read)
{
    const bool account = qstrcmp(which, "accounts") == 0 && read == Read::Cached;
    if (account && m_accountsRead && m_accountsRead->contains(key))
        return std::optional<QJsonObject>(m_accountsRead->value(key));
    auto got = m_client->call("GetItem", QJsonObject{{QStringLiteral("TableName"), table(which)},
                                                     {QStringLiteral("Key"), QJsonObject{{keyName, S(key)}}},
                                                     {QStringLiteral("ConsistentRead"), true}});
    if (!got.ok())
        return got.error();
    if (!got->body.contains(QStringLiteral("Item")))
        return std::optional<QJsonObject>();
    const QJsonObject item = got->body.value(QStringLiteral("Item")).toObject();
    if (account && m_accountsRead)
        m_accountsRead->insert(key, item);
    return std::optional<QJsonObject>(item);
}

Result<bool> DynamoStore::putItem(const char *which, const QJsonObject &item, const QString &condition, const QJsonObject &names,
                                  const QJsonObject &values)
{
    QJsonObject request{{QStringLiteral("TableName"), table(which)}, {QStringLiteral("Item"), item}};
    if (!condition.isEmpty())
        request.insert(QStringLiteral("ConditionExpression"), condition);
    if (!names.isEmpty())
        request.insert(QStringLiteral("ExpressionAttributeNames"), names);
    if (!values.isEmpty())
        request.insert(QStringLiteral("ExpressionAttributeValues"), values);
    auto put = m_client->call("PutItem", request);
    if (!put.ok())
        return put.error();
    return !put->conditionFailed;
}

Result<bool> DynamoStore::putOwn(const char *which, const QString &keyName, const QString &key, const QJsonObject &item,
                                 const QString &token, const QString &condition, const QJsonObject &names, const QJsonObject &values)
{
    auto put = putItem(which, item, condition, names, values);
    if (!put.ok() || *put)
        return put;
    auto now = getItem(which, keyName, key, Read::Fresh);
    if (!now.ok())
        return now.error();
    return now->has_value() && carriesToken(**now, token);
}

Error DynamoStore::paged(const char *operation, QJsonObject request, const std::function<bool(const QJsonObject &)> &visit)
{
    for (;;) {
        auto page = m_client->call(operation, request);
        if (!page.ok())
            return page.error();
        for (const QJsonValue &item : page->body.value(QStringLiteral("Items")).toArray()) {
            if (!visit(item.toObject()))
                return {};
        }
        const QJsonObject last = page->body.value(QStringLiteral("LastEvaluatedKey")).toObject();
        if (last.isEmpty())
            return {};
        request.insert(QStringLiteral("ExclusiveStartKey"), last);
    }
}

// --- accounts -----------------------------------------------------------------------------

Result<Account> DynamoStore::createAccount(const QString &id, const QString &name, const Acting &by)
{
    auto existing = getItem("accounts", QStringLiteral("id"), id, Read::Fresh);
    if (!existing.ok())
        return existing.error();
    if (existing->has_value())
        return makeError(ErrorCode::AccountExists, Message::translate("ledger", "account %1 already exists").arg(id));
    Account a;
    a.id = id;
    a.name = name;
    a.version = 1;
    a.createdAt = a.lastModified = m_client->now();
    const QString token = newToken();
    QJsonObject item = accountItem(a);
    stampToken(item, token);
    JournalEntry created;
    created.docKind = DocKind::Account;
    created.docId = id;
    created.at = a.createdAt;
    created.actor = by.actor;
    created.request = by.request;
    created.event = QStringLiteral("created");
    created.toState = nameOf(AccountStatus::Open);
    created.detail = name;
    appendJournal(item, created, DocKind::Account);
    auto landed = putOwn("accounts", QStringLiteral("id"), id, item, token, QStringLiteral("attribute_not_exists(id)"));
    if (!landed.ok())
        return landed.error();
    if (!*landed)
        return makeError(ErrorCode::AccountExists, Message::translate("ledger", "account %1 already exists").arg(id));
    // A void of a transaction on this id before it existed left a tombstone in the legs table
    // (legWrite). Each is written into the new item now, as a void of the account would: a late
    // hold then finds it there — and one that came in the moment between was held, and is voided
    // here (its pending amount released), as the void would have done.
    QList<LegMarker> tombstones;
    if (Error e = visitMovedMarkers(id, [&](const LegMarker &m) { tombstones << m; }); !e.ok())
        return e;
    for (const LegMarker &m : std::as_const(tombstones)) {
        auto copied = voidLeg(m.txId, id, m.side, m.amount);
        if (!copied.ok())
            return copied.error();
    }
    if (!tombstones.isEmpty()) {
        auto now = account(id);
        if (!now.ok())
            return now.error();
        return *now;
    }
    return a;
}

Result<Account> DynamoStore::setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason)
{
    for (;;) {
        auto found = getItem("accounts", QStringLiteral("id"), id, Read::Fresh);
        if (!found.ok())
            return found.error();
        std::optional<Account> current;
        if (found->has_value()) {
            auto a = accountFromItem(**found);
            if (!a.ok())
                return a.error();
            current = *a;
        }
        const rules::StatusDecision decision = rules::statusChange(id, current, status, scale());
        if (!decision.refusal.ok())
            return decision.refusal;
        Account a = *current;
        if (decision.unchanged)
            return a;
        JournalEntry changed;
        changed.docKind = DocKind::Account;
        changed.docId = id;
        changed.actor = by.actor;
        changed.request = by.request;
        changed.event = decision.event;
        changed.fromState = nameOf(a.status);
        changed.toState = nameOf(status);
        changed.detail = reason;
        const qint64 readVersion = a.version;
        a.status = status;
        a.version += 1;
        a.lastModified = changed.at = m_client->now();
        const QString token = newToken();
        QJsonObject item = **found;
        merge(item, accountItem(a));
        stampToken(item, token);
        appendJournal(item, changed, DocKind::Account);
        auto landed = putOwn("accounts", QStringLiteral("id"), id, item, token, QStringLiteral("version = :v"), {},
                             QJsonObject{{QStringLiteral(":v"), N(readVersion)}});
        if (!landed.ok())
            return landed.error();
        if (*landed)
            return a;
    }
}

Result<Account> DynamoStore::account(const QString &id)
{
    auto found = getItem("accounts", QStringLiteral("id"), id);
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return rules::unknownAccount(id);
    return accountFromItem(**found);
}

Result<std::optional<LegMarker>> DynamoStore::archivedMarker(const QString &accountId, const QString &txId, qint64 *movedFrom)
{
    auto got = m_client->call("GetItem", QJsonObject{{QStringLiteral("TableName"), table("legs")},
                                                     {QStringLiteral("Key"), QJsonObject{{QStringLiteral("account"), S(accountId)},
                                                                                         {QStringLiteral("tx"), S(txId)}}},
                                                     {QStringLiteral("ConsistentRead"), true}});
    if (!got.ok())
        return got.error();
    if (!got->body.contains(QStringLiteral("Item")))
        return std::optional<LegMarker>();
    const QJsonObject item = got->body.value(QStringLiteral("Item")).toObject();
    auto m = markerFromArchivedItem(item);
    if (!m.ok())
        return m.error();
    if (movedFrom)
        *movedFrom = num(item, QStringLiteral("movedFrom"));
    return std::optional<LegMarker>(*m);
}

Result<DynamoStore::AccountRead> DynamoStore::readAccountFor(const QString &accountId, const QString &txId, Read read)
{
    AccountRead r;
    auto found = getItem("accounts", QStringLiteral("id"), accountId, read);
    if (!found.ok())
        return found.error();
    if (!found->has_value()) {
        // No account: a void that came first left its tombstone in the legs table.
        auto tombstone = archivedMarker(accountId, txId);
        if (!tombstone.ok())
            return tombstone.error();
        r.marker = *tombstone;
        return r;
    }
    r.item = **found;
    auto a = accountFromItem(*r.item);
    if (!a.ok())
        return a.error();
    r.account = *a;
    const QJsonObject legs = r.item->value(QStringLiteral("legs")).toObject().value(QStringLiteral("M")).toObject();
    if (legs.contains(txId)) {
        auto m = markerFromValue(txId, accountId, legs.value(txId).toObject().value(QStringLiteral("M")).toObject());
        if (!m.ok())
            return m.error();
        r.marker = *m;
    } else if (num(*r.item, QStringLiteral("moved")) > 0) {
        // Markers moved to the legs table before this read are there now: the move writes them
        // there first and takes them out of the item after (moveFinishedMarkers). One moved from
        // a later version than the item read was not in it yet when it was read (a reading
        // inside withSnapshot keeps the item it read first): for that item it is not there.
        qint64 movedFrom = 0;
        auto archived = archivedMarker(accountId, txId, &movedFrom);
        if (!archived.ok())
            return archived.error();
        if (*archived && movedFrom < r.account.version)
            r.marker = *archived;
    }
    return r;
}

Result<LegOutcome> DynamoStore::legWrite(const QString &txId, const QString &accountId, LegStatus newStatus,
                                         const std::function<rules::LegDecision(const AccountRead &)> &decide, LegSide side, qint64 amount)
{
    for (;;) {
        auto read = readAccountFor(accountId, txId, Read::Fresh);
        if (!read.ok())
            return read.error();
        const rules::LegDecision d = decide(*read);
        if (!d.writes())
            return d.withoutWriting();
        const QDateTime now = m_client->now();
        if (!read->item) {
            // A void with no account: its tombstone waits in the legs table, no balance to move.
            // Then the account is looked for again: one made meanwhile may have missed the
            // tombstone (createAccount copies those it finds), so it gets one in its item too.
            LegMarker tombstone{txId, accountId, side, amount, LegStatus::Voided, now, std::nullopt};
            auto put = putItem("legs", archivedMarkerItem(tombstone, 0), QStringLiteral("attribute_not_exists(tx)"));
            if (!put.ok())
                return put.error();
            auto made = getItem("accounts", QStringLiteral("id"), accountId, Read::Fresh);
            if (!made.ok())
                return made.error();
            if (made->has_value())
                continue;
            // Written now, or by our first send, or by another void: a voided tombstone either way.
            return LegOutcome{newStatus, *put};
        }
        AccountRead &r = *read;
        Account a = r.account;
        const qint64 readVersion = a.version;
        a.balance += d.deltaBalance;
        a.pendingDebits += d.deltaPendingDebits;
        a.pendingCredits += d.deltaPendingCredits;
        a.version += 1;
        a.lastModified = now;
        LegMarker marker{txId, accountId,   r.marker ? r.marker->side : side, r.marker ? r.marker->amount : amount, newStatus,
                         now,  std::nullopt};
        if (newStatus == LegStatus::Posted)
            marker.balanceAfter = a.balance; // the feed replays balances
        const QString token = newToken();
        QJsonObject item = *r.item;
        merge(item, accountItem(a));
        stampToken(item, token);
        QJsonObject legs = item.value(QStringLiteral("legs")).toObject().value(QStringLiteral("M")).toObject();
        legs.insert(txId, markerValue(marker));
        item.insert(QStringLiteral("legs"), QJsonObject{{QStringLiteral("M"), legs}});
        auto landed = putOwn("accounts", QStringLiteral("id"), accountId, item, token, QStringLiteral("version = :v"), {},
                             QJsonObject{{QStringLiteral(":v"), N(readVersion)}});
        if (!landed.ok())
            return landed.error();
        if (!*landed)
            continue; // someone wrote the account between: decide again on what it is now
        if (Error e = moveFinishedMarkers(item); !e.ok())
            qWarning("DynamoDB: moving finished markers of %s failed (they stay in the item): %s", qPrintable(accountId),
                     qPrintable(e.message));
        return LegOutcome{newStatus, true};
    }
}

Error DynamoStore::moveFinishedMarkers(const QJsonObject &item)
{
    auto markers = markersOfAccountItem(item);
    if (!markers.ok())
        return markers.error();
    QList<LegMarker> finished;
    for (const LegMarker &m : *markers) {
        if (m.status != LegStatus::Held)
            finished.append(m);
    }
    if (finished.size() <= kMarkersKept)
        return {};
    // The oldest half go: a move every kMarkersKept / 2 finished legs, not one per write.
    std::sort(finished.begin(), finished.end(), [](const LegMarker &x, const LegMarker &y) { return x.at < y.at; });
    finished = finished.mid(0, finished.size() - kMarkersKept / 2);
    // First into the legs table (the same marker again is harmless), each with the version it is
    // moved from; then out of the item on condition that nobody wrote it since: a hold that read
    // the item before the move sees the version moved and reads again — and then finds them in
    // the legs table.
    const qint64 version = num(item, QStringLiteral("version"));
    for (const LegMarker &m : finished) {
        auto put = putItem("legs", archivedMarkerItem(m, version), {});
        if (!put.ok())
            return put.error();
        if (m_schema < 2)
            continue; // a store made before PREFIX-moves: readings look in the legs table
        auto byTime = putItem("moves", movedMarkerItem(m, version), {});
        if (!byTime.ok())
            return byTime.error();
    }
    QJsonObject moved = item;
    QJsonObject legs = moved.value(QStringLiteral("legs")).toObject().value(QStringLiteral("M")).toObject();
    for (const LegMarker &m : finished)
        legs.remove(m.txId);
    moved.insert(QStringLiteral("legs"), QJsonObject{{QStringLiteral("M"), legs}});
    moved.insert(QStringLiteral("version"), N(version + 1));
    moved.insert(QStringLiteral("moved"), N(num(item, QStringLiteral("moved")) + 1));
    stampToken(moved, newToken());
    auto put = putItem("accounts", moved, QStringLiteral("version = :v"), {}, QJsonObject{{QStringLiteral(":v"), N(version)}});
    return put.ok() ? Error{} : put.error(); // a condition that failed: the next write moves them
}

Result<LegOutcome> DynamoStore::hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return legWrite(
        txId, accountId, LegStatus::Held,
        [&](const AccountRead &r) {
            return rules::hold(txId, accountId, r.marker, r.item ? std::optional<Account>(r.account) : std::nullopt, side, amount, scale());
        },
        side, amount);
}

Result<LegOutcome> DynamoStore::post(const QString &txId, const QString &accountId)
{
    return legWrite(
        txId, accountId, LegStatus::Posted,
        [&](const AccountRead &r) {
            return rules::post(txId, accountId, r.marker, r.item ? std::optional<Account>(r.account) : std::nullopt);
        },
        LegSide::Debit, 0);
}

Result<LegOutcome> DynamoStore::voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return legWrite(
        txId, accountId, LegStatus::Voided, [&](const AccountRead &r) { return rules::voidLeg(txId, accountId, r.marker); }, side, amount);
}

Result<bool> DynamoStore::touchAccountIfVersion(const QString &accountId, qint64 expectedVersion)
{
    auto up = m_client->call("UpdateItem",
                             QJsonObject{{QStringLiteral("TableName"), table("accounts")},
                                         {QStringLiteral("Key"), QJsonObject{{QStringLiteral("id"), S(accountId)}}},
                                         {QStringLiteral("UpdateExpression"), QStringLiteral("SET version = version + :one")},
                                         {QStringLiteral("ConditionExpression"), QStringLiteral("version = :v")},
                                         {QStringLiteral("ExpressionAttributeValues"),
                                          QJsonObject{{QStringLiteral(":one"), N(1)}, {QStringLiteral(":v"), N(expectedVersion)}}}});
    if (!up.ok())
        return up.error();
    return !up->conditionFailed;
}

} // namespace ledger
