// PgStore: transaction documents — insert, compare-and-set, link — each one statement with its
// journal row, and the reads of one document.
#include "ledger/legs.h"
#include "ledger/remarks.h"
#include "store/postgres/pgrows.h"
#include "store/postgres/pgstore.h"

namespace ledger {

namespace {

// The journal columns after (doc_kind, doc_id, at) as parameters: actor, worker, event,
// from_state, to_state, epoch, detail.
PgParams &operator<<(PgParams &params, const JournalEntry &j)
{
    return params << j.actor << j.worker << j.event << j.fromState << j.toState << j.epoch << j.detail;
}

} // namespace

Result<std::optional<Transaction>> PgStore::readTransaction(const QString &id, QString *token)
{
    auto r = m_conn->run("SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions WHERE id = $1", PgParams{id});
    if (!r.ok())
        return r.error();
    if (r->isEmpty())
        return std::optional<Transaction>();
    if (token)
        *token = pgrows::txToken(*r);
    auto tx = pgrows::transaction(*r);
    if (!tx.ok())
        return tx.error();
    return std::optional<Transaction>(std::move(tx).value());
}

Result<std::optional<CasOutcome>> PgStore::casWrittenBy(const QString &id, const QString &token)
{
    QString found;
    auto t = readTransaction(id, &found);
    if (!t.ok())
        return t.error();
    if (t->has_value() && found == token)
        return std::optional<CasOutcome>(CasOutcome{true, **t});
    return std::optional<CasOutcome>(); // not written: compare-and-set again
}

Result<Transaction> PgStore::transaction(const QString &id)
{
    return m_conn->reading<Transaction>([&]() -> Result<Transaction> {
        auto found = readTransaction(id);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(id);
        return **found;
    });
}

Result<std::optional<Transaction>> PgStore::transactionByKey(const QString &key)
{
    return m_conn->reading<std::optional<Transaction>>([&]() -> Result<std::optional<Transaction>> {
        auto r = m_conn->run("SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions WHERE idempotency_key = $1", PgParams{key});
        if (!r.ok())
            return r.error();
        if (r->isEmpty())
            return std::optional<Transaction>();
        auto tx = pgrows::transaction(*r);
        if (!tx.ok())
            return tx.error();
        return std::optional<Transaction>(std::move(tx).value());
    });
}

Result<InsertOutcome> PgStore::insertTransaction(const NewTransaction &n)
{
    const QString token = PgConnection::newWriteToken();
    // Already there (by key first, as the single-file store answers): that document, untouched
    // — unless its write token is ours, when it is our own insert whose answer was lost.
    const auto existing = [&]() -> Result<std::optional<InsertOutcome>> {
        for (const bool byKey : {true, false}) {
            if (byKey && n.idempotencyKey.isEmpty())
                continue;
            auto r = byKey ? m_conn->run("SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions WHERE idempotency_key = $1",
                                         PgParams{n.idempotencyKey})
                           : m_conn->run("SELECT " LEDGER_PG_TX_COLUMNS " FROM transactions WHERE id = $1", PgParams{n.id});
            if (!r.ok())
                return r.error();
            if (!r->isEmpty()) {
                auto tx = pgrows::transaction(*r);
                if (!tx.ok())
                    return tx.error();
                return std::optional<InsertOutcome>(InsertOutcome{std::move(tx).value(), pgrows::txToken(*r) == token});
            }
        }
        return std::optional<InsertOutcome>();
    };
    const auto attempt = [&]() -> Result<InsertOutcome> {
        PgParams params;
        params << n.id;
        params.nullIfEmpty(n.idempotencyKey);
        params << nameOf(n.kind);
        params.nullIfEmpty(n.compensates);
        const Transaction t = rules::newTransaction(n);
        const bool twoAccounts = isTwoAccountTransfer(t.legs);
        params << t.source << t.destination << t.amount << n.memo << token << rules::createdJournal(n);
        params.nullIfEmpty(twoAccounts ? QString() : legsText(t.legs));
        QStringList accounts;
        if (!twoAccounts) {
            for (const TxLeg &leg : t.legs)
                accounts << leg.accountId;
        }
        params << pgrows::textArray(accounts);
        params.nullIfEmpty(n.request);
        auto r =
            m_conn->run("WITH t AS (INSERT INTO transactions (id, idempotency_key, kind, compensates, source, destination, amount,"
                        " memo, state, created_at, last_modified, write_token, legs)"
                        " VALUES ($1, $2, $3, $4, $5, $6, $7::int8, $8, 'initial', ledger_now(), ledger_now(), $9, $17)"
                        " ON CONFLICT DO NOTHING RETURNING " LEDGER_PG_TX_COLUMNS ", created_at AS at),"
                        " j AS (" LEDGER_PG_JOURNAL_INSERT " SELECT 'tx', id, at, $10, $11, $12, $13, $14, $15::int8, $16, $19 FROM t),"
                        " p AS (INSERT INTO tx_accounts (account_id, tx_id) SELECT unnest($18::text[]), id FROM t)"
                        " SELECT * FROM t",
                        params, true);
        if (!r.ok())
            return r.error();
        if (!r->isEmpty()) {
            auto tx = pgrows::transaction(*r);
            if (!tx.ok())
                return tx.error();
            return InsertOutcome{std::move(tx).value(), true};
        }
        auto found = existing();
        if (!found.ok())
            return found.error();
        if (!found->has_value()) // the conflicting document is gone again: cannot happen (documents are never deleted)
            return makeError(ErrorCode::Internal, QStringLiteral("insert of %1 conflicted with a document that is not there").arg(n.id));
        return **found;
    };
    return m_conn->writing<InsertOutcome>(attempt, [&]() -> Result<std::optional<InsertOutcome>> {
        auto found = existing();
        if (found.ok() && found->has_value() && !(*found)->inserted)
            return std::optional<InsertOutcome>(); // not ours: insert again, which answers "already there"
        return found;
    });
}

Result<CasOutcome> PgStore::updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change)
{
    // The document as the guard says it is: when the compare-and-set matches, it is exactly so.
    Transaction before;
    before.id = id;
    before.state = guard.state;
    before.owner = guard.owner;
    before.epoch = guard.epoch;
    const Transaction after = rules::applied(before, change);
    const QString token = PgConnection::newWriteToken();

    const auto current = [&]() -> Result<CasOutcome> {
        auto found = readTransaction(id);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(id);
        return CasOutcome{false, **found};
    };
    const auto attempt = [&]() -> Result<CasOutcome> {
        if (Error refused = rules::txChangeRefusal(before, change); !refused.ok()) {
            // Only when the guard matches (otherwise: someone else moved it, as ever).
            auto now = current();
            if (!now.ok())
                return now.error();
            const Transaction &t = now->tx;
            return t.state == guard.state && t.owner == guard.owner && t.epoch == guard.epoch ? Result<CasOutcome>(refused) : now;
        }
        PgParams params{id, nameOf(guard.state), guard.owner};
        params << guard.epoch << nameOf(after.state) << after.owner << after.epoch << int(change.claim ? 1 : 0) << change.leaseMs
               << change.lastError.has_value() << change.lastError.value_or(QString()) << token << rules::journalOf(before, after, change);
        params.nullIfEmpty(change.request);
        auto r = m_conn->run("WITH t AS (UPDATE transactions SET state = $5, owner = $6, epoch = $7::int8, attempts = attempts + $8::int4,"
                             " lease_until = CASE WHEN $9::int8 > 0 THEN ledger_now() + $9::int8 * interval '1 millisecond'"
                             " ELSE lease_until END,"
                             " last_error = CASE WHEN $10::bool THEN $11 ELSE last_error END,"
                             " last_modified = ledger_now(), write_token = $12"
                             " WHERE id = $1 AND state = $2 AND owner = $3 AND epoch = $4::int8"
                             " RETURNING " LEDGER_PG_TX_COLUMNS ", last_modified AS at),"
                             // A finish takes the feed's next number, in commit order (pgschema.cpp).
                             " f AS (UPDATE feed_counter SET n = n + 1 WHERE $5 IN ('done', 'canceled') AND EXISTS (SELECT 1 FROM t)"
                             " RETURNING n),"
                             " j AS (INSERT INTO journal (doc_kind, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail,"
                             " finish_seq, request) SELECT 'tx', id, at, $13, $14, $15, $16, $17, $18::int8, $19, (SELECT n FROM f), $20"
                             " FROM t)"
                             " SELECT * FROM t",
                             params, true);
        if (!r.ok())
            return r.error();
        if (r->isEmpty())
            return current();
        auto tx = pgrows::transaction(*r);
        if (!tx.ok())
            return tx.error();
        return CasOutcome{true, std::move(tx).value()};
    };
    return m_conn->writing<CasOutcome>(attempt, [&]() { return casWrittenBy(id, token); });
}

