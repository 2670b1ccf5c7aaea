#pragma once
// What changed on a ledger service, for a console connected to it: ledgerd's change feed
// (GET /v1/feed as a WebSocket, `Authorization: Bearer`, TLS checked against --ca's CAs or the
// system's) says when a transaction finished; the operators' own acts (claims, releases, notes,
// account changes), which the feed does not carry, are seen by reading the newest operator action
// once a second (one row). Both feed the session's ChangeNotifier, so the views refresh as they
// do on a store and cannot tell the difference. A feed that is cut is said (failed) and opened
// again by itself (resumed).
//
// Threading: GUI thread.

#include "backgroundjob.h"
#include "service/httpclient.h"

#include <QObject>
#include <QTimer>
#include <QWebSocket>

namespace ledger {
class ChangeNotifier;
}

namespace ledger::app {

class StoreSession;

class RemoteFeed : public QObject {
    Q_OBJECT
public:
    // Feeds `notifier` (its parent: it ends with it) from the service at `where`.
    RemoteFeed(const ServerLocation &where, StoreSession *session, ChangeNotifier *notifier);
    // The socket says it closes as it is destroyed: no one listens by then.
    ~RemoteFeed() override;

    // The feed's WebSocket address: ws(s)://HOST:PORT/v1/feed.
    static QUrl feedUrl(const QUrl &server);

private:
    void open();
    void onConnected();
    void onDisconnected();
    void checkActions();

    ServerLocation m_where;
    ChangeNotifier *m_notifier;
    QWebSocket m_socket;
    QTimer m_reopen;
    QTimer m_actionsTimer;
    BackgroundJob m_actionsJob;
    std::optional<QString> m_newestAction; // the newest operator action's place, once read
    bool m_everConnected = false;
    bool m_failed = false; // said so, and not yet resumed
};

} // namespace ledger::app
