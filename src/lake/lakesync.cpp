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
    OpenFile(const QString &day, qint64 after, int level, const QDateTime &firstAt)
        : day(day)
        , after(after)
        , last(after)
        , firstAt(firstAt)
        , gzip(level)
    {
        age.start();
    }
    QString day;
    qint64 after;
    qint64 last;
    QDateTime firstAt; // the finish time of its first line (for the lag)
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

// The lake's checkpoint, if it has one, checked to be of a store of `shards` shards.
Result<std::optional<LakeCheckpoint>> checkpointOf(LakeSink &sink, int shards)
{
    auto saved = sink.read(kCheckpointName);
    if (!saved.ok())
        return saved.error();
    if (!*saved)
        return std::optional<LakeCheckpoint>();
    auto parsed = LakeCheckpoint::fromJson(**saved, kCheckpointName);
    if (!parsed.ok())
        return parsed.error();
    if (parsed->shards != shards)
        return mismatch(Message::translate("ledger", "the data lake was written from a store of %1 shards; this one has %2")
                            .arg(parsed->shards)
                            .arg(shards));
    return std::optional<LakeCheckpoint>(*parsed);
}

QString dayBefore(const QString &day) { return QDate::fromString(day, Qt::ISODate).addDays(-1).toString(Qt::ISODate); }

