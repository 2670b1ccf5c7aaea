// SqliteConnection: the versioned schema (DESIGN.md, section 1) and its migrations, run in one
// write transaction when a store is created or an older one is opened.
#include "ledger/identifiers.h"
#include "store/sqlite/sqliteconnection.h"

namespace ledger {

namespace {

constexpr char kTimestampSql[] = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

// Each entry migrates the schema from version i to i + 1, inside the caller's transaction.
const char *const kMigrations[][16] = {
    // 0 → 1: the documents of DESIGN.md §1.
    {
        "CREATE TABLE meta ("
        " key TEXT PRIMARY KEY,"
        " value TEXT NOT NULL)",

        "CREATE TABLE accounts ("
        " id TEXT PRIMARY KEY,"
        " name TEXT NOT NULL DEFAULT '',"
        " status TEXT NOT NULL CHECK (status IN ('open','frozen','closed')),"
        " balance INTEGER NOT NULL DEFAULT 0,"
        " pending_debits INTEGER NOT NULL DEFAULT 0 CHECK (pending_debits >= 0),"
        " pending_credits INTEGER NOT NULL DEFAULT 0 CHECK (pending_credits >= 0),"
        " version INTEGER NOT NULL DEFAULT 1,"
        " created_at TEXT NOT NULL,"
        " last_modified TEXT NOT NULL)",

        // No foreign key to accounts: a void writes a tombstone even for an account that does
        // not exist (yet), so that a late hold can never land there.
        "CREATE TABLE legs ("
        " tx_id TEXT NOT NULL,"
        " account_id TEXT NOT NULL,"
        " side TEXT NOT NULL CHECK (side IN ('debit','credit')),"
        " amount INTEGER NOT NULL CHECK (amount > 0),"
        " status TEXT NOT NULL CHECK (status IN ('held','posted','voided')),"
        " at TEXT NOT NULL,"
        " PRIMARY KEY (tx_id, account_id)) WITHOUT ROWID",
        "CREATE INDEX legs_by_account ON legs (account_id, status)",

        "CREATE TABLE transactions ("
        " id TEXT PRIMARY KEY,"
        " idempotency_key TEXT UNIQUE,"
        " kind TEXT NOT NULL CHECK (kind IN ('transfer','compensation')),"
        " compensates TEXT,"
        " compensated_by TEXT,"
        " source TEXT NOT NULL,"
        " destination TEXT NOT NULL,"
        " amount INTEGER NOT NULL CHECK (amount > 0),"
        " memo TEXT NOT NULL DEFAULT '',"
        " state TEXT NOT NULL CHECK (state IN ('initial','pending','applied','done','canceling','canceled')),"
        " created_at TEXT NOT NULL,"
        " last_modified TEXT NOT NULL,"
        " owner TEXT NOT NULL DEFAULT '',"
        " lease_until TEXT,"
        " epoch INTEGER NOT NULL DEFAULT 0,"
        " last_error TEXT NOT NULL DEFAULT '',"
        " attempts INTEGER NOT NULL DEFAULT 0)",
        // "By state, oldest first" (lists and the stuck scan) and "by account".
        "CREATE INDEX tx_by_state_created ON transactions (state, created_at)",
        "CREATE INDEX tx_by_state_modified ON transactions (state, last_modified)",
        "CREATE INDEX tx_by_created ON transactions (created_at)",
        "CREATE INDEX tx_by_source ON transactions (source, created_at)",
        "CREATE INDEX tx_by_destination ON transactions (destination, created_at)",
        "CREATE INDEX tx_by_compensates ON transactions (compensates) WHERE compensates IS NOT NULL",

        "CREATE TABLE journal ("
        " seq INTEGER PRIMARY KEY AUTOINCREMENT,"
        " doc_kind TEXT NOT NULL CHECK (doc_kind IN ('tx','account')),"
        " doc_id TEXT NOT NULL,"
        " at TEXT NOT NULL,"
        " actor TEXT NOT NULL DEFAULT '',"
        " worker TEXT NOT NULL DEFAULT '',"
        " event TEXT NOT NULL,"
        " from_state TEXT NOT NULL DEFAULT '',"
        " to_state TEXT NOT NULL DEFAULT '',"
        " epoch INTEGER NOT NULL DEFAULT 0,"
        " detail TEXT NOT NULL DEFAULT '')",
        "CREATE INDEX journal_by_doc ON journal (doc_kind, doc_id, seq)",
        nullptr,
    },
    // 1 → 2: the console's operator-actions view (journal by event) and Compensations view
    // (transactions by kind) read through indexes rather than scanning.
    {
        "CREATE INDEX journal_by_event ON journal (event, seq)",
        "CREATE INDEX tx_by_kind ON transactions (kind, created_at)",
        nullptr,
    },
    // 2 → 3: the change feed reports each posted leg's resulting balance, recorded by the post.
    {
        "ALTER TABLE legs ADD COLUMN balance_after INTEGER",
        nullptr,
    },
    // 3 → 4: transactions with more than two legs. `legs` holds their stored form (ledger/legs.h)
    // and stays null for a two-account transfer, whose legs are source, destination and amount,
    // so existing documents need no rewrite. `tx_accounts` names every account of a many-legged
    // transaction, written with the document, so "transactions of account X" stays an index read.
    {
        "ALTER TABLE transactions ADD COLUMN legs TEXT",
        "CREATE TABLE tx_accounts ("
        " account_id TEXT NOT NULL,"
        " tx_id TEXT NOT NULL,"
        " PRIMARY KEY (account_id, tx_id)) WITHOUT ROWID",
        // The whole-balance reading asks each recently written account for its recently posted
        // markers; `at` in the index answers that without reading the account's history. A post
        // changes status and at together, so the wider index costs no extra write.
        "DROP INDEX legs_by_account",
        "CREATE INDEX legs_by_account ON legs (account_id, status, at)",
        nullptr,
    },
    // 4 → 5: fewer pages per write (bench transfers' pagesPerWrite, docs/performance.md). The journal without
    // AUTOINCREMENT: each row's insert also rewrote its counter in sqlite_sequence (a page per
    // transaction write); rows are never deleted, so max(seq) + 1 is the same sequence. The
    // compensations' index only on compensations (transfers, nearly every row, no longer write
    // it; the Compensations view asks for kind = 'compensation' literally, sqlfilters.cpp). And
    // "by state, last changed" only for done: every state change moved each transaction's entry
    // in (state, last_modified) and in (state, created_at), two pages each; the unfinished states
    // are few rows, found by (state, created_at) and filtered, and done's recent changes (the
    // whole-balance reading) and its list by last change read the partial index (asked for
    // state = 'done' literally; `state` leads it so that SQLite's planner, which favours an
    // equality, prefers it to (state, created_at)). A transfer writes it once, when done.
    {
        "CREATE TABLE journal_5 ("
        " seq INTEGER PRIMARY KEY,"
        " doc_kind TEXT NOT NULL CHECK (doc_kind IN ('tx','account')),"
        " doc_id TEXT NOT NULL,"
        " at TEXT NOT NULL,"
        " actor TEXT NOT NULL DEFAULT '',"
        " worker TEXT NOT NULL DEFAULT '',"
        " event TEXT NOT NULL,"
        " from_state TEXT NOT NULL DEFAULT '',"
        " to_state TEXT NOT NULL DEFAULT '',"
        " epoch INTEGER NOT NULL DEFAULT 0,"
        " detail TEXT NOT NULL DEFAULT '')",
        "INSERT INTO journal_5 (seq, doc_kind, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail)"
        " SELECT seq, doc_kind, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail FROM journal ORDER BY seq",
        "DROP TABLE journal",
        "ALTER TABLE journal_5 RENAME TO journal",
        "DELETE FROM sqlite_sequence WHERE name IN ('journal', 'journal_5')",
        "CREATE INDEX journal_by_doc ON journal (doc_kind, doc_id, seq)",
        "CREATE INDEX journal_by_event ON journal (event, seq)",
        "DROP INDEX tx_by_kind",
        "CREATE INDEX tx_by_kind ON transactions (kind, created_at) WHERE kind = 'compensation'",
        "DROP INDEX tx_by_state_modified",
        "CREATE INDEX tx_done_by_modified ON transactions (state, last_modified, id) WHERE state = 'done'",
        nullptr,
    },
    // 5 → 6: the request a journal row answers (JournalEntry::request: a client's idempotency key
    // through ledgerd), so that a write sent again after a lost answer finds its first sending.
    // NULL for every row before, and for every row no client request wrote.
    {
        "ALTER TABLE journal ADD COLUMN request TEXT",
        nullptr,
    },
    // 6 → 7: four eyes (store/approvalbook.h): approval requests, each its own document, moved by
    // compare-and-set on `version`; the columns it is listed by beside its JSON body
    // (ledger/approvals.h). Listed newest first, all or by state.
    {
        "CREATE TABLE approvals ("
        " id TEXT PRIMARY KEY,"
        " version INTEGER NOT NULL,"
        " state TEXT NOT NULL,"
        " requested_at TEXT NOT NULL,"
        " doc_kind TEXT NOT NULL,"
        " doc_id TEXT NOT NULL,"
        " write_token TEXT NOT NULL DEFAULT '',"
        " body TEXT NOT NULL)",
        "CREATE INDEX approvals_listed ON approvals (requested_at DESC, id DESC)",
        "CREATE INDEX approvals_by_state ON approvals (state, requested_at DESC, id DESC)",
        nullptr,
    },
};
constexpr int kMigrationCount = int(std::size(kMigrations));
static_assert(kMigrationCount == SqliteConnection::kSchemaVersion, "one migration per schema version");

} // namespace

Error SqliteConnection::createSchema(int fromVersion, int scale)
{
    auto done = writeAlone<bool>([&]() -> Result<bool> {
        // Re-read inside the write lock: another process may have migrated (or initialised) the
        // file while we waited.
        auto current = firstRow(run("PRAGMA user_version"), [](const SqliteStatement &q) { return q.int32(0); });
        if (!current.ok())
            return current.error();
        const int version = current->value_or(0);
        if (version != fromVersion) {
            if (fromVersion == 0)
                return makeError(ErrorCode::StoreExists,
                                 Message::translate("ledger", "%1 was initialised by someone else meanwhile").arg(m_path));
            return true;
        }
        for (int v = fromVersion; v < kSchemaVersion; ++v) {
            for (const char *const *sql = kMigrations[v]; *sql; ++sql) {
                auto r = runDynamic(QString::fromLatin1(*sql));
                if (!r.ok())
                    return r.error();
            }
        }
        if (fromVersion == 0) {
            const QString now = QString::fromLatin1(kTimestampSql);
            auto appId = runDynamic(QStringLiteral("PRAGMA application_id=%1").arg(kApplicationId));
            if (!appId.ok())
                return appId.error();
            auto meta = runDynamic(QStringLiteral("INSERT INTO meta (key, value) VALUES ('scale', ?), ('created_at', %1)").arg(now),
                                   {QString::number(scale)});
            if (!meta.ok())
                return meta.error();
            if (Error e = recordShardIdentity(); !e.ok())
                return e;
            if (!m_shard || m_shard->holdsWorld) {
                auto world = runDynamic(QStringLiteral("INSERT INTO accounts (id, name, status, created_at, last_modified) "
                                                       "VALUES (?, 'World (money enters and leaves here)', 'open', %1, %1)")
                                            .arg(now),
                                        {kWorldAccount});
                if (!world.ok())
                    return world.error();
            }
        }
        auto bump = runDynamic(QStringLiteral("PRAGMA user_version=%1").arg(kSchemaVersion));
        if (!bump.ok())
            return bump.error();
        return true;
    });
    return done.ok() ? Error{} : done.error();
}

} // namespace ledger
