// PgConnection: group commit. This process's writes to one database join one queue
// (store/writebatchqueue.h); the thread whose turn it is runs the queued writes (at most
// kMaxBatchWrites) on its own connection as one transaction, BEGIN, each write after a savepoint
// of its own (sent with its first statement: one round trip, as the write alone), then gives the
// turn up and sends COMMIT with the doorbell; every writer is answered after that COMMIT. A lone
// write runs at once, as it did before batches, and while it runs the next writers queue behind
// it and go together.
//
// Why: every protocol write is its own transaction, so a transfer costs about eight commits, and
// each commit waits for its WAL flush. Batched, one flush carries the writes of every client of
// the process that wrote meanwhile.
//
// What a caller is told stays true: a batch is one transaction, so after a crash either all of
// its writes are there or none. A write refused by its own rules (a compare-and-set that found
// another state, a leg rule) wrote nothing and is answered with its refusal. A write whose
// statement failed (a unique key met, a lock not granted in time, a deadlock with another
// process's batch) is rolled back to its savepoint and sent back to run alone, exactly as it
// would have run without batches (its own retries, its own SQLSTATE). A batch whose connection
// broke before its COMMIT was sent wrote nothing: every write runs again alone. One whose COMMIT's
// answer was lost leaves each write's outcome unknown: each write resolves it by reading its
// write token on its own connection (PgConnection::writing), never written twice blindly.
#include "store/postgres/pgconnection.h"

#include <QHash>
#include <libpq-fe.h>
#include <mutex>

