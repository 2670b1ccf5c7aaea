// SqliteConnection: group commit. Every write of this process to one file joins the file's queue
// (store/writebatchqueue.h); the thread whose turn it is runs the queued writes (at most
// kMaxBatchWrites, and no more once they bound kMaxBatchBytes) as one SQLite transaction on the
// file's batch connection, each in a savepoint, and answers each writer after the COMMIT. A lone
// write runs at once, without a savepoint: nothing waits for company. While a batch runs, the next
// writers queue behind it and go together in the next one, so that under load one commit (and one
// WAL append of the pages the batch dirtied, the accounts' and the indexes' hot pages once)
// carries many writes.
//
// Why each write in a savepoint: a write refused by its own rules (its compare-and-set failed, a
// unique key, a ledger rule) rolls back alone; the others still commit. A failure that ends the
// whole SQLite transaction (an I/O error, the disk full) or a failed COMMIT answers every write
// that ran with that error, and none of them is on disk: a batch is all or nothing, as a write
// was.
#include "store/sqlite/sqlitesharedfile.h"
#include "store/writetimes.h"

#include <atomic>
#include <ledgerdesk_sqlite.h>
#include <thread>

namespace ledger {

namespace {

// The caps of one batch: 256 writes (a batch of every writer thread's write, and then some), and
// about a megabyte of bound text, so that a batch of long memos does not hold the file's lock
// for long while it is written.
constexpr size_t kMaxBatchWrites = 256;
constexpr qint64 kMaxBatchBytes = qint64(1) << 20;

// Taking turns with other processes (mayPauseForOtherProcesses): while another process was seen
// writing the file within kForeignMemory, a batch waits kPause with the file's lock free when
// kRunBeforePause passed since the last pause.
constexpr auto kRunBeforePause = std::chrono::milliseconds(4);
constexpr auto kPause = std::chrono::microseconds(1000);
constexpr auto kForeignMemory = std::chrono::seconds(2);

std::atomic<void (*)(int)> g_beforeCommit{nullptr};

} // namespace

void SqliteConnection::setBeforeCommitHook(void (*hook)(int writes)) { g_beforeCommit.store(hook); }

void SqliteConnection::submit(PendingWrite &w)
{
    Q_ASSERT(m_shared);
    w.m_owner = this;
    w.m_own = {};
    w.m_batch = {};
    const SqliteConnection &writer = *m_shared->writer;
    w.m_alone = writer.m_durability != m_durability || writer.m_fileId != m_fileId;
    if (!w.m_alone)
        m_shared->queue.push(w);
}

Error SqliteConnection::wait(PendingWrite &w)
{
    Q_ASSERT(w.m_owner == this);
    if (w.m_alone)
        return runAlone(w);
    SqliteConnection &writer = *m_shared->writer;
    const bool profiling = writeProfiling();
    const auto asked = std::chrono::steady_clock::now();
    const qint64 heldBefore = threadWriteTimes().heldNs;
    bool checkpointDue = false;
    std::vector<PendingWrite *> writes;
    WriteBatchQueue::Runner runner;
    runner.maxWrites = kMaxBatchWrites;
    runner.beforeTaking = [&] {
        if (writer.mayPauseForOtherProcesses())
            std::this_thread::sleep_for(kPause);
    };
    runner.run = [&](const std::vector<WriteBatchQueue::Ticket *> &taken) {
        writes.clear();
        // The batch waits for another process's lock as long as the most patient of its writers
        // would: nobody is refused sooner than asked.
        writer.m_busyTimeoutMs = 0;
        for (WriteBatchQueue::Ticket *t : taken) {
            writes.push_back(static_cast<PendingWrite *>(t));
            writer.m_busyTimeoutMs = std::max(writer.m_busyTimeoutMs, writes.back()->m_owner->m_busyTimeoutMs);
        }
        const size_t answered = writer.runBatch(writes);
        // Still this thread's alone (the WAL hook of the next batch sets it again).
        checkpointDue = writer.takeCheckpointDue() || checkpointDue;
        return answered;
    };
    m_shared->queue.wait(w, runner);
    if (checkpointDue)
        writer.requestCheckpoint(); // after the gate was released: the checkpointer's last pass takes it
    if (profiling) {
        WriteTimes &t = threadWriteTimes();
        t.writes += 1;
        const qint64 waited = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - asked).count();
        t.gateWaitNs += std::max<qint64>(0, waited - (t.heldNs - heldBefore));
    }
    return w.m_own.ok() ? w.m_batch : w.m_own;
}

Error SqliteConnection::runAlone(PendingWrite &w)
{
    auto done = writeAlone<bool>([&]() -> Result<bool> {
        w.m_own = w.m_body(*this);
        if (!w.m_own.ok())
            return w.m_own;
        return true;
    });
    checkpointIfWanted();
    return done.ok() ? Error{} : done.error();
}

