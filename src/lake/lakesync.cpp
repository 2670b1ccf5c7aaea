#include "lake/lakesync.h"

#include "lake/gzipstream.h"
#include "lake/lakefaults.h"
#include "ledger/message.h"

#include <QCoreApplication>
#include <QMap>
#include <QSet>
#include <QSysInfo>

#include <algorithm>

namespace ledger::lake {

struct LakeSync::OpenFile {
    OpenFile(const QString &day, qint64 after, int level)
        : day(day)
        , after(after)
        , last(after)
        , gzip(level)
    {
        age.start();
    }
    QString day;
    qint64 after;
    qint64 last;
    qint64 events = 0;
    QSet<QString> ids; // of its lines: a finish given again is looked for here (alreadyInLake)
    GzipWriter gzip;
    QElapsedTimer age;
};

namespace {
Error mismatch(const Message &why) { return makeError(ErrorCode::LakeMismatch, why); }

// Per shard, the visible files by the position they start after.
using Chains = QList<QMap<qint64, LakeFileName>>;

Chains chainsOf(const QStringList &names, int shards, QStringList *problems)
{
    Chains chains(shards);
    for (const QString &name : names) {
        const auto f = LakeFileName::parse(name);
        if (!f)
            continue;
        if (f->shard >= shards) {
            if (problems)
                problems->append(QStringLiteral("%1: shard %2 of a store of %3").arg(name).arg(f->shard).arg(shards));
            continue;
        }
        if (chains[f->shard].contains(f->after)) {
            if (problems)
                problems->append(QStringLiteral("%1 and %2 start at the same position").arg(chains[f->shard].value(f->after).name(), name));
            continue;
        }
        chains[f->shard].insert(f->after, *f);
    }
    return chains;
}

QString dayBefore(const QString &day) { return QDate::fromString(day, Qt::ISODate).addDays(-1).toString(Qt::ISODate); }

// The earliest day a file past the checkpoint can be on: one before its shards' newest (a
// finish's time can be a little behind its predecessor's), or every day when a shard has none.
QString listFrom(const LakeCheckpoint &c)
{
    QString from;
    for (const QString &day : c.days) {
        if (day.isEmpty())
            return QString();
        if (from.isEmpty() || day < from)
            from = day;
    }
    return from.isEmpty() ? QString() : dayBefore(from);
}
} // namespace

LakeSync::LakeSync(Store &store, std::unique_ptr<LakeSink> sink, const LakeOptions &options)
    : m_store(store)
    , m_sink(std::move(sink))
    , m_options(options)
{}

LakeSync::~LakeSync() = default;

Result<std::unique_ptr<LakeSync>> LakeSync::open(Store &store, std::unique_ptr<LakeSink> sink, const QString &storeName,
                                                 const LakeOptions &options)
{
    std::unique_ptr<LakeSync> lake(new LakeSync(store, std::move(sink), options));
    if (Error opened = lake->m_sink->open(); !opened.ok())
        return opened;
    const int shards = qMax(1, store.shardCount());
    lake->m_scale = store.scale();
    auto saved = lake->m_sink->read(kCheckpointName);
    if (!saved.ok())
        return saved.error();
    if (*saved) {
        auto parsed = LakeCheckpoint::fromJson(**saved, kCheckpointName);
        if (!parsed.ok())
            return parsed.error();
        if (parsed->shards != shards)
            return mismatch(Message::translate("ledger", "the data lake was written from a store of %1 shards; this one has %2")
                                .arg(parsed->shards)
                                .arg(shards));
        lake->m_checkpoint = *parsed;
    } else {
        lake->m_checkpoint = LakeCheckpoint::empty(shards);
    }
    for (int s = 0; s < shards; ++s) {
        auto last = store.lastFinishedSeq(s);
        if (!last.ok())
            return last.error();
        if (lake->m_checkpoint.cursor.positions.at(s) > *last)
            return mismatch(Message::translate("ledger", "the data lake holds shard %1 up to position %2, past this store's last "
                                                         "finish (%3): it was written from another store (%4)")
                                .arg(s)
                                .arg(lake->m_checkpoint.cursor.positions.at(s))
                                .arg(*last)
                                .arg(Message(lake->m_checkpoint.store)));
    }
    auto names = lake->m_sink->list(listFrom(lake->m_checkpoint));
    if (!names.ok())
        return names.error();
    if (Error adopted = lake->adopt(*names); !adopted.ok())
        return adopted;
    auto cleared = lake->m_sink->clearLeftovers();
    if (!cleared.ok())
        return cleared.error();
    lake->m_leftovers = *cleared;
    lake->m_checkpoint.store = storeName;
    if (!names->contains(kSchemaName)) {
        if (Error schema = lake->m_sink->create(kSchemaName, lakeSchemaJson(lake->m_scale)); !schema.ok())
            return schema;
    }
    if (lake->m_adopted > 0) {
        if (Error written = lake->writeCheckpoint(); !written.ok())
            return written;
    }
    lake->m_read = lake->m_checkpoint.cursor;
    lake->m_open.resize(size_t(shards));
    return lake;
}

Error LakeSync::adopt(const QStringList &names)
{
    // Files a run made visible before it could write the checkpoint (killed between the two).
    const Chains chains = chainsOf(names, m_checkpoint.shards, nullptr);
    for (int s = 0; s < m_checkpoint.shards; ++s) {
        qint64 &end = m_checkpoint.cursor.positions[s];
        while (chains[s].contains(end)) {
            const LakeFileName f = chains[s].value(end);
            auto bytes = m_sink->read(f.name());
            if (!bytes.ok())
                return bytes.error();
            const std::optional<QByteArray> lines = *bytes ? gunzip(**bytes) : std::nullopt;
            if (!lines)
                return makeError(ErrorCode::LakeMismatch,
                                 Message::translate("ledger", "the data lake's %1 is not whole gzip: it was not written by LedgerDesk")
                                     .arg(Message(f.name())));
            m_checkpoint.events += lines->count('\n');
            m_checkpoint.bytes += (*bytes)->size();
            m_checkpoint.files += 1;
            m_checkpoint.days[s] = f.day;
            end = f.last;
            ++m_adopted;
        }
    }
    return {};
}

Result<LakeTotals> LakeSync::pass(const FeedCursor &until)
{
    LakeTotals added;
    const int shards = m_checkpoint.shards;
    if (until.positions.size() != shards)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("lake pass: %1 positions for %2 shards").arg(until.positions.size()).arg(shards));
    for (int s = 0; s < shards; ++s) {
        bool more = m_read.positions.at(s) < until.positions.at(s);
        while (more) {
            auto events = readShardFeed(m_store, s, m_read.positions.at(s), m_options.page);
            if (!events.ok())
                return events.error();
            more = events->size() == m_options.page;
            for (const FeedEvent &e : std::as_const(*events)) {
                if (e.finish.seq > until.positions.at(s)) {
                    more = false;
                    break;
                }
                const QString day = dayOf(e.finish.at);
                if (m_open[size_t(s)] && m_open[size_t(s)]->day != day) {
                    if (Error closed = close(s, added); !closed.ok())
                        return closed;
                }
                auto repeated = alreadyInLake(s, e);
                if (!repeated.ok())
                    return repeated.error();
                if (!m_open[size_t(s)])
                    m_open[size_t(s)] = std::make_unique<OpenFile>(day, m_checkpoint.cursor.positions.at(s), m_options.level);
                OpenFile &file = *m_open[size_t(s)];
                // A finish given again holds its new position in the chain, without its line.
                if (*repeated) {
                    ++m_repeats;
                } else {
                    file.gzip.append(lakeLine(e, m_scale));
                    file.ids.insert(e.tx.id);
                    ++file.events;
                }
                file.last = e.finish.seq;
                m_read.positions[s] = e.finish.seq;
                if (file.gzip.inputBytes() >= m_options.maxFileBytes) {
                    if (Error closed = close(s, added); !closed.ok())
                        return closed;
                }
            }
            if (Error bounded = closeLargest(added); !bounded.ok())
                return bounded;
            m_eventsRead += events->size();
            if (m_progress)
                m_progress(m_eventsRead);
        }
        if (m_open[size_t(s)] && m_open[size_t(s)]->age.hasExpired(m_options.maxAgeMs)) {
            if (Error closed = close(s, added); !closed.ok())
                return closed;
        }
    }
    if (added.files > 0) {
        if (Error written = writeCheckpoint(); !written.ok())
            return written;
    }
    return added;
}

