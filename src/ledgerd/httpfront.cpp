#include "httpfront.h"

#include "apidecode.h"
#include "ledgerapi.h"
#include "problem.h"

#include <QFileInfo>
#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QWebSocket>
#include <QUrlQuery>
#include <QPointer>

namespace ledger::api {

namespace {

QByteArray methodName(QHttpServerRequest::Method m)
{
    switch (m) {
    case QHttpServerRequest::Method::Get: return "GET";
    case QHttpServerRequest::Method::Head: return "HEAD";
    case QHttpServerRequest::Method::Post: return "POST";
    case QHttpServerRequest::Method::Put: return "PUT";
    case QHttpServerRequest::Method::Delete: return "DELETE";
    case QHttpServerRequest::Method::Patch: return "PATCH";
    case QHttpServerRequest::Method::Options: return "OPTIONS";
    default: return "OTHER";
    }
}

} // namespace

HttpFront::HttpFront(FrontOptions options, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_options(std::move(options))
    , m_recoveries(m_options.connect, m_options.hook)
{
    m_pool.setMaxThreadCount(m_options.threads);
    m_pool.setExpiryTimeout(-1); // a worker keeps its store connection for the life of the server
    m_writePool.setMaxThreadCount(m_options.writeThreads);
    m_writePool.setExpiryTimeout(-1);
    m_exportPool.setMaxThreadCount(kExportWorkers);
    m_exportPool.setExpiryTimeout(-1);
    connect(this, &QAbstractHttpServer::newWebSocketConnection, this, &HttpFront::onWebSocket);
    m_clock.start();
    if (!m_options.tokensPath.isEmpty())
        m_tokensModified = QFileInfo(m_options.tokensPath).lastModified(); // as loaded by main()
}

HttpFront::~HttpFront()
{
    for (auto &[id, streamed] : m_exports)
        streamed.channel->close(); // a worker waiting for its client's room ends
    m_exportPool.waitForDone();
    m_pool.waitForDone();
    m_writePool.waitForDone();
}

Result<quint16> HttpFront::listen(const QHostAddress &address, quint16 port, const std::optional<QSslConfiguration> &tls)
{
    QTcpServer *server = nullptr;
    RefuseConnection refuse = [this](QTcpSocket *socket, const FramingRefusal &refusal) { closeWith(socket, refusal); };
    if (tls) {
        auto *ssl = new GuardedSslServer(m_options.limits, &m_guardCounts, refuse);
        ssl->setSslConfiguration(*tls);
        server = ssl;
    } else {
        server = new GuardedTcpServer(m_options.limits, &m_guardCounts, refuse);
    }
    if (!server->listen(address, port)) {
        const QString why = server->errorString();
        delete server;
        return makeError(ErrorCode::ListenFailed, QStringLiteral("cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(why));
    }
    bind(server);
    return server->serverPort();
}

void HttpFront::stop(int graceMs, std::function<void()> done)
{
    m_stopping = true;
    m_done = std::move(done);
    for (auto &[id, streamed] : m_exports)
        streamed.channel->close(); // cut at the next chunk: an export may last longer than the grace
    for (QTcpServer *s : servers())
        s->close();
    QTimer::singleShot(graceMs, this, [this] {
        if (m_done) {
            auto d = std::move(m_done);
            m_done = nullptr;
            d();
        }
    });
    checkStopped();
}

void HttpFront::checkStopped()
{
    if (m_stopping && m_pending.empty() && m_exports.empty() && m_done) {
        auto d = std::move(m_done);
        m_done = nullptr;
        QTimer::singleShot(0, this, d); // after the last answer has been handed to its socket
    }
}

const TokenFile &HttpFront::currentTokens()
{
    if (!m_options.tokensPath.isEmpty() && (!m_tokensChecked.isValid() || m_tokensChecked.elapsed() >= 1000)) {
        m_tokensChecked.start();
        const QDateTime modified = QFileInfo(m_options.tokensPath).lastModified();
        if (modified != m_tokensModified) {
            m_tokensModified = modified;
            auto reloaded = TokenFile::load(m_options.tokensPath);
            if (reloaded.ok()) {
                m_options.tokens = *reloaded;
                const QList<TokenedFeed> feeds = m_tokenedFeeds; // a cut may end a stream, and its entry, at once
                for (const TokenedFeed &feed : feeds)
                    if (feed.stream && !m_options.tokens->verify(feed.token))
                        feed.cut();
            } else
                qWarning("ledgerd: keeping the tokens read before: %s", qPrintable(reloaded.error().toString()));
        }
    }
    return *m_options.tokens;
}

Result<Store *> HttpFront::workerStore()
{
    if (!m_stores.hasLocalData() || !m_stores.localData()) {
        auto store = m_options.connect();
        if (!store.ok())
            return store.error();
        m_stores.setLocalData(store->release());
    }
    return m_stores.localData();
}

void HttpFront::write(QHttpServerResponder &responder, QTcpSocket *socket, const ApiResponse &r, bool head, const QByteArray &connection)
{
    responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(r.status));
    responder.writeHeader("Content-Type", r.contentType);
    responder.writeHeader("Content-Length", QByteArray::number(r.body.size()));
    for (const auto &h : r.headers)
        responder.writeHeader(h.first, h.second);
    if (!connection.isEmpty())
        responder.writeHeader("Connection", connection);
    responder.writeBody(head ? QByteArray() : r.body);
    if (!socket)
        return;
    if (connection == "close") {
        closeLingering(socket); // once what is written is out
    } else if (socket->bytesToWrite() > kMaxUnsentBytes) {
        ++m_guardCounts.unread;
        closeLingering(socket);
    }
}

void HttpFront::answerNow(const QHttpServerRequest &request, QTcpSocket *socket, const QString &label, const ApiResponse &response,
                          const QByteArray &connection)
{
    if (m_order.contains(socket)) { // requests before it are still being handled: after them
        const quint64 id = m_nextId++;
        Pending pending{makeResponder(request, socket), QPointer<QTcpSocket>(socket), label, false, {}};
        pending.ready = response;
        pending.head = request.method() == QHttpServerRequest::Method::Head;
        pending.connection = connection;
        m_pending.emplace(id, std::move(pending));
        enqueue(socket, id);
        m_metrics.request(label, response.status);
        return;
    }
    QHttpServerResponder responder = makeResponder(request, socket);
    write(responder, socket, response, request.method() == QHttpServerRequest::Method::Head, connection);
    m_metrics.request(label, response.status);
    if (auto *guard = ConnectionGuard::of(socket))
        guard->answered();
}

void HttpFront::closeWith(QTcpSocket *socket, const FramingRefusal &refusal)
{
    if (auto *guard = ConnectionGuard::of(socket))
        guard->stopReading();
    m_metrics.request(QStringLiteral("(framing)"), refusal.status);
    const QByteArray answer = rawAnswer(httpProblem(refusal.status, refusal.code, refusal.detail), "close");
    if (m_order.contains(socket)) { // after the answers owed before it (flush)
        m_closeWith.insert(socket, answer);
        return;
    }
    socket->write(answer);
    closeLingering(socket);
}

std::variant<Caller, ApiResponse> HttpFront::authenticate(const ApiRequest &r, const RouteMatch &match, QTcpSocket *socket)
{
    if (!m_options.tokens) {
        // No tokens (loopback only): a web page the operator has open must not be able to call in
        // — refuse what a browser adds (Origin) and names that are not loopback (Host: DNS
        // rebinding).
        const QByteArray host = r.headers.value("host").toLower();
        const QByteArray hostName =
            host.startsWith('[') ? host.left(host.indexOf(']') + 1)
                                 : host.left(host.indexOf(QByteArrayLiteral(":")) < 0 ? host.size() : host.indexOf(QByteArrayLiteral(":")));
        const bool loopbackHost = hostName == "localhost" || hostName == "127.0.0.1" || hostName == "[::1]" || hostName.isEmpty();
        if (r.headers.contains("origin") || !loopbackHost)
            return httpProblem(
                403, QStringLiteral("forbidden"),
                QStringLiteral("without a tokens file ledgerd answers only local programs: no Origin header, a loopback Host"));
        return Caller{QStringLiteral("local"), Role::Operator};
    }
    // An address that sent too many wrong tokens waits, whatever token it sends now.
    const QByteArray client = clientKey(socket->peerAddress());
    if (const qint64 waitMs = m_throttle.waitMs(client, m_clock.elapsed()); waitMs > 0) {
        m_metrics.authThrottled();
        const qint64 seconds = (waitMs + 999) / 1000;
        ApiResponse answer =
            httpProblem(429, QStringLiteral("too-many-failures"),
                        QStringLiteral("too many requests with a wrong or no token from this address: try again in %1 s").arg(seconds));
        answer.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray::number(seconds)));
        return answer;
    }
    // RFC 9110 §11.1: the scheme's name is case-insensitive ("bearer" is Bearer).
    const QByteArray authorization = r.headers.value("authorization").trimmed();
    const qsizetype space = authorization.indexOf(' ');
    const bool bearer = space > 0 && authorization.left(space).compare("bearer", Qt::CaseInsensitive) == 0;
    const auto caller = bearer ? currentTokens().verify(authorization.mid(space + 1).trimmed()) : std::nullopt;
    if (!caller) {
        m_throttle.failed(client, m_clock.elapsed());
        m_metrics.authFailed();
        ApiResponse answer = httpProblem(401, QStringLiteral("unauthorized"),
                                         authorization.isEmpty() ? QStringLiteral("send Authorization: Bearer TOKEN")
                                         : bearer                ? QStringLiteral("the token is not one of this server's")
                                                  : QStringLiteral("the Authorization scheme is Bearer: send Authorization: Bearer TOKEN"));
        answer.headers.append(qMakePair(QByteArray("WWW-Authenticate"), QByteArray("Bearer")));
        return answer;
    }
    if (int(caller->role) < int(*match.needs))
        return httpProblem(403, QStringLiteral("forbidden"),
                           QStringLiteral("%1 (role %2) may not %3 %4: it needs the role %5")
                               .arg(caller->name, nameOf(caller->role), QString::fromLatin1(r.method), match.label, nameOf(*match.needs)));
    return *caller;
}

bool HttpFront::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    FramedHead framed;
    QByteArray connection; // the answer's Connection header
    if (auto *guard = ConnectionGuard::of(socket)) {
        framed = guard->handling();
        if (!framed.keepAlive) { // Connection: close, or HTTP/1.0: nothing after it is read (RFC 9112 §9.6)
            guard->stopReading();
            connection = "close";
        } else if (framed.minorVersion == 0) {
            connection = "keep-alive";
        }
    }
    ApiRequest r;
    r.method = methodName(request.method());
    r.path = request.url().path();
    r.query = request.query();
    for (const auto &h : request.headers())
        r.headers.insert(h.first.toLower(), h.second);
    // As Qt decides it: an upgrade is asked for by Connection: upgrade (and Upgrade: websocket),
    // each field's values joined as Qt joins them (r.headers keeps one of two Connection fields:
    // read from it, "upgrade" then "keep-alive" was a plain request here and a WebSocket to Qt,
    // which switched a request this answered 401 to the feed); only then does the socket go to
    // the WebSocket server when this returns true.
    const bool upgrade = request.value("connection").toLower().contains("upgrade")
                      && request.value("upgrade").compare("websocket", Qt::CaseInsensitive) == 0;
    if (upgrade)
        connection = "close"; // an upgrade answered in HTTP is refused: Qt closes the connection after it
    // An answer written here to an upgrade must not be followed by the switch to WebSocket:
    // refuse it (false) and let missingHandler() know the answer is out already.
    const auto refuse = [&](const QString &label, const ApiResponse &answer) {
        answerNow(request, socket, label, answer, connection);
        if (!upgrade)
            return true;
        socket->setProperty("ledgerd-answered", true);
        if (auto *guard = ConnectionGuard::of(socket))
            guard->stopReading(); // nothing after it is read while Qt closes the connection
        return false;
    };

