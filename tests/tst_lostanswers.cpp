// tst_lostanswers: a write to ledgerd whose answer is lost — the server dropped the connection
// while it worked on it, as a ledgerd SIGKILLed does — is sent again while the retry window
// lasts, each time under the same idempotency key (so that ledgerd does it once and answers the
// second arrival from what the first did: tst_requestreplay, tst_ledgerd), every write under a
// key of its own; and when no answer comes back at all, it is said to be one that may or may not
// have been applied — not taken for one that never left. tst_remotekill does it with a real
// ledgerd; here a server of a few lines drops every write.
#include "service/remoteledgerservice.h"

#include <QSet>
#include <QTest>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <mutex>
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
    // The Idempotency-Key of each write it was sent, in order ("" none).
    QStringList keys()
    {
        std::lock_guard<std::mutex> lock(m_keysMutex);
        return m_keys;
    }

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
                // Gone while it worked on it: no answer comes (it keeps listening: a restart).
                const qsizetype k = head.indexOf("idempotency-key:");
                const QByteArray key = k < 0 ? QByteArray() : c->in.mid(k + 16, c->in.indexOf('\r', k) - k - 16).trimmed();
                {
                    std::lock_guard<std::mutex> lock(m_keysMutex);
                    m_keys << QString::fromLatin1(key);
                }
                ++posts;
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
    std::mutex m_keysMutex;
    QStringList m_keys;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

constexpr char kMayOrMayNot[] = "the call may or may not have been applied";

} // namespace

Q_DECLARE_METATYPE(std::function<ledger::Error(ledger::RemoteLedgerService &)>)

using Write = std::function<Error(RemoteLedgerService &)>;

class TestLostAnswers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aWriteIsSentAgainUnderOneKey_data();
    void aWriteIsSentAgainUnderOneKey();
};

void TestLostAnswers::aWriteIsSentAgainUnderOneKey_data()
{
    QTest::addColumn<Write>("write");
    const QString tx = QStringLiteral("tx-1");
    QTest::newRow("resume") << Write(
        [tx](RemoteLedgerService &l) { return l.repair(RepairAction::Resume, tx, QStringLiteral("ok")).error; });
    QTest::newRow("cancel") << Write([tx](RemoteLedgerService &l) { return l.repair(RepairAction::Cancel, tx, QString()).error; });
    QTest::newRow("compensate") << Write([tx](RemoteLedgerService &l) { return l.repair(RepairAction::Compensate, tx, QString()).error; });
    QTest::newRow("claim") << Write([tx](RemoteLedgerService &l) { return l.remark(tx, Remark::Claim, QString()).error(); });
    QTest::newRow("note") << Write([tx](RemoteLedgerService &l) { return l.remark(tx, Remark::Note, QStringLiteral("x")).error(); });
    QTest::newRow("new account") << Write(
        [](RemoteLedgerService &l) { return l.createAccount(QStringLiteral("carol"), QString(), 0).opening.error; });
    QTest::newRow("freeze") << Write(
        [](RemoteLedgerService &l) { return l.setAccountStatus(QStringLiteral("bob"), AccountStatus::Frozen, QString()).error(); });
    QTest::newRow("transfer") << Write([](RemoteLedgerService &l) {
        return l.transfer({QStringLiteral("acme"), QStringLiteral("bob"), 100, QString(), QString()}).error;
    });
    QTest::newRow("batch") << Write([tx](RemoteLedgerService &l) {
        BatchRepairOptions options;
        options.action = OperatorAction::Resume;
        const BatchRepairReport report = l.repairMany({tx, QStringLiteral("tx-2")}, options);
        if (!report.error.ok())
            return report.error;
        // Not "could not start": it was sent, and each of its transactions may or may not be repaired.
        for (const BatchRepairItem &item : report.items)
            if (item.outcome.error.code != ErrorCode::ServiceUnavailable)
                return makeError(ErrorCode::Internal, QStringLiteral("%1: %2").arg(item.id, item.outcome.error.toString()));
        return report.items.size() == 2 ? report.items.first().outcome.error : makeError(ErrorCode::Internal, QStringLiteral("items"));
    });
}

void TestLostAnswers::aWriteIsSentAgainUnderOneKey()
{
    QFETCH(Write, write);
    DroppingServer server;
    QVERIFY(server.port != 0);
    RemoteLedgerService ledger(ServerLocation{QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port)), "token", QString()});
    ledger.setRetryWindowMs(1500); // how long it is sent again (bounds the test)
    QVERIFY(ledger.whoami().ok()); // a kept connection, as a console's pool thread has
    const Error e = write(ledger);
    QCOMPARE(e.code, ErrorCode::ServiceUnavailable);
    QVERIFY2(e.message.contains(QLatin1String(kMayOrMayNot)), qPrintable(e.message));
    // Sent again, every time under one key, a key no other write had.
    const QStringList keys = server.keys();
    QVERIFY2(keys.size() >= 2, qPrintable(keys.join(QLatin1Char(' '))));
    QVERIFY(!keys.first().isEmpty());
    QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()).size(), 1);
    // The next write is another request: a key of its own (asked of one row: each costs a window).
    if (QTest::currentDataTag() == QLatin1String("resume")) {
        QVERIFY(write(ledger).code == ErrorCode::ServiceUnavailable);
        QVERIFY(server.keys().last() != keys.first());
    }
}

QTEST_GUILESS_MAIN(TestLostAnswers)
#include "tst_lostanswers.moc"