Result<LakeTotals> LakeSync::closeAll()
{
    LakeTotals added;
    for (int s = 0; s < m_checkpoint.shards; ++s) {
        if (m_open[size_t(s)]) {
            if (Error closed = close(s, added); !closed.ok())
                return closed;
        }
    }
    if (added.files > 0 || m_checkpoint.updated.isNull()) {
        if (Error written = writeCheckpoint(); !written.ok())
            return written;
    }
    return added;
}

bool LakeSync::hasOpenFiles() const
{
    return std::any_of(m_open.cbegin(), m_open.cend(), [](const std::unique_ptr<OpenFile> &f) { return bool(f); });
}

Error LakeSync::close(int shard, LakeTotals &added)
{
    std::unique_ptr<OpenFile> file = std::move(m_open[size_t(shard)]);
    const LakeFileName name{file->day, shard, file->after, file->last};
    const QByteArray bytes = file->gzip.finish();
    if (Error created = m_sink->create(name.name(), bytes); !created.ok()) {
        // Not visible: its lines are read again from the chain's end.
        m_read.positions[shard] = m_checkpoint.cursor.positions.at(shard);
        return created;
    }
    crashPoint("published");
    m_checkpoint.cursor.positions[shard] = file->last;
    m_checkpoint.days[shard] = file->day;
    m_checkpoint.events += file->events;
    m_checkpoint.files += 1;
    m_checkpoint.bytes += bytes.size();
    added.events += file->events;
    added.files += 1;
    added.bytes += bytes.size();
    return {};
}

