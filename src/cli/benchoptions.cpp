#include "benchoptions.h"

#include "ledger/duration.h"
#include "ledger/identifiers.h"

#include <QDir>
#include <QFileInfo>

namespace ledger::cli {

const QStringList &benchScenarios()
{
    static const QStringList names = {QStringLiteral("raw"),     QStringLiteral("transfers"), QStringLiteral("seed"),
                                      QStringLiteral("recover"), QStringLiteral("shards"),    QStringLiteral("console"),
                                      QStringLiteral("lake")};
    return names;
}

bool runsInAll(const QString &scenario) { return scenario != QLatin1String("lake"); }

void progressLine(QTextStream &err, const QString &line)
{
    err << "bench: " << line << '\n';
    err.flush();
}

namespace {

// A list of counts from 1 to 64 like 1,2,4 (--shards of the shards scenario, --threads of
// transfers); `what` says what the list is in the refusal.
Result<QList<int>> countList(const QString &option, const QString &text, const QString &what)
{
    QList<int> counts;
    for (const QString &part : text.split(QLatin1Char(','))) {
        bool ok = false;
        const int n = part.toInt(&ok);
        if (!ok || n < 1 || n > 64 || part.trimmed() != part)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("--%1 %2 from 1 to 64 like 1,2,4, not %3").arg(option, what, quoteForMessage(text)));
        counts << n;
    }
    return counts;
}

} // namespace

