// PgStore: lists, counts, the overview, the change counter, snapshots and whole-store scans.
#include "store/postgres/pgdialect.h"
#include "store/postgres/pgrows.h"
#include "store/postgres/pgstore.h"

namespace ledger {

namespace {

// "$n" for the next parameter of `params`.
QString next(const PgParams &params) { return QStringLiteral("$%1").arg(params.size() + 1); }

// LIMIT $n OFFSET $m, where a negative limit means none (LIMIT NULL).
QString limitOffset(PgParams &params, qint64 limit, qint64 offset)
{
    const QString l = next(params);
    if (limit < 0)
        params.null();
    else
        params << limit;
    const QString o = next(params);
    params << qMax<qint64>(0, offset);
    return QStringLiteral(" LIMIT %1::int8 OFFSET %2::int8").arg(l, o);
}

} // namespace

Result<QList<Account>> PgStore::accounts(const AccountQuery &query)
{
    return m_conn->reading<QList<Account>>([&]() -> Result<QList<Account>> {
        SqlWhere where(PgDialect::instance());
        addAccountFilter(query, where);
        PgParams params = pgParams(where);
        QString sql = QStringLiteral("SELECT " LEDGER_PG_ACCOUNT_COLUMNS " FROM accounts") + where.clause() + accountOrder(query);
        sql += limitOffset(params, query.limit, query.offset);
        auto r = m_conn->runDynamic(sql, params);
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::account);
    });
}

namespace {

Result<qint64> countOf(PgConnection &conn, const QString &sql, const PgParams &params)
{
    return conn.reading<qint64>([&]() -> Result<qint64> {
        auto r = conn.runDynamic(sql, params);
        if (!r.ok())
            return r.error();
        return r->int64(0, 0);
    });
}

} // namespace

Result<qint64> PgStore::accountCount(const AccountQuery &query)
{
    SqlWhere where(PgDialect::instance());
    addAccountFilter(query, where);
    return countOf(*m_conn, QStringLiteral("SELECT COUNT(*) FROM accounts") + where.clause(), pgParams(where));
}

Result<QList<Transaction>> PgStore::transactions(const TxQuery &query)
{
    return m_conn->reading<QList<Transaction>>([&]() -> Result<QList<Transaction>> {
        SqlWhere where(PgDialect::instance());
        addTxFilter(query, where);
        PgParams params = pgParams(where);
        QString sql = QStringLiteral("SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions") + where.clause() + txOrder(query);
        sql += limitOffset(params, query.limit, query.offset);
        auto r = m_conn->runDynamic(sql, params);
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::transaction);
    });
}

Result<qint64> PgStore::transactionCount(const TxQuery &query)
{
    SqlWhere where(PgDialect::instance());
    addTxFilter(query, where);
    return countOf(*m_conn, QStringLiteral("SELECT COUNT(*) FROM transactions") + where.clause(), pgParams(where));
}

Result<QMap<TxState, qint64>> PgStore::countByState()
{
    return m_conn->reading<QMap<TxState, qint64>>([&]() -> Result<QMap<TxState, qint64>> {
        auto r = m_conn->run("SELECT state, COUNT(*) FROM transactions GROUP BY state");
        if (!r.ok())
            return r.error();
        QMap<TxState, qint64> counts;
        for (TxState s : allTxStates())
            counts.insert(s, 0);
        for (int i = 0; i < r->size(); ++i) {
            if (auto s = txStateFromString(r->text(i, 0)))
                counts[*s] = r->int64(i, 1);
        }
        return counts;
    });
}

// The planner's own estimate of the table's rows: the tuple density its statistics saw at the
// last ANALYZE or VACUUM (autovacuum keeps them), times the pages the table has now; NULL before
// any statistics.
#define LEDGER_PG_TX_FIGURE \
    "(SELECT CASE WHEN c.reltuples < 0 OR c.relpages = 0 THEN NULL" \
    " ELSE c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int8) END" \
    " FROM pg_class c WHERE c.oid = 'transactions'::regclass)"

Result<std::optional<qint64>> PgStore::transactionTotalEstimate()
{
    return m_conn->reading<std::optional<qint64>>([&]() -> Result<std::optional<qint64>> {
        auto r = m_conn->run("SELECT COALESCE(" LEDGER_PG_TX_FIGURE "::int8, -1)");
        if (!r.ok())
            return r.error();
        const qint64 n = r->int64(0, 0);
        return n < 0 ? std::nullopt : std::optional<qint64>(n);
    });
}

