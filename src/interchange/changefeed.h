#pragma once
// The change feed: every transaction that reached done or canceled, with its legs and the
// balances they left, in commit order, resumable from a cursor with no gap and no duplicate.
// `ledgerctl feed` prints it as JSON Lines; `ledgerctl serve --ws` pushes it to WebSocket
// clients.
//
// How it holds: a transaction's finish (its move to done or canceled) is journaled in the same
// atomic write as the state change, so the journal row exists exactly when the finish is
// committed, once per transaction. The cursor is the journal seq of the last event delivered;
// the next read asks for finishes with a greater seq. SQLite has one writer at a time and assigns
// seq inside the write, so seqs commit in increasing order: a reader that saw seq N has seen every
// seq below N there will ever be, and nothing is skipped (see Store::finishedAfter).
//
// A sharded store has one journal, one seq and one writer per file, and no order between files:
// its cursor is one position per shard ("12,40,7,0"), the events of each shard come in its commit
// order, and those of different shards are interleaved by their time. Cursor "0" is the start of
// any store.
//
// Threading: runs on the caller's thread with the caller's Store.

#include "store/store.h"

#include <QJsonObject>

namespace ledger {

struct FeedCursor {
    QList<qint64> positions; // one per shard: the last seq delivered there

    static FeedCursor start(int shardCount);
    // "12" for one file, "12,40,7,0" for four shards; "0" is the start of any store.
    // invalid-cursor for anything else (a wrong count of positions, not digits, negative).
    static Result<FeedCursor> parse(const QString &text, int shardCount);
    QString toString() const;
    bool operator==(const FeedCursor &o) const { return positions == o.positions; }
};

struct FeedEvent {
    FeedCursor cursor; // resume from here to get the events after this one
    int shard = 0;
    JournalEntry finish; // the journal row of the move to done or canceled
    Transaction tx;
    QList<LegMarker> legs;
};

// At most `limit` events after `after`, in commit order (per shard).
Result<QList<FeedEvent>> readFeed(Store &store, const FeedCursor &after, int limit);

// At most `limit` events of one shard after its position `after`, in its commit order (the
// data lake keeps one chain of files per shard). Their `cursor` holds that shard's position only.
Result<QList<FeedEvent>> readShardFeed(Store &store, int shard, qint64 after, int limit);

// The cursor after the last finish committed so far (where a live follower starts).
Result<FeedCursor> feedEnd(Store &store, const FeedCursor &from);

// One event as a JSON object: cursor, seq, shard, at, state, actor, the transaction (its fields
// that never change once finished), and the legs with the balance each left ("balanceAfter").
// WithoutCursor: the same without "cursor" (a merged cursor depends on how the shards' events
// interleaved; the data lake's lines are placed by shard and seq instead).
enum class FeedJson { WithCursor, WithoutCursor };
QJsonObject feedEventJson(const FeedEvent &event, int scale, FeedJson shape = FeedJson::WithCursor);

} // namespace ledger