    const RouteLookup lookup = matchRoute(r.method, r.path);
    if (!lookup.match) {
        if (upgrade)
            return false;
        ApiResponse answer =
            lookup.pathKnown ? httpProblem(
                405, QStringLiteral("method-not-allowed"),
                QStringLiteral("%1 takes %2, not %3").arg(r.path, QString::fromLatin1(lookup.allowed), QString::fromLatin1(r.method)))
                             : httpProblem(404, QStringLiteral("no-such-route"),
                                           QStringLiteral("no route %1 %2 (see /openapi.json)").arg(QString::fromLatin1(r.method), r.path));
        if (lookup.pathKnown)
            answer.headers.append(qMakePair(QByteArray("Allow"), lookup.allowed));
        answerNow(request, socket, QStringLiteral("unmatched"), answer, connection);
        return true;
    }
    const RouteMatch match = *lookup.match;

    // Who is calling, and may they.
    if (match.needs) {
        auto caller = authenticate(r, match, socket);
        if (auto *answer = std::get_if<ApiResponse>(&caller))
            return refuse(match.label, *answer);
        r.caller = std::get<Caller>(caller);
    }
    // For every route at once (the feed's and those answered here too), before any reads a
    // parameter: QUrlQuery answers the first of two, so limit=10&limit=20 would be read as 10
    // where a client may have meant 20.
    if (Error e = checkQueryOnce(r.query); !e.ok())
        return refuse(match.label, problem(e));
    if (upgrade) {
        if (match.route != Route::Feed)
            return false; // only the feed upgrades
        // Pipelined behind a request still unanswered, the switch would put that answer inside
        // the WebSocket stream: refused (Qt closes the connection, the answers owed are lost —
        // a client that pipelines an upgrade gets the end, never a corrupt stream).
        if (m_order.contains(socket))
            return refuse(match.label, httpProblem(400, QStringLiteral("bad-request"),
                                                   QStringLiteral("a WebSocket upgrade may not follow a request still unanswered")));
        // What Qt's WebSocket server needs, checked here: without it the handshake fails there
        // with no answer to the client and a warning on stderr.
        if (r.headers.value("sec-websocket-key").isEmpty() || r.headers.value("sec-websocket-version") != "13")
            return refuse(match.label,
                          httpProblem(400, QStringLiteral("bad-request"),
                                      QStringLiteral("a WebSocket upgrade needs Sec-WebSocket-Key and Sec-WebSocket-Version: 13")));
        if (auto *guard = ConnectionGuard::of(socket))
            guard->release(); // the WebSocket server owns the connection from here
        return true;
    }

