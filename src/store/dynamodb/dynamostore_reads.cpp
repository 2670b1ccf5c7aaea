// DynamoStore: the reads — the whole-store scans of the audit, markers, and the query side but
// the transaction listings (dynamostore_listings.cpp), the accounts (dynamostore_accounts.cpp)
// and the journal (dynamostore_journal.cpp): the overview and the feed.

#include "ledger/legs.h"
#include "ledger/message.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/dynamodb/indexstream.h"
#include "store/txorder.h"

#include <QJsonArray>
#include <algorithm>

namespace ledger {

using namespace dynamo;

namespace {

const QList<TxState> kUnfinished = {TxState::Initial, TxState::Pending, TxState::Applied, TxState::Canceling};

} // namespace

int DynamoStore::shardCount() const { return kIndexParts; }

qint64 DynamoStore::settledFinishSeq()
{
    // A finish's seq is its writer's clock when it wrote (dynamostore_transactions.cpp), and an
    // index is eventually consistent: a finish can become visible after another with a higher
    // seq, by as long as its write took plus the index's lag. So the feed gives only finishes
    // older than feed_delay_ms, and its cursor never passes one that could still appear; a
    // finishing write acknowledged later than half that after its seq is stamped again (given
    // twice rather than never).
    return (m_client->now().toMSecsSinceEpoch() - m_location.feedDelayMs) * 1000;
}

// --- scans and the snapshot ------------------------------------------------------------------

Error DynamoStore::withSnapshot(const std::function<Error()> &work)
{
    const bool outer = !m_accountsRead;
    if (outer) {
        m_accountsRead.emplace();
        m_allAccountsRead = false;
    }
    Error e = work();
    if (outer) {
        m_accountsRead.reset();
        m_allAccountsRead = false;
    }
    return e;
}

Error DynamoStore::visitAccountItems(const std::function<void(const QJsonObject &)> &visit, const StopCheck &shouldStop)
{
    if (m_accountsRead && m_allAccountsRead) {
        QStringList ids = m_accountsRead->keys();
        std::sort(ids.begin(), ids.end(), [](const QString &a, const QString &b) { return compareBinary(a, b) < 0; });
        for (const QString &id : std::as_const(ids)) {
            if (shouldStop && shouldStop())
                return {};
            visit(m_accountsRead->value(id));
        }
        return {};
    }
    QList<QJsonObject> items;
    bool stopped = false;
    if (Error e = paged("Scan", scanOf(table("accounts")),
                        [&](const QJsonObject &item) {
                            if (shouldStop && shouldStop()) {
                                stopped = true;
                                return false;
                            }
                            const QString id = str(item, QStringLiteral("id"));
                            // Inside a snapshot an item read before stands for the account.
                            if (m_accountsRead) {
                                if (!m_accountsRead->contains(id))
                                    m_accountsRead->insert(id, item);
                                items.append(m_accountsRead->value(id));
                            } else {
                                items.append(item);
                            }
                            return true;
                        });
        !e.ok())
        return e;
    if (m_accountsRead && !stopped)
        m_allAccountsRead = true;
    std::sort(items.begin(), items.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return compareBinary(str(a, QStringLiteral("id")), str(b, QStringLiteral("id"))) < 0;
    });
    for (const QJsonObject &item : std::as_const(items))
        visit(item);
    return {};
}

Error DynamoStore::scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop)
{
    Error failure;
    Error e = visitAccountItems(
        [&](const QJsonObject &item) {
            auto a = accountFromItem(item);
            if (!a.ok()) {
                if (failure.ok())
                    failure = a.error();
                return;
            }
            visit(*a);
        },
        shouldStop);
    return e.ok() ? failure : e;
}

