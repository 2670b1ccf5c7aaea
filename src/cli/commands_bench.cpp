// ledgerctl bench: runs the scenarios of src/bench/benchmark.h on scratch stores and reports each
// as one JSON object; the readable table is rendered from that same object, so the two never
// disagree. Several runs report the median run (by the scenario's main figure) whole, so that
// its throughput, latency and raw rate come from one and the same run.
#include "bench/benchlake.h"
#include "lake/lakeoptions.h"
#include "benchconsole.h"
#include "benchoptions.h"
#include "benchreport.h"
#include "cli.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>

namespace ledger::cli {

namespace {

using bench::BenchConfig;
using bench::ScratchStore;

void insertAudit(QJsonObject &o, const Error &audit)
{
    o.insert(QStringLiteral("auditClean"), audit.ok());
    if (!audit.ok())
        o.insert(QStringLiteral("auditError"), audit.toString());
}

// One scenario run: its JSON object, whose `mainKey` the median is taken by.
using RunFn = std::function<Result<QJsonObject>()>;

Result<QJsonObject> medianOfRuns(const BenchArgs &a, const QString &mainKey, const RunFn &run, QTextStream &err)
{
    QList<QJsonObject> results;
    for (int i = 0; i < a.runs; ++i) {
        if (a.runs > 1)
            progressLine(err, QStringLiteral("run %1 of %2").arg(i + 1).arg(a.runs));
        auto r = run();
        if (!r.ok())
            return r.error();
        results << *r;
    }
    std::sort(results.begin(), results.end(),
              [&](const QJsonObject &x, const QJsonObject &y) { return x.value(mainKey).toDouble() < y.value(mainKey).toDouble(); });
    // The lower median for an even count: a figure some run actually reached, never an average.
    QJsonObject chosen = results.at((results.size() - 1) / 2);
    // A run that was not audit clean taints the figure, median or not: its finding is kept.
    for (const QJsonObject &r : results) {
        if (r.value(QStringLiteral("auditClean")) == QJsonValue(false)) {
            chosen.insert(QStringLiteral("auditClean"), false);
            chosen.insert(QStringLiteral("auditError"), r.value(QStringLiteral("auditError")));
            break;
        }
    }
    QJsonArray all;
    for (const QJsonObject &r : results)
        all.append(r.value(mainKey));
    chosen.insert(QStringLiteral("runs"), a.runs);
    chosen.insert(mainKey + QStringLiteral("AllRuns"), all);
    return chosen;
}

Result<std::unique_ptr<ScratchStore>> fundedScratch(const BenchArgs &a, int shards, Durability durability, QTextStream &err)
{
    BenchConfig config;
    config.dir = a.dir;
    config.shards = shards;
    config.servers = a.servers;
    config.durability = durability;
    config.progress = [&err](const QString &line) { progressLine(err, line); };
    auto scratch = ScratchStore::create(config);
    if (!scratch.ok())
        return scratch.error();
    if (a.keep) {
        (*scratch)->keep();
        progressLine(err, QStringLiteral("scratch store kept in %1").arg((*scratch)->directory()));
    }
    // Enough money that no random transfer is ever refused for funds: 10,000,000.00 each.
    if (Error e = (*scratch)->fund(a.accounts, 1'000'000'000, a.threads); !e.ok())
        return e;
    return scratch;
}

// The raw limit at `threads` threads on a scratch store, as JSON.
Result<QJsonObject> rawOn(const ScratchStore &scratch, int threads, qint64 commits)
{
    auto raw = bench::runRaw(scratch, threads, commits);
    if (!raw.ok())
        return raw.error();
    return QJsonObject{{QStringLiteral("threads"), raw->threads},
                       {QStringLiteral("commits"), raw->commits},
                       {QStringLiteral("seconds"), raw->seconds},
                       {QStringLiteral("commitsPerSecond"), raw->commitsPerSecond}};
}

Result<QJsonObject> rawScenario(const BenchArgs &a, QTextStream &err)
{
    return medianOfRuns(
        a, QStringLiteral("rawCommitsPerSecond"),
        [&]() -> Result<QJsonObject> {
            auto scratch = fundedScratch(a, a.shards, a.durability, err);
            if (!scratch.ok())
                return scratch.error();
            QJsonArray byThreads;
            QJsonObject top = storeFields(**scratch);
            for (int threads : QList<int>{1, a.threads}) {
                if (threads == 1 && a.threads == 1 && !byThreads.isEmpty())
                    break;
                progressLine(err, QStringLiteral("raw: %1 single-document commits on %2 thread(s)").arg(a.rawCommits).arg(threads));
                auto raw = rawOn(**scratch, threads, a.rawCommits);
                if (!raw.ok())
                    return raw.error();
                byThreads.append(*raw);
                top.insert(QStringLiteral("rawCommitsPerSecond"), raw->value(QStringLiteral("commitsPerSecond")));
                top.insert(QStringLiteral("threads"), threads);
            }
            top.insert(QStringLiteral("scenario"), QStringLiteral("raw"));
            top.insert(QStringLiteral("byThreads"), byThreads);
            return top;
        },
        err);
}

// Funds a scratch store, measures the raw rate and then the transfers at the same thread count.
Result<QJsonObject> transfersRun(const BenchArgs &a, int shards, Durability durability, QTextStream &err)
{
    auto scratch = fundedScratch(a, shards, durability, err);
    if (!scratch.ok())
        return scratch.error();
    progressLine(err, QStringLiteral("raw: %1 single-document commits on %2 threads").arg(a.rawCommits).arg(a.threads));
    auto raw = rawOn(**scratch, a.threads, a.rawCommits);
    if (!raw.ok())
        return raw.error();
    progressLine(err, QStringLiteral("transfers: %1 on %2 threads").arg(a.count).arg(a.threads));
    auto t = bench::runTransfers(**scratch, a.threads, a.count, a.seed, a.tailProfile);
    if (!t.ok())
        return t.error();
    progressLine(err, QStringLiteral("auditing the scratch store"));
    const Error audit = bench::auditScratch(**scratch);
    // The baseline: the same transfers, each one database transaction, on the same engine and disk.
    std::optional<bench::NativeResult> native;
    // Not on DynamoDB: its fixtures would need TransactWriteItems, not built (yet).
    if (shards == 0 && !isDynamoLocation((*scratch)->config().location)) {
        progressLine(
            err,
            QStringLiteral("baseline: the same %1 transfers as one database transaction each, on %2 threads").arg(a.count).arg(a.threads));
        auto n = bench::runNative(**scratch, a.threads, a.count, a.seed);
        if (!n.ok())
            return n.error();
        native = *n;
    }
    const double rawRate = raw->value(QStringLiteral("commitsPerSecond")).toDouble();
    QJsonObject o = storeFields(**scratch);
    o.insert(QStringLiteral("scenario"), QStringLiteral("transfers"));
    o.insert(QStringLiteral("threads"), t->threads);
    o.insert(QStringLiteral("accounts"), a.accounts);
    o.insert(QStringLiteral("transfers"), t->transfers);
    o.insert(QStringLiteral("completed"), t->completed);
    o.insert(QStringLiteral("failed"), t->failed);
    if (!t->firstFailure.isEmpty())
        o.insert(QStringLiteral("firstFailure"), t->firstFailure);
    o.insert(QStringLiteral("seconds"), t->seconds);
    o.insert(QStringLiteral("transfersPerSecond"), t->transfersPerSecond);
    o.insert(QStringLiteral("rawCommitsPerSecond"), rawRate);
    o.insert(QStringLiteral("writesPerTransfer"), t->writesPerTransfer);
    o.insert(QStringLiteral("efficiency"), rawRate > 0 ? t->transfersPerSecond * t->writesPerTransfer / rawRate : 0);
    if (t->roundTripsPerTransfer)
        o.insert(QStringLiteral("roundTripsPerTransfer"), *t->roundTripsPerTransfer);
    if (t->capacityUnitsPerTransfer)
        o.insert(QStringLiteral("capacityUnitsPerTransfer"), QJsonObject{{QStringLiteral("read"), t->capacityUnitsPerTransfer->read},
                                                                         {QStringLiteral("write"), t->capacityUnitsPerTransfer->write}});
    o.insert(QStringLiteral("latencyMs"), latencyJson(t->latencyMs));
    if (native) {
        o.insert(QStringLiteral("nativeTransfersPerSecond"), native->transfersPerSecond);
        o.insert(QStringLiteral("nativeRatio"), native->transfersPerSecond > 0 ? t->transfersPerSecond / native->transfersPerSecond : 0);
        o.insert(QStringLiteral("nativeLatencyMs"), latencyJson(native->latencyMs));
        if (native->failed > 0)
            o.insert(QStringLiteral("nativeFirstFailure"), native->firstFailure);
    }
    if (t->batches.batchCount() > 0) {
        o.insert(QStringLiteral("batches"), batchesJson(t->batches));
        o.insert(QStringLiteral("pagesPerWrite"), double(t->batches.pages) / double(qMax<qint64>(1, t->batches.writes)));
    }
    if (t->tail)
        o.insert(QStringLiteral("tailProfile"), tailProfileJson(*t->tail));
    insertAudit(o, audit);
    return o;
}

Result<QJsonObject> transfersScenario(const BenchArgs &a, QTextStream &err)
{
    if (a.threadCounts.size() <= 1)
        return medianOfRuns(
            a, QStringLiteral("transfersPerSecond"), [&]() { return transfersRun(a, a.shards, a.durability, err); }, err);
    // Each thread count in turn, each its own median of runs on fresh scratch stores.
    QJsonArray byThreads;
    QJsonObject top;
    for (int threads : a.threadCounts) {
        BenchArgs each = a;
        each.threads = threads;
        progressLine(err, QStringLiteral("transfers on %1 thread(s)").arg(threads));
        auto r = medianOfRuns(
            each, QStringLiteral("transfersPerSecond"), [&]() { return transfersRun(each, each.shards, each.durability, err); }, err);
        if (!r.ok())
            return r.error();
        byThreads.append(*r);
        for (const QString &key : {QStringLiteral("store"), QStringLiteral("kind"), QStringLiteral("shards"), QStringLiteral("durability"),
                                   QStringLiteral("accounts"), QStringLiteral("transfers")})
            top.insert(key, r->value(key));
    }
    QJsonArray counts;
    for (int threads : a.threadCounts)
        counts.append(threads);
    top.insert(QStringLiteral("scenario"), QStringLiteral("transfers"));
    top.insert(QStringLiteral("threads"), counts);
    top.insert(QStringLiteral("byThreads"), byThreads);
    return top;
}

Result<QJsonObject> seedScenario(const BenchArgs &a, QTextStream &err)
{
    return medianOfRuns(
        a, QStringLiteral("transfersPerSecond"),
        [&]() -> Result<QJsonObject> {
            auto scratch = fundedScratch(a, a.shards, a.durability, err);
            if (!scratch.ok())
                return scratch.error();
            progressLine(err, QStringLiteral("seed: %1 slices of %2 transfers, %3 ms apart, %4 clients")
                                  .arg(a.iterations)
                                  .arg(a.perIteration)
                                  .arg(a.sliceMs)
                                  .arg(a.threads));
            auto s = bench::runSeed(**scratch, a.iterations, a.perIteration, a.threads, a.sliceMs, a.seed);
            if (!s.ok())
                return s.error();
            const Error audit = bench::auditScratch(**scratch);
            QJsonObject o = storeFields(**scratch);
            o.insert(QStringLiteral("scenario"), QStringLiteral("seed"));
            o.insert(QStringLiteral("iterations"), s->iterations);
            o.insert(QStringLiteral("transfersPerIteration"), s->perIteration);
            o.insert(QStringLiteral("clients"), s->clients);
            o.insert(QStringLiteral("threads"), s->clients);
            o.insert(QStringLiteral("sliceMs"), double(s->sliceMs));
            o.insert(QStringLiteral("failed"), s->failed);
            o.insert(QStringLiteral("runtimeSeconds"), s->runtimeSeconds);
            o.insert(QStringLiteral("transfersPerSecond"), s->transfersPerSecond);
            o.insert(QStringLiteral("latencyMs"), latencyJson(s->latencyMs));
            o.insert(QStringLiteral("published"), publishedSeedFigures());
            insertAudit(o, audit);
            return o;
        },
        err);
}

Result<QJsonObject> recoverScenario(const BenchArgs &a, QTextStream &err)
{
    return medianOfRuns(
        a, QStringLiteral("transactionsPerSecond"),
        [&]() -> Result<QJsonObject> {
            auto scratch = fundedScratch(a, a.shards, a.durability, err);
            if (!scratch.ok())
                return scratch.error();
            progressLine(
                err, QStringLiteral("recover: making %1 stuck transactions, then draining them on %2 threads").arg(a.count).arg(a.threads));
            auto r = bench::runRecover(**scratch, a.threads, a.count, a.seed);
            if (!r.ok())
                return r.error();
            // The comparison, in the same run on the same store: as many fresh transfers.
            progressLine(err, QStringLiteral("transfers: %1 on %2 threads, for comparison").arg(a.count).arg(a.threads));
            auto t = bench::runTransfers(**scratch, a.threads, a.count, a.seed + 1);
            if (!t.ok())
                return t.error();
            const Error audit = bench::auditScratch(**scratch);
            QJsonObject byState;
            for (auto it = r->stuckByState.cbegin(); it != r->stuckByState.cend(); ++it)
                byState.insert(nameOf(it.key()), it.value());
            QJsonObject outcomes;
            for (auto it = r->outcomes.cbegin(); it != r->outcomes.cend(); ++it)
                outcomes.insert(nameOf(it.key()), it.value());
            QJsonObject o = storeFields(**scratch);
            o.insert(QStringLiteral("scenario"), QStringLiteral("recover"));
            o.insert(QStringLiteral("threads"), r->threads);
            o.insert(QStringLiteral("stuck"), r->stuck);
            o.insert(QStringLiteral("stuckByState"), byState);
            o.insert(QStringLiteral("drained"), r->drained);
            o.insert(QStringLiteral("outcomes"), outcomes);
            o.insert(QStringLiteral("seconds"), r->seconds);
            o.insert(QStringLiteral("transactionsPerSecond"), r->transactionsPerSecond);
            o.insert(QStringLiteral("transfersPerSecond"), t->transfersPerSecond);
            o.insert(QStringLiteral("ratioToTransfers"), t->transfersPerSecond > 0 ? r->transactionsPerSecond / t->transfersPerSecond : 0);
            insertAudit(o, audit);
            return o;
        },
        err);
}

Result<QJsonObject> shardsScenario(const BenchArgs &a, QTextStream &err)
{
    QJsonArray rows;
    // A single file at FULL first: the same durability, so the shards' gain is theirs alone.
    QList<int> layouts{0};
    layouts += a.shardCounts;
    for (int shards : layouts) {
        progressLine(err, shards == 0 ? QStringLiteral("shards: one file at synchronous=FULL")
                                      : QStringLiteral("shards: %1 shard file(s)").arg(shards));
        auto row = medianOfRuns(
            a, QStringLiteral("transfersPerSecond"), [&]() { return transfersRun(a, shards, Durability::Full, err); }, err);
        if (!row.ok())
            return row.error();
        rows.append(*row);
    }
    return QJsonObject{{QStringLiteral("scenario"), QStringLiteral("shards")},
                       {QStringLiteral("threads"), a.threads},
                       {QStringLiteral("durability"), nameOf(Durability::Full)},
                       {QStringLiteral("layouts"), rows}};
}

Result<QJsonObject> lakeScenario(const BenchArgs &a, QTextStream &err)
{
    bench::BenchConfig config;
    config.dir = a.dir;
    config.durability = a.durability;
    auto scratch = bench::ScratchStore::create(config);
    if (!scratch.ok())
        return scratch.error();
    if (a.keep)
        (*scratch)->keep();
    progressLine(err, QStringLiteral("lake: writing %1 finished transfers").arg(a.rows));
    QElapsedTimer fillTimer;
    fillTimer.start();
    if (Error e = bench::fillForLake(**scratch, a.rows); !e.ok())
        return e;
    const double fillSeconds = double(fillTimer.elapsed()) / 1000.0;
    auto r = bench::runLakeBench(**scratch, lake::LakeOptions().maxFileBytes, [&err](const QString &line) { progressLine(err, line); });
    if (!r.ok())
        return r.error();
    QJsonObject o = storeFields(**scratch);
    o.insert(QStringLiteral("scenario"), QStringLiteral("lake"));
    o.insert(QStringLiteral("rows"), double(a.rows));
    o.insert(QStringLiteral("fillSeconds"), fillSeconds);
    o.insert(QStringLiteral("events"), double(r->events));
    o.insert(QStringLiteral("feedSeconds"), r->feedSeconds);
    o.insert(QStringLiteral("feedEventsPerSecond"), r->feedEventsPerSecond());
    o.insert(QStringLiteral("feedMegabytes"), double(r->feedBytes) / 1e6);
    o.insert(QStringLiteral("lakeSeconds"), r->lakeSeconds);
    o.insert(QStringLiteral("lakeEventsPerSecond"), r->lakeEventsPerSecond());
    o.insert(QStringLiteral("lakeMegabytes"), double(r->lakeBytes) / 1e6);
    o.insert(QStringLiteral("lakeFiles"), double(r->lakeFiles));
    const double ratio = r->feedEventsPerSecond() > 0 ? r->lakeEventsPerSecond() / r->feedEventsPerSecond() : 0;
    o.insert(QStringLiteral("ratioToFeed"), ratio);
    o.insert(QStringLiteral("ratioTarget"), 0.5);
    return o;
}

Result<QJsonObject> runScenario(const QString &scenario, const BenchArgs &a, QTextStream &err)
{
    // Each scenario once, by its name (benchScenarios lists them in order).
    using Run = Result<QJsonObject> (*)(const BenchArgs &, QTextStream &);
    static const QMap<QString, Run> runs = {
        {QStringLiteral("raw"), rawScenario},       {QStringLiteral("transfers"), transfersScenario},
        {QStringLiteral("seed"), seedScenario},     {QStringLiteral("recover"), recoverScenario},
        {QStringLiteral("shards"), shardsScenario}, {QStringLiteral("console"), consoleScenario},
        {QStringLiteral("lake"), lakeScenario},
    };
    const Run run = runs.value(scenario);
    if (!run)
        return makeError(ErrorCode::Internal, QStringLiteral("scenario %1 has no implementation").arg(scenario));
    return run(a, err);
}

} // namespace

int cmdBench(Context &c)
{
    auto parsed = parseBenchArgs(c);
    if (!parsed.ok())
        return c.fail(parsed.error());
    const BenchArgs &a = *parsed;
    QJsonObject result;
    if (a.scenario == QLatin1String("all")) {
        // Every scenario with its own defaults, in the order of the README's table.
        for (const QString &scenario : benchScenarios()) {
            if (!runsInAll(scenario))
                continue;
            auto each = parseBenchArgs(c, scenario);
            if (!each.ok() && each.error().code == ErrorCode::Unsupported) {
                progressLine(c.err, QStringLiteral("%1: skipped: %2").arg(scenario, each.error().message));
                continue; // e.g. the SQLite-only scenarios on a PostgreSQL store
            }
            if (!each.ok())
                return c.fail(each.error());
            auto r = runScenario(scenario, *each, c.err);
            if (!r.ok())
                return c.fail(r.error());
            result.insert(scenario, *r);
        }
        result.insert(QStringLiteral("scenario"), QStringLiteral("all"));
    } else {
        auto r = runScenario(a.scenario, a, c.err);
        if (!r.ok())
            return c.fail(r.error());
        result = *r;
    }
    if (c.json)
        c.printJson(result);
    else
        c.out << renderBenchReport(result);
    // The figures are printed either way (they are what was measured), but a scratch store that
    // does not audit clean means the protocol broke under load: that is a failure, not a number.
    if (const QString unclean = firstUncleanAudit(result); !unclean.isEmpty()) {
        c.out.flush();
        c.err << makeError(ErrorCode::AuditFindings, QStringLiteral("the scratch store of %1").arg(unclean)).toString() << '\n';
        c.err.flush();
        return int(exitStatusOf(ErrorCode::AuditFindings));
    }
    return 0;
}

} // namespace ledger::cli
