#include "interchange/changefeed.h"

#include "ledger/money.h"

#include <QJsonArray>

namespace ledger {

FeedCursor FeedCursor::start(int shardCount)
{
    FeedCursor c;
    c.positions.fill(0, qMax(1, shardCount));
    return c;
}

Result<FeedCursor> FeedCursor::parse(const QString &text, int shardCount)
{
    // "" is the start too: `--since "$(tail -n1 feed.jsonl | jq -r .cursor)"` before anything has
    // finished (the incremental recipe of docs/ledgerctl.md) passes an empty cursor.
    if (text == QLatin1String("0") || text.isEmpty())
        return start(shardCount);
    const QStringList parts = text.split(QLatin1Char(','));
    const auto bad = [&](const Message &why) {
        return makeError(ErrorCode::InvalidCursor,
                         Message::translate("ledger", "cursor \"%1\" %2 (use \"0\" for the start, or a cursor the feed printed)")
                             .arg(Message(text.left(80)), why));
    };
    if (parts.size() != qMax(1, shardCount))
        return bad(shardCount > 1
                       ? Message::translate("ledger", "does not have one position for each of the store's %1 shards").arg(shardCount)
                       : Message::translate("ledger", "is not one position: this store is one file"));
    FeedCursor c;
    for (const QString &part : parts) {
        const bool digits = !part.isEmpty() && part.size() <= 18 && std::all_of(part.cbegin(), part.cend(), [](QChar ch) {
            return ch >= QLatin1Char('0') && ch <= QLatin1Char('9');
        });
        if (!digits)
            return bad(Message::translate("ledger", "is not made of whole numbers"));
        c.positions << part.toLongLong();
    }
    return c;
}

QString FeedCursor::toString() const
{
    QStringList parts;
    for (qint64 p : positions)
        parts << QString::number(p);
    return parts.join(QLatin1Char(','));
}

namespace {
// The documents: finished ones never change again (but a compensation link), nor do their legs.
Error readDocuments(Store &store, QList<FeedEvent> &events)
{
    for (FeedEvent &e : events) {
        auto tx = store.transaction(e.finish.docId);
        if (!tx.ok())
            return tx.error();
        e.tx = *tx;
        auto legs = store.legsOfTransaction(e.finish.docId);
        if (!legs.ok())
            return legs.error();
        e.legs = *legs;
    }
    return {};
}
} // namespace

Result<QList<FeedEvent>> readFeed(Store &store, const FeedCursor &after, int limit)
{
    const int shards = qMax(1, store.shardCount());
    if (after.positions.size() != shards)
        return makeError(
            ErrorCode::InvalidCursor,
            Message::translate("ledger", "the cursor has %1 positions; the store has %2 shards").arg(after.positions.size()).arg(shards));
    // Each shard's next finishes, in its own commit order.
    QList<QList<JournalEntry>> heads(shards);
    for (int s = 0; s < shards; ++s) {
        auto rows = store.finishedAfter(s, after.positions.at(s), limit);
        if (!rows.ok())
            return rows.error();
        heads[s] = *rows;
    }
    // Merged by time, never reordering within a shard (a merge of sorted runs, not a sort).
    QList<FeedEvent> events;
    FeedCursor cursor = after;
    QList<int> next(shards, 0);
    while (events.size() < limit) {
        int pick = -1;
        for (int s = 0; s < shards; ++s) {
            if (next[s] < heads[s].size() && (pick < 0 || heads[s][next[s]].at < heads[pick][next[pick]].at))
                pick = s;
        }
        if (pick < 0)
            break;
        FeedEvent e;
        e.shard = pick;
        e.finish = heads[pick][next[pick]++];
        cursor.positions[pick] = e.finish.seq;
        e.cursor = cursor;
        events << e;
    }
    if (Error read = readDocuments(store, events); !read.ok())
        return read;
    return events;
}

Result<QList<FeedEvent>> readShardFeed(Store &store, int shard, qint64 after, int limit)
{
    const int shards = qMax(1, store.shardCount());
    if (shard < 0 || shard >= shards)
        return makeError(ErrorCode::InvalidCursor, Message::translate("ledger", "shard %1 of a store of %2 shards").arg(shard).arg(shards));
    auto rows = store.finishedAfter(shard, after, limit);
    if (!rows.ok())
        return rows.error();
    QList<FeedEvent> events;
    events.reserve(rows->size());
    for (const JournalEntry &row : std::as_const(*rows)) {
        FeedEvent e;
        e.shard = shard;
        e.finish = row;
        e.cursor.positions = {row.seq};
        events << e;
    }
    if (Error read = readDocuments(store, events); !read.ok())
        return read;
    return events;
}

Result<FeedCursor> feedEnd(Store &store, const FeedCursor &from)
{
    FeedCursor end = from;
    const int shards = qMax(1, store.shardCount());
    if (end.positions.size() != shards)
        return makeError(
            ErrorCode::InvalidCursor,
            Message::translate("ledger", "the cursor has %1 positions; the store has %2 shards").arg(end.positions.size()).arg(shards));
    for (int s = 0; s < shards; ++s) {
        auto last = store.lastFinishedSeq(s);
        if (!last.ok())
            return last.error();
        end.positions[s] = std::max(end.positions.at(s), *last);
    }
    return end;
}

QJsonObject feedEventJson(const FeedEvent &e, int scale, FeedJson shape)
{
    const auto optionalText = [](const QString &s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); };
    QJsonArray legs;
    for (const LegMarker &m : e.legs) {
        legs.append(QJsonObject{
            {QStringLiteral("accountId"), m.accountId},
            {QStringLiteral("side"), nameOf(m.side)},
            {QStringLiteral("amount"), money::format(m.amount, scale)},
            {QStringLiteral("status"), nameOf(m.status)},
            {QStringLiteral("at"), formatTimestamp(m.at)},
            {QStringLiteral("balanceAfter"), m.balanceAfter ? QJsonValue(money::format(*m.balanceAfter, scale)) : QJsonValue()},
        });
    }
    const Transaction &t = e.tx;
    QJsonObject line{
        {QStringLiteral("shard"), e.shard},
        {QStringLiteral("seq"), e.finish.seq},
        {QStringLiteral("at"), formatTimestamp(e.finish.at)},
        {QStringLiteral("state"), e.finish.toState},
        {QStringLiteral("actor"), e.finish.actor},
        {QStringLiteral("transaction"),
         QJsonObject{
             {QStringLiteral("id"), t.id},
             {QStringLiteral("idempotencyKey"), optionalText(t.idempotencyKey)},
             {QStringLiteral("kind"), nameOf(t.kind)},
             {QStringLiteral("compensates"), optionalText(t.compensates)},
             {QStringLiteral("source"), t.source},
             {QStringLiteral("destination"), t.destination},
             {QStringLiteral("amount"), money::format(t.amount, scale)},
             {QStringLiteral("memo"), t.memo},
             {QStringLiteral("createdAt"), formatTimestamp(t.createdAt)},
             {QStringLiteral("lastError"), optionalText(t.lastError)},
         }},
        {QStringLiteral("legs"), legs},
    };
    if (shape == FeedJson::WithCursor)
        line.insert(QStringLiteral("cursor"), e.cursor.toString());
    return line;
}

} // namespace ledger
