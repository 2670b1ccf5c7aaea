#include "store/postgres/pglistener.h"

#include "store/postgres/pgconnection.h"
#include "store/postgres/pguri.h"

#include <QSocketNotifier>
#include <QTimer>
#include <algorithm>
#include <libpq-fe.h>
#include <mutex>
#include <thread>
#include <vector>

namespace ledger {

namespace {
constexpr int kMaxBackoffMs = 5000;
}

// Shared by the listener and the thread that starts one connection for it. The thread hands its
// connection over only while the listener still wants it (both under `mutex`): a listener that
// moved on, or was destroyed, has set `abandoned`, and then whoever holds the connection closes it.
struct PgListener::StartJob {
    std::mutex mutex;
    bool abandoned = false;
    pg_conn *conn = nullptr;
    QList<QList<QPair<QByteArray, QByteArray>>> hosts;
};

// The hosts are found by the first start, off this thread: with no host in the location they come
// from PGHOST or a service file, and asking libpq for those starts a connection (pguri.cpp).
PgListener::PgListener(const QString &location, QObject *parent)
    : QObject(parent)
    , m_location(location)
{
    m_retry = new QTimer(this);
    m_retry->setSingleShot(true);
    connect(m_retry, &QTimer::timeout, this, &PgListener::connectNow);
    m_hostTimeout = new QTimer(this);
    m_hostTimeout->setSingleShot(true);
    connect(m_hostTimeout, &QTimer::timeout, this, &PgListener::hostTimedOut);
}

PgListener::~PgListener()
{
    delete m_notifier;
    m_notifier = nullptr;
    closeConnection();
}

void PgListener::start() { connectNow(); }

int PgListener::backendPid() const { return isListening() ? PQbackendPID(m_conn) : 0; }

QString PgListener::errorText() const { return QString::fromUtf8(PQerrorMessage(m_conn)).trimmed().section(QLatin1Char('\n'), 0, 0); }

void PgListener::dropNotifier()
{
    // Often called from the notifier's own activated(): never deleted under its feet.
    if (m_notifier) {
        m_notifier->setEnabled(false);
        m_notifier->deleteLater();
        m_notifier = nullptr;
    }
}

void PgListener::abandonStart()
{
    if (!m_start)
        return;
    {
        std::lock_guard<std::mutex> lock(m_start->mutex);
        m_start->abandoned = true;
        if (m_start->conn)
            PQfinish(m_start->conn); // handed over, but its delivery is still queued
        m_start->conn = nullptr;
    }
    m_start.reset();
}

void PgListener::closeConnection()
{
    abandonStart();
    dropNotifier();
    m_hostTimeout->stop();
    if (m_conn)
        PQfinish(m_conn); // never waits: an unfinished connect is simply closed
    m_conn = nullptr;
    m_phase = Phase::Idle;
}

void PgListener::connectNow()
{
    m_host = 0;
    m_failures.clear();
    tryHost();
}

void PgListener::tryHost()
{
    closeConnection();
    auto job = std::make_shared<StartJob>();
    m_start = job;
    m_phase = Phase::Starting;
    m_hostTimeout->start(kConnectTimeoutMs); // a name server that never answers counts as this host's silence
    std::thread([this, job, location = m_location, hosts = m_hosts, index = m_host]() mutable {
        if (hosts.isEmpty())
            hosts = pguri::hostByHost(location);
        const QByteArray full = location.toUtf8();
        // The location expanded first (dbname), then ours: the host to try, and a name in pg_stat_activity.
        std::vector<const char *> keys{"fallback_application_name", "dbname"};
        std::vector<const char *> values{"ledgerdesk-listener", full.constData()};
        for (const auto &[key, value] : std::as_const(hosts[qMin(index, int(hosts.size()) - 1)])) {
            keys.push_back(key.constData());
            values.push_back(value.constData());
        }
        keys.push_back(nullptr);
        values.push_back(nullptr);
        pg_conn *conn = PQconnectStartParams(keys.data(), values.data(), 1);
        std::lock_guard<std::mutex> lock(job->mutex);
        if (job->abandoned) {
            PQfinish(conn);
            return;
        }
        job->conn = conn;
        job->hosts = std::move(hosts);
        // Not abandoned, so the listener is alive until this lock is released: posting is safe.
        QMetaObject::invokeMethod(
            this, [this, job] { started(job); }, Qt::QueuedConnection);
    }).detach();
}

void PgListener::started(const std::shared_ptr<StartJob> &job)
{
    if (job != m_start)
        return; // an attempt given up meanwhile (abandonStart() closed its connection)
    {
        std::lock_guard<std::mutex> lock(job->mutex);
        m_conn = job->conn;
        job->conn = nullptr;
        if (m_hosts.isEmpty())
            m_hosts = job->hosts;
    }
    m_start.reset();
    if (!m_conn || PQstatus(m_conn) == CONNECTION_BAD) {
        hostFailed(m_conn ? errorText() : QStringLiteral("out of memory"));
        return;
    }
    // The server's notices ("terminating connection due to administrator command") would go to
    // stderr; what matters comes back as errors.
    PQsetNoticeProcessor(
        m_conn, [](void *, const char *) {}, nullptr);
    m_phase = Phase::Connecting;
    watch(true); // libpq's rule: act as if the first poll said "writing"
}

void PgListener::watch(bool forWriting)
{
    dropNotifier(); // the socket may change between polls (another address of the host)
    m_notifier = new QSocketNotifier(qintptr(PQsocket(m_conn)), forWriting ? QSocketNotifier::Write : QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &PgListener::socketReady);
}

void PgListener::socketReady()
{
    switch (m_phase) {
    case Phase::Connecting: poll(); return;
    case Phase::SendingListen:
        if (const int flushed = PQflush(m_conn); flushed < 0) {
            hostFailed(errorText());
        } else if (flushed == 0) {
            m_phase = Phase::AwaitingListen;
            watch(false);
        } else {
            watch(true); // the rest when the socket takes more
        }
        return;
    case Phase::AwaitingListen: listenAnswered(); return;
    case Phase::Listening: break;
    case Phase::Idle:
    case Phase::Starting: return;
    }
    if (!PQconsumeInput(m_conn) || PQstatus(m_conn) == CONNECTION_BAD) {
        dropConnection(QStringLiteral("%1: connection lost: %2").arg(pguri::redacted(m_location), errorText()));
        return;
    }
    announceNotifications();
}

void PgListener::announceNotifications()
{
    bool any = false;
    while (PGnotify *n = PQnotifies(m_conn)) {
        any = true;
        PQfreemem(n);
    }
    if (any)
        Q_EMIT notified();
}

void PgListener::poll()
{
    switch (PQconnectPoll(m_conn)) {
    case PGRES_POLLING_READING: watch(false); return;
    case PGRES_POLLING_WRITING: watch(true); return;
    case PGRES_POLLING_FAILED: hostFailed(errorText()); return;
    case PGRES_POLLING_OK: break;
    default: return;
    }
    const QByteArray listen = QByteArrayLiteral("LISTEN ") + PgConnection::kChannel;
    if (PQsetnonblocking(m_conn, 1) != 0 || !PQsendQuery(m_conn, listen.constData())) {
        hostFailed(errorText());
        return;
    }
    m_phase = Phase::SendingListen;
    socketReady(); // flush now; wait for the socket only if the kernel's buffer is full
}

void PgListener::listenAnswered()
{
    if (!PQconsumeInput(m_conn)) {
        hostFailed(errorText());
        return;
    }
    QString why;
    while (!PQisBusy(m_conn)) {
        PGresult *r = PQgetResult(m_conn);
        if (!r)
            break;
        if (PQresultStatus(r) != PGRES_COMMAND_OK)
            why = QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
        PQclear(r);
        if (!why.isEmpty())
            break;
    }
    if (!why.isEmpty()) {
        hostFailed(why);
        return;
    }
    if (PQisBusy(m_conn))
        return; // the answer is not all here yet
    m_hostTimeout->stop();
    m_phase = Phase::Listening;
    m_backoffMs = 250;
    if (m_wasLost) {
        m_wasLost = false;
        Q_EMIT resumed();
    }
    Q_EMIT listening(QStringLiteral("%1:%2").arg(QString::fromUtf8(PQhost(m_conn)), QString::fromUtf8(PQport(m_conn))));
    announceNotifications(); // a commit may have come in the same packet as LISTEN's answer
}

void PgListener::hostTimedOut() { hostFailed(QStringLiteral("no answer within %1 s").arg(kConnectTimeoutMs / 1000)); }

void PgListener::hostFailed(const QString &why)
{
    // Which host said what, when there are several (the last one's words alone would hide the others').
    // (No hosts known yet: the first start never came back.)
    QString host;
    if (m_host < m_hosts.size()) {
        const auto &tried = m_hosts[m_host];
        const auto named = std::find_if(tried.cbegin(), tried.cend(), [](const auto &option) { return option.first != "port"; });
        if (named != tried.cend())
            host = QString::fromUtf8(named->second);
    }
    m_failures << (host.isEmpty() ? why : QStringLiteral("%1: %2").arg(host, why));
    if (++m_host < m_hosts.size()) {
        tryHost();
        return;
    }
    closeConnection();
    m_wasLost = true;
    Q_EMIT lost(QStringLiteral("%1: %2").arg(pguri::redacted(m_location), m_failures.join(QLatin1String("; "))), m_backoffMs);
    m_retry->start(m_backoffMs);
    m_backoffMs = std::min(m_backoffMs * 2, kMaxBackoffMs);
}

void PgListener::dropConnection(const QString &message)
{
    closeConnection();
    m_wasLost = true;
    Q_EMIT lost(message, m_backoffMs);
    m_retry->start(m_backoffMs);
}

} // namespace ledger
