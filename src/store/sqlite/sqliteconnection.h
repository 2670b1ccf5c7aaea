#pragma once
// One connection to one SQLite store file through SQLite's C API (the SQLite built into
// LedgerDesk, third_party/sqlite): opening with clear errors for files that are missing, foreign,
// corrupt, read-only, too new or locked; the versioned schema and its migrations; a
// per-connection cache of prepared statements; short write transactions, each refused before its
// commit when the store's files were deleted or replaced under the connection.
//
// Threading: create, use and destroy on one thread (the static functions: any thread). The writes
// of every connection of this process to one file go through one queue and are committed in
// batches (group commit, sqliteconnection_batch.cpp): a waiting thread, when no batch runs, runs
// the queued writes, each in its own savepoint, on the file's batch connection, in one SQLite
// transaction. So a write's body may run on another thread and connection than its
// caller's (the caller waits meanwhile): it must do everything through the connection it is
// given. Other processes wait for the file's lock in a busy handler that polls in microseconds.

#include "ledger/result.h"
#include "store/shardidentity.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/store.h"
#include "store/writebatchqueue.h"
#include "store/writetimes.h"

#include <QMutex>
#include <chrono>
#include <functional>
#include <optional>
#include <type_traits>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ledger {

struct SqliteOptions {
    int busyTimeoutMs = 5000;
    // PRAGMA synchronous: NORMAL for a single file, FULL for each file of a sharded store.
    Durability durability = Durability::Normal;
    // Open: the file must be exactly this shard (topology-mismatch otherwise); without it, a
    // shard file is refused (store-is-shard), so that no one writes to one shard behind the
    // others' back. Create: recorded in the meta table.
    std::optional<ShardIdentity> shard = std::nullopt;
    // WAL pages after which a checkpoint is due (sqliteconnection_checkpoints.cpp says why
    // 8,000; tests make it small).
    int checkpointPages = 8000;
};

class SqliteConnection {
public:
    enum class Mode { OpenExisting, Create };

    // The schema version this build writes; newer stores are refused (store-too-new).
    static constexpr int kSchemaVersion = 7;
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
    // A bare connection to a file (read-write creates it), without any of open()'s checks, schema or settings:
    // for tests that damage or lock a store from underneath, through runDynamic() only.
    enum class RawAccess { ReadWrite, ReadOnly };
    static Result<std::unique_ptr<SqliteConnection>> openRaw(const QString &path, RawAccess access = RawAccess::ReadWrite);

    ~SqliteConnection();
    SqliteConnection(const SqliteConnection &) = delete;
    SqliteConnection &operator=(const SqliteConnection &) = delete;

    const QString &path() const { return m_path; }
    int scale() const { return m_scale; }
    Durability durability() const { return m_durability; }

    // Before a commit: the database file and its log are still the files of the store's name.
    // Another process that believed itself the last one (its locks seen as gone) may have
    // checkpointed and deleted the log, or someone replaced the file: a commit then lands in
    // a file nobody will read again. Refuses with store-corrupt.
    Error checkFilesInPlace();

    // Whether this store file's locks are open-file-description locks (else POSIX locks: the
    // kernel or the file system refused OFD locks).
    bool ofdLocks() const;

    // A prepared statement for `sql`, prepared once per connection, run with `binds`. `sql` must
    // be a string literal (the cache is keyed by its address). Binds are positional.
    Result<SqliteStatement *> run(const char *sql, std::initializer_list<SqlArg> binds = {});
    // An ad-hoc statement (dynamic SQL, e.g. list filters), prepared every time.
    Result<std::unique_ptr<SqliteStatement>> runDynamic(const QString &sql, std::initializer_list<SqlArg> binds = {});
    // The same with a bind list made at run time (list filters).
    Result<std::unique_ptr<SqliteStatement>> runDynamic(const QString &sql, const QList<SqlArg> &binds);

    // Runs `body(SqliteConnection &)` as one atomic write and returns what it returned, once the
    // transaction that carried it committed (at the store's durability). `body` may run on
    // another thread's connection, in a batch with other writes (see the top of this file);
    // when it returns an error, what it wrote is rolled back alone (its savepoint) and the error
    // returned; when the batch's commit fails, nothing of the batch is written and every write
    // in it gets that error. Nothing is ever half-written.
    template <typename T, typename Body> Result<T> write(Body &&body);

