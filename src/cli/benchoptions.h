#pragma once
// The options of `ledgerctl bench` and their per-scenario defaults (a one-file store at
// synchronous=NORMAL does ten times the work of a synced one in the same time, so the counts
// follow the durability unless given).
// Thread-safety: called on ledgerctl's one thread.

#include "cli.h"

namespace ledger::cli {

struct BenchArgs {
    QString scenario;
    int threads = 4;
    // transfers: --threads as a list (1,4,16), each measured in turn; one entry otherwise.
    QList<int> threadCounts;
    int accounts = 1000;
    qint64 count = 20'000;      // transfers (transfers, shards) or stuck transactions (recover)
    qint64 rawCommits = 40'000; // per thread count measured
    int runs = 3;
    int shards = 0;                  // the scratch store's layout: 0 one file, N shards
    QList<int> shardCounts{1, 2, 4}; // the shards scenario's layouts
    Durability durability = Durability::Normal;
    int iterations = 25;
    int perIteration = 1000;
    qint64 sliceMs = 1000;
    qint64 rows = 1'000'000; // console, lake
    QString consoleBinary;   // console: the ledgerdesk to measure
    QString dir;
    QStringList servers; // PostgreSQL: the store's database(s); scratch databases go beside them
    quint64 seed = 1;
    bool keep = false;
    bool tailProfile = false; // transfers: benchtail.h
};

// raw, transfers, seed, recover, shards, console, lake: in the order `bench all` runs them.
const QStringList &benchScenarios();
// Whether `bench all` runs it (lake, a million rows written and read twice, is asked for by name).
bool runsInAll(const QString &scenario);

// The options of `c` for `scenario` (default: the command's own positional). For `bench all`
// each scenario is parsed again with its own defaults.
Result<BenchArgs> parseBenchArgs(const Context &c, const QString &scenario = QString());

// A progress line on stderr ("bench: ..."), so that stdout stays the report (or the JSON).
void progressLine(QTextStream &err, const QString &line);

} // namespace ledger::cli
