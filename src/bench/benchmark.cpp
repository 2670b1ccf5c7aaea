// Scratch stores and the raw, transfers and seed scenarios. Recovery's is in benchrecover.cpp.
#include "bench/benchmark.h"

#include "bench/benchthreads.h"
#include "protocol/audit.h"
#include "protocol/coordinator.h"
#include "store/fixtures/consolefixture.h"
#include "store/fixtures/nativeledger.h"
#include "store/storeextras.h"
#include "store/writetimes.h"

#include <QDir>
#include <QScopeGuard>
#include <atomic>
#include <thread>

namespace ledger::bench {

Result<std::unique_ptr<ScratchStore>> ScratchStore::create(const BenchConfig &config)
{
    const QString parent = config.dir.isEmpty() ? QDir::tempPath() : config.dir;
    if (!QFileInfo(parent).isDir())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--dir %1 is not a directory").arg(parent));
    std::unique_ptr<ScratchStore> s(new ScratchStore);
    s->m_dir = QTemporaryDir(QDir(parent).filePath(QStringLiteral("ledgerctl-bench-XXXXXX")));
    if (!s->m_dir.isValid())
        return makeError(ErrorCode::StoreReadOnly,
                         QStringLiteral("cannot make a scratch directory in %1: %2").arg(parent, s->m_dir.errorString()));
    s->m_progress = config.progress;
    s->m_shards = config.shards;
    s->m_config.busyTimeoutMs = config.busyTimeoutMs;
    s->m_config.durability = config.durability;
    s->m_config.location = s->m_dir.filePath(config.shards > 0 ? QStringLiteral("bench.json") : QStringLiteral("bench.db"));
    s->m_config.shards = config.shards;
    if (!config.servers.isEmpty()) {
        // A fresh database beside each given one, on the same server.
        const QString name =
            QStringLiteral("ledgerctl_bench_%1").arg(QFileInfo(s->m_dir.path()).fileName().section(QLatin1Char('-'), -1).toLower());
        for (int i = 0; i < config.servers.size(); ++i)
            s->m_databases << serverDatabaseNamed(config.servers.at(i),
                                                  config.servers.size() == 1 ? name : name + QStringLiteral("_%1").arg(i));
        s->m_config.shards = 0;
        if (s->m_databases.size() == 1)
            s->m_config.location = s->m_databases.front();
        else {
            s->m_config.location = s->m_dir.filePath(QStringLiteral("bench.json"));
            s->m_config.shardServers = s->m_databases;
        }
        s->m_shards = s->m_databases.size() == 1 ? 0 : int(s->m_databases.size());
    }
    auto created = createStore(s->m_config, 2);
    if (!created.ok())
        return created.error();
    s->m_config.shards = 0; // created: from now on the config only opens it
    s->m_config.shardServers.clear();
    s->m_durability = (*created)->durability();
    return s;
}

ScratchStore::~ScratchStore()
{
    if (m_kept)
        return;
    // A scratch database left behind is named, so that it can be dropped by hand.
    for (const QString &db : std::as_const(m_databases)) {
        if (Error e = dropServerDatabase(db); !e.ok())
            qWarning("bench: could not drop its scratch database: %s", qPrintable(e.toString()));
    }
}

QString ScratchStore::directory() const
{
    if (m_databases.isEmpty())
        return m_dir.path();
    QStringList shown;
    for (const QString &db : m_databases)
        shown << storeDisplayName(db);
    return shown.join(QStringLiteral(", "));
}

Error ScratchStore::fund(int count, qint64 openingMinor, int threads)
{
    m_accounts.clear();
    for (int i = 0; i < count; ++i)
        m_accounts << QStringLiteral("bench-%1").arg(i, 5, 10, QLatin1Char('0'));
    if (m_progress)
        m_progress(QStringLiteral("creating %1 funded accounts").arg(count));
    const Error funded = onThreads(m_config, threads, [&](Store &store, int t, int n) -> Error {
        CoordinatorOptions options;
        options.actor = QStringLiteral("bench");
        Coordinator coordinator(store, options);
        for (int i = t; i < count; i += n) {
            const TxOutcome o = coordinator.openAccount(m_accounts.at(i), QStringLiteral("bench account"), openingMinor);
            if (!o.ok())
                return o.error;
        }
        return {};
    });
    if (!funded.ok())
        return funded;
    // A bulk load: without fresh statistics the measured sessions would plan their statements
    // for the empty tables of a minute ago (a read of two accounts scanned all of them).
    for (const QString &db : std::as_const(m_databases)) {
        if (Error e = analyzeServerDatabase(db); !e.ok())
            return e;
    }
    return {};
}

Result<RawResult> runRaw(const ScratchStore &scratch, int threads, qint64 commits)
{
    const QStringList &accounts = scratch.accounts();
    if (accounts.size() < threads)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("raw needs at least one account per thread"));
    std::atomic<qint64> next{0};
    Stopwatch clock;
    const Error e = onThreads(scratch.config(), threads, [&](Store &store, int t, int n) -> Error {
        // Each thread cycles through its own accounts, so its guard always matches and, on a
        // sharded store, its writes spread over the shards like the transfers' do.
        QList<QPair<QString, qint64>> mine;
        for (int i = t; i < accounts.size(); i += n) {
            auto a = store.account(accounts.at(i));
            if (!a.ok())
                return a.error();
            mine.append({a->id, a->version});
        }
        clock.startOnce();
        for (qint64 k = 0; next++ < commits; ++k) {
            auto &[id, version] = mine[int(k % mine.size())];
            auto touched = extrasOf(store).touchAccountIfVersion(id, version);
            if (!touched.ok())
                return touched.error();
            if (!*touched)
                return makeError(ErrorCode::Internal, QStringLiteral("raw write on %1 missed its own version").arg(id));
            ++version;
        }
        return {};
    });
    if (!e.ok())
        return e;
    RawResult r;
    r.threads = threads;
    r.commits = commits;
    r.seconds = clock.seconds();
    r.commitsPerSecond = r.seconds > 0 ? double(commits) / r.seconds : 0;
    return r;
}

