#pragma once
// The live change feed's subscribers: each has its own cursor (from ?since=, else the end of the
// feed when it subscribed) and is sent every event after it, oldest first, one JSON line per
// event — the same object as a line of `ledgerctl feed`. Whoever owns the hub tells it when the
// store changed (a ChangeNotifier's signals, connected to catchUpAll()); how a line travels is
// the subscriber's Sink: a WebSocket message (`ledgerctl serve --ws`, ledgerd's /v1/feed upgrade,
// attachWebSocket() in feedwebsocket.h) or a chunk of an NDJSON response (ledgerd's plain GET).
//
// The event loop never reads the store for the feed: the hub's own thread does, with its own
// connection, a page at a time, and hands the page back as ready lines; the loop only sends them.
// And the store is the buffer, not the process: no further page is read for a subscriber while
// its sink holds more than the high-water mark unsent; it is read on once its socket has written
// (drained()). One that writes nothing for the stall limit while over the mark stopped reading:
// it is cut. So a slow reader costs at most a high-water mark and a page, however far behind.
//
// Threading: created, called and destroyed on the thread that runs the event loop, whose sinks
// are called there; the store is opened and read on the hub's reader thread only.

#include "interchange/changefeed.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace ledger {

class FeedReader;

class FeedHub : public QObject {
    Q_OBJECT
public:
    struct Sink {
        // Sends one line (without a newline); false when the subscriber is gone.
        std::function<bool(const QByteArray &line)> send;
        // Bytes handed to send() and not yet written out. Unset: the sink never holds any.
        std::function<qint64()> unsent;
        // Closes a subscriber the hub gives up on (it stopped reading). Unset: only forgotten.
        std::function<void()> cut;
        // Called each time the subscriber has been sent the whole feed; false: it wants no more
        // (a feed read once, not followed), and the hub forgets it. Unset: followed for good.
        std::function<bool()> caughtUp;
        // The store could not be read for its first page: what it would be sent is not the whole
        // feed, so it is told why (and forgotten) rather than ended short. Unset: only forgotten.
        std::function<void(const Error &)> refused;
    };
    struct Limits {
        qint64 highWater = 512 * 1024; // unsent bytes above which no page is read for a subscriber
        int stallMs = 60'000;          // over the mark and nothing written for this long: cut
        int page = 500;                // events per read
    };

    // `connector` opens the hub's own connection, on its reader thread.
    explicit FeedHub(StoreConnector connector, QObject *parent = nullptr);
    FeedHub(StoreConnector connector, Limits limits, QObject *parent = nullptr);
    ~FeedHub() override;

    // Opens the store on the reader thread and reads where the feed ends now (waits for both).
    Error start();
    // Of the store, once started: what a cursor must look like.
    int shardCount() const { return m_shards; }
    // A subscriber from after `since` ("0": the start; nullopt: from now on). Refuses a cursor of
    // the wrong shape (invalid-cursor) at once; its pages follow from the reader thread.
    Result<int> subscribe(const std::optional<QString> &since, Sink sink);
    void unsubscribe(int id);
    // The subscriber's socket wrote some of what it held (connect its bytesWritten here): reads
    // on once it holds less than half the high-water mark.
    void drained(int id);
    // The line a subscriber refused (a bad cursor, the store unreadable) is sent before it is
    // closed: {"error":{"code","message"}}, as ledgerctl --json says an error.
    static QByteArray errorLine(const Error &error);
    int subscribers() const { return int(m_subscribers.size()); }

    // Catches every subscriber up (the owner calls it when the store changed); after a failed
    // read it tries again shortly by itself.
    void catchUpAll();

    // A page read for a subscriber, handed from the reader thread to the hub's.
    struct Page {
        int id = 0;
        Error error;
        QList<QByteArray> lines;
        FeedCursor end;    // the cursor after the last line (where it started when none)
        bool full = false; // as many as asked: there may be more
    };

Q_SIGNALS:
    // Emitted on the reader thread when pages wait for the hub (connected queued to takePages).
    void pagesReady(QPrivateSignal);

private:
    struct Subscriber {
        std::optional<FeedCursor> cursor; // none yet: from the end, once the reader has read it
        Sink sink;
        bool behind = true;      // the feed may hold more for it than it was sent
        bool reading = false;    // a page is being read for it
        bool again = false;      // the store changed while it was being read
        bool started = false;    // a page of it was read
        bool blocked = false;    // over the high-water mark, waiting for its socket
        QElapsedTimer lastWrite; // while blocked: since its socket last wrote
    };
    void pump(int id);
    void takePages();
    void onPage(const Page &page);
    qint64 unsent(const Subscriber &s) const { return s.sink.unsent ? s.sink.unsent() : 0; }
    void cutStalled();

    Limits m_limits;
    int m_shards = 1;
    std::unique_ptr<FeedReader> m_reader; // its own thread, its own connection
    QTimer m_retry;
    QTimer m_stallCheck;
    std::map<int, Subscriber> m_subscribers;
    int m_nextId = 1;
};

} // namespace ledger