Result<bool> LakeSync::alreadyInLake(int shard, const FeedEvent &e)
{
    const auto earlier = m_store.earlierPositions(e.finish);
    if (!earlier)
        return false;
    if (m_open[size_t(shard)] && m_open[size_t(shard)]->ids.contains(e.tx.id))
        return true;
    // The visible files of its shard that hold any of those positions (of the days around its
    // finish's time, which is the first giving's).
    auto names = m_sink->list(dayBefore(dayOf(e.finish.at)));
    if (!names.ok())
        return names.error();
    const QByteArray needle = "\"id\":\"" + e.tx.id.toUtf8() + '"';
    for (const QString &name : std::as_const(*names)) {
        const auto f = LakeFileName::parse(name);
        if (!f || f->shard != shard || f->after >= earlier->to || f->last < earlier->from)
            continue;
        auto bytes = m_sink->read(name);
        if (!bytes.ok())
            return bytes.error();
        const auto lines = *bytes ? gunzip(**bytes) : std::nullopt;
        if (lines && lines->contains(needle))
            return true;
    }
    return false;
}

Error LakeSync::closeLargest(LakeTotals &added)
{
    // Memory: every shard's open file together stays under maxOpenBytes (64 shards of a large
    // backlog would otherwise hold 64 files' worth).
    while (true) {
        qint64 total = 0;
        int largest = -1;
        for (int s = 0; s < int(m_open.size()); ++s) {
            if (!m_open[size_t(s)])
                continue;
            total += m_open[size_t(s)]->gzip.outputBytes();
            if (largest < 0 || m_open[size_t(s)]->gzip.outputBytes() > m_open[size_t(largest)]->gzip.outputBytes())
                largest = s;
        }
        if (total <= m_options.maxOpenBytes || largest < 0)
            return {};
        if (Error closed = close(largest, added); !closed.ok())
            return closed;
    }
}

