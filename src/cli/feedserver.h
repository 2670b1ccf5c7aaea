#pragma once
// `ledgerctl serve --ws`: pushes the change feed to WebSocket clients as transactions finish.
// Each client has its own cursor (from ?since=CURSOR in its URL, else the end of the feed when it
// connects) and is sent every event after it, oldest first, one text message per event — the
// same JSON object as a line of `ledgerctl feed`. The store's change notifier says when something
// was committed (a PostgreSQL store announces it; an SQLite file's change marker is polled), and
// every client is caught up then.
//
// Threading: lives on the thread that runs the event loop, with the Store opened there.

#include "interchange/changefeed.h"
#include "store/open/storeconfig.h"

#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

class QWebSocket;
class QWebSocketServer;

namespace ledger {
class ChangeNotifier;
}

namespace ledger::cli {

class FeedServer : public QObject {
    Q_OBJECT
public:
    // `config` names the same store, for the change notifier's own connection.
    FeedServer(Store &store, const StoreConfig &config, QObject *parent = nullptr);
    ~FeedServer() override;

    // Starts listening; the port actually bound (port 0 asks for any free one).
    Result<quint16> listen(const QHostAddress &address, quint16 port);

private:
    struct Client {
        QWebSocket *socket = nullptr;
        FeedCursor cursor;
    };

    void onNewConnection();
    // Catches every client up; on a failure, tries again shortly.
    void catchUpAll();
    // Sends `client` every event after its cursor; false when the store failed.
    bool catchUp(Client &client);
    void dropClient(QWebSocket *socket);

    Store &m_store;
    int m_scale = 2;
    StoreConfig m_config;
    QWebSocketServer *m_server;
    std::unique_ptr<ChangeNotifier> m_notifier; // from listen() on
    QTimer m_retry;
    FeedCursor m_end; // the end of the feed as last seen: where a client without ?since starts
    std::vector<Client> m_clients;
};

// Parses "HOST:PORT" (IPv6 in brackets: "[::1]:8080") into a loopback address and a port.
Result<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text);

} // namespace ledger::cli
