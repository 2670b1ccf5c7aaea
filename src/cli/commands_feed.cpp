// ledgerctl feed (JSON Lines of finished transactions from a cursor) and serve (the same over
// WebSocket, live).
#include "cli.h"

#include "changefeed.h"
#include "feedserver.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QThread>

namespace ledger::cli {

namespace {
constexpr int kFeedPage = 1000;
constexpr unsigned long kFollowPollMs = 100;
} // namespace

int cmdFeed(Context &c)
{
    auto limit = c.integerOption(QStringLiteral("limit"), -1, 1, 1'000'000'000);
    if (!limit.ok())
        return c.fail(limit.error());
    const bool follow = c.args.flags.contains(QStringLiteral("follow"));
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto cursor = FeedCursor::parse(c.args.value(QStringLiteral("since"), QStringLiteral("0")), (*store)->shardCount());
    if (!cursor.ok())
        return c.fail(cursor.error());
    const int scale = (*store)->scale();
    FeedCursor at = *cursor;
    qint64 left = *limit;
    std::optional<qint64> marker;
    while (left != 0) {
        // The marker is read before the feed: a commit after this read changes it, so the wait
        // below cannot sleep through a finish that this read missed.
        auto before = (*store)->changeMarker();
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
        marker = before.ok() ? std::optional<qint64>(*before) : std::nullopt;
        for (;;) {
            QThread::msleep(kFollowPollMs);
            auto now = (*store)->changeMarker();
            if (!now.ok() || !marker || *now != *marker)
                break;
        }
    }
    return 0;
}

int cmdServe(Context &c)
{
    if (!c.args.values.contains(QStringLiteral("ws")))
        return c.fail(makeError(ErrorCode::MissingArgument, QStringLiteral("serve needs --ws HOST:PORT (e.g. --ws 127.0.0.1:8765)")));
    auto address = parseListenAddress(c.args.value(QStringLiteral("ws")));
    if (!address.ok())
        return c.fail(address.error());
    if (!QCoreApplication::instance())
        return c.fail(makeError(ErrorCode::Internal, QStringLiteral("serve needs the program's event loop")));
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    FeedServer server(**store);
    auto port = server.listen(address->first, address->second);
    if (!port.ok())
        return c.fail(port.error());
    const QString host = address->first.protocol() == QAbstractSocket::IPv6Protocol ? QStringLiteral("[%1]").arg(address->first.toString())
                                                                                      : address->first.toString();
    c.out << QStringLiteral("listening on ws://%1:%2\n").arg(host).arg(*port);
    c.out.flush();
    return QCoreApplication::exec();
}

} // namespace ledger::cli
