// The embedded SQLite store: opening (and refusing) files, the schema, the store's clock, the
// leg-marker operations (hold, post, void) with their idempotent and order-proof semantics,
// the compare-and-set on transaction documents, and the queries.
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "store/sqlite/sqlitestore.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTextStream>
#include <numeric>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <thread>

using namespace ledger;
using namespace ledger::test;

namespace {

Error openError(const QString &path, int busyMs = 5000)
{
    auto store = SqliteStore::open(path, SqliteOptions{busyMs});
    return store.ok() ? Error{} : store.error();
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

SqliteOptions checkpointStressOptions()
{
    SqliteOptions options;
    options.checkpointPages = 16;
    return options;
}

struct WriterReport {
    QStringList committed; // ids whose creation committed, every thread's
    QString failure;
};

// `threads` connections to `path` each create `perThread` accounts named prefix-t-i, pausing up
// to 0.3 ms between them.
WriterReport writeAccounts(const QString &path, const QString &prefix, int threads, int perThread)
{
    QList<QStringList> committed(threads);
    QList<QString> failures(threads);
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; ++t) {
        writers.emplace_back([&, t] {
            auto store = SqliteStore::open(path, checkpointStressOptions());
            if (!store.ok()) {
                failures[t] = store.error().toString();
                return;
            }
            QRandomGenerator random(quint32(qHash(prefix) + t + 1));
            for (int i = 0; i < perThread; ++i) {
                const QString id = QStringLiteral("%1-%2-%3").arg(prefix).arg(t).arg(i);
                auto account = (*store)->createAccount(id, QString(), QStringLiteral("test"));
                if (!account.ok()) {
                    failures[t] = account.error().toString();
                    return;
                }
                committed[t] << id;
                std::this_thread::sleep_for(std::chrono::microseconds(random.bounded(300)));
            }
        });
    }
    for (auto &w : writers)
        w.join();
    WriterReport report;
    for (int t = 0; t < threads; ++t) {
        report.committed += committed[t];
        if (report.failure.isEmpty())
            report.failure = failures[t];
    }
    return report;
}

} // namespace

class TestSqliteStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createWritesSchemaScaleAndWorld();
    void createRefusesExistingFile();
    void migratesAnOlderStore_data();
    void migratesAnOlderStore();
    void createRefusesBadScale();
    void openRefuses_data();
    void openRefuses();
    void aForeignFileIsNamedForWhatItIs_data();
    void aForeignFileIsNamedForWhatItIs();
    void openRefusesReadOnlyDirectory();
    void busyStoreWaitsThenFails();
    void fullStoreWritesNothing();
    void timestampsComeFromTheStoreInUtcMs();
    void legOperations_data();
    void legOperations();
    void holdRefusalsWriteNothing_data();
    void holdRefusalsWriteNothing();
    void worldMayGoNegativeButNotOverflow();
    void insertFindsExistingByKeyAndId();
    void compareAndSet();
    void linkCompensation();
    void queries();
    void accountStatus();
    void overviewQueries();
    void changeMarkerMovesOnOtherConnectionsCommits();
    void openingAnotherConnectionKeepsTheLocks();
    void checkpointsRunBesideTheWriters();
    void noCommitIsLostWhileCheckpointsRun();
};

void TestSqliteStore::createWritesSchemaScaleAndWorld()
{
    TempStore t(3);
    QCOMPARE(t.store().scale(), 3);
    auto world = t.store().account(ledger::kWorldAccount);
    QVERIFY(world.ok());
    QCOMPARE(world->balance, qint64(0));
    RawSql raw(t.path());
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), SqliteConnection::kSchemaVersion);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA application_id")).toInt(), SqliteConnection::kApplicationId);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    for (const char *index : {"tx_by_state_created", "tx_done_by_modified", "legs_by_account", "tx_by_source", "tx_by_destination"})
        QVERIFY2(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE type='index' AND name='%1'").arg(QLatin1String(index)))
                         .toInt()
                     == 1,
                 index);
    // Reopening reads the scale back.
    auto again = SqliteStore::open(t.path());
    QVERIFY(again.ok());
    QCOMPARE((*again)->scale(), 3);
}

void TestSqliteStore::migratesAnOlderStore_data()
{
    QTest::addColumn<int>("version");
    for (int v = 1; v < SqliteConnection::kSchemaVersion; ++v)
        QTest::addRow("from schema %d", v) << v;
}

// Turns a store of this version back into one as version `version` wrote it, data and all: each
// step undoes one migration (sqliteconnection_schema.cpp), newest first.
bool downgradeSqliteStore(RawSql &raw, int version)
{
    const QStringList steps[] = {
        // 7 → 6: no approval requests.
        {QStringLiteral("DROP TABLE approvals")},
        // 6 → 5: journal rows record no request.
        {QStringLiteral("ALTER TABLE journal DROP COLUMN request")},
        // 5 → 4: the journal with AUTOINCREMENT, (state, last_modified) for every state, the
        // compensations' index over every transaction.
        {QStringLiteral("CREATE TABLE journal_4 (seq INTEGER PRIMARY KEY AUTOINCREMENT, doc_kind TEXT NOT NULL, doc_id TEXT NOT NULL,"
                        " at TEXT NOT NULL, actor TEXT NOT NULL DEFAULT '', worker TEXT NOT NULL DEFAULT '', event TEXT NOT NULL,"
                        " from_state TEXT NOT NULL DEFAULT '', to_state TEXT NOT NULL DEFAULT '', epoch INTEGER NOT NULL DEFAULT 0,"
                        " detail TEXT NOT NULL DEFAULT '')"),
         QStringLiteral("INSERT INTO journal_4 SELECT * FROM journal ORDER BY seq"), QStringLiteral("DROP TABLE journal"),
         QStringLiteral("ALTER TABLE journal_4 RENAME TO journal"),
         QStringLiteral("CREATE INDEX journal_by_doc ON journal (doc_kind, doc_id, seq)"),
         QStringLiteral("CREATE INDEX journal_by_event ON journal (event, seq)"), QStringLiteral("DROP INDEX tx_done_by_modified"),
         QStringLiteral("CREATE INDEX tx_by_state_modified ON transactions (state, last_modified)"),
         QStringLiteral("DROP INDEX tx_by_kind"), QStringLiteral("CREATE INDEX tx_by_kind ON transactions (kind, created_at)")},
        // 4 → 3: two legs only.
        {QStringLiteral("ALTER TABLE transactions DROP COLUMN legs"), QStringLiteral("DROP TABLE tx_accounts"),
         QStringLiteral("DROP INDEX legs_by_account"), QStringLiteral("CREATE INDEX legs_by_account ON legs (account_id, status)")},
        // 3 → 2: posts recorded no balance.
        {QStringLiteral("ALTER TABLE legs DROP COLUMN balance_after")},
        // 2 → 1: the console's indexes of version 2.
        {QStringLiteral("DROP INDEX journal_by_event"), QStringLiteral("DROP INDEX tx_by_kind")},
    };
    for (int from = SqliteConnection::kSchemaVersion; from > version; --from) {
        for (const QString &sql : steps[SqliteConnection::kSchemaVersion - from]) {
            if (!raw.exec(sql))
                return false;
        }
    }
    return raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(version));
}

