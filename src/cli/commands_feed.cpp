// ledgerctl feed (JSON Lines of finished transactions from a cursor) and serve (the same over
// WebSocket, live).
#include "cli.h"
#include "feedserver.h"
#include "interchange/listenaddress.h"
#include "interchange/changefeed.h"
#include "service/remoteledgerservice.h"
#include "store/open/changenotifier.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>

#include <atomic>
#include <csignal>

namespace ledger::cli {

namespace {
constexpr int kFeedPage = 1000;
// How often an SQLite store's change marker is looked at while following (a server store
// announces its commits, and nothing is polled).
constexpr int kFollowPollMs = 100;

std::atomic<bool> g_interrupted{false};
void interrupted(int) { g_interrupted = true; }

// feed --server: ledgerd's feed (GET /v1/feed), its lines as they come — the same lines as from
// a store opened here. Ctrl-C ends it between lines (what was printed is whole), with the status
// a shell gives the local feed it interrupts (130). A server that went away is waited for as a
// lost read is, then said (service-unavailable, with the cursor to go on from), as the local feed
// ends with the store's error.
int feedThroughServer(Context &c, qint64 limit, bool follow)
{
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    auto *remote = dynamic_cast<RemoteLedgerService *>(*service);
    if (!remote)
        return c.fail(makeError(ErrorCode::Internal, QStringLiteral("feed --server has no remote service")));
    struct sigaction on {
    }, before{};
    on.sa_handler = interrupted;
    sigemptyset(&on.sa_mask);
    g_interrupted = false;
    sigaction(SIGINT, &on, &before);
    auto given = remote->feed(
        c.args.value(QStringLiteral("since"), QStringLiteral("0")), follow, limit,
        [&c](const QByteArray &line) {
            c.out << QString::fromUtf8(line) << '\n';
            c.out.flush();
        },
        [] { return g_interrupted.load(); });
    sigaction(SIGINT, &before, nullptr);
    if (!given.ok())
        return c.fail(given.error());
    return g_interrupted ? 128 + SIGINT : 0;
}

} // namespace

int cmdFeed(Context &c)
{
    auto limit = c.integerOption(QStringLiteral("limit"), -1, 1, 1'000'000'000);
    if (!limit.ok())
        return c.fail(limit.error());
    const bool follow = c.args.flags.contains(QStringLiteral("follow"));
    if (c.remote())
        return feedThroughServer(c, *limit, follow);
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto cursor = FeedCursor::parse(c.args.value(QStringLiteral("since"), QStringLiteral("0")), (*store)->shardCount());
    if (!cursor.ok())
        return c.fail(cursor.error());
    const int scale = (*store)->scale();
    // Following waits on the store's change notifier, which is watching before the first read:
    // a finish committed after that read is announced, so the wait cannot sleep through it.
    std::unique_ptr<ChangeNotifier> notifier;
    QEventLoop wait;
    bool lookAgain = false;
    if (follow) {
        if (!QCoreApplication::instance())
            return c.fail(makeError(ErrorCode::Internal, QStringLiteral("feed --follow needs the program's event loop")));
        notifier = std::make_unique<ChangeNotifier>(c.config, kFollowPollMs);
        const auto wake = [&]() {
            lookAgain = true;
            wait.quit();
        };
        // A failure wakes it too: the next read then says what is wrong (and ends the feed). So
        // does watching again after one (what was committed meanwhile was not announced).
        QObject::connect(notifier.get(), &ChangeNotifier::watching, &wait, wake);
        QObject::connect(notifier.get(), &ChangeNotifier::changed, &wait, wake);
        QObject::connect(notifier.get(), &ChangeNotifier::resumed, &wait, wake);
        QObject::connect(notifier.get(), &ChangeNotifier::failed, &wait, wake);
        QObject::connect(notifier.get(), &ChangeNotifier::broken, &wait, wake);
        if (!lookAgain)
            wait.exec();
    }
    FeedCursor at = *cursor;
    qint64 left = *limit;
    while (left != 0) {
        lookAgain = false; // what is announced from here on is read by the next round
        auto events = readFeed(**store, at, left < 0 ? kFeedPage : int(qMin<qint64>(left, kFeedPage)));
        if (!events.ok())
            return c.fail(events.error());
        for (const FeedEvent &e : *events) {
            c.out << QJsonDocument(feedEventJson(e, scale)).toJson(QJsonDocument::Compact) << '\n';
            at = e.cursor;
        }
        c.out.flush();
        if (left > 0)
            left -= events->size();
        if (!events->isEmpty())
            continue;
        if (!follow)
            break;
        if (!lookAgain)
            wait.exec();
    }
    return 0;
}

int cmdServe(Context &c)
{
    if (!c.args.values.contains(QStringLiteral("ws")))
        return c.fail(makeError(ErrorCode::MissingArgument, QStringLiteral("serve needs --ws HOST:PORT (e.g. --ws 127.0.0.1:8765)")));
    auto address = parseListenAddress(c.args.value(QStringLiteral("ws")), QStringLiteral("--ws"), QStringLiteral("127.0.0.1:8765"));
    if (!address.ok())
        return c.fail(address.error());
    // The feed carries every transfer and has no authentication: never on a public interface.
    if (!address->address.isLoopback())
        return c.fail(
            makeError(ErrorCode::InvalidArgument, QStringLiteral("--ws %1: %2 is not a loopback address; the feed has no authentication")
                                                      .arg(c.args.value(QStringLiteral("ws")).left(80), address->address.toString())));
    if (!QCoreApplication::instance())
        return c.fail(makeError(ErrorCode::Internal, QStringLiteral("serve needs the program's event loop")));
    if (auto store = c.open(); !store.ok()) // said as every command says it (the hub opens its own)
        return c.fail(store.error());
    FeedServer server(c.config);
    auto port = server.listen(address->address, address->port);
    if (!port.ok())
        return c.fail(port.error());
    c.out << QStringLiteral("listening on ws://%1:%2\n").arg(address->urlHost()).arg(*port);
    c.out.flush();
    return QCoreApplication::exec();
}

} // namespace ledger::cli
