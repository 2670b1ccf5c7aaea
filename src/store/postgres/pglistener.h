#pragma once
// Live change announcements from a PostgreSQL store: a connection of its own that LISTENs on the
// store's channel (every commit point is followed by a doorbell that NOTIFYs it, see
// pgconnection.cpp) and says so — no table is
// read and nothing is polled. When the server goes away it reconnects with backoff by itself.
//
// Nothing here ever waits: the connection is made with libpq's non-blocking connect
// (PQconnectStartParams/PQconnectPoll, TLS handshake included) and LISTEN is sent with
// PQsendQuery, each step run when a QSocketNotifier says the socket is ready. So one slow or dead
// server never delays the listeners of other servers on the same thread, nor that thread's event
// loop (the console's GUI, feed --follow, serve --ws), and destroying a listener is immediate.
// The one step libpq does not split is its start: PQconnectStartParams looks the host name up
// (and reads a service file) before it returns, so a slow name server would hold the thread; it
// runs on a short-lived thread of its own, which hands the started connection back (or closes
// it, when the listener has moved on or is gone).
// A host that does not answer within kConnectTimeoutMs is given up and the next host of a
// multi-host location tried (libpq's non-blocking connect would wait on it for ever).
//
// libpq's socket is watched directly (rather than through QPSQL's subscribeToNotification)
// because the store speaks libpq already, and because the listener must tell "connection lost"
// from "no news" to show "reconnecting".
//
// Threading: a QObject for a thread with an event loop (the change notifier's, store/open);
// create it, call start() and destroy it on that thread. Its signals may be connected queued.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <memory>

struct pg_conn;
class QSocketNotifier;
class QTimer;

namespace ledger {

class PgListener : public QObject {
    Q_OBJECT
public:
    // How long one host may take to let us in and LISTEN before the next is tried.
    static constexpr int kConnectTimeoutMs = 5000;

    explicit PgListener(const QString &location, QObject *parent = nullptr);
    ~PgListener() override;

    // Starts connecting (returns at once); keeps reconnecting when that fails or the connection breaks.
    void start();
    // Whether LISTEN is in place now.
    bool isListening() const { return m_phase == Phase::Listening; }
    // The server process id of the listening session (0 when not listening): tests end it with
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
    // `server`: the host and port that let us in ("db2.example.com:5432", "/run/postgresql:5432"),
    // which after a failover is another member of the location's hosts.
    void listening(const QString &server);

private:
    enum class Phase { Idle, Starting, Connecting, SendingListen, AwaitingListen, Listening };
    struct StartJob; // a connection being started off this thread (pglistener.cpp)

    void connectNow();
    void tryHost();
    // On this thread: the start of tryHost()'s connection is done.
    void started(const std::shared_ptr<StartJob> &job);
    // The start in flight, if any, is not wanted any more: its connection is closed.
    void abandonStart();
    void poll();
    void socketReady();
    void listenAnswered();
    // notified() once for whatever announcements libpq has read.
    void announceNotifications();
    void hostTimedOut();
    void hostFailed(const QString &why);
    void dropConnection(const QString &message);
    void watch(bool forWriting);
    void closeConnection();
    void dropNotifier();
    QString errorText() const;

    QString m_location;
    QList<QList<QPair<QByteArray, QByteArray>>> m_hosts; // pguri::hostByHost (found by the first start)
    int m_host = 0;                                      // the one being tried
    QStringList m_failures;                              // of this round's hosts, to say when all failed
    pg_conn *m_conn = nullptr;
    std::shared_ptr<StartJob> m_start; // while Starting
    Phase m_phase = Phase::Idle;
    QSocketNotifier *m_notifier = nullptr;
    QTimer *m_retry = nullptr;
    QTimer *m_hostTimeout = nullptr;
    int m_backoffMs = 250;
    bool m_wasLost = false;
};

} // namespace ledger