void TestSqliteStore::migratesAnOlderStore()
{
    // A store as version N wrote it, with data in it: accounts, a done transfer, their journal.
    QFETCH(int, version);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 1000);
    const QString path = t.path();
    qint64 lastSeq = 0;
    qint64 journalRows = 0;
    {
        RawSql raw(path);
        QVERIFY(downgradeSqliteStore(raw, version));
        lastSeq = raw.scalar(QStringLiteral("SELECT MAX(seq) FROM journal")).toLongLong();
        journalRows = raw.scalar(QStringLiteral("SELECT COUNT(*) FROM journal")).toLongLong();
        QVERIFY(lastSeq > 0);
    }
    auto store = SqliteStore::open(path);
    QVERIFY2(store.ok(), qPrintable(store.error().toString()));
    RawSql raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), SqliteConnection::kSchemaVersion);
    for (const char *index : {"journal_by_event", "tx_by_kind", "tx_done_by_modified", "approvals_listed", "approvals_by_state"})
        QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name = '%1'").arg(QLatin1String(index))).toInt(), 1);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name = 'tx_by_state_modified'")).toInt(), 0);
    QVERIFY(!raw.scalar(QStringLiteral("SELECT sql FROM sqlite_master WHERE name = 'journal'"))
                 .toString()
                 .contains(QLatin1String("AUTOINCREMENT")));
    QCOMPARE((*store)->account(QStringLiteral("alice"))->balance, qint64(1000)); // nothing lost
    // Legs posted before version 3 have no recorded balance; new posts record theirs.
    QCOMPARE(bool((*store)->legsOfAccount(QStringLiteral("alice"), std::nullopt)->first().balanceAfter), version >= 3);
    openAccounts(**store, {QStringLiteral("bob")}, 5);
    QCOMPARE((*store)->legsOfAccount(QStringLiteral("bob"), std::nullopt)->first().balanceAfter, std::optional<qint64>(5));
    // The transfers written before version 4 read as two legs; a many-legged one works after it.
    auto opening = (*store)->transactionByKey(QStringLiteral("opening:alice"));
    QVERIFY(opening.ok() && opening->has_value());
    QCOMPARE((*opening)->legs, twoLegs(ledger::kWorldAccount, QStringLiteral("alice"), 1000));
    openAccounts(**store, {QStringLiteral("carol")}, 0);
    Coordinator c(**store, {});
    TransferRequest split;
    split.legs = {{QStringLiteral("alice"), LegSide::Debit, 300},
                  {QStringLiteral("bob"), LegSide::Credit, 200},
                  {QStringLiteral("carol"), LegSide::Credit, 100}};
    const TxOutcome o = c.transfer(split);
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QCOMPARE(o.tx->state, TxState::Done);
    QCOMPARE((*store)->account(QStringLiteral("carol"))->balance, qint64(100));
    TxQuery ofCarol;
    ofCarol.account = QStringLiteral("carol");
    QCOMPARE((*store)->transactions(ofCarol)->size(), 1);
    // The journal goes on from where it was: every row kept, new ones after the last.
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM journal WHERE seq <= ?"), {lastSeq}).toLongLong(), journalRows);
    QVERIFY(raw.scalar(QStringLiteral("SELECT MIN(seq) FROM journal WHERE event = 'created' AND doc_id = ?"), {o.tx->id}).toLongLong()
            > lastSeq);
    LEDGER_VERIFY_AUDIT_CLEAN(**store);
}

void TestSqliteStore::createRefusesExistingFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("precious.txt"));
    writeFile(path, "do not overwrite me");
    auto store = SqliteStore::create(path, 2);
    QVERIFY(!store.ok());
    QCOMPARE(store.code(), ErrorCode::StoreExists);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("do not overwrite me"));
}

void TestSqliteStore::createRefusesBadScale()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.db"));
    auto store = SqliteStore::create(path, 19);
    QCOMPARE(store.code(), ErrorCode::InvalidScale);
    QVERIFY(!QFile::exists(path));
}

void TestSqliteStore::aForeignFileIsNamedForWhatItIs_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("says");
    QTest::newRow("an export's CSV") << "accounts.csv" << QByteArray("id,balance\nalice,100\n")
                                     << "%1 is a text file, not a LedgerDesk store (an export? a store is a .db file)";
    QTest::newRow("an export's JSON") << "accounts.json" << QByteArray("[{\"id\": \"alice\"}]\n")
                                      << "%1 is a JSON file, not a LedgerDesk store (an export? a store is a .db file, or the topology "
                                         ".json of a sharded store)";
    // Named as a store: not taken for an export.
    QTest::newRow("text named .db") << "notes.db" << QByteArray("call the bank on Monday\n")
                                    << "%1 is a text file, not a LedgerDesk store (a store is an SQLite database)";
    QTest::newRow("JSON named .db") << "notes.db" << QByteArray("{\"note\": 1}\n")
                                    << "%1 is a JSON file, not a LedgerDesk store (a store is an SQLite database)";
}

void TestSqliteStore::aForeignFileIsNamedForWhatItIs()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    writeFile(path, content);
    auto store = SqliteStore::open(path);
    QCOMPARE(store.code(), ErrorCode::StoreNotLedger);
    QCOMPARE(store.error().message, says.arg(path));
}