size_t SqliteConnection::runBatch(const std::vector<PendingWrite *> &taken)
{
    QMutexLocker gate(writeGate());
    const bool profiling = writeProfiling();
    const auto started = std::chrono::steady_clock::now();
    const qint64 startedCpu = profiling ? threadCpuNs() : 0;
    const auto answer = [&](size_t count, const Error &batchError) {
        for (size_t i = 0; i < count; ++i) {
            if (taken[i]->m_own.ok())
                taken[i]->m_batch = batchError;
        }
        if (profiling) {
            WriteTimes &t = threadWriteTimes();
            t.heldNs += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count();
            t.heldCpuNs += threadCpuNs() - startedCpu;
        }
        return count;
    };
    if (Error e = begin(); !e.ok())
        return answer(taken.size(), e);
    noteOtherWriters();

    const bool savepoints = taken.size() > 1;
    const qint64 bytesAtStart = m_boundBytes;
    size_t ran = 0;
    size_t kept = 0;
    Error lost; // a failure that ended the whole transaction
    for (PendingWrite *w : taken) {
        if (ran > 0 && m_boundBytes - bytesAtStart >= kMaxBatchBytes)
            break; // the rest waits for the next batch
        if (savepoints) {
            if (lost = runControl("SAVEPOINT w", QStringLiteral("starting a write")); !lost.ok())
                break;
        }
        ++ran;
        w->m_own = w->m_body(*this);
        if (w->m_own.ok()) {
            ++kept;
            if (savepoints) {
                finishStatements();
                if (lost = runControl("RELEASE w", QStringLiteral("committing a write")); !lost.ok())
                    break;
            }
            continue;
        }
        finishStatements();
        // Some errors (I/O, disk full, out of memory) make SQLite roll the whole transaction back
        // by itself: the writes before this one are gone too.
        if (!savepoints || sqlite3_get_autocommit(m_db)) {
            lost = w->m_own;
            break;
        }
        if (lost = runControl("ROLLBACK TO w", QStringLiteral("rolling back")); !lost.ok())
            break;
        if (lost = runControl("RELEASE w", QStringLiteral("rolling back")); !lost.ok())
            break;
    }
    if (!lost.ok() || kept == 0) {
        rollback();
        // A SAVEPOINT refused before the first write ran: that one is answered with it, so
        // that the queue moves (at least one write is answered by every batch).
        return answer(std::max<size_t>(ran, 1), lost);
    }
    if (Error e = checkFilesInPlace(); !e.ok()) {
        rollback();
        return answer(ran, e);
    }
    if (auto hook = g_beforeCommit.load())
        hook(int(ran));
    if (Error e = commit(); !e.ok()) {
        rollback();
        return answer(ran, e);
    }
    noteOwnCommit();
    int pages = 0;
    int highWater = 0;
    sqlite3_db_status(m_db, SQLITE_DBSTATUS_CACHE_WRITE, &pages, &highWater, 1);
    countBatch(int(ran), int(kept), pages);
    if (qEnvironmentVariableIsSet("LDK_PAGES"))
        fprintf(stderr, "pages %d\n", pages);
    return answer(ran, {});
}

bool SqliteConnection::mayPauseForOtherProcesses()
{
    // Batches run back to back while writers keep coming, each starting microseconds after the
    // last released the file's lock; another process's SQLite polls for that lock every 1 to 100
    // ms (its default busy handler) and so could wait for seconds. So while another process has
    // been writing the file lately (data_version moved under the batches), the batches leave the
    // lock free for a millisecond every few. Nobody else writing: no pause.
    const auto now = std::chrono::steady_clock::now();
    if (now - m_foreignSeenAt > kForeignMemory || now - m_pausedAt < kRunBeforePause)
        return false;
    m_pausedAt = now + kPause;
    return true;
}

void SqliteConnection::noteOtherWriters()
{
    // The pager's data version (no statement): it moves with every commit to the file, this
    // connection's included, so it is compared with what this connection's last commit left.
    unsigned int version = 0;
    if (sqlite3_file_control(m_db, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK)
        return;
    if (m_dataVersionKnown && version != m_dataVersion)
        m_foreignSeenAt = std::chrono::steady_clock::now();
}

void SqliteConnection::noteOwnCommit()
{
    unsigned int version = 0;
    m_dataVersionKnown = sqlite3_file_control(m_db, "main", SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK;
    m_dataVersion = version;
}

void SqliteConnection::finishStatements()
{
    for (auto &entry : m_prepared)
        entry.second->finish();
}

int SqliteConnection::busyHandler(void *connection, int attempts)
{
    auto *c = static_cast<SqliteConnection *>(connection);
    const auto now = std::chrono::steady_clock::now();
    if (attempts == 0)
        c->m_busySince = now;
    if (now - c->m_busySince >= std::chrono::milliseconds(c->m_busyTimeoutMs))
        return 0;
    // Another process holds the file's lock for one short write (or batch) at a time: poll in
    // microseconds, 20, 40, … up to 1 ms, so that the wait ends soon after the lock frees —
    // SQLite's own handler sleeps 1, 2, 5, 10, … 100 ms, so a writer could sleep far past it.
    std::this_thread::sleep_for(std::chrono::microseconds(std::min(1000, 20 << std::min(attempts, 6))));
    return 1;
}

} // namespace ledger
