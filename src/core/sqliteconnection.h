#pragma once
// One connection to one SQLite store file through Qt SQL: opening with clear errors for files
// that are missing, foreign, corrupt, read-only, too new or locked; the versioned schema and its
// migrations; a per-connection cache of prepared statements; and short write transactions.
//
// Threading: create, use and destroy on one thread (the static functions: any thread). Writers of the same file within one process
// queue on a shared gate before BEGIN IMMEDIATE, because SQLite's busy wait is unfair between
// writers (a waiting writer sleeps and can starve); other processes wait via busy_timeout.

#include "result.h"
#include "shardidentity.h"
#include "store.h"
#include "writetimes.h"

#include <QMutex>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>
#include <chrono>
#include <functional>
#include <optional>
#include <type_traits>
#include <memory>
#include <unordered_map>

namespace ledger {

struct SqliteOptions {
    int busyTimeoutMs = 5000;
    // PRAGMA synchronous: NORMAL for a single file, FULL for each file of a sharded store.
    Durability durability = Durability::Normal;
    // Open: the file must be exactly this shard (topology-mismatch otherwise); without it, a
    // shard file is refused (store-is-shard), so that no one writes to one shard behind the
    // others' back. Create: recorded in the meta table.
    std::optional<ShardIdentity> shard = std::nullopt;
    // WAL pages after which a checkpoint is due (sqliteconnection.cpp says why 8,000; tests
    // make it small).
    int checkpointPages = 8000;
};

class SqliteConnection {
    // Adds one write's gate wait and hold to this thread's WriteTimes (when profiling is on):
    // made before asking for the gate, told when it was taken, counts the hold when destroyed —
    // after the gate was released, since it is declared before the lock.
    class WriteTimer;

public:
    enum class Mode { OpenExisting, Create };

    // The schema version this build writes; newer stores are refused (store-too-new).
    static constexpr int kSchemaVersion = 3;
    // PRAGMA application_id of LedgerDesk stores ("LDGR").
    static constexpr qint32 kApplicationId = 0x4C444752;
    // What this process's connections to one file share (sqliteconnection.cpp).
    struct SharedFile;

    // Create: refuses (store-exists) when the file exists; writes the schema, the scale and
    // @world in one transaction, and removes the file again if anything fails.
    static Result<std::unique_ptr<SqliteConnection>> open(const QString &path, Mode mode, const SqliteOptions &options,
                                                          int scaleForCreate = 2);
    // Runs `peek`, which may open and close the file at `path`, unless a connection of this
    // process has that file open (it is an SQLite store then, and `peek` is not run); returns
    // whether it ran. Serialised with this process's opens and closes of the file: closing any
    // descriptor of a file drops the process's POSIX locks on it, SQLite's included.
    static bool peekUnlessOpen(const QString &path, const std::function<void()> &peek);

    ~SqliteConnection();
    SqliteConnection(const SqliteConnection &) = delete;
    SqliteConnection &operator=(const SqliteConnection &) = delete;

    const QString &path() const { return m_path; }
    int scale() const { return m_scale; }
    Durability durability() const { return m_durability; }

    // A prepared statement for `sql`, prepared once per connection. `sql` must be a string
    // literal (the cache is keyed by its address). Binds are positional.
    Result<QSqlQuery *> run(const char *sql, const QVariantList &binds = {});
    // An ad-hoc statement (dynamic SQL, e.g. list filters), prepared every time.
    Result<std::unique_ptr<QSqlQuery>> runDynamic(const QString &sql, const QVariantList &binds);

    // Runs `body` inside BEGIN IMMEDIATE … COMMIT. When `body` returns an error, or the commit
    // fails, everything is rolled back and the error returned: nothing is half-written.
    template <typename T, typename Body>
    Result<T> write(Body &&body);

    // After a loop over next(): a read that ended because of an error (a damaged page met in
    // the middle of a scan) rather than at the last row.
    Error endOfRows(const QSqlQuery &query) const;

    // The rows of a query just run (by run() or runDynamic()), each turned into a value by
    // `read(const QSqlQuery &)`: the first one, all of them, or each handed to `visit`. A query
    // that failed, or an error met between rows, comes back as the error.
    template <typename Query, typename Read>
    auto firstRow(Result<Query> query, Read read) -> Result<std::optional<std::invoke_result_t<Read, const QSqlQuery &>>>;
    template <typename Query, typename Read>
    auto allRows(Result<Query> query, Read read) -> Result<QList<std::invoke_result_t<Read, const QSqlQuery &>>>;
    template <typename Query, typename Read, typename Visit>
    Error visitRows(Result<Query> query, Read read, Visit visit, const std::function<bool()> &shouldStop = {});

    // Runs `work` inside one read transaction, so that every read in it sees the same snapshot
    // of the file while writers carry on (WAL). `work` must not write.
    Error readSnapshot(const std::function<Error()> &work);

