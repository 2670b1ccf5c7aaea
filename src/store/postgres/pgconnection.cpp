// PgConnection: libpq calls, parameters and rows, errors, and reconnecting. The schema and its
// migrations are in pgschema.cpp.
#include "store/postgres/pgconnection.h"

#include "store/postgres/pgfaulthook.h"
#include "store/postgres/pguri.h"

#include <QMutex>
#include <QRandomGenerator>
#include <QThread>
#include <atomic>
#include <utility>
#include <libpq-fe.h>
#include <sys/socket.h>

namespace ledger {

namespace {

// The doorbell rung after every commit point: it moves the change counter (changeMarker()) and
// notifies the listeners (PgConnection::kChannel), in a transaction of its own. Not inside the
// write: a NOTIFY takes a database-wide lock from its transaction's commit until the commit is
// on disk, so every announcing write of every client waited for the previous one's disk flush
// (no group commit; half the raw commit rate at 4 threads, measured). The doorbell carries no
// data and need not survive a crash, so its commit is asynchronous and holds that lock for
// microseconds. Its effects come after the write is visible, so a listener woken by it, or a
// reader that sees the counter move, always finds the change.
constexpr char kDoorbell[] = "SELECT set_config('synchronous_commit', 'off', true), nextval('change_counter'), pg_notify('ledgerdesk', '')";

} // namespace

// --- parameters and rows -----------------------------------------------------------------------

PgParams::PgParams(std::initializer_list<QString> texts)
{
    for (const QString &t : texts)
        *this << t;
}

PgParams &PgParams::operator<<(const QString &text)
{
    m_values.push_back(text.toUtf8());
    m_null.push_back(false);
    return *this;
}

PgParams &PgParams::operator<<(qint64 number)
{
    m_values.push_back(QByteArray::number(number));
    m_null.push_back(false);
    return *this;
}

PgParams &PgParams::operator<<(bool flag)
{
    m_values.push_back(flag ? QByteArrayLiteral("t") : QByteArrayLiteral("f"));
    m_null.push_back(false);
    return *this;
}

PgParams &PgParams::null()
{
    m_values.push_back({});
    m_null.push_back(true);
    return *this;
}

PgParams &PgParams::nullIfEmpty(const QString &text) { return text.isEmpty() ? null() : (*this << text); }

std::vector<const char *> PgParams::pointers() const
{
    std::vector<const char *> p(m_values.size());
    for (size_t i = 0; i < m_values.size(); ++i)
        p[i] = m_null[i] ? nullptr : m_values[i].constData();
    return p;
}

PgRows::PgRows(pg_result *result)
    : m_result(result)
{}

PgRows::~PgRows()
{
    if (m_result)
        PQclear(m_result);
}

PgRows::PgRows(PgRows &&other) noexcept
    : m_result(other.m_result)
{
    other.m_result = nullptr;
}

PgRows &PgRows::operator=(PgRows &&other) noexcept
{
    if (this != &other) {
        if (m_result)
            PQclear(m_result);
        m_result = other.m_result;
        other.m_result = nullptr;
    }
    return *this;
}

int PgRows::size() const { return m_result ? PQntuples(m_result) : 0; }

qint64 PgRows::affected() const { return m_result ? QByteArray(PQcmdTuples(m_result)).toLongLong() : 0; }

bool PgRows::isNull(int row, int col) const { return PQgetisnull(m_result, row, col); }

QString PgRows::text(int row, int col) const { return QString::fromUtf8(PQgetvalue(m_result, row, col), PQgetlength(m_result, row, col)); }

qint64 PgRows::int64(int row, int col) const { return std::strtoll(PQgetvalue(m_result, row, col), nullptr, 10); }

bool PgRows::flag(int row, int col) const { return PQgetvalue(m_result, row, col)[0] == 't'; }

QDateTime PgRows::time(int row, int col) const
{
    if (isNull(row, col))
        return {};
    return QDateTime::fromMSecsSinceEpoch(int64(row, col), Qt::UTC);
}

// --- connecting --------------------------------------------------------------------------------

namespace {

bool isConnectionClass(const QByteArray &state)
{
    // 08: connection exceptions; 57P01..57P03: administrator/crash shutdown, cannot connect now
    // (the backend was terminated, or the server is going down or coming up).
    return state.startsWith("08") || state == "57P01" || state == "57P02" || state == "57P03";
}

// Whether a failed statement broke the connection. No SQLSTATE at all is libpq's own error, not
// the server's — in practice the socket died ("server closed the connection unexpectedly") even
// when PQstatus has not caught up yet; taking it for a loss is safe either way, because what
// follows reconnects and resolves by reading, never by writing blindly.
bool connectionBroke(pg_conn *conn, const QByteArray &state)
{
    return PQstatus(conn) == CONNECTION_BAD || state.isEmpty() || isConnectionClass(state);
}

QString firstLine(const char *message) { return QString::fromUtf8(message).trimmed().section(QLatin1Char('\n'), 0, 0); }

// Why a connection could not be made: libpq says it host by host on lines of their own when the
// location names several (a failover set), and each host's reason matters there.
QString connectionFailure(pg_conn *conn)
{
    QStringList hosts;
    for (const QString &line : QString::fromUtf8(PQerrorMessage(conn)).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1String("connection to server")))
            hosts << line.trimmed();
        else if (!hosts.isEmpty() && line.startsWith(QLatin1Char(' ')))
            hosts.last() += QLatin1Char(' ') + line.trimmed(); // the server's words on the next line
    }
    return hosts.size() > 1 ? hosts.join(QLatin1String("; ")) : firstLine(PQerrorMessage(conn));
}

