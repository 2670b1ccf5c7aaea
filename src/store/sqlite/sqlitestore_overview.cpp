// SqliteStore: what the console's overview, operator-actions view and live updates read.
#include "store/sqlite/sqlitedialect.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqlitestore.h"

namespace ledger {

Result<QList<JournalEntry>> SqliteStore::journalEntries(const JournalQuery &query)
{
    SqlWhere where(SqliteDialect::instance());
    addJournalFilter(query, where);
    QList<SqlArg> binds = sqliteArgs(where);
    const QString sql = QStringLiteral("SELECT " LEDGER_JOURNAL_COLUMNS " FROM journal") + where.clause() + journalOrder(query)
                      + QStringLiteral(" LIMIT ? OFFSET ?");
    binds << query.limit << query.offset;
    return m_conn->allRows(m_conn->runDynamic(sql, binds), sqliterows::journalEntry);
}

Result<QList<JournalEntry>> SqliteStore::finishedAfter(int shard, qint64 afterSeq, int limit)
{
    if (shard != 0)
        return makeError(ErrorCode::InvalidCursor,
                         Message::translate("ledger", "%1 is one file: it has no shard %2").arg(location()).arg(shard));
    // Walks the primary key from afterSeq; a transaction's journal is a handful of rows, so the
    // filter skips few. from_state <> to_state: a note on a finished document (a compensation's
    // link) is not a second finish.
    return m_conn->allRows(m_conn->run("SELECT " LEDGER_JOURNAL_COLUMNS " FROM journal WHERE seq > ? AND doc_kind = 'tx'"
                                       " AND to_state IN ('done', 'canceled') AND from_state <> to_state ORDER BY seq LIMIT ?",
                                       {afterSeq, limit}),
                           sqliterows::journalEntry);
}

Result<qint64> SqliteStore::lastFinishedSeq(int shard)
{
    if (shard != 0)
        return makeError(ErrorCode::InvalidCursor,
                         Message::translate("ledger", "%1 is one file: it has no shard %2").arg(location()).arg(shard));
    // The primary key walked back from the end, as finishedAfter walks it forward.
    auto last = m_conn->firstRow(m_conn->run("SELECT seq FROM journal WHERE doc_kind = 'tx' AND to_state IN ('done', 'canceled')"
                                             " AND from_state <> to_state ORDER BY seq DESC LIMIT 1",
                                             {}),
                                 [](const SqliteStatement &q) { return q.int64(0); });
    if (!last.ok())
        return last.error();
    return last->value_or(0);
}

Result<qint64> SqliteStore::journalCount(const JournalQuery &query)
{
    SqlWhere where(SqliteDialect::instance());
    addJournalFilter(query, where);
    return countRows("journal", where);
}

Result<QList<qint64>> SqliteStore::ageHistogram(const QList<qint64> &upperBoundsMs)
{
    SqlWhere where(SqliteDialect::instance());
    const QString bucket = ageBucketSql(upperBoundsMs, where);
    const QString sql = QStringLiteral("SELECT %1 AS bucket, COUNT(*) FROM transactions%2 GROUP BY bucket").arg(bucket, where.clause());
    auto rows = m_conn->allRows(m_conn->runDynamic(sql, sqliteArgs(where)),
                                [](const SqliteStatement &q) { return qMakePair(q.int64(0), q.int64(1)); });
    if (!rows.ok())
        return rows.error();
    return bucketCounts(int(upperBoundsMs.size()) + 1, *rows);
}

Result<QList<qint64>> SqliteStore::createdPerMinute(int minutes)
{
    minutes = qBound(1, minutes, 24 * 60);
    const QString sql = QStringLiteral("SELECT CAST(%1 / 60000 AS INTEGER) AS ago, COUNT(*) FROM transactions"
                                       " WHERE created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) GROUP BY ago")
                            .arg(SqliteDialect::instance().ageMs());
    QList<qint64> counts(minutes, 0);
    const Error e = m_conn->visitRows(
        m_conn->runDynamic(sql, {QStringLiteral("-%1 minutes").arg(minutes)}),
        [](const SqliteStatement &q) { return qMakePair(q.int32(0), q.int64(1)); },
        [&counts, minutes](const QPair<int, qint64> &row) {
            if (row.first >= 0 && row.first < minutes)
                counts[minutes - 1 - row.first] = row.second; // oldest minute first
        });
    if (!e.ok())
        return e;
    return counts;
}

Result<qint64> SqliteStore::changeMarker()
{
    // The change notifier polls this (store/open): it is also where it learns that the files
    // were replaced.
    if (Error e = m_conn->checkFilesInPlace(); !e.ok())
        return e;
    // data_version changes when another connection commits to the file — the file's batch
    // connection included, which makes this process's own writes (the notifier polls on a
    // connection of its own all the same).
    auto marker = m_conn->firstRow(m_conn->run("PRAGMA data_version"), [](const SqliteStatement &q) { return q.int64(0); });
    if (!marker.ok())
        return marker.error();
    return marker->value_or(0);
}

} // namespace ledger
