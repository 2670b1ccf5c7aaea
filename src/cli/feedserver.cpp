#include "feedserver.h"

#include "interchange/feedwebsocket.h"
#include "store/open/changenotifier.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketServer>

namespace ledger::cli {

namespace {
constexpr int kPollMs = 100; // how often an SQLite store's change marker is looked at
} // namespace

FeedServer::FeedServer(const StoreConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_server(new QWebSocketServer(QStringLiteral("ledgerctl"), QWebSocketServer::NonSecureMode, this))
    , m_hub(connectorOf(config))
{
    connect(m_server, &QWebSocketServer::newConnection, this, &FeedServer::onNewConnection);
}

FeedServer::~FeedServer() = default;

Result<quint16> FeedServer::listen(const QHostAddress &address, quint16 port)
{
    if (Error e = m_hub.start(); !e.ok())
        return e;
    if (!m_server->listen(address, port))
        return makeError(ErrorCode::ListenFailed,
                         QStringLiteral("cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(m_server->errorString()));
    // Caught up once it watches (what finished since the hub started), then at every change.
    m_notifier = std::make_unique<ChangeNotifier>(m_config, kPollMs);
    connect(m_notifier.get(), &ChangeNotifier::watching, &m_hub, &FeedHub::catchUpAll);
    connect(m_notifier.get(), &ChangeNotifier::changed, &m_hub, &FeedHub::catchUpAll);
    connect(m_notifier.get(), &ChangeNotifier::resumed, &m_hub, &FeedHub::catchUpAll);
    return m_server->serverPort();
}

void FeedServer::onNewConnection()
{
    while (QWebSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        const QUrlQuery query(socket->requestUrl());
        std::optional<QString> since;
        if (query.hasQueryItem(QStringLiteral("since")))
            since = query.queryItemValue(QStringLiteral("since"));
        attachWebSocket(m_hub, socket, since); // refused: said in the stream and closed
    }
}

} // namespace ledger::cli
