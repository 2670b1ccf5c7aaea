// ledgerd's change feed on the API's port: GET /v1/feed as a WebSocket upgrade or NDJSON
// streamed to a plain GET, both subscribers of one FeedHub (interchange/feedhub.h).
#include "httpfront.h"

#include "problem.h"

#include "interchange/feedwebsocket.h"

#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QUrlQuery>
#include <QWebSocket>

namespace ledger::api {

namespace {
// How often at most a WebSocket that asked for changes is told of them.
constexpr int kChangeTickMs = 100;
const QString kChangedMessage = QStringLiteral(R"({"changed":true})");
} // namespace

void HttpFront::watchToken(QObject *stream, const QByteArray &authorization, std::function<void()> cut)
{
    if (!m_options.tokens)
        return; // loopback, no tokens: nothing to revoke
    const QByteArray trimmed = authorization.trimmed();
    m_tokenedFeeds.append({stream, trimmed.mid(trimmed.indexOf(' ') + 1).trimmed(), std::move(cut)});
    connect(stream, &QObject::destroyed, this, [this, stream] {
        m_tokenedFeeds.removeIf([stream](const TokenedFeed &feed) { return feed.stream.isNull() || feed.stream == stream; });
        if (m_tokenedFeeds.isEmpty())
            m_tokensWatch.stop();
    });
    if (!m_tokensWatch.isActive()) {
        m_tokensWatch.setInterval(1000);
        connect(&m_tokensWatch, &QTimer::timeout, this, &HttpFront::currentTokens, Qt::UniqueConnection);
        m_tokensWatch.start();
    }
}

Result<FeedHub *> HttpFront::feedHub()
{
    if (!m_feedHub) {
        auto hub = std::make_unique<FeedHub>(m_options.connect);
        if (Error e = hub->start(); !e.ok())
            return e;
        m_feedHub = std::move(hub);
        // As `ledgerctl serve`: a PostgreSQL store announces its commits, a file is polled.
        m_feedNotifier = std::make_unique<ChangeNotifier>(m_options.config, 100);
        connect(m_feedNotifier.get(), &ChangeNotifier::watching, m_feedHub.get(), &FeedHub::catchUpAll);
        connect(m_feedNotifier.get(), &ChangeNotifier::changed, m_feedHub.get(), &FeedHub::catchUpAll);
        connect(m_feedNotifier.get(), &ChangeNotifier::resumed, m_feedHub.get(), &FeedHub::catchUpAll);
        m_changeTick.setSingleShot(true);
        m_changeTick.setInterval(kChangeTickMs);
        connect(m_feedNotifier.get(), &ChangeNotifier::changed, &m_changeTick, [this] {
            if (!m_changeTick.isActive())
                m_changeTick.start();
        });
    }
    return m_feedHub.get();
}

void HttpFront::onWebSocket()
{
    while (hasPendingWebSocketConnections()) {
        QWebSocket *socket = nextPendingWebSocketConnection().release();
        socket->setParent(this);
        m_metrics.request(QStringLiteral("/v1/feed"), 101);
        const QUrlQuery query(socket->requestUrl());
        auto hub = feedHub();
        if (!hub.ok()) {
            refuseWebSocket(socket, hub.error());
            continue;
        }
        std::optional<QString> since;
        if (query.hasQueryItem(QStringLiteral("since")))
            since = query.queryItemValue(QStringLiteral("since"), QUrl::FullyDecoded);
        const QString changes = query.queryItemValue(QStringLiteral("changes"), QUrl::FullyDecoded);
        if (!changes.isEmpty() && changes != QLatin1String("true") && changes != QLatin1String("false")) {
            refuseWebSocket(socket, makeError(ErrorCode::InvalidArgument,
                                              QStringLiteral("changes is true or false, not \"%1\"").arg(changes.left(40))));
            continue;
        }
        attachWebSocket(**hub, socket, since); // refused: said in the stream and closed
        // Upgraded once its token checked (authenticate): closed if it is revoked.
        QPointer<QWebSocket> open(socket);
        watchToken(socket, socket->request().rawHeader("Authorization"), [open] {
            if (open)
                open->close(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("unauthorized: the token was revoked"));
        });
        // Every write of the store besides the finishes (claims, notes, repairs, account changes),
        // as the store's own change notices tell a console on it; the socket ends the connection.
        if (changes == QLatin1String("true"))
            connect(&m_changeTick, &QTimer::timeout, socket, [socket] { socket->sendTextMessage(kChangedMessage); });
    }
}

// NDJSON to a plain GET, chunked: every event after `since` (default: from now on), one line
// each, then — unless follow=false — every one that finishes, as long as the client stays.
// An HTTP/1.0 client cannot read chunks: its stream has no framing and ends when the connection does.
void HttpFront::streamFeed(const QHttpServerRequest &request, QTcpSocket *socket, const ApiRequest &r, const FramedHead &head)
{
    const QByteArray connection = !head.keepAlive ? "close" : head.minorVersion == 0 ? "keep-alive" : "";
    for (const auto &item : r.query.queryItems())
        if (item.first != QLatin1String("since") && item.first != QLatin1String("follow")) {
            answerNow(
                request, socket, QStringLiteral("/v1/feed"),
                problem(makeError(ErrorCode::InvalidArgument,
                                  QStringLiteral("unknown parameter \"%1\"; the parameters are since, follow").arg(item.first.left(40)))),
                connection);
            return;
        }
    const QString follow = r.query.queryItemValue(QStringLiteral("follow"), QUrl::FullyDecoded);
    if (!follow.isEmpty() && follow != QLatin1String("true") && follow != QLatin1String("false")) {
        answerNow(
            request, socket, QStringLiteral("/v1/feed"),
            problem(makeError(ErrorCode::InvalidArgument, QStringLiteral("follow is true or false, not \"%1\"").arg(follow.left(40)))),
            connection);
        return;
    }
    auto hub = feedHub();
    if (!hub.ok()) {
        answerNow(request, socket, QStringLiteral("/v1/feed"), problem(hub.error()), connection);
        return;
    }
    std::optional<QString> since;
    if (r.query.hasQueryItem(QStringLiteral("since")))
        since = r.query.queryItemValue(QStringLiteral("since"), QUrl::FullyDecoded);
    // The head goes out with the first write; a bad cursor must be answered before it.
    if (since) {
        if (auto cursor = FeedCursor::parse(*since, (*hub)->shardCount()); !cursor.ok()) {
            answerNow(request, socket, QStringLiteral("/v1/feed"), problem(cursor.error()), connection);
            return;
        }
    }
    if (auto *guard = ConnectionGuard::of(socket))
        guard->streaming(); // no deadline: it lasts as long as the client reads
    const bool chunked = head.minorVersion >= 1;
    // A stream ends its connection (Connection: close): the guard cuts a streaming client that
    // sends anything, so a request pipelined behind a follow=false stream would cut it mid-way.
    socket->write(chunked ? QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n"
                                       "Cache-Control: no-store\r\nConnection: close\r\n\r\n")
                          : QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nCache-Control: no-store\r\n"
                                       "Connection: close\r\n\r\n"));
    m_metrics.request(QStringLiteral("/v1/feed"), 200);
    QPointer<QTcpSocket> alive(socket);
    FeedHub::Sink sink;
    sink.send = [alive, chunked](const QByteArray &line) {
        if (!alive || alive->state() != QAbstractSocket::ConnectedState)
            return false;
        alive->write(chunked ? QByteArray::number(line.size() + 1, 16) + "\r\n" + line + "\n\r\n" : line + '\n');
        return true;
    };
    sink.unsent = [alive] { return alive ? alive->bytesToWrite() : qint64(0); };
    sink.cut = [alive] {
        if (alive)
            alive->abort();
    };
    sink.refused = [alive](const Error &e) { // the head is out: cut without the last chunk, so that it reads as broken
        qWarning("ledgerd: the feed could not be read: %s", qPrintable(e.toString()));
        if (alive)
            alive->abort();
    };
    if (follow == QLatin1String("false"))
        sink.caughtUp = [alive, chunked] { // the feed as it is now, then the stream's end
            if (!alive)
                return false;
            if (chunked)
                alive->write("0\r\n\r\n");
            closeLingering(alive);
            return false;
        };
    auto id = (*hub)->subscribe(since, std::move(sink));
    if (!id.ok()) { // the cursor was checked above: not expected
        socket->abort();
        return;
    }
    watchToken(socket, r.headers.value("authorization"), [alive] { // revoked: cut, without the last chunk
        if (alive)
            alive->abort();
    });
    connect(socket, &QTcpSocket::bytesWritten, this, [this, id = *id] {
        if (m_feedHub)
            m_feedHub->drained(id);
    });
    connect(socket, &QTcpSocket::disconnected, this, [this, id = *id] {
        if (m_feedHub)
            m_feedHub->unsubscribe(id);
    });
}

} // namespace ledger::api
