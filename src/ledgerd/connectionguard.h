#pragma once
// What keeps a hostile or careless client from holding ledgerd, per connection:
// - Deadlines. Waiting for a request it may idle 60 s (keep-alive); once a request has begun it
//   must be complete within 10 s (a client that sends its head or body slowly, or never finishes,
//   is cut); while its request is handled the clock stops.
// - Framing (httpframing.h). Every byte is read by a RequestFramer before Qt's parser reads it: a
//   request two readers could frame differently, one too large (413 from its Content-Length,
//   before its body is read) or malformed is refused — answered after the answers owed before it,
//   with `Connection: close` — and Qt's parser never sees it nor anything after it. The framer
//   also says, for each request Qt hands over, its HTTP version and whether the connection ends
//   after it (`takeHead`). What a client pipelines while a request is handled is bounded too.
// - Counts. At most `maxConnections` at once, and `maxPerClient` from one address
//   (clientlimits.h): more are closed at accept, unanswered.
// None of this holds a worker thread.
//
// How the framer stays in step with Qt's parser: both are slots of the socket's readyRead, the
// guard's connected first. Qt's reads, on each signal, up to the end of one request (or all there
// is, when that request is not whole yet) and leaves the rest in the socket's buffer — so the
// guard knows where Qt stands (`m_consumed`) and hands the framer only the bytes it has not seen.
//
// Threading: the event loop's thread (the server's).

#include "httpframing.h"

#include <QHash>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <functional>
#include <memory>

namespace ledger::api {

struct GuardLimits {
    int firstByteMs = 10'000; // a new connection must begin a request within this (an idle one held a slot 60 s)
    int idleMs = 60'000;
    int requestMs = 10'000;
    qint64 maxRequestBytes = 64 * 1024 + 16 * 1024; // the largest body and head: bounds what is pipelined meanwhile
    int maxConnections = 512;
    int maxPerClient = 64;
};

// The counts the front reports in /metrics.
struct GuardCounts {
    qint64 refusedAtAccept = 0;  // the connection limit
    qint64 refusedPerClient = 0; // one address's share
    qint64 timedOut = 0;
    qint64 tooLarge = 0;  // 413, before the body was read
    qint64 malformed = 0; // refused by the framing (400, 411, 431, 505)
    qint64 unread = 0;    // ended: answers left unread past kMaxUnsentBytes
};

// How the front answers a refusal: after what it owes the connection, then closed.
using RefuseConnection = std::function<void(QTcpSocket *, const FramingRefusal &)>;

class ConnectionGuard : public QObject {
    Q_OBJECT
public:
    ConnectionGuard(QTcpSocket *socket, const GuardLimits &limits, GuardCounts *counts, RefuseConnection refuse);
    // The front took a whole request: the clock stops until it answers. Its head as the framer
    // read it (if it has none, one that ends the connection).
    FramedHead handling();
    // An answer that goes on (the NDJSON feed): no deadline, and a client that sends anything
    // meanwhile is cut.
    void streaming();
    // The answer was written: the connection may idle again.
    void answered();
    // The socket was handed over (a WebSocket): no more deadlines.
    void release();
    // Nothing more is read from this connection: it closes once answered (Connection: close, a
    // refusal). Qt's parser stops reading it too.
    void stopReading();
    static ConnectionGuard *of(QTcpSocket *socket);

private:
    void onReadyRead();
    void onDeadline();
    void refuse(const FramingRefusal &refusal);

    QTcpSocket *m_socket;
    GuardLimits m_limits;
    GuardCounts *m_counts;
    RefuseConnection m_refuse;
    QTimer m_deadline;
    enum class Phase { Idle, Request, Handling, Streaming } m_phase = Phase::Idle;
    qint64 m_requestBytes = 0; // received since the request began
    RequestFramer m_framer;
    qint64 m_consumed = 0; // of the stream, what Qt's parser has read
    bool m_reading = true;
};

// What a connection may owe its client unread: a client that sends requests and reads none of the
// answers would otherwise hold them all in memory (64 KiB of /openapi.json for each 31-byte ask).
constexpr qint64 kMaxUnsentBytes = 512 * 1024;

// Ends a connection once what was written to it is out, without losing it: closing a socket with
// unread bytes makes the kernel send RST, and a client still sending a body (one refused from its
// Content-Length) may then never read its answer. So the sending side is shut once the answer is
// out, and what the client still sends is read and dropped until it closes — at most 5 s (a
// lingering close). Nothing read after this is a request.
void closeLingering(QTcpSocket *socket);

// QTcpServer (or QSslServer) that guards each connection it hands out.
template <typename Base> class GuardedServer : public Base {
public:
    GuardedServer(const GuardLimits &limits, GuardCounts *counts, RefuseConnection refuse);
    QTcpSocket *nextPendingConnection() override;

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void track(QTcpSocket *socket); // counted until destroyed

    GuardLimits m_limits;
    GuardCounts *m_counts;
    RefuseConnection m_refuse;
    struct Open {
        int all = 0;
        QHash<QByteArray, int> perClient;
    };
    std::shared_ptr<Open> m_open = std::make_shared<Open>(); // sockets alive (OpenCount)
};

using GuardedTcpServer = GuardedServer<QTcpServer>;
using GuardedSslServer = GuardedServer<QSslServer>;

} // namespace ledger::api