    // JSON only: a form a browser may post across sites (text/plain, form-urlencoded) is refused.
    if (r.method == "POST" && !request.body().isEmpty() && !r.headers.value("content-type").toLower().startsWith("application/json")) {
        answerNow(
            request, socket, match.label,
            httpProblem(415, QStringLiteral("unsupported-media-type"), QStringLiteral("send the body as Content-Type: application/json")),
            connection);
        return true;
    }
    if (request.body().size() > kMaxBodyBytes) { // the framer refused it by its Content-Length already: not expected
        closeWith(socket, FramingRefusal{413, QStringLiteral("request-too-large"),
                                         QStringLiteral("a request body may be at most %1 bytes").arg(kMaxBodyBytes)});
        return true;
    }
    r.body = request.body();

    switch (match.route) {
    case Route::Health:
        answerNow(request, socket, match.label, ApiResponse{200, "application/json", R"({"status":"up"})", {}}, connection);
        return true;
    case Route::OpenApi:
        answerNow(request, socket, match.label, ApiResponse{200, "application/json", m_options.openApi, {}}, connection);
        return true;
    case Route::Feed:
        if (m_order.contains(socket)) { // its head would go out before the answers owed: after them, refused
            closeWith(socket, FramingRefusal{400, QStringLiteral("bad-request"),
                                             QStringLiteral("the feed's stream may not follow a request still unanswered")});
            return true;
        }
        streamFeed(request, socket, r, framed);
        return true;
    case Route::Export:
        if (m_order.contains(socket)) { // its head would go out before the answers owed: after them, refused
            closeWith(socket, FramingRefusal{400, QStringLiteral("bad-request"),
                                             QStringLiteral("an export's stream may not follow a request still unanswered")});
            return true;
        }
        streamExport(request, socket, r, match, framed);
        return true;
    default: break;
    }
    if (m_stopping) {
        answerNow(request, socket, match.label, httpProblem(503, QStringLiteral("stopping"), QStringLiteral("ledgerd is stopping")),
                  connection);
        return true;
    }
    // Recover all: a job of its own (started, read or stopped here, without waiting on the store).
    if (match.route == Route::StartRecovery || match.route == Route::GetRecovery || match.route == Route::StopRecovery) {
        answerNow(request, socket, match.label, m_recoveries.answer(r, match), connection);
        return true;
    }

