#pragma once
// The query side of a store: what the console's pages and counts, the dashboard, the journal
// views, the change feed and the exports read. Nothing here writes, and nothing here is needed to
// move money (see documentstore.h for that side).
//
// Threading: as DocumentStore — one connection, one thread.

#include "ledger/documents.h"
#include "ledger/result.h"

#include <QList>
#include <QMap>
#include <QStringList>
#include <optional>

namespace ledger {

enum class TxSortKey { CreatedAt, LastModified, Amount, State, Id };
// Every order a transaction listing may take.
inline const QList<TxSortKey> &allTxSortKeys()
{
    static const QList<TxSortKey> keys{TxSortKey::CreatedAt, TxSortKey::LastModified, TxSortKey::Amount, TxSortKey::State, TxSortKey::Id};
    return keys;
}

// The words a last error starts with, "word: ...": every error code word, and "superseded" (a
// compensation that lost to another). TxQuery::cause names one, "" or kOtherCause.
const QStringList &causeWords();
inline const QString kOtherCause = QStringLiteral("*");
// The cause of a last error, as TxQuery::cause names it.
QString causeOf(const QString &lastError);
// The column of the transactions table a key sorts by (the same in every SQL store).
QString sortColumnOf(TxSortKey key);

struct TxQuery {
    std::optional<TxState> state;
    std::optional<TxKind> kind;
    // Stuck: non-terminal and (lease expired, or lastModified older than stuckForMs).
    bool stuckOnly = false;
    qint64 stuckForMs = 0;
    QString account; // one of its legs is on this account
    QString text;    // substring of id, source, destination or any leg
    // Why it stopped, by its last error (operations/stuckcauses.h groups by it): "" no error, a
    // word of causeWords() for an error "word: ...", kOtherCause for any other error (an
    // operator's "canceled by ..."). Unset: any.
    std::optional<QString> cause = std::nullopt;
    TxSortKey sortKey = TxSortKey::CreatedAt;
    bool descending = false;
    qint64 offset = 0;
    qint64 limit = -1; // -1: no limit
    // Key paging (exports): only the rows after this one in the listing's order (the sort column,
    // then id), so that the millionth row costs what the first does. Use with offset 0.
    std::optional<Transaction> after = std::nullopt;
};

struct AccountQuery {
    QString text; // substring of id or name
    qint64 offset = 0;
    qint64 limit = -1;
    // Key paging (accounts are listed by id): only ids after this one, before it, or from it on
    // (it included); `descending` lists them last first (the page above a row: beforeId).
    QString afterId = {};
    QString beforeId = {};
    QString fromId = {};
    bool descending = false;
};

struct JournalQuery {
    QStringList events;             // only these events; empty: all
    std::optional<DocKind> docKind; // only this kind of document; nullopt: both
    QString text;                   // substring of the actor or the document id
    qint64 offset = 0;
    qint64 limit = -1;
    bool newestFirst = true; // the listing's order is by time (at), then seq
    // Key paging (exports): only the rows after this one in the listing's order — by (at, seq) on
    // one file or database, by (at, shard, seq) on a sharded store. Use with offset 0.
    std::optional<JournalEntry> after = std::nullopt;
    // How a sharded store asks each member for its part of that: rows whose time is beyond `at`
    // (past it in the listing's direction), at `at` too when `inclusive`, and — with `seq` — rows
    // at `at` whose seq is beyond it.
    struct TimeKey {
        QDateTime at;
        std::optional<qint64> seq;
        bool inclusive = false;
    };
    std::optional<TimeKey> afterTime = std::nullopt;
    // Only these documents' rows (of docKind); empty: every document's.
    QStringList docIds = {};
};

class StoreQueries {
public:
    virtual ~StoreQueries() = default;