Result<QMap<TxState, qint64>> PgStore::stateCountEstimates()
{
    // What the planner would assume for `state = X`: the column's most common values and their
    // shares, as the last ANALYZE (autovacuum's, on a working ledger) sampled them, of the figure.
    return m_conn->reading<QMap<TxState, qint64>>([&]() -> Result<QMap<TxState, qint64>> {
        auto r = m_conn->run("SELECT m.v, round(m.f * t.n)::int8 FROM (SELECT " LEDGER_PG_TX_FIGURE " AS n) t, pg_stats s,"
                             " unnest(s.most_common_vals::text::text[], s.most_common_freqs) AS m(v, f)"
                             " WHERE t.n IS NOT NULL AND s.schemaname = current_schema() AND s.tablename = 'transactions'"
                             " AND s.attname = 'state'");
        if (!r.ok())
            return r.error();
        QMap<TxState, qint64> counts;
        for (int i = 0; i < r->size(); ++i) {
            if (auto state = txStateFromString(r->text(i, 0)))
                counts.insert(*state, r->int64(i, 1));
        }
        return counts;
    });
}

Result<QList<JournalEntry>> PgStore::journal(DocKind kind, const QString &docId)
{
    return m_conn->reading<QList<JournalEntry>>([&]() -> Result<QList<JournalEntry>> {
        auto r = m_conn->run("SELECT " LEDGER_PG_JOURNAL_COLUMNS " FROM journal WHERE doc_kind = $1 AND doc_id = $2 ORDER BY seq",
                             PgParams{nameOf(kind), docId});
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::journalEntry);
    });
}

Result<QList<JournalEntry>> PgStore::journalEntries(const JournalQuery &query)
{
    return m_conn->reading<QList<JournalEntry>>([&]() -> Result<QList<JournalEntry>> {
        SqlWhere where(PgDialect::instance());
        addJournalFilter(query, where);
        PgParams params = pgParams(where);
        QString sql = QStringLiteral("SELECT " LEDGER_PG_JOURNAL_COLUMNS " FROM journal") + where.clause() + journalOrder(query);
        sql += limitOffset(params, query.limit, query.offset);
        auto r = m_conn->runDynamic(sql, params);
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::journalEntry);
    });
}

Result<qint64> PgStore::journalCount(const JournalQuery &query)
{
    SqlWhere where(PgDialect::instance());
    addJournalFilter(query, where);
    return countOf(*m_conn, QStringLiteral("SELECT COUNT(*) FROM journal") + where.clause(), pgParams(where));
}

Result<QList<qint64>> PgStore::ageHistogram(const QList<qint64> &upperBoundsMs)
{
    SqlWhere where(PgDialect::instance());
    const QString bucket = ageBucketSql(upperBoundsMs, where);
    const QString sql = QStringLiteral("SELECT %1 AS bucket, COUNT(*) FROM transactions%2 GROUP BY bucket").arg(bucket, where.clause());
    return m_conn->reading<QList<qint64>>([&]() -> Result<QList<qint64>> {
        auto r = m_conn->runDynamic(sql, pgParams(where));
        if (!r.ok())
            return r.error();
        QList<QPair<qint64, qint64>> rows;
        for (int i = 0; i < r->size(); ++i)
            rows << qMakePair(r->int64(i, 0), r->int64(i, 1));
        return bucketCounts(int(upperBoundsMs.size()) + 1, rows);
    });
}

Result<QList<qint64>> PgStore::createdPerMinute(int minutes)
{
    minutes = qBound(1, minutes, 24 * 60);
    const QString sql = QStringLiteral("SELECT %1 / 60000 AS ago, COUNT(*) FROM transactions"
                                       " WHERE created_at >= ledger_now() - $1::int8 * interval '1 minute' GROUP BY ago")
                            .arg(PgDialect::instance().ageMs());
    return m_conn->reading<QList<qint64>>([&]() -> Result<QList<qint64>> {
        auto r = m_conn->runDynamic(sql, PgParams() << qint64(minutes));
        if (!r.ok())
            return r.error();
        QList<qint64> counts(minutes, 0);
        for (int i = 0; i < r->size(); ++i) {
            const qint64 ago = r->int64(i, 0);
            if (ago >= 0 && ago < minutes)
                counts[int(minutes - 1 - ago)] = r->int64(i, 1); // oldest minute first
        }
        return counts;
    });
}

Result<QList<JournalEntry>> PgStore::finishedAfter(int shard, qint64 afterSeq, int limit)
{
    if (shard != 0)
        return makeError(ErrorCode::InvalidCursor,
                         Message::translate("ledger", "%1 is one database: it has no shard %2").arg(location()).arg(shard));
    return m_conn->reading<QList<JournalEntry>>([&]() -> Result<QList<JournalEntry>> {
        auto r = m_conn->run(
            "SELECT finish_seq, doc_id, ledger_ms(at), actor, worker, event, from_state, to_state, epoch, detail, doc_kind, request"
            " FROM journal WHERE finish_seq > $1::int8 ORDER BY finish_seq LIMIT $2::int8",
            PgParams() << afterSeq << qint64(limit));
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::journalEntry);
    });
}