namespace {

// Transfers that did not end done, counted from any worker thread; the first one's reason kept.
class FailureTally {
public:
    // Records `o` if it failed; returns the error that must stop the worker (the store failed).
    Error record(const TxOutcome &o)
    {
        if (o.ok() && o.tx && o.tx->state == TxState::Done)
            return {};
        if (m_count++ == 0) {
            QMutexLocker lock(&m_mutex);
            m_first = o.ok() ? QStringLiteral("ended %1").arg(o.tx ? nameOf(o.tx->state) : QString()) : o.error.toString();
        }
        return exitStatusOf(o.error.code) == ExitStatus::StoreFailure ? o.error : Error{};
    }
    // After the workers joined.
    qint64 count() const { return m_count; }
    QString first() const { return m_first; }

private:
    std::atomic<qint64> m_count{0};
    QMutex m_mutex;
    QString m_first;
};

} // namespace

Result<TransfersResult> runTransfers(const ScratchStore &scratch, int threads, qint64 count, quint64 seed, bool tailProfile)
{
    const QStringList &accounts = scratch.accounts();
    if (accounts.size() < 2)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("transfers need at least two accounts"));
    std::atomic<qint64> next{0};
    std::atomic<qint64> writes{0};
    std::atomic<qint64> roundTrips{0};
    std::atomic<bool> onServer{false}; // a store that counts round trips (not files)
    QMutex unitsMutex;
    std::optional<CapacityUnits> units; // a store billed by the request
    FailureTally failures;
    Samples samples(threads);
    PerThreadSamples<TransferTimes> times(threads);
    setWriteProfiling(tailProfile);
    const BatchCounts batchesBefore = batchCounts();
    Stopwatch clock;
    const Error e = onThreads(scratch.config(), threads, [&](Store &store, int t, int) -> Error {
        CoordinatorOptions options;
        options.actor = QStringLiteral("bench");
        options.hook = [&writes](Step, const QString &) {
            writes.fetch_add(1, std::memory_order_relaxed);
            return HookAction::Continue;
        };
        Coordinator coordinator(store, options);
        std::mt19937_64 rng(seed * 1000 + quint64(t));
        // Counted from here: the connection's own setup (and statements prepared while opening)
        // is not the transfers'.
        const std::optional<qint64> tripsBefore = extrasOf(store).serverRoundTrips();
        const std::optional<CapacityUnits> unitsBefore = extrasOf(store).capacityUnits();
        const auto countTrips = qScopeGuard([&] {
            if (tripsBefore) {
                onServer = true;
                roundTrips.fetch_add(*extrasOf(store).serverRoundTrips() - *tripsBefore);
            }
            if (unitsBefore) {
                const CapacityUnits after = *extrasOf(store).capacityUnits();
                QMutexLocker lock(&unitsMutex);
                units = CapacityUnits{units.value_or(CapacityUnits{}).read + after.read - unitsBefore->read,
                                      units.value_or(CapacityUnits{}).write + after.write - unitsBefore->write};
            }
        });
        clock.startOnce();
        while (next++ < count) {
            const TransferRequest request = randomTransfer(accounts, rng);
            TailSampler sampler;
            if (tailProfile)
                sampler.start();
            const auto started = Stopwatch::Clock::now();
            const TxOutcome o = coordinator.transfer(request);
            samples.add(t, Stopwatch::msSince(started));
            if (tailProfile)
                times.add(t, sampler.stop());
            if (Error stop = failures.record(o); !stop.ok())
                return stop;
        }
        return {};
    });
    setWriteProfiling(false);
    if (!e.ok())
        return e;
    TransfersResult r;
    r.batches = batchCounts() - batchesBefore;
    r.threads = threads;
    r.transfers = count;
    r.failed = failures.count();
    r.completed = count - r.failed;
    r.firstFailure = failures.first();
    r.writes = writes;
    r.seconds = clock.seconds();
    r.transfersPerSecond = r.seconds > 0 ? double(r.completed) / r.seconds : 0;
    r.writesPerTransfer = count > 0 ? double(r.writes) / double(count) : 0;
    if (onServer && count > 0)
        r.roundTripsPerTransfer = double(roundTrips) / double(count);
    if (units && count > 0)
        r.capacityUnitsPerTransfer = CapacityUnits{units->read / double(count), units->write / double(count)};
    r.latencyMs = summarize(samples.merged());
    if (tailProfile)
        r.tail = TailProfile::of(times.merged());
    return r;
}

