// Qt HttpServer 6.4 as ledgerd uses it (src/ledgerd/httpfront.cpp): QAbstractHttpServer parses on
// the event loop, the handler's work runs on a pool thread, the answer is posted back and written
// through a responder kept per request — never through a socket that is gone. (QHttpServer's own
// QFuture routes, and QFuture::then with a context, crash in 6.4 under 256 connections: SIGSEGV
// in QFutureInterfaceBase::reportStarted.)
#include <QAbstractHttpServer>
#include <QCoreApplication>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThreadPool>
#include <map>

class Server : public QAbstractHttpServer {
public:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override
    {
        const quint64 id = m_next++;
        m_pending.emplace(id, std::pair{makeResponder(request, socket), QPointer<QTcpSocket>(socket)});
        const QByteArray body = request.body();
        // A pool thread does the work and posts the answer back to this thread. (QFuture::then
        // with a context object crashes in Qt 6.4 under load: SIGSEGV in
        // QFutureInterfaceBase::reportStarted, seen here under 256 connections.)
        QThreadPool::globalInstance()->start([this, id, body] {
            QJsonObject o = QJsonDocument::fromJson(body).object();
            o.insert(QStringLiteral("ok"), true);
            const QByteArray out = QJsonDocument(o).toJson(QJsonDocument::Compact);
            QMetaObject::invokeMethod(this, [this, id, out] { answer(id, out); }, Qt::QueuedConnection);
        });
        return true;
    }
    void missingHandler(const QHttpServerRequest &, QTcpSocket *) override {}
    void answer(quint64 id, const QByteArray &out)
    {
        auto it = m_pending.find(id);
        if (it->second.second && it->second.second->state() == QAbstractSocket::ConnectedState) {
            auto &r = it->second.first;
            r.writeStatusLine(QHttpServerResponder::StatusCode::Created);
            r.writeHeader("Content-Type", "application/json");
            r.writeHeader("Content-Length", QByteArray::number(out.size()));
            r.writeBody(out);
        }
        m_pending.erase(it);
    }

private:
    std::map<quint64, std::pair<QHttpServerResponder, QPointer<QTcpSocket>>> m_pending;
    quint64 m_next = 1;
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Server server;
    auto *tcp = new QTcpServer;
    tcp->listen(QHostAddress::LocalHost, quint16(atoi(argv[1])));
    server.bind(tcp);
    printf("listening on %u\n", tcp->serverPort());
    fflush(stdout);
    return app.exec();
}