Result<CasOutcome> PgStore::linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId,
                                             const Acting &by, const QString &worker, const QString &detail)
{
    const QString token = PgConnection::newWriteToken();
    Transaction shape;
    shape.id = originalId;
    const JournalEntry j = rules::linkJournal(shape, compensationId, by, worker, detail);
    const auto attempt = [&]() -> Result<CasOutcome> {
        auto r = m_conn->run(
            "WITH t AS (UPDATE transactions SET compensated_by = $2, last_modified = ledger_now(), write_token = $4"
            " WHERE id = $1 AND coalesce(compensated_by, '') = $3 AND coalesce(compensated_by, '') <> $2"
            " RETURNING " LEDGER_PG_TX_COLUMNS ", last_modified AS at, state AS at_state, epoch AS at_epoch),"
            " j AS (" LEDGER_PG_JOURNAL_INSERT " SELECT 'tx', id, at, $5, $6, $7, at_state, at_state, at_epoch, $8, $9 FROM t)"
            " SELECT * FROM t",
            PgParams{originalId, compensationId, expected, token, j.actor, j.worker, j.event, j.detail}.nullIfEmpty(j.request), true);
        if (!r.ok())
            return r.error();
        if (!r->isEmpty()) {
            auto tx = pgrows::transaction(*r);
            if (!tx.ok())
                return tx.error();
            return CasOutcome{true, std::move(tx).value()};
        }
        auto found = readTransaction(originalId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(originalId);
        // Already linked to this one: asking twice links once.
        return CasOutcome{(*found)->compensatedBy == compensationId, **found};
    };
    return m_conn->writing<CasOutcome>(attempt, [&]() { return casWrittenBy(originalId, token); });
}

Result<JournalEntry> PgStore::addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text)
{
    if (Error e = checkRemark(remark, text); !e.ok())
        return e;
    // The row's worker column carries the write's token: a remark whose commit went unanswered
    // is found by it, never written twice. Announced by the doorbell, as every write.
    const QString token = PgConnection::newWriteToken();
    const auto attempt = [&]() -> Result<JournalEntry> {
        auto r =
            m_conn->run("WITH t AS (SELECT id, state, epoch FROM transactions WHERE id = $1),"
                        " j AS (" LEDGER_PG_JOURNAL_INSERT " SELECT 'tx', id, ledger_now(), $2, $3, $4, state, state, epoch, $5, $6 FROM t"
                        " RETURNING " LEDGER_PG_JOURNAL_COLUMNS ")"
                        " SELECT * FROM j",
                        PgParams{txId, by.actor, token, eventOf(remark), text}.nullIfEmpty(by.request), true);
        if (!r.ok())
            return r.error();
        if (r->isEmpty())
            return rules::unknownTransaction(txId);
        return pgrows::journalEntry(*r);
    };
    const auto resolve = [&]() -> Result<std::optional<JournalEntry>> {
        auto r = m_conn->run("SELECT " LEDGER_PG_JOURNAL_COLUMNS " FROM journal WHERE doc_kind = 'tx' AND doc_id = $1 AND worker = $2",
                             PgParams{txId, token});
        if (!r.ok())
            return r.error();
        if (r->isEmpty())
            return std::optional<JournalEntry>(); // not written: write it
        auto entry = pgrows::journalEntry(*r);
        if (!entry.ok())
            return entry.error();
        return std::optional<JournalEntry>(*entry);
    };
    return m_conn->writing<JournalEntry>(attempt, resolve);
}