// What the server at `uri` says to a ping: PQping's verdict does not depend on the language of
// the server's messages (its lc_messages) or of libpq's own (the client's locale), as the text
// of a failed connection does.
PGPing ping(const QString &uri)
{
    const QByteArray dbname = uri.toUtf8();
    const char *keys[] = {"connect_timeout", "dbname", nullptr};
    const char *values[] = {"10", dbname.constData(), nullptr};
    return PQpingParams(keys, values, 1);
}

} // namespace

PgConnection::PgConnection(const QString &uri, const QString &location, const PgOptions &options)
    : m_uri(uri)
    , m_location(location)
    , m_options(options)
{}

PgConnection::~PgConnection()
{
    if (m_conn)
        PQfinish(m_conn);
}

QString PgConnection::newWriteToken()
{
    quint64 bits[2];
    QRandomGenerator::system()->fillRange(bits, 2);
    return QString::number(bits[0], 36) + QLatin1Char('.') + QString::number(bits[1], 36);
}

Error PgConnection::connect()
{
    if (m_conn) {
        PQfinish(m_conn);
        m_conn = nullptr;
    }
    m_prepared.clear();
    m_doorbell.clear();
    m_inTransaction = false;
    const QByteArray uri = m_uri.toUtf8();
    // Ours first, so that the URI's own settings override them.
    const char *keys[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char *values[] = {"10", "ledgerdesk", uri.constData(), nullptr};
    m_conn = PQconnectdbParams(keys, values, 1);
    if (!m_conn)
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1: out of memory while connecting").arg(m_location));
    if (PQstatus(m_conn) != CONNECTION_OK) {
        const QString why = connectionFailure(m_conn);
        m_lost = true;
        m_lastFailure = why;
        m_refusedForGood = PQconnectionNeedsPassword(m_conn);
        // The password hint asks libpq, which knows whether a password was wanted and none found,
        // in any language (and the server's English where it can). A missing database is told by
        // asking the server (open()), never by the words of its refusal.
        if (PQconnectionNeedsPassword(m_conn) || why.contains(QLatin1String("password")))
            return makeError(
                ErrorCode::StoreUnavailable,
                Message::translate("ledger", "%1: %2 (LedgerDesk keeps no passwords: put it in ~/.pgpass or the file $PGPASSFILE names)")
                    .arg(m_location, why));
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "cannot connect to %1: %2").arg(m_location, why));
    }
    m_lost = false;
    // The server's notices (e.g. "terminating connection due to immediate shutdown") would go
    // to stderr by default, in the middle of ledgerctl's output; what matters comes back as errors.
    PQsetNoticeProcessor(
        m_conn, [](void *, const char *) {}, nullptr);
    return sessionSetup();
}

Error PgConnection::sessionSetup()
{
    // Row locks wait as long as SQLite's busy timeout would; then store-busy. Times are read
    // as milliseconds since the epoch, so the session's time zone does not matter.
    // synchronous_commit is forced on whatever the server's default: with it off, a server that
    // crashes forgets commits it already acknowledged, while its clients live on and make the
    // next protocol write on top of one that is gone (the pg soak found a pending transfer with a
    // posted leg that way). Each protocol write must be durable before the next is made.
    // Generic plans: our statements are prepared once and are key lookups; with custom plans the
    // server planned the CTE writes and the leg function's queries again on every call (a third
    // of its CPU per transfer, measured with perf).
    const QByteArray setup =
        QByteArrayLiteral("SET lock_timeout = ") + QByteArray::number(qMax(0, m_options.busyTimeoutMs))
        + QByteArrayLiteral("; SET client_encoding = 'UTF8'; SET synchronous_commit = on; SET plan_cache_mode = force_generic_plan");
    ++m_roundTrips;
    PGresult *r = PQexec(m_conn, setup.constData());
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok && connectionBroke(m_conn, QByteArray(PQresultErrorField(r, PG_DIAG_SQLSTATE))))
        m_lost = true; // the server went away right after letting us in
    const Error e = ok ? Error{} : statementError(r, QT_TRANSLATE_NOOP("ledger", "setting up the session"));
    PQclear(r);
    return e;
}

