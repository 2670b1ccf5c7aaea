#include "store/dynamodb/indexstream.h"

#include "store/dynamodb/dynamoitems.h"
#include "store/txorder.h"

#include <QJsonArray>
#include <algorithm>

namespace ledger::dynamo {

namespace {
constexpr int kLargestChunk = 1000;
}

IndexStream::IndexStream(aws::DynamoClient &client, QJsonObject request, QString sortKey, int firstChunk)
    : m_client(&client)
    , m_request(std::move(request))
    , m_sortKey(std::move(sortKey))
    , m_chunk(std::clamp(firstChunk, 1, kLargestChunk))
{}

QString IndexStream::sortValueOf(const QJsonObject &item) const { return str(item, m_sortKey); }

Error IndexStream::fill()
{
    m_items.clear();
    m_next = 0;
    // A call may give no item and still a key to go on from (a filter, or the 1 MB a call reads).
    while (m_items.isEmpty() && !m_done) {
        m_request.insert(QStringLiteral("Limit"), m_chunk);
        auto page = m_client->call("Query", m_request);
        if (!page.ok())
            return page.error();
        for (const QJsonValue &item : page->body.value(QStringLiteral("Items")).toArray())
            m_items.append(item.toObject());
        const QJsonObject last = page->body.value(QStringLiteral("LastEvaluatedKey")).toObject();
        if (last.isEmpty())
            m_done = true;
        else
            m_request.insert(QStringLiteral("ExclusiveStartKey"), last);
        // A listing read on is likely read further: fewer, larger calls.
        m_chunk = std::min(m_chunk * 2, kLargestChunk);
    }
    return {};
}

Result<const QJsonObject *> IndexStream::head()
{
    if (m_next >= m_items.size()) {
        if (m_done)
            return static_cast<const QJsonObject *>(nullptr);
        if (Error e = fill(); !e.ok())
            return e;
        if (m_items.isEmpty())
            return static_cast<const QJsonObject *>(nullptr);
    }
    return &m_items.at(m_next);
}

MergedStreams::MergedStreams(QList<IndexStream> streams, bool descending)
    : m_streams(std::move(streams))
    , m_descending(descending)
{}

Result<const QJsonObject *> MergedStreams::head()
{
    if (m_best >= 0)
        return m_streams[m_best].head();
    const QJsonObject *bestItem = nullptr;
    for (int i = 0; i < m_streams.size(); ++i) {
        auto head = m_streams[i].head();
        if (!head.ok())
            return head.error();
        if (*head == nullptr)
            continue;
        const QString value = m_streams[i].sortValueOf(**head);
        // DynamoDB orders string keys by their UTF-8 bytes: code points, as compareBinary.
        const int c = bestItem ? compareBinary(value, m_bestValue) : 0;
        if (!bestItem || (m_descending ? c > 0 : c < 0)) {
            m_best = i;
            bestItem = *head;
            m_bestValue = value;
        }
    }
    return bestItem;
}

void MergedStreams::pop()
{
    if (m_best >= 0)
        m_streams[m_best].pop();
    m_best = -1;
}

Error mergeStreams(QList<IndexStream> streams, bool descending, const std::function<bool(const QJsonObject &)> &visit)
{
    MergedStreams merged(std::move(streams), descending);
    for (;;) {
        auto head = merged.head();
        if (!head.ok())
            return head.error();
        if (*head == nullptr)
            return {};
        const QJsonObject item = **head;
        merged.pop();
        if (!visit(item))
            return {};
    }
}

QJsonObject onward(QJsonObject request, const QString &partitionCondition, const QString &sortKey, const QString &from, bool descending)
{
    QJsonObject values = request.value(QStringLiteral("ExpressionAttributeValues")).toObject();
    QString condition = partitionCondition;
    if (!from.isEmpty()) {
        condition += (descending ? QStringLiteral(" AND %1 < :from") : QStringLiteral(" AND %1 > :from")).arg(sortKey);
        values.insert(QStringLiteral(":from"), S(from));
    }
    request.insert(QStringLiteral("KeyConditionExpression"), condition);
    request.insert(QStringLiteral("ExpressionAttributeValues"), values);
    request.insert(QStringLiteral("ScanIndexForward"), !descending);
    return request;
}

int firstChunkOf(qint64 offset, qint64 limit, int streams)
{
    if (limit < 0)
        return 1000;
    const qint64 need = std::max<qint64>(offset, 0) + limit + 1;
    return int(std::min<qint64>(1000, need / std::max(streams, 1) + 2));
}

} // namespace ledger::dynamo