Error DynamoStore::scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop)
{
    Error failure;
    if (Error e = visitAccountItems(
            [&](const QJsonObject &item) {
                auto markers = markersOfAccountItem(item);
                if (!markers.ok()) {
                    if (failure.ok())
                        failure = markers.error();
                    return;
                }
                for (const LegMarker &m : std::as_const(*markers))
                    visit(m);
            },
            shouldStop);
        !e.ok())
        return e;
    if (!failure.ok())
        return failure;
    // The markers moved out of their account items (finished ones), and tombstones of accounts
    // that never were. One moved while this scan ran is in its item or here, perhaps both: the
    // item read above wins.
    QSet<QPair<QString, QString>> seen;
    if (m_accountsRead) {
        for (const QJsonObject &item : std::as_const(*m_accountsRead)) {
            auto markers = markersOfAccountItem(item);
            if (markers.ok()) {
                for (const LegMarker &m : std::as_const(*markers))
                    seen.insert({m.accountId, m.txId});
            }
        }
    }
    Error e = paged("Scan", scanOf(table("legs")), [&](const QJsonObject &item) {
        if (shouldStop && shouldStop())
            return false;
        auto m = markerFromArchivedItem(item);
        if (!m.ok()) {
            failure = m.error();
            return false;
        }
        if (seen.contains({m->accountId, m->txId}))
            return true;
        // Moved out of an item after this reading read it: not that item's marker in the reading
        // (as readAccountFor says), where the item's balance does not have it yet.
        if (m_accountsRead && m_accountsRead->contains(m->accountId)
            && num(item, QStringLiteral("movedFrom")) >= num(m_accountsRead->value(m->accountId), QStringLiteral("version"))
            && num(item, QStringLiteral("movedFrom")) > 0)
            return true;
        visit(*m);
        return true;
    });
    return e.ok() ? failure : e;
}

Error DynamoStore::scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop)
{
    Error failure;
    Error e = paged("Scan", scanOf(table("transactions")), [&](const QJsonObject &item) {
        if (shouldStop && shouldStop())
            return false;
        auto t = transactionFromItem(item);
        if (!t.ok()) {
            failure = t.error();
            return false;
        }
        visit(*t);
        return true;
    });
    return e.ok() ? failure : e;
}

// --- markers -------------------------------------------------------------------------------

Result<QList<LegMarker>> DynamoStore::legsOfTransaction(const QString &txId) { return legsOfTransactions({txId}); }

void DynamoStore::rememberLegs(const QString &id, const QList<TxLeg> &legs)
{
    constexpr qsizetype kLegsKept = 10'000; // a few MB (up to tens with 16 legs each), per connection
    if (m_legsKnown.size() >= kLegsKept)
        m_legsKnown.clear();
    m_legsKnown.insert(id, legs);
}

Result<QList<TxLeg>> DynamoStore::transactionLegs(const QString &id)
{
    if (m_legsKnown.contains(id))
        return m_legsKnown.value(id);
    auto tx = transaction(id);
    if (!tx.ok())
        return tx.error();
    rememberLegs(id, tx->legs);
    return tx->legs;
}

Result<QList<LegMarker>> DynamoStore::legsOfTransactions(const QStringList &txIds)
{
    QHash<QString, QList<TxLeg>> legs;
    QStringList toRead;
    for (const QString &id : txIds) {
        if (m_legsKnown.contains(id))
            legs.insert(id, m_legsKnown.value(id));
        else
            toRead << id;
    }
    auto documents = batchGet("transactions", toRead);
    if (!documents.ok())
        return documents.error();
    for (auto it = documents->cbegin(); it != documents->cend(); ++it) {
        auto t = transactionFromItem(it.value());
        if (!t.ok())
            return t.error();
        legs.insert(it.key(), t->legs);
        rememberLegs(it.key(), t->legs);
    }
    if (m_accountsRead) {
        // The accounts the markers are on, in batches: the snapshot keeps them for the reads below.
        QStringList accounts;
        QSet<QString> seen;
        for (const QList<TxLeg> &ofOne : std::as_const(legs))
            for (const TxLeg &leg : ofOne)
                if (!seen.contains(leg.accountId) && !m_accountsRead->contains(leg.accountId)) {
                    seen.insert(leg.accountId);
                    accounts << leg.accountId;
                }
        if (auto read = getAccountItems(accounts); !read.ok())
            return read.error();
    }
    QList<LegMarker> markers;
    for (const QString &id : txIds) {
        if (!legs.contains(id))
            continue; // markers of a document that is not there: the audit's scans find them
        for (const TxLeg &leg : protocolOrder(legs.value(id))) {
            auto read = readAccountFor(leg.accountId, id);
            if (!read.ok())
                return read.error();
            if (read->marker)
                markers.append(*read->marker);
        }
        legs.remove(id); // an id asked twice gives its markers once
    }
    return markers;
}