// The earliest day a file past the checkpoint can be on: one before its shards' newest (a
// finish's time can be a little behind its predecessor's), or every day when a shard has none.
QString listFrom(const LakeCheckpoint &c)
{
    // (A file closed on a day before this is announced beforehand: LakeCheckpoint::lookFrom.)
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

Error LakeSync::readCheckpoint()
{
    const int shards = qMax(1, m_store.shardCount());
    auto saved = checkpointOf(*m_sink, shards);
    if (!saved.ok())
        return saved.error();
    m_checkpoint = saved->value_or(LakeCheckpoint::empty(shards));
    for (int s = 0; s < shards; ++s) {
        auto last = m_store.lastFinishedSeq(s);
        if (!last.ok())
            return last.error();
        if (m_checkpoint.cursor.positions.at(s) > *last)
            return mismatch(Message::translate("ledger", "the data lake holds shard %1 up to position %2, past this store's last "
                                                         "finish (%3): it was written from another store (%4)")
                                .arg(s)
                                .arg(m_checkpoint.cursor.positions.at(s))
                                .arg(*last)
                                .arg(Message(m_checkpoint.store)));
    }
    return {};
}

Result<std::unique_ptr<LakeSync>> LakeSync::open(Store &store, std::unique_ptr<LakeSink> sink, const QString &storeName,
                                                 const LakeOptions &options)
{
    std::unique_ptr<LakeSync> lake(new LakeSync(store, std::move(sink), options));
    lake->m_scale = store.scale();
    lake->m_repeats = store.givesFinishesTwice();
    // The checkpoint is checked against the store before the sink is opened (a folder made, its
    // lock taken): a lake of another store is refused with nothing written; and again under the
    // lock, where no other sync can move it.
    if (Error e = lake->readCheckpoint(); !e.ok())
        return e;
    if (Error opened = lake->m_sink->open(); !opened.ok())
        return opened;
    if (Error e = lake->readCheckpoint(); !e.ok())
        return e;
    auto names = lake->m_sink->list(lake->listFrom());
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
    lake->m_open.resize(size_t(lake->m_checkpoint.shards));
    return lake;
}

QString LakeSync::listFrom() const
{
    const QString from = lake::listFrom(m_checkpoint);
    if (m_checkpoint.lookFrom.isEmpty())
        return from;
    return from.isEmpty() ? from : std::min(from, m_checkpoint.lookFrom);
}

Result<QStringList> LakeSync::visibleNames()
{
    if (!m_names) {
        auto names = m_sink->list(listFrom());
        if (!names.ok())
            return names.error();
        m_names = *names;
    }
    return *m_names;
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

Error LakeSync::adoptAfterFailure()
{
    // A create that failed may have made its file visible all the same (an answer lost after a
    // PUT landed, a folder's fsync after the rename): it is looked for before anything is written
    // again, as a new run would, so that no position goes into two files.
    m_names.reset();
    auto names = visibleNames();
    if (!names.ok())
        return names.error();
    const int before = m_adopted;
    if (Error e = adopt(*names); !e.ok())
        return e;
    for (int s = 0; s < m_checkpoint.shards; ++s) {
        if (!m_open[size_t(s)])
            m_read.positions[s] = std::max(m_read.positions.at(s), m_checkpoint.cursor.positions.at(s));
    }
    m_mustAdopt = false;
    if (m_adopted > before)
        return writeCheckpoint();
    return {};
}

Result<LakeTotals> LakeSync::pass(const FeedCursor &until, const std::function<bool()> &stopRequested)
{
    LakeTotals added;
    const int shards = m_checkpoint.shards;
    if (until.positions.size() != shards)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("lake pass: %1 positions for %2 shards").arg(until.positions.size()).arg(shards));
    if (m_mustAdopt) {
        if (Error e = adoptAfterFailure(); !e.ok())
            return e;
    }
    for (int s = 0; s < shards; ++s) {
        bool more = m_read.positions.at(s) < until.positions.at(s);
        while (more && !(stopRequested && stopRequested())) {
            auto events = readShardFeed(m_store, s, m_read.positions.at(s), m_options.page);
            if (!events.ok())
                return events.error();
            // A page may run past `page` (DynamoDB never cuts between two finishes of one seq).
            more = events->size() >= m_options.page;
            for (const FeedEvent &e : std::as_const(*events)) {
                if (e.finish.seq > until.positions.at(s)) {
                    more = false;
                    break;
                }
                const QString day = dayOf(e.finish.at);
                // A new day, or the size reached: closed before this line (never between two
                // finishes of one seq, which a file's name could not tell apart).
                if (OpenFile *open = m_open[size_t(s)].get();
                    open && (open->day != day || (open->gzip.inputBytes() >= m_options.maxFileBytes && e.finish.seq != open->last))) {
                    if (Error closed = close(s, added); !closed.ok())
                        return closed;
                }
                auto repeated = alreadyInLake(s, e);
                if (!repeated.ok())
                    return repeated.error();
                if (!m_open[size_t(s)])
                    m_open[size_t(s)] = std::make_unique<OpenFile>(day, m_checkpoint.cursor.positions.at(s), m_options.level, e.finish.at);
                OpenFile &file = *m_open[size_t(s)];
                // A finish given again holds its new position in the chain, without its line.
                if (*repeated) {
                    ++m_repeatsSkipped;
                } else {
                    file.gzip.append(lakeLine(e, m_scale));
                    if (m_repeats)
                        file.ids.insert(e.tx.id);
                    ++file.events;
                }
                file.last = e.finish.seq;
                m_read.positions[s] = e.finish.seq;
            }
            if (Error bounded = closeLargest(added); !bounded.ok())
                return bounded;
            m_eventsRead += events->size();
            if (m_progress)
                m_progress(m_eventsRead);
        }
        if (OpenFile *open = m_open[size_t(s)].get();
            open && (open->age.hasExpired(m_options.maxAgeMs) || open->gzip.inputBytes() >= m_options.maxFileBytes)) {
            if (Error closed = close(s, added); !closed.ok())
                return closed;
        }
    }
    if (added.files > 0) {
        m_checkpoint.lookFrom.clear(); // the files it announced are in the cursor now
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
        m_checkpoint.lookFrom.clear();
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
    // A file on a day before those a new run lists from (finish times that went back): said in
    // the checkpoint first, so that a run after a crash finds and adopts it.
    if (const QString from = listFrom(); !from.isEmpty() && file->day < from) {
        m_checkpoint.lookFrom = file->day;
        if (Error written = writeCheckpoint(); !written.ok()) {
            m_read.positions[shard] = m_checkpoint.cursor.positions.at(shard);
            return written;
        }
    }
    m_names.reset();
    if (Error created = m_sink->create(name.name(), bytes); !created.ok()) {
        // Visible or not, nobody can tell: its lines are read again from the chain's end once a
        // visible file there has been looked for (adoptAfterFailure).
        m_read.positions[shard] = m_checkpoint.cursor.positions.at(shard);
        m_mustAdopt = true;
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
    if (!m_repeats)
        return false;
    const auto earlier = m_store.earlierPositions(e.finish);
    if (!earlier)
        return false;
    if (m_open[size_t(shard)] && m_open[size_t(shard)]->ids.contains(e.tx.id))
        return true;
    // The visible files of its shard that hold any of those positions (listed once, again after
    // a file is made: demo data backdated on DynamoDB looks restamped, line after line).
    if (!listFrom().isEmpty() && dayOf(e.finish.at) <= listFrom()) {
        // The days listed begin after it: every day's, until the next file is made.
        auto all = m_sink->list(QString());
        if (!all.ok())
            return all.error();
        m_names = *all;
    }
    auto names = visibleNames();
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
    auto saved = checkpointOf(sink, shards);
    if (!saved.ok())
        return saved.error();
    report.hasCheckpoint = saved->has_value();
    report.checkpoint = saved->value_or(LakeCheckpoint::empty(shards));
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