Error LakeSync::writeCheckpoint()
{
    m_checkpoint.updated = QDateTime::currentDateTimeUtc();
    m_checkpoint.writer = QStringLiteral("%1:%2").arg(QSysInfo::machineHostName()).arg(QCoreApplication::applicationPid());
    if (Error written = m_sink->replace(kCheckpointName, m_checkpoint.toJson()); !written.ok())
        return written;
    crashPoint("checkpoint-written");
    return {};
}

namespace {
Result<LakeLag> lagAfter(Store &store, const FeedCursor &cursor)
{
    LakeLag lag;
    for (int s = 0; s < cursor.positions.size(); ++s) {
        const int wanted = LakeLag::kLagCountLimit + 1 - int(lag.events);
        if (wanted <= 0)
            break;
        auto rows = store.finishedAfter(s, cursor.positions.at(s), wanted);
        if (!rows.ok())
            return rows.error();
        lag.events += rows->size();
        for (const JournalEntry &row : std::as_const(*rows)) {
            if (!lag.oldest || row.at < *lag.oldest)
                lag.oldest = row.at;
        }
    }
    if (lag.events > LakeLag::kLagCountLimit) {
        lag.events = LakeLag::kLagCountLimit;
        lag.atLeast = true;
    }
    return lag;
}
} // namespace

Result<LakeLag> LakeSync::lag() { return lagAfter(m_store, m_checkpoint.cursor); }

Result<LakeReport> lakeReport(Store &store, LakeSink &sink)
{
    LakeReport report;
    const int shards = qMax(1, store.shardCount());
    if (Error there = sink.probe(); !there.ok())
        return there;
    auto saved = sink.read(kCheckpointName);
    if (!saved.ok())
        return saved.error();
    report.hasCheckpoint = saved->has_value();
    if (*saved) {
        auto parsed = LakeCheckpoint::fromJson(**saved, kCheckpointName);
        if (!parsed.ok())
            return parsed.error();
        if (parsed->shards != shards)
            return mismatch(Message::translate("ledger", "the data lake was written from a store of %1 shards; this one has %2")
                                .arg(parsed->shards)
                                .arg(shards));
        report.checkpoint = *parsed;
    } else {
        report.checkpoint = LakeCheckpoint::empty(shards);
    }
    auto names = sink.list(QString());
    if (!names.ok())
        return names.error();
    const Chains chains = chainsOf(*names, shards, &report.problems);
    report.visible.events = report.checkpoint.events;
    report.visible.bytes = report.checkpoint.bytes;
    FeedCursor end = FeedCursor::start(shards);
    for (int s = 0; s < shards; ++s) {
        qint64 at = 0;
        for (auto f = chains[s].cbegin(); f != chains[s].cend(); ++f) {
            ++report.visible.files;
            if (f->after != at)
                report.problems << (f->after > at ? QStringLiteral("shard %1: nothing holds positions %2 to %3 (a gap before %4)")
                                                        .arg(s)
                                                        .arg(at + 1)
                                                        .arg(f->after)
                                                        .arg(f->name())
                                                  : QStringLiteral("shard %1: %2 overlaps the file before it").arg(s).arg(f->name()));
            at = std::max(at, f->last);
            if (report.newestFile.isEmpty() || f->day > LakeFileName::parse(report.newestFile)->day
                || (f->day == LakeFileName::parse(report.newestFile)->day && f->name() > report.newestFile))
                report.newestFile = f->name();
        }
        end.positions[s] = at;
        if (at > report.checkpoint.cursor.positions.at(s))
            report.problems << QStringLiteral("shard %1: files up to position %2, past the checkpoint's %3 (adopted by the next sync)")
                                   .arg(s)
                                   .arg(at)
                                   .arg(report.checkpoint.cursor.positions.at(s));
    }
    auto lag = lagAfter(store, end);
    if (!lag.ok())
        return lag.error();
    report.lag = *lag;
    return report;
}

} // namespace ledger::lake