Result<NativeResult> runNative(const ScratchStore &scratch, int threads, qint64 count, quint64 seed)
{
    const QStringList &accounts = scratch.accounts();
    if (accounts.size() < 2)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("transfers need at least two accounts"));
    constexpr qint64 kOpening = 1'000'000'000; // as fund() gave the scratch accounts (commands_bench.cpp)
    if (Error e = fixtures::NativeLedger::create(scratch.config(), scratch.durability(), accounts, kOpening); !e.ok())
        return e;
    std::atomic<qint64> next{0};
    FailureTally failures;
    Samples samples(threads);
    Stopwatch clock;
    const Error e = onEachThread(threads, [&](int t, int) -> Error {
        auto ledger = fixtures::NativeLedger::open(scratch.config(), scratch.durability());
        if (!ledger.ok())
            return ledger.error();
        std::mt19937_64 rng(seed * 1000 + quint64(t));
        clock.startOnce();
        while (next++ < count) {
            const TransferRequest request = randomTransfer(accounts, rng);
            const auto started = Stopwatch::Clock::now();
            TxOutcome o;
            o.error = (*ledger)->transfer(request.source, request.destination, request.amount);
            samples.add(t, Stopwatch::msSince(started));
            // Only failures are recorded: a baseline transfer has no document to be done.
            if (!o.error.ok()) {
                if (Error stop = failures.record(o); !stop.ok())
                    return stop;
            }
        }
        return {};
    });
    if (!e.ok())
        return e;
    NativeResult r;
    r.threads = threads;
    r.transfers = count;
    r.failed = failures.count();
    r.firstFailure = failures.first();
    r.seconds = clock.seconds();
    r.transfersPerSecond = r.seconds > 0 ? double(count - r.failed) / r.seconds : 0;
    r.latencyMs = summarize(samples.merged());
    // The baseline counts only if it is right too.
    auto ledger = fixtures::NativeLedger::open(scratch.config(), scratch.durability());
    if (!ledger.ok())
        return ledger.error();
    auto total = (*ledger)->totalBalance();
    auto made = (*ledger)->transferCount();
    if (!total.ok())
        return total.error();
    if (!made.ok())
        return made.error();
    if (*total != kOpening * accounts.size() || *made != count - r.failed)
        return makeError(ErrorCode::Internal, QStringLiteral("the one-transaction baseline lost track: %1 in balances (expected %2), %3 "
                                                             "transfers recorded (expected %4)")
                                                  .arg(*total)
                                                  .arg(kOpening * accounts.size())
                                                  .arg(*made)
                                                  .arg(count - r.failed));
    return r;
}

