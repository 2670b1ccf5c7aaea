// PgConnection: the schema of a PostgreSQL store, its versions and migrations, and the meta rows
// that make a database one shard of a sharded store.
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "store/postgres/pgconnection.h"

#include <libpq-fe.h>

namespace ledger {

namespace {

// Each entry migrates the schema from version i to i + 1, inside the caller's transaction.
// Text keys compare byte-wise (COLLATE "C"), as SQLite's do, so that every store lists in the
// same order and a sharded store can merge lists from both kinds. Times are timestamptz at
// millisecond precision, always from the server's clock (ledger_now()).
const char *const kMigrations[][32] = {
    // 0 → 1: the documents of DESIGN.md §1, the change announcements, and the helpers.
    {
        "CREATE TABLE meta (key text COLLATE \"C\" PRIMARY KEY, value text NOT NULL)",

        "CREATE FUNCTION ledger_now() RETURNS timestamptz LANGUAGE sql STABLE"
        " AS $$ SELECT date_trunc('milliseconds', clock_timestamp()) $$",
        "CREATE FUNCTION ledger_ms(t timestamptz) RETURNS int8 LANGUAGE sql STABLE"
        " AS $$ SELECT (extract(epoch FROM t) * 1000)::int8 $$",

        "CREATE TABLE accounts ("
        " id text COLLATE \"C\" PRIMARY KEY,"
        " name text NOT NULL DEFAULT '',"
        " status text NOT NULL CHECK (status IN ('open','frozen','closed')),"
        " balance int8 NOT NULL DEFAULT 0,"
        " pending_debits int8 NOT NULL DEFAULT 0 CHECK (pending_debits >= 0),"
        " pending_credits int8 NOT NULL DEFAULT 0 CHECK (pending_credits >= 0),"
        " version int8 NOT NULL DEFAULT 1,"
        " created_at timestamptz NOT NULL,"
        " last_modified timestamptz NOT NULL,"
        " write_token text NOT NULL DEFAULT '')",

        // No foreign key to accounts: a void writes a tombstone even for an account that does
        // not exist (yet), so that a late hold can never land there.
        "CREATE TABLE legs ("
        " tx_id text COLLATE \"C\" NOT NULL,"
        " account_id text COLLATE \"C\" NOT NULL,"
        " side text NOT NULL CHECK (side IN ('debit','credit')),"
        " amount int8 NOT NULL CHECK (amount > 0),"
        " status text NOT NULL CHECK (status IN ('held','posted','voided')),"
        " at timestamptz NOT NULL,"
        " write_token text NOT NULL DEFAULT '',"
        " balance_after int8,"
        " PRIMARY KEY (tx_id, account_id))",
        "CREATE INDEX legs_by_account ON legs (account_id, status)",

        "CREATE TABLE transactions ("
        " id text COLLATE \"C\" PRIMARY KEY,"
        " idempotency_key text COLLATE \"C\" UNIQUE,"
        " kind text COLLATE \"C\" NOT NULL CHECK (kind IN ('transfer','compensation')),"
        " compensates text COLLATE \"C\","
        " compensated_by text COLLATE \"C\","
        " source text COLLATE \"C\" NOT NULL,"
        " destination text COLLATE \"C\" NOT NULL,"
        " amount int8 NOT NULL CHECK (amount > 0),"
        " memo text NOT NULL DEFAULT '',"
        " state text COLLATE \"C\" NOT NULL CHECK (state IN ('initial','pending','applied','done','canceling','canceled')),"
        " created_at timestamptz NOT NULL,"
        " last_modified timestamptz NOT NULL,"
        " owner text NOT NULL DEFAULT '',"
        " lease_until timestamptz,"
        " epoch int8 NOT NULL DEFAULT 0,"
        " last_error text NOT NULL DEFAULT '',"
        " attempts int NOT NULL DEFAULT 0,"
        " write_token text NOT NULL DEFAULT '')",
        "CREATE INDEX tx_by_state_created ON transactions (state, created_at)",
        "CREATE INDEX tx_by_state_modified ON transactions (state, last_modified)",
        "CREATE INDEX tx_by_created ON transactions (created_at)",
        "CREATE INDEX tx_by_source ON transactions (source, created_at)",
        "CREATE INDEX tx_by_destination ON transactions (destination, created_at)",
        "CREATE INDEX tx_by_compensates ON transactions (compensates) WHERE compensates IS NOT NULL",
        "CREATE INDEX tx_by_kind ON transactions (kind, created_at)",

        "CREATE TABLE journal ("
        " seq int8 GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
        " doc_kind text NOT NULL CHECK (doc_kind IN ('tx','account')),"
        " doc_id text COLLATE \"C\" NOT NULL,"
        " at timestamptz NOT NULL,"
        " actor text NOT NULL DEFAULT '',"
        " worker text NOT NULL DEFAULT '',"
        " event text NOT NULL,"
        " from_state text NOT NULL DEFAULT '',"
        " to_state text NOT NULL DEFAULT '',"
        " epoch int8 NOT NULL DEFAULT 0,"
        " detail text NOT NULL DEFAULT '',"
        " finish_seq int8)",
        "CREATE INDEX journal_by_doc ON journal (doc_kind, doc_id, seq)",
        // The change feed's order. Identity values are handed out before commit, and concurrent
        // writers commit them out of order; a transaction's finish instead takes the next value
        // of this one-row counter under its row lock, held until the write commits, so finishes
        // become visible exactly in finish_seq order (see finishedAfter).
        "CREATE TABLE feed_counter (n int8 NOT NULL)",
        "INSERT INTO feed_counter VALUES (0)",
        "CREATE UNIQUE INDEX journal_by_finish ON journal (finish_seq) WHERE finish_seq IS NOT NULL",
        "CREATE INDEX journal_by_event ON journal (event, seq)",

        // Every committed write is announced on the channel (NOTIFY is delivered at commit and
        // only then), and moves the change counter that changeMarker() reads. (Since schema 4
        // the connection's doorbell does both, after the write's commit.)
        "CREATE SEQUENCE change_counter",
        "CREATE FUNCTION ledger_announce() RETURNS trigger LANGUAGE plpgsql AS $$"
        " BEGIN PERFORM nextval('change_counter'); PERFORM pg_notify('ledgerdesk', TG_TABLE_NAME); RETURN NULL; END $$",
        "CREATE TRIGGER accounts_announce AFTER INSERT OR UPDATE OR DELETE ON accounts"
        " FOR EACH STATEMENT EXECUTE FUNCTION ledger_announce()",
        "CREATE TRIGGER legs_announce AFTER INSERT OR UPDATE OR DELETE ON legs"
        " FOR EACH STATEMENT EXECUTE FUNCTION ledger_announce()",
        "CREATE TRIGGER transactions_announce AFTER INSERT OR UPDATE OR DELETE ON transactions"
        " FOR EACH STATEMENT EXECUTE FUNCTION ledger_announce()",
        nullptr,
    },
    // 1 → 2: a leg write (hold, post, void) in one round trip. The client used to lock the
    // account, read the marker, decide and write in five (BEGIN … COMMIT); the function does the
    // same inside the server, in the statement's own transaction, and answers with the documents
    // as it found them, so that the client checks every verdict against store/documentrules.cpp —
    // the one source of the rules and their words (PgStore::legWrite; a disagreement is an
    // internal error, never a silent difference). Overflow is checked in numeric, as the rules
    // check it in int64 without wrapping.
    {
        // ledger_now() as SQL could not be inlined (it wraps the volatile clock_timestamp()), so
        // the server parsed and planned its body again on every call — a third of its CPU in a
        // transfer. PL/pgSQL keeps the plan for the session. Same value, same clock.
        "CREATE OR REPLACE FUNCTION ledger_now() RETURNS timestamptz LANGUAGE plpgsql STABLE"
        " AS $$ BEGIN RETURN date_trunc('milliseconds', clock_timestamp()); END $$",
        "CREATE FUNCTION ledger_leg_write(p_op text, p_tx text, p_account text, p_side text, p_amount int8, p_token text)"
        " RETURNS TABLE (verdict text, d_balance int8, d_pending_debits int8, d_pending_credits int8,"
        " a_id text, a_name text, a_status text, a_balance int8, a_pending_debits int8, a_pending_credits int8, a_version int8,"
        " a_created int8, a_modified int8, a_token text,"
        " m_tx text, m_account text, m_side text, m_amount int8, m_status text, m_at int8, m_token text, m_balance_after int8)"
        " LANGUAGE plpgsql AS $$"
        " DECLARE"
        "  a accounts%ROWTYPE; m legs%ROWTYPE; a_found bool; m_found bool;"
        "  lo constant numeric := -9223372036854775808; hi constant numeric := 9223372036854775807;"
        "  v text; new_status text; db int8 := 0; dpd int8 := 0; dpc int8 := 0; n numeric; side text; amount int8;"
        " BEGIN"
        "  SELECT * INTO a FROM accounts WHERE id = p_account FOR UPDATE; a_found := FOUND;"
        "  SELECT * INTO m FROM legs WHERE tx_id = p_tx AND account_id = p_account; m_found := FOUND;"
        "  IF p_op = 'hold' THEN"
        "   new_status := 'held';"
        "   IF m_found THEN v := 'answer';"
        "   ELSIF NOT a_found OR a.status <> 'open' THEN v := 'refuse';"
        "   ELSIF p_side = 'debit' THEN"
        "    n := a.balance::numeric - a.pending_debits;"
        "    IF n < lo OR n > hi OR n - p_amount < lo OR n - p_amount > hi OR a.pending_debits::numeric + p_amount > hi THEN v := 'refuse';"
        "    ELSIF p_account <> '@world' AND n - p_amount < 0 THEN v := 'refuse';"
        "    ELSE v := 'write'; dpd := p_amount; END IF;"
        "   ELSE"
        "    n := a.pending_credits::numeric + p_amount;"
        "    IF n > hi OR a.balance::numeric + n > hi OR a.balance::numeric + n < lo THEN v := 'refuse';"
        "    ELSE v := 'write'; dpc := p_amount; END IF;"
        "   END IF;"
        "  ELSIF p_op = 'post' THEN"
        "   new_status := 'posted';"
        "   IF NOT m_found THEN v := 'refuse';"
        "   ELSIF m.status = 'posted' THEN v := 'answer';"
        "   ELSIF m.status = 'voided' OR NOT a_found THEN v := 'refuse';"
        "   ELSIF m.side = 'debit' AND a.balance::numeric - m.amount < lo THEN v := 'refuse';"
        "   ELSIF m.side = 'credit' AND a.balance::numeric + m.amount > hi THEN v := 'refuse';"
        "   ELSIF m.side = 'debit' THEN v := 'write'; db := -m.amount; dpd := -m.amount;"
        "   ELSE v := 'write'; db := m.amount; dpc := -m.amount; END IF;"
        "  ELSIF p_op = 'void' THEN"
        "   new_status := 'voided';"
        "   IF NOT m_found THEN v := 'write';"
        "   ELSIF m.status = 'voided' THEN v := 'answer';"
        "   ELSIF m.status = 'posted' THEN v := 'refuse';"
        "   ELSIF m.side = 'debit' THEN v := 'write'; dpd := -m.amount;"
        "   ELSE v := 'write'; dpc := -m.amount; END IF;"
        "  ELSE RAISE EXCEPTION 'ledger_leg_write: unknown operation %', p_op;"
        "  END IF;"
        "  IF v = 'write' THEN"
        "   IF m_found THEN"
        "    UPDATE legs SET status = new_status, at = ledger_now(), write_token = p_token,"
        "     balance_after = CASE WHEN new_status = 'posted' THEN a.balance + db END"
        "     WHERE tx_id = p_tx AND account_id = p_account;"
        "   ELSE"
        "    INSERT INTO legs (tx_id, account_id, side, amount, status, at, write_token)"
        "     VALUES (p_tx, p_account, p_side, p_amount, new_status, ledger_now(), p_token);"
        "   END IF;"
        "   IF db <> 0 OR dpd <> 0 OR dpc <> 0 THEN"
        "    UPDATE accounts SET balance = balance + db, pending_debits = pending_debits + dpd,"
        "     pending_credits = pending_credits + dpc, version = version + 1, last_modified = ledger_now(), write_token = p_token"
        "     WHERE id = p_account;"
        "   END IF;"
        "  END IF;"
        // The answer row by assignment (no query run for it).
        "  verdict := v; d_balance := db; d_pending_debits := dpd; d_pending_credits := dpc;"
        "  IF a_found THEN"
        "   a_id := a.id; a_name := a.name; a_status := a.status; a_balance := a.balance; a_pending_debits := a.pending_debits;"
        "   a_pending_credits := a.pending_credits; a_version := a.version; a_created := ledger_ms(a.created_at);"
        "   a_modified := ledger_ms(a.last_modified); a_token := a.write_token;"
        "  END IF;"
        "  IF m_found THEN"
        "   m_tx := m.tx_id; m_account := m.account_id; m_side := m.side; m_amount := m.amount; m_status := m.status;"
        "   m_at := ledger_ms(m.at); m_token := m.write_token; m_balance_after := m.balance_after;"
        "  END IF;"
        "  RETURN NEXT;"
        " END $$",
        // One announcement per write, not one per table it touches: notifications with the same
        // payload in one transaction are folded into one by the server (nobody reads the payload).
        "CREATE OR REPLACE FUNCTION ledger_announce() RETURNS trigger LANGUAGE plpgsql AS $$"
        " BEGIN PERFORM nextval('change_counter'); PERFORM pg_notify('ledgerdesk', ''); RETURN NULL; END $$",
        nullptr,
    },
    // 2 → 3: transactions with more than two legs, as in SQLite's schema 4: `legs` (null for a
    // two-account transfer, so existing documents need no rewrite) and `tx_accounts`, written
    // with the document, so "transactions of account X" stays an index read.
    {
        "ALTER TABLE transactions ADD COLUMN legs text",
        "CREATE TABLE tx_accounts ("
        " account_id text COLLATE \"C\" NOT NULL,"
        " tx_id text COLLATE \"C\" NOT NULL,"
        " PRIMARY KEY (account_id, tx_id))",
        // As in SQLite's schema 4: recently posted markers of an account by index.
        "DROP INDEX legs_by_account",
        "CREATE INDEX legs_by_account ON legs (account_id, status, at)",
        nullptr,
    },
    // 3 → 4: writes are announced by the connection's doorbell after their commit
    // (pgconnection.cpp), no longer by triggers inside them: a NOTIFY in the write made every
    // commit of the database wait for the one before it to reach the disk. Older builds refuse
    // a schema-4 store (store-too-new), so no writer is left that relies on the triggers.
    {
        "DROP TRIGGER accounts_announce ON accounts",
        "DROP TRIGGER legs_announce ON legs",
        "DROP TRIGGER transactions_announce ON transactions",
        "DROP FUNCTION ledger_announce()",
        nullptr,
    },
    // 4 → 5: the request a journal row answers (JournalEntry::request: a client's idempotency key
    // through ledgerd), as in SQLite's schema 6. NULL for the rows before and for every row no
    // client request wrote. Adding a nullable column rewrites nothing.
    {
        "ALTER TABLE journal ADD COLUMN request text",
        nullptr,
    },
    // 5 → 6: four eyes (store/approvalbook.h), as in SQLite's schema 7: approval requests, each its
    // own document, moved by compare-and-set on `version`; write_token tells an unanswered
    // commit's outcome, as in every table. Listed newest first, all or by state.
    {
        "CREATE TABLE approvals ("
        " id text COLLATE \"C\" PRIMARY KEY,"
        " version int8 NOT NULL,"
        " state text COLLATE \"C\" NOT NULL,"
        " requested_at timestamptz NOT NULL,"
        " doc_kind text NOT NULL,"
        " doc_id text COLLATE \"C\" NOT NULL,"
        " write_token text NOT NULL DEFAULT '',"
        " body text NOT NULL)",
        "CREATE INDEX approvals_listed ON approvals (requested_at DESC, id DESC)",
        "CREATE INDEX approvals_by_state ON approvals (state, requested_at DESC, id DESC)",
        nullptr,
    },
};
constexpr int kMigrationCount = int(std::size(kMigrations));
static_assert(kMigrationCount == PgConnection::kSchemaVersion, "one migration per schema version");

constexpr char kFormat[] = "ledgerdesk";

} // namespace

Error PgConnection::createSchema(int fromVersion, int scale)
{
    for (int v = fromVersion; v < kMigrationCount; ++v) {
        for (const char *const *sql = kMigrations[v]; *sql; ++sql) {
            auto done = runDynamic(QString::fromUtf8(*sql));
            if (!done.ok())
                return done.error();
        }
    }
    if (fromVersion == 0) {
        auto meta = run("INSERT INTO meta (key, value) VALUES ('format', $1), ('scale', $2), ('created_at', ledger_ms(ledger_now())::text),"
                        " ('init_token', $3)",
                        PgParams{QString::fromLatin1(kFormat), QString::number(scale), m_initToken});
        if (!meta.ok())
            return meta.error();
        if (Error e = recordShardIdentity(); !e.ok())
            return e;
        if (!m_options.shard || m_options.shard->holdsWorld) {
            auto world = run("INSERT INTO accounts (id, name, status, created_at, last_modified) VALUES ($1, 'World (money enters and"
                             " leaves here)', 'open', ledger_now(), ledger_now())",
                             PgParams{kWorldAccount});
            if (!world.ok())
                return world.error();
        }
    }
    auto version = run("INSERT INTO meta (key, value) VALUES ('schema_version', $1)"
                       " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                       PgParams{QString::number(kMigrationCount)});
    return version.ok() ? Error{} : version.error();
}

Error PgConnection::checkAndMigrate(Mode mode, int scaleForCreate)
{
    // One migrator at a time per database (the lock ends with the transaction).
    const auto work = [&]() -> Result<bool> {
        if (auto lock = run("SELECT pg_advisory_xact_lock(4918262)"); !lock.ok())
            return lock.error();
        auto hasMeta = run("SELECT to_regclass('meta') IS NOT NULL, to_regclass('accounts') IS NOT NULL");
        if (!hasMeta.ok())
            return hasMeta.error();
        const bool meta = hasMeta->flag(0, 0);
        const bool accounts = hasMeta->flag(0, 1);
        if (mode == Mode::Create) {
            if (meta) {
                // Our own create, whose commit's answer was lost: done.
                auto mine = run("SELECT value FROM meta WHERE key = 'init_token'");
                if (mine.ok() && !mine->isEmpty() && mine->text(0, 0) == m_initToken) {
                    auto scale = run("SELECT value FROM meta WHERE key = 'scale'");
                    m_scale = scale.ok() && !scale->isEmpty() ? scale->text(0, 0).toInt() : scaleForCreate;
                    return true;
                }
            }
            if (meta || accounts)
                return makeError(ErrorCode::StoreExists,
                                 Message::translate("ledger", "%1 already holds %2; refusing to overwrite it")
                                     .arg(Message(m_location), meta ? Message::translate("ledger", "a store")
                                                                    : Message::translate("ledger", "a table named accounts")));
            if (Error e = createSchema(0, scaleForCreate); !e.ok())
                return e;
            m_scale = scaleForCreate;
            return true;
        }
        if (!meta)
            return makeError(
                ErrorCode::StoreNotLedger,
                Message::translate("ledger", "%1 holds no LedgerDesk store; create one with 'ledgerctl init --store %1'").arg(m_location));
        auto rows = run("SELECT key, value FROM meta");
        if (!rows.ok())
            return rows.error();
        QMap<QString, QString> values;
        for (int i = 0; i < rows->size(); ++i)
            values.insert(rows->text(i, 0), rows->text(i, 1));
        if (values.value(QStringLiteral("format")) != QLatin1String(kFormat))
            return makeError(ErrorCode::StoreNotLedger,
                             Message::translate("ledger", "%1 has a table named meta, but it is not a LedgerDesk store").arg(m_location));
        bool versionOk = false;
        const int version = values.value(QStringLiteral("schema_version")).toInt(&versionOk);
        if (!versionOk || version < 1)
            return makeError(ErrorCode::StoreCorrupt,
                             Message::translate("ledger", "%1 has no valid schema version in its meta table").arg(m_location));
        if (version > kSchemaVersion)
            return makeError(ErrorCode::StoreTooNew,
                             Message::translate("ledger", "%1 was written by a newer LedgerDesk (schema %2; this one knows up to %3)")
                                 .arg(m_location)
                                 .arg(version)
                                 .arg(kSchemaVersion));
        bool scaleOk = false;
        m_scale = values.value(QStringLiteral("scale")).toInt(&scaleOk);
        if (!scaleOk || !money::isValidScale(m_scale))
            return makeError(ErrorCode::StoreCorrupt,
                             Message::translate("ledger", "%1 has no valid scale in its meta table").arg(m_location));
        if (Error e = ledger::checkShardIdentity(values, m_options.shard ? &*m_options.shard : nullptr, m_location,
                                                 values.value(QStringLiteral("topology")));
            !e.ok())
            return e;
        if (version < kSchemaVersion) {
            if (Error e = createSchema(version, m_scale); !e.ok())
                return e;
        }
        return true;
    };
    auto done = inTransaction<bool>(work);
    return done.ok() ? Error{} : done.error();
}

Error PgConnection::recordShardIdentity()
{
    if (!m_options.shard)
        return {};
    const QMap<QString, QString> rows = m_options.shard->metaRows();
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        auto row = run("INSERT INTO meta (key, value) VALUES ($1, $2)", PgParams{it.key(), it.value()});
        if (!row.ok())
            return row.error();
    }
    return {};
}

} // namespace ledger
