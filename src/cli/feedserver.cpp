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
