#pragma once
// What keeps a hostile client from holding ledgerd: every connection has a deadline. Waiting for
// a request it may idle 60 s (keep-alive); once a request has begun it must be complete within
// 10 s (a client that sends its head or body slowly, or never finishes, is cut); while its
// request is handled the clock stops. A request that grows past 80 KiB (a body over 64 KiB with
// its head) is answered 413 and closed before the rest is read; one between 64 and 80 KiB gets
// its 413 from the front. And the server takes at most
// `maxConnections` at once: more are closed at accept. None of this holds a worker thread.
//
// Threading: the event loop's thread (the server's).

#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <functional>
#include <memory>

namespace ledger::api {

struct GuardLimits {
    int idleMs = 60'000;
    int requestMs = 10'000;
    qint64 maxRequestBytes = 64 * 1024 + 16 * 1024; // the largest body and a generous head
    int maxConnections = 512;
};

class ConnectionGuard : public QObject {
    Q_OBJECT
public:
    ConnectionGuard(QTcpSocket *socket, const GuardLimits &limits);
    // The front took a whole request: the clock stops until it answers.
    void handling();
    // An answer that goes on (the NDJSON feed): no deadline, and a client that sends anything
    // meanwhile is cut.
    void streaming();
    // The answer was written: the connection may idle again.
    void answered();
    // The socket was handed over (a WebSocket): no more deadlines.
    void release();
    static ConnectionGuard *of(QTcpSocket *socket);

private:
    void onReadyRead();
    void onDeadline();

    QTcpSocket *m_socket;
    GuardLimits m_limits;
    QTimer m_deadline;
    enum class Phase { Idle, Request, Handling, Streaming } m_phase = Phase::Idle;
    qint64 m_requestBytes = 0; // received since the request began
};

// The counts the front reports in /metrics.
struct GuardCounts {
    qint64 refusedAtAccept = 0;
    qint64 timedOut = 0;
    qint64 tooLarge = 0;
};

// QTcpServer (or QSslServer) that guards each connection it hands out.
template <typename Base> class GuardedServer : public Base {
public:
    GuardedServer(const GuardLimits &limits, GuardCounts *counts);
    QTcpSocket *nextPendingConnection() override;

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void track(QTcpSocket *socket); // counted until destroyed

    GuardLimits m_limits;
    GuardCounts *m_counts;
    std::shared_ptr<int> m_open = std::make_shared<int>(0); // sockets alive (OpenCount)
};

using GuardedTcpServer = GuardedServer<QTcpServer>;
using GuardedSslServer = GuardedServer<QSslServer>;

} // namespace ledger::api
