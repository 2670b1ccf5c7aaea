// cpp-httplib 0.11.4: a thread pool; a keep-alive connection holds a pool thread while open.
#include <QJsonDocument>
#include <QJsonObject>
#include <httplib.h>

int main(int, char **argv)
{
    httplib::Server server;
    server.new_task_queue = [n = atoi(argv[2])] { return new httplib::ThreadPool(size_t(n)); };
    server.set_read_timeout(10, 0);
    server.set_tcp_nodelay(true);
    server.Post("/echo", [](const httplib::Request &req, httplib::Response &res) {
        QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(req.body)).object();
        o.insert(QStringLiteral("ok"), true);
        res.status = 201;
        res.set_content(QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString(), "application/json");
    });
    printf("listening on %s\n", argv[1]);
    fflush(stdout);
    server.listen("127.0.0.1", atoi(argv[1]));
}
