#include "connectionguard.h"

#include <QSslSocket>

#include <memory>
#include <type_traits>
#include <unistd.h>

namespace ledger::api {

namespace {
// Counts a socket as open for as long as it lives: a child, so that it goes with the socket even
// after the WebSocket hand-over has cut every signal connection of the socket.
class OpenCount : public QObject {
public:
    OpenCount(QObject *socket, std::shared_ptr<int> open)
        : QObject(socket)
        , m_open(std::move(open))
    {
        setObjectName(QStringLiteral("ledgerd-open-count"));
        ++*m_open;
    }
    ~OpenCount() override { --*m_open; }

private:
    std::shared_ptr<int> m_open;
};

GuardCounts *g_counts = nullptr; // the server's, set by the guarded server (one per process)

QByteArray tooLargeAnswer()
{
    const QByteArray body = R"({"type":"https://ledgerdesk.org/problems/request-too-large","title":"Content Too Large","status":413,)"
                            R"("detail":"a request body may be at most 65536 bytes","code":"request-too-large"})";
    return "HTTP/1.1 413 Content Too Large\r\nContent-Type: application/problem+json\r\nConnection: close\r\nContent-Length: "
         + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}
} // namespace

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const GuardLimits &limits)
    : QObject(socket)
    , m_socket(socket)
    , m_limits(limits)
{
    setObjectName(QStringLiteral("ledgerd-connection-guard"));
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, &ConnectionGuard::onDeadline);
    // Connected before the HTTP server's own readyRead handler, so it runs first.
    connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    socket->setReadBufferSize(limits.maxRequestBytes + 16 * 1024); // memory per connection stays bounded
    m_deadline.start(limits.idleMs);
}

ConnectionGuard *ConnectionGuard::of(QTcpSocket *socket)
{
    return socket ? socket->findChild<ConnectionGuard *>(QStringLiteral("ledgerd-connection-guard"), Qt::FindDirectChildrenOnly) : nullptr;
}

void ConnectionGuard::handling()
{
    m_phase = Phase::Handling;
    m_requestBytes = 0;
    m_deadline.stop();
}

void ConnectionGuard::streaming()
{
    m_phase = Phase::Streaming;
    m_deadline.stop();
}

void ConnectionGuard::answered()
{
    m_phase = Phase::Idle;
    m_deadline.start(m_limits.idleMs);
}

void ConnectionGuard::release()
{
    m_deadline.stop();
    disconnect(m_socket, nullptr, this, nullptr);
    deleteLater();
}

void ConnectionGuard::onReadyRead()
{
    if (m_phase == Phase::Idle) {
        m_phase = Phase::Request;
        m_requestBytes = 0;
        m_deadline.start(m_limits.requestMs);
    }
    // This runs before the server's parser, which reads everything it is given (inside a socket
    // transaction): what is available now is what arrived since. A request that grows past the
    // limit cannot be one ledgerd takes: answer 413 before its body is read further.
    if (m_phase == Phase::Streaming) { // a stream's client has nothing to say
        m_socket->abort();
        return;
    }
    // Counted while a request is handled too: what a client sends meanwhile (the next request)
    // is held by the parser until then, and must stay as bounded.
    m_requestBytes += m_socket->bytesAvailable();
    if (m_phase != Phase::Idle && m_requestBytes > m_limits.maxRequestBytes) {
        if (g_counts)
            ++g_counts->tooLarge;
        m_deadline.stop();
        m_phase = Phase::Handling; // no more deadlines: it is closing
        m_socket->write(tooLargeAnswer());
        m_socket->disconnectFromHost();
    }
}

void ConnectionGuard::onDeadline()
{
    if (m_phase == Phase::Handling || m_phase == Phase::Streaming)
        return;
    if (m_phase == Phase::Request && g_counts)
        ++g_counts->timedOut;
    m_socket->abort();
}

template <typename Base>
GuardedServer<Base>::GuardedServer(const GuardLimits &limits, GuardCounts *counts)
    : m_limits(limits)
    , m_counts(counts)
{
    // A TLS connection counts from its handshake on: one whose handshake fails never reaches
    // nextPendingConnection(), and must not stay counted.
    if constexpr (std::is_same_v<Base, QSslServer>)
        QObject::connect(this, &QSslServer::startedEncryptionHandshake, this, [this](QSslSocket *socket) { track(socket); });
}

template <typename Base> void GuardedServer<Base>::track(QTcpSocket *socket)
{
    if (!socket->findChild<QObject *>(QStringLiteral("ledgerd-open-count"), Qt::FindDirectChildrenOnly))
        new OpenCount(socket, m_open);
}

template <typename Base> QTcpSocket *GuardedServer<Base>::nextPendingConnection()
{
    QTcpSocket *socket = Base::nextPendingConnection();
    if (socket) {
        g_counts = m_counts;
        track(socket);
        new ConnectionGuard(socket, m_limits);
    }
    return socket;
}

template <typename Base> void GuardedServer<Base>::incomingConnection(qintptr descriptor)
{
    if (*m_open >= m_limits.maxConnections) {
        if (m_counts)
            ++m_counts->refusedAtAccept;
        ::close(int(descriptor));
        return;
    }
    Base::incomingConnection(descriptor);
}

template class GuardedServer<QTcpServer>;
template class GuardedServer<QSslServer>;

} // namespace ledger::api