void TestSqliteStore::openRefuses_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("missing file") << "missing" << ErrorCode::StoreUnavailable;
    QTest::newRow("directory") << "directory" << ErrorCode::StoreUnavailable;
    QTest::newRow("empty file") << "empty" << ErrorCode::StoreNotLedger;
    QTest::newRow("text file") << "text" << ErrorCode::StoreNotLedger;
    QTest::newRow("another application's SQLite") << "foreign" << ErrorCode::StoreNotLedger;
    QTest::newRow("newer schema") << "newer" << ErrorCode::StoreTooNew;
    QTest::newRow("schema pages overwritten") << "overwritten" << ErrorCode::StoreCorrupt;
    QTest::newRow("truncated") << "truncated" << ErrorCode::StoreCorrupt;
    QTest::newRow("read-only file") << "readonly" << ErrorCode::StoreReadOnly;
}

void TestSqliteStore::openRefuses()
{
    QFETCH(QString, damage);
    QFETCH(ErrorCode, code);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ledger.db"));
    const auto makeStore = [&] {
        auto store = SqliteStore::create(path, 2);
        QVERIFY(store.ok());
        Coordinator c(**store, {});
        for (int i = 0; i < 40; ++i)
            QVERIFY(c.openAccount(QStringLiteral("acct-%1").arg(i), QString(100, QLatin1Char('n')), 1000).ok());
    }; // closing the last connection checkpoints the WAL into the main file
    if (damage == QLatin1String("directory")) {
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("ledger.db")));
    } else if (damage == QLatin1String("empty")) {
        writeFile(path, QByteArray());
    } else if (damage == QLatin1String("text")) {
        writeFile(path, "account,balance\nalice,100\n");
    } else if (damage == QLatin1String("foreign")) {
        RawSql raw(path);
        QVERIFY(raw.exec(QStringLiteral("CREATE TABLE recipes (name TEXT)")));
    } else if (damage == QLatin1String("newer")) {
        makeStore();
        RawSql raw(path);
        QVERIFY(raw.exec(QStringLiteral("PRAGMA user_version = 99")));
    } else if (damage == QLatin1String("overwritten")) {
        makeStore();
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(100); // keep the 100-byte header, destroy the schema page behind it
        f.write(QByteArray(4000, '\xA5'));
    } else if (damage == QLatin1String("truncated")) {
        makeStore();
        QVERIFY(QFile::resize(path, 4096 + 1000));
    } else if (damage == QLatin1String("readonly")) {
        makeStore();
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    }
    const QByteArray before = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    const Error e = openError(path);
    QVERIFY2(e.code == code, qPrintable(e.toString()));
    QVERIFY(e.message.contains(path) || damage == QLatin1String("missing"));
    // Refusing a file never changes it.
    QFile after(path);
    if (after.open(QIODevice::ReadOnly))
        QCOMPARE(after.readAll(), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")) || damage == QLatin1String("newer"));
}

void TestSqliteStore::openRefusesReadOnlyDirectory()
{
    TempStore t;
    const QString dir = t.dir();
    QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    const Error e = openError(t.path());
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QCOMPARE(e.code, ErrorCode::StoreReadOnly);
}

void TestSqliteStore::busyStoreWaitsThenFails()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 1000);
    RawSql locker(t.path());
    QVERIFY(locker.exec(QStringLiteral("BEGIN EXCLUSIVE")));
    auto store = SqliteStore::open(t.path(), SqliteOptions{300});
    QVERIFY2(store.ok(), qPrintable(store.error().toString()));
    QElapsedTimer timer;
    timer.start();
    auto held = (*store)->hold(QStringLiteral("tx-1"), QStringLiteral("alice"), LegSide::Debit, 10);
    const qint64 waited = timer.elapsed();
    QCOMPARE(held.code(), ErrorCode::StoreBusy);
    // It waited rather than failing at once. This observes time, as it must (a busy timeout is
    // one): a lower bound, which a busy machine only makes longer; 250 of the 300 ms leave the
    // clocks' granularity room.
    QVERIFY2(waited >= 250, qPrintable(QString::number(waited)));
    QVERIFY(locker.exec(QStringLiteral("ROLLBACK")));
    // Once the lock is gone the same write goes through, and the failed one left nothing behind.
    QCOMPARE((*store)->account(QStringLiteral("alice"))->pendingDebits, qint64(0));
    QVERIFY((*store)->hold(QStringLiteral("tx-1"), QStringLiteral("alice"), LegSide::Debit, 10).ok());
}

void TestSqliteStore::fullStoreWritesNothing()
{
    // A disk that fills up in the middle of a transfer, simulated by capping the file at its
    // current size once the transfer has started (its document written and claimed): the write
    // of its that needs a new page fails with store-full and is rolled back, the transfer stays
    // where it was, and once there is room again recovery finishes it.
    QTemporaryDir dir;
    auto created = SqliteStore::create(dir.filePath(QStringLiteral("full.db")), 2);
    QVERIFY(created.ok());
    SqliteStore &s = **created;
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    // On the connection the store's writes run on (the file's batch connection): through a write.
    const auto pragma = [&s](const QString &sql) {
        return s.connection().write<qint64>([sql](SqliteConnection &c) -> Result<qint64> {
            auto r = c.runDynamic(sql);
            if (!r.ok())
                return r.error();
            const qint64 value = (*r)->next() ? (*r)->int64(0) : -1;
            r->reset();
            return value;
        });
    };
    const auto capPages = [&pragma](qint64 pages) { return pragma(QStringLiteral("PRAGMA max_page_count = %1").arg(pages)).ok(); };
    const auto pageCount = [&pragma] { return pragma(QStringLiteral("PRAGMA page_count")).value(); };

    Coordinator c(s, {});
    ErrorCode last = ErrorCode::None;
    QString stuck;
    int transfers = 0;
    for (; transfers < 2000 && last == ErrorCode::None; ++transfers) {
        QVERIFY(capPages(1'000'000));
        CoordinatorOptions first;
        first.hook = abandonAfterHook(Step::Claim);
        const TxOutcome started =
            Coordinator(s, first).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1, QString(400, QLatin1Char('m')), QString()});
        QCOMPARE(started.error.code, ErrorCode::Interrupted);
        QVERIFY(capPages(pageCount())); // the disk is full from here on
        const TxOutcome o = c.resume(started.tx->id, QString());
        last = o.error.code;
        if (!o.ok())
            stuck = started.tx->id;
    }
    QCOMPARE(last, ErrorCode::StoreFull);
    QVERIFY(!stuck.isEmpty());
    const Transaction interrupted = *s.transaction(stuck);
    qInfo("full after %d transfers: %s left %s, %s", transfers, qPrintable(stuck), qPrintable(nameOf(interrupted.state)),
          qPrintable(interrupted.lastError));
    QVERIFY(!isTerminal(interrupted.state));
    // Whatever failed was rolled back: the books still balance, and reads work.
    LEDGER_VERIFY_AUDIT_CLEAN(s);

    QVERIFY(capPages(1'000'000));
    Coordinator recoverer(s, {});
    TxQuery open;
    open.stuckOnly = true;
    for (const Transaction &tx : *s.transactions(open))
        QVERIFY(recoverer.recover(tx, QStringLiteral("disk has room again")).ok());
    QCOMPARE(*s.transactionCount(open), qint64(0));
    QCOMPARE(s.transaction(stuck)->state, TxState::Done); // the transfer the full disk interrupted
    QCOMPARE(heldMarkerCount(s), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(s);
}