Error PgConnection::reconnect(const QDeadlineTimer &deadline)
{
    int backoffMs = 50;
    Error last;
    for (;;) {
        last = connect();
        if (last.ok())
            return {};
        if (deadline.hasExpired())
            return last;
        QThread::msleep(std::min<qint64>(backoffMs, qMax<qint64>(1, deadline.remainingTime())));
        backoffMs = std::min(backoffMs * 2, 1000);
    }
}

Error PgConnection::lostError(bool outcomeUnknown, const Error &cause) const
{
    if (!outcomeUnknown)
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "%1 stayed unreachable for %2 s; nothing was written (%3)")
                             .arg(m_location)
                             .arg(m_options.reconnectForMs / 1000.0)
                             .arg(cause.message));
    return makeError(ErrorCode::StoreUnavailable,
                     Message::translate("ledger",
                                        "%1 went away while a write was committing and stayed unreachable for %2 s; whether that write "
                                        "happened is unknown until the store is back (recovery reads the document and finishes it) (%3)")
                         .arg(m_location)
                         .arg(m_options.reconnectForMs / 1000.0)
                         .arg(cause.message));
}

// --- statements --------------------------------------------------------------------------------

Error PgConnection::statementError(pg_result *result, const char *contextSource) const
{
    const QByteArray state = result ? QByteArray(PQresultErrorField(result, PG_DIAG_SQLSTATE)) : QByteArray();
    const QString what =
        result && PQresultErrorMessage(result)[0] ? firstLine(PQresultErrorMessage(result)) : firstLine(PQerrorMessage(m_conn));
    const Message context = Message::translate("ledger", contextSource);
    if (m_lost || isConnectionClass(state))
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "%1: connection lost while %2: %3").arg(Message(m_location), context, Message(what)));
    if (state == "55P03" || state == "57014")
        return makeError(ErrorCode::StoreBusy,
                         Message::translate("ledger", "%1: a row stayed locked by another session past the busy timeout while %2")
                             .arg(Message(m_location), context));
    if (state == "53100")
        return makeError(ErrorCode::StoreFull,
                         Message::translate("ledger", "%1 is full (disk) while %2; nothing was written").arg(Message(m_location), context));
    if (state == "25006" || state == "42501")
        return makeError(ErrorCode::StoreReadOnly, Message::translate("ledger", "%1 cannot be written: %2").arg(m_location, what));
    return makeError(ErrorCode::StoreError,
                     Message::translate("ledger", "%1: %2 failed: %3").arg(Message(m_location), context, Message(what)));
}

Result<PgRows> PgConnection::finish(pg_result *r, const char *context, bool commits)
{
    const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
        m_sqlState.clear();
        return PgRows(r);
    }
    m_sqlState = r ? QByteArray(PQresultErrorField(r, PG_DIAG_SQLSTATE)) : QByteArray();
    if (connectionBroke(m_conn, m_sqlState)) {
        m_lost = true;
        m_lostAtCommit = commits;
    }
    const Error e = statementError(r, context);
    if (r)
        PQclear(r);
    return e;
}

namespace pgfaults {

namespace {
QMutex faultMutex;
FaultHook faultHook;
std::atomic<bool> faultHookSet{false};
} // namespace

Cut askFaultHook(const char *sql, bool commits)
{
    if (!faultHookSet.load(std::memory_order_relaxed))
        return Cut::None;
    QMutexLocker lock(&faultMutex);
    return faultHook ? faultHook(sql, commits) : Cut::None;
}

void setFaultHook(FaultHook hook)
{
    QMutexLocker lock(&faultMutex);
    faultHook = std::move(hook);
    faultHookSet = bool(faultHook);
}

} // namespace pgfaults

void PgConnection::rollbackAfterFailure()
{
    if (!run("ROLLBACK").ok())
        m_lost = true;
}

void PgConnection::breakConnection()
{
    // What the client sees when the server goes away: the socket is dead.
    ::shutdown(PQsocket(m_conn), SHUT_RDWR);
}