    // The store clock as text (ISO 8601 UTC, ms), plus `now + offsetMs` in the same reading.
    struct Clock {
        QString now;
        QString shifted;
    };
    Result<Clock> clock(qint64 offsetMs = 0);

    // Maps a Qt SQL error to a LedgerDesk error with a message naming the store and `context`.
    Error storeError(const QSqlError &error, const QString &context) const;

private:
    explicit SqliteConnection(const QString &path, const QString &connectionName);
    QMutex *writeGate();
    // The cached prepared statement for `sql` (a string literal), not yet run.
    Result<QSqlQuery *> prepared(const char *sql);
    // Runs a prepared statement that returns no rows (BEGIN, COMMIT); errors name `context`.
    Error runControl(const char *sql, const QString &context);
    Error begin();
    void rollback();
    Error commit();
    Error checkAndMigrate(Mode mode, int scaleForCreate);
    // sqliteconnection_shard.cpp: inside the create transaction; on open, before migrating.
    Error recordShardIdentity();
    Error checkShardIdentity();
    Error createSchema(int fromVersion, int scale);

    QString m_path;
    QString m_connectionName;
    QSqlDatabase m_db;
    int m_checkpointPages = 8000;
    SharedFile *m_shared = nullptr; // set once SQLite opened the file
    bool m_counted = false;         // counted in m_shared->connections (open() succeeded)
    // unordered_map of unique_ptr: run() hands out pointers that must survive later inserts.
    std::unordered_map<const char *, std::unique_ptr<QSqlQuery>> m_prepared;
    int m_scale = 2;
    Durability m_durability = Durability::Normal;
    std::optional<ShardIdentity> m_shard;
};

template <typename Query, typename Read, typename Visit>
Error SqliteConnection::visitRows(Result<Query> query, Read read, Visit visit, const std::function<bool()> &shouldStop)
{
    if (!query.ok())
        return query.error();
    QSqlQuery &q = **query;
    for (quint64 n = 1; q.next(); ++n) {
        visit(read(q));
        if (shouldStop && n % 1024 == 0 && shouldStop())
            break;
    }
    const Error e = endOfRows(q);
    q.finish();
    return e;
}

template <typename Query, typename Read>
auto SqliteConnection::allRows(Result<Query> query, Read read) -> Result<QList<std::invoke_result_t<Read, const QSqlQuery &>>>
{
    QList<std::invoke_result_t<Read, const QSqlQuery &>> list;
    const Error e = visitRows(std::move(query), read, [&list](auto &&value) { list.append(std::move(value)); });
    if (!e.ok())
        return e;
    return list;
}

template <typename Query, typename Read>
auto SqliteConnection::firstRow(Result<Query> query, Read read) -> Result<std::optional<std::invoke_result_t<Read, const QSqlQuery &>>>
{
    if (!query.ok())
        return query.error();
    QSqlQuery &q = **query;
    std::optional<std::invoke_result_t<Read, const QSqlQuery &>> value;
    if (q.next())
        value = read(q);
    const Error e = endOfRows(q);
    q.finish();
    if (!e.ok())
        return e;
    return value;
}

class SqliteConnection::WriteTimer {
public:
    WriteTimer() : m_asked(std::chrono::steady_clock::now()) {}
    void gateTaken()
    {
        m_taken = std::chrono::steady_clock::now();
        m_takenCpuNs = threadCpuNs();
    }
    ~WriteTimer()
    {
        const auto released = std::chrono::steady_clock::now();
        WriteTimes &t = threadWriteTimes();
        t.writes += 1;
        t.gateWaitNs += std::chrono::duration_cast<std::chrono::nanoseconds>(m_taken - m_asked).count();
        t.heldNs += std::chrono::duration_cast<std::chrono::nanoseconds>(released - m_taken).count();
        t.heldCpuNs += threadCpuNs() - m_takenCpuNs;
    }

private:
    std::chrono::steady_clock::time_point m_asked;
    std::chrono::steady_clock::time_point m_taken;
    qint64 m_takenCpuNs = 0;
};

template <typename T, typename Body>
Result<T> SqliteConnection::write(Body &&body)
{
    std::optional<WriteTimer> timer;
    if (writeProfiling())
        timer.emplace();
    QMutexLocker lock(writeGate());
    if (timer)
        timer->gateTaken();
    if (Error e = begin(); !e.ok())
        return e;
    Result<T> r = body();
    if (!r.ok()) {
        rollback();
        return r;
    }
    // SQLite's automatic checkpoint, when due, runs inside this commit: under the gate, never
    // beside another writer of this process (see checkAndMigrate).
    if (Error e = commit(); !e.ok()) {
        rollback();
        return e;
    }
    return r;
}

} // namespace ledger
