#include "feedserver.h"

#include "store/open/changenotifier.h"

#include <QJsonDocument>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketServer>

namespace ledger::cli {

namespace {
// How often an SQLite store's change marker is looked at; after a failed read, when to try again.
constexpr int kPollMs = 100;
constexpr int kRetryMs = 1000;
constexpr int kPage = 500;

QString lineOf(const QJsonObject &object) { return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)); }
} // namespace

FeedServer::FeedServer(Store &store, const StoreConfig &config, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_scale(store.scale())
    , m_config(config)
    , m_server(new QWebSocketServer(QStringLiteral("ledgerctl"), QWebSocketServer::NonSecureMode, this))
    , m_end(FeedCursor::start(store.shardCount()))
{
    connect(m_server, &QWebSocketServer::newConnection, this, &FeedServer::onNewConnection);
    connect(&m_retry, &QTimer::timeout, this, &FeedServer::catchUpAll);
    m_retry.setSingleShot(true);
    m_retry.setInterval(kRetryMs);
}

FeedServer::~FeedServer() = default;

Result<quint16> FeedServer::listen(const QHostAddress &address, quint16 port)
{
    auto end = feedEnd(m_store, m_end);
    if (!end.ok())
        return end.error();
    m_end = *end;
    if (!m_server->listen(address, port))
        return makeError(ErrorCode::ListenFailed,
                         QStringLiteral("cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(m_server->errorString()));
    // Caught up once it watches (what finished since feedEnd above), then at every change.
    m_notifier = std::make_unique<ChangeNotifier>(m_config, kPollMs);
    connect(m_notifier.get(), &ChangeNotifier::watching, this, &FeedServer::catchUpAll);
    connect(m_notifier.get(), &ChangeNotifier::changed, this, &FeedServer::catchUpAll);
    connect(m_notifier.get(), &ChangeNotifier::resumed, this, &FeedServer::catchUpAll);
    return m_server->serverPort();
}

void FeedServer::onNewConnection()
{
    while (QWebSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QWebSocket::disconnected, this, [this, socket] { dropClient(socket); });
        const QUrlQuery query(socket->requestUrl());
        Client client;
        client.socket = socket;
        if (query.hasQueryItem(QStringLiteral("since"))) {
            auto cursor = FeedCursor::parse(query.queryItemValue(QStringLiteral("since")), m_store.shardCount());
            if (!cursor.ok()) {
                // Said in the stream too, so a client sees why it was closed.
                socket->sendTextMessage(
                    lineOf(QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), codeWord(cursor.code())},
                                                                             {QStringLiteral("message"), cursor.error().message}}}}));
                socket->close(QWebSocketProtocol::CloseCodePolicyViolated, codeWord(cursor.code()));
                continue;
            }
            client.cursor = *cursor;
        } else {
            auto end = feedEnd(m_store, m_end);
            if (end.ok())
                m_end = *end;
            client.cursor = m_end;
        }
        m_clients.push_back(client);
        catchUp(m_clients.back());
    }
}

bool FeedServer::catchUp(Client &client)
{
    for (;;) {
        auto events = readFeed(m_store, client.cursor, kPage);
        if (!events.ok()) {
            qWarning("%s", qPrintable(events.error().toString()));
            return false;
        }
        for (const FeedEvent &e : *events)
            client.socket->sendTextMessage(lineOf(feedEventJson(e, m_scale)));
        if (!events->isEmpty())
            client.cursor = events->last().cursor;
        if (events->size() < kPage)
            return true;
    }
}

void FeedServer::catchUpAll()
{
    for (Client &client : m_clients) {
        if (!catchUp(client)) {
            m_retry.start();
            return;
        }
    }
}

void FeedServer::dropClient(QWebSocket *socket)
{
    m_clients.erase(std::remove_if(m_clients.begin(), m_clients.end(), [socket](const Client &c) { return c.socket == socket; }),
                    m_clients.end());
    socket->deleteLater();
}

Result<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text)
{
    const auto bad = [&](const QString &why) {
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--ws %1: %2 (like 127.0.0.1:8765)").arg(text.left(80), why));
    };
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return bad(QStringLiteral("not HOST:PORT"));
    QString host = text.left(colon);
    const QString portText = text.mid(colon + 1);
    bool ok = false;
    const uint port = portText.toUInt(&ok);
    const bool digits =
        !portText.isEmpty() && std::all_of(portText.cbegin(), portText.cend(), [](QChar c) { return c.isDigit() && c.unicode() < 128; });
    if (!ok || !digits || port > 65535)
        return bad(QStringLiteral("the port is not a whole number from 0 to 65535"));
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    QHostAddress address;
    if (host == QLatin1String("localhost"))
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(host))
        return bad(QStringLiteral("%1 is not an IP address").arg(host.left(60)));
    // The feed carries every transfer and has no authentication: never on a public interface.
    if (!address.isLoopback())
        return bad(QStringLiteral("%1 is not a loopback address; the feed has no authentication").arg(address.toString()));
    return std::pair{address, quint16(port)};
}

} // namespace ledger::cli
