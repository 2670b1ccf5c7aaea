// The SQLite store's group commit (store/sqlite/sqliteconnection_batch.cpp): a lone write commits
// alone and at once; in a batch, a write refused by its own rule, its unique key or its
// compare-and-set rolls back alone while the others commit; a batch whose commit fails answers
// every write in it with that failure and leaves none of them; the caps; a file opened with
// another durability; another process's lock waited for, within the busy timeout. Then the two
// tests of what a caller was told surviving anything: the process killed many times while
// batches of 64 and more writes from 16 threads are in flight (every acknowledged write is
// there, no batch is partly there), and a foreign SQLite (Python's sqlite3) writing the same
// file between the batches of 16 threads of transfers.
#include "protocol/audit.h"
#include "protocol/coordinator.h"
#include "store/sqlite/sqlitestore.h"
#include "store/writetimes.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <array>
#include <atomic>
#include <csignal>
#include <deque>
#include <thread>
#include <unistd.h>

using namespace ledger;
using namespace ledger::test;

// ThreadSanitizer's runtime here fails its own check when this process forks after its threads
// ran (QProcess): under it the killed child and Python are left out, and the 16 threads of
// transfers run alone (the ordinary and ASan passes run everything).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LEDGER_NO_FORK 1
#endif
#endif
#ifndef LEDGER_NO_FORK
#define LEDGER_NO_FORK 0
#endif

namespace {

using PendingWrite = SqliteConnection::PendingWrite;

// The write of a meta row `key` (a table every store has), on the connection the batch runs on.
std::function<Error(SqliteConnection &)> insertMeta(const QString &key, const QString &value = QStringLiteral("v"))
{
    return [key, value](SqliteConnection &c) -> Error {
        auto q = c.run("INSERT INTO meta (key, value) VALUES (?, ?)", {key, value});
        return q.ok() ? Error{} : q.error();
    };
}

BatchCounts batchesSince(const BatchCounts &before) { return batchCounts() - before; }

// Queues `count` meta rows named `prefix`N (with `value`) on `conn` before anyone waits, then waits
// for each; the batches they went in. A write that failed fails the test (empty counts then).
BatchCounts submitThenWaitAll(SqliteConnection &conn, const QString &prefix, int count, const QString &value = QStringLiteral("v"))
{
    std::vector<std::unique_ptr<SqliteConnection::PendingWrite>> writes;
    for (int i = 0; i < count; ++i) {
        writes.push_back(std::make_unique<SqliteConnection::PendingWrite>(insertMeta(prefix + QString::number(i), value)));
        conn.submit(*writes.back());
    }
    const BatchCounts before = batchCounts();
    bool allOk = true;
    for (auto &w : writes)
        allOk = conn.wait(*w).ok() && allOk;
    return allOk ? batchesSince(before) : BatchCounts{};
}

std::unique_ptr<SqliteStore> openSqlite(const QString &path, const SqliteOptions &options = {})
{
    auto store = SqliteStore::open(path, options);
    if (!store.ok())
        qFatal("%s", qPrintable(store.error().toString()));
    return std::move(store).value();
}

// --- the child of killedMidBatchLosesNoAcknowledgedWrite -----------------------------------

// One line to stdout in one write(2): lines under PIPE_BUF from several threads never mix.
void emitLine(const QByteArray &line)
{
    const QByteArray whole = line + '\n';
    [[maybe_unused]] const ssize_t n = ::write(STDOUT_FILENO, whole.constData(), size_t(whole.size()));
}

// The keys of the batch being run, collected on the thread that runs it, announced just before
// its COMMIT ("batch k1 k2 ..."): once the line is out, the batch may be on disk.
thread_local QByteArray t_batchKeys;

void announceBatch(int)
{
    emitLine("batch" + t_batchKeys);
    t_batchKeys.clear();
}

// 16 threads, each with 8 writes in flight on its own connection, writing meta rows "k<round>-<thread>-<n>"
// until killed; "ack KEY" once a write was answered.
int runKillChild(const QString &path, const QString &round)
{
    SqliteConnection::setBeforeCommitHook(&announceBatch);
    constexpr int kThreads = 16;
    constexpr int kInFlight = 8;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&path, &round, t] {
            auto store = openSqlite(path);
            SqliteConnection &conn = store->connection();
            std::deque<std::pair<QByteArray, std::unique_ptr<PendingWrite>>> flight;
            for (int n = 0;; ++n) {
                const QByteArray key = QStringLiteral("k%1-%2-%3").arg(round).arg(t).arg(n).toLatin1();
                auto write = std::make_unique<PendingWrite>([key](SqliteConnection &c) -> Error {
                    auto q = c.run("INSERT INTO meta (key, value) VALUES (?, 'gc')", {QString::fromLatin1(key)});
                    if (!q.ok())
                        return q.error();
                    t_batchKeys += ' ' + key;
                    return {};
                });
                conn.submit(*write);
                flight.emplace_back(key, std::move(write));
                if (flight.size() < kInFlight)
                    continue;
                while (!flight.empty()) {
                    if (Error e = conn.wait(*flight.front().second); !e.ok()) {
                        emitLine("error " + e.toString().toUtf8());
                        ::_exit(3);
                    }
                    emitLine("ack " + flight.front().first);
                    flight.pop_front();
                }
            }
        });
    }
    for (auto &thread : threads)
        thread.join();
    return 0;
}

} // namespace