Result<QByteArray> PgConnection::prepared(const char *sql)
{
    auto it = m_prepared.find(sql);
    if (it != m_prepared.end())
        return it->second;
    const QByteArray name = QByteArrayLiteral("ld") + QByteArray::number(m_nextStatement++);
    ++m_roundTrips;
    PGresult *p = PQprepare(m_conn, name.constData(), sql, 0, nullptr);
    auto done = finish(p, QT_TRANSLATE_NOOP("ledger", "preparing a statement"), false);
    if (!done.ok())
        return done.error();
    m_prepared.emplace(sql, name);
    return name;
}

Result<PgRows> PgConnection::run(const char *sql, const PgParams &params, bool commits)
{
    if (m_lost || !m_conn)
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1: not connected").arg(m_location));
    const pgfaults::Cut cut = pgfaults::askFaultHook(sql, commits);
    if (cut == pgfaults::Cut::BeforeSending)
        breakConnection();
    auto name = prepared(sql);
    if (!name.ok())
        return name.error();
    const auto values = params.pointers();
    PGresult *r = nullptr;
    if (commits) {
        r = execAndAnnounce(*name, params.size(), values.data());
    } else {
        ++m_roundTrips;
        r = PQexecPrepared(m_conn, name->constData(), params.size(), values.data(), nullptr, nullptr, 0);
    }
    if (cut == pgfaults::Cut::AfterResult && r) {
        PQclear(r);
        breakConnection();
        r = PQexec(m_conn, "SELECT 1"); // fails: the result above is lost with the connection
    }
    return finish(r, QT_TRANSLATE_NOOP("ledger", "running a statement"), commits);
}

PGresult *PgConnection::execAndAnnounce(const QByteArray &name, int count, const char *const *values)
{
    // Sent back to back, answered together (one wait): the commit point, a Sync (so that it
    // commits alone, durably), the doorbell — prepared there the first time, so that nothing
    // about the doorbell can fail inside the write's transaction — and a Sync. The server runs
    // the doorbell only after the write's transaction has ended, and runs it even if this client
    // dies once both are sent.
    ++m_roundTrips;
    if (PQenterPipelineMode(m_conn) != 1)
        return PQexecPrepared(m_conn, name.constData(), count, values, nullptr, nullptr, 0);
    const bool preparing = m_doorbell.isEmpty();
    const QByteArray doorbell = preparing ? QByteArrayLiteral("ld_doorbell") : m_doorbell;
    const bool sent = PQsendQueryPrepared(m_conn, name.constData(), count, values, nullptr, nullptr, 0) == 1 && PQpipelineSync(m_conn) == 1
                   && (!preparing || PQsendPrepare(m_conn, doorbell.constData(), kDoorbell, 0, nullptr) == 1)
                   && PQsendQueryPrepared(m_conn, doorbell.constData(), 0, nullptr, nullptr, nullptr, 0) == 1
                   && PQpipelineSync(m_conn) == 1;
    PGresult *answer = nullptr; // the commit point's result
    bool doorbellRang = false;
    int syncs = 0;
    int idle = 0; // NULLs in a row: a broken connection has nothing more to give
    while (sent && syncs < 2 && idle < 3) {
        PGresult *r = PQgetResult(m_conn);
        if (!r) {
            ++idle;
            if (PQstatus(m_conn) == CONNECTION_BAD)
                break;
            continue;
        }
        idle = 0;
        const ExecStatusType status = PQresultStatus(r);
        if (status == PGRES_PIPELINE_SYNC)
            ++syncs;
        else if (syncs == 0 && !answer)
            answer = std::exchange(r, nullptr);
        else if (syncs == 1 && status == PGRES_COMMAND_OK && preparing)
            m_doorbell = doorbell; // prepared; its execution's result follows
        else if (syncs == 1 && status == PGRES_TUPLES_OK)
            doorbellRang = true;
        PQclear(r);
    }
    if (syncs < 2 || PQexitPipelineMode(m_conn) != 1) {
        // The connection broke (or libpq lost its place in the pipeline): what was answered
        // stands, the rest is for writing() to settle, as for any break at a commit point. A
        // commit point that succeeded is reported as broken too, so that writing() reconnects
        // and reads the write back by its token (it finds it) instead of going on over a dead
        // session.
        breakConnection();
        if (answer && PQresultStatus(answer) == PGRES_FATAL_ERROR)
            return answer;
        PQclear(answer);
        return nullptr; // no answer: finish() takes it for a break
    }
    if (!doorbellRang)
        qWarning("PostgreSQL store %s: a change was committed but could not be announced (%s); consoles see it with the next one",
                 qPrintable(m_location), PQerrorMessage(m_conn));
    return answer;
}