void TestSqliteStore::timestampsComeFromTheStoreInUtcMs()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 1000);
    RawSql raw(t.path());
    const QRegularExpression iso(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"));
    for (const char *sql :
         {"SELECT created_at FROM accounts WHERE id='alice'", "SELECT last_modified FROM transactions LIMIT 1",
          "SELECT at FROM legs LIMIT 1", "SELECT at FROM journal LIMIT 1", "SELECT lease_until FROM transactions LIMIT 1"}) {
        const QString value = raw.scalar(QLatin1String(sql)).toString();
        QVERIFY2(iso.match(value).hasMatch(), qPrintable(QLatin1String(sql) + QStringLiteral(" → ") + value));
    }
    auto now = t.store().now();
    QVERIFY(now.ok());
    QCOMPARE(now->timeSpec(), Qt::UTC);
    QVERIFY(qAbs(now->msecsTo(QDateTime::currentDateTimeUtc())) < 60'000);
}

void TestSqliteStore::legOperations_data()
{
    // Each row: a sequence of operations on one (transaction, account) pair, what each call
    // answers ("<status><+ if it wrote | = if a no-op>" or an error code), and the account's
    // balance and pending amounts afterwards. Amount 25 on an account with balance 100.
    QTest::addColumn<LegSide>("side");
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QStringList>("answers");
    QTest::addColumn<qint64>("balance");
    QTest::addColumn<qint64>("pending");
    const struct {
        const char *name;
        QStringList ops;
        QStringList answers;
        qint64 debitBalance, creditBalance, pending;
    } rows[] = {
        {"hold", {"hold"}, {"held+"}, 100, 100, 25},
        {"hold twice", {"hold", "hold"}, {"held+", "held="}, 100, 100, 25},
        {"hold post", {"hold", "post"}, {"held+", "posted+"}, 75, 125, 0},
        {"post twice", {"hold", "post", "post"}, {"held+", "posted+", "posted="}, 75, 125, 0},
        {"hold after post", {"hold", "post", "hold"}, {"held+", "posted+", "posted="}, 75, 125, 0},
        {"hold void", {"hold", "void"}, {"held+", "voided+"}, 100, 100, 0},
        {"void twice", {"hold", "void", "void"}, {"held+", "voided+", "voided="}, 100, 100, 0},
        {"tombstone", {"void"}, {"voided+"}, 100, 100, 0},
        {"late hold hits tombstone", {"void", "hold"}, {"voided+", "voided="}, 100, 100, 0},
        {"post without hold", {"post"}, {"protocol-violation"}, 100, 100, 0},
        {"post after void", {"void", "post"}, {"voided+", "protocol-violation"}, 100, 100, 0},
        {"post after hold void", {"hold", "void", "post"}, {"held+", "voided+", "protocol-violation"}, 100, 100, 0},
        {"void after post", {"hold", "post", "void"}, {"held+", "posted+", "protocol-violation"}, 75, 125, 0},
    };
    for (const auto &r : rows) {
        QTest::addRow("debit: %s", r.name) << LegSide::Debit << r.ops << r.answers << r.debitBalance << r.pending;
        QTest::addRow("credit: %s", r.name) << LegSide::Credit << r.ops << r.answers << r.creditBalance << r.pending;
    }
}

void TestSqliteStore::legOperations()
{
    QFETCH(LegSide, side);
    QFETCH(QStringList, ops);
    QFETCH(QStringList, answers);
    QFETCH(qint64, balance);
    QFETCH(qint64, pending);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 100);
    Store &s = t.store();
    const QString tx = QStringLiteral("tx-under-test");
    const QString alice = QStringLiteral("alice");
    for (int i = 0; i < ops.size(); ++i) {
        Result<LegOutcome> r = ops[i] == QLatin1String("hold") ? s.hold(tx, alice, side, 25)
                             : ops[i] == QLatin1String("post") ? s.post(tx, alice)
                                                               : s.voidLeg(tx, alice, side, 25);
        const QString answer = r.ok() ? nameOf(r->status) + (r->changed ? QLatin1Char('+') : QLatin1Char('=')) : codeWord(r.code());
        QCOMPARE(answer, answers[i]);
    }
    auto a = s.account(alice);
    QCOMPARE(a->balance, balance);
    QCOMPARE(side == LegSide::Debit ? a->pendingDebits : a->pendingCredits, pending);
    QCOMPARE(side == LegSide::Debit ? a->pendingCredits : a->pendingDebits, qint64(0));
    // The marker left behind is the one the last successful answer reported.
    const auto legs = *s.legsOfTransaction(tx);
    QString lastStatus;
    for (const QString &answer : answers) {
        if (answer.endsWith(QLatin1Char('+')) || answer.endsWith(QLatin1Char('=')))
            lastStatus = answer.chopped(1);
    }
    QCOMPARE(legs.size(), lastStatus.isEmpty() ? 0 : 1);
    if (!legs.isEmpty()) {
        QCOMPARE(nameOf(legs.first().status), lastStatus);
        QCOMPARE(legs.first().side, side);
        QCOMPARE(legs.first().amount, qint64(25));
    }
}