class TestGroupCommit : public QObject {
    Q_OBJECT

private slots:
    void loneWriteCommitsAlone();
    void eachWriteRefusedAlone_data();
    void eachWriteRefusedAlone();
    void failedCommitAnswersEveryWrite();
    void replacedFileNeverMixesTheTwo();
    void capsBatchByCount();
    void capsBatchByBytes();
    void otherDurabilityRunsAlone();
    void foreignLockWaitedForWithinTimeout();
    void killedMidBatchLosesNoAcknowledgedWrite();
    void foreignWriterBetweenBatches();
};

void TestGroupCommit::loneWriteCommitsAlone()
{
    TempStore t;
    const BatchCounts before = batchCounts();
    auto a = t.store().createAccount(QStringLiteral("alice"), QStringLiteral("Alice"), QStringLiteral("test"));
    QVERIFY2(a.ok(), qPrintable(a.error().toString()));
    const BatchCounts d = batchesSince(before);
    QCOMPARE(d.batchCount(), qint64(1));
    QCOMPARE(d.batches[0], qint64(1)); // a batch of one: nothing waited for company
    QCOMPARE(d.writes, qint64(1));
    QVERIFY(d.pages > 0);
    // Answered means committed: another connection sees it at once.
    RawSql raw(t.path());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM accounts WHERE id = 'alice'")).toInt(), 1);
}

void TestGroupCommit::eachWriteRefusedAlone_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<ErrorCode>("code");
    // The write in the middle writes a row, then is refused.
    QTest::newRow("by its own rule") << QStringLiteral("rule") << ErrorCode::InsufficientFunds;
    QTest::newRow("by a unique key") << QStringLiteral("unique") << ErrorCode::StoreError;
    QTest::newRow("compare-and-set missed") << QStringLiteral("cas") << ErrorCode::Conflict;
}

void TestGroupCommit::eachWriteRefusedAlone()
{
    QFETCH(QString, how);
    QFETCH(ErrorCode, code);
    TempStore t;
    auto store = openSqlite(t.path());
    SqliteConnection &conn = store->connection();
    {
        RawSql raw(t.path());
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('taken', 'x')")));
    }

    PendingWrite first(insertMeta(QStringLiteral("first")));
    PendingWrite middle([how](SqliteConnection &c) -> Error {
        if (auto q = c.run("INSERT INTO meta (key, value) VALUES ('middle', 'written before the refusal')", {}); !q.ok())
            return q.error();
        if (how == QLatin1String("rule"))
            return makeError(ErrorCode::InsufficientFunds, QStringLiteral("refused by a rule"));
        if (how == QLatin1String("unique")) {
            auto q = c.run("INSERT INTO meta (key, value) VALUES ('taken', 'again')", {});
            return q.ok() ? makeError(ErrorCode::Internal, QStringLiteral("a duplicate key was accepted")) : q.error();
        }
        auto q = c.run("UPDATE accounts SET version = version + 1 WHERE id = '@world' AND version = -1", {});
        if (!q.ok())
            return q.error();
        return (*q)->rowsChanged() == 1 ? Error{} : makeError(ErrorCode::Conflict, QStringLiteral("the version moved"));
    });
    PendingWrite last(insertMeta(QStringLiteral("last")));
    const BatchCounts before = batchCounts();
    // All three queued before anyone waits: the first wait runs them as one batch.
    conn.submit(first);
    conn.submit(middle);
    conn.submit(last);
    QVERIFY(conn.wait(first).ok());
    const Error refused = conn.wait(middle);
    QCOMPARE(refused.code, code);
    QVERIFY(conn.wait(last).ok());
    const BatchCounts d = batchesSince(before);
    QCOMPARE(d.batchCount(), qint64(1));
    QCOMPARE(d.batches[1], qint64(1)); // one batch of 2-3 writes
    QCOMPARE(d.writes, qint64(2));

    RawSql raw(t.path());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM meta WHERE key IN ('first', 'last')")).toInt(), 2);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM meta WHERE key = 'middle'")).toInt(), 0);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'taken'")).toString(), QStringLiteral("x"));
}

