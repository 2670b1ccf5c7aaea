#include "lakesupport.h"

#include "interchange/changefeed.h"
#include "lake/foldersink.h"
#include "lake/gzipstream.h"
#include "lake/lakelayout.h"
#include "lake/lakesync.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

namespace ledger::test {

using namespace ledger::lake;

QList<LakeLine> linesOf(const QString &lake)
{
    QList<LakeLine> lines;
    QDirIterator it(lake, {QStringLiteral("*.ndjson.gz")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(path));
        const auto text = gunzip(f.readAll());
        if (!text)
            qFatal("%s is not gzip", qPrintable(path));
        for (const QByteArray &l : text->split('\n')) {
            if (!l.isEmpty())
                lines << LakeLine{QDir(lake).relativeFilePath(path), QJsonDocument::fromJson(l).object()};
        }
    }
    return lines;
}

QMap<QString, QJsonObject> feedWithoutCursor(Store &s)
{
    QMap<QString, QJsonObject> byId;
    FeedCursor at = FeedCursor::start(s.shardCount());
    for (;;) {
        auto events = readFeed(s, at, 500);
        if (!events.ok())
            qFatal("%s", qPrintable(events.error().toString()));
        if (events->isEmpty())
            return byId;
        for (const FeedEvent &e : *events)
            byId.insert(e.tx.id, feedEventJson(e, s.scale(), FeedJson::WithoutCursor));
        at = events->last().cursor;
    }
}

int finishedCount(Store &s)
{
    int finished = 0;
    for (const Transaction &t : *s.transactions({}))
        finished += isTerminal(t.state) ? 1 : 0;
    return finished;
}

bool feedHasEveryFinish(Store &s)
{
    const int finished = finishedCount(s);
    return QTest::qWaitFor([&] { return feedWithoutCursor(s).size() == finished; }, 60'000);
}

QString lakeProblems(Store &s, const QString &dir)
{
    const QList<LakeLine> lines = linesOf(dir);
    const QMap<QString, QJsonObject> feed = feedWithoutCursor(s);
    QSet<QString> seen;
    QStringList problems;
    for (const LakeLine &l : lines) {
        const QString id = l.line.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
        if (seen.contains(id))
            problems << id + QStringLiteral(" twice, again in ") + l.file;
        seen.insert(id);
        if (!feed.contains(id))
            problems << id + QStringLiteral(" is not in the feed");
        else if (l.line != feed.value(id))
            problems << id + QStringLiteral(": its line is not the feed's: ")
                            + QString::fromUtf8(QJsonDocument(l.line).toJson(QJsonDocument::Compact));
        const auto name = LakeFileName::parse(l.file);
        if (!name) {
            problems << l.file + QStringLiteral(": not a lake file's name");
            continue;
        }
        const qint64 seq = l.line.value(QStringLiteral("seq")).toInteger();
        if (!(name->after < seq && seq <= name->last))
            problems << QStringLiteral("%1 holds seq %2").arg(l.file).arg(seq);
        if (name->shard != l.line.value(QStringLiteral("shard")).toInt())
            problems << QStringLiteral("%1 holds a line of shard %2").arg(l.file).arg(l.line.value(QStringLiteral("shard")).toInt());
        if (name->day != l.line.value(QStringLiteral("at")).toString().left(10))
            problems << QStringLiteral("%1 holds a line of %2").arg(l.file, l.line.value(QStringLiteral("at")).toString());
    }
    if (seen.size() != feed.size())
        problems << QStringLiteral("%1 transactions in the lake, %2 in the feed").arg(seen.size()).arg(feed.size());
    FolderSink sink(dir);
    auto report = lakeReport(s, sink);
    if (!report.ok())
        return problems.join(QLatin1Char('\n')) + report.error().toString();
    problems << report->problems;
    if (report->checkpoint.events != lines.size())
        problems << QStringLiteral("the checkpoint counts %1 events; the files hold %2").arg(report->checkpoint.events).arg(lines.size());
    if (report->lag.events != 0)
        problems << QStringLiteral("%1 finished transactions are not in the lake").arg(report->lag.events);
    return problems.join(QLatin1Char('\n'));
}

} // namespace ledger::test
