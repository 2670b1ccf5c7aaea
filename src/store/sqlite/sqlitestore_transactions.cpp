// SqliteStore: transaction documents, their journal, and the queries over them.
#include "ledger/legs.h"
#include "ledger/remarks.h"
#include "store/sqlite/sqlitedialect.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqlitestore.h"

#include <string_view>

namespace ledger {

Result<std::optional<Transaction>> SqliteStore::readTransaction(SqliteConnection &c, const QString &id)
{
    return c.firstRow(c.run("SELECT " LEDGER_TX_COLUMNS " FROM transactions WHERE id = ?", {id}), sqliterows::transaction);
}

Result<std::optional<Transaction>> SqliteStore::readTransactionByKey(SqliteConnection &c, const QString &key)
{
    return c.firstRow(c.run("SELECT " LEDGER_TX_COLUMNS " FROM transactions WHERE idempotency_key = ?", {key}), sqliterows::transaction);
}

Result<Transaction> SqliteStore::transaction(const QString &id)
{
    auto found = readTransaction(*m_conn, id);
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return rules::unknownTransaction(id);
    return **found;
}

Result<std::optional<Transaction>> SqliteStore::transactionByKey(const QString &key) { return readTransactionByKey(*m_conn, key); }

Result<InsertOutcome> SqliteStore::insertTransaction(const NewTransaction &n)
{
    return m_conn->write<InsertOutcome>([&](SqliteConnection &c) -> Result<InsertOutcome> {
        if (!n.idempotencyKey.isEmpty()) {
            auto byKey = readTransactionByKey(c, n.idempotencyKey);
            if (!byKey.ok())
                return byKey.error();
            if (byKey->has_value())
                return InsertOutcome{**byKey, false};
        }
        auto byId = readTransaction(c, n.id);
        if (!byId.ok())
            return byId.error();
        if (byId->has_value())
            return InsertOutcome{**byId, false};

        auto clock = c.clock();
        if (!clock.ok())
            return clock.error();
        Transaction t = rules::newTransaction(n);
        const bool twoAccounts = isTwoAccountTransfer(t.legs);
        auto ins = c.run("INSERT INTO transactions (id, idempotency_key, kind, compensates, source, destination,"
                         " amount, memo, state, created_at, last_modified, legs)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'initial', ?, ?, ?)",
                         {n.id, SqlArg::orNull(n.idempotencyKey), nameOf(n.kind), SqlArg::orNull(n.compensates), t.source, t.destination,
                          t.amount, n.memo, clock->now, clock->now, SqlArg::orNull(twoAccounts ? QString() : legsText(t.legs))});
        if (!ins.ok())
            return ins.error();
        if (!twoAccounts) {
            for (const TxLeg &leg : t.legs) {
                auto party = c.run("INSERT INTO tx_accounts (account_id, tx_id) VALUES (?, ?)", {leg.accountId, n.id});
                if (!party.ok())
                    return party.error();
            }
        }
        if (Error e = appendJournal(c, DocKind::Transaction, rules::createdJournal(n), clock->now); !e.ok())
            return e;
        t.createdAt = t.lastModified = parseTimestamp(clock->now);
        return InsertOutcome{t, true};
    });
}

Result<CasOutcome> SqliteStore::updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change)
{
    return m_conn->write<CasOutcome>([&](SqliteConnection &c) -> Result<CasOutcome> {
        auto found = readTransaction(c, id);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(id);
        Transaction t = **found;
        if (t.state != guard.state || t.owner != guard.owner || t.epoch != guard.epoch)
            return CasOutcome{false, t};
        if (Error refused = rules::txChangeRefusal(t, change); !refused.ok())
            return refused;
        auto clock = c.clock(change.leaseMs);
        if (!clock.ok())
            return clock.error();
        const Transaction before = t;
        t = rules::applied(before, change);
        if (change.leaseMs > 0)
            t.leaseUntil = parseTimestamp(clock->shifted);
        auto up = c.run("UPDATE transactions SET state = ?, owner = ?, epoch = ?, attempts = ?, lease_until = ?,"
                        " last_error = ?, last_modified = ? WHERE id = ?",
                        {nameOf(t.state), t.owner, t.epoch, t.attempts,
                         t.leaseUntil.isValid() ? SqlArg(formatTimestamp(t.leaseUntil)) : SqlArg(nullptr), t.lastError, clock->now, id});
        if (!up.ok())
            return up.error();
        if (Error e = appendJournal(c, DocKind::Transaction, rules::journalOf(before, t, change), clock->now); !e.ok())
            return e;
        t.lastModified = parseTimestamp(clock->now);
        return CasOutcome{true, t};
    });
}

