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
    // The token was refused (revoked, or the server's tokens changed): the feed stopped asking,
    // for every refused call counts against the address's allowance of wrong tokens (ledgerd
    // throttles them), which every client behind that address shares. Connecting again starts a
    // new one.
    bool refused() const { return m_refused; }

private:
    void open();
    void onConnected();
    void onDisconnected();
    void checkActions();
    void stopAsking();

    ServerLocation m_where;
    ChangeNotifier *m_notifier;
    QWebSocket m_socket;
    QTimer m_reopen;
    QTimer m_actionsTimer;
    BackgroundJob m_actionsJob;
    std::optional<QString> m_newestAction; // the newest operator action's place, once read
    bool m_everConnected = false;
    bool m_failed = false; // said so, and not yet resumed
    bool m_refused = false;
};

} // namespace ledger::app