Error DynamoStore::visitMovedMarkers(const QString &accountId, const std::function<void(const LegMarker &)> &visit)
{
    Error failure;
    const Error e = paged("Query",
                          QJsonObject{{QStringLiteral("TableName"), table("legs")},
                                      {QStringLiteral("KeyConditionExpression"), QStringLiteral("account = :a")},
                                      {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":a"), S(accountId)}}},
                                      {QStringLiteral("ConsistentRead"), true}},
                          [&](const QJsonObject &i) {
                              auto m = markerFromArchivedItem(i);
                              if (!m.ok()) {
                                  failure = m.error();
                                  return false;
                              }
                              visit(*m);
                              return true;
                          });
    return e.ok() ? failure : e;
}

QJsonObject DynamoStore::byStateQuery(TxState state, int part, const QString &ageFrom) const
{
    QJsonObject values{{QStringLiteral(":p"), S(nameOf(state) + QLatin1Char('#') + QString::number(part))}};
    if (!ageFrom.isEmpty())
        values.insert(QStringLiteral(":from"), S(ageFrom));
    return QJsonObject{{QStringLiteral("TableName"), table("transactions")},
                       {QStringLiteral("IndexName"), QStringLiteral("by-state")},
                       {QStringLiteral("KeyConditionExpression"),
                        ageFrom.isEmpty() ? QStringLiteral("statePart = :p") : QStringLiteral("statePart = :p AND age >= :from")},
                       {QStringLiteral("ExpressionAttributeValues"), values}};
}

Result<QList<LegMarker>> DynamoStore::legsOfAccount(const QString &accountId, std::optional<LegStatus> status)
{
    auto item = getItem("accounts", QStringLiteral("id"), accountId);
    if (!item.ok())
        return item.error();
    QList<LegMarker> markers;
    QSet<QString> inItem;
    if (item->has_value()) {
        auto own = markersOfAccountItem(**item);
        if (!own.ok())
            return own.error();
        for (const LegMarker &m : std::as_const(*own))
            inItem.insert(m.txId);
        markers = *own;
    }
    if (Error e = visitMovedMarkers(accountId,
                                    [&](const LegMarker &m) {
                                        if (!inItem.contains(m.txId))
                                            markers.append(m);
                                    });
        !e.ok())
        return e;
    if (status)
        markers.erase(std::remove_if(markers.begin(), markers.end(), [&](const LegMarker &m) { return m.status != *status; }),
                      markers.end());
    std::sort(markers.begin(), markers.end(),
              [](const LegMarker &a, const LegMarker &b) { return a.at != b.at ? a.at < b.at : compareBinary(a.txId, b.txId) < 0; });
    return markers;
}

// --- transactions (the listings: dynamostore_listings.cpp) -------------------------------

Result<std::optional<qint64>> DynamoStore::transactionTotalEstimate() { return itemCountOf("transactions"); }

// --- journal, overview, feed ---------------------------------------------------------------

Result<QList<qint64>> DynamoStore::ageHistogram(const QList<qint64> &upperBoundsMs)
{
    QList<qint64> counts(upperBoundsMs.size() + 1, 0);
    const QDateTime now = m_client->now();
    for (TxState s : kUnfinished) {
        TxQuery q;
        q.state = s;
        if (Error e = visitCandidates(q,
                                      [&](const Transaction &t) {
                                          if (t.state != s)
                                              return;
                                          const qint64 age = t.createdAt.msecsTo(now);
                                          int bucket = 0;
                                          while (bucket < upperBoundsMs.size() && age >= upperBoundsMs.at(bucket))
                                              ++bucket;
                                          ++counts[bucket];
                                      });
            !e.ok())
            return e;
    }
    return counts;
}

Result<QList<qint64>> DynamoStore::createdPerMinute(int minutes)
{
    QList<qint64> counts(std::max(minutes, 0), 0);
    const QDateTime now = m_client->now();
    const qint64 nowMinute = now.toMSecsSinceEpoch() / 60000;
    const qint64 firstMinute = nowMinute - minutes + 1;
    const QString from = QStringLiteral("%1").arg(firstMinute * 60000, 15, 10, QLatin1Char('0'));
    for (TxState s : allTxStates()) {
        for (int part = 0; part < kIndexParts; ++part) {
            QJsonObject request = byStateQuery(s, part, from);
            request.insert(QStringLiteral("ProjectionExpression"), QStringLiteral("createdAt"));
            if (Error e = paged("Query", request,
                                [&](const QJsonObject &item) {
                                    const qint64 minute = num(item, QStringLiteral("createdAt")) / 60000 - firstMinute;
                                    if (minute >= 0 && minute < counts.size())
                                        ++counts[minute];
                                    return true;
                                });
                !e.ok())
                return e;
        }
    }
    return counts;
}

