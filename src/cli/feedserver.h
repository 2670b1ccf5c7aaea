#pragma once
// `ledgerctl serve --ws`: pushes the change feed to WebSocket clients as transactions finish.
// Each client is a subscriber of a FeedHub (interchange/feedhub.h: its own cursor from
// ?since=CURSOR, one text message per event). The store's change notifier says when something
// was committed (a PostgreSQL store announces it; an SQLite file's change marker is polled), and
// every client is caught up then.
//
// Threading: lives on the thread that runs the event loop (the hub reads on its own thread).

#include "interchange/feedhub.h"
#include "store/open/storeconfig.h"

#include <QHostAddress>
#include <QObject>

#include <memory>

class QWebSocket;
class QWebSocketServer;

namespace ledger {
class ChangeNotifier;
}

namespace ledger::cli {

class FeedServer : public QObject {
    Q_OBJECT
public:
    // `config` names the store: the hub reads it with its own connection, the change notifier
    // watches it with another.
    explicit FeedServer(const StoreConfig &config, QObject *parent = nullptr);
    ~FeedServer() override;

    // Starts listening; the port actually bound (port 0 asks for any free one).
    Result<quint16> listen(const QHostAddress &address, quint16 port);

private:
    void onNewConnection();

    StoreConfig m_config;
    QWebSocketServer *m_server;
    FeedHub m_hub;
    std::unique_ptr<ChangeNotifier> m_notifier; // from listen() on
};

} // namespace ledger::cli