    // The same in two steps, so that one thread can have several writes in flight (the group
    // commit tests; write() is submit + wait): submit() queues `w`, which must stay alive until
    // wait(w) returned; wait() runs batches on this connection while none runs, and returns once
    // `w` was committed or refused: the body's own error, or the batch's (its commit failed).
    class PendingWrite;
    void submit(PendingWrite &w);
    Error wait(PendingWrite &w);
    // Called by the thread that runs a batch just before its COMMIT, with the batch's size (the
    // group commit kill test announces each batch before it can be on disk). Any thread sets
    // it, before any write; nullptr: none.
    static void setBeforeCommitHook(void (*hook)(int writes));

    // After a loop over next(): a read that ended because of an error (a damaged page met in
    // the middle of a scan) rather than at the last row.
    Error endOfRows(const SqliteStatement &query) const;

    // The rows of a query just run (by run() or runDynamic()), each turned into a value by
    // `read(const SqliteStatement &)`: the first one, all of them, or each handed to `visit`. A
    // query that failed, or an error met between rows, comes back as the error.
    // What a row reader gives: its value, or the value of its Result (an error ends the read).
    template <typename Read> using RowOf = typename ResultOf<std::invoke_result_t<Read, const SqliteStatement &>>::Value;
    template <typename Query, typename Read> auto firstRow(Result<Query> query, Read read) -> Result<std::optional<RowOf<Read>>>;
    template <typename Query, typename Read> auto allRows(Result<Query> query, Read read) -> Result<QList<RowOf<Read>>>;
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

    // Maps an SQLite result code (and its message) to a LedgerDesk error naming the store and
    // `context`.
    Error storeError(int resultCode, const QString &why, const QString &context) const;

    // Checkpoints run by this process's checkpointer thread of the file so far (for tests).
    static int checkpointsCompleted(const QString &path);

private:
    explicit SqliteConnection(const QString &path);
    QMutex *writeGate();
    // Which file a connection has open (device and inode of its name when it was opened): a
    // write goes into a batch only when the batch connection has that same file open — after the
    // store's file was replaced under the process, a reopened connection writes alone (runAlone)
    // and an old one is refused by the files-in-place check, never one into the other's file.
    struct FileId {
        quint64 device = 0;
        quint64 inode = 0;
        bool operator!=(const FileId &o) const { return device != o.device || inode != o.inode; }
    };
    static FileId fileIdentity(const QString &path);
    // The file's batch connection (SharedFile::writer), with `options`' per-connection settings.
    static Result<std::unique_ptr<SqliteConnection>> openWriter(const QString &path, const SqliteOptions &options, SharedFile &shared);
    // A write whose connection wants another durability than the file's batch connection (one
    // file opened both ways in one process), or has another file open (FileId): alone, on its own
    // connection.
    Error runAlone(PendingWrite &w);
    // sqliteconnection_batch.cpp: runs the writes at the head of the queue as one transaction,
    // on this connection: `taken` (the head of the queue) or the first of them, as many as the
    // byte cap lets in. Returns how many it ran and answered (at least one), in queue order.
    size_t runBatch(const std::vector<PendingWrite *> &taken);
    // `body` in a transaction of its own on this connection, outside the queue: creating and
    // migrating the schema, whose writes belong to the connection being opened (its shard).
    template <typename T, typename Body> Result<T> writeAlone(Body &&body);
    // The batch connection's turn-taking with other processes' writers (sqliteconnection_batch.cpp):
    // whether the batch about to start should first leave the file's lock free for a moment,
    // and, inside a batch, whether another connection wrote the file since this one last did.
    bool mayPauseForOtherProcesses();
    void noteOtherWriters();
    void noteOwnCommit();
    // Every prepared statement reset (before COMMIT, ROLLBACK, RELEASE).
    void finishStatements();
    static int busyHandler(void *connection, int attempts);
    // The cached prepared statement for `sql` (a string literal), not yet run.
    Result<SqliteStatement *> prepared(const char *sql);
    Result<std::unique_ptr<SqliteStatement>> prepareDynamic(const QString &sql);
    Result<std::unique_ptr<SqliteStatement>> runDynamic(const QString &sql, const SqlArg *first, const SqlArg *last);
    // sqlite3_open_v2 of m_path with `flags`, and the busy timeout.
    Error openHandle(int flags, int busyTimeoutMs);

