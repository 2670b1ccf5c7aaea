// GET /v1/exports/{table}: a table's rows streamed as CSV or JSON, chunked, from one snapshot read
// on a worker of its own (exportstream.h says how the bytes cross to the socket, and what one
// export may hold). Asked wrong, it is answered 400 before anything is read; a failure before the
// first chunk is answered as any failure (503 for the store); after, the stream is cut without its
// last chunk, so that a client sees it is not whole (a JSON export also lacks its closing bracket).
#include "httpfront.h"

#include "apisupport.h"
#include "exportapi.h"
#include "problem.h"

#include <QHttpServerRequest>

namespace ledger::api {

void HttpFront::streamExport(const QHttpServerRequest &request, QTcpSocket *socket, const ApiRequest &r, const RouteMatch &match,
                             const FramedHead &head)
{
    const QByteArray connection = !head.keepAlive ? "close" : head.minorVersion == 0 ? "keep-alive" : "";
    auto asked = exportAskedOf(r, match);
    if (!asked.ok()) {
        answerNow(request, socket, match.label, problem(asked.error()), connection);
        return;
    }
    if (m_stopping) {
        answerNow(request, socket, match.label, httpProblem(503, QStringLiteral("stopping"), QStringLiteral("ledgerd is stopping")),
                  connection);
        return;
    }
    if (auto *guard = ConnectionGuard::of(socket))
        guard->streaming(); // no deadline: it lasts as long as there are rows and the client reads
    const quint64 id = m_nextId++;
    StreamedExport streamed;
    streamed.channel = std::make_shared<ExportChannel>();
    streamed.socket = socket;
    streamed.label = match.label;
    streamed.contentType = exportContentType(asked->format);
    streamed.chunked = head.minorVersion >= 1; // HTTP/1.0: no framing, it ends with the connection
    if (r.method == "HEAD") {                  // what a GET would begin with, nothing read
        streamed.headOnly = true;
        m_exports.emplace(id, streamed);
        exportChunk(id, QByteArray());
        exportEnded(id, Error{});
        return;
    }
    const std::shared_ptr<ExportChannel> channel = streamed.channel;
    m_exports.emplace(id, std::move(streamed));
    connect(socket, &QTcpSocket::bytesWritten, this, [channel, socket] { channel->drained(socket->bytesToWrite()); });
    connect(socket, &QTcpSocket::disconnected, this, [channel] { channel->close(); });
    m_exportPool.start([this, id, channel, r, spec = asked->spec, format = asked->format] {
        ExportDevice device(channel, [this, id](const QByteArray &chunk) {
            QMetaObject::invokeMethod(
                this, [this, id, chunk] { exportChunk(id, chunk); }, Qt::QueuedConnection);
        });
        ExportProgress progress;
        progress.shouldStop = [channel] { return channel->closed(); };
        Error ended;
        if (auto store = workerStore(); !store.ok()) {
            ended = store.error();
        } else if (auto rows = serviceFor(**store, r).exportTable(spec, format, device, progress); !rows.ok()) {
            ended = rows.error();
        } else if (!device.flushAll()) {
            ended = makeError(ErrorCode::OutputFailed, QStringLiteral("the client is gone"));
        }
        QMetaObject::invokeMethod(
            this, [this, id, ended] { exportEnded(id, ended); }, Qt::QueuedConnection);
    });
}

void HttpFront::exportChunk(quint64 id, const QByteArray &chunk)
{
    const auto it = m_exports.find(id);
    if (it == m_exports.end())
        return;
    StreamedExport &e = it->second;
    QTcpSocket *socket = e.socket;
    if (!socket || socket->state() != QAbstractSocket::ConnectedState) {
        e.channel->close();
        return;
    }
    if (!e.headWritten) {
        // A stream ends its connection (Connection: close): the guard cuts a streaming client that
        // sends anything, so nothing may be pipelined behind it.
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: " + e.contentType + (e.chunked ? "\r\nTransfer-Encoding: chunked" : "")
                      + "\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n");
        e.headWritten = true;
        m_metrics.request(e.label, 200);
    }
    if (!chunk.isEmpty())
        socket->write(e.chunked ? QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n" : chunk);
    e.channel->written(chunk.size(), socket->bytesToWrite());
}

void HttpFront::exportEnded(quint64 id, const Error &error)
{
    auto node = m_exports.extract(id);
    if (node.empty())
        return;
    StreamedExport &e = node.mapped();
    QTcpSocket *socket = e.socket;
    if (socket && socket->state() == QAbstractSocket::ConnectedState) {
        if (error.ok()) {
            if (e.chunked && !e.headOnly)
                socket->write("0\r\n\r\n");
            closeLingering(socket);
        } else if (!e.headWritten) { // nothing sent yet: answered as any failure
            const ApiResponse answer =
                m_stopping ? httpProblem(503, QStringLiteral("stopping"), QStringLiteral("ledgerd is stopping")) : problem(error);
            socket->write(rawAnswer(answer, "close"));
            m_metrics.request(e.label, answer.status);
            if (answer.status >= 500)
                m_metrics.storeError();
            closeLingering(socket);
        } else { // cut: no last chunk, so that the client cannot take it for the whole
            qWarning("ledgerd: an export to %s was cut: %s", qPrintable(socket->peerAddress().toString()), qPrintable(error.toString()));
            socket->abort();
        }
    }
    checkStopped();
}

} // namespace ledger::api
