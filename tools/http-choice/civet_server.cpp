// civetweb 1.15: a thread per connection (num_threads), the handler's work in that thread.
#include <QJsonDocument>
#include <QJsonObject>
#include <civetweb.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

static int echo(mg_connection *conn, void *)
{
    const mg_request_info *ri = mg_get_request_info(conn);
    std::string body(size_t(ri->content_length > 0 ? ri->content_length : 0), '\0');
    size_t got = 0;
    while (got < body.size()) {
        int n = mg_read(conn, body.data() + got, body.size() - got);
        if (n <= 0) break;
        got += size_t(n);
    }
    QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(body)).object();
    o.insert(QStringLiteral("ok"), true);
    const QByteArray out = QJsonDocument(o).toJson(QJsonDocument::Compact);
    const QByteArray answer = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: "
                            + QByteArray::number(out.size()) + "\r\n\r\n" + out;
    mg_write(conn, answer.constData(), size_t(answer.size())); // one write: no Nagle wait between head and body
    return 201;
}

int main(int, char **argv)
{
    mg_init_library(0);
    std::string port = std::string("127.0.0.1:") + argv[1];
    const char *options[] = {"listening_ports", port.c_str(), "num_threads", argv[2], "enable_keep_alive", "yes",
                             "request_timeout_ms", "10000", "tcp_nodelay", "1", nullptr};
    mg_callbacks cb{};
    mg_context *ctx = mg_start(&cb, nullptr, options);
    mg_set_request_handler(ctx, "/echo", echo, nullptr);
    printf("listening on %s\n", argv[1]);
    fflush(stdout);
    pause();
}
