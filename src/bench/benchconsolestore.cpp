// The console scenario's store: a million transaction documents written by SQL in one
// statement. A fixture, not the protocol (the protocol would take minutes to make them): the
// console's list reads only the transaction documents, so they alone are made — mostly done,
// every 53rd canceled, every 97th still pending, one second apart, among 1,000 accounts.
#include "bench/benchmark.h"

#include "store/sqlite/sqlitestore.h"

namespace ledger::bench {

Error fillForConsole(const ScratchStore &scratch, qint64 rows)
{
    if (scratch.shards() > 0)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the console scenario measures a one-file store; leave out --shards"));
    auto store = SqliteStore::open(scratch.config().location, SqliteOptions{scratch.config().busyTimeoutMs, scratch.durability()});
    if (!store.ok())
        return store.error();
    SqliteConnection &conn = (*store)->connection();
    auto filled = conn.write<bool>([&]() -> Result<bool> {
        auto accounts = conn.runDynamic(QStringLiteral(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999) "
            "INSERT INTO accounts (id, name, status, created_at, last_modified) "
            "SELECT printf('acct-%04d', i), 'console bench', 'open', strftime('%Y-%m-%dT%H:%M:%fZ','now'), "
            "strftime('%Y-%m-%dT%H:%M:%fZ','now') FROM n"), {});
        if (!accounts.ok())
            return accounts.error();
        auto txs = conn.runDynamic(QStringLiteral(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
            "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, last_modified, owner, epoch, attempts) "
            "SELECT printf('tx-console-%08d', i), 'transfer', printf('acct-%04d', i % 1000), printf('acct-%04d', (i * 7 + 3) % 1000), "
            "100 + (i % 9973), '', CASE WHEN i % 97 = 0 THEN 'pending' WHEN i % 53 = 0 THEN 'canceled' ELSE 'done' END, "
            "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (? - i) || ' seconds'), "
            "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (? - i) || ' seconds'), 'bench', 1, 1 FROM n"),
                                   {rows, rows, rows});
        if (!txs.ok())
            return txs.error();
        return true;
    });
    return filled.ok() ? Error{} : filled.error();
}

} // namespace ledger::bench
