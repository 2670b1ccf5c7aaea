#pragma once
// What changed on a ledger service, for a console connected to it: ledgerd's change feed
// (GET /v1/feed?changes=true as a WebSocket, `Authorization: Bearer`, TLS checked against --ca's
// CAs or the system's) says when a transaction finished and, gathered per tenth of a second,
// when the store committed any other write (claims, releases, notes, repairs, account changes:
// the store's own change notices, relayed). It feeds the session's ChangeNotifier, so the views
// refresh as they do on a store and cannot tell the difference. A feed that is cut is said
// (failed) and opened again by itself (resumed); a refused token stops it (refused()).
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
    // Feeds `notifier` (its parent: it ends with it) from the service at `where`; `session` runs
    // the call that asks, before a cut feed is opened again, whether the token still holds.
    RemoteFeed(const ServerLocation &where, StoreSession *session, ChangeNotifier *notifier);
    // The socket says it closes as it is destroyed: no one listens by then.
    ~RemoteFeed() override;

    // The feed's WebSocket address: ws(s)://HOST:PORT/v1/feed?changes=true.
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
    void checkThenOpen();
    void stopAsking();

    ServerLocation m_where;
    ChangeNotifier *m_notifier;
    QWebSocket m_socket;
    QTimer m_reopen;
    BackgroundJob m_check;
    bool m_everConnected = false;
    bool m_failed = false; // said so, and not yet resumed
    bool m_refused = false;
};

} // namespace ledger::app
