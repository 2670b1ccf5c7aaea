#include "httpfront.h"

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
{
    m_pool.setMaxThreadCount(m_options.threads);
    m_pool.setExpiryTimeout(-1); // a worker keeps its store connection for the life of the server
    m_writePool.setMaxThreadCount(m_options.writeThreads);
    m_writePool.setExpiryTimeout(-1);
    connect(this, &QAbstractHttpServer::newWebSocketConnection, this, &HttpFront::onWebSocket);
    if (!m_options.tokensPath.isEmpty())
        m_tokensModified = QFileInfo(m_options.tokensPath).lastModified(); // as loaded by main()
}

HttpFront::~HttpFront()
{
    m_pool.waitForDone();
    m_writePool.waitForDone();
}

Result<quint16> HttpFront::listen(const QHostAddress &address, quint16 port, const std::optional<QSslConfiguration> &tls)
{
    QTcpServer *server = nullptr;
    if (tls) {
        auto *ssl = new GuardedSslServer(m_options.limits, &m_guardCounts);
        ssl->setSslConfiguration(*tls);
        server = ssl;
    } else {
        server = new GuardedTcpServer(m_options.limits, &m_guardCounts);
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
    if (m_stopping && m_pending.empty() && m_done) {
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
            if (reloaded.ok())
                m_options.tokens = *reloaded;
            else
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

void HttpFront::write(QHttpServerResponder &responder, const ApiResponse &r, bool head)
{
    responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(r.status));
    responder.writeHeader("Content-Type", r.contentType);
    responder.writeHeader("Content-Length", QByteArray::number(r.body.size()));
    for (const auto &h : r.headers)
        responder.writeHeader(h.first, h.second);
    responder.writeBody(head ? QByteArray() : r.body);
}

void HttpFront::answerNow(const QHttpServerRequest &request, QTcpSocket *socket, const QString &label, const ApiResponse &response)
{
    if (m_order.contains(socket)) { // requests before it are still being handled: after them
        const quint64 id = m_nextId++;
        Pending pending{makeResponder(request, socket), QPointer<QTcpSocket>(socket), label, false, {}};
        pending.ready = response;
        pending.head = request.method() == QHttpServerRequest::Method::Head;
        m_pending.emplace(id, std::move(pending));
        enqueue(socket, id);
        m_metrics.request(label, response.status);
        return;
    }
    QHttpServerResponder responder = makeResponder(request, socket);
    write(responder, response, request.method() == QHttpServerRequest::Method::Head);
    m_metrics.request(label, response.status);
    if (auto *guard = ConnectionGuard::of(socket))
        guard->answered();
}

bool HttpFront::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    if (auto *guard = ConnectionGuard::of(socket))
        guard->handling();
    ApiRequest r;
    r.method = methodName(request.method());
    r.path = request.url().path();
    r.query = request.query();
    for (const auto &h : request.headers())
        r.headers.insert(h.first.toLower(), h.second);
    // As Qt decides it: an upgrade is asked for by Connection: upgrade (and Upgrade: websocket);
    // only then does the socket go to the WebSocket server when this returns true.
    const bool upgrade = r.headers.value("connection").toLower().contains("upgrade")
                      && r.headers.value("upgrade").compare("websocket", Qt::CaseInsensitive) == 0;
    // An answer written here to an upgrade must not be followed by the switch to WebSocket:
    // refuse it (false) and let missingHandler() know the answer is out already.
    const auto refuse = [&](const QString &label, const ApiResponse &answer) {
        answerNow(request, socket, label, answer);
        if (!upgrade)
            return true;
        socket->setProperty("ledgerd-answered", true);
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
        answerNow(request, socket, QStringLiteral("unmatched"), answer);
        return true;
    }
    const RouteMatch match = *lookup.match;

    // Who is calling, and may they.
    if (match.needs) {
        if (m_options.tokens) {
            const QByteArray authorization = r.headers.value("authorization");
            const auto caller = authorization.startsWith("Bearer ") ? currentTokens().verify(authorization.mid(7).trimmed()) : std::nullopt;
            if (!caller) {
                ApiResponse answer = httpProblem(401, QStringLiteral("unauthorized"),
                                                 authorization.isEmpty() ? QStringLiteral("send Authorization: Bearer TOKEN")
                                                                         : QStringLiteral("the token is not one of this server's"));
                answer.headers.append(qMakePair(QByteArray("WWW-Authenticate"), QByteArray("Bearer")));
                return refuse(match.label, answer);
            }
            if (int(caller->role) < int(*match.needs))
                return refuse(match.label, httpProblem(403, QStringLiteral("forbidden"),
                                                       QStringLiteral("%1 (role %2) may not %3 %4: it needs the role %5")
                                                           .arg(caller->name, nameOf(caller->role), QString::fromLatin1(r.method),
                                                                match.label, nameOf(*match.needs))));
            r.caller = *caller;
        } else {
            // No tokens (loopback only): a web page the operator has open must not be able to
            // call in — refuse what a browser adds (Origin) and names that are not loopback (Host:
            // DNS rebinding).
            const QByteArray host = r.headers.value("host").toLower();
            const QByteArray hostName =
                host.startsWith('[')
                    ? host.left(host.indexOf(']') + 1)
                    : host.left(host.indexOf(QByteArrayLiteral(":")) < 0 ? host.size() : host.indexOf(QByteArrayLiteral(":")));
            const bool loopbackHost = hostName == "localhost" || hostName == "127.0.0.1" || hostName == "[::1]" || hostName.isEmpty();
            if (r.headers.contains("origin") || !loopbackHost)
                return refuse(match.label, httpProblem(403, QStringLiteral("forbidden"),
                                                       QStringLiteral("without a tokens file ledgerd answers only local programs: "
                                                                      "no Origin header, a loopback Host")));
            r.caller = Caller{QStringLiteral("local"), Role::Operator};
        }
    }
    if (upgrade) {
        if (match.route != Route::Feed)
            return false; // only the feed upgrades
        if (auto *guard = ConnectionGuard::of(socket))
            guard->release(); // the WebSocket server owns the connection from here
        return true;
    }

    // JSON only: a form a browser may post across sites (text/plain, form-urlencoded) is refused.
    if (r.method == "POST" && !request.body().isEmpty() && !r.headers.value("content-type").toLower().startsWith("application/json")) {
        answerNow(
            request, socket, match.label,
            httpProblem(415, QStringLiteral("unsupported-media-type"), QStringLiteral("send the body as Content-Type: application/json")));
        return true;
    }
    if (request.body().size() > kMaxBodyBytes) {
        answerNow(request, socket, match.label,
                  httpProblem(413, QStringLiteral("request-too-large"),
                              QStringLiteral("a request body may be at most %1 bytes").arg(kMaxBodyBytes)));
        return true;
    }
    r.body = request.body();

    switch (match.route) {
    case Route::Health:
        answerNow(request, socket, match.label, ApiResponse{200, "application/json", R"({"status":"up"})", {}});
        return true;
    case Route::OpenApi: answerNow(request, socket, match.label, ApiResponse{200, "application/json", m_options.openApi, {}}); return true;
    case Route::Feed: streamFeed(request, socket, r); return true;
    default: break;
    }
    if (m_stopping) {
        answerNow(request, socket, match.label, httpProblem(503, QStringLiteral("stopping"), QStringLiteral("ledgerd is stopping")));
        return true;
    }

    const quint64 id = m_nextId++;
    Pending pending{makeResponder(request, socket), QPointer<QTcpSocket>(socket), match.label, match.route == Route::Transfer, {}};
    pending.started.start();
    m_pending.emplace(id, std::move(pending));
    enqueue(socket, id);
    const bool head = r.method == "HEAD";
    // The worker posts its answer back to this thread. (Not QFuture::then with a context object:
    // in Qt 6.4 that crashes under load, SIGSEGV in QFutureInterfaceBase::reportStarted — seen with
    // 256 connections, tools/http-choice.)
    // Writes queue in their own pool, first come first served: on an SQLite file one writer
    // commits at a time whatever we do, and a FIFO here is fairer than the file lock's busy wait
    // (16 clients, measured: p99 90 ms → 22 ms at 1.5 × the throughput; README).
    QThreadPool &pool = r.method == "POST" ? m_writePool : m_pool;
    pool.start([this, r, match, id, head] {
        HandledRequest handled;
        qint64 stuck = 0;
        auto store = workerStore();
        if (!store.ok()) {
            handled = HandledRequest{problem(store.error()), false, true};
        } else if (match.route == Route::Metrics) {
            TxQuery q;
            q.stuckOnly = true;
            q.stuckForMs = 30 * 60 * 1000;
            auto n = (*store)->transactionCount(q);
            stuck = n.ok() ? *n : -1;
        } else {
            CoordinatorOptions base;
            base.hook = m_options.hook;
            handled = handle(**store, r, match, base);
        }
        QMetaObject::invokeMethod(
            this,
            [this, id, match, head, handled, stuck]() mutable {
                if (match.route == Route::Metrics)
                    handled.response = ApiResponse{
                        200, "text/plain; version=0.0.4", m_metrics.render(stuck, m_guardCounts, inFlight() - 1, m_options.recovery), {}};
                if (head)
                    handled.response.body.clear();
                deliver(id, handled.response, handled.storeError);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void HttpFront::deliver(quint64 id, const ApiResponse &response, bool storeError)
{
    auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    Pending &p = it->second;
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
                write(p.responder, *p.ready, p.head);
                if (auto *guard = ConnectionGuard::of(p.socket))
                    guard->answered();
            }
            m_pending.erase(it);
        }
        queue->pop_front();
    }
    m_order.erase(queue);
}

void HttpFront::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    if (socket->property("ledgerd-answered").toBool()) { // a refused upgrade: answered already
        socket->setProperty("ledgerd-answered", QVariant());
        return;
    }
    answerNow(request, socket, QStringLiteral("unmatched"),
              httpProblem(404, QStringLiteral("no-such-route"), QStringLiteral("no route %1").arg(request.url().path())));
}

} // namespace ledger::api
