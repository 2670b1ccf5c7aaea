#include "benchreport.h"

#include "benchoptions.h"
#include "textoutput.h"

#include <QJsonArray>
#include <QLocale>

namespace ledger::cli {

QString durabilityWords(bool postgres, Durability durability)
{
    // The store's sessions keep synchronous_commit on; "full" means the server has fsync on too.
    if (postgres)
        return durability == Durability::Full ? QStringLiteral("synchronous_commit=on, fsync=on")
                                              : QStringLiteral("synchronous_commit=on, fsync=off");
    return nameOf(durability);
}

QJsonObject storeFields(const bench::ScratchStore &scratch)
{
    const int shards = scratch.shards();
    const bool server = scratch.onServer();
    if (isDynamoLocation(scratch.config().location))
        return QJsonObject{
            {QStringLiteral("store"), QStringLiteral("DynamoDB tables at %1").arg(storeDisplayName(scratch.config().location))},
            {QStringLiteral("kind"), QStringLiteral("dynamodb")},
            {QStringLiteral("shards"), 0},
            {QStringLiteral("durability"), QStringLiteral("acknowledged when durable")}};
    const QString layout = shards == 0
                             ? (server ? QStringLiteral("one PostgreSQL database") : QStringLiteral("one file"))
                             : QStringLiteral("%1 %2shard%3").arg(shards).arg(server ? "PostgreSQL " : "").arg(shards == 1 ? "" : "s");
    return QJsonObject{{QStringLiteral("store"), layout},
                       {QStringLiteral("kind"), server ? QStringLiteral("postgresql") : QStringLiteral("sqlite")},
                       {QStringLiteral("shards"), shards},
                       {QStringLiteral("durability"), durabilityWords(server, scratch.durability())}};
}

QJsonObject latencyJson(const bench::LatencyStats &s)
{
    return QJsonObject{{QStringLiteral("count"), s.count}, {QStringLiteral("mean"), s.mean}, {QStringLiteral("stddev"), s.stddev},
                       {QStringLiteral("min"), s.min},     {QStringLiteral("p50"), s.p50},   {QStringLiteral("p75"), s.p75},
                       {QStringLiteral("p95"), s.p95},     {QStringLiteral("p99"), s.p99},   {QStringLiteral("max"), s.max}};
}

QJsonObject batchesJson(const BatchCounts &b)
{
    QJsonObject histogram;
    for (int i = 0; i < BatchCounts::kBuckets; ++i) {
        const int low = 1 << i;
        const QString name = i == BatchCounts::kBuckets - 1 ? QStringLiteral("%1+").arg(low)
                           : low == 1                       ? QStringLiteral("1")
                                                            : QStringLiteral("%1-%2").arg(low).arg(2 * low - 1);
        histogram.insert(name, b.batches[i]);
    }
    const qint64 batches = b.batchCount();
    return QJsonObject{{QStringLiteral("batches"), batches},
                       {QStringLiteral("writesPerBatch"), batches > 0 ? double(b.writes) / double(batches) : 0},
                       {QStringLiteral("pagesPerWrite"), b.writes > 0 ? double(b.pages) / double(b.writes) : 0},
                       {QStringLiteral("histogram"), histogram}};
}

QJsonObject tailProfileJson(const bench::TailProfile &p)
{
    const auto split = [](const bench::TimeSplit &t) {
        return QJsonObject{{QStringLiteral("transfers"), t.transfers},
                           {QStringLiteral("wallMs"), t.wallMs},
                           {QStringLiteral("cpuMs"), t.cpuMs},
                           {QStringLiteral("gateWaitMs"), t.gateWaitMs},
                           {QStringLiteral("heldMs"), t.heldMs},
                           {QStringLiteral("heldOffCpuMs"), t.heldOffCpuMs},
                           {QStringLiteral("elsewhereOffCpuMs"), t.elsewhereOffCpuMs},
                           {QStringLiteral("involuntarySwitches"), t.involuntarySwitches}};
    };
    return QJsonObject{{QStringLiteral("slowest"), split(p.slowest)},
                       {QStringLiteral("middle"), split(p.middle)},
                       {QStringLiteral("all"), split(p.all)},
                       {QStringLiteral("heldOffCpuShare"), p.heldOffCpuShare}};
}

QJsonObject publishedSeedFigures()
{
    const auto figures = [](double runtime, double mean, double sd, double p75, double p95, double p99, double min, double max) {
        return QJsonObject{{QStringLiteral("runtimeSeconds"), runtime},
                           {QStringLiteral("latencyMs"), QJsonObject{{QStringLiteral("mean"), mean},
                                                                     {QStringLiteral("stddev"), sd},
                                                                     {QStringLiteral("p75"), p75},
                                                                     {QStringLiteral("p95"), p95},
                                                                     {QStringLiteral("p99"), p99},
                                                                     {QStringLiteral("min"), min},
                                                                     {QStringLiteral("max"), max}}}};
    };
    return QJsonObject{
        {QStringLiteral("source"), QStringLiteral("The Little MongoDB Schema Design Book, account transfer scenario, MongoDB 3.0.1")},
        {QStringLiteral("wiredTiger"), figures(46.653, 8655.022, 5743.181, 11037.199, 19937.439, 29972.029, 77.812, 40603.657)},
        {QStringLiteral("mmap"), figures(48.086, 9951.659, 7131.847, 12220.925, 25750.843, 34520.997, 65.398, 41428.625)},
    };
}

namespace {

const QLocale &numbers()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

QString count(const QJsonValue &v) { return numbers().toString(qRound64(v.toDouble())); }
QString fixed(const QJsonValue &v, int decimals) { return numbers().toString(v.toDouble(), 'f', decimals); }
QString ms(const QJsonValue &v) { return v.toDouble() >= 100 ? fixed(v, 0) : v.toDouble() >= 10 ? fixed(v, 1) : fixed(v, 2); }

QString storeLine(const QJsonObject &o)
{
    if (o.value(QStringLiteral("kind")).toString() != QLatin1String("sqlite")) // already in the server's words
        return QStringLiteral("%1, %2").arg(o.value(QStringLiteral("store")).toString(), o.value(QStringLiteral("durability")).toString());
    return QStringLiteral("%1, synchronous=%2")
        .arg(o.value(QStringLiteral("store")).toString(), o.value(QStringLiteral("durability")).toString());
}

QString runsNote(const QJsonObject &o)
{
    const int runs = o.value(QStringLiteral("runs")).toInt(1);
    return runs > 1 ? QStringLiteral(" (median of %1 runs)").arg(runs) : QString();
}

QString latencyLine(const QJsonObject &l)
{
    return QStringLiteral("p50 %1  p95 %2  p99 %3  max %4")
        .arg(ms(l.value(QStringLiteral("p50"))), ms(l.value(QStringLiteral("p95"))), ms(l.value(QStringLiteral("p99"))),
             ms(l.value(QStringLiteral("max"))));
}

QString auditText(const QJsonObject &o)
{
    return o.value(QStringLiteral("auditClean")).toBool() ? QStringLiteral("clean")
                                                          : QStringLiteral("FINDINGS: ") + o.value(QStringLiteral("auditError")).toString();
}

QString renderRaw(const QJsonObject &o)
{
    QList<QStringList> rows;
    for (const QJsonValue &v : o.value(QStringLiteral("byThreads")).toArray()) {
        const QJsonObject r = v.toObject();
        rows << QStringList{QString::number(r.value(QStringLiteral("threads")).toInt()),
                            count(r.value(QStringLiteral("commitsPerSecond")))};
    }
    return QStringLiteral("raw single-document commits: %1%2\n").arg(storeLine(o), runsNote(o))
         + renderTable({QStringLiteral("threads"), QStringLiteral("commits/s")}, rows, {0, 1});
}

QString renderTailProfile(const QJsonObject &p)
{
    if (p.isEmpty())
        return {};
    const auto row = [](const QString &name, const QJsonObject &t) {
        return QStringList{name,
                           count(t.value(QStringLiteral("transfers"))),
                           ms(t.value(QStringLiteral("wallMs"))),
                           ms(t.value(QStringLiteral("cpuMs"))),
                           ms(t.value(QStringLiteral("gateWaitMs"))),
                           ms(t.value(QStringLiteral("heldMs"))),
                           ms(t.value(QStringLiteral("heldOffCpuMs"))),
                           ms(t.value(QStringLiteral("elsewhereOffCpuMs"))),
                           fixed(t.value(QStringLiteral("involuntarySwitches")), 2)};
    };
    const QList<QStringList> rows{row(QStringLiteral("p99 and slower"), p.value(QStringLiteral("slowest")).toObject()),
                                  row(QStringLiteral("p45-p55"), p.value(QStringLiteral("middle")).toObject()),
                                  row(QStringLiteral("all"), p.value(QStringLiteral("all")).toObject())};
    return QStringLiteral("\nwhere a transfer's time goes (mean ms per transfer; gate = this process's write lock of the file,\n"
                          "held by the thread running a batch of writes, its own and others'; the gate holders were off the\n"
                          "CPU for %1% of the time they held it)\n")
               .arg(fixed(QJsonValue(p.value(QStringLiteral("heldOffCpuShare")).toDouble() * 100), 1))
         + renderTable({QStringLiteral("transfers"), QStringLiteral("count"), QStringLiteral("wall"), QStringLiteral("on CPU"),
                        QStringLiteral("waiting for gate"), QStringLiteral("holding gate"), QStringLiteral("holding gate, off CPU"),
                        QStringLiteral("other off CPU"), QStringLiteral("preemptions")},
                       rows, {1, 2, 3, 4, 5, 6, 7, 8});
}

QString batchesLine(const QJsonObject &b)
{
    if (b.isEmpty())
        return QStringLiteral("-");
    return QStringLiteral("%1 batches, %2 writes each on average, %3 pages per write")
        .arg(count(b.value(QStringLiteral("batches"))), fixed(b.value(QStringLiteral("writesPerBatch")), 2),
             fixed(b.value(QStringLiteral("pagesPerWrite")), 2));
}

// `--threads 1,4,16`: one line per thread count.
QString renderTransfersByThreads(const QJsonObject &o)
{
    QList<QStringList> rows;
    for (const QJsonValue &v : o.value(QStringLiteral("byThreads")).toArray()) {
        const QJsonObject r = v.toObject();
        const QJsonObject latency = r.value(QStringLiteral("latencyMs")).toObject();
        const QJsonObject batches = r.value(QStringLiteral("batches")).toObject();
        rows << QStringList{
            QString::number(r.value(QStringLiteral("threads")).toInt()),
            count(r.value(QStringLiteral("transfersPerSecond"))),
            r.contains(QStringLiteral("nativeTransfersPerSecond")) ? count(r.value(QStringLiteral("nativeTransfersPerSecond")))
                                                                   : QStringLiteral("-"),
            r.contains(QStringLiteral("nativeRatio")) ? fixed(r.value(QStringLiteral("nativeRatio")), 2) : QStringLiteral("-"),
            fixed(r.value(QStringLiteral("efficiency")), 2),
            ms(latency.value(QStringLiteral("p50"))),
            ms(latency.value(QStringLiteral("p99"))),
            batches.isEmpty() ? QStringLiteral("-") : fixed(batches.value(QStringLiteral("writesPerBatch")), 2),
            batches.isEmpty() ? QStringLiteral("-") : fixed(batches.value(QStringLiteral("pagesPerWrite")), 2),
            auditText(r)};
    }
    return QStringLiteral("transfers by thread count: %1 transfers among %2 accounts each; %3\n")
               .arg(count(o.value(QStringLiteral("transfers"))), count(o.value(QStringLiteral("accounts"))), storeLine(o))
         + renderTable({QStringLiteral("threads"), QStringLiteral("transfers/s"), QStringLiteral("one-transaction/s"),
                        QStringLiteral("ratio"), QStringLiteral("efficiency"), QStringLiteral("p50 ms"), QStringLiteral("p99 ms"),
                        QStringLiteral("writes/batch"), QStringLiteral("pages/write"), QStringLiteral("audit")},
                       rows, {0, 1, 2, 3, 4, 5, 6, 7, 8});
}

QString renderTransfers(const QJsonObject &o)
{
    if (o.contains(QStringLiteral("byThreads")))
        return renderTransfersByThreads(o);
    QList<QStringList> rows{
        {QStringLiteral("transfers/s"), count(o.value(QStringLiteral("transfersPerSecond")))},
        {QStringLiteral("raw commits/s"),
         count(o.value(QStringLiteral("rawCommitsPerSecond"))) + QStringLiteral("  (same store, same run)")},
        {QStringLiteral("writes per transfer"), fixed(o.value(QStringLiteral("writesPerTransfer")), 2)},
        {QStringLiteral("protocol efficiency"),
         fixed(o.value(QStringLiteral("efficiency")), 2) + QStringLiteral("  (transfers/s x writes per transfer / raw commits/s)")},
        {QStringLiteral("latency ms"), latencyLine(o.value(QStringLiteral("latencyMs")).toObject())},
        {QStringLiteral("capacity units"),
         o.contains(QStringLiteral("capacityUnitsPerTransfer"))
             ? QStringLiteral("read %1, write %2 per transfer  (the tables' own, as DynamoDB reported them; index writes come on top)")
                   .arg(fixed(o.value(QStringLiteral("capacityUnitsPerTransfer")).toObject().value(QStringLiteral("read")), 1),
                        fixed(o.value(QStringLiteral("capacityUnitsPerTransfer")).toObject().value(QStringLiteral("write")), 1))
             : QStringLiteral("-  (DynamoDB only)")},
        {QStringLiteral("baseline"), o.contains(QStringLiteral("nativeTransfersPerSecond"))
                                         ? count(o.value(QStringLiteral("nativeTransfersPerSecond")))
                                               + QStringLiteral(" transfers/s, ratio ") + fixed(o.value(QStringLiteral("nativeRatio")), 2)
                                               + QStringLiteral("  (the same transfers, one database transaction each, same engine; p99 ")
                                               + ms(o.value(QStringLiteral("nativeLatencyMs")).toObject().value(QStringLiteral("p99")))
                                               + QStringLiteral(" ms)")
                                         : QStringLiteral("-  (one file or one database only)")},
        {QStringLiteral("write batches"), batchesLine(o.value(QStringLiteral("batches")).toObject())},
        {QStringLiteral("failed"), count(o.value(QStringLiteral("failed")))
                                       + (o.contains(QStringLiteral("firstFailure"))
                                              ? QStringLiteral("  first: ") + o.value(QStringLiteral("firstFailure")).toString()
                                              : QString())},
        {QStringLiteral("audit afterwards"), auditText(o)},
    };
    return QStringLiteral("transfers: %1 threads, %2 transfers among %3 accounts; %4%5\n")
               .arg(o.value(QStringLiteral("threads")).toInt())
               .arg(count(o.value(QStringLiteral("transfers"))), count(o.value(QStringLiteral("accounts"))), storeLine(o), runsNote(o))
         + renderTable({QStringLiteral("figure"), QStringLiteral("value")}, rows)
         + renderTailProfile(o.value(QStringLiteral("tailProfile")).toObject());
}

QString renderSeed(const QJsonObject &o)
{
    const QJsonObject ours = o.value(QStringLiteral("latencyMs")).toObject();
    const QJsonObject published = o.value(QStringLiteral("published")).toObject();
    const QJsonObject wt = published.value(QStringLiteral("wiredTiger")).toObject();
    const QJsonObject mmap = published.value(QStringLiteral("mmap")).toObject();
    const auto line = [&](const QString &label, const QString &key) {
        const auto of = [&](const QJsonObject &x) {
            return fixed(x.value(QStringLiteral("latencyMs")).toObject().value(key), 3) + QStringLiteral(" ms");
        };
        return QStringList{label, fixed(ours.value(key), 3) + QStringLiteral(" ms"), of(wt), of(mmap)};
    };
    QList<QStringList> rows{
        {QStringLiteral("Runtime"), fixed(o.value(QStringLiteral("runtimeSeconds")), 3) + QStringLiteral(" s"),
         fixed(wt.value(QStringLiteral("runtimeSeconds")), 3) + QStringLiteral(" s"),
         fixed(mmap.value(QStringLiteral("runtimeSeconds")), 3) + QStringLiteral(" s")},
        line(QStringLiteral("Mean"), QStringLiteral("mean")),
        line(QStringLiteral("Standard Deviation"), QStringLiteral("stddev")),
        line(QStringLiteral("75 percentile"), QStringLiteral("p75")),
        line(QStringLiteral("95 percentile"), QStringLiteral("p95")),
        line(QStringLiteral("99 percentile"), QStringLiteral("p99")),
        line(QStringLiteral("Minimum"), QStringLiteral("min")),
        line(QStringLiteral("Maximum"), QStringLiteral("max")),
    };
    return QStringLiteral("seed scenario: %1 slices x %2 transfers, %3 ms apart, %4 clients; %5\n"
                          "latency counts from the start of a transfer's slice (queueing included), as the book's simulator did\n")
               .arg(o.value(QStringLiteral("iterations")).toInt())
               .arg(count(o.value(QStringLiteral("transfersPerIteration"))))
               .arg(count(o.value(QStringLiteral("sliceMs"))))
               .arg(o.value(QStringLiteral("clients")).toInt())
               .arg(storeLine(o))
         + renderTable({QStringLiteral("Statistics"), QStringLiteral("LedgerDesk"), QStringLiteral("MongoDB WiredTiger (published)"),
                        QStringLiteral("MongoDB MMAP (published)")},
                       rows, {1, 2, 3})
         + QStringLiteral("failed %1; audit afterwards %2\n").arg(count(o.value(QStringLiteral("failed"))), auditText(o));
}

QString countsText(const QJsonObject &counts)
{
    QStringList parts;
    for (auto it = counts.begin(); it != counts.end(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key(), count(it.value()));
    return parts.join(QStringLiteral(", "));
}

QString renderRecover(const QJsonObject &o)
{
    QList<QStringList> rows{
        {QStringLiteral("transactions/s"), count(o.value(QStringLiteral("transactionsPerSecond")))},
        {QStringLiteral("transfers/s"), count(o.value(QStringLiteral("transfersPerSecond"))) + QStringLiteral("  (same store, same run)")},
        {QStringLiteral("ratio"), fixed(o.value(QStringLiteral("ratioToTransfers")), 2)},
        {QStringLiteral("stuck by state"), countsText(o.value(QStringLiteral("stuckByState")).toObject())},
        {QStringLiteral("outcomes"), countsText(o.value(QStringLiteral("outcomes")).toObject())},
        {QStringLiteral("audit afterwards"), auditText(o)},
    };
    return QStringLiteral("recover: %1 stuck transactions drained on %2 threads; %3%4\n")
               .arg(count(o.value(QStringLiteral("stuck"))))
               .arg(o.value(QStringLiteral("threads")).toInt())
               .arg(storeLine(o), runsNote(o))
         + renderTable({QStringLiteral("figure"), QStringLiteral("value")}, rows);
}

QString renderShards(const QJsonObject &o)
{
    QList<QStringList> rows;
    for (const QJsonValue &v : o.value(QStringLiteral("layouts")).toArray()) {
        const QJsonObject r = v.toObject();
        rows << QStringList{r.value(QStringLiteral("store")).toString(),
                            count(r.value(QStringLiteral("rawCommitsPerSecond"))),
                            count(r.value(QStringLiteral("transfersPerSecond"))),
                            fixed(r.value(QStringLiteral("efficiency")), 2),
                            ms(r.value(QStringLiteral("latencyMs")).toObject().value(QStringLiteral("p99"))),
                            auditText(r)};
    }
    return QStringLiteral("shard scaling: transfers at synchronous=FULL, %1 threads\n").arg(o.value(QStringLiteral("threads")).toInt())
         + renderTable({QStringLiteral("layout"), QStringLiteral("raw commits/s"), QStringLiteral("transfers/s"),
                        QStringLiteral("efficiency"), QStringLiteral("p99 ms"), QStringLiteral("audit")},
                       rows, {1, 2, 3, 4});
}

QString renderConsole(const QJsonObject &o)
{
    QList<QStringList> rows;
    for (const QJsonValue &v : o.value(QStringLiteral("timings")).toArray()) {
        const QJsonObject t = v.toObject();
        const bool within = t.value(QStringLiteral("withinBudget")).toBool();
        const QString budget = t.contains(QStringLiteral("budgetMs")) ? count(t.value(QStringLiteral("budgetMs"))) : QStringLiteral("-");
        rows << QStringList{t.value(QStringLiteral("what")).toString(), ms(t.value(QStringLiteral("ms"))), budget,
                            t.contains(QStringLiteral("budgetMs")) ? (within ? QStringLiteral("ok") : QStringLiteral("OVER")) : QString()};
    }
    const double rss = o.value(QStringLiteral("peakRssMb")).toDouble();
    const double rssBudget = o.value(QStringLiteral("rssBudgetMb")).toDouble();
    rows << QStringList{QStringLiteral("peak RSS (MB)"), fixed(rss, 0), fixed(rssBudget, 0),
                        rss <= rssBudget ? QStringLiteral("ok") : QStringLiteral("OVER")};
    return QStringLiteral("console: %1 transactions; %2 (the console's own models, measured in its own process)\n")
               .arg(count(o.value(QStringLiteral("rows"))), storeLine(o))
         + renderTable({QStringLiteral("step"), QStringLiteral("ms"), QStringLiteral("budget"), QString()}, rows, {1, 2});
}

QString renderLake(const QJsonObject &o)
{
    const double ratio = o.value(QStringLiteral("ratioToFeed")).toDouble();
    const double target = o.value(QStringLiteral("ratioTarget")).toDouble();
    const QList<QStringList> rows{
        {QStringLiteral("feed to /dev/null"), count(o.value(QStringLiteral("feedEventsPerSecond"))),
         fixed(o.value(QStringLiteral("feedSeconds")).toDouble(), 1), fixed(o.value(QStringLiteral("feedMegabytes")).toDouble(), 1),
         QStringLiteral("-")},
        {QStringLiteral("lake sync to a folder"), count(o.value(QStringLiteral("lakeEventsPerSecond"))),
         fixed(o.value(QStringLiteral("lakeSeconds")).toDouble(), 1), fixed(o.value(QStringLiteral("lakeMegabytes")).toDouble(), 1),
         count(o.value(QStringLiteral("lakeFiles")))},
    };
    return QStringLiteral("lake: %1 finished transfers; %2\n").arg(count(o.value(QStringLiteral("events"))), storeLine(o))
         + renderTable({QStringLiteral("what"), QStringLiteral("events/s"), QStringLiteral("seconds"), QStringLiteral("MB written"),
                        QStringLiteral("files")},
                       rows, {1, 2, 3, 4})
         + QStringLiteral("lake / feed: %1 (target at least %2): %3\n")
               .arg(fixed(ratio, 2), fixed(target, 2), ratio >= target ? QStringLiteral("ok") : QStringLiteral("BELOW"));
}

} // namespace

QString renderBenchReport(const QJsonObject &o)
{
    using Render = QString (*)(const QJsonObject &);
    static const QMap<QString, Render> renders = {
        {QStringLiteral("raw"), renderRaw},       {QStringLiteral("transfers"), renderTransfers},
        {QStringLiteral("seed"), renderSeed},     {QStringLiteral("recover"), renderRecover},
        {QStringLiteral("shards"), renderShards}, {QStringLiteral("console"), renderConsole},
        {QStringLiteral("lake"), renderLake},
    };
    if (const Render render = renders.value(o.value(QStringLiteral("scenario")).toString()))
        return render(o);
    // `bench all`: one object per scenario, shown in the order they ran.
    QStringList parts;
    for (const QString &name : benchScenarios()) {
        if (o.value(name).isObject())
            parts << renderBenchReport(o.value(name).toObject());
    }
    return parts.join(QLatin1Char('\n'));
}

QString firstUncleanAudit(const QJsonValue &v)
{
    if (v.isArray()) {
        for (const QJsonValue &each : v.toArray())
            if (QString found = firstUncleanAudit(each); !found.isEmpty())
                return found;
        return {};
    }
    if (!v.isObject())
        return {};
    const QJsonObject o = v.toObject();
    if (o.value(QStringLiteral("auditClean")) == QJsonValue(false)) {
        const QString why = o.value(QStringLiteral("auditError")).toString();
        return QStringLiteral("%1: %2").arg(o.value(QStringLiteral("scenario")).toString(QStringLiteral("bench")),
                                            why.isEmpty() ? QStringLiteral("not clean") : why);
    }
    for (const QJsonValue &each : o)
        if (QString found = firstUncleanAudit(each); !found.isEmpty())
            return found;
    return {};
}

} // namespace ledger::cli
