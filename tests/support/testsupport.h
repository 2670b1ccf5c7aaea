#pragma once
// Helpers shared by the tests: throwaway stores in temporary directories, funding accounts,
// the invariant check every test may assert, and running the real ledgerctl binary.

#include "protocol/audit.h"
#include "protocol/coordinator.h"
#include "store/postgres/pgstore.h"
#include "store/sqlite/sqliteconnection.h"
#include "store/open/storeconfig.h"

#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

// Column types of the data-driven tests.
Q_DECLARE_METATYPE(ledger::Step)
Q_DECLARE_METATYPE(ledger::TxState)
Q_DECLARE_METATYPE(ledger::LegSide)
Q_DECLARE_METATYPE(ledger::ErrorCode)
Q_DECLARE_METATYPE(ledger::Remark)

namespace ledger {
class DynamoStore;
}

namespace ledger::test {

// The test cluster's store URI template (with {db} for the database name) when the tests run
// against PostgreSQL (the "@pg" tests of ctest: $LEDGER_TEST_PG_CLUSTER names the folder of
// scripts/pg-cluster.sh's cluster, whose files say its socket folder and port), else empty.
QString postgresTestUri();
bool onPostgres();
// The test dynalite's endpoint when the tests run against DynamoDB's API (the "@dynamo" tests:
// $LEDGER_TEST_DYNAMO names its folder), else empty.
QString dynamoTestEndpoint();
bool onDynamo();
// The DynamoDB store under a test (qFatal when it is another), and the name of one of the tables
// at `location` ("accounts", "transactions", ...) as the store names it.
DynamoStore &dynamoOf(Store &store);
QString dynamoTable(const QString &location, const char *name);
// The ids of a listing's rows, in its order.
QStringList idsOf(const QList<Transaction> &list);
QStringList idsOf(const QList<Account> &list);
// Where the test cluster listens: its socket directory and port (its URI is
// postgresql://ledger@/{db}?host=…&port=…).
struct PgSocket {
    QString dir;
    QString port;
};
PgSocket postgresTestSocket();
// Runs scripts/pg-cluster.sh with `args` (servers of a test's own); false, with the script's
// output as a warning, when it fails.
bool runPgCluster(const QStringList &args);
// The folder of the unix socket of the cluster pg-cluster.sh started in `cluster` (a short one of
// its own, not `cluster` itself: a socket's path has at most 107 bytes).
QString pgClusterSocketDir(const QString &cluster);
// Lets the server's user into `dir` (as root, pg-cluster.sh runs the servers as postgres): the
// directory a test keeps its own servers in.
void openToServerUser(const QString &dir);

// A fresh store in its own temporary directory (or, against PostgreSQL, its own database on the
// test cluster), removed at the end of the test.
class TempStore {
public:
    explicit TempStore(int scale = 2);
    // A sharded store of `shards` members: files, or databases against PostgreSQL.
    struct Sharded {
        int shards;
    };
    explicit TempStore(Sharded sharded, int scale = 2);
    ~TempStore();
    TempStore(const TempStore &) = delete;
    TempStore &operator=(const TempStore &) = delete;
    const QString &path() const { return m_config.location; }
    const StoreConfig &config() const { return m_config; }
    QString dir() const { return m_dir.path(); }
    // Where the account `id` and its leg markers live: the store itself, or its shard (for RawSql).
    QString locationOfAccount(const QString &id) const;
    Store &store() { return *m_store; }
    // Another connection to the same file (e.g. for a second thread, opened on that thread).
    std::unique_ptr<Store> openAnother() const;

private:
    QTemporaryDir m_dir;
    StoreConfig m_config;
    std::unique_ptr<Store> m_store;
};

// Creates the accounts, each funded from @world with `balance` minor units.
void openAccounts(Store &store, const QStringList &ids, qint64 balance);

// `request` stopped after `step` (as if its process died there: the hook abandons once), its lease
// running `leaseMs` (1: stuck at once). Its outcome: interrupted, with the document when one was made.
TxOutcome abandonedAfter(Store &store, Step step, const TransferRequest &request, qint64 leaseMs = 1);
// A transfer alice → bob of `amount` so stopped. Its id (empty when no document was made).
QString stuckAfter(Store &store, Step step, qint64 amount, qint64 leaseMs = 1);

// Fails the current test with every finding when the audit is not clean.
#define LEDGER_VERIFY_AUDIT_CLEAN(store) \
    do { \
        const ::ledger::AuditReport report__ = ::ledger::audit(store); \
        QVERIFY2(report__.clean(), qPrintable(::ledger::test::describeFindings(report__))); \
    } while (false)

QString describeFindings(const AuditReport &report);
qint64 balanceOf(Store &store, const QString &account);

// SHA-256 of the store file and of the SQLite files beside it ("absent" when missing), to show
// that a refused command changed nothing. In WAL mode committed changes may sit in -wal; -shm is
// left out by default because readers update their marks in it (add "-shm" where nothing may
// even open the store).
QByteArray storeFingerprint(const QString &store,
                            const QStringList &suffixes = {QString(), QStringLiteral("-wal"), QStringLiteral("-journal")});
// Leg markers still held (-1 when the scan failed).
qint64 heldMarkerCount(Store &store);

// Runs SQL on a store through a connection of its own: another process holding a lock, damage,
// or tampering underneath the store. Use it on the thread that made it. Against PostgreSQL the
// same SQL runs with ? turned into $1, $2, ... (the tables and columns have the same names).
class RawSql {
public:
    explicit RawSql(const QString &path);
    ~RawSql();
    RawSql(const RawSql &) = delete;
    RawSql &operator=(const RawSql &) = delete;
    // Runs one statement with positional binds; false (with a warning) when it fails.
    bool exec(const QString &sql, const QVariantList &binds = {});
    QVariant scalar(const QString &sql, const QVariantList &binds = {});

private:
    std::unique_ptr<SqliteConnection> m_sqlite;
    std::unique_ptr<PgConnection> m_pg;
};

struct ProcessResult {
    int exitCode = -1;
    QString out;
    QString err;
};
// An environment for a ledgerctl run built from nothing, so that neither the user's LEDGERDESK_*,
// LEDGER_CRASH_AFTER, locale nor home and settings leak into it: PATH and the library paths,
// HOME / XDG_CONFIG_HOME / XDG_DATA_HOME under `home`, the store and operator, then `extra`
// ("NAME=value" each, e.g. a locale).
QProcessEnvironment ledgerctlEnvironment(const QString &home, const QString &store, const QString &operatorName,
                                         const QStringList &extra = {});
// This process's environment for a ledgerctl run on `store` (the one clean environment of every
// test that starts ledgerctl): LEDGERDESK_STORE set ("" : unset), and none of the test hooks
// (crash after a step, step delays, the lock kind, busy timeout, a test's own child roles) nor a
// ledger service ($LEDGERDESK_SERVER, $LEDGERDESK_TOKEN) passed on, except what `extra`
// ("NAME=value" each) sets again.
QProcessEnvironment storeEnvironment(const QString &store, const QStringList &extra = {});
// The inode number of the file `path` names now (0 when none): whether a store's -wal is still
// the same file.
quint64 fileInode(const QString &path);

// Runs the real ledgerctl binary with `args` (stdin closed) and waits up to `timeoutMs`.
ProcessResult runLedgerctl(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                           int timeoutMs = 60'000);

} // namespace ledger::test
