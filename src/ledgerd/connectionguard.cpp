#include "connectionguard.h"

#include "clientlimits.h"

#include <QSslSocket>

#include <memory>
#include <type_traits>
#include <sys/socket.h>
#include <unistd.h>

namespace ledger::api {

namespace {

// Counts a socket as open, for its address too, for as long as it lives: a child, so that it goes
// with the socket even after the WebSocket hand-over has cut every signal connection of the socket.
template <typename Open> class OpenCount : public QObject {
public:
    OpenCount(QObject *socket, std::shared_ptr<Open> open, QByteArray client)
        : QObject(socket)
        , m_open(std::move(open))
        , m_client(std::move(client))
    {
        setObjectName(QStringLiteral("ledgerd-open-count"));
        ++m_open->all;
        ++m_open->perClient[m_client];
    }
    ~OpenCount() override
    {
        --m_open->all;
        if (--m_open->perClient[m_client] <= 0)
            m_open->perClient.remove(m_client);
    }

private:
    std::shared_ptr<Open> m_open;
    QByteArray m_client;
};

// The address at the other end of an accepted descriptor, before any socket object is made for it.
QHostAddress peerOf(qintptr descriptor)
{
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (::getpeername(int(descriptor), reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return {};
    return QHostAddress(reinterpret_cast<const sockaddr *>(&address));
}

} // namespace

void closeLingering(QTcpSocket *socket)
{
    if (socket->property("ledgerd-lingering").toBool())
        return;
    socket->setProperty("ledgerd-lingering", true);
    QObject::disconnect(socket, &QIODevice::readyRead, nullptr, nullptr);
    if (socket->isTransactionStarted()) // Qt's parser's: what it read is dropped, not kept
        socket->commitTransaction();
    QObject::connect(socket, &QIODevice::readyRead, socket, [socket] { socket->readAll(); });
    socket->readAll();
    const auto shut = [socket] {
        if (socket->state() != QAbstractSocket::ConnectedState)
            return;
        // TLS has its own closing message; a plain socket is half-closed, so the client sees the
        // end of the answer and closes its side.
        if (qobject_cast<QSslSocket *>(socket) || ::shutdown(int(socket->socketDescriptor()), SHUT_WR) != 0)
            socket->disconnectFromHost();
    };
    if (socket->bytesToWrite() == 0)
        shut();
    else
        QObject::connect(socket, &QIODevice::bytesWritten, socket, [socket, shut] {
            if (socket->bytesToWrite() == 0)
                shut();
        });
    QTimer::singleShot(5'000, socket, [socket] { socket->abort(); });
}

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const GuardLimits &limits, GuardCounts *counts, RefuseConnection refuse)
    : QObject(socket)
    , m_socket(socket)
    , m_limits(limits)
    , m_counts(counts)
    , m_refuse(std::move(refuse))
{
    setObjectName(QStringLiteral("ledgerd-connection-guard"));
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, &ConnectionGuard::onDeadline);
    // Connected before the HTTP server's own readyRead handler, so it runs first.
    connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    socket->setReadBufferSize(limits.maxRequestBytes + 16 * 1024); // memory per connection stays bounded
    m_deadline.start(limits.firstByteMs);
}

ConnectionGuard *ConnectionGuard::of(QTcpSocket *socket)
{
    return socket ? socket->findChild<ConnectionGuard *>(QStringLiteral("ledgerd-connection-guard"), Qt::FindDirectChildrenOnly) : nullptr;
}

FramedHead ConnectionGuard::handling()
{
    m_phase = Phase::Handling;
    m_requestBytes = 0;
    m_deadline.stop();
    if (m_framer.hasHead())
        return m_framer.takeHead();
    // Qt handed over a request the framer did not read whole: they disagree, which must not
    // happen. Answer it and end the connection rather than guess where the next one begins.
    FramedHead unknown;
    unknown.keepAlive = false;
    return unknown;
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

void ConnectionGuard::stopReading()
{
    if (!m_reading)
        return;
    m_reading = false;
    // Every reader of this socket's bytes, Qt's parser with it: what is still in the buffer, or
    // comes after, is never a request.
    QObject::disconnect(m_socket, &QIODevice::readyRead, nullptr, nullptr);
}

void ConnectionGuard::refuse(const FramingRefusal &refusal)
{
    if (m_counts)
        ++(refusal.status == 413 ? m_counts->tooLarge : m_counts->malformed);
    stopReading();
    m_deadline.stop();
    m_phase = Phase::Handling; // no more deadlines: it closes once answered
    if (m_refuse)
        m_refuse(m_socket, refusal);
    else
        m_socket->abort();
}

void ConnectionGuard::onReadyRead()
{
    if (!m_reading)
        return;
    if (m_phase == Phase::Streaming) { // a stream's client has nothing to say
        // Before Qt's parser would read the aborted socket (a warning on stderr each time).
        stopReading();
        m_socket->abort();
        return;
    }
    if (m_phase == Phase::Idle) {
        m_phase = Phase::Request;
        m_requestBytes = 0;
        m_deadline.start(m_limits.requestMs);
    }
    // What Qt's parser has not read is [m_consumed, received); the framer has seen it up to
    // its own received().
    const qint64 available = m_socket->bytesAvailable();
    const qint64 received = m_consumed + available;
    if (received > m_framer.received() && !m_framer.done()) {
        const QByteArray unread = m_socket->peek(available);
        const qint64 seen = m_framer.received() - m_consumed;
        m_framer.feed(QByteArrayView(unread).sliced(seen));
        m_requestBytes += unread.size() - seen;
    }
    if (m_framer.refusal() && m_consumed >= m_framer.refusedAt()) {
        refuse(*m_framer.refusal()); // Qt's parser would read the refused request next: it never does
        return;
    }
    // Counted while a request is handled too: what a client sends meanwhile (the next requests)
    // is read by the parser and queued, and must stay as bounded.
    if (m_phase != Phase::Idle && m_requestBytes > m_limits.maxRequestBytes) {
        refuse(FramingRefusal{413, QStringLiteral("request-too-large"),
                              QStringLiteral("at most %1 bytes may be sent ahead of an answer").arg(m_limits.maxRequestBytes)});
        return;
    }
    // Qt's parser runs next on this signal and reads up to the end of one request.
    m_consumed = m_framer.consumedFrom(m_consumed);
    if (m_consumed > received)
        m_consumed = received;
}

void ConnectionGuard::onDeadline()
{
    if (m_phase == Phase::Handling || m_phase == Phase::Streaming)
        return;
    if (m_phase == Phase::Request && m_counts)
        ++m_counts->timedOut;
    m_socket->abort();
}

template <typename Base>
GuardedServer<Base>::GuardedServer(const GuardLimits &limits, GuardCounts *counts, RefuseConnection refuse)
    : m_limits(limits)
    , m_counts(counts)
    , m_refuse(std::move(refuse))
{
    // A TLS connection counts from its handshake on: one whose handshake fails never reaches
    // nextPendingConnection(), and must not stay counted.
    if constexpr (std::is_same_v<Base, QSslServer>)
        QObject::connect(this, &QSslServer::startedEncryptionHandshake, this, [this](QSslSocket *socket) { track(socket); });
}

template <typename Base> void GuardedServer<Base>::track(QTcpSocket *socket)
{
    if (!socket->findChild<QObject *>(QStringLiteral("ledgerd-open-count"), Qt::FindDirectChildrenOnly))
        new OpenCount<Open>(socket, m_open, clientKey(socket->peerAddress()));
}

template <typename Base> QTcpSocket *GuardedServer<Base>::nextPendingConnection()
{
    QTcpSocket *socket = Base::nextPendingConnection();
    if (socket) {
        track(socket);
        new ConnectionGuard(socket, m_limits, m_counts, m_refuse);
    }
    return socket;
}

template <typename Base> void GuardedServer<Base>::incomingConnection(qintptr descriptor)
{
    const bool full = m_open->all >= m_limits.maxConnections;
    if (full || m_open->perClient.value(clientKey(peerOf(descriptor))) >= m_limits.maxPerClient) {
        if (m_counts)
            ++(full ? m_counts->refusedAtAccept : m_counts->refusedPerClient);
        ::close(int(descriptor));
        return;
    }
    Base::incomingConnection(descriptor);
}

template class GuardedServer<QTcpServer>;
template class GuardedServer<QSslServer>;

} // namespace ledger::api