void TestSqliteStore::holdRefusalsWriteNothing_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<LegSide>("side");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("insufficient funds") << "" << LegSide::Debit << qint64(101) << ErrorCode::InsufficientFunds;
    QTest::newRow("funds already held") << "held" << LegSide::Debit << qint64(51) << ErrorCode::InsufficientFunds;
    QTest::newRow("frozen debit") << "frozen" << LegSide::Debit << qint64(1) << ErrorCode::AccountFrozen;
    QTest::newRow("frozen credit") << "frozen" << LegSide::Credit << qint64(1) << ErrorCode::AccountFrozen;
    QTest::newRow("closed credit") << "closed" << LegSide::Credit << qint64(1) << ErrorCode::AccountClosed;
    QTest::newRow("unknown account") << "unknown" << LegSide::Credit << qint64(1) << ErrorCode::UnknownAccount;
    QTest::newRow("credit overflow") << "" << LegSide::Credit << std::numeric_limits<qint64>::max() << ErrorCode::AmountOverflow;
}

void TestSqliteStore::holdRefusalsWriteNothing()
{
    QFETCH(QString, setup);
    QFETCH(LegSide, side);
    QFETCH(qint64, amount);
    QFETCH(ErrorCode, code);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice")}, 100);
    QVERIFY(s.createAccount(QStringLiteral("empty"), QString(), QStringLiteral("test")).ok());
    QString account = QStringLiteral("alice");
    if (setup == QLatin1String("held"))
        QVERIFY(s.hold(QStringLiteral("tx-other"), account, LegSide::Debit, 50).ok());
    if (setup == QLatin1String("frozen"))
        QVERIFY(s.setAccountStatus(account, AccountStatus::Frozen, QStringLiteral("test"), QString()).ok());
    if (setup == QLatin1String("closed")) {
        account = QStringLiteral("empty");
        QVERIFY(s.setAccountStatus(account, AccountStatus::Closed, QStringLiteral("test"), QString()).ok());
    }
    if (setup == QLatin1String("unknown"))
        account = QStringLiteral("nobody");
    const auto before = s.account(account);
    auto r = s.hold(QStringLiteral("tx-refused"), account, side, amount);
    QCOMPARE(r.code(), code);
    QVERIFY(!r.error().message.isEmpty());
    QVERIFY(s.legsOfTransaction(QStringLiteral("tx-refused"))->isEmpty());
    if (before.ok())
        QCOMPARE(s.account(account)->version, before->version);
}

void TestSqliteStore::worldMayGoNegativeButNotOverflow()
{
    TempStore t;
    Store &s = t.store();
    QVERIFY(s.createAccount(QStringLiteral("big"), QString(), QStringLiteral("test")).ok());
    constexpr qint64 max = std::numeric_limits<qint64>::max();
    QVERIFY(s.hold(QStringLiteral("tx-1"), ledger::kWorldAccount, LegSide::Debit, max).ok());
    QVERIFY(s.post(QStringLiteral("tx-1"), ledger::kWorldAccount).ok());
    QCOMPARE(s.account(ledger::kWorldAccount)->balance, -max);
    // One more minor unit still fits (INT64_MIN), two do not.
    QVERIFY(s.hold(QStringLiteral("tx-2"), ledger::kWorldAccount, LegSide::Debit, 1).ok());
    QCOMPARE(s.hold(QStringLiteral("tx-3"), ledger::kWorldAccount, LegSide::Debit, 1).code(), ErrorCode::AmountOverflow);
}

void TestSqliteStore::insertFindsExistingByKeyAndId()
{
    TempStore t;
    Store &s = t.store();
    NewTransaction n;
    n.id = QStringLiteral("tx-a");
    n.idempotencyKey = QStringLiteral("key-1");
    n.legs = twoLegs(QStringLiteral("alice"), QStringLiteral("bob"), 10);
    n.actor = QStringLiteral("tester");
    auto first = s.insertTransaction(n);
    QVERIFY(first.ok() && first->inserted);
    QCOMPARE(first->tx.state, TxState::Initial);
    n.id = QStringLiteral("tx-b");
    auto sameKey = s.insertTransaction(n);
    QVERIFY(sameKey.ok() && !sameKey->inserted);
    QCOMPARE(sameKey->tx.id, QStringLiteral("tx-a"));
    n.id = QStringLiteral("tx-a");
    n.idempotencyKey.clear();
    auto sameId = s.insertTransaction(n);
    QVERIFY(sameId.ok() && !sameId->inserted);
    QCOMPARE(sameId->tx.idempotencyKey, QStringLiteral("key-1"));
    QCOMPARE(s.transactionCount({}).value(), qint64(1));
    auto journal = s.journal(DocKind::Transaction, QStringLiteral("tx-a"));
    QCOMPARE(journal->size(), 1);
    QCOMPARE(journal->first().event, QStringLiteral("created"));
    QCOMPARE(journal->first().actor, QStringLiteral("tester"));
    // Two documents without a key are fine (NULL is not a duplicate key).
    n.id = QStringLiteral("tx-c");
    QVERIFY(s.insertTransaction(n)->inserted);
    n.id = QStringLiteral("tx-d");
    QVERIFY(s.insertTransaction(n)->inserted);
}