    const quint64 id = m_nextId++;
    Pending pending{makeResponder(request, socket), QPointer<QTcpSocket>(socket), match.label, match.route == Route::Transfer, {}};
    pending.started.start();
    pending.connection = connection;
    m_pending.emplace(id, std::move(pending));
    enqueue(socket, id);
    const bool head = r.method == "HEAD";
    // The worker posts its answer back to this thread. (Not QFuture::then with a context object:
    // in Qt 6.4 that crashes under load, SIGSEGV in QFutureInterfaceBase::reportStarted — seen with
    // 256 connections, tools/http-choice.)
    // Writes queue in their own pool, first come first served: on an SQLite file one writer
    // commits at a time whatever we do, and a FIFO here is fairer than the file lock's busy wait
    // (16 clients, measured: p99 90 ms → 22 ms at 1.5 × the throughput; docs/performance.md).
    // A POST that only reads (a repair's plan: its role is read) is a read, in the readers' pool.
    const bool writes = r.method == "POST" && match.needs && *match.needs > Role::Read;
    QThreadPool &pool = writes ? m_writePool : m_pool;
    pool.start([this, r, match, id, head] {
        HandledRequest handled;
        StuckReading stuck{std::nullopt, m_options.stuckForMs};
        auto store = workerStore();
        if (match.route == Route::Metrics) {
            // Answered whatever the store does: ledgerd_store_up says whether it answered.
            if (store.ok()) {
                auto summary = stuckSummary(**store, m_options.stuckForMs);
                if (summary.ok())
                    stuck.summary = std::move(summary).value();
            }
        } else if (!store.ok()) {
            handled = HandledRequest{problem(store.error()), false, true};
        } else {
            CoordinatorOptions base;
            base.hook = m_options.hook;
            handled = handle(**store, r, match, base);
        }
        QMetaObject::invokeMethod(
            this,
            [this, id, match, head, handled, stuck]() mutable {
                if (match.route == Route::Metrics)
                    handled.response =
                        ApiResponse{200,
                                    "text/plain; version=0.0.4",
                                    m_metrics.render(stuck, m_guardCounts, inFlight() - 1, m_options.recovery, m_options.lake),
                                    {}};
                if (head)
                    handled.response.body.clear();
                deliver(id, handled.response, handled.storeError);
            },
            Qt::QueuedConnection);
    });
    if (match.route == Route::Ready) {
        // A store that does not answer (a server gone, a network that drops packets) can hold a
        // connection attempt for many seconds: a load balancer asking must hear "not ready" soon.
        QTimer::singleShot(kReadyWithinMs, this, [this, id] {
            const auto it = m_pending.find(id);
            if (it != m_pending.end() && !it->second.ready)
                deliver(id,
                        problem(makeError(ErrorCode::StoreUnavailable,
                                          QStringLiteral("the store did not answer within %1 s").arg(kReadyWithinMs / 1000))),
                        true);
        });
    }
    return true;
}