Result<qint64> PgStore::lastFinishedSeq(int shard)
{
    if (shard != 0)
        return makeError(ErrorCode::InvalidCursor,
                         Message::translate("ledger", "%1 is one database: it has no shard %2").arg(location()).arg(shard));
    return m_conn->reading<qint64>([&]() -> Result<qint64> {
        auto r = m_conn->run("SELECT COALESCE(MAX(finish_seq), 0) FROM journal");
        if (!r.ok())
            return r.error();
        return r->int64(0, 0);
    });
}

Result<qint64> PgStore::changeMarker()
{
    return m_conn->reading<qint64>([&]() -> Result<qint64> {
        auto r = m_conn->run("SELECT last_value + (CASE WHEN is_called THEN 1 ELSE 0 END) FROM change_counter");
        if (!r.ok())
            return r.error();
        return r->int64(0, 0);
    });
}

Error PgStore::withSnapshot(const std::function<Error()> &work) { return m_conn->readSnapshot(work); }

namespace {

// Pages through a whole table by its key (keyset paging: no server-side cursor, so it works in
// or out of a snapshot, and memory stays one page whatever the table's size).
template <typename Read, typename Visit>
Error scanByKey(PgConnection &conn, const char *firstPage, const char *nextPage, int keyColumns, Read read, Visit visit,
                const Store::StopCheck &shouldStop)
{
    constexpr qint64 kPage = 2000;
    QStringList lastKey;
    for (;;) {
        PgParams params;
        for (const QString &k : lastKey)
            params << k;
        params << kPage;
        auto r = conn.run(lastKey.isEmpty() ? firstPage : nextPage, params);
        if (!r.ok())
            return r.error();
        for (int i = 0; i < r->size(); ++i) {
            auto row = read(*r, i);
            if (!row.ok())
                return row.error();
            visit(*row);
        }
        if (r->size() < kPage || (shouldStop && shouldStop()))
            return {};
        lastKey.clear();
        for (int c = 0; c < keyColumns; ++c)
            lastKey << r->text(r->size() - 1, c);
    }
}

} // namespace

Error PgStore::scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop)
{
    return scanByKey(
        *m_conn, "SELECT " LEDGER_PG_ACCOUNT_COLUMNS " FROM accounts ORDER BY id LIMIT $1::int8",
        "SELECT " LEDGER_PG_ACCOUNT_COLUMNS " FROM accounts WHERE id > $1 ORDER BY id LIMIT $2::int8", 1,
        [](const PgRows &r, int i) { return pgrows::account(r, i); }, visit, shouldStop);
}

Error PgStore::scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop)
{
    return scanByKey(
        *m_conn, "SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs ORDER BY tx_id, account_id LIMIT $1::int8",
        "SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs WHERE (tx_id, account_id) > ($1, $2)"
        " ORDER BY tx_id, account_id LIMIT $3::int8",
        2, [](const PgRows &r, int i) { return pgrows::leg(r, i); }, visit, shouldStop);
}

Error PgStore::scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop)
{
    return scanByKey(
        *m_conn, "SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions ORDER BY id LIMIT $1::int8",
        "SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions WHERE id > $1 ORDER BY id LIMIT $2::int8", 1,
        [](const PgRows &r, int i) { return pgrows::transaction(r, i); }, visit, shouldStop);
}

Result<CommitCandidates> PgStore::commitCandidates(qint64 windowMs)
{
    return m_conn->reading<CommitCandidates>([&]() -> Result<CommitCandidates> {
        CommitCandidates c;
        SqlWhere txWhere(PgDialect::instance());
        addCommitCandidateFilter(windowMs, txWhere);
        auto txs =
            m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions") + txWhere.clause(), pgParams(txWhere));
        if (!txs.ok())
            return txs.error();
        auto t = pgrows::all(*txs, pgrows::transaction);
        if (!t.ok())
            return t.error();
        c.transactions = *t;
        SqlWhere legWhere(PgDialect::instance());
        addRecentlyPostedFilter(windowMs, legWhere);
        auto legs =
            m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs") + legWhere.clause(), pgParams(legWhere));
        if (!legs.ok())
            return legs.error();
        auto l = pgrows::all(*legs, pgrows::leg);
        if (!l.ok())
            return l.error();
        c.recentlyPosted = *l;
        return c;
    });
}

} // namespace ledger
