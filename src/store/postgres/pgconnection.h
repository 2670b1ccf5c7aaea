#pragma once
// One connection to a PostgreSQL store through libpq: opening with clear errors, the versioned
// schema and its migrations, statements prepared once per connection and run with properly
// bound parameters (PQexecPrepared), and surviving a server that goes away.
//
// Why libpq and not Qt's QPSQL driver: QPSQL inlines bound values into EXECUTE text (no real
// parameters, and a parse per call), and its errors do not say whether the connection broke
// after a COMMIT was sent — which is exactly what a write must know to resolve an unknown
// outcome by reading the document again instead of writing twice.
//
// Connection loss: every call records whether the connection broke (lost()). Reads are simply
// run again after reconnecting; writes go through writing(), which reconnects with backoff and,
// when the break came after the commit was sent, asks the caller to resolve the outcome by reading.
//
// Threading: create, use and destroy on one thread (one connection per thread).

#include "ledger/result.h"
#include "store/shardidentity.h"
#include "store/store.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

struct pg_conn;
struct pg_result;

namespace ledger {

// Statement parameters in libpq's text format: strings as UTF-8, integers in decimal, and SQL
// NULL where null() was added.
class PgParams {
public:
    PgParams() = default;
    PgParams(std::initializer_list<QString> texts);
    PgParams &operator<<(const QString &text);
    PgParams &operator<<(qint64 number);
    PgParams &operator<<(int number) { return *this << qint64(number); }
    PgParams &operator<<(bool flag);
    PgParams &null();
    // Empty text as SQL NULL (optional columns such as idempotency_key).
    PgParams &nullIfEmpty(const QString &text);

    int size() const { return int(m_values.size()); }
    // Pointers into this object, valid while it lives.
    std::vector<const char *> pointers() const;

private:
    std::vector<QByteArray> m_values;
    std::vector<bool> m_null;
};

// The rows of one statement (owns the PGresult).
class PgRows {
public:
    PgRows() = default;
    explicit PgRows(pg_result *result);
    ~PgRows();
    PgRows(PgRows &&other) noexcept;
    PgRows &operator=(PgRows &&other) noexcept;
    PgRows(const PgRows &) = delete;
    PgRows &operator=(const PgRows &) = delete;

    int size() const;
    bool isEmpty() const { return size() == 0; }
    // Rows a write touched (UPDATE/INSERT without RETURNING).
    qint64 affected() const;
    bool isNull(int row, int col) const;
    QString text(int row, int col) const;
    qint64 int64(int row, int col) const;
    bool flag(int row, int col) const;
    // A time read as milliseconds since the epoch (the statement selects ledger_ms(column));
    // null → an invalid QDateTime.
    QDateTime time(int row, int col) const;

private:
    pg_result *m_result = nullptr;
};

struct PgOptions {
    // How long a write waits for a row lock held by another session before store-busy.
    int busyTimeoutMs = 5000;
    // How long a call keeps reconnecting to a server that went away before it gives up with
    // store-unavailable (the console shows "reconnecting" meanwhile).
    int reconnectForMs = 30000;
    // Open: the database must be exactly this shard; without it, a shard is refused
    // (store-is-shard). Create: recorded in the meta table.
    std::optional<ShardIdentity> shard = std::nullopt;
};

class PgConnection {
public:
    // Raw: connect only, no schema check (tests and tools that reach under the store).
    enum class Mode { OpenExisting, Create, Raw };

    // The schema version this build writes; newer stores are refused (store-too-new).
    static constexpr int kSchemaVersion = 6;
    // The channel every committed change is announced on (LISTEN ledgerdesk).
    static constexpr const char *kChannel = "ledgerdesk";

    // Create: makes the database when it does not exist (and the user may), refuses
    // (store-exists) when it already holds a LedgerDesk store or tables of the same names, and
    // writes the schema, the scale and @world (unless a shard without it) in one transaction.
    static Result<std::unique_ptr<PgConnection>> open(const QString &uri, Mode mode, const PgOptions &options, int scaleForCreate = 2);
    ~PgConnection();
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    // The URI without its password, for messages, titles and settings.
    const QString &location() const { return m_location; }
    int scale() const { return m_scale; }

    // Runs `sql` (a string literal: prepared once per connection, keyed by its address) with
    // `params`. `commits`: this statement is the write's commit point (a single-statement write,
    // or COMMIT) — a break during it leaves the outcome unknown (see writing()) — and rings the
    // doorbell after it (the change counter and the listeners' NOTIFY, in the same round trip).
    Result<PgRows> run(const char *sql, const PgParams &params = {}, bool commits = false);
    // An ad-hoc statement (dynamic SQL, e.g. list filters), unnamed, prepared every time.
    Result<PgRows> runDynamic(const QString &sql, const PgParams &params = {});

    // Waits for the server's answers so far: statements, prepares and session settings; a commit
    // point and its doorbell are sent together and answered together, one wait.
    qint64 roundTrips() const { return m_roundTrips; }

    // Whether the last run broke the connection (server gone, backend terminated).
    bool lost() const { return m_lost; }
    // The SQLSTATE of the last failed statement ("" when it succeeded).
    const QByteArray &lastSqlState() const { return m_sqlState; }

    // A read: run again after reconnecting when the connection breaks, until reconnectForMs.
    template <typename T> Result<T> reading(const std::function<Result<T>()> &attempt);