void HttpFront::deliver(quint64 id, const ApiResponse &response, bool storeError)
{
    auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    Pending &p = it->second;
    if (p.ready) // answered already (a readiness check past its time): the late answer is dropped
        return;
    m_metrics.request(p.label, response.status);
    if (storeError)
        m_metrics.storeError();
    if (p.transfer)
        m_metrics.transfer(double(p.started.nsecsElapsed()) / 1e9);
    p.ready = response;
    QTcpSocket *socket = p.socket;
    if (socket)
        flush(socket);
    else
        m_pending.erase(it); // the client left
    checkStopped();
}

void HttpFront::enqueue(QTcpSocket *socket, quint64 id)
{
    if (!socket->property("ledgerd-ordered").toBool()) { // once per connection
        socket->setProperty("ledgerd-ordered", true);
        connect(socket, &QObject::destroyed, this, [this, socket] {
            for (quint64 gone : m_order.value(socket))
                m_pending.erase(gone);
            m_order.remove(socket);
            m_closeWith.remove(socket);
            checkStopped();
        });
    }
    m_order[socket].push_back(id);
}

void HttpFront::flush(QTcpSocket *socket)
{
    auto queue = m_order.find(socket);
    if (queue == m_order.end())
        return;
    while (!queue->empty()) {
        auto it = m_pending.find(queue->front());
        if (it != m_pending.end() && !it->second.ready)
            return; // the oldest is still being handled
        if (it != m_pending.end()) {
            Pending &p = it->second;
            if (p.socket && p.socket->state() == QAbstractSocket::ConnectedState) {
                write(p.responder, p.socket, *p.ready, p.head, p.connection);
                if (auto *guard = ConnectionGuard::of(p.socket))
                    guard->answered();
            }
            m_pending.erase(it);
        }
        queue->pop_front();
    }
    m_order.erase(queue);
    if (const QByteArray last = m_closeWith.take(socket); !last.isEmpty()) { // a refusal that waited for the answers before it
        if (socket->state() == QAbstractSocket::ConnectedState)
            socket->write(last);
        closeLingering(socket);
    }
}

void HttpFront::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    if (socket->property("ledgerd-answered").toBool()) { // a refused upgrade: answered already
        socket->setProperty("ledgerd-answered", QVariant());
        return;
    }
    answerNow(request, socket, QStringLiteral("unmatched"),
              httpProblem(404, QStringLiteral("no-such-route"), QStringLiteral("no route %1").arg(request.url().path())), "close");
}

} // namespace ledger::api
