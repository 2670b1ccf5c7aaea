#pragma once
// The live change feed's subscribers: each has its own cursor (from ?since=, else the end of the
// feed when it subscribed) and is sent every event after it, oldest first, one JSON line per
// event — the same object as a line of `ledgerctl feed`. Whoever owns the hub tells it when the
// store changed (a ChangeNotifier's signals, connected to catchUpAll()); how a line travels is
// the subscriber's: a WebSocket message (`ledgerctl serve --ws`, ledgerd's /v1/feed upgrade) or
// a chunk of an NDJSON response (ledgerd's plain GET /v1/feed).
//
// Threading: lives on the thread that runs the event loop, reading through the Store opened there.

#include "interchange/changefeed.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <map>
#include <optional>

namespace ledger {

class FeedHub : public QObject {
    Q_OBJECT
public:
    explicit FeedHub(Store &store, QObject *parent = nullptr);

    // Reads where the feed ends now (subscribers without a cursor start there).
    Error start();
    // A subscriber from after `since` ("0": the start; nullopt: from now on). `send` gets each
    // line (without a newline) and returns false when the subscriber is gone. Refuses a cursor of
    // the wrong shape (invalid-cursor). Sends what is already there before it returns; when that
    // read fails, the subscriber is dropped and the store's error returned.
    Result<int> subscribe(const std::optional<QString> &since, std::function<bool(const QByteArray &line)> send);
    void unsubscribe(int id);
    // The line a subscriber refused (a bad cursor, the store unreadable) is sent before it is
    // closed: {"error":{"code","message"}}, as ledgerctl --json says an error.
    static QByteArray errorLine(const Error &error);
    int subscribers() const { return int(m_subscribers.size()); }

    // Catches every subscriber up (the owner calls it when the store changed); after a failed
    // read it tries again shortly by itself.
    void catchUpAll();

private:
    struct Subscriber {
        FeedCursor cursor;
        std::function<bool(const QByteArray &)> send;
    };
    // Sends `s` every event after its cursor; the store's error when a read failed.
    Error catchUp(Subscriber &s, bool *gone);

    Store &m_store;
    int m_scale = 2;
    QTimer m_retry;
    FeedCursor m_end;
    std::map<int, Subscriber> m_subscribers;
    int m_nextId = 1;
};

} // namespace ledger
