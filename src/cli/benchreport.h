#pragma once
// `ledgerctl bench` output: the JSON pieces every scenario shares, and the readable report
// rendered from a scenario's JSON object (so the table always says what the JSON says).
// Thread-safety: pure functions.

#include "bench/benchmark.h"

#include <QJsonObject>

namespace ledger::cli {

// How durable a store's commits are, in its engine's own words: SQLite's synchronous setting
// ("NORMAL", "FULL"), PostgreSQL's settings ("synchronous_commit=on, fsync=on").
QString durabilityWords(bool postgres, Durability durability);
// {"store": "one file" | "N shards" | "one PostgreSQL database" | ..., "kind": "sqlite" |
// "postgresql", "shards": N, "durability": durabilityWords()}
QJsonObject storeFields(const bench::ScratchStore &scratch);
// {"p50", "p75", "p95", "p99", "max", "min", "mean", "stddev", "count"} in milliseconds.
QJsonObject latencyJson(const bench::LatencyStats &s);
// {"batches": N, "writesPerBatch", "pagesPerWrite", "histogram": {"1": n, "2-3": n, … "256+": n}}:
// the SQLite group commit's batches in a run (store/writetimes.h).
QJsonObject batchesJson(const BatchCounts &b);
// {"slowest", "middle", "all": {"transfers", "wallMs", "cpuMs", "gateWaitMs", "heldMs", "heldOffCpuMs",
// "elsewhereOffCpuMs", "involuntarySwitches"}, "heldOffCpuShare"} (benchtail.h).
QJsonObject tailProfileJson(const bench::TailProfile &p);
// The seed scenario as the MongoDB schema book published it (MongoDB 3.0.1, MacBook Pro 2013,
// 4 processes × 50 connections), for the table beside ours.
QJsonObject publishedSeedFigures();

// "<scenario>: <auditError>" of the first run anywhere in a report (any run of any scenario,
// nested in `all` or `shards`) whose scratch store did not audit clean; empty when all were.
QString firstUncleanAudit(const QJsonValue &report);

// The readable report of one scenario's object, or of `bench all`'s object of objects.
QString renderBenchReport(const QJsonObject &result);

} // namespace ledger::cli