void TestSqliteStore::compareAndSet()
{
    TempStore t;
    Store &s = t.store();
    NewTransaction n;
    n.id = QStringLiteral("tx-cas");
    n.legs = twoLegs(QStringLiteral("alice"), QStringLiteral("bob"), 10);
    const Transaction initial = s.insertTransaction(n)->tx;

    TxChange claim;
    claim.newState = TxState::Pending;
    claim.claim = true;
    claim.newOwner = QStringLiteral("worker-1");
    claim.leaseMs = 60'000;
    claim.actor = QStringLiteral("tester");
    auto claimed = s.updateTransaction(n.id, TxGuard::of(initial), claim);
    QVERIFY(claimed.ok() && claimed->applied);
    QCOMPARE(claimed->tx.state, TxState::Pending);
    QCOMPARE(claimed->tx.owner, QStringLiteral("worker-1"));
    QCOMPARE(claimed->tx.epoch, qint64(1));
    QCOMPARE(claimed->tx.attempts, 1);
    QVERIFY(claimed->tx.leaseUntil > *s.now());
    QCOMPARE(s.transaction(n.id)->leaseUntil, claimed->tx.leaseUntil);

    // The same guard again matches nothing: someone (we) moved it. Nothing is overwritten.
    claim.newOwner = QStringLiteral("worker-2");
    auto stale = s.updateTransaction(n.id, TxGuard::of(initial), claim);
    QVERIFY(stale.ok() && !stale->applied);
    QCOMPARE(stale->tx.owner, QStringLiteral("worker-1"));
    for (const TxGuard &wrong :
         {TxGuard{TxState::Pending, QStringLiteral("worker-2"), 1}, TxGuard{TxState::Pending, QStringLiteral("worker-1"), 0},
          TxGuard{TxState::Applied, QStringLiteral("worker-1"), 1}}) {
        TxChange advance;
        advance.newState = TxState::Applied;
        QVERIFY(!s.updateTransaction(n.id, wrong, advance)->applied);
    }
    QCOMPARE(s.transaction(n.id)->state, TxState::Pending);

    // A transition the state machine refuses is a bug, reported, not written.
    TxChange skip;
    skip.newState = TxState::Done;
    QCOMPARE(s.updateTransaction(n.id, TxGuard::of(claimed->tx), skip).code(), ErrorCode::Internal);
    QCOMPARE(s.updateTransaction(QStringLiteral("tx-none"), TxGuard::of(claimed->tx), skip).code(), ErrorCode::NotFound);

    TxChange applied;
    applied.newState = TxState::Applied;
    applied.lastError = QStringLiteral("noted");
    auto moved = s.updateTransaction(n.id, TxGuard::of(claimed->tx), applied);
    QVERIFY(moved->applied);
    QCOMPARE(moved->tx.epoch, qint64(1)); // only claims bump the epoch
    QCOMPARE(s.transaction(n.id)->lastError, QStringLiteral("noted"));
    const auto journal = *s.journal(DocKind::Transaction, n.id);
    QCOMPARE(journal.size(), 3); // created, claimed, applied: one row per write
    QCOMPARE(journal[1].event, QStringLiteral("claimed"));
    QCOMPARE(journal[1].worker, QStringLiteral("worker-1"));
    QCOMPARE(journal[2].fromState, QStringLiteral("pending"));
    QCOMPARE(journal[2].toState, QStringLiteral("applied"));
}

void TestSqliteStore::linkCompensation()
{
    TempStore t;
    Store &s = t.store();
    NewTransaction n;
    n.id = QStringLiteral("tx-orig");
    n.legs = twoLegs(QStringLiteral("a"), QStringLiteral("b"), 5);
    QVERIFY(s.insertTransaction(n)->inserted);
    auto link = s.linkCompensation(n.id, QString(), QStringLiteral("tx-orig.rev"), QStringLiteral("op"), QString(), QString());
    QVERIFY(link->applied);
    QCOMPARE(s.transaction(n.id)->compensatedBy, QStringLiteral("tx-orig.rev"));
    // Asking again links once; a different compensation with a stale expectation does not.
    QVERIFY(s.linkCompensation(n.id, QString(), QStringLiteral("tx-orig.rev"), QStringLiteral("op"), QString(), QString())->applied);
    QVERIFY(!s.linkCompensation(n.id, QString(), QStringLiteral("tx-orig.rev2"), QStringLiteral("op"), QString(), QString())->applied);
    QVERIFY(
        s.linkCompensation(n.id, QStringLiteral("tx-orig.rev"), QStringLiteral("tx-orig.rev2"), QStringLiteral("op"), QString(), QString())
            ->applied);
    QCOMPARE(s.journal(DocKind::Transaction, n.id)->size(), 3); // created + two real links
}

void TestSqliteStore::queries()
{
    TempStore t;
    Store &s = t.store();
    const auto insert = [&](const QString &id, const QString &from, const QString &to, qint64 amount) {
        NewTransaction n;
        n.id = id;
        n.legs = twoLegs(from, to, amount);
        return s.insertTransaction(n)->tx;
    };
    const Transaction a = insert(QStringLiteral("tx-a"), QStringLiteral("alice"), QStringLiteral("bob"), 300);
    const Transaction b = insert(QStringLiteral("tx-b"), QStringLiteral("bob"), QStringLiteral("carol"), 100);
    insert(QStringLiteral("tx-c"), QStringLiteral("carol"), QStringLiteral("alice"), 200);
    // tx-a: claimed with a lease that is still running; tx-b: claimed with an expired lease.
    TxChange claim;
    claim.newState = TxState::Pending;
    claim.claim = true;
    claim.newOwner = QStringLiteral("w");
    claim.leaseMs = 600'000;
    QVERIFY(s.updateTransaction(a.id, TxGuard::of(a), claim)->applied);
    claim.leaseMs = 1;
    QVERIFY(s.updateTransaction(b.id, TxGuard::of(b), claim)->applied);
    QTest::qWait(20);

    TxQuery q;
    q.state = TxState::Pending;
    QCOMPARE(s.transactionCount(q).value(), qint64(2));
    q = {};
    q.account = QStringLiteral("alice");
    QCOMPARE(s.transactionCount(q).value(), qint64(2));
    q = {};
    q.text = QStringLiteral("car");
    QCOMPARE(s.transactionCount(q).value(), qint64(2));
    q = {};
    q.sortKey = TxSortKey::Amount;
    q.descending = true;
    QCOMPARE(s.transactions(q)->first().id, QStringLiteral("tx-a"));
    q.limit = 1;
    q.offset = 2;
    QCOMPARE(s.transactions(q)->first().id, QStringLiteral("tx-b"));

    // Stuck: expired lease always; otherwise only once idle longer than the threshold.
    q = {};
    q.stuckOnly = true;
    q.stuckForMs = 3'600'000;
    QStringList ids;
    for (const Transaction &tx : *s.transactions(q))
        ids << tx.id;
    QCOMPARE(ids, QStringList{QStringLiteral("tx-b")});
    q.stuckForMs = 0;
    QCOMPARE(s.transactionCount(q).value(), qint64(3));

    const auto counts = *s.countByState();
    QCOMPARE(counts.value(TxState::Initial), qint64(1));
    QCOMPARE(counts.value(TxState::Pending), qint64(2));
    QCOMPARE(counts.value(TxState::Done), qint64(0));
}

