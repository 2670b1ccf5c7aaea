#include "lakeloop.h"

#include "interchange/changefeed.h"
#include "lake/lakesinks.h"
#include "lake/lakesync.h"

#include <future>

namespace ledger::api {

namespace {
constexpr int kPassEveryMs = 1000;
// The lag reads up to 10,000 finishes from the store: every tenth pass, not every second.
constexpr int kLagEveryPasses = 10;
} // namespace

LakeLoop::LakeLoop(StoreConnector connect, lake::LakeLocation location, lake::LakeOptions options, QString storeName,
                   std::function<void(const QString &)> log)
    : m_connect(std::move(connect))
    , m_location(std::move(location))
    , m_options(options)
    , m_storeName(std::move(storeName))
    , m_log(std::move(log))
{}

LakeLoop::~LakeLoop() = default;

Error LakeLoop::open()
{
    std::future<Error> said = m_opened.get_future();
    m_loop.start([this] { run(); });
    const Error e = said.get();
    if (!e.ok())
        m_loop.join(); // the body returned after saying so
    return e;
}

void LakeLoop::start() { m_started = true; }

void LakeLoop::requestStop() { m_loop.requestStop(); }

bool LakeLoop::stop(int waitMs) { return m_loop.stop(waitMs); }

void LakeLoop::run()
{
    // The store and the sink are this thread's: one connection per thread. open() waits for what
    // the opening came to (m_opened, set once: a member, so that it outlives set_value's return).
    const auto said = [this](const Error &e) { m_opened.set_value(e); };
    auto store = m_connect();
    if (!store.ok())
        return said(store.error());
    auto sink = lake::sinkOf(m_location);
    if (!sink.ok())
        return said(sink.error());
    auto opened = lake::LakeSync::open(**store, std::move(*sink), m_storeName, m_options);
    if (!opened.ok())
        return said(opened.error());
    lake::LakeSync &sync = **opened;
    if (sync.adopted() > 0)
        m_log(QStringLiteral("lake: %1 file(s) an interrupted run had made visible were taken into the checkpoint").arg(sync.adopted()));
    said(Error());

    QString lastError;
    const auto note = [&](const Error &e) {
        if (e.ok()) {
            if (!lastError.isEmpty())
                m_log(QStringLiteral("lake: writing again to %1").arg(m_location.display()));
            lastError.clear();
            m_counts.up = true;
            return;
        }
        ++m_counts.errors;
        m_counts.up = false;
        if (e.toString() != lastError)
            m_log(QStringLiteral("lake: %1 (trying again every second)").arg(e.toString()));
        lastError = e.toString();
    };
    const auto added = [&](const lake::LakeTotals &t) {
        m_counts.events += t.events;
        m_counts.files += t.files;
        m_counts.bytes += t.bytes;
    };
    const auto measureLag = [&]() -> Error {
        auto lag = sync.lag();
        if (!lag.ok())
            return lag.error();
        m_counts.lagEvents = lag->events;
        m_counts.lagSeconds = lag->oldest ? qMax<qint64>(0, lag->oldest->secsTo(QDateTime::currentDateTimeUtc())) : 0;
        return {};
    };
    // Before the first pass (a backfill may take minutes): how far behind it starts.
    note(measureLag());
    const auto stopRequested = [this] { return m_loop.stopRequested(); };
    for (int passes = 0; !m_loop.waitForStop(kPassEveryMs); ++passes) {
        if (!m_started)
            continue;
        auto until = feedEnd(**store, sync.readPosition());
        if (!until.ok()) {
            note(until.error());
            continue;
        }
        auto passed = sync.pass(*until, stopRequested);
        if (!passed.ok()) {
            note(passed.error());
            continue;
        }
        added(*passed);
        note(passes % kLagEveryPasses == 0 || passed->files > 0 ? measureLag() : Error());
    }
    // Stopping: what was read goes into visible files, so that the next start does not read it again.
    if (sync.hasOpenFiles()) {
        auto closed = sync.closeAll();
        if (closed.ok())
            added(*closed);
        else
            m_log(QStringLiteral("lake: stopping: the open files could not be closed (%1); the next start writes them")
                      .arg(closed.error().toString()));
    }
}

} // namespace ledger::api
