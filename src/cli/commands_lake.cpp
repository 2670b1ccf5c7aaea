// ledgerctl lake sync (every finished transaction into the data lake, once) and lake status.
#include "cli.h"
#include "interchange/changefeed.h"
#include "lake/lakesinks.h"
#include "lake/lakesync.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

namespace ledger::cli {

namespace {
using namespace ledger::lake;

constexpr qint64 kProgressEveryMs = 5000;

QString megabytes(qint64 bytes)
{
    if (bytes < 1'000'000)
        return QLocale::c().toString(double(bytes) / 1e3, 'f', 1) + QStringLiteral(" kB");
    return QLocale::c().toString(double(bytes) / 1e6, 'f', 1) + QStringLiteral(" MB");
}

struct Lake {
    LakeLocation location;
    std::unique_ptr<LakeSink> sink;
};

Result<Lake> lakeOf(Context &c)
{
    if (!c.args.values.contains(QStringLiteral("to")))
        return makeError(ErrorCode::MissingArgument,
                         Message::translate("ledgerctl", "%1 needs --to LOCATION: a folder, or s3://BUCKET/PREFIX").arg(c.args.command));
    auto location = LakeLocation::parse(c.args.value(QStringLiteral("to")));
    if (!location.ok())
        return location.error();
    auto sink = sinkOf(*location);
    if (!sink.ok())
        return sink.error();
    return Lake{*location, std::move(*sink)};
}
} // namespace

int cmdLakeSync(Context &c)
{
    LakeOptions options;
    if (c.args.values.contains(QStringLiteral("max-file-size"))) {
        auto size = parseByteSize(c.args.value(QStringLiteral("max-file-size")), QStringLiteral("--max-file-size"));
        if (!size.ok())
            return c.fail(size.error());
        options.maxFileBytes = *size;
    }
    auto age = c.durationOption(QStringLiteral("max-age"), options.maxAgeMs);
    if (!age.ok())
        return c.fail(age.error());
    options.maxAgeMs = *age;
    auto lake = lakeOf(c);
    if (!lake.ok())
        return c.fail(lake.error());
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto sync = LakeSync::open(**store, std::move(lake->sink), storeDisplayName(c.config.location), options);
    if (!sync.ok())
        return c.fail(sync.error());
    // What had finished when the run began: a cron run ends under any load.
    auto until = feedEnd(**store, FeedCursor::start((*store)->shardCount()));
    if (!until.ok())
        return c.fail(until.error());
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    (*sync)->setProgress([&](qint64 read) {
        if (sinceProgress.elapsed() < kProgressEveryMs)
            return;
        sinceProgress.restart();
        c.err << Message::translate("ledgerctl", "lake: %1 events read…").arg(QLocale().toString(read)).local() << '\n';
        c.err.flush();
    });
    auto added = (*sync)->pass(*until);
    if (!added.ok())
        return c.fail(added.error());
    auto closed = (*sync)->closeAll();
    if (!closed.ok())
        return c.fail(closed.error());
    const LakeTotals total{added->events + closed->events, added->files + closed->files, added->bytes + closed->bytes};
    const LakeCheckpoint &checkpoint = (*sync)->checkpoint();
    if (c.json)
        return c.printJson(QJsonObject{{QStringLiteral("lake"), lake->location.display()},
                                       {QStringLiteral("events"), total.events},
                                       {QStringLiteral("files"), total.files},
                                       {QStringLiteral("bytes"), total.bytes},
                                       {QStringLiteral("adopted"), (*sync)->adopted()},
                                       {QStringLiteral("repeatsSkipped"), (*sync)->repeatsSkipped()},
                                       {QStringLiteral("cursor"), checkpoint.cursor.toString()},
                                       {QStringLiteral("lakeEvents"), checkpoint.events}});
    c.out << Message::translate("ledgerctl", "lake: %1 events in %2 files (%3) to %4")
                 .arg(QLocale().toString(total.events), QLocale().toString(total.files), megabytes(total.bytes), lake->location.display())
                 .local()
          << '\n';
    if ((*sync)->adopted() > 0)
        c.out << Message::translate("ledgerctl", "lake: %1 files an interrupted run had made visible were taken into the checkpoint")
                     .arg((*sync)->adopted())
                     .local()
              << '\n';
    return 0;
}

int cmdLakeStatus(Context &c)
{
    auto lake = lakeOf(c);
    if (!lake.ok())
        return c.fail(lake.error());
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto report = lakeReport(**store, *lake->sink);
    if (!report.ok())
        return c.fail(report.error());
    const QString behind =
        report->lag.atLeast ? QLocale().toString(report->lag.events) + QLatin1Char('+') : QLocale().toString(report->lag.events);
    const qint64 lagSeconds = report->lag.oldest ? qMax<qint64>(0, report->lag.oldest->secsTo(QDateTime::currentDateTimeUtc())) : 0;
    if (c.json) {
        return c.printJson(QJsonObject{
            {QStringLiteral("lake"), lake->location.display()},
            {QStringLiteral("checkpoint"), report->hasCheckpoint},
            {QStringLiteral("cursor"), report->checkpoint.cursor.toString()},
            {QStringLiteral("updated"), report->hasCheckpoint ? QJsonValue(formatTimestamp(report->checkpoint.updated)) : QJsonValue()},
            {QStringLiteral("writer"), report->checkpoint.writer},
            {QStringLiteral("events"), report->visible.events},
            {QStringLiteral("files"), report->visible.files},
            {QStringLiteral("bytes"), report->visible.bytes},
            {QStringLiteral("newestFile"), report->newestFile},
            {QStringLiteral("lagEvents"), report->lag.events},
            {QStringLiteral("lagEventsAtLeast"), report->lag.atLeast},
            {QStringLiteral("lagSeconds"), lagSeconds},
            {QStringLiteral("problems"), QJsonArray::fromStringList(report->problems)},
        });
    }
    const auto row = [&c](const Message &label, const QString &value) { c.out << label.local().leftJustified(12) << value << '\n'; };
    row(Message::translate("ledgerctl", "lake:"), lake->location.display());
    row(Message::translate("ledgerctl", "checkpoint:"),
        report->hasCheckpoint
            ? Message::translate("ledgerctl", "%1 by %2, cursor %3")
                  .arg(formatTimestamp(report->checkpoint.updated), report->checkpoint.writer, report->checkpoint.cursor.toString())
                  .local()
            : Message::translate("ledgerctl", "none (nothing synced yet)").local());
    row(Message::translate("ledgerctl", "files:"),
        Message::translate("ledgerctl", "%1 (%2), %3 events")
            .arg(QLocale().toString(report->visible.files), megabytes(report->visible.bytes), QLocale().toString(report->visible.events))
            .local());
    if (!report->newestFile.isEmpty())
        row(Message::translate("ledgerctl", "newest:"), report->newestFile);
    row(Message::translate("ledgerctl", "behind:"),
        report->lag.oldest ? Message::translate("ledgerctl", "%1 events, the oldest finished %2 s ago").arg(behind).arg(lagSeconds).local()
                           : Message::translate("ledgerctl", "nothing: every finished transaction is in the lake").local());
    row(Message::translate("ledgerctl", "chain:"), report->problems.isEmpty()
                                                       ? Message::translate("ledgerctl", "whole (no gap, no overlap)").local()
                                                       : report->problems.join(QStringLiteral("\n            ")));
    return 0;
}

} // namespace ledger::cli