void TestSqliteStore::accountStatus()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice")}, 100);
    QVERIFY(s.createAccount(QStringLiteral("empty"), QString(), QStringLiteral("op")).ok());
    QCOMPARE(s.createAccount(QStringLiteral("empty"), QString(), QStringLiteral("op")).code(), ErrorCode::AccountExists);
    QCOMPARE(s.setAccountStatus(ledger::kWorldAccount, AccountStatus::Frozen, QStringLiteral("op"), QString()).code(),
             ErrorCode::SystemAccount);
    QCOMPARE(s.setAccountStatus(QStringLiteral("nobody"), AccountStatus::Frozen, QStringLiteral("op"), QString()).code(),
             ErrorCode::UnknownAccount);
    QCOMPARE(s.setAccountStatus(QStringLiteral("alice"), AccountStatus::Closed, QStringLiteral("op"), QString()).code(),
             ErrorCode::AccountNotEmpty);
    const qint64 version = s.account(QStringLiteral("alice"))->version;
    QCOMPARE(
        s.setAccountStatus(QStringLiteral("alice"), AccountStatus::Frozen, QStringLiteral("op"), QStringLiteral("fraud check"))->status,
        AccountStatus::Frozen);
    QCOMPARE(s.account(QStringLiteral("alice"))->version, version + 1);
    QVERIFY(s.setAccountStatus(QStringLiteral("alice"), AccountStatus::Frozen, QStringLiteral("op"), QString()).ok()); // no-op
    QCOMPARE(s.account(QStringLiteral("alice"))->version, version + 1);
    QCOMPARE(s.setAccountStatus(QStringLiteral("alice"), AccountStatus::Open, QStringLiteral("op"), QString())->status,
             AccountStatus::Open);
    QVERIFY(s.setAccountStatus(QStringLiteral("empty"), AccountStatus::Closed, QStringLiteral("op"), QString()).ok());
    QCOMPARE(s.setAccountStatus(QStringLiteral("empty"), AccountStatus::Open, QStringLiteral("op"), QString()).code(),
             ErrorCode::AccountClosed);
    const auto journal = *s.journal(DocKind::Account, QStringLiteral("alice"));
    QCOMPARE(journal.size(), 3); // created, frozen, unfrozen
    QCOMPARE(journal[1].event, QStringLiteral("frozen"));
    QCOMPARE(journal[1].detail, QStringLiteral("fraud check"));
    QCOMPARE(journal[1].actor, QStringLiteral("op"));
}

