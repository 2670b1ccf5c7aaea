#pragma once
// Live change announcements from a PostgreSQL store: a connection of its own that LISTENs on the
// store's channel (every committed write NOTIFYs it, see pgschema.cpp) and says so — no table is
// read and nothing is polled. When the server goes away it reconnects with backoff by itself.
//
// libpq's socket is watched with a QSocketNotifier (rather than QPSQL's
// QSqlDriver::subscribeToNotification) because the store speaks libpq already, and because the
// listener must tell "connection lost" from "no news" to show "reconnecting".
//
// Threading: a QObject for a thread with an event loop (the change notifier's, store/open);
// create it, call start() and destroy it on that thread. Its signals may be connected queued.

#include <QObject>
#include <QString>

struct pg_conn;
class QSocketNotifier;
class QTimer;

namespace ledger {

class PgListener : public QObject {
    Q_OBJECT
public:
    explicit PgListener(const QString &uri, QObject *parent = nullptr);
    ~PgListener() override;

    // Connects and LISTENs (and keeps reconnecting when that fails or the connection breaks).
    void start();
    bool isListening() const { return m_conn != nullptr; }
    // The server process id of the listening session (0 when not connected): tests end it with
    // pg_terminate_backend to show the listener coming back.
    int backendPid() const;

Q_SIGNALS:
    // Something was committed to the store (several commits may come as one).
    void notified();
    // The connection broke or could not be made; retrying in `retryMs`.
    void lost(const QString &message, int retryMs);
    // Listening again after lost() (changes meanwhile were not announced: read everything again).
    void resumed();
    // LISTEN is in place (each time it is, after resumed()): every commit from now on is announced.
    void listening();

private:
    void connectNow();
    void readable();
    void dropConnection(const QString &message);

    QString m_uri;
    pg_conn *m_conn = nullptr;
    QSocketNotifier *m_notifier = nullptr;
    QTimer *m_retry = nullptr;
    int m_backoffMs = 250;
    bool m_wasLost = false;
};

} // namespace ledger
