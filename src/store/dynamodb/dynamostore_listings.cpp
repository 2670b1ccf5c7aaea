// DynamoStore: the transaction listings and their counts. Sorted by age (createdAt, then id) or by
// state (then age), a listing is read from an index onward from the key of the row it follows, a
// chunk at a time (indexstream.h): every state's parts of the by-state index merged (one state's
// parts for one state, the unfinished states' for the stuck), or one account's txaccounts items.
// So a page costs about the rows it holds however long the ledger, as an index range does on SQL
// — but a page at a position costs every row before it (readsByPosition() is false: the console
// reaches deep rows by key, store/paging.h). Sorted by anything else no index orders it: the
// candidates are read whole and sorted here (sortsByIndex() says which; the console offers neither).

#include "ledger/legs.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/dynamodb/indexstream.h"
#include "store/txorder.h"

#include <algorithm>

namespace ledger {

using namespace dynamo;

namespace {

bool causeMatches(const QString &lastError, const QString &cause)
{
    if (cause.isEmpty())
        return lastError.isEmpty();
    if (cause == kOtherCause) {
        if (lastError.isEmpty())
            return false;
        return std::none_of(causeWords().cbegin(), causeWords().cend(),
                            [&](const QString &word) { return lastError.startsWith(word + QLatin1Char(':')); });
    }
    return lastError.startsWith(cause + QLatin1Char(':'));
}

// The filter of sqlfilters.cpp's addTxFilter, on one document (`now`: the store's clock).
bool matches(const Transaction &t, const TxQuery &q, const QDateTime &now)
{
    if (q.state && t.state != *q.state)
        return false;
    if (q.kind && t.kind != *q.kind)
        return false;
    if (q.stuckOnly) {
        if (isTerminal(t.state))
            return false;
        const bool leaseExpired = t.leaseUntil.isValid() && t.leaseUntil < now;
        if (!leaseExpired && !(t.lastModified < now.addMSecs(-q.stuckForMs)))
            return false;
    }
    if (q.cause && !causeMatches(t.lastError, *q.cause))
        return false;
    if (!q.account.isEmpty() && !t.legOn(q.account))
        return false;
    if (!q.text.isEmpty() && !t.id.contains(q.text) && !t.source.contains(q.text) && !t.destination.contains(q.text)
        && !(t.isMultiLeg() && legsText(t.legs).contains(q.text)))
        return false;
    return true;
}

// The states whose parts of the by-state index hold the listing's rows.
QList<TxState> statesOf(const TxQuery &q)
{
    QList<TxState> states;
    for (TxState s : allTxStates()) {
        if ((q.state && s != *q.state) || (q.stuckOnly && isTerminal(s)))
            continue;
        states << s;
    }
    return states;
}

// Whether an index gives the listing in its order (else it is read whole and sorted).
bool listedByIndex(const TxQuery &q) { return q.sortKey == TxSortKey::CreatedAt || (q.sortKey == TxSortKey::State && q.account.isEmpty()); }

} // namespace

bool DynamoStore::sortsByIndex(TxSortKey key) const { return key == TxSortKey::CreatedAt || key == TxSortKey::State; }

QList<IndexStream> DynamoStore::stateStreams(TxState state, const QString &from, const TxQuery &query, int streamsInAll)
{
    QList<IndexStream> streams;
    for (int part = 0; part < kIndexParts; ++part) {
        streams << IndexStream(
            *m_client, onward(byStateQuery(state, part), QStringLiteral("statePart = :p"), QStringLiteral("age"), from, query.descending),
            QStringLiteral("age"), firstChunkOf(query.offset, query.limit, streamsInAll));
    }
    return streams;
}

Error DynamoStore::visitListing(const TxQuery &query, const std::function<bool(const Transaction &)> &visit)
{
    // "Stuck for N ms" on the clock as of the first answer, as SQL's now() is the query's: a
    // document written just before the query was sent is not older than "now" taken before it.
    std::optional<QDateTime> now;
    const bool down = query.descending;
    const QString from = query.after ? ageOf(query.after->createdAt, query.after->id) : QString();
    Error failure;
    bool stopped = false;
    const auto each = [&](const QJsonObject &item) {
        auto t = transactionFromItem(item);
        if (!t.ok()) {
            failure = t.error();
            return false;
        }
        if (!now)
            now = m_client->now();
        if (!matches(*t, query, *now))
            return true;
        stopped = !visit(*t);
        return !stopped;
    };
    if (!query.account.isEmpty()) {
        // The account's index items in age order; each document read as it is now. An index item
        // whose age is not its document's (the document backdated, or written by the other of two
        // writers of one idempotency key) is not where the document is: the one that is, is.
        const QJsonObject request{{QStringLiteral("TableName"), table("txaccounts")},
                                  {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":a"), S(query.account)}}}};
        QList<IndexStream> streams{IndexStream(*m_client,
                                               onward(request, QStringLiteral("account = :a"), QStringLiteral("age"), from, down),
                                               QStringLiteral("age"), firstChunkOf(query.offset, query.limit, 1))};
        const Error e = mergeStreams(std::move(streams), down, [&](const QJsonObject &indexed) {
            auto item = readTransactionItem(str(indexed, QStringLiteral("tx")));
            if (!item.ok()) {
                failure = item.error();
                return false;
            }
            if (!item->has_value() || str(**item, QStringLiteral("age")) != str(indexed, QStringLiteral("age")))
                return true;
            return each(**item);
        });
        return e.ok() ? failure : e;
    }
    const QList<TxState> states = statesOf(query);
    if (query.sortKey == TxSortKey::State) {
        // State by state in the order of their names, each state's parts merged by age.
        QList<TxState> ordered = states;
        std::sort(ordered.begin(), ordered.end(), [](TxState a, TxState b) { return compareBinary(nameOf(a), nameOf(b)) < 0; });
        if (down)
            std::reverse(ordered.begin(), ordered.end());
        for (TxState state : std::as_const(ordered)) {
            QString stateFrom;
            if (query.after) {
                const int c = compareBinary(nameOf(state), nameOf(query.after->state));
                if (down ? c > 0 : c < 0)
                    continue; // before the row the page follows
                if (c == 0)
                    stateFrom = from;
            }
            QList<IndexStream> streams = stateStreams(state, stateFrom, query, kIndexParts);
            if (Error e = mergeStreams(std::move(streams), down, each); !e.ok())
                return e;
            if (!failure.ok() || stopped)
                return failure;
        }
        return {};
    }
    // By age: every state's parts merged.
    QList<IndexStream> streams;
    for (TxState state : states)
        streams << stateStreams(state, from, query, int(states.size()) * kIndexParts);
    const Error e = mergeStreams(std::move(streams), down, each);
    return e.ok() ? failure : e;
}