    // sqliteconnection_checkpoints.cpp: the WAL hook notes a checkpoint due; after the commit,
    // the file's checkpointer thread is asked for it.
    static int walHook(void *connection, sqlite3 *db, const char *schema, int pages);
    void checkpointIfWanted();
    // The two halves of it, for the batch connection: whether its last commit made a checkpoint
    // due (read and cleared by the thread running the batch, before the next batch may start),
    // and the request to the file's checkpointer thread (any thread, after the gate).
    bool takeCheckpointDue();
    void requestCheckpoint();
    static void stopCheckpointer(SharedFile &shared);
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
    sqlite3 *m_db = nullptr;
    int m_checkpointPages = 8000;
    bool m_checkpointDue = false;   // set by walHook during a commit
    SharedFile *m_shared = nullptr; // set once SQLite opened the file
    bool m_counted = false;         // counted in m_shared->connections (open() succeeded)
    bool m_isWriter = false;        // the file's batch connection (SharedFile::writer)
    FileId m_fileId;                // set by open() and openWriter()
    QByteArray m_resolvedName;      // the batch connection's file as SQLite resolved it (its checkpointer's)
    // unordered_map of unique_ptr: run() hands out pointers that must survive later inserts.
    std::unordered_map<const char *, std::unique_ptr<SqliteStatement>> m_prepared;
    int m_scale = 2;
    Durability m_durability = Durability::Normal;
    std::optional<ShardIdentity> m_shard;
    // The busy handler's clock: when the current wait for another process's lock began.
    int m_busyTimeoutMs = 5000;
    std::chrono::steady_clock::time_point m_busySince;
    // Text and blob bytes bound by run() so far (the batch's byte cap).
    qint64 m_boundBytes = 0;
    // The batch connection's turn-taking (mayPauseForOtherProcesses), used by the thread running
    // a batch.
    std::chrono::steady_clock::time_point m_pausedAt;
    std::chrono::steady_clock::time_point m_foreignSeenAt;
    unsigned int m_dataVersion = 0; // the file's data version after this connection's last commit
    bool m_dataVersionKnown = false;
};

class SqliteConnection::PendingWrite : public WriteBatchQueue::Ticket {
public:
    explicit PendingWrite(std::function<Error(SqliteConnection &)> body)
        : m_body(std::move(body))
    {}
    PendingWrite(const PendingWrite &) = delete;
    PendingWrite &operator=(const PendingWrite &) = delete;

private:
    friend class SqliteConnection;
    std::function<Error(SqliteConnection &)> m_body;
    SqliteConnection *m_owner = nullptr; // the submitting connection
    bool m_alone = false;                // runs on its owner's connection (runAlone)
    Error m_own;                         // what the body returned
    Error m_batch;                       // why the batch did not commit, if it did not
};

template <typename Query, typename Read, typename Visit>
Error SqliteConnection::visitRows(Result<Query> query, Read read, Visit visit, const std::function<bool()> &shouldStop)
{
    if (!query.ok())
        return query.error();
    SqliteStatement &q = **query;
    for (quint64 n = 1; q.next(); ++n) {
        auto row = asResult(read(q));
        if (!row.ok()) {
            q.finish();
            return row.error();
        }
        visit(std::move(row).value());
        if (shouldStop && n % 1024 == 0 && shouldStop())
            break;
    }
    const Error e = endOfRows(q);
    q.finish();
    return e;
}

template <typename Query, typename Read> auto SqliteConnection::allRows(Result<Query> query, Read read) -> Result<QList<RowOf<Read>>>
{
    QList<RowOf<Read>> list;
    const Error e = visitRows(std::move(query), read, [&list](auto &&value) { list.append(std::move(value)); });
    if (!e.ok())
        return e;
    return list;
}

template <typename Query, typename Read>
auto SqliteConnection::firstRow(Result<Query> query, Read read) -> Result<std::optional<RowOf<Read>>>
{
    if (!query.ok())
        return query.error();
    SqliteStatement &q = **query;
    std::optional<RowOf<Read>> value;
    if (q.next()) {
        auto row = asResult(read(q));
        if (!row.ok()) {
            q.finish();
            return row.error();
        }
        value = std::move(row).value();
    }
    const Error e = endOfRows(q);
    q.finish();
    if (!e.ok())
        return e;
    return value;
}

template <typename T, typename Body> Result<T> SqliteConnection::writeAlone(Body &&body)
{
    QMutexLocker lock(writeGate());
    if (Error e = begin(); !e.ok())
        return e;
    Result<T> r = body();
    Error e = r.ok() ? checkFilesInPlace() : r.error();
    if (e.ok())
        e = commit();
    if (!e.ok()) {
        rollback();
        return e;
    }
    return r;
}

template <typename T, typename Body> Result<T> SqliteConnection::write(Body &&body)
{
    std::optional<Result<T>> result;
    PendingWrite w([&](SqliteConnection &c) -> Error {
        result.emplace(body(c));
        return result->ok() ? Error{} : result->error();
    });
    submit(w);
    const Error e = wait(w);
    if (!e.ok() || !result)
        return e.ok() ? makeError(ErrorCode::Internal, QStringLiteral("a write was answered without running")) : e;
    return std::move(*result);
}

} // namespace ledger