void TestSqliteStore::overviewQueries()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    CoordinatorOptions o;
    o.hook = abandonAfterHook(Step::HoldDebit);
    Coordinator(s, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()});
    o.hook = abandonAfterHook(Step::Insert);
    Coordinator(s, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()});
    // Two transactions in flight, both younger than a minute; the backdated one is two hours old.
    RawSql(t.path()).exec(QStringLiteral("UPDATE transactions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','-2 hours')"
                                         " WHERE state = 'initial'"));
    const auto ages = *s.ageHistogram({60'000, 3'600'000});
    QCOMPARE(ages, (QList<qint64>{1, 0, 1}));
    const auto perMinute = *s.createdPerMinute(10);
    QCOMPARE(perMinute.size(), 10);
    QCOMPARE(perMinute.last(), qint64(3)); // two openings and the pending one, all this minute
    QCOMPARE(std::accumulate(perMinute.cbegin(), perMinute.cend(), qint64(0)), qint64(3));

    JournalQuery actions;
    actions.events = {QStringLiteral("created")};
    const qint64 created = *s.journalCount(actions);
    QCOMPARE(created, qint64(2 + 2 + 2)); // two accounts, two openings, two stuck transfers
    actions.limit = 2;
    const auto newest = *s.journalEntries(actions);
    QCOMPARE(newest.size(), 2);
    QVERIFY(newest[0].seq > newest[1].seq);
    QCOMPARE(newest[0].docKind, DocKind::Transaction);
}

void TestSqliteStore::changeMarkerMovesOnOtherConnectionsCommits()
{
    TempStore t;
    auto watcher = t.openAnother();
    const qint64 before = *watcher->changeMarker();
    QCOMPARE(*watcher->changeMarker(), before); // nothing happened
    openAccounts(t.store(), {QStringLiteral("alice")}, 10);
    QVERIFY(*watcher->changeMarker() != before);
}

void TestSqliteStore::checkpointsRunBesideTheWriters()
{
    // The log is copied back by the file's checkpointer thread, not inside the commit that
    // crosses the threshold (which would hold every writer of this process on the write gate for
    // the checkpoint's syncs); and that thread finishes the job, so that the log starts over
    // from its beginning at the next write instead of growing. Seen from outside: after the
    // thread reports a checkpoint, further writes reuse the log file without making it longer.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.db"));
    SqliteOptions options;
    options.checkpointPages = 64;
    auto store = SqliteStore::create(path, 2, options);
    QVERIFY(store.ok());
    auto account = (*store)->createAccount(QStringLiteral("a"), QString(), QStringLiteral("test"));
    QVERIFY(account.ok());
    const QString wal = path + QStringLiteral("-wal");
    const qint64 frame = 24 + RawSql(path).scalar(QStringLiteral("PRAGMA page_size")).toLongLong();
    qint64 version = account->version;
    const auto write = [&]() {
        auto touched = extrasOf(**store).touchAccountIfVersion(QStringLiteral("a"), version++);
        return touched.ok() && *touched;
    };
    // Past the threshold (64 frames), short of the inline fallback's four times that. (Should the
    // thread restart the log before it reaches 80 frames, its size stops growing: enough too.)
    for (int i = 0; i < 2000 && QFileInfo(wal).size() < 80 * frame; ++i)
        QVERIFY(write());
    QVERIFY2(QFileInfo(wal).size() >= 64 * frame, qPrintable(QString::number(QFileInfo(wal).size())));
    QVERIFY(QFileInfo(wal).size() < 4 * 64 * frame);
    QTRY_VERIFY_WITH_TIMEOUT(SqliteConnection::checkpointsCompleted(path) >= 1, 10'000);
    // A request made by a write just before the log started over may still be running: wait
    // until the thread has been idle a moment, so that nothing copies behind the writes below.
    for (int seen = -1; seen != SqliteConnection::checkpointsCompleted(path);) {
        seen = SqliteConnection::checkpointsCompleted(path);
        QTest::qWait(200);
    }
    const qint64 size = QFileInfo(wal).size();
    for (int i = 0; i < 20; ++i) // a frame or two each: well inside the log file's 64+ frames
        QVERIFY(write());
    QCOMPARE(QFileInfo(wal).size(), size);
    auto read = (*store)->account(QStringLiteral("a"));
    QVERIFY(read.ok());
    QCOMPARE(read->version, version);
    LEDGER_VERIFY_AUDIT_CLEAN(**store);
}

void TestSqliteStore::openingAnotherConnectionKeepsTheLocks()
{
    // Found by the kill soak: opening a second connection read the file's header (and -shm)
    // through descriptors of its own, and closing them dropped every POSIX lock this process held
    // on the file, SQLite's too. Another process closing its last connection then took the log
    // for unused, checkpointed it and deleted it under our open connections: "database disk
    // image is malformed". Now: while this process has the store open, the -wal must survive
    // another process's close.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    std::unique_ptr<Store> second = t.openAnother(); // the open that used to drop the locks
    QVERIFY(second->account(QStringLiteral("alice")).ok());
    std::unique_ptr<Store> third = t.openAnother();
    QVERIFY(QFile::exists(t.path() + QStringLiteral("-wal")));

    const ProcessResult r = runLedgerctl({QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("1")},
                                         storeEnvironment(t.path()));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QFile::exists(t.path() + QStringLiteral("-wal")),
             "another process deleted the write-ahead log while this one had the store open");
    // And every connection here still reads a whole store, with the other process's transfer.
    QCOMPARE(balanceOf(*third, QStringLiteral("bob")), qint64(1100));
    QCOMPARE(balanceOf(*second, QStringLiteral("bob")), qint64(1100));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestSqliteStore::noCommitIsLostWhileCheckpointsRun()
{
    // The WAL-reset bug of SQLite up to 3.51.2 (Debian 12 ships 3.40.1): a checkpoint that
    // starts just as a writer on another connection starts the log over can leave a wrong count
    // in the log's index, and a later checkpoint then skips frames of a committed transaction
    // (tst_interleavings once found a committed insert gone that way). The SQLite built in is
    // 3.54.1, and checkpoints run on the file's checkpointer thread beside the writers again.
    // The race is rare, so this cannot prove it absent; it guards everything around it: writers
    // on four connections here and two more processes with two each, with pauses so that
    // checkpoints often finish the log, and a small threshold so that there are hundreds of
    // them; every account whose creation committed, in any process, must still be there, in a
    // file that passes SQLite's integrity check. LEDGER_CHECKPOINT_WRITES sets the writes per
    // thread (1,500) for longer runs.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lost.db"));
    const int asked = qEnvironmentVariableIntValue("LEDGER_CHECKPOINT_WRITES");
    const int perThread = asked > 0 ? asked : 1500;
    {
        auto created = SqliteStore::create(path, 2, checkpointStressOptions());
        QVERIFY(created.ok());
    }
    // The other processes: this test binary again, as a writer (see main()).
    QList<QProcess *> children;
    for (int p = 0; p < 2; ++p) {
        auto *child = new QProcess(this);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LEDGER_TEST_WRITER"), QStringLiteral("%1|p%2|%3").arg(path).arg(p).arg(perThread));
        child->setProcessEnvironment(env);
        child->start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child->waitForStarted());
        children << child;
    }
    const WriterReport here = writeAccounts(path, QStringLiteral("here"), 4, perThread);
    QStringList committed = here.committed;
    for (QProcess *child : std::as_const(children)) {
        QVERIFY(child->waitForFinished(600'000));
        const QStringList lines = QString::fromUtf8(child->readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(child->exitCode() == 0, qPrintable(QString::fromUtf8(child->readAllStandardError()) + lines.join(QLatin1Char(' '))));
        committed += lines;
    }
    QVERIFY2(here.failure.isEmpty(), qPrintable(here.failure));
    QCOMPARE(committed.size(), 8 * perThread);
    QVERIFY2(SqliteConnection::checkpointsCompleted(path) > 0, "the checkpointer thread never ran");
    auto store = SqliteStore::open(path, checkpointStressOptions());
    QVERIFY(store.ok());
    int lost = 0;
    QString firstLost;
    for (const QString &id : std::as_const(committed)) {
        if (!(*store)->account(id).ok() && lost++ == 0)
            firstLost = id;
    }
    QVERIFY2(lost == 0, qPrintable(QStringLiteral("%1 committed accounts lost, the first %2").arg(lost).arg(firstLost)));
    QCOMPARE(RawSql(path).scalar(QStringLiteral("PRAGMA integrity_check")).toString(), QStringLiteral("ok"));
    LEDGER_VERIFY_AUDIT_CLEAN(**store);
}

// A writer process of noCommitIsLostWhileCheckpointsRun: LEDGER_TEST_WRITER=path|prefix|count.
// Prints the id of every account whose creation committed, one a line; exit 1 on a failure.
int runAsWriter(const QString &spec)
{
    const QStringList parts = spec.split(QLatin1Char('|'));
    const WriterReport report = writeAccounts(parts.value(0), parts.value(1), 2, parts.value(2).toInt());
    QTextStream out(stdout);
    for (const QString &id : report.committed)
        out << id << '\n';
    out.flush();
    if (!report.failure.isEmpty()) {
        QTextStream(stderr) << report.failure << '\n';
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsSet("LEDGER_TEST_WRITER")) {
        QCoreApplication app(argc, argv);
        return runAsWriter(qEnvironmentVariable("LEDGER_TEST_WRITER"));
    }
    QCoreApplication app(argc, argv);
    TestSqliteStore test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sqlitestore.moc"