Error DynamoStore::visitCandidates(const TxQuery &query, const std::function<void(const Transaction &)> &visit)
{
    if (query.state || query.stuckOnly || !query.account.isEmpty()) {
        // What an index narrows it to: one state's parts of the by-state index, or every
        // unfinished state's, or one account's items (eventually consistent, as every index: a
        // stuck document was last written long before, and recovery reads each one again before
        // it acts).
        TxQuery narrowed;
        narrowed.state = query.state;
        narrowed.stuckOnly = query.stuckOnly;
        narrowed.stuckForMs = query.stuckForMs;
        narrowed.account = query.account;
        return visitListing(narrowed, [&](const Transaction &t) {
            visit(t);
            return true;
        });
    }
    return scanTransactions(visit);
}

Result<QList<Transaction>> DynamoStore::matching(const TxQuery &query)
{
    std::optional<QDateTime> now; // as of the first answer (visitListing says why)
    QList<Transaction> rows;
    if (Error e = visitCandidates(query,
                                  [&](const Transaction &t) {
                                      if (!now)
                                          now = m_client->now();
                                      if (matches(t, query, *now))
                                          rows.append(t);
                                  });
        !e.ok())
        return e;
    const TxSortKey key = query.sortKey;
    const bool down = query.descending;
    std::sort(rows.begin(), rows.end(), [&](const Transaction &a, const Transaction &b) {
        const int c = compareTransactions(a, b, key);
        return down ? c > 0 : c < 0;
    });
    if (query.after) {
        const Transaction after = *query.after;
        rows.erase(std::remove_if(rows.begin(), rows.end(),
                                  [&](const Transaction &t) {
                                      const int c = compareTransactions(t, after, key);
                                      return down ? c >= 0 : c <= 0;
                                  }),
                   rows.end());
    }
    return rows;
}

Result<QList<Transaction>> DynamoStore::transactions(const TxQuery &query)
{
    if (!listedByIndex(query)) {
        auto rows = matching(query);
        if (!rows.ok())
            return rows.error();
        return window(*rows, query.offset, query.limit);
    }
    QList<Transaction> rows;
    if (query.limit == 0)
        return rows;
    qint64 skip = std::max<qint64>(query.offset, 0);
    if (Error e = visitListing(query,
                               [&](const Transaction &t) {
                                   if (skip > 0) {
                                       --skip;
                                       return true;
                                   }
                                   rows.append(t);
                                   return query.limit < 0 || rows.size() < query.limit;
                               });
        !e.ok())
        return e;
    return rows;
}

Result<qint64> DynamoStore::countInState(TxState state)
{
    qint64 n = 0;
    for (int part = 0; part < kIndexParts; ++part) {
        auto some = countOf(byStateQuery(state, part));
        if (!some.ok())
            return some.error();
        n += *some;
    }
    return n;
}

Result<qint64> DynamoStore::transactionCount(const TxQuery &query)
{
    TxQuery all = query;
    all.after.reset();
    all.offset = 0;
    all.limit = -1;
    const bool onlyByState = !all.kind && !all.stuckOnly && all.account.isEmpty() && all.text.isEmpty() && !all.cause;
    if (onlyByState && all.state)
        return countInState(*all.state);
    if (!listedByIndex(all))
        return lengthOf(all, [this](const TxQuery &q) { return matching(q); });
    qint64 n = 0;
    if (Error e = visitListing(all,
                               [&](const Transaction &) {
                                   ++n;
                                   return true;
                               });
        !e.ok())
        return e;
    return n;
}

Result<QMap<TxState, qint64>> DynamoStore::countByState()
{
    QMap<TxState, qint64> counts;
    for (TxState s : allTxStates()) {
        auto n = countInState(s);
        if (!n.ok())
            return n.error();
        counts.insert(s, *n);
    }
    return counts;
}

} // namespace ledger