Result<BenchArgs> parseBenchArgs(const Context &c, const QString &scenarioOverride)
{
    BenchArgs a;
    a.scenario = scenarioOverride.isEmpty() ? c.args.positionals.value(0) : scenarioOverride;
    if (a.scenario != QLatin1String("all") && !benchScenarios().contains(a.scenario))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("no bench scenario %1; choose one of %2, or all")
                                                         .arg(quoteForMessage(a.scenario), benchScenarios().join(QStringLiteral(", "))));
    const bool shardsScenario = a.scenario == QLatin1String("shards");

    const QString sync = c.args.value(QStringLiteral("sync"), QStringLiteral("normal"));
    if (sync == QLatin1String("full"))
        a.durability = Durability::Full;
    else if (sync != QLatin1String("normal"))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--sync is normal or full, not %1").arg(quoteForMessage(sync)));

    if (c.args.values.contains(QStringLiteral("shards"))) {
        const QString text = c.args.value(QStringLiteral("shards"));
        if (shardsScenario) {
            auto list = countList(QStringLiteral("shards"), text, QStringLiteral("for the shards scenario is a list of shard counts"));
            if (!list.ok())
                return list.error();
            a.shardCounts = *list;
        } else {
            auto n = c.integerOption(QStringLiteral("shards"), 0, 0, 64);
            if (!n.ok())
                return n.error();
            a.shards = int(*n);
        }
    }
    // Synced writes (shards, --sync full) are some ten times slower: smaller default counts.
    const bool synced = shardsScenario || a.shards > 0 || a.durability == Durability::Full;
    const bool recover = a.scenario == QLatin1String("recover");
    const qint64 defaultCount = recover ? (synced ? 1'000 : 10'000) : (synced ? 2'000 : 20'000);
    const bool oneRun =
        a.scenario == QLatin1String("seed") || a.scenario == QLatin1String("console") || a.scenario == QLatin1String("lake");

    struct IntOption {
        const char *name;
        qint64 fallback, min, max;
        qint64 *target;
    };
    // --threads 1,4,16: the transfers scenario measures each in turn.
    const QString threadsText = c.args.value(QStringLiteral("threads"));
    if (threadsText.contains(QLatin1Char(','))) {
        if (a.scenario != QLatin1String("transfers"))
            return makeError(
                ErrorCode::InvalidArgument,
                QStringLiteral("--threads takes a list (like 1,4,16) only for the transfers scenario; give %1 one number").arg(a.scenario));
        auto list = countList(QStringLiteral("threads"), threadsText, QStringLiteral("is a number or a list of numbers"));
        if (!list.ok())
            return list.error();
        for (int n : std::as_const(*list)) {
            if (!a.threadCounts.contains(n))
                a.threadCounts << n;
        }
    }
    qint64 threads = a.threadCounts.isEmpty() ? a.threads : *std::max_element(a.threadCounts.cbegin(), a.threadCounts.cend());
    qint64 accounts = a.accounts, runs = oneRun ? 1 : 3, seed = 1;
    qint64 iterations = a.iterations, perIteration = a.perIteration;
    const IntOption options[] = {
        {a.threadCounts.isEmpty() ? "threads" : nullptr, threads, 1, 64, &threads},
        {"accounts", accounts, 2, 1'000'000, &accounts},
        {"count", defaultCount, 1, 100'000'000, &a.count},
        {"raw-commits", synced ? 4'000 : 40'000, 1, 100'000'000, &a.rawCommits},
        {"runs", runs, 1, 99, &runs},
        {"iterations", iterations, 1, 10'000, &iterations},
        {"per-iteration", perIteration, 1, 1'000'000, &perIteration},
        {"rows", a.rows, 1, 100'000'000, &a.rows},
        {"seed", seed, 0, std::numeric_limits<qint64>::max(), &seed},
    };
    for (const IntOption &o : options) {
        if (!o.name)
            continue; // read above, as a list
        auto value = c.integerOption(QLatin1String(o.name), o.fallback, o.min, o.max);
        if (!value.ok())
            return value.error();
        *o.target = *value;
    }
    a.threads = int(threads);
    if (a.threadCounts.isEmpty())
        a.threadCounts << a.threads;
    a.accounts = int(accounts);
    a.runs = int(runs);
    a.iterations = int(iterations);
    a.perIteration = int(perIteration);
    a.seed = quint64(seed);
    if (a.accounts < a.threads)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("--accounts (%1) must be at least --threads (%2)").arg(a.accounts).arg(a.threads));

    auto slice = c.durationOption(QStringLiteral("slice"), 1000);
    if (!slice.ok())
        return slice.error();
    a.sliceMs = *slice;

    a.keep = c.args.flags.contains(QStringLiteral("keep"));
    a.tailProfile = c.args.flags.contains(QStringLiteral("tail-profile"));
    if (a.tailProfile && a.scenario != QLatin1String("transfers"))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--tail-profile is for the transfers scenario"));
    a.consoleBinary = c.args.value(QStringLiteral("console-binary"));
    // The scratch store goes where the operator's store is (same disk, same file system), unless
    // told otherwise; the system's temporary directory when that does not exist yet.
    // A store on PostgreSQL (one database, or shards on servers): the scratch store is made of
    // fresh databases on the same servers.
    a.servers = serverDatabasesOf(c.config.location);
    // On DynamoDB, tables under a fresh prefix at the same endpoint.
    if (isDynamoLocation(c.config.location))
        a.servers = {c.config.location};
    if ((!a.servers.isEmpty() || a.shards > 0) && a.scenario == QLatin1String("lake"))
        return makeError(ErrorCode::Unsupported, QStringLiteral("bench lake measures a store of one SQLite file (its fixture is written "
                                                                "by SQL there); the lake reads every store kind the same way"));
    if (!a.servers.isEmpty() && a.scenario == QLatin1String("shards"))
        return makeError(
            ErrorCode::Unsupported,
            QStringLiteral("bench shards measures SQLite files; against PostgreSQL run transfers on a store of one database and on "
                           "one sharded over several (its --store)"));
    a.dir = c.args.value(QStringLiteral("dir"));
    if (c.args.values.contains(QStringLiteral("dir")) && !QFileInfo(a.dir).isDir())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--dir %1 is not a directory").arg(quoteForMessage(a.dir)));
    if (a.dir.isEmpty()) {
        const QString storeDir = QFileInfo(c.config.location).absolutePath();
        a.dir = QFileInfo(storeDir).isDir() ? storeDir : QDir::tempPath();
    }
    return a;
}

} // namespace ledger::cli
