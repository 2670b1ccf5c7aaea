#pragma once
// `ledgerctl bench`: how fast this machine's store runs the protocol, measured side by side with
// the store's own limit in the same run. Every scenario works on a scratch store of the same
// kind, on the same disk, that it creates and removes itself: a benchmark never writes into an
// operator's ledger.
//
//   raw        the bare single-document conditional commit (the store's limit), per thread count
//   transfers  T threads making random transfers among A accounts; latency percentiles;
//              protocol efficiency = transfers/s × writes per transfer / raw commits/s
//   seed       the MongoDB schema book's scenario: 25 slices of 1,000 transfers started one
//              second apart, served by concurrent clients; latency counted from the slice start
//   recover    K transactions stuck in every non-terminal state, drained by recovery
//
// Threading: each function blocks its caller while it runs its own worker threads, one store
// connection each. `progress` is called from the caller's thread only.

#include "bench/benchstats.h"
#include "bench/benchtail.h"
#include "protocol/recovery.h"
#include "store/open/storeconfig.h"
#include "store/storeextras.h"
#include "store/writetimes.h"

#include <QTemporaryDir>
#include <functional>
#include <memory>

namespace ledger::bench {

struct BenchConfig {
    // Where the scratch store goes (a fresh directory inside it, removed afterwards).
    QString dir;
    // 0: one store file; N: a topology of N shard files (always synchronous=FULL).
    int shards = 0;
    // synchronous= of a one-file scratch store.
    Durability durability = Durability::Normal;
    int busyTimeoutMs = 60'000;
    // PostgreSQL: the databases whose servers the scratch store goes to — a fresh database on
    // each (one: a one-database store; several: a store sharded over them), dropped afterwards.
    QStringList servers;
    std::function<void(const QString &)> progress;
};

// A store made for one benchmark run, with funded accounts "bench-00000" ... Removed with the
// object unless keep() was called.
class ScratchStore {
public:
    static Result<std::unique_ptr<ScratchStore>> create(const BenchConfig &config);
    ~ScratchStore();
    ScratchStore(const ScratchStore &) = delete;
    ScratchStore &operator=(const ScratchStore &) = delete;

    const StoreConfig &config() const { return m_config; }
    Durability durability() const { return m_durability; }
    int shards() const { return m_shards; }
    const QStringList &accounts() const { return m_accounts; }
    // Where it is, for "kept in ..." (the directory, or the databases).
    QString directory() const;
    // Whether it is made of PostgreSQL databases.
    bool onServer() const { return !m_databases.isEmpty(); }
    void keep()
    {
        m_dir.setAutoRemove(false);
        m_kept = true;
    }

    // Creates `count` accounts, each with `openingMinor` from @world, on `threads` threads.
    Error fund(int count, qint64 openingMinor, int threads);

private:
    ScratchStore() = default;

    QTemporaryDir m_dir;
    StoreConfig m_config;
    Durability m_durability = Durability::Normal;
    int m_shards = 0;
    QStringList m_accounts;
    QStringList m_databases; // PostgreSQL scratch databases, dropped unless kept
    bool m_kept = false;
    std::function<void(const QString &)> m_progress;
};

struct RawResult {
    int threads = 0;
    qint64 commits = 0;
    double seconds = 0;
    double commitsPerSecond = 0;
};

// `commits` bare compare-and-set commits on the scratch accounts, spread over `threads` threads
// (each thread writes its own accounts, so no write ever misses its guard).
Result<RawResult> runRaw(const ScratchStore &store, int threads, qint64 commits);

struct TransfersResult {
    int threads = 0;
    qint64 transfers = 0; // asked for
    qint64 completed = 0; // ended done
    qint64 failed = 0;    // any other outcome (none expected: accounts are funded)
    QString firstFailure; // the first failure's error, to say why
    qint64 writes = 0;    // protocol writes committed, counted by the step hook
    double seconds = 0;
    double transfersPerSecond = 0;
    double writesPerTransfer = 0;
    // Waits for a server's answer per transfer, counted by the connections (nullopt on files).
    std::optional<double> roundTripsPerTransfer;
    // DynamoDB: the tables' capacity units per transfer, as the server reported them.
    std::optional<CapacityUnits> capacityUnitsPerTransfer;
    LatencyStats latencyMs;
    std::optional<TailProfile> tail; // with tailProfile (benchtail.h)
    // The SQLite group commit's batches during the run (store/writetimes.h): all zero on
    // PostgreSQL.
    BatchCounts batches;
};

// `count` random transfers (amounts 0.01–10.00, source ≠ destination, from a seeded generator)
// among the scratch accounts on `threads` threads, one connection and coordinator each.
// With `tailProfile`, each transfer's time is also split (benchtail.h); that costs a few system
// calls per write, so the throughput of such a run is a little lower.
Result<TransfersResult> runTransfers(const ScratchStore &store, int threads, qint64 count, quint64 seed, bool tailProfile = false);

struct NativeResult {
    int threads = 0;
    qint64 transfers = 0;
    qint64 failed = 0;
    QString firstFailure;
    double seconds = 0;
    double transfersPerSecond = 0;
    LatencyStats latencyMs;
};

// The same random transfers as runTransfers (same seed) on the one-transaction baseline
// (store/fixtures/nativeledger.h) made in the scratch store, funded as the scratch accounts are:
// what the engine does when a transfer is one database transaction. Checked afterwards (money
// kept, every transfer recorded). One-file and one-database scratch stores only.
Result<NativeResult> runNative(const ScratchStore &store, int threads, qint64 count, quint64 seed);

struct SeedResult {
    int iterations = 0;
    int perIteration = 0;
    int clients = 0;
    qint64 sliceMs = 0;
    qint64 failed = 0;
    double runtimeSeconds = 0;
    double transfersPerSecond = 0;
    LatencyStats latencyMs; // from the start of a transfer's slice to its end, queueing included
};

// The schema book's seed scenario: `iterations` slices of `perIteration` transfers, slice i
// starting at i × sliceMs (0: all at once), served by `clients` threads.
Result<SeedResult> runSeed(const ScratchStore &store, int iterations, int perIteration, int clients, qint64 sliceMs, quint64 seed);

struct RecoverResult {
    int threads = 0;
    qint64 stuck = 0;
    QMap<TxState, qint64> stuckByState; // what recovery found
    qint64 drained = 0;                 // ended done or canceled
    QMap<RecoveryOutcome, qint64> outcomes;
    double seconds = 0;
    double transactionsPerSecond = 0;
};

// Makes `count` stuck transactions, in turn stopped after each write that leaves one
// non-terminal (initial; pending with 0, 1, 2 holds; applied with 0, 1, 2 posts; canceling with
// 0, 1, 2 voids), then times recovery draining them on `threads` threads.
Result<RecoverResult> runRecover(const ScratchStore &store, int threads, qint64 count, quint64 seed);

// The console scenario's store: `rows` transaction documents among 1,000 accounts, written by one
// SQL statement (a fixture, not the protocol). One-file scratch stores only.
Error fillForConsole(const ScratchStore &store, qint64 rows);

// The audit of the scratch store afterwards: a benchmark's speed counts only if the ledger is
// still right. Ok, or audit-findings with the first finding.
Error auditScratch(const ScratchStore &store);

} // namespace ledger::bench
