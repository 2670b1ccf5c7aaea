#pragma once
// ledgerd's HTTP side (Qt HttpServer; docs/DESIGN.md §9 says why): reads each request on the
// event loop's thread, authenticates it, turns it into an immutable ApiRequest and hands it to
// the worker pool, where ledgerapi.h's handlers run with the worker's own store connection; the
// answer comes back to this thread by the future's continuation and is written there. A slow or
// hostile client holds no worker (connectionguard.h).
//
// Threading: create, use and destroy on the thread that runs the event loop.

#include "apimessages.h"
#include "clientlimits.h"
#include "connectionguard.h"
#include "exportstream.h"
#include "interchange/feedhub.h"
#include "store/open/changenotifier.h"
#include "metrics.h"
#include "protocol/faults.h"
#include "recoveryjobs.h"
#include "lakeloop.h"
#include "recoveryloop.h"
#include "routes.h"
#include "store/open/storeconfig.h"
#include "store/store.h"
#include "tokens.h"

#include <QAbstractHttpServer>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QHttpServerResponder>
#include <QPointer>
#include <QSslConfiguration>
#include <QThreadPool>
#include <QThreadStorage>
#include <QTimer>

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <variant>

namespace ledger::api {

struct FrontOptions {
    StoreConnector connect;          // a connection per worker thread
    StoreConfig config;              // the same store, for the feed's change notifier
    std::optional<TokenFile> tokens; // nullopt: every client is the operator "local" (loopback only)
    QString tokensPath;              // read again when it changes (token add/revoke take effect at once)
    int threads = 8;                 // workers for reads
    int writeThreads = 8;            // workers for writes (POST): 1 per SQLite file, whose writes queue on its one lock anyway
    GuardLimits limits;
    QByteArray openApi;                       // /openapi.json
    StepHook hook;                            // LEDGER_CRASH_AFTER / LEDGER_STEP_DELAY_MS (protocol/faults.h)
    const RecoveryCounts *recovery = nullptr; // the recovery sweeper's, for /metrics (null: not running)
    const LakeCounts *lake = nullptr;         // the data lake's (--lake), for /metrics (null: none)
    qint64 stuckForMs = 30 * 60 * 1000;       // what /metrics counts as stuck besides an expired lease (--stuck-for)
};

class HttpFront : public QAbstractHttpServer {
    Q_OBJECT
public:
    explicit HttpFront(FrontOptions options, QObject *parent = nullptr);
    ~HttpFront() override;

    // Listens on address:port (TLS when `tls` is set); the port bound, or an error.
    Result<quint16> listen(const QHostAddress &address, quint16 port, const std::optional<QSslConfiguration> &tls);
    // Stops accepting, lets the requests in flight finish (at most `graceMs`), then calls `done`.
    void stop(int graceMs, std::function<void()> done);
    // Recover-all jobs (recoveryjobs.h): asked to stop with the server, then waited for.
    RecoveryJobs &recoveries() { return m_recoveries; }
    int inFlight() const { return int(m_pending.size()); }

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    static constexpr int kReadyWithinMs = 3000; // /readyz answers 503 when the store has not answered by then

