#include "bench/benchlake.h"

#include "interchange/changefeed.h"
#include "lake/foldersink.h"
#include "lake/lakesync.h"
#include "store/fixtures/feedfixture.h"
#include "store/open/storeconfig.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

namespace ledger::bench {

Error fillForLake(const ScratchStore &scratch, qint64 rows)
{
    return fixtures::fillFeedStore(scratch.config(), scratch.durability(), rows);
}

Result<LakeBenchResult> runLakeBench(const ScratchStore &scratch, qint64 maxFileBytes, const std::function<void(const QString &)> &progress)
{
    LakeBenchResult r;
    {
        // What `ledgerctl feed --since 0 > /dev/null` does: read a page, print its lines.
        auto store = openStore(scratch.config());
        if (!store.ok())
            return store.error();
        QFile null(QStringLiteral("/dev/null"));
        if (!null.open(QIODevice::WriteOnly))
            return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot open /dev/null"));
        progress(QStringLiteral("lake: the feed to /dev/null"));
        QElapsedTimer timer;
        timer.start();
        FeedCursor at = FeedCursor::start((*store)->shardCount());
        const int scale = (*store)->scale();
        for (;;) {
            auto events = readFeed(**store, at, 1000);
            if (!events.ok())
                return events.error();
            if (events->isEmpty())
                break;
            for (const FeedEvent &e : std::as_const(*events)) {
                const QByteArray line = QJsonDocument(feedEventJson(e, scale)).toJson(QJsonDocument::Compact) + '\n';
                null.write(line);
                r.feedBytes += line.size();
            }
            r.events += events->size();
            at = events->last().cursor;
        }
        r.feedSeconds = double(timer.nsecsElapsed()) / 1e9;
    }
    {
        auto store = openStore(scratch.config());
        if (!store.ok())
            return store.error();
        QTemporaryDir dir(scratch.directory() + QStringLiteral("/lake-XXXXXX"));
        if (!dir.isValid())
            return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot make a folder in %1").arg(scratch.directory()));
        progress(QStringLiteral("lake: lake sync to %1").arg(dir.path()));
        QElapsedTimer timer;
        timer.start();
        lake::LakeOptions options;
        options.maxFileBytes = maxFileBytes;
        auto sync = lake::LakeSync::open(**store, std::make_unique<lake::FolderSink>(dir.path() + QStringLiteral("/lake")),
                                         QStringLiteral("bench"), options);
        if (!sync.ok())
            return sync.error();
        auto until = feedEnd(**store, FeedCursor::start((*store)->shardCount()));
        if (!until.ok())
            return until.error();
        auto passed = (*sync)->pass(*until);
        if (!passed.ok())
            return passed.error();
        auto closed = (*sync)->closeAll();
        if (!closed.ok())
            return closed.error();
        r.lakeSeconds = double(timer.nsecsElapsed()) / 1e9;
        r.lakeFiles = passed->files + closed->files;
        r.lakeBytes = passed->bytes + closed->bytes;
        if (passed->events + closed->events != r.events)
            return makeError(
                ErrorCode::Internal,
                QStringLiteral("the lake holds %1 events; the feed gave %2").arg(passed->events + closed->events).arg(r.events));
    }
    return r;
}

} // namespace ledger::bench
