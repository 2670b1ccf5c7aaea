#include "store/postgres/pglistener.h"

#include "store/postgres/pgconnection.h"
#include "store/postgres/pguri.h"

#include <QSocketNotifier>
#include <QTimer>
#include <libpq-fe.h>

namespace ledger {

namespace {
constexpr int kMaxBackoffMs = 5000;
}

PgListener::PgListener(const QString &uri, QObject *parent) : QObject(parent), m_uri(uri)
{
    m_retry = new QTimer(this);
    m_retry->setSingleShot(true);
    connect(m_retry, &QTimer::timeout, this, &PgListener::connectNow);
}

PgListener::~PgListener()
{
    delete m_notifier;
    if (m_conn)
        PQfinish(m_conn);
}

void PgListener::start() { connectNow(); }

int PgListener::backendPid() const { return m_conn ? PQbackendPID(m_conn) : 0; }

void PgListener::connectNow()
{
    const QByteArray uri = m_uri.toUtf8();
    const char *keys[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char *values[] = {"5", "ledgerdesk-listener", uri.constData(), nullptr};
    PGconn *conn = PQconnectdbParams(keys, values, 1);
    QString why;
    if (PQstatus(conn) != CONNECTION_OK) {
        why = QString::fromUtf8(PQerrorMessage(conn)).trimmed().section(QLatin1Char('\n'), 0, 0);
    } else {
        const QByteArray listen = QByteArrayLiteral("LISTEN ") + PgConnection::kChannel;
        PGresult *r = PQexec(conn, listen.constData());
        if (PQresultStatus(r) != PGRES_COMMAND_OK)
            why = QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
        PQclear(r);
    }
    if (!why.isEmpty()) {
        PQfinish(conn);
        m_wasLost = true;
        Q_EMIT lost(QStringLiteral("%1: %2").arg(pguri::redacted(m_uri), why), m_backoffMs);
        m_retry->start(m_backoffMs);
        m_backoffMs = std::min(m_backoffMs * 2, kMaxBackoffMs);
        return;
    }
    PQsetnonblocking(conn, 1);
    m_conn = conn;
    m_backoffMs = 250;
    m_notifier = new QSocketNotifier(qintptr(PQsocket(m_conn)), QSocketNotifier::Read);
    connect(m_notifier, &QSocketNotifier::activated, this, &PgListener::readable);
    if (m_wasLost) {
        m_wasLost = false;
        Q_EMIT resumed();
    }
    Q_EMIT listening();
}

void PgListener::dropConnection(const QString &message)
{
    delete m_notifier;
    m_notifier = nullptr;
    PQfinish(m_conn);
    m_conn = nullptr;
    m_wasLost = true;
    Q_EMIT lost(message, m_backoffMs);
    m_retry->start(m_backoffMs);
}

void PgListener::readable()
{
    if (!PQconsumeInput(m_conn) || PQstatus(m_conn) == CONNECTION_BAD) {
        dropConnection(QStringLiteral("%1: connection lost: %2")
                           .arg(pguri::redacted(m_uri), QString::fromUtf8(PQerrorMessage(m_conn)).trimmed().section(QLatin1Char('\n'), 0, 0)));
        return;
    }
    bool any = false;
    while (PGnotify *n = PQnotifies(m_conn)) {
        any = true;
        PQfreemem(n);
    }
    if (any)
        Q_EMIT notified();
}

} // namespace ledger
