// The built-in SQLite's locks (third_party/sqlite/README.md): open-file-description locks that
// no other close of the store's files in the process can drop, one lock descriptor per file
// shared by the process's connections, and a refusal instead of a lost write when the files
// were replaced anyway (POSIX locks, shown here on purpose with LEDGERDESK_SQLITE_LOCKS=posix).
#include "protocol/coordinator.h"
#include "store/sqlite/sqliteinfo.h"
#include "store/sqlite/sqlitestore.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <fcntl.h>
#include <unistd.h>

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

// ledgerctl on `store`, with the lock kind `locks` ("posix"), or the default.
QProcessEnvironment cliEnvironment(const QString &store, const QString &locks = {})
{
    return storeEnvironment(store, locks.isEmpty() ? QStringList() : QStringList{QStringLiteral("LEDGERDESK_SQLITE_LOCKS=") + locks});
}

// Opens, reads and closes `path` with a descriptor of its own, as a file dialog, a thumbnailer
// or a backup tool in the process would. Under POSIX locks, the close drops every lock this
// process holds on the file.
void touchWithPlainOpenClose(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    char buffer[512];
    [[maybe_unused]] const ssize_t n = ::read(fd, buffer, sizeof buffer);
    ::close(fd);
}

// A store with alice and bob funded, made in `dir` and closed again: no connection of this
// process has it open.
QString fundedStore(const QTemporaryDir &dir, const QString &name, qint64 balance)
{
    const QString path = dir.filePath(name);
    auto created = SqliteStore::create(path, 2);
    if (!created.ok())
        qFatal("%s", qPrintable(created.error().toString()));
    openAccounts(**created, {kAlice, kBob}, balance);
    return path;
}

// The scenario of foreignCloseLosesNothing, run in a process of its own (the lock kind is chosen
// once per process): `spec` is "idle|reading|writing". Prints what happened, one fact a line:
// wal-kept|wal-replaced, transfer-done|transfer-refused:<code>|transfer-failed:<error>,
// raw-committed. Exit 0 unless the scenario itself could not run.
int runForeignClose(const QString &store, const QString &spec)
{
    QTextStream out(stdout);
    const QString wal = store + QStringLiteral("-wal");
    auto opened = SqliteStore::open(store);
    if (!opened.ok()) {
        out << "cannot-open " << opened.error().toString() << '\n';
        return 2;
    }
    SqliteStore &mine = **opened;
    if (!mine.account(kAlice).ok()) // the connection reads: it holds its SHARED lock and the log
        return 2;
    const quint64 walBefore = fileInode(wal);
    std::optional<RawSql> other; // a second connection of this process, inside a read or a write
    if (spec == QLatin1String("reading")) {
        other.emplace(store);
        other->exec(QStringLiteral("BEGIN"));
        other->scalar(QStringLiteral("SELECT COUNT(*) FROM accounts"));
    } else if (spec == QLatin1String("writing")) {
        other.emplace(store);
        other->exec(QStringLiteral("BEGIN IMMEDIATE"));
        other->exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('foreign-close', 'raw')"));
    }
    for (const char *suffix : {"", "-wal", "-shm"})
        touchWithPlainOpenClose(store + QLatin1String(suffix));

    // Another process opens, writes (unless this one is inside a write) and closes: the last
    // connection of a process that believes itself alone checkpoints and deletes the log.
    const QStringList args = spec == QLatin1String("writing")
                               ? QStringList{QStringLiteral("accounts")}
                               : QStringList{QStringLiteral("transfer"), kBob, kAlice, QStringLiteral("0.01")};
    const ProcessResult r = runLedgerctl(args, cliEnvironment(store, qEnvironmentVariable("LEDGERDESK_SQLITE_LOCKS")));
    out << "ledgerctl-exit " << r.exitCode << '\n';
    if (other && spec == QLatin1String("writing") && other->exec(QStringLiteral("COMMIT")))
        out << "raw-committed\n";
    if (other && spec == QLatin1String("reading"))
        other->exec(QStringLiteral("COMMIT"));
    out << (fileInode(wal) == walBefore ? "wal-kept" : "wal-replaced") << '\n';

    Coordinator coordinator(mine, {});
    const TxOutcome o = coordinator.transfer({kAlice, kBob, 250, QStringLiteral("after the foreign close"), QString()});
    if (o.ok() && o.tx && o.tx->state == TxState::Done)
        out << "transfer-done " << o.tx->id << '\n';
    else if (!o.ok())
        out << "transfer-refused " << codeWord(o.error.code) << '\n';
    else
        out << "transfer-ended " << nameOf(o.tx->state) << '\n';
    out.flush();
    return 0;
}

} // namespace

