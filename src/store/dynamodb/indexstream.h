#pragma once
// Reading a listing from DynamoDB's indexes a page at a time. DynamoDB pages only onward from a
// key: a Query gives one partition's items in its sort key's order, from an exclusive start, a
// chunk at a time. A listing spread over several partitions (a state's 4 parts of the by-state
// index, or every state's) is their merge: each part read a chunk at a time as the merge needs
// its next item, so a page of 200 costs about 200 items read whatever the table holds.
//
// Threading: as the store whose client it reads through (one thread).

#include "ledger/result.h"
#include "store/dynamodb/dynamoclient.h"

#include <QJsonObject>
#include <QList>
#include <functional>

namespace ledger::dynamo {

// One Query (all its pages), read a chunk at a time.
class IndexStream {
public:
    // `request`: a Query with its key condition and direction; `sortKey`: the attribute it is
    // ordered by (a string); `firstChunk`: the Limit of its first call (each further call asks
    // for twice as many, up to 1,000).
    IndexStream(aws::DynamoClient &client, QJsonObject request, QString sortKey, int firstChunk);
    // The next item, read when none is left; nullptr at the end.
    Result<const QJsonObject *> head();
    void pop() { ++m_next; }
    QString sortValueOf(const QJsonObject &item) const;

private:
    Error fill();

    aws::DynamoClient *m_client;
    QJsonObject m_request;
    QString m_sortKey;
    int m_chunk;
    QList<QJsonObject> m_items;
    qsizetype m_next = 0;
    bool m_done = false;
};

// Streams each ordered by its sort key ascending (or each descending) as one order (ties between
// streams: the earlier stream first), read as the caller takes its items.
class MergedStreams {
public:
    MergedStreams(QList<IndexStream> streams, bool descending);
    // The next item in the merged order; nullptr at the end.
    Result<const QJsonObject *> head();
    void pop();
    // The sort value of the item head() gave.
    QString headSortValue() const { return m_bestValue; }

private:
    QList<IndexStream> m_streams;
    bool m_descending;
    int m_best = -1; // the stream whose head is next; -1: not chosen yet
    QString m_bestValue;
};

// The items of `streams` (see MergedStreams), each given to `visit`; false from it stops.
Error mergeStreams(QList<IndexStream> streams, bool descending, const std::function<bool(const QJsonObject &)> &visit);

// `request` (a Query of one partition, `partitionCondition`) onward from `from` on its sort key
// `sortKey` (exclusive; "" from the start) in the listing's direction.
QJsonObject onward(QJsonObject request, const QString &partitionCondition, const QString &sortKey, const QString &from, bool descending);
// The Limit of each of `streams` streams' first call for rows [offset, offset + limit): its
// share of them, and a little more.
int firstChunkOf(qint64 offset, qint64 limit, int streams);

// Rows [offset, offset + limit) of `rows` (limit < 0: to the end).
template <typename T> QList<T> window(QList<T> rows, qint64 offset, qint64 limit)
{
    offset = std::max<qint64>(offset, 0);
    if (offset >= rows.size())
        return {};
    return rows.mid(offset, limit < 0 ? -1 : limit);
}

// A count as the length of the whole listing `list(query)` gives (no index counts it).
template <typename Query, typename List> Result<qint64> lengthOf(Query query, const List &list)
{
    query.offset = 0;
    query.limit = -1;
    auto rows = list(query);
    if (!rows.ok())
        return rows.error();
    return qint64(rows->size());
}

} // namespace ledger::dynamo