Result<QList<JournalEntry>> DynamoStore::finishedAfter(int shard, qint64 afterSeq, int limit)
{
    if (shard < 0 || shard >= kIndexParts)
        return makeError(ErrorCode::InvalidCursor, Message::translate("ledger", "the store has no part %1").arg(shard));
    const qint64 settled = settledFinishSeq();
    QList<JournalEntry> rows;
    Error failure;
    QJsonObject request{{QStringLiteral("TableName"), table("transactions")},
                        {QStringLiteral("IndexName"), QStringLiteral("by-finish")},
                        {QStringLiteral("KeyConditionExpression"), QStringLiteral("finishPart = :p AND finishSeq BETWEEN :a AND :b")},
                        {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":p"), S(QString::number(shard))},
                                                                                  {QStringLiteral(":a"), N(afterSeq + 1)},
                                                                                  {QStringLiteral(":b"), N(settled)}}}};
    if (afterSeq + 1 > settled)
        return rows;
    if (Error e = paged("Query", request,
                        [&](const QJsonObject &item) {
                            const qint64 seq = num(item, QStringLiteral("finishSeq"));
                            // Never cut between two finishes with one seq: the cursor would pass the second.
                            if (limit >= 0 && rows.size() >= limit && seq != rows.last().seq)
                                return false;
                            auto entries = journalOfItem(item, DocKind::Transaction);
                            if (!entries.ok()) {
                                failure = entries.error();
                                return false;
                            }
                            // The row that finished it: the last that moved it into its state (a
                            // link or a note after it moves nothing).
                            for (auto it = entries->crbegin(); it != entries->crend(); ++it) {
                                if (it->toState == str(item, QStringLiteral("state")) && it->fromState != it->toState) {
                                    JournalEntry e = *it;
                                    e.seq = seq;
                                    e.shard = shard;
                                    rows.append(e);
                                    break;
                                }
                            }
                            return true;
                        });
        !e.ok())
        return e;
    if (!failure.ok())
        return failure;
    return rows;
}

std::optional<Store::Positions> DynamoStore::earlierPositions(const JournalEntry &finish) const
{
    // A finish's first seq is its write's time in µs and a hash of its id below 1000 (setFinish);
    // the row's time is that write's. One stamped again carries a later time: it may have been
    // given at its first.
    const qint64 first = finish.at.toMSecsSinceEpoch() * 1000;
    if (finish.seq / 1000 == first / 1000)
        return std::nullopt;
    return Positions{first, first + 999};
}

Result<qint64> DynamoStore::lastFinishedSeq(int shard)
{
    if (shard < 0 || shard >= kIndexParts)
        return makeError(ErrorCode::InvalidCursor, Message::translate("ledger", "the store has no part %1").arg(shard));
    auto page = m_client->call(
        "Query", QJsonObject{{QStringLiteral("TableName"), table("transactions")},
                             {QStringLiteral("IndexName"), QStringLiteral("by-finish")},
                             {QStringLiteral("KeyConditionExpression"), QStringLiteral("finishPart = :p")},
                             {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":p"), S(QString::number(shard))}}},
                             {QStringLiteral("ScanIndexForward"), false},
                             {QStringLiteral("Limit"), 1}});
    if (!page.ok())
        return page.error();
    const QJsonArray items = page->body.value(QStringLiteral("Items")).toArray();
    // Not past what finishedAfter() may give yet: a follower starting here misses nothing.
    return items.isEmpty() ? qint64(0) : std::min(num(items.first().toObject(), QStringLiteral("finishSeq")), settledFinishSeq());
}

Result<qint64> DynamoStore::changeMarker()
{
    // DynamoDB announces nothing and keeps no counter of commits that costs nothing to read:
    // the marker moves every second, and the console reads what it shows again as often.
    return m_client->now().toMSecsSinceEpoch() / 1000;
}

} // namespace ledger