class TestSqliteLocks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theBuiltInSqliteIsCurrent();
    void foreignCloseLosesNothing_data();
    void foreignCloseLosesNothing();
    void connectionsOfOneProcessShareOneLock();
    void readOnlyFirstConnection();
    void failedFirstLock();
};

void TestSqliteLocks::theBuiltInSqliteIsCurrent()
{
    // At least 3.51.3: earlier releases have the WAL-reset bug.
    const QStringList v = sqliteBuildInfo().version.split(QLatin1Char('.'));
    QVERIFY(v.size() >= 3);
    QVERIFY2(std::make_tuple(v[0].toInt(), v[1].toInt(), v[2].toInt()) >= std::make_tuple(3, 51, 3), qPrintable(v.join(QLatin1Char('.'))));
    QVERIFY2(sqliteBuildInfo().ofdLocks, qPrintable(sqliteBuildInfo().why));
    TempStore t;
    auto *sqlite = dynamic_cast<SqliteStore *>(&t.store());
    QVERIFY(sqlite);
    QVERIFY(sqlite->connection().ofdLocks());
    QVERIFY(extrasOf(t.store()).lockWarning().isEmpty());

    const ProcessResult version = runLedgerctl({QStringLiteral("--version")}, cliEnvironment(t.path()));
    QCOMPARE(version.exitCode, 0);
    QVERIFY2(version.out.contains(QStringLiteral("SQLite %1 (built in), open-file-description locks").arg(sqliteBuildInfo().version)),
             qPrintable(version.out));
    const ProcessResult posix = runLedgerctl({QStringLiteral("--version")}, cliEnvironment(t.path(), QStringLiteral("posix")));
    QVERIFY2(posix.out.contains(QStringLiteral("POSIX locks (LEDGERDESK_SQLITE_LOCKS=posix)")), qPrintable(posix.out));
}

void TestSqliteLocks::foreignCloseLosesNothing_data()
{
    QTest::addColumn<QString>("held");
    QTest::addColumn<QString>("locks");
    for (const char *held : {"idle", "reading", "writing"}) {
        QTest::addRow("%s, OFD locks", held) << QString::fromLatin1(held) << QString();
        QTest::addRow("%s, POSIX locks", held) << QString::fromLatin1(held) << QStringLiteral("posix");
    }
}