Error PgStore::backdateForDemo(DocKind kind, const QString &id, qint64 ms)
{
    // One statement: the document, its journal rows and (a transaction's) leg markers together.
    const auto attempt = [&]() -> Result<bool> {
        auto r =
            m_conn->run("WITH s AS (SELECT $2::int8 * interval '1 millisecond' AS by),"
                        " t AS (UPDATE transactions SET created_at = created_at - s.by, last_modified = last_modified - s.by,"
                        " lease_until = lease_until - s.by FROM s WHERE $3 = 'tx' AND id = $1 RETURNING 1),"
                        " a AS (UPDATE accounts SET created_at = created_at - s.by"
                        " FROM s WHERE $3 = 'account' AND id = $1 RETURNING 1),"
                        " j AS (UPDATE journal SET at = at - s.by FROM s WHERE doc_kind = $3 AND doc_id = $1 RETURNING 1),"
                        " l AS (UPDATE legs SET at = at - s.by FROM s WHERE $3 = 'tx' AND tx_id = $1 RETURNING 1)"
                        " SELECT (SELECT count(*) FROM t), (SELECT count(*) FROM a), (SELECT count(*) FROM j), (SELECT count(*) FROM l)",
                        PgParams{id} << ms << nameOf(kind), true);
        if (!r.ok())
            return r.error();
        return true;
    };
    // Run twice it would shift twice: the demo's documents are new and shifted once, so an
    // unanswered commit is reported rather than guessed.
    auto done = m_conn->writing<bool>(attempt, [&]() -> Result<std::optional<bool>> {
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "the connection broke while the demo's history was written; "
                                                      "make the demo again in a new store"));
    });
    return done.ok() ? Error{} : done.error();
}

} // namespace ledger