Result<CasOutcome> SqliteStore::linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId,
                                                 const Acting &by, const QString &worker, const QString &detail)
{
    return m_conn->write<CasOutcome>([&](SqliteConnection &c) -> Result<CasOutcome> {
        auto found = readTransaction(c, originalId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(originalId);
        Transaction t = **found;
        if (t.compensatedBy == compensationId)
            return CasOutcome{true, t}; // already linked: asking twice links once
        if (t.compensatedBy != expected)
            return CasOutcome{false, t};
        auto clock = c.clock();
        if (!clock.ok())
            return clock.error();
        auto up =
            c.run("UPDATE transactions SET compensated_by = ?, last_modified = ? WHERE id = ?", {compensationId, clock->now, originalId});
        if (!up.ok())
            return up.error();
        if (Error e = appendJournal(c, DocKind::Transaction, rules::linkJournal(t, compensationId, by, worker, detail), clock->now);
            !e.ok())
            return e;
        t.compensatedBy = compensationId;
        t.lastModified = parseTimestamp(clock->now);
        return CasOutcome{true, t};
    });
}

Result<QList<Transaction>> SqliteStore::transactions(const TxQuery &query)
{
    SqlWhere where(SqliteDialect::instance());
    addTxFilter(query, where);
    QList<SqlArg> binds = sqliteArgs(where);
    const QString sql = QStringLiteral("SELECT " LEDGER_TX_COLUMNS " FROM transactions") + where.clause() + txOrder(query)
                      + QStringLiteral(" LIMIT ? OFFSET ?");
    binds << query.limit << query.offset;
    return m_conn->allRows(m_conn->runDynamic(sql, binds), sqliterows::transaction);
}

Result<qint64> SqliteStore::transactionCount(const TxQuery &query)
{
    SqlWhere where(SqliteDialect::instance());
    addTxFilter(query, where);
    return countRows("transactions", where);
}

Result<QMap<TxState, qint64>> SqliteStore::countByState()
{
    auto q = m_conn->run("SELECT state, COUNT(*) FROM transactions GROUP BY state");
    if (!q.ok())
        return q.error();
    QMap<TxState, qint64> counts;
    for (TxState s : allTxStates())
        counts.insert(s, 0);
    while ((*q)->next()) {
        if (auto s = txStateFromString((*q)->text(0)))
            counts[*s] = (*q)->int64(1);
    }
    if (Error e = m_conn->endOfRows(**q); !e.ok())
        return e;
    (*q)->finish();
    return counts;
}

Result<std::optional<qint64>> SqliteStore::transactionTotalEstimate()
{
    // The row number of the last row inserted, read from the end of the table's b-tree: every
    // insert takes the largest plus one and no row is deleted, so it is the count unless a
    // VACUUM renumbered or a hand removed rows; hence only an estimate.
    auto last = m_conn->firstRow(m_conn->run("SELECT COALESCE(MAX(rowid), 0) FROM transactions"),
                                 [](const SqliteStatement &q) { return q.int64(0); });
    if (!last.ok())
        return last.error();
    return std::optional<qint64>(last->value_or(0));
}

Result<QMap<TxState, qint64>> SqliteStore::stateCountEstimates()
{
    return QMap<TxState, qint64>(); // SQLite keeps no statistics unless ANALYZE is run by hand
}

Result<JournalEntry> SqliteStore::addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text)
{
    if (Error e = checkRemark(remark, text); !e.ok())
        return e;
    return m_conn->write<JournalEntry>([&](SqliteConnection &c) -> Result<JournalEntry> {
        auto found = readTransaction(c, txId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(txId);
        auto clock = c.clock();
        if (!clock.ok())
            return clock.error();
        if (Error e = appendJournal(c, DocKind::Transaction, rules::remarkJournal(**found, remark, by, QString(), text), clock->now);
            !e.ok())
            return e;
        auto row =
            c.firstRow(c.run("SELECT " LEDGER_JOURNAL_COLUMNS " FROM journal WHERE seq = last_insert_rowid()"), sqliterows::journalEntry);
        if (!row.ok())
            return row.error();
        if (!row->has_value())
            return makeError(ErrorCode::Internal, QStringLiteral("the remark on %1 was not read back").arg(txId));
        return **row;
    });
}

Error SqliteStore::backdateForDemo(DocKind kind, const QString &id, qint64 ms)
{
    // Times are ISO 8601 text; SQLite's date functions read it and shift it by a modifier.
#define LEDGER_SHIFTED(column) "strftime('%Y-%m-%dT%H:%M:%fZ', " column ", ?1)"
    const QString shift = QStringLiteral("-%1 seconds").arg(double(ms) / 1000.0, 0, 'f', 3);
    auto done = m_conn->write<bool>([&](SqliteConnection &c) -> Result<bool> {
        const bool tx = kind == DocKind::Transaction;
        const char *document = tx
                                 ? "UPDATE transactions SET created_at = " LEDGER_SHIFTED("created_at") ", last_modified = " LEDGER_SHIFTED(
                                     "last_modified") ", lease_until = " LEDGER_SHIFTED("lease_until") " WHERE id = ?2"
                                 : "UPDATE accounts SET created_at = " LEDGER_SHIFTED("created_at") " WHERE id = ?2";
        for (const char *sql : {document, "UPDATE journal SET at = " LEDGER_SHIFTED("at") " WHERE doc_kind = ?3 AND doc_id = ?2",
                                tx ? "UPDATE legs SET at = " LEDGER_SHIFTED("at") " WHERE tx_id = ?2" : nullptr}) {
            if (!sql)
                continue;
            auto q = std::string_view(sql).find("?3") != std::string_view::npos ? c.run(sql, {shift, id, nameOf(kind)})
                                                                                : c.run(sql, {shift, id});
            if (!q.ok())
                return q.error();
        }
        return true;
    });
#undef LEDGER_SHIFTED
    return done.ok() ? Error{} : done.error();
}

Result<QList<JournalEntry>> SqliteStore::journal(DocKind kind, const QString &docId)
{
    return m_conn->allRows(
        m_conn->run("SELECT " LEDGER_JOURNAL_COLUMNS " FROM journal WHERE doc_kind = ? AND doc_id = ? ORDER BY seq", {nameOf(kind), docId}),
        sqliterows::journalEntry);
}

Error SqliteStore::scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop)
{
    return m_conn->visitRows(m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_TX_COLUMNS " FROM transactions")), sqliterows::transaction,
                             visit, shouldStop);
}

} // namespace ledger