Result<SeedResult> runSeed(const ScratchStore &scratch, int iterations, int perIteration, int clients, qint64 sliceMs, quint64 seed)
{
    const QStringList &accounts = scratch.accounts();
    if (accounts.size() < 2)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the seed scenario needs at least two accounts"));
    const qint64 total = qint64(iterations) * perIteration;
    std::atomic<qint64> next{0};
    FailureTally failures;
    Samples samples(clients);
    Stopwatch clock;
    std::atomic<qint64> lastEndNs{0};
    const Error e = onThreads(scratch.config(), clients, [&](Store &store, int t, int) -> Error {
        CoordinatorOptions options;
        options.actor = QStringLiteral("bench");
        Coordinator coordinator(store, options);
        std::mt19937_64 rng(seed * 1000 + quint64(t));
        clock.startOnce();
        for (qint64 j = next++; j < total; j = next++) {
            // Jobs are taken in slice order, so waiting for this one's slice never holds back
            // an earlier one.
            const auto due = clock.start() + std::chrono::milliseconds((j / perIteration) * sliceMs);
            std::this_thread::sleep_until(due);
            const TxOutcome o = coordinator.transfer(randomTransfer(accounts, rng));
            samples.add(t, Stopwatch::msSince(due));
            const qint64 end = std::chrono::duration_cast<std::chrono::nanoseconds>(Stopwatch::Clock::now() - clock.start()).count();
            for (qint64 seen = lastEndNs.load(); end > seen && !lastEndNs.compare_exchange_weak(seen, end);) {
            }
            if (Error stop = failures.record(o); !stop.ok())
                return stop;
        }
        return {};
    });
    if (!e.ok())
        return e;
    SeedResult r;
    r.iterations = iterations;
    r.perIteration = perIteration;
    r.clients = clients;
    r.sliceMs = sliceMs;
    r.failed = failures.count();
    r.runtimeSeconds = double(lastEndNs.load()) / 1e9;
    r.transfersPerSecond = r.runtimeSeconds > 0 ? double(total - r.failed) / r.runtimeSeconds : 0;
    r.latencyMs = summarize(samples.merged());
    return r;
}

Error fillForConsole(const ScratchStore &scratch, qint64 rows)
{
    return fixtures::fillConsoleStore(scratch.config(), scratch.durability(), rows);
}

Error auditScratch(const ScratchStore &scratch)
{
    auto store = openStore(scratch.config());
    if (!store.ok())
        return store.error();
    const AuditReport report = audit(**store);
    if (!report.error.ok())
        return report.error;
    if (!report.findings.isEmpty())
        return makeError(ErrorCode::AuditFindings, QStringLiteral("the scratch store's audit found %1 problem(s), first: %2")
                                                       .arg(report.findings.size())
                                                       .arg(report.findings.first().message));
    return {};
}

} // namespace ledger::bench
