#pragma once
// The SQL of the query side, written once for every SQL backend: the WHERE clause of each list's
// filter (transactions, accounts, journal), key paging for exports, the overview's age buckets and
// "unfinished" states. What differs between SQLite and PostgreSQL (placeholders, substring test,
// the store's clock, time values) is a SqlDialect each backend gives; the values to bind come back
// as plain text or integers, which each backend binds its own way.
//
// Thread-safety: pure functions and values.

#include "store/storequeries.h"

#include <variant>

namespace ledger {

// A value to bind: text or an integer.
using SqlValue = std::variant<QString, qint64>;

class SqlWhere;

class SqlDialect {
public:
    virtual ~SqlDialect() = default;
    // The placeholder of the `n`-th value (1-based) of kind `value` ("?", "$3", "$3::int8").
    virtual QString placeholder(int n, const SqlValue &value) const = 0;
    // True when `column` contains the text bound at `param`.
    virtual QString contains(const QString &column, const QString &param) const = 0;
    // True when a document's lease (lease_until) ran out by the store's clock.
    virtual QString leaseExpired() const = 0;
    // True when `column` (a time) is at least `ms` before the store's clock; binds what it needs.
    virtual QString olderThan(const QString &column, qint64 ms, SqlWhere &where) const = 0;
    // Its complement, written as a range that an index on `column` can answer (NOT (olderThan)
    // cannot be).
    virtual QString newerThan(const QString &column, qint64 ms, SqlWhere &where) const = 0;
    // A time value compared with a time column, bound into `where`.
    virtual QString timeValue(const QDateTime &time, SqlWhere &where) const = 0;
    // A transaction's age in milliseconds by the store's clock (from created_at).
    virtual QString ageMs() const = 0;
};

// Conditions joined by AND, with the values they bind, in order.
class SqlWhere {
public:
    explicit SqlWhere(const SqlDialect &dialect)
        : m_dialect(dialect)
    {}
    // Adds `value` and returns its placeholder.
    QString bind(const SqlValue &value);
    void add(const QString &condition) { m_conditions << condition; }
    // " WHERE a AND b", or "" with no condition.
    QString clause() const;
    const QList<SqlValue> &values() const { return m_values; }
    const SqlDialect &dialect() const { return m_dialect; }

private:
    const SqlDialect &m_dialect;
    QStringList m_conditions;
    QList<SqlValue> m_values;
};

// The filter of each list (offset and limit are the caller's: each backend pages its own way).
// The key-paging fields (TxQuery::after, AccountQuery::afterId, JournalQuery::after/afterTime)
// are conditions here too.
void addTxFilter(const TxQuery &query, SqlWhere &where);
void addAccountFilter(const AccountQuery &query, SqlWhere &where);
void addJournalFilter(const JournalQuery &query, SqlWhere &where);
// The ORDER BY of each list: transactions by the sort column then id (one direction), accounts by
// id (either way), journal rows by seq.
QString txOrder(const TxQuery &query);
QString accountOrder(const AccountQuery &query);
QString journalOrder(const JournalQuery &query);

// The whole-balance reading's candidates (DocumentStore::commitCandidates), `windowMs` back from
// the store's clock: transactions not finished or done within the window; markers posted within
// the window on accounts written within it (an index read per recently written account).
void addCommitCandidateFilter(qint64 windowMs, SqlWhere &where);
void addRecentlyPostedFilter(qint64 windowMs, SqlWhere &where);

// "'initial','pending','applied','canceling'": the states of a transaction still under way, for
// "state IN (...)".
QString unfinishedStatesSql();

// The overview's age buckets: "CASE WHEN age < b0 THEN 0 ... ELSE n END" over unfinished
// transactions, binding each bound; and the counts of its (bucket, count) rows.
QString ageBucketSql(const QList<qint64> &upperBoundsMs, SqlWhere &where);
QList<qint64> bucketCounts(int buckets, const QList<QPair<qint64, qint64>> &rows);

} // namespace ledger