void TestGroupCommit::failedCommitAnswersEveryWrite()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ledger.db"));
    {
        QVERIFY(SqliteStore::create(path, 2).ok());
    }
    auto store = openSqlite(path);
    SqliteConnection &conn = store->connection();
    std::array<std::unique_ptr<PendingWrite>, 3> writes;
    for (int i = 0; i < 3; ++i) {
        writes[size_t(i)] = std::make_unique<PendingWrite>(insertMeta(QStringLiteral("w%1").arg(i)));
        conn.submit(*writes[size_t(i)]);
    }
    // The file replaced under the process: the batch must not commit into a file nobody reads.
    QVERIFY(QFile::rename(path, path + QStringLiteral(".away")));
    for (auto &w : writes) {
        const Error e = conn.wait(*w);
        QCOMPARE(e.code, ErrorCode::StoreCorrupt);
    }
    QVERIFY(QFile::rename(path + QStringLiteral(".away"), path));
    store.reset();
    RawSql raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM meta WHERE key LIKE 'w%'")).toInt(), 0);
}

void TestGroupCommit::replacedFileNeverMixesTheTwo()
{
    // The store's files replaced while this process has the old ones open (a restore, a new
    // store made at the same name): the old connections' writes are refused, the new store's
    // land in the new file — through a batch connection still attached to the old file, neither
    // may reach the other's file.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ledger.db"));
    {
        QVERIFY(SqliteStore::create(path, 2).ok());
    }
    auto old = openSqlite(path);
    QVERIFY(old->createAccount(QStringLiteral("before"), QString(), QStringLiteral("test")).ok());
    for (const char *suffix : {"", "-wal", "-shm"}) {
        if (QFileInfo::exists(path + QLatin1String(suffix)))
            QVERIFY(QFile::rename(path + QLatin1String(suffix), path + QLatin1String(suffix) + QStringLiteral(".old")));
    }
    auto created = SqliteStore::create(path, 2);
    QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    auto fresh = std::move(created).value();
    auto ok = fresh->createAccount(QStringLiteral("after"), QString(), QStringLiteral("test"));
    QVERIFY2(ok.ok(), qPrintable(ok.error().toString()));
    auto refused = old->createAccount(QStringLiteral("stale"), QString(), QStringLiteral("test"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::StoreCorrupt);
    QVERIFY(fresh->account(QStringLiteral("after")).ok());
    QVERIFY(!fresh->account(QStringLiteral("before")).ok());
    QVERIFY(!fresh->account(QStringLiteral("stale")).ok());
}

void TestGroupCommit::capsBatchByCount()
{
    TempStore t;
    auto store = openSqlite(t.path());
    SqliteConnection &conn = store->connection();
    const BatchCounts d = submitThenWaitAll(conn, QStringLiteral("n"), 300);
    QCOMPARE(d.batchCount(), qint64(2));
    QCOMPARE(d.batches[8], qint64(1)); // 256
    QCOMPARE(d.batches[5], qint64(1)); // the other 44
    RawSql raw(t.path());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM meta WHERE key LIKE 'n%'")).toInt(), 300);
}

void TestGroupCommit::capsBatchByBytes()
{
    TempStore t;
    auto store = openSqlite(t.path());
    SqliteConnection &conn = store->connection();
    const QString big(600'000, QLatin1Char('m')); // two of them pass the megabyte cap
    const BatchCounts d = submitThenWaitAll(conn, QStringLiteral("big"), 3, big);
    QCOMPARE(d.batchCount(), qint64(2));
    QCOMPARE(d.batches[1], qint64(1)); // the first two
    QCOMPARE(d.batches[0], qint64(1)); // the third, in the next batch
}

void TestGroupCommit::otherDurabilityRunsAlone()
{
    TempStore t; // synchronous=NORMAL: the file's batches commit at that
    SqliteOptions full;
    full.durability = Durability::Full;
    auto synced = openSqlite(t.path(), full);
    const BatchCounts before = batchCounts();
    auto a = synced->createAccount(QStringLiteral("carol"), QStringLiteral("Carol"), QStringLiteral("test"));
    QVERIFY2(a.ok(), qPrintable(a.error().toString()));
    QCOMPARE(batchesSince(before).batchCount(), qint64(0)); // not in a NORMAL batch
    QVERIFY(t.store().account(QStringLiteral("carol")).ok());
}

void TestGroupCommit::foreignLockWaitedForWithinTimeout()
{
    TempStore t;
    // Another connection (as another process would) holds the file's write lock until the
    // impatient write was refused, then 200 ms more: released while the patient write waits.
    std::atomic<bool> holding{false};
    std::atomic<bool> release{false};
    std::thread holder([&] {
        auto raw = SqliteConnection::openRaw(t.path());
        QVERIFY(raw.ok());
        QVERIFY((*raw)->runDynamic(QStringLiteral("BEGIN IMMEDIATE")).ok());
        holding = true;
        while (!release)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        QVERIFY((*raw)->runDynamic(QStringLiteral("COMMIT")).ok());
    });
    const auto joined = qScopeGuard([&] {
        release = true;
        holder.join();
    });
    while (!holding)
        std::this_thread::yield();
    SqliteOptions impatient;
    impatient.busyTimeoutMs = 50;
    auto quick = openSqlite(t.path(), impatient);
    auto refused = quick->createAccount(QStringLiteral("dave"), QStringLiteral("Dave"), QStringLiteral("test"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::StoreBusy);
    // A writer patient for a minute (past the holder's 200 ms however late a busy machine runs
    // it; the store's default five seconds could be outrun) waits: its write lands once the lock
    // is free.
    release = true;
    SqliteOptions patient;
    patient.busyTimeoutMs = 60'000;
    auto waiting = openSqlite(t.path(), patient);
    auto waited = waiting->createAccount(QStringLiteral("erin"), QStringLiteral("Erin"), QStringLiteral("test"));
    QVERIFY2(waited.ok(), qPrintable(waited.error().toString()));
    QVERIFY(!t.store().account(QStringLiteral("dave")).ok());
}

void TestGroupCommit::killedMidBatchLosesNoAcknowledgedWrite()
{
    if (LEDGER_NO_FORK)
        QSKIP("forks a child: not under ThreadSanitizer (see the top of this file)");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ledger.db"));
    {
        QVERIFY(SqliteStore::create(path, 2).ok());
    }
    const int rounds = qMax(
        1, qEnvironmentVariableIntValue("LEDGER_GROUPCOMMIT_ROUNDS") > 0 ? qEnvironmentVariableIntValue("LEDGER_GROUPCOMMIT_ROUNDS") : 12);
    int largestBatch = 0;
    qint64 acknowledged = 0;
    for (int round = 0; round < rounds; ++round) {
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LEDGER_GROUPCOMMIT_CHILD"), path);
        env.insert(QStringLiteral("LEDGER_GROUPCOMMIT_ROUND"), QString::number(round));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForStarted());
        // Killed at a random moment once it is writing: from 150 to 600 ms in. The first round
        // also runs until a batch of 64 writes or more was announced (the floor checked at the
        // end: the kills met big batches), a condition a busy machine only takes longer to meet.
        QByteArray out;
        QElapsedTimer clock;
        clock.start();
        const int killAt = 150 + int(QRandomGenerator::global()->bounded(450));
        bool bigBatch = round != 0;
        qsizetype scanned = 0;
        while (clock.elapsed() < killAt || !out.contains("ack ") || !bigBatch) {
            child.waitForReadyRead(20);
            out += child.readAllStandardOutput();
            for (qsizetype end; !bigBatch && (end = out.indexOf('\n', scanned)) >= 0; scanned = end + 1) {
                const QByteArray line = out.mid(scanned, end - scanned);
                bigBatch = line.startsWith("batch ") && line.count(' ') >= 64; // "batch k1 k2 ..."
            }
            QVERIFY2(clock.elapsed() < 60'000, bigBatch ? "the child wrote nothing" : "no batch of 64 writes in a minute"); // a hang
            QVERIFY2(child.state() == QProcess::Running, child.readAllStandardError().constData());
        }
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(10'000));
        out += child.readAllStandardOutput();
        QVERIFY2(!out.contains("error "), out.mid(out.indexOf("error "), 300).constData());

        QSet<QByteArray> acked;
        QList<QList<QByteArray>> batches;
        for (const QByteArray &line : out.split('\n')) {
            if (line.startsWith("ack "))
                acked.insert(line.mid(4));
            else if (line.startsWith("batch "))
                batches << line.mid(6).split(' ');
        }
        QSet<QByteArray> present;
        {
            auto raw = SqliteConnection::openRaw(path, SqliteConnection::RawAccess::ReadOnly);
            QVERIFY(raw.ok());
            auto keys = (*raw)->allRows(
                (*raw)->runDynamic(QStringLiteral("SELECT key FROM meta WHERE key LIKE ?"), {QStringLiteral("k%1-%").arg(round)}),
                [](const SqliteStatement &q) { return q.text(0).toLatin1(); });
            QVERIFY2(keys.ok(), qPrintable(keys.error().toString()));
            present = QSet<QByteArray>(keys->cbegin(), keys->cend());
        }
        for (const QByteArray &key : std::as_const(acked))
            QVERIFY2(present.contains(key),
                     qPrintable(
                         QStringLiteral("round %1: %2 was acknowledged but is not in the store").arg(round).arg(QString::fromLatin1(key))));
        int inBatches = 0;
        for (const auto &batch : std::as_const(batches)) {
            int there = 0;
            for (const QByteArray &key : batch)
                there += present.contains(key) ? 1 : 0;
            QVERIFY2(there == 0 || there == batch.size(),
                     qPrintable(QStringLiteral("round %1: a batch of %2 writes is partly in the store (%3 of them)")
                                    .arg(round)
                                    .arg(batch.size())
                                    .arg(there)));
            inBatches += there;
            largestBatch = qMax(largestBatch, int(batch.size()));
        }
        // Every write in the store was announced in a batch before its commit.
        QCOMPARE(int(present.size()), inBatches);
        acknowledged += acked.size();
    }
    qInfo("%d rounds, %lld acknowledged writes checked, largest batch %d", rounds, acknowledged, largestBatch);
    QVERIFY2(largestBatch >= 64, qPrintable(QStringLiteral("the largest batch had %1 writes").arg(largestBatch)));
}

void TestGroupCommit::foreignWriterBetweenBatches()
{
    TempStore t;
    QStringList accounts;
    for (int i = 0; i < 40; ++i)
        accounts << QStringLiteral("acct-%1").arg(i, 2, 10, QLatin1Char('0'));
    openAccounts(t.store(), accounts, 1'000'000);

    // Python's sqlite3 (the system's SQLite, POSIX locks) inserts a row in a transaction of its own
    // each time it is asked to (a line on its stdin), and makes a table of its own first: a schema
    // change under our prepared statements too. Its timeout (30 s) is how long it waits for the
    // lock: starved of turns by the batches, it fails.
    const char *script = R"(
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], timeout=30, isolation_level=None)
c.execute('CREATE TABLE IF NOT EXISTS foreign_rows (n INTEGER PRIMARY KEY, at REAL)')
print('ready', flush=True)
n = 0
for line in sys.stdin:
    c.execute('BEGIN IMMEDIATE')
    c.execute('INSERT INTO foreign_rows (at) VALUES (?)', (time.time(),))
    c.execute('COMMIT')
    n += 1
    print('row', n, flush=True)
)";
    QProcess python;
    if (!LEDGER_NO_FORK) {
        python.start(QStringLiteral("python3"), {QStringLiteral("-c"), QString::fromLatin1(script), t.path()});
        QVERIFY(python.waitForStarted());
    }
    // Its next whole line (a line may come in pieces: PYTHONUNBUFFERED writes print's parts one
    // by one), or empty once it exited or after a minute (a hang).
    const auto lineOfPython = [&python] {
        QElapsedTimer hang;
        hang.start();
        while (!python.canReadLine() && python.state() == QProcess::Running && hang.elapsed() < 60'000)
            python.waitForReadyRead(100);
        return python.canReadLine() ? python.readLine().trimmed() : QByteArray();
    };
    if (!LEDGER_NO_FORK)
        QCOMPARE(lineOfPython(), QByteArray("ready"));

    const BatchCounts before = batchCounts();
    constexpr int kThreads = 16;
    // Enough transfers for batches to form, and a row of Python's after each of kForeignRows
    // transfers: every one of its rows goes in between batches of the 16 threads. Conditions, not
    // a time: a deadline only bounds a hang.
    constexpr int kTransfers = 300;
    constexpr int kForeignRows = 30;
    constexpr int kHangMs = 120'000;
    std::atomic<bool> stop{false};
    std::atomic<int> notDone{0};
    std::atomic<int> transfers{0};
    QMutex firstMutex;
    QString firstFailure;
    std::vector<std::thread> threads;
    const auto stopped = qScopeGuard([&] {
        stop = true;
        for (auto &thread : threads)
            thread.join();
    });
    for (int i = 0; i < kThreads; ++i) {
        threads.emplace_back([&, i] {
            auto store = t.openAnother();
            CoordinatorOptions options;
            options.actor = QStringLiteral("test");
            Coordinator coordinator(*store, options);
            for (int n = 0; !stop; ++n) {
                TransferRequest r;
                r.source = accounts.at((i + n) % accounts.size());
                r.destination = accounts.at((i * 7 + n * 3 + 1) % accounts.size());
                if (r.source == r.destination)
                    continue;
                r.amount = 1 + n % 100;
                const TxOutcome o = coordinator.transfer(r);
                ++transfers;
                if (!o.ok() || !o.tx || o.tx->state != TxState::Done) {
                    ++notDone;
                    QMutexLocker lock(&firstMutex);
                    if (firstFailure.isEmpty())
                        firstFailure = o.ok() ? nameOf(o.tx ? o.tx->state : TxState::Initial) : o.error.toString();
                }
            }
        });
    }
    const auto failureSoFar = [&] {
        QMutexLocker lock(&firstMutex);
        return firstFailure;
    };
    QElapsedTimer hang;
    hang.start();
    const auto transfersPast = [&](int count) {
        while (transfers < count && notDone == 0 && hang.elapsed() < kHangMs)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return transfers >= count;
    };
    int foreignRows = 0;
    if (!LEDGER_NO_FORK) {
        for (int row = 1; row <= kForeignRows; ++row) {
            // A transfer (a batch) since its last row, then its next row, while the threads go on.
            QVERIFY2(transfersPast(transfers + 1), qPrintable(failureSoFar()));
            python.write("row\n");
            const QByteArray answer = lineOfPython();
            QVERIFY2(!answer.isEmpty(), python.readAllStandardError().constData());
            QCOMPARE(answer, QByteArrayLiteral("row ") + QByteArray::number(row));
            foreignRows = row;
        }
    }
    QVERIFY2(transfersPast(kTransfers), qPrintable(failureSoFar()));
    stop = true;
    for (auto &thread : threads)
        thread.join();
    threads.clear();
    QVERIFY2(notDone == 0, qPrintable(firstFailure));
    const BatchCounts d = batchesSince(before);
    QVERIFY(d.batchCount() < d.writes); // writes went in batches
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    if (LEDGER_NO_FORK)
        return;
    python.closeWriteChannel();
    QVERIFY(python.waitForFinished(60'000));
    QCOMPARE(python.exitCode(), 0);
    RawSql raw(t.path());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM foreign_rows")).toInt(), foreignRows);
    qInfo("%d transfers by 16 threads in %lld batches of %.1f writes, %d rows by Python between them", transfers.load(), d.batchCount(),
          double(d.writes) / double(qMax<qint64>(1, d.batchCount())), foreignRows);
}

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsSet("LEDGER_GROUPCOMMIT_CHILD")) {
        QCoreApplication app(argc, argv);
        return runKillChild(qEnvironmentVariable("LEDGER_GROUPCOMMIT_CHILD"), qEnvironmentVariable("LEDGER_GROUPCOMMIT_ROUND"));
    }
    QCoreApplication app(argc, argv);
    TestGroupCommit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_groupcommit.moc"
