// tst_lostanswers: a call to ledgerd that must not be made twice (a repair, a batch of them) and
// whose answer is lost — the server dropped the connection while it worked on it, as a ledgerd
// SIGKILLed does — is sent once, and said to be one that may or may not have been applied: not
// sent again by libcurl on a new connection (it does so by itself for a kept connection that dies
// before any answer), nor taken for one that never left (which RemoteLedgerService would send
// again, and call "could not start"). tst_remotekill does it with a real ledgerd under a console;
// here a server of a few lines drops the call every time, on a connection a first call kept.
#include "service/remoteledgerservice.h"

#include <QTest>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace ledger;

namespace {

// Answers every GET with whoami's JSON on a kept connection; at the first POST, stops listening
// and closes that connection unanswered. Counts the POSTs it was sent.
class DroppingServer {
public:
    DroppingServer()
    {
        m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof a;
        if (m_listener < 0 || ::bind(m_listener, reinterpret_cast<sockaddr *>(&a), size) != 0 || ::listen(m_listener, 8) != 0
            || ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&a), &size) != 0)
            return;
        port = ntohs(a.sin_port);
        m_thread = std::thread([this] { run(); });
    }
    ~DroppingServer()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        for (const Connection &c : m_connections)
            ::close(c.fd);
        if (m_listener >= 0)
            ::close(m_listener);
    }
    DroppingServer(const DroppingServer &) = delete;
    DroppingServer &operator=(const DroppingServer &) = delete;

    quint16 port = 0;
    std::atomic<int> posts{0};

private:
    struct Connection {
        int fd;
        QByteArray in;
    };

    void run()
    {
        while (!m_stop) {
            std::vector<pollfd> fds;
            if (m_listener >= 0)
                fds.push_back({m_listener, POLLIN, 0});
            for (const Connection &c : m_connections)
                fds.push_back({c.fd, POLLIN, 0});
            if (::poll(fds.data(), fds.size(), 50) <= 0)
                continue;
            for (const pollfd &p : fds) {
                if (!(p.revents & (POLLIN | POLLHUP | POLLERR)))
                    continue;
                if (p.fd == m_listener) {
                    const int fd = ::accept(m_listener, nullptr, nullptr);
                    if (fd >= 0)
                        m_connections.push_back({fd, {}});
                    continue;
                }
                readFrom(p.fd);
            }
        }
    }

    void readFrom(int fd)
    {
        auto c = std::find_if(m_connections.begin(), m_connections.end(), [fd](const Connection &x) { return x.fd == fd; });
        if (c == m_connections.end())
            return;
        char buffer[4096];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            ::close(fd);
            m_connections.erase(c);
            return;
        }
        c->in.append(buffer, n);
        for (;;) {
            const qsizetype end = c->in.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QByteArray head = c->in.left(end).toLower();
            const qsizetype at = head.indexOf("content-length:");
            const qsizetype length = at < 0 ? 0 : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
            if (c->in.size() < end + 4 + length)
                return;
            if (head.startsWith("post ")) {
                // Gone while it worked on it: nothing listens any more, and no answer comes.
                ++posts;
                ::close(m_listener);
                m_listener = -1;
                ::close(fd);
                m_connections.erase(c);
                return;
            }
            c->in.remove(0, end + 4 + length);
            const QByteArray body =
                R"({"name":"ann","role":"operator","scale":2,"readsByPosition":true,"sorts":["created","modified","amount","state","id"]})";
            const QByteArray answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                    + QByteArray::number(body.size()) + "\r\n\r\n" + body;
            if (::send(fd, answer.constData(), size_t(answer.size()), MSG_NOSIGNAL) != answer.size())
                return;
        }
    }

    int m_listener = -1;
    std::vector<Connection> m_connections;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

constexpr char kMayOrMayNot[] = "the call may or may not have been applied";

} // namespace

class TestLostAnswers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aRepairIsSentOnceAndSaidMaybeApplied();
    void aBatchIsSentOnceAndEachSaidMaybeApplied();
};

void TestLostAnswers::aRepairIsSentOnceAndSaidMaybeApplied()
{
    DroppingServer server;
    QVERIFY(server.port != 0);
    RemoteLedgerService ledger(ServerLocation{QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port)), "token", QString()});
    ledger.setRetryWindowMs(2000); // how long a call that never left is tried again (bounds the wrong path)
    QVERIFY(ledger.whoami().ok()); // a kept connection, as a console's pool thread has
    const TxOutcome o = ledger.repair(RepairAction::Resume, QStringLiteral("tx-1"), QStringLiteral("the bank confirmed"));
    QCOMPARE(o.error.code, ErrorCode::ServiceUnavailable);
    QVERIFY2(o.error.message.contains(QLatin1String(kMayOrMayNot)), qPrintable(o.error.message));
    QCOMPARE(server.posts.load(), 1);
}

void TestLostAnswers::aBatchIsSentOnceAndEachSaidMaybeApplied()
{
    DroppingServer server;
    QVERIFY(server.port != 0);
    RemoteLedgerService ledger(ServerLocation{QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port)), "token", QString()});
    ledger.setRetryWindowMs(2000);
    QVERIFY(ledger.whoami().ok());
    BatchRepairOptions options;
    options.action = OperatorAction::Resume;
    options.reason = QStringLiteral("the bank confirmed");
    const QStringList ids{QStringLiteral("tx-1"), QStringLiteral("tx-2"), QStringLiteral("tx-3")};
    const BatchRepairReport report = ledger.repairMany(ids, options);
    // Not "could not start": it was sent, and each of its transactions may or may not be repaired.
    QVERIFY2(report.error.ok(), qPrintable(report.error.message));
    QCOMPARE(report.items.size(), ids.size());
    for (const BatchRepairItem &item : report.items) {
        QCOMPARE(item.outcome.error.code, ErrorCode::ServiceUnavailable);
        QVERIFY2(item.outcome.error.message.contains(QLatin1String(kMayOrMayNot)), qPrintable(item.outcome.error.message));
    }
    QCOMPARE(server.posts.load(), 1);
}

QTEST_GUILESS_MAIN(TestLostAnswers)
#include "tst_lostanswers.moc"