    // --- lists and counts (the console's pages, exports) ------------------------------------
    // How this store reaches a listing's rows. The SQL stores start a page anywhere (an index
    // range from the nearer end, OFFSET near it) and count by an index; DynamoDB reads a listing
    // only onward from a key (a page at row N costs reading the N rows before it) and counts only
    // by reading: on it the console pages by key, jumps by interpolated keys (store/paging.h) and
    // shows a long count as an estimate (store/tallies.h).
    virtual bool readsByPosition() const { return true; }
    // Whether listings sorted by `key` are read in that order from an index (a page costs what it
    // holds); where not, the whole listing is read and sorted to give one page, and the console
    // does not offer that sort.
    virtual bool sortsByIndex(TxSortKey key) const
    {
        (void)key;
        return true;
    }
    // The orders an index serves (sortsByIndex), in allTxSortKeys' order.
    QList<TxSortKey> indexedSorts() const
    {
        QList<TxSortKey> keys;
        for (TxSortKey key : allTxSortKeys())
            if (sortsByIndex(key))
                keys << key;
        return keys;
    }
    virtual Result<QList<Account>> accounts(const AccountQuery &query) = 0;
    virtual Result<qint64> accountCount(const AccountQuery &query) = 0;
    // accountCount reading no further than `cap` rows: the count when it is at most `cap`, else
    // some number above it. A store that counts by an index counts them all (the default).
    virtual Result<qint64> accountCountUpTo(const AccountQuery &query, qint64 cap)
    {
        (void)cap;
        return accountCount(query);
    }
    // How many accounts there are by the database's own figure, read without counting them
    // (DynamoDB's ItemCount); nullopt where the store has none (it counts them: the default).
    virtual Result<std::optional<qint64>> accountTotalEstimate() { return std::optional<qint64>(); }
    virtual Result<QList<Transaction>> transactions(const TxQuery &query) = 0;
    virtual Result<qint64> transactionCount(const TxQuery &query) = 0;
    virtual Result<QMap<TxState, qint64>> countByState() = 0;
    // How many transactions there are by the database's own figures, read without counting them:
    // PostgreSQL's statistics scaled to the table's size now (as its planner does), SQLite's
    // largest row number (no transaction is ever deleted). nullopt when the database has no
    // figure yet (PostgreSQL before its first ANALYZE). An estimate: store/tallies.h says where it
    // stands in for a count.
    virtual Result<std::optional<qint64>> transactionTotalEstimate() = 0;
    // How many transactions each state has by the database's statistics: its share among the
    // most common values of `state` (PostgreSQL, as of the last ANALYZE) times the figure above.
    // None for a state they do not name, and none at all where the database keeps no statistics
    // (SQLite) or has no figure yet.
    virtual Result<QMap<TxState, qint64>> stateCountEstimates() = 0;

    // Journal rows of one document ("tx" or "account"), oldest first.
    virtual Result<QList<JournalEntry>> journal(DocKind kind, const QString &docId) = 0;
    // Journal rows of every document (e.g. the operator actions), paged.
    virtual Result<QList<JournalEntry>> journalEntries(const JournalQuery &query) = 0;
    virtual Result<qint64> journalCount(const JournalQuery &query) = 0;

    // --- overview --------------------------------------------------------------------------
    // Non-terminal transactions by age (store clock minus createdAt): counts[i] for ages below
    // upperBoundsMs[i] (and at least the bound before it); the last count is for everything older.
    virtual Result<QList<qint64>> ageHistogram(const QList<qint64> &upperBoundsMs) = 0;
    // Transactions created in each of the last `minutes` minutes, oldest minute first.
    virtual Result<QList<qint64>> createdPerMinute(int minutes) = 0;

    // --- the change feed ---------------------------------------------------------------------
    // The journal rows that finished a transaction (its move to done or canceled, journaled in
    // the same atomic write as the state) with seq > `afterSeq`, in seq order, at most `limit`,
    // from shard `shard` (0 for a one-file store). A store may only offer this when its seqs
    // become visible in increasing order — a reader that sees seq N has seen every seq below N
    // that will ever commit — so that "after the last seq I saw" misses nothing. SQLite has one
    // writer at a time and assigns seq inside the write, so commit order is seq order there; a
    // store with concurrent writers (PostgreSQL sequences) does not have that for free.
    virtual Result<QList<JournalEntry>> finishedAfter(int shard, qint64 afterSeq, int limit) = 0;
    // The seq of the last finish finishedAfter() would give from `shard` now (0: none yet), read
    // by an index from the end: where a live follower starts, however long the journal.
    virtual Result<qint64> lastFinishedSeq(int shard) = 0;
    // The positions at which a reader may have been given this finish before (inclusive), when
    // the store can give one finish twice: DynamoDB stamps a finish acknowledged late again
    // (dynamostore_transactions.cpp, restampFinish), so that no reader misses it. Nothing for a
    // finish given once (every other store; a DynamoDB finish whose position is its time's).
    // Who keeps finishes once (the data lake) looks there.
    struct Positions {
        qint64 from = 0;
        qint64 to = 0;
    };
    virtual std::optional<Positions> earlierPositions(const JournalEntry &finish) const
    {
        Q_UNUSED(finish);
        return std::nullopt;
    }
    // Whether earlierPositions() can ever say something: who keeps finishes once keeps the ids it
    // wrote only then.
    virtual bool givesFinishesTwice() const { return false; }

    // A number that changes whenever any other connection commits to the store: polled by the
    // console to see change made elsewhere without reading the tables.
    virtual Result<qint64> changeMarker() = 0;
};

} // namespace ledger
