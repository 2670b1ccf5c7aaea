#include "interchange/feedwebsocket.h"

#include <QPointer>
#include <QWebSocket>

namespace ledger {

void attachWebSocket(FeedHub &hub, QWebSocket *socket, const std::optional<QString> &since)
{
    QPointer<QWebSocket> alive(socket);
    FeedHub::Sink sink;
    sink.send = [alive](const QByteArray &line) {
        if (!alive || alive->state() != QAbstractSocket::ConnectedState)
            return false;
        alive->sendTextMessage(QString::fromUtf8(line));
        return true;
    };
    sink.unsent = [alive] { return alive ? alive->bytesToWrite() : qint64(0); };
    sink.cut = [alive] {
        if (alive)
            alive->abort();
    };
    sink.refused = [alive](const Error &e) {
        if (alive)
            refuseWebSocket(alive, e);
    };
    auto id = hub.subscribe(since, std::move(sink));
    if (!id.ok()) {
        refuseWebSocket(socket, id.error());
        return;
    }
    QObject::connect(socket, &QWebSocket::bytesWritten, &hub, [&hub, id = *id] { hub.drained(id); });
    QObject::connect(socket, &QWebSocket::disconnected, &hub, [&hub, id = *id] { hub.unsubscribe(id); });
    QObject::connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
}

void refuseWebSocket(QWebSocket *socket, const Error &error)
{
    socket->sendTextMessage(QString::fromUtf8(FeedHub::errorLine(error)));
    socket->close(QWebSocketProtocol::CloseCodePolicyViolated, codeWord(error.code));
    socket->deleteLater();
}

} // namespace ledger
