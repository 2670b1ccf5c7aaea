#pragma once
// `ledgerctl serve --ws`: pushes the change feed to WebSocket clients as transactions finish.
// Each client has its own cursor (from ?since=CURSOR in its URL, else the end of the feed when it
// connects) and is sent every event after it, oldest first, one text message per event — the
// same JSON object as a line of `ledgerctl feed`. The store is polled for commits by its change
// marker (cheap: SQLite's data_version), so a finish reaches clients within a poll interval.
//
// Threading: lives on the thread that runs the event loop, with the Store opened there.

#include "changefeed.h"

#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

class QWebSocket;
class QWebSocketServer;

namespace ledger::cli {

class FeedServer : public QObject {
    Q_OBJECT
public:
    FeedServer(Store &store, QObject *parent = nullptr);
    ~FeedServer() override;

    // Starts listening; the port actually bound (port 0 asks for any free one).
    Result<quint16> listen(const QHostAddress &address, quint16 port);

private:
    struct Client {
        QWebSocket *socket = nullptr;
        FeedCursor cursor;
    };

    void onNewConnection();
    void poll();
    // Sends `client` every event after its cursor; false when the store failed.
    bool catchUp(Client &client);
    void dropClient(QWebSocket *socket);

    Store &m_store;
    int m_scale = 2;
    QWebSocketServer *m_server;
    QTimer m_poll;
    std::optional<qint64> m_lastMarker;
    FeedCursor m_end; // the end of the feed as last seen: where a client without ?since starts
    std::vector<Client> m_clients;
};

// Parses "HOST:PORT" (IPv6 in brackets: "[::1]:8080") into a loopback address and a port.
Result<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text);

} // namespace ledger::cli