void TestSqliteLocks::foreignCloseLosesNothing()
{
    // The repro of the issue, in one process: a connection open (idle, inside a read, inside a
    // write); the process opens, reads and closes the database, -wal and -shm files with plain
    // open/close; another process opens, writes and closes; then this process writes. With OFD
    // locks the log is never deleted and every acknowledged write is in the store. With POSIX
    // locks (the old way, forced here) the other process deletes the log under us — and the
    // store then refuses the write (store-corrupt) instead of reporting a transfer that is lost.
    QFETCH(QString, held);
    QFETCH(QString, locks);
    // No connection of this process is open during the scenario: its locks would keep the other
    // process from taking the log for unused whatever the scenario's process does.
    QTemporaryDir dir;
    const QString path = fundedStore(dir, QStringLiteral("foreign.db"), 10'000);
    QProcess scenario;
    QProcessEnvironment env = cliEnvironment(path, locks);
    env.insert(QStringLiteral("LEDGER_TEST_FOREIGN_CLOSE"), path + QLatin1Char('|') + held);
    scenario.setProcessEnvironment(env);
    scenario.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(scenario.waitForFinished(120'000));
    const QString facts = QString::fromUtf8(scenario.readAllStandardOutput());
    QVERIFY2(scenario.exitCode() == 0, qPrintable(facts + QString::fromUtf8(scenario.readAllStandardError())));
    const bool ofd = locks.isEmpty();
    const ProcessResult show = runLedgerctl({QStringLiteral("list"), QStringLiteral("--json")}, cliEnvironment(path));
    QCOMPARE(show.exitCode, 0);
    if (ofd) {
        QVERIFY2(facts.contains(QLatin1String("wal-kept")), qPrintable(facts));
        QVERIFY2(facts.contains(QLatin1String("transfer-done")), qPrintable(facts));
        QVERIFY2(facts.contains(QLatin1String("ledgerctl-exit 0")), qPrintable(facts));
        // Every acknowledged write is in the store, read by a process of its own.
        const QString id = facts.section(QLatin1String("transfer-done "), 1).section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(show.out.contains(id), qPrintable(id));
        if (held == QLatin1String("writing")) {
            QVERIFY2(facts.contains(QLatin1String("raw-committed")), qPrintable(facts));
            QCOMPARE(RawSql(path).scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'foreign-close'")).toString(),
                     QStringLiteral("raw"));
        }
    } else {
        // The hazard is real (the test can fail): the log was deleted under our connections...
        QVERIFY2(facts.contains(QLatin1String("wal-replaced")), qPrintable(facts));
        // ... and nothing was reported done that is not in the store.
        QVERIFY2(facts.contains(QLatin1String("transfer-refused store-corrupt")), qPrintable(facts));
    }
    auto fresh = SqliteStore::open(path);
    QVERIFY(fresh.ok());
    if (ofd)
        QCOMPARE(balanceOf(**fresh, kBob), qint64(10'000 + 250 - (held == QLatin1String("writing") ? 0 : 1)));
    LEDGER_VERIFY_AUDIT_CLEAN(**fresh);
}

void TestSqliteLocks::connectionsOfOneProcessShareOneLock()
{
    // OFD locks of two descriptions conflict even within one process, so every connection's
    // locks go through the file's one lock descriptor: connections opened and closed in any
    // order, reading and writing, with another process writing between them, never block one
    // another — and when the last closes, the log is checkpointed and removed (no lock left
    // behind by a closed connection).
    QTemporaryDir dir;
    const QString path = fundedStore(dir, QStringLiteral("shared.db"), 10'000);
    const QString wal = path + QStringLiteral("-wal");
    {
        auto first = SqliteStore::open(path);
        QVERIFY(first.ok());
        QVERIFY((*first)->account(kAlice).ok());
        auto a = SqliteStore::open(path);
        auto b = SqliteStore::open(path);
        QVERIFY(a.ok() && b.ok());
        QVERIFY((*a)->account(kAlice).ok());
        QVERIFY((*b)->account(kBob).ok());
        first->reset(); // the first lockers go away while the others hold their locks
        a->reset();
        Coordinator cb(**b, {});
        QVERIFY(cb.transfer({kAlice, kBob, 100, QString(), QString()}).ok());
        QCOMPARE(runLedgerctl({QStringLiteral("transfer"), kBob, kAlice, QStringLiteral("0.07")}, cliEnvironment(path)).exitCode, 0);
        auto c = SqliteStore::open(path);
        QVERIFY(c.ok());
        Coordinator cc(**c, {});
        QVERIFY(cc.transfer({kBob, kAlice, 3, QString(), QString()}).ok());
        int otherExit = -1;
        // A read snapshot here while another process writes and another connection reads.
        const Error e = (*b)->withSnapshot([&]() -> Error {
            otherExit = runLedgerctl({QStringLiteral("transfer"), kAlice, kBob, QStringLiteral("0.01")}, cliEnvironment(path)).exitCode;
            auto read = (*c)->account(kAlice);
            return read.ok() ? Error{} : read.error();
        });
        QVERIFY2(e.ok(), qPrintable(e.toString()));
        QCOMPARE(otherExit, 0);
        QCOMPARE(balanceOf(**c, kBob), qint64(10'000 + 100 - 7 - 3 + 1));
        LEDGER_VERIFY_AUDIT_CLEAN(**c);
        QVERIFY(QFileInfo::exists(wal));
    }
    QVERIFY2(!QFileInfo::exists(wal), "the last close could not take the file's exclusive lock: a lock was left behind");
}

void TestSqliteLocks::readOnlyFirstConnection()
{
    // The file's lock descriptor is made from the first connection's; when that one is
    // read-only, a read-write connection that comes later still writes (its lock descriptor is
    // replaced, with the SHARED lock carried over).
    QTemporaryDir dir;
    const QString path = fundedStore(dir, QStringLiteral("ro.db"), 1000);
    auto reader = SqliteConnection::openRaw(path, SqliteConnection::RawAccess::ReadOnly);
    QVERIFY(reader.ok());
    auto rows = (*reader)->runDynamic(QStringLiteral("SELECT COUNT(*) FROM accounts"));
    QVERIFY(rows.ok() && (*rows)->next());
    rows->reset();
    auto writer = SqliteStore::open(path);
    QVERIFY2(writer.ok(), qPrintable(writer.error().toString()));
    Coordinator c(**writer, {});
    const TxOutcome o = c.transfer({kAlice, kBob, 5, QString(), QString()});
    QVERIFY2(o.ok() && o.tx->state == TxState::Done, qPrintable(o.error.toString()));
    QCOMPARE(runLedgerctl({QStringLiteral("transfer"), kBob, kAlice, QStringLiteral("0.01")}, cliEnvironment(path)).exitCode, 0);
    auto again = (*reader)->runDynamic(QStringLiteral("SELECT balance FROM accounts WHERE id = 'bob'"));
    QVERIFY(again.ok() && (*again)->next());
    QCOMPARE((*again)->int64(0), qint64(1000 + 5 - 1));
    again->reset();
    LEDGER_VERIFY_AUDIT_CLEAN(**writer);
    reader->reset(); // (a read-only connection never removes the log: the writer closes last)
    writer->reset();
    QVERIFY2(!QFileInfo::exists(path + QStringLiteral("-wal")), "a lock was left behind");
}

void TestSqliteLocks::failedFirstLock()
{
    // Another process holds the lock every reader must pass (SQLite's PENDING byte): the first
    // lock of a new connection fails with store-busy; once it is released, the same process
    // opens, writes and closes as usual, with nothing left locked.
    QTemporaryDir dir;
    const QString path = fundedStore(dir, QStringLiteral("busy.db"), 1000);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CLOEXEC);
    QVERIFY(fd >= 0);
    struct flock pending = {};
    pending.l_type = F_WRLCK;
    pending.l_whence = SEEK_SET;
    pending.l_start = 0x40000000; // PENDING_BYTE
    pending.l_len = 1;
    QCOMPARE(::fcntl(fd, F_OFD_SETLK, &pending), 0); // an owner of its own, as another process is
    SqliteOptions impatient;
    impatient.busyTimeoutMs = 100;
    auto refused = SqliteStore::open(path, impatient);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::StoreBusy);
    ::close(fd);
    auto store = SqliteStore::open(path, impatient);
    QVERIFY2(store.ok(), qPrintable(store.error().toString()));
    Coordinator c(**store, {});
    QVERIFY(c.transfer({kAlice, kBob, 5, QString(), QString()}).ok());
    QCOMPARE(runLedgerctl({QStringLiteral("transfer"), kBob, kAlice, QStringLiteral("0.01")}, cliEnvironment(path)).exitCode, 0);
    LEDGER_VERIFY_AUDIT_CLEAN(**store);
    store->reset();
    QVERIFY2(!QFileInfo::exists(path + QStringLiteral("-wal")), "a lock was left behind");
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (qEnvironmentVariableIsSet("LEDGER_TEST_FOREIGN_CLOSE")) {
        const QStringList spec = qEnvironmentVariable("LEDGER_TEST_FOREIGN_CLOSE").split(QLatin1Char('|'));
        return runForeignClose(spec.value(0), spec.value(1));
    }
    TestSqliteLocks test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sqlitelocks.moc"
