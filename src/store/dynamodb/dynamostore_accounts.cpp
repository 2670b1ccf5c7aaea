// DynamoStore: accounts listed and counted by the by-id index, and the whole-balance reading's
// candidates found on the account items it reads (docs/DESIGN.md §10).
//
// The by-id index holds every account's id under one key (`all` = "a"), keys only: a page of
// accounts is a Query of it from the page's key and a consistent read of the items it names, so a
// page costs about the rows it holds wherever it is. Only inside a snapshot that has read every
// account item already (the audit, `ledgerctl balances`) are those items listed instead.

#include "ledger/message.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/dynamodb/indexstream.h"
#include "store/txorder.h"

#include <QJsonArray>
#include <QSet>
#include <QThread>
#include <algorithm>

namespace ledger {

using namespace dynamo;

namespace {

// BatchGetItem's most keys per call.
constexpr int kBatchKeys = 100;

bool matchesText(const Account &a, const QString &text) { return text.isEmpty() || a.id.contains(text) || a.name.contains(text); }

// The id bounds of a query: lower (after: exclusive, from: inclusive), upper (before: exclusive).
struct IdBounds {
    QString lower;
    bool lowerInclusive = false;
    QString upper;

    explicit IdBounds(const AccountQuery &q)
    {
        if (!q.afterId.isEmpty())
            lower = q.afterId;
        if (!q.fromId.isEmpty() && (lower.isEmpty() || compareBinary(q.fromId, lower) > 0)) {
            lower = q.fromId;
            lowerInclusive = true;
        }
        upper = q.beforeId;
    }
    bool aboveLower(const QString &id) const
    {
        if (lower.isEmpty())
            return true;
        const int c = compareBinary(id, lower);
        return lowerInclusive ? c >= 0 : c > 0;
    }
    bool belowUpper(const QString &id) const { return upper.isEmpty() || compareBinary(id, upper) < 0; }
};

} // namespace

QJsonObject DynamoStore::byIdQuery(const AccountQuery &query) const
{
    // The bound the listing starts from is the key condition; the other ends it (visitAccountIds).
    const IdBounds b(query);
    QJsonObject values{{QStringLiteral(":a"), S(QStringLiteral("a"))}};
    QString condition = QStringLiteral("#all = :a");
    if (!query.descending && !b.lower.isEmpty()) {
        condition += b.lowerInclusive ? QStringLiteral(" AND id >= :k") : QStringLiteral(" AND id > :k");
        values.insert(QStringLiteral(":k"), S(b.lower));
    } else if (query.descending && !b.upper.isEmpty()) {
        condition += QStringLiteral(" AND id < :k");
        values.insert(QStringLiteral(":k"), S(b.upper));
    }
    return QJsonObject{{QStringLiteral("TableName"), table("accounts")},
                       {QStringLiteral("IndexName"), QStringLiteral("by-id")},
                       {QStringLiteral("KeyConditionExpression"), condition},
                       {QStringLiteral("ExpressionAttributeNames"), QJsonObject{{QStringLiteral("#all"), QStringLiteral("all")}}},
                       {QStringLiteral("ExpressionAttributeValues"), values},
                       {QStringLiteral("ScanIndexForward"), !query.descending}};
}

Error DynamoStore::visitAccountIds(const AccountQuery &query, int firstChunk, const std::function<bool(const QString &)> &visit)
{
    const IdBounds b(query);
    IndexStream ids(*m_client, byIdQuery(query), QStringLiteral("id"), firstChunk);
    for (;;) {
        auto head = ids.head();
        if (!head.ok())
            return head.error();
        if (!*head)
            return {};
        const QString id = ids.sortValueOf(**head);
        ids.pop();
        // The key condition holds one bound; past the other, the listing is over.
        if (query.descending ? !b.aboveLower(id) : !b.belowUpper(id))
            return {};
        if (!b.aboveLower(id) || !b.belowUpper(id))
            continue;
        if (!visit(id))
            return {};
    }
}

Result<QHash<QString, QJsonObject>> DynamoStore::batchGet(const char *which, const QStringList &ids)
{
    QHash<QString, QJsonObject> items;
    QStringList toRead;
    QSet<QString> asked;
    for (const QString &id : ids) {
        if (!asked.contains(id)) {
            asked.insert(id);
            toRead << id;
        }
    }
    int idleRounds = 0;
    const QString name = table(which);
    while (!toRead.isEmpty()) {
        QJsonArray keys;
        const QStringList batch = toRead.mid(0, kBatchKeys);
        for (const QString &id : batch)
            keys.append(QJsonObject{{QStringLiteral("id"), S(id)}});
        auto got = m_client->call(
            "BatchGetItem",
            QJsonObject{{QStringLiteral("RequestItems"),
                         QJsonObject{{name, QJsonObject{{QStringLiteral("Keys"), keys}, {QStringLiteral("ConsistentRead"), true}}}}}});
        if (!got.ok())
            return got.error();
        QSet<QString> unprocessed;
        for (const QJsonValue &k :
             got->body.value(QStringLiteral("UnprocessedKeys")).toObject().value(name).toObject().value(QStringLiteral("Keys")).toArray())
            unprocessed.insert(str(k.toObject(), QStringLiteral("id")));
        for (const QJsonValue &v : got->body.value(QStringLiteral("Responses")).toObject().value(name).toArray()) {
            const QJsonObject item = v.toObject();
            items.insert(str(item, QStringLiteral("id")), item);
        }
        // Keys DynamoDB did not get to (it answers part of a batch when throttled) go again,
        // after a pause that grows while none is answered; an id it answered without an item
        // has none.
        QStringList again;
        for (const QString &id : batch) {
            if (unprocessed.contains(id))
                again << id;
        }
        toRead = again + toRead.mid(batch.size());
        if (!again.isEmpty()) {
            // As AWS advises: back off before asking again, longer while none is answered.
            idleRounds = again.size() == batch.size() ? idleRounds + 1 : 0;
            if (idleRounds > 10)
                return makeError(ErrorCode::StoreBusy,
                                 Message::translate("ledger", "DynamoDB answered none of %1 item reads ten times over; "
                                                              "try again")
                                     .arg(batch.size()));
            QThread::msleep(25u << std::min(idleRounds, 6));
        }
    }
    return items;
}

Result<QHash<QString, QJsonObject>> DynamoStore::getAccountItems(const QStringList &ids)
{
    QHash<QString, QJsonObject> items;
    QStringList toRead;
    for (const QString &id : ids) {
        // Inside a snapshot an item read before stands for the account (as getItem).
        if (m_accountsRead && m_accountsRead->contains(id))
            items.insert(id, m_accountsRead->value(id));
        else
            toRead << id;
    }
    auto read = batchGet("accounts", toRead);
    if (!read.ok())
        return read.error();
    for (auto it = read->cbegin(); it != read->cend(); ++it) {
        if (m_accountsRead && !m_accountsRead->contains(it.key()))
            m_accountsRead->insert(it.key(), it.value());
        items.insert(it.key(), m_accountsRead ? m_accountsRead->value(it.key()) : it.value());
    }
    return items;
}

Result<QList<Account>> DynamoStore::accounts(const AccountQuery &query)
{
    QList<Account> rows;
    Error failure;
    if (m_accountsRead && m_allAccountsRead) {
        // Every item is in this snapshot already: no index read is needed, and none would be as
        // right (an item read before stands for the account).
        if (Error e = visitAccountItems(
                [&](const QJsonObject &item) {
                    auto a = accountFromItem(item);
                    if (!a.ok()) {
                        failure = a.error();
                        return;
                    }
                    const IdBounds b(query);
                    if (matchesText(*a, query.text) && b.aboveLower(a->id) && b.belowUpper(a->id))
                        rows.append(*a);
                },
                {});
            !e.ok())
            return e;
        if (!failure.ok())
            return failure;
        if (query.descending)
            std::reverse(rows.begin(), rows.end());
        return window(rows, query.offset, query.limit);
    }
    // Ids from the index, their items read a batch at a time; the offset's rows are skipped by
    // id alone when no text filters them.
    qint64 skip = std::max<qint64>(0, query.offset);
    const qint64 wanted = query.limit;
    const int firstChunk = int(std::min<qint64>(1000, skip + (wanted < 0 ? 1000 : wanted) + 1));
    QStringList batch;
    const auto readBatch = [&]() -> bool {
        auto items = getAccountItems(batch);
        if (!items.ok()) {
            failure = items.error();
            return false;
        }
        for (const QString &id : std::as_const(batch)) {
            const auto item = items->constFind(id);
            if (item == items->cend())
                continue; // in the index, not in the table: none (accounts are never deleted)
            auto a = accountFromItem(*item);
            if (!a.ok()) {
                failure = a.error();
                return false;
            }
            if (!matchesText(*a, query.text))
                continue;
            if (skip > 0) {
                --skip;
                continue;
            }
            rows.append(*a);
            if (wanted >= 0 && rows.size() >= wanted)
                return false;
        }
        batch.clear();
        return true;
    };
    if (wanted == 0)
        return rows;
    if (Error e = visitAccountIds(query, firstChunk,
                                  [&](const QString &id) {
                                      if (query.text.isEmpty() && skip > 0) {
                                          --skip;
                                          return true;
                                      }
                                      batch << id;
                                      const qint64 stillWanted = wanted < 0 ? kBatchKeys : wanted - rows.size();
                                      if (batch.size() >= std::min<qint64>(kBatchKeys, query.text.isEmpty() ? stillWanted : kBatchKeys))
                                          return readBatch();
                                      return true;
                                  });
        !e.ok())
        return e;
    if (!failure.ok())
        return failure;
    if (!batch.isEmpty() && (wanted < 0 || rows.size() < wanted))
        readBatch();
    if (!failure.ok())
        return failure;
    return rows;
}

Result<qint64> DynamoStore::countOf(QJsonObject request, qint64 cap)
{
    // COUNT: the items are read (and billed) but not sent.
    request.insert(QStringLiteral("Select"), QStringLiteral("COUNT"));
    qint64 n = 0;
    for (;;) {
        if (cap >= 0)
            request.insert(QStringLiteral("Limit"), int(std::min<qint64>(cap + 1 - n, 100'000)));
        auto page = m_client->call("Query", request);
        if (!page.ok())
            return page.error();
        n += page->body.value(QStringLiteral("Count")).toInteger();
        const QJsonObject last = page->body.value(QStringLiteral("LastEvaluatedKey")).toObject();
        if (last.isEmpty() || (cap >= 0 && n > cap))
            return n;
        request.insert(QStringLiteral("ExclusiveStartKey"), last);
    }
}

Result<qint64> DynamoStore::accountCount(const AccountQuery &query) { return accountCountUpTo(query, -1); }

Result<qint64> DynamoStore::accountCountUpTo(const AccountQuery &query, qint64 cap)
{
    AccountQuery all = query;
    all.offset = 0;
    all.limit = cap < 0 ? -1 : cap + 1;
    if ((m_accountsRead && m_allAccountsRead) || !query.text.isEmpty()) {
        // A text is matched on the items (names are not in the index): count what the listing
        // gives.
        auto rows = accounts(all);
        if (!rows.ok())
            return rows.error();
        return qint64(rows->size());
    }
    const IdBounds b(query);
    if (!b.lower.isEmpty() && !b.upper.isEmpty()) {
        // Between two ids: the key condition holds one bound, the ids read end at the other.
        qint64 n = 0;
        if (Error e = visitAccountIds(all, 1000,
                                      [&](const QString &) {
                                          ++n;
                                          return cap < 0 || n <= cap;
                                      });
            !e.ok())
            return e;
        return n;
    }
    // The key condition holds the one bound there is (an upper one, read from the top).
    all.descending = !b.upper.isEmpty();
    return countOf(byIdQuery(all), cap);
}

Result<std::optional<qint64>> DynamoStore::itemCountOf(const char *which)
{
    // DynamoDB's own figure, refreshed about every six hours.
    auto described = m_client->call("DescribeTable", QJsonObject{{QStringLiteral("TableName"), table(which)}});
    if (!described.ok())
        return described.error();
    const QJsonValue count = described->body.value(QStringLiteral("Table")).toObject().value(QStringLiteral("ItemCount"));
    if (count.isUndefined())
        return std::optional<qint64>();
    return std::optional<qint64>(count.toInteger());
}

Result<std::optional<qint64>> DynamoStore::accountTotalEstimate() { return itemCountOf("accounts"); }

// --- the whole-balance reading's candidates ---------------------------------------------------

Result<CommitCandidates> DynamoStore::commitCandidates(qint64 windowMs)
{
    // From the earliest the server's clock can read: now() can be ahead of it (it never goes
    // back), and a window that started after the first item was read would miss what was posted
    // between (DESIGN §10).
    const QDateTime since = m_client->earliestNow().addMSecs(-windowMs);
    QList<QJsonObject> items;
    if (Error e = visitAccountItems([&](const QJsonObject &item) { items << item; }, {}); !e.ok())
        return e;
    return candidatesOnItems(items, since);
}

Result<CommitCandidates> DynamoStore::commitCandidatesOn(qint64 windowMs, const QStringList &accountIds)
{
    // The items the page's balances came from: only a snapshot keeps them.
    Q_ASSERT(m_accountsRead);
    const QDateTime since = m_client->earliestNow().addMSecs(-windowMs);
    auto read = getAccountItems(accountIds);
    if (!read.ok())
        return read.error();
    QList<QJsonObject> items;
    for (const QString &id : accountIds) {
        if (read->contains(id))
            items << read->value(id);
    }
    return candidatesOnItems(items, since);
}

Result<CommitCandidates> DynamoStore::candidatesOnItems(const QList<QJsonObject> &items, const QDateTime &since)
{
    // A transaction is counted when its document says applied or done, or a leg of it is seen
    // posted; its legs not seen posted are then added. Whatever can be counted on these items
    // holds a leg on one of them (a held marker), or was seen posted on one (within the window:
    // before it, every leg of it was held before any item was read, so it is held or posted in
    // each), or has left no mark on any — none of its legs is in their balances, and counting it
    // nowhere is right. So the candidates come from the items alone, not from a Scan of the
    // documents (which the indexes, eventually consistent, could not replace): DESIGN §10.
    CommitCandidates c;
    QStringList held;
    QSet<QString> heldSeen;
    QList<QJsonObject> withMoved;
    for (const QJsonObject &item : items) {
        auto markers = markersOfAccountItem(item);
        if (!markers.ok())
            return markers.error();
        for (const LegMarker &m : std::as_const(*markers)) {
            if (m.status == LegStatus::Held && !heldSeen.contains(m.txId)) {
                heldSeen.insert(m.txId);
                held << m.txId;
            } else if (m.status == LegStatus::Posted && m.at >= since) {
                c.recentlyPosted.append(m);
            }
        }
        if (num(item, QStringLiteral("moved")) > 0 && num(item, QStringLiteral("lastModified")) >= since.toMSecsSinceEpoch())
            withMoved << item;
    }
    // A busy account moves its oldest finished markers out: those posted within the window and
    // moved before its item was read are counted in the balance read, and are recent posts too.
    // PREFIX-moves has them by time, so this reads the recent ones only, not the account's
    // history of moves.
    Error failure;
    for (const QJsonObject &item : std::as_const(withMoved)) {
        const qint64 version = num(item, QStringLiteral("version"));
        const QJsonObject values{{QStringLiteral(":a"), S(str(item, QStringLiteral("id")))},
                                 {QStringLiteral(":v"), N(version)},
                                 {QStringLiteral(":since"), m_schema >= 2 ? S(ageOf(since, QString())) : N(msOf(since))}};
        // (A store made before schema 2 has no PREFIX-moves: its legs table, every move filtered.)
        const QJsonObject request{{QStringLiteral("TableName"), m_schema >= 2 ? table("moves") : table("legs")},
                                  {QStringLiteral("KeyConditionExpression"),
                                   m_schema >= 2 ? QStringLiteral("account = :a AND #t >= :since") : QStringLiteral("account = :a")},
                                  {QStringLiteral("FilterExpression"),
                                   m_schema >= 2 ? QStringLiteral("movedFrom < :v") : QStringLiteral("#t >= :since AND movedFrom < :v")},
                                  {QStringLiteral("ExpressionAttributeNames"),
                                   QJsonObject{{QStringLiteral("#t"), m_schema >= 2 ? QStringLiteral("when") : QStringLiteral("at")}}},
                                  {QStringLiteral("ExpressionAttributeValues"), values},
                                  {QStringLiteral("ConsistentRead"), true}};
        if (Error e = paged("Query", request,
                            [&](const QJsonObject &i) {
                                auto m = markerFromArchivedItem(i);
                                if (!m.ok()) {
                                    failure = m.error();
                                    return false;
                                }
                                if (m->status == LegStatus::Posted)
                                    c.recentlyPosted.append(*m);
                                return true;
                            });
            !e.ok())
            return e;
        if (!failure.ok())
            return failure;
    }
    // The documents of the held ones, read after their markers: a document's state only moves
    // on, so one that says committed now was committed or not yet when the items were read, and
    // either way counting it whole (its legs not seen posted added) is one state of its legs.
    auto documents = batchGet("transactions", held);
    if (!documents.ok())
        return documents.error();
    for (const QString &id : std::as_const(held)) {
        if (!documents->contains(id))
            continue; // a marker is written after its document: none here
        auto t = transactionFromItem(documents->value(id));
        if (!t.ok())
            return t.error();
        rememberLegs(id, t->legs);
        c.transactions.append(*t);
    }
    return c;
}

} // namespace ledger