    struct Pending {
        QHttpServerResponder responder;
        QPointer<QTcpSocket> socket;
        QString label;
        bool transfer = false;
        QElapsedTimer started;
        std::optional<ApiResponse> ready = std::nullopt; // answered, waiting for the ones before it
        bool head = false;
        QByteArray connection = QByteArray(); // the answer's Connection header: "close" (then closed), "keep-alive" (HTTP/1.0), or none
    };
    // HTTP/1.1 answers a connection's requests in the order they came (a client may pipeline):
    // each socket's requests in flight, oldest first; an answer is written once all before it are.
    void flush(QTcpSocket *socket);
    void enqueue(QTcpSocket *socket, quint64 id);
    void answerNow(const QHttpServerRequest &request, QTcpSocket *socket, const QString &label, const ApiResponse &response,
                   const QByteArray &connection);
    // Writes the answer; one whose Connection is "close" closes the connection once it is out.
    // A client that leaves more than kMaxUnsentBytes of answers unread gets no more read: it ends.
    void write(QHttpServerResponder &responder, QTcpSocket *socket, const ApiResponse &response, bool head, const QByteArray &connection);
    // A refusal of the connection guard (a request framed badly, too large): written after the
    // answers owed before it, then the connection is closed (RFC 9112 §6.3).
    void closeWith(QTcpSocket *socket, const FramingRefusal &refusal);
    // The caller of a request that needs a token, or the answer refusing it (401, 403 by the
    // loopback rule, 429 while its address has failed too often).
    std::variant<Caller, ApiResponse> authenticate(const ApiRequest &r, const RouteMatch &match, QTcpSocket *socket);
    void deliver(quint64 id, const ApiResponse &response, bool storeError);
    void checkStopped();
    // The tokens as the file now says (looked at most once a second; a file that no longer reads
    // keeps the tokens that were read last, and says so). Read again, the feeds of the tokens it
    // no longer has are closed: a revoked token reads nothing more.
    const TokenFile &currentTokens();
    // GET /v1/feed: the feed's hub, made the first time (it reads with its own connection on its
    // own thread; its change notifier is here). WebSocket upgrades and NDJSON streams subscribe.
    Result<FeedHub *> feedHub();
    void onWebSocket();
    void streamFeed(const QHttpServerRequest &request, QTcpSocket *socket, const ApiRequest &r, const FramedHead &head);
    // GET /v1/exports/{table} (httpfront_export.cpp): read on a worker of the export pool, its
    // chunks written here as they come (exportstream.h), the end or the failure said last.
    struct StreamedExport {
        std::shared_ptr<ExportChannel> channel;
        QPointer<QTcpSocket> socket;
        QString label;
        QByteArray contentType;
        bool chunked = true;
        bool headOnly = false; // HEAD: the head, nothing read
        bool headWritten = false;
    };
    void streamExport(const QHttpServerRequest &request, QTcpSocket *socket, const ApiRequest &r, const RouteMatch &match,
                      const FramedHead &head);
    void exportChunk(quint64 id, const QByteArray &chunk);
    void exportEnded(quint64 id, const Error &error);
    // On a worker thread: that thread's store connection, opened the first time.
    Result<Store *> workerStore();

    FrontOptions m_options;
    RecoveryJobs m_recoveries; // Recover all as a job: answered on this thread, run on its own
    std::unique_ptr<FeedHub> m_feedHub;
    std::unique_ptr<ChangeNotifier> m_feedNotifier;
    // The store's commits, gathered: a feed WebSocket that asked for changes (?changes=true) is
    // told once per tick, whatever number of writes it covers (a console refreshes on it).
    QTimer m_changeTick;
    Metrics m_metrics;
    GuardCounts m_guardCounts;
    std::map<quint64, Pending> m_pending;
    std::map<quint64, StreamedExport> m_exports; // streaming: stop() closes them, and waits for their end
    QHash<QTcpSocket *, std::deque<quint64>> m_order;
    QHash<QTcpSocket *, QByteArray> m_closeWith; // a refusal to write once the answers before it are out
    AuthThrottle m_throttle;
    QElapsedTimer m_clock; // the throttle's time
    QDateTime m_tokensModified;
    QElapsedTimer m_tokensChecked;
    // The feeds (WebSockets and NDJSON streams) with the token each came with, cut when the token
    // is revoked, and a look at the tokens file once a second while there are any (their
    // connections send nothing that would make one).
    struct TokenedFeed {
        QPointer<QObject> stream;
        QByteArray token;
        std::function<void()> cut;
    };
    QList<TokenedFeed> m_tokenedFeeds;
    QTimer m_tokensWatch;
    // `stream` came with `authorization` ("Bearer TOKEN"): `cut` once that token is revoked.
    void watchToken(QObject *stream, const QByteArray &authorization, std::function<void()> cut);
    quint64 m_nextId = 1;
    bool m_stopping = false;
    std::function<void()> m_done;
    QThreadStorage<Store *> m_stores; // before the pools: their threads end (and free them) first
    QThreadPool m_pool;
    QThreadPool m_writePool;
    // Exports hold a worker and a snapshot for as long as their client reads: a pool of their own,
    // so that slow readers of exports never take the workers of the other reads.
    static constexpr int kExportWorkers = 2;
    QThreadPool m_exportPool;
};

} // namespace ledger::api
