#include "benchconsole.h"

#include "bench/benchmark.h"
#include "bench/benchstats.h"
#include "benchreport.h"
#include "ledger/identifiers.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>

namespace ledger::cli {

namespace {

constexpr double kRssBudgetMb = 200;
constexpr int kConsoleTimeoutMs = 300'000;

// The console next to ledgerctl (installed), in the build tree's src/app, or on PATH.
Result<QString> findConsole(const QString &given)
{
    if (!given.isEmpty()) {
        if (!QFileInfo(given).isExecutable())
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("--console-binary %1 is not an executable file").arg(quoteForMessage(given)));
        return given;
    }
    const QString here = QCoreApplication::applicationDirPath();
    for (const QString &candidate : {here + QStringLiteral("/ledgerdesk"), here + QStringLiteral("/../app/ledgerdesk")}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("ledgerdesk"));
    if (!onPath.isEmpty())
        return onPath;
    return makeError(ErrorCode::InvalidArgument,
                     QStringLiteral("the console scenario runs the console, and no ledgerdesk was found next to "
                                    "ledgerctl or on PATH; name it with --console-binary PATH"));
}

Result<QJsonObject> runConsoleOnce(const QString &binary, const QString &store)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!env.contains(QStringLiteral("QT_QPA_PLATFORM")))
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(binary, {QStringLiteral("--bench-console"), store});
    if (!process.waitForStarted())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("cannot start %1: %2").arg(binary, process.errorString()));
    if (!process.waitForFinished(kConsoleTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        return makeError(ErrorCode::StoreError,
                         QStringLiteral("the console did not finish its measurement within %1 s").arg(kConsoleTimeoutMs / 1000));
    }
    const QByteArray out = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return makeError(ErrorCode::StoreError, QStringLiteral("the console's measurement failed (exit %1): %2")
                                                    .arg(process.exitCode())
                                                    .arg(QString::fromUtf8(process.readAllStandardError()).trimmed()));
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(out.trimmed().split('\n').last(), &parseError);
    if (!doc.isObject())
        return makeError(ErrorCode::Internal, QStringLiteral("the console printed no report: %1").arg(parseError.errorString()));
    return doc.object();
}

} // namespace

Result<QJsonObject> consoleScenario(const BenchArgs &a, QTextStream &err)
{
    auto binary = findConsole(a.consoleBinary);
    if (!binary.ok())
        return binary.error();
    bench::BenchConfig config;
    config.dir = a.dir;
    config.shards = a.shards;
    config.durability = a.durability;
    config.servers = a.servers;
    auto scratch = bench::ScratchStore::create(config);
    if (!scratch.ok())
        return scratch.error();
    if (a.keep)
        (*scratch)->keep();
    progressLine(err, QStringLiteral("console: writing %1 transaction documents").arg(a.rows));
    QElapsedTimer fillTimer;
    fillTimer.start();
    if (Error e = bench::fillForConsole(**scratch, a.rows); !e.ok())
        return e;
    const double fillSeconds = double(fillTimer.elapsed()) / 1000.0;

    // Each step's median over the runs, and the largest peak RSS any run had.
    QList<QJsonObject> runs;
    for (int i = 0; i < a.runs; ++i) {
        progressLine(err, QStringLiteral("console: run %1 of %2 (%3)").arg(i + 1).arg(a.runs).arg(*binary));
        auto run = runConsoleOnce(*binary, (*scratch)->config().location);
        if (!run.ok())
            return run.error();
        runs << *run;
    }
    QJsonArray timings;
    const QJsonArray firstSteps = runs.first().value(QStringLiteral("timings")).toArray();
    double peakRss = 0;
    for (const QJsonObject &run : runs)
        peakRss = std::max(peakRss, run.value(QStringLiteral("peakRssMb")).toDouble());
    for (int s = 0; s < firstSteps.size(); ++s) {
        std::vector<double> values;
        QJsonArray all;
        for (const QJsonObject &run : runs) {
            const double ms = run.value(QStringLiteral("timings")).toArray().at(s).toObject().value(QStringLiteral("ms")).toDouble();
            values.push_back(ms);
            all.append(ms);
        }
        QJsonObject step = firstSteps.at(s).toObject();
        const double median = bench::median(values);
        step.insert(QStringLiteral("ms"), median);
        step.insert(QStringLiteral("msAllRuns"), all);
        if (step.contains(QStringLiteral("budgetMs")))
            step.insert(QStringLiteral("withinBudget"), median <= step.value(QStringLiteral("budgetMs")).toDouble());
        timings.append(step);
    }
    QJsonObject o = storeFields(**scratch);
    o.insert(QStringLiteral("scenario"), QStringLiteral("console"));
    o.insert(QStringLiteral("rows"), double(a.rows));
    o.insert(QStringLiteral("runs"), a.runs);
    o.insert(QStringLiteral("fillSeconds"), fillSeconds);
    o.insert(QStringLiteral("timings"), timings);
    o.insert(QStringLiteral("peakRssMb"), peakRss);
    o.insert(QStringLiteral("rssBudgetMb"), kRssBudgetMb);
    o.insert(QStringLiteral("rowsFetched"), runs.first().value(QStringLiteral("rowsFetched")));
    return o;
}

} // namespace ledger::cli