namespace ledger {

namespace {

// PostgreSQL keeps up to 64 subtransaction ids per backend in shared memory; past that every
// other session's snapshot has to look subtransactions up on disk (the "subxid overflow"). Each
// write that writes in its savepoint takes one, so a batch stays within 64.
constexpr size_t kMaxBatchWrites = 64;

bool groupCommitOnByEnvironment()
{
    static const bool on = qEnvironmentVariable("LEDGERDESK_PG_GROUP_COMMIT") == QLatin1String("on");
    return on;
}

// The queue of the database at `uri` in this process (by the URI as given: two spellings of one
// database batch apart, which costs only batching). Any thread.
std::shared_ptr<WriteBatchQueue> queueFor(const QString &uri)
{
    static std::mutex mutex;
    static QHash<QString, std::weak_ptr<WriteBatchQueue>> queues;
    std::lock_guard<std::mutex> lock(mutex);
    std::weak_ptr<WriteBatchQueue> &slot = queues[uri];
    std::shared_ptr<WriteBatchQueue> queue = slot.lock();
    if (!queue) {
        queue = std::make_shared<WriteBatchQueue>();
        slot = queue;
    }
    return queue;
}

} // namespace

void PgConnection::joinGroupCommit()
{
    if (m_options.groupCommit || groupCommitOnByEnvironment())
        m_queue = queueFor(m_uri);
}

PgConnection::Fate PgConnection::batch(PendingWrite &w)
{
    if (!m_queue)
        return Fate::Alone;
    w.m_fate = Fate::Alone;
    m_queue->push(w);
    RunningBatch running;
    WriteBatchQueue::Runner runner;
    runner.maxWrites = kMaxBatchWrites;
    runner.run = [&](const std::vector<WriteBatchQueue::Ticket *> &taken) -> size_t {
        if (taken.size() == 1) {
            // Nobody else is waiting: the write runs at once, as it would without batches (a
            // lone write is never held back for company). It keeps the turn meanwhile, so that
            // the writers who come now queue and go together next.
            if (taken.front() == &w) {
                w.m_alone();
                w.m_fate = Fate::Answered;
            }
            return 1;
        }
        running = runBatch(taken);
        return taken.size();
    };
    // The COMMIT after the turn is given up: while it waits for its flush, the next batch runs
    // on another thread's connection (its writes wait for this one's row locks, if they touch
    // the same rows, until it commits). Holding the turn through the flush left the server idle
    // meanwhile and made four threads slower than without batches (measured).
    runner.afterTurn = [&]() {
        if (running.toCommit)
            commitBatch(running);
        running = {};
    };
    m_queue->wait(w, runner);
    return w.m_fate;
}

PgConnection::RunningBatch PgConnection::runBatch(const std::vector<WriteBatchQueue::Ticket *> &taken)
{
    RunningBatch b;
    b.writes.reserve(taken.size());
    for (WriteBatchQueue::Ticket *t : taken) {
        b.writes.push_back(static_cast<PendingWrite *>(t));
        b.writes.back()->m_fate = Fate::Alone;
    }
    // A connection already broken runs nothing: each write goes back to its owner, whose own
    // connection is whole (or reconnects).
    if (m_lost || !m_conn || !run("BEGIN").ok())
        return b;
    b.kept.assign(b.writes.size(), false);
    size_t keptCount = 0;
    bool broken = false;
    m_batching = true;
    for (size_t i = 0; i < b.writes.size(); ++i) {
        PendingWrite *p = b.writes[i];
        m_savepointPending = true;
        m_savepointMade = false;
        const bool keep = p->m_inBatch(*this);
        m_savepointPending = false;
        if (m_lost) {
            broken = true;
            break;
        }
        if (keep) {
            b.kept[i] = true;
            ++keptCount;
            p->m_fate = Fate::Answered;
            continue;
        }
        const bool statementFailed = PQtransactionStatus(m_conn) == PQTRANS_INERROR;
        if (m_savepointMade) {
            if (!run("ROLLBACK TO SAVEPOINT w").ok()) {
                broken = true;
                break;
            }
        } else if (statementFailed) {
            broken = true; // its savepoint itself failed: nothing to roll back to but the start
            break;
        }
        p->m_fate = statementFailed ? Fate::Alone : Fate::Answered;
    }
    m_batching = false;
    if (broken) {
        for (PendingWrite *p : b.writes)
            p->m_fate = Fate::Alone;
        if (!m_lost)
            rollbackAfterFailure();
        return b;
    }
    if (keptCount == 0) {
        // Only refusals, each decided on what was committed before the batch: they stand.
        if (!run("ROLLBACK").ok())
            m_lost = true;
        return b;
    }
    b.toCommit = true;
    return b;
}

void PgConnection::commitBatch(const RunningBatch &b)
{
    m_lostAtCommit = false;
    if (run("COMMIT", {}, true).ok())
        return;
    // Not committed (nothing of the batch is there), or not known: a refusal was decided on
    // writes before it in the batch, so it is decided again too.
    const bool unknown = m_lost && m_lostAtCommit;
    for (size_t i = 0; i < b.writes.size(); ++i)
        b.writes[i]->m_fate = unknown && b.kept[i] ? Fate::Unknown : Fate::Alone;
}

pg_result *PgConnection::execAfterSavepoint(const QByteArray &name, int count, const char *const *values)
{
    ++m_roundTrips;
    if (PQenterPipelineMode(m_conn) != 1) {
        ++m_roundTrips;
        PGresult *savepoint = PQexec(m_conn, "SAVEPOINT w");
        if (PQresultStatus(savepoint) != PGRES_COMMAND_OK)
            return savepoint;
        PQclear(savepoint);
        m_savepointMade = true;
        return PQexecPrepared(m_conn, name.constData(), count, values, nullptr, nullptr, 0);
    }
    const bool sent = PQsendQueryParams(m_conn, "SAVEPOINT w", 0, nullptr, nullptr, nullptr, nullptr, 0) == 1
                   && PQsendQueryPrepared(m_conn, name.constData(), count, values, nullptr, nullptr, 0) == 1 && PQpipelineSync(m_conn) == 1;
    PGresult *savepoint = nullptr;
    PGresult *answer = nullptr;
    const bool whole = sent && collectPipeline(1, [&](int, PGresult *r) {
                           if (!savepoint)
                               savepoint = r;
                           else if (!answer)
                               answer = r;
                           else
                               PQclear(r);
                       });
    if (!whole) {
        breakConnection();
        PQclear(savepoint);
        PQclear(answer);
        return nullptr; // finish() takes it for a break
    }
    m_savepointMade = savepoint && PQresultStatus(savepoint) == PGRES_COMMAND_OK;
    if (!m_savepointMade && savepoint) {
        PQclear(answer); // PGRES_PIPELINE_ABORTED: it did not run
        return savepoint;
    }
    PQclear(savepoint);
    return answer;
}

bool PgConnection::collectPipeline(int syncs, const std::function<void(int syncsBefore, pg_result *)> &take)
{
    int seen = 0;
    int idle = 0; // NULLs in a row: a broken connection has nothing more to give
    while (seen < syncs && idle < 3) {
        PGresult *r = PQgetResult(m_conn);
        if (!r) {
            ++idle;
            if (PQstatus(m_conn) == CONNECTION_BAD)
                break;
            continue;
        }
        idle = 0;
        if (PQresultStatus(r) == PGRES_PIPELINE_SYNC) {
            ++seen;
            PQclear(r);
            continue;
        }
        take(seen, r);
    }
    return seen == syncs && PQexitPipelineMode(m_conn) == 1;
}

} // namespace ledger