Result<PgRows> PgConnection::runDynamic(const QString &sql, const PgParams &params)
{
    if (m_lost || !m_conn)
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1: not connected").arg(m_location));
    const QByteArray text = sql.toUtf8();
    const auto values = params.pointers();
    ++m_roundTrips;
    PGresult *r = PQexecParams(m_conn, text.constData(), params.size(), nullptr, values.data(), nullptr, nullptr, 0);
    return finish(r, QT_TRANSLATE_NOOP("ledger", "running a query"), false);
}

Error PgConnection::readSnapshot(const std::function<Error()> &work)
{
    // Not retried as a whole after a break: `work` may have seen part of the rows already. A
    // connection found broken before it began is made again.
    auto begun = reading<bool>([&]() -> Result<bool> {
        auto b = run("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        if (!b.ok())
            return b.error();
        // The snapshot is taken at the transaction's first query, not at BEGIN: take it now, so
        // that a sharded store's nested snapshots are taken together rather than shard by shard
        // as the scans reach them (a wide cut shows transfers half-way between shards).
        auto pinned = run("SELECT 1");
        if (!pinned.ok() && !m_lost)
            rollbackAfterFailure();
        return pinned.ok() ? Result<bool>(true) : Result<bool>(pinned.error());
    });
    if (!begun.ok())
        return begun.error();
    m_inTransaction = true;
    const Error e = work();
    m_inTransaction = false;
    if (m_lost)
        return e.ok()
                 ? makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1: connection lost during a read").arg(m_location))
                 : e;
    // Read only: a failed COMMIT undoes nothing, but says the session is in trouble.
    if (auto committed = run("COMMIT"); !committed.ok() && e.ok())
        return committed.error();
    return e;
}

// --- opening -----------------------------------------------------------------------------------

Result<std::unique_ptr<PgConnection>> PgConnection::open(const QString &uri, Mode mode, const PgOptions &options, int scaleForCreate)
{
    if (Error e = pguri::check(uri); !e.ok())
        return e;
    std::unique_ptr<PgConnection> conn(new PgConnection(uri, pguri::redacted(uri), options));
    const QDeadlineTimer deadline(options.reconnectForMs);
    Error e = conn->connect();
    // One ping answers both questions below: a ping to a host that does not answer waits for its
    // whole timeout, as the failed connection just did.
    const PGPing answer = e.ok() ? PQPING_OK : ping(uri);
    // Create: a server that answers but will not connect us to the database may simply not have
    // it yet; make it, then try again (if it was there, the second attempt fails as the first).
    if (!e.ok() && mode == Mode::Create && answer == PQPING_OK) {
        if (Error made = pguri::createDatabase(uri); !made.ok())
            return makeError(made.code,
                             Message::translate("ledger", "%1; creating the database did not work either: %2").arg(e.text(), made.text()));
        e = conn->connect();
    }
    // A server that is starting up, shutting down or recovering (a restart) is waited for; one
    // that is not there at all is said at once — unless the location names several hosts: a
    // failover set, where the primary may be gone and a standby about to be promoted (libpq's
    // target_session_attrs turns the standby away until then). Only what no waiting changes (no
    // such database, no password) is said at once there.
    // ("connection lost" is this store's own message, always kept in English in `message`.)
    const bool failoverSet = pguri::hostByHost(uri).size() > 1;
    if (!e.ok() && mode != Mode::Create && answer == PQPING_OK && !conn->m_refusedForGood && pguri::databaseExists(uri) == false) {
        // The server answers and has no such database: no waiting changes that. Asked of the
        // server's own catalogue, so it holds whatever language the server refused us in.
        conn->m_refusedForGood = true;
        e = makeError(ErrorCode::StoreUnavailable,
                      Message::translate("ledger", "%1: %2; create a store there with ledgerctl init --store '%1'")
                          .arg(conn->m_location, conn->m_lastFailure));
    }
    if (!e.ok()
        && (e.message.contains(QLatin1String("connection lost")) || answer == PQPING_REJECT || (failoverSet && !conn->m_refusedForGood)))
        e = conn->reconnect(deadline);
    if (!e.ok())
        return e;
    conn->m_initToken = newWriteToken();
    if (mode == Mode::Raw)
        return conn;
    for (;;) {
        const Error checked = conn->checkAndMigrate(mode, scaleForCreate);
        if (!conn->m_lost) {
            if (!checked.ok())
                return checked;
            return conn;
        }
        // Lost while checking (or creating): again, after reconnecting. A create that did
        // commit is recognised by its init token.
        if (Error r = conn->reconnect(deadline); !r.ok())
            return r;
    }
}

} // namespace ledger
