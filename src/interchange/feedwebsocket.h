#pragma once
// A WebSocket as a subscriber of the change feed: one text message per event. Shared by
// `ledgerctl serve --ws` and ledgerd's /v1/feed upgrade, which differ only in how the socket came.
//
// Threading: the thread of the hub and the socket (the event loop's).

#include "interchange/feedhub.h"

class QWebSocket;

namespace ledger {

// Subscribes `socket` to `hub` after `since` (FeedHub::subscribe). Refused (a bad cursor, the store
// unreadable for its first page): says why in the stream and closes it (refuseWebSocket). The
// socket is deleted later once it disconnects; the hub forgets it then, and cuts it when it stops
// reading.
void attachWebSocket(FeedHub &hub, QWebSocket *socket, const std::optional<QString> &since);
// Sends the error line (FeedHub::errorLine), closes with the code word as the reason, deletes later.
void refuseWebSocket(QWebSocket *socket, const Error &error);

} // namespace ledger