    // A write. `attempt` makes the whole write: one statement run with commits = true, or
    // inTransaction() around several. When the connection breaks before the commit point was
    // sent, nothing was written: reconnect and attempt again. When it breaks during the commit
    // point, the outcome is unknown: reconnect and call `resolve`, which reads the document and
    // returns the write's result when it did happen, or nullopt when it did not (attempt again).
    // Never writes twice blindly.
    template <typename T>
    Result<T> writing(const std::function<Result<T>()> &attempt, const std::function<Result<std::optional<T>>()> &resolve);

    // BEGIN … `body` … COMMIT (the commit point); ROLLBACK when `body` fails.
    template <typename T> Result<T> inTransaction(const std::function<Result<T>()> &body);

    // Runs `work` in one REPEATABLE READ, READ ONLY transaction: every read sees one snapshot.
    Error readSnapshot(const std::function<Error()> &work);

    // A fresh token for a write, recorded in the document it writes (write_token), so that an
    // unknown outcome can be told by reading the document again.
    static QString newWriteToken();

    // Maps a failed statement to a LedgerDesk error naming the store and `context`.
    // `context`: what was being done, an English literal marked with QT_TRANSLATE_NOOP("ledger", ...)
    // (translated only when there is an error to report, not on every statement).
    Error statementError(pg_result *result, const char *context) const;

private:
    PgConnection(const QString &uri, const QString &location, const PgOptions &options);
    Error connect();
    Error reconnect(const QDeadlineTimer &deadline);
    Error sessionSetup();
    Error checkAndMigrate(Mode mode, int scaleForCreate);
    Error createSchema(int fromVersion, int scale);
    Error recordShardIdentity();
    Error lostError(bool outcomeUnknown, const Error &cause) const;
    Result<PgRows> finish(pg_result *result, const char *context, bool commits);
    // The statement's name on this connection, preparing it the first time.
    Result<QByteArray> prepared(const char *sql);
    // A commit point and the doorbell sent together in libpq's pipeline mode, answered together
    // (one round trip); returns the commit point's result.
    pg_result *execAndAnnounce(const QByteArray &name, int count, const char *const *values);
    // Breaks the connection as a server going away would (the fault hook's cut).
    void breakConnection();
    // ROLLBACK after a failed body: the body's error is the answer. A session that cannot even
    // roll back is dropped, so that the next call reconnects instead of running inside an
    // aborted transaction.
    void rollbackAfterFailure();

    QString m_uri;      // as given, password included (never shown)
    QString m_location; // redacted
    PgOptions m_options;
    pg_conn *m_conn = nullptr;
    std::unordered_map<const char *, QByteArray> m_prepared; // sql literal → statement name
    QByteArray m_doorbell;                                   // its statement name, once prepared
    int m_nextStatement = 0;
    int m_scale = 2;
    bool m_inTransaction = false;
    bool m_lost = false;
    bool m_lostAtCommit = false;
    bool m_refusedForGood = false; // the last connect failed for a reason no waiting changes
    qint64 m_roundTrips = 0;
    QByteArray m_sqlState;
    QString m_lastFailure; // why the last connect failed, as libpq said it
    QString m_initToken;   // recorded by a create, to recognise it after a lost commit
};

template <typename T> Result<T> PgConnection::reading(const std::function<Result<T>()> &attempt)
{
    const QDeadlineTimer deadline(m_options.reconnectForMs);
    for (;;) {
        if (m_lost) {
            if (Error e = reconnect(deadline); !e.ok())
                return e;
        }
        Result<T> r = attempt();
        if (!m_lost || m_inTransaction || deadline.hasExpired())
            return r; // inside a snapshot the whole snapshot is retried by its owner
    }
}

template <typename T>
Result<T> PgConnection::writing(const std::function<Result<T>()> &attempt, const std::function<Result<std::optional<T>>()> &resolve)
{
    const QDeadlineTimer deadline(m_options.reconnectForMs);
    bool unknown = false;
    for (;;) {
        if (m_lost) {
            if (Error e = reconnect(deadline); !e.ok())
                return lostError(unknown, e);
        }
        if (unknown) {
            Result<std::optional<T>> known = resolve();
            if (m_lost)
                continue;
            if (!known.ok())
                return known.error();
            if (known->has_value())
                return std::move(**known);
            unknown = false; // it did not happen: write again
        }
        m_lostAtCommit = false;
        Result<T> r = attempt();
        if (!m_lost)
            return r;
        unknown = m_lostAtCommit;
        // A server that lets us in and drops us again, over and over: give up at the deadline
        // too (the outcome, if unknown, is then for recovery to read).
        if (deadline.hasExpired())
            return lostError(unknown, r.ok() ? makeError(ErrorCode::StoreUnavailable, QStringLiteral("connection lost")) : r.error());
    }
}

template <typename T> Result<T> PgConnection::inTransaction(const std::function<Result<T>()> &body)
{
    if (auto b = run("BEGIN"); !b.ok())
        return b.error();
    m_inTransaction = true;
    Result<T> r = body();
    m_inTransaction = false;
    if (m_lost)
        return r.ok() ? Result<T>(makeError(ErrorCode::StoreUnavailable, QStringLiteral("connection lost"))) : r;
    if (!r.ok()) {
        const QByteArray failedState = m_sqlState; // the caller may retry on it (e.g. 23505)
        rollbackAfterFailure();
        m_sqlState = failedState;
        return r;
    }
    if (auto c = run("COMMIT", {}, true); !c.ok())
        return c.error();
    return r;
}

} // namespace ledger
