// tst_cli: drives the real ledgerctl binary (QProcess, through ledger::test::runLedgerctl) against
// throwaway stores. It checks what scripts rely on: the exit status and the `error: <code>: `
// line of every error code ledgerctl can produce, that refused input leaves the store untouched
// byte for byte, the shapes of the --json output, idempotency and crash recovery through the
// command line, and the help texts.
//
// Every run gets an explicit environment: LEDGERDESK_STORE names the row's own store, and HOME /
// XDG_DATA_HOME point into a temporary directory, so the user's default store can never be
// touched (cleanupTestCase checks that nothing appeared there either).

#include "argparser.h"
#include "ledger/errors.h"
#include "ledgerdsupport.h"
#include "testsupport.h"

#include <QDateTime>
#include <QDir>
#include <algorithm>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include "interchange/csv.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>
#include <set>

using namespace ledger;
using ledger::test::ProcessResult;
using ledger::test::RawSql;

namespace {

// Codes that ledgerctl cannot be made to produce from a test, with the reason. everyCodeCovered
// counts them as covered; every other code needs a row in the errorCodes table.
// Codes no ledgerctl input can reach; each is reached by the library test named here instead.
const QMap<ErrorCode, QString> kNotReachableFromCli = {
    {ErrorCode::Interrupted, QStringLiteral("only an in-process abandon hook returns it (tests, the demo's stuck transactions); "
                                            "ledgerctl's --crash-after and LEDGER_CRASH_AFTER exit with status 86 instead. "
                                            "Reached in tst_coordinator (resumeFinishesFromEveryStop)")},
    {ErrorCode::Internal, QStringLiteral("stands for a bug in LedgerDesk (a refused transition, a command without implementation); "
                                         "no input leads there. Reached in tst_sqlitestore (compareAndSet)")},
    {ErrorCode::StoreFull,
     QStringLiteral("needs a full file system: PRAGMA max_page_count lasts for one connection only and ledgerctl opens its own, "
                    "and an RLIMIT_FSIZE limit makes SQLite report an I/O error (store-error). Reached in "
                    "tst_sqlitestore (fullStoreWritesNothing) through the store's own connection")},
    {ErrorCode::LakeBusy, QStringLiteral("needs a second lake sync holding the lake's lock; reached in tst_lake (oneWriterAtATime)")},
    {ErrorCode::LakeMismatch,
     QStringLiteral("needs a lake written from another store; reached in tst_lake (aLakeOfAnotherStoreIsRefused)")},
    {ErrorCode::AwaitingApproval,
     QStringLiteral("needs a ledgerd with approval rules (four eyes, through --server only); reached in tst_ledgerdapprovals "
                    "(ledgerctlAsksListsAndDecides)")},
    {ErrorCode::ApprovalExpired, QStringLiteral("needs a ledgerd's approval request past its expiry; reached in tst_approvaldesk "
                                                "(anExpiredRequestNeverRuns)")},
    {ErrorCode::ApprovalStale, QStringLiteral("needs a ledgerd's approval request whose transaction moved on; reached in tst_approvaldesk "
                                              "(aStalePreviewIsRefusedWithTheDifference)")},
    {ErrorCode::ApprovalDecided, QStringLiteral("needs a ledgerd's approval request decided by another; reached in tst_ledgerdapprovals "
                                                "(aLargeRepairWaitsForASecondPerson)")},
    {ErrorCode::Unauthorized,
     QStringLiteral("needs a ledgerd that refuses a token; reached in tst_remote (aRevokedTokenIsRefusedAtTheNextCall)")},
    {ErrorCode::Forbidden, QStringLiteral("needs a ledgerd and a token below the role; reached in tst_remote (aReadTokenChangesNothing)")},
    {ErrorCode::ServiceUnavailable,
     QStringLiteral("needs a ledger service that does not answer (waits out the client's retries); reached in tst_remote "
                    "(theClientChecksWhatItSends)")},
    {ErrorCode::Truncated,
     QStringLiteral("needs a ledgerd stopped in the middle of a stream it sends; reached in tst_remotestreams (aCutExportIsSaid)")},
    {ErrorCode::CertificateRefused,
     QStringLiteral("needs a ledgerd serving HTTPS with a certificate of a CA of the test's own; reached in tst_remote "
                    "(httpsIsCheckedAgainstTheCaGiven)")},
    {ErrorCode::Unsupported,
     QStringLiteral("every store of this build has a change feed; it is what Store::finishedAfter answers for a kind of store "
                    "that has none yet. Reached in tst_feed (unsupportedByDefault)")},
    {ErrorCode::ListenFailed, QStringLiteral("needs a port that another program holds while the row runs. Reached in tst_feed "
                                             "(serveRefusesAPortInUse) with the real ledgerctl")},
};

// Through ledgerd (the @remote variant), the commands an operator uses go with --server and a
// token (the others open the store where they run: init, demo, report, serve, errors, help...).
const QSet<QString> kThroughLedgerd = {
    QStringLiteral("list"),          QStringLiteral("show"),           QStringLiteral("accounts"),
    QStringLiteral("balances"),      QStringLiteral("transfer"),       QStringLiteral("account create"),
    QStringLiteral("account show"),  QStringLiteral("account freeze"), QStringLiteral("account unfreeze"),
    QStringLiteral("account close"), QStringLiteral("resume"),         QStringLiteral("cancel"),
    QStringLiteral("compensate"),    QStringLiteral("recover"),        QStringLiteral("claim"),
    QStringLiteral("release"),       QStringLiteral("note"),           QStringLiteral("actions"),
    QStringLiteral("audit"),         QStringLiteral("feed"),
};
// The environment of a process that opens the store itself: its test hooks (a crash after a
// step, a gate between steps, SQLite's busy timeout) act where the store is opened.
const QStringList kHooksOfAStoreOpenedHere = {QStringLiteral("LEDGER_CRASH_AFTER="), QStringLiteral("LEDGER_STEP_GATE="),
                                              QStringLiteral("LEDGERDESK_BUSY_TIMEOUT_MS=")};
// The operators the tests name with --operator: through ledgerd each has a token of that name
// (the journal's actor is the token's); every other run signs in as tst_cli, the environment's.
const QStringList kOperators = {QStringLiteral("tst_cli"), QStringLiteral("ann"), QStringLiteral("bob"), QStringLiteral("cy")};

const QString kTemplateDoneKey = QStringLiteral("paid-once");
const QString kTemplateCanceledKey = QStringLiteral("canceled-by-operator");

// createdAt and friends: ISO 8601, UTC, milliseconds, 'Z'.
const QRegularExpression kTimestamp(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"));

QString describeRun(const QStringList &args, const ProcessResult &r)
{
    QStringList shown;
    for (const QString &a : args)
        shown << QStringLiteral("'%1'").arg(a);
    return QStringLiteral("ledgerctl %1\n   exit status: %2\n   stdout: %3\n   stderr: %4")
        .arg(shown.join(QLatin1Char(' ')))
        .arg(r.exitCode)
        .arg(r.out.trimmed().left(2000), r.err.trimmed().left(2000));
}

// A driver that is alive, whatever the time the test takes: its lease runs until 2999.
bool leaseRunsOn(const QString &store, const QString &txId)
{
    return RawSql(store).exec(QStringLiteral("UPDATE transactions SET lease_until = '2999-01-01T00:00:00.000Z' WHERE id = ?"), {txId});
}

QJsonDocument parseJson(const QString &text, QString *problem)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        *problem =
            QStringLiteral("stdout is not one JSON value (%1 at %2): %3").arg(error.errorString()).arg(error.offset).arg(text.left(500));
    return doc;
}

bool isTimestamp(const QJsonValue &v) { return v.isString() && kTimestamp.match(v.toString()).hasMatch(); }

// A JSON number that is a whole number (counts must not come out as 1.5 or "1").
bool isWholeNumber(const QJsonValue &v) { return v.isDouble() && v.toDouble() == double(v.toInteger()); }

// The rows of a JSON listing whose "id" is `id` (a check of one row needs that row there, once).
QList<QJsonObject> rowsWithId(const QJsonArray &rows, const QString &id)
{
    QList<QJsonObject> found;
    for (const QJsonValue &v : rows) {
        if (v[QLatin1String("id")].toString() == id)
            found << v.toObject();
    }
    return found;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

public:
    // How a row of the errorCodes table prepares its store (always at <work dir>/ledger.db,
    // except ReadOnlyDir).
    enum class Setup {
        Missing,              // no file at all
        Fixture,              // a copy of the template store (see initTestCase)
        MaxBalance,           // a fresh store with account "big" holding the largest amount
        AppliedWithoutCredit, // fixture + a transfer crashed after `applied`, its credit marker deleted (@TX)
        TamperedBalance,      // fixture with alice's balance raised by one minor unit behind the ledger's back
        DroppedTable,         // fixture with the legs table dropped
        TextFile,             // a text file
        EmptyFile,            // an empty file
        OtherSqlite,          // an SQLite database of another application
        Truncated,            // fixture truncated to 1500 bytes
        Garbage,              // fixture with bytes 100..4000 overwritten
        NoSchema,             // fixture with user_version 0 (an interrupted init)
        TooNew,               // fixture with user_version 99
        ReadOnlyFile,         // fixture, mode 0444
        ReadOnlyDir,          // fixture in a directory of mode 0555
        Busy,                 // fixture whose write lock this process holds during the run (see errorCodes)
        ShardAlone,           // a 2-shard store ledger.json made by init --shards; the row opens ledger.shard-1.db
        ShardsSwapped,        // a 2-shard store ledger.json whose two shard files changed places
        InFlight,             // fixture + a transfer keyed in-flight (alice → bob 3.00) whose driver crashed after
                              // its debit hold, its lease running for centuries: someone else's, alive
    };
    Q_ENUM(Setup)

    struct ErrorRow {
        QString name;
        Setup setup;
        QStringList args; // "@TX", "@DONE", "@CANCELED" and "@DIR" are replaced before the run
        int exitStatus;
        QString code;
        // Refused before any write: the store must be byte-for-byte the same afterwards.
        bool untouched;
        QStringList env = {}; // extra NAME=VALUE for this run
    };
    static QList<ErrorRow> errorRows();
    static const std::set<Setup> kStoresNoLedgerdOpens;

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();

    void errorCodes_data();
    void errorCodes();
    void everyCodeCovered();

    void transferAndShowJson();
    void manyLegsAndBalances();
    void accountShowJson();
    void anOpeningOfZeroIsNone();
    void oneBalanceEverywhere();
    void actionsInTimeOrderWithTheirReasons();
    void aForgedOperatorNeverReachesTheJournal();
    void auditJson();
    void recoverJson();
    void listJson();
    void jsonErrors_data();
    void jsonErrors();

    void sameKeyTwice();
    void sameKeyLeavesAnOperatorsClaimAlone();
    void inFlightIsAcceptedNotFinished();
    void recoverPassesOverOthersClaims();
    void compensateTwice();
    void crashThenRecover();

    void helpAndVersion();
    void aGroupAloneNamesItsSubcommands_data();
    void aGroupAloneNamesItsSubcommands();
    void theManPageFollowsTheCommandTable();
    void errorsCommand();
    void everyExitStatusIsDocumented();

private:
    QProcessEnvironment environment(const QString &store, const QStringList &extra = {}) const;
    // ledgerctl on `store`; through ledgerd (@remote), an operator's command goes through the
    // store's ledgerd (served) with --server and its operator's token instead.
    ProcessResult ctl(const QString &store, const QStringList &args, const QStringList &extraEnv = {}) const;
    // ledgerctl on `store` opened where it runs, also through ledgerd (a store no ledgerd can open).
    ProcessResult ctlHere(const QString &store, const QStringList &args, const QStringList &extraEnv = {}) const;
    // Whether `args` go through ledgerd in this run (an operator's command, no --store, no
    // crash or step hook).
    bool goesThroughLedgerd(const QStringList &args, const QStringList &extraEnv) const;
    // The one ledgerd over `store` (started at its first call, stopped at the end of the test
    // function), null when it did not start.
    test::ServedStore *served(const QString &store) const;
    // Its ledgerd started (false when it did not) and the store read through it once: SQLite makes
    // the -wal file at a connection's first read, which is no write of the command a row runs next.
    bool readThroughLedgerd(const QString &store);
    // @remote: the one copy of the fixture the errorCodes rows that write nothing share.
    void sharedFixture(QString *store);
    void copyFixture(const QString &to);
    void prepare(Setup setup, QString *store, QString *txId);
    // The id of the only transaction in `state` (a helper for crashed runs, whose output is cut).
    void onlyTransactionIn(const QString &store, const QString &state, QString *id);
    void jsonOf(const QString &store, const QStringList &args, QJsonDocument *doc);

    QTemporaryDir m_home;     // HOME and XDG_DATA_HOME of every run
    QTemporaryDir m_template; // the template store every Fixture copies
    QString m_fixture;
    QString m_doneId;                      // alice → bob 1.00, done, key kTemplateDoneKey
    QString m_canceledId;                  // alice → bob 2.00, canceled by an operator, key kTemplateCanceledKey
    std::unique_ptr<QTemporaryDir> m_work; // per test function / data row
    QStringList m_restoreWritable;         // paths made read-only by a row
    mutable std::map<QString, std::unique_ptr<test::ServedStore>> m_served; // @remote: each store's ledgerd
    std::unique_ptr<QTemporaryDir> m_shared;                                // @remote: sharedFixture()'s folder
    QSet<QString> m_read;                                                   // @remote: stores readThroughLedgerd() read
};

// The errorCodes table: one row per scenario; every code of errors.h must appear at least once
// (or be in kNotReachableFromCli). Template accounts: alice 100.00 → 99.00 after the done
// transfer, bob 1.00, carol 5.00 frozen, dave closed.
QList<TestCli::ErrorRow> TestCli::errorRows()
{
    using S = Setup;
    const QString tooLongId(65, QLatin1Char('a'));
    return {
        // The grammar (argparser.cpp).
        {"usage: no command at all", S::Fixture, {}, 2, "usage", true},
        {"usage: a flag given a value", S::Fixture, {"accounts", "--json=yes"}, 2, "usage", true},
        {"unknown-command", S::Fixture, {"frobnicate"}, 2, "unknown-command", true},
        {"unknown-command: account subcommand", S::Fixture, {"account", "rename", "alice"}, 2, "unknown-command", true},
        {"unknown-command: help nosuch", S::Fixture, {"help", "nosuch"}, 2, "unknown-command", true},
        {"unknown-option: of the command", S::Fixture, {"list", "--bogus"}, 2, "unknown-option", true},
        {"unknown-option: before the command", S::Fixture, {"--bogus", "list"}, 2, "unknown-option", true},
        {"unknown-option: single dash", S::Fixture, {"-x", "list"}, 2, "unknown-option", true},
        {"missing-argument: transfer with 2 args", S::Fixture, {"transfer", "alice", "bob"}, 2, "missing-argument", true},
        {"missing-argument: --store without value", S::Fixture, {"accounts", "--store"}, 2, "missing-argument", true},
        {"missing-argument: account without subcommand", S::Fixture, {"account"}, 2, "missing-argument", true},
        {"unexpected-argument: list extra", S::Fixture, {"list", "extra"}, 2, "unexpected-argument", true},
        {"unexpected-argument: transfer 4 args", S::Fixture, {"transfer", "alice", "bob", "1.00", "2.00"}, 2, "unexpected-argument", true},
        {"unexpected-argument: positionals and --from",
         S::Fixture,
         {"transfer", "alice", "bob", "1.00", "--from", "alice:1.00", "--to", "bob:1.00"},
         2,
         "unexpected-argument",
         true},

        // A location of a scheme LedgerDesk does not know is refused, never taken for a file name.
        {"invalid-location: https", S::Fixture, {"--store", "https://example/x.db", "init"}, 2, "invalid-location", true},
        // A ledger service is named by https://HOST:PORT, or http:// to this machine only.
        {"invalid-location: --server http off loopback",
         S::Fixture,
         {"--server", "http://192.0.2.1:8080", "balances"},
         2,
         "invalid-location",
         true},
        {"usage: --store and --server",
         S::Fixture,
         {"--server", "http://127.0.0.1:1", "--store", "@DIR/x.db", "balances"},
         2,
         "usage",
         true},
        {"usage: --token-file without --server", S::Fixture, {"--token-file", "@DIR/t", "balances"}, 2, "usage", true},

        // Transactions over several accounts (--from/--to): refused before anything is written.
        {"invalid-amount: legs do not balance",
         S::Fixture,
         {"transfer", "--from", "alice:1.00", "--to", "bob:0.50"},
         2,
         "invalid-amount",
         true},
        {"invalid-amount: a leg of zero",
         S::Fixture,
         {"transfer", "--from", "alice:1.00", "--to", "bob:1.00", "--to", "erin:0"},
         2,
         "invalid-amount",
         true},
        {"invalid-amount: only credits", S::Fixture, {"transfer", "--to", "alice:1.00", "--to", "bob:1.00"}, 2, "invalid-amount", true},
        {"invalid-argument: --from without an amount",
         S::Fixture,
         {"transfer", "--from", "alice", "--to", "bob:1.00"},
         2,
         "invalid-argument",
         true},
        {"invalid-argument: one leg", S::Fixture, {"transfer", "--from", "alice:1.00"}, 2, "invalid-argument", true},
        {"invalid-account-id: a leg's account",
         S::Fixture,
         {"transfer", "--from", "al ice:1.00", "--to", "bob:1.00"},
         2,
         "invalid-account-id",
         true},
        {"same-account: two legs on bob",
         S::Fixture,
         {"transfer", "--from", "alice:2.00", "--to", "bob:1.00", "--to", "bob:1.00"},
         2,
         "same-account",
         true},
        {"unknown-account: a credit leg",
         S::Fixture,
         {"transfer", "--from", "alice:1.00", "--to", "bob:0.50", "--to", "zed:0.50"},
         1,
         "unknown-account",
         true},
        {"account-frozen: a credit leg",
         S::Fixture,
         {"transfer", "--from", "alice:1.00", "--to", "bob:0.50", "--to", "carol:0.50"},
         1,
         "account-frozen",
         false},
        {"invalid-step: hold-credit:0",
         S::Fixture,
         {"--crash-after", "hold-credit:0", "transfer", "alice", "bob", "1.00"},
         2,
         "invalid-step",
         true},
        {"invalid-step: hold-credit:17",
         S::Fixture,
         {"--crash-after", "hold-credit:17", "transfer", "alice", "bob", "1.00"},
         2,
         "invalid-step",
         true},

        // Option values.
        {"invalid-argument: --limit abc", S::Fixture, {"list", "--limit", "abc"}, 2, "invalid-argument", true},
        {"invalid-argument: --limit 0", S::Fixture, {"list", "--limit", "0"}, 2, "invalid-argument", true},
        {"invalid-argument: --limit +5", S::Fixture, {"accounts", "--limit", "+5"}, 2, "invalid-argument", true},
        {"invalid-argument: --threads 65", S::Fixture, {"recover", "--threads", "65"}, 2, "invalid-argument", true},
        {"invalid-argument: empty --store", S::Fixture, {"--store", "", "accounts"}, 2, "invalid-argument", true},
        {"invalid-argument: bad LEDGERDESK_BUSY_TIMEOUT_MS",
         S::Fixture,
         {"accounts"},
         2,
         "invalid-argument",
         true,
         {"LEDGERDESK_BUSY_TIMEOUT_MS=soon"}},
        {"invalid-duration: --stuck-for 5x", S::Fixture, {"list", "--stuck-for", "5x"}, 2, "invalid-duration", true},
        {"invalid-duration: --older-than 1.5h", S::Fixture, {"recover", "--older-than", "1.5h"}, 2, "invalid-duration", true},
        {"invalid-duration: --older-than empty", S::Fixture, {"recover", "--older-than", ""}, 2, "invalid-duration", true},
        {"invalid-cursor: not digits", S::Fixture, {"feed", "--since", "x"}, 2, "invalid-cursor", true},
        {"invalid-cursor: two positions on one file", S::Fixture, {"feed", "--since", "1,2"}, 2, "invalid-cursor", true},
        {"invalid-cursor: negative", S::Fixture, {"feed", "--since", "-1"}, 2, "invalid-cursor", true},
        {"invalid-location: a lake of an unknown scheme", S::Fixture, {"lake", "sync", "--to", "gs://b/p"}, 2, "invalid-location", true},
        {"missing-argument: lake sync without --to", S::Fixture, {"lake", "sync"}, 2, "missing-argument", true},
        {"invalid-argument: lake --max-file-size",
         S::Fixture,
         {"lake", "sync", "--to", "@DIR/lake", "--max-file-size", "1.5MB"},
         2,
         "invalid-argument",
         true},
        {"lake-unavailable: a lake whose parent folder is missing",
         S::Fixture,
         {"lake", "sync", "--to", "@DIR/missing/lake"},
         3,
         "lake-unavailable",
         true},
        {"lake-unavailable: status of no lake", S::Fixture, {"lake", "status", "--to", "@DIR/no-lake"}, 3, "lake-unavailable", true},
        {"invalid-argument: --ws not loopback", S::Fixture, {"serve", "--ws", "10.1.2.3:8765"}, 2, "invalid-argument", true},
        {"invalid-argument: --ws without port", S::Fixture, {"serve", "--ws", "127.0.0.1"}, 2, "invalid-argument", true},
        {"invalid-argument: --ws port too big", S::Fixture, {"serve", "--ws", "127.0.0.1:70000"}, 2, "invalid-argument", true},
        {"missing-argument: serve without --ws", S::Fixture, {"serve"}, 2, "missing-argument", true},
        {"invalid-argument: actions --kind", S::Fixture, {"actions", "--kind", "everything"}, 2, "invalid-argument", true},
        {"usage: --json with --csv", S::Fixture, {"list", "--json", "--csv"}, 2, "usage", true},
        {"usage: --all with --limit", S::Fixture, {"list", "--all", "--limit", "5"}, 2, "usage", true},
        {"output-failed: report into a missing directory",
         S::Fixture,
         {"report", "@DONE", "--out", "@DIR/missing/report.html"},
         3,
         "output-failed",
         true},
        {"invalid-scale: 19", S::Missing, {"init", "--scale", "19"}, 2, "invalid-scale", true},
        {"invalid-scale: abc", S::Missing, {"init", "--scale", "abc"}, 2, "invalid-scale", true},
        {"invalid-scale: -1", S::Missing, {"init", "--scale", "-1"}, 2, "invalid-scale", true},
        // A misspelt crash step must stop the command before it moves money.
        {"invalid-step: --crash-after bogus",
         S::Fixture,
         {"--crash-after", "bogus", "transfer", "alice", "bob", "1.00"},
         2,
         "invalid-step",
         true},
        {"invalid-step: LEDGER_CRASH_AFTER",
         S::Fixture,
         {"transfer", "alice", "bob", "1.00"},
         2,
         "invalid-step",
         true,
         {"LEDGER_CRASH_AFTER=halfway"}},
        {"invalid-argument: LEDGER_STEP_GATE",
         S::Fixture,
         {"transfer", "alice", "bob", "1.00"},
         2,
         "invalid-argument",
         true,
         {"LEDGER_STEP_GATE=/no/such/folder"}},
        {"unknown-state: cancelled", S::Fixture, {"list", "--state", "cancelled"}, 2, "unknown-state", true},

        // Accepted, not finished: a retry of the key while its driver's lease runs writes nothing.
        {"not-finished: a retry while another worker drives it",
         S::InFlight,
         {"transfer", "alice", "bob", "3.00", "--key", "in-flight"},
         4,
         "not-finished",
         true},

        // Amounts (money::parse), always refused before anything is written.
        {"invalid-amount: 0", S::Fixture, {"transfer", "alice", "bob", "0"}, 2, "invalid-amount", true},
        {"invalid-amount: 0.00", S::Fixture, {"transfer", "alice", "bob", "0.00"}, 2, "invalid-amount", true},
        {"invalid-amount: -1", S::Fixture, {"transfer", "alice", "bob", "-1"}, 2, "invalid-amount", true},
        {"invalid-amount: 1e3", S::Fixture, {"transfer", "alice", "bob", "1e3"}, 2, "invalid-amount", true},
        {"invalid-amount: 1,000", S::Fixture, {"transfer", "alice", "bob", "1,000"}, 2, "invalid-amount", true},
        {"invalid-amount: 0.001", S::Fixture, {"transfer", "alice", "bob", "0.001"}, 2, "invalid-amount", true},
        {"invalid-amount: fullwidth 9", S::Fixture, {"transfer", "alice", "bob", QStringLiteral("\uFF19")}, 2, "invalid-amount", true},
        {"invalid-amount: arabic-indic digits",
         S::Fixture,
         {"transfer", "alice", "bob", QStringLiteral("\u0661\u0662")},
         2,
         "invalid-amount",
         true},
        {"invalid-amount: leading space", S::Fixture, {"transfer", "alice", "bob", " 5"}, 2, "invalid-amount", true},
        {"invalid-amount: trailing space", S::Fixture, {"transfer", "alice", "bob", "5 "}, 2, "invalid-amount", true},
        {"invalid-amount: NaN", S::Fixture, {"transfer", "alice", "bob", "NaN"}, 2, "invalid-amount", true},
        {"invalid-amount: .5", S::Fixture, {"transfer", "alice", "bob", ".5"}, 2, "invalid-amount", true},
        {"invalid-amount: 5.", S::Fixture, {"transfer", "alice", "bob", "5."}, 2, "invalid-amount", true},
        {"invalid-amount: one past INT64_MAX", S::Fixture, {"transfer", "alice", "bob", "92233720368547758.08"}, 2, "invalid-amount", true},
        {"invalid-amount: empty", S::Fixture, {"transfer", "alice", "bob", ""}, 2, "invalid-amount", true},
        {"invalid-amount: --opening abc", S::Fixture, {"account", "create", "erin", "--opening", "abc"}, 2, "invalid-amount", true},
        {"invalid-amount: 20 digits", S::Fixture, {"transfer", "alice", "bob", "99999999999999999999"}, 2, "invalid-amount", true},
        {"invalid-amount: plus sign", S::Fixture, {"transfer", "alice", "bob", "+5"}, 2, "invalid-amount", true},
        {"invalid-amount: hex", S::Fixture, {"transfer", "alice", "bob", "0x10"}, 2, "invalid-amount", true},
        {"invalid-amount: Infinity", S::Fixture, {"transfer", "alice", "bob", "Infinity"}, 2, "invalid-amount", true},
        {"invalid-amount: --opening past int64",
         S::Fixture,
         {"account", "create", "erin", "--opening", "92233720368547758.08"},
         2,
         "invalid-amount",
         true},
        {"invalid-argument: --limit past int64", S::Fixture, {"list", "--limit", "99999999999999999999"}, 2, "invalid-argument", true},
        {"invalid-argument: --threads past int64",
         S::Fixture,
         {"recover", "--threads", "99999999999999999999"},
         2,
         "invalid-argument",
         true},
        {"invalid-argument: demo --transfers -1", S::Fixture, {"demo", "--transfers", "-1"}, 2, "invalid-argument", true},
        {"invalid-scale: past int64", S::Missing, {"init", "--scale", "99999999999999999999"}, 2, "invalid-scale", true},
        {"invalid-duration: 10y", S::Fixture, {"list", "--stuck-for", "10y"}, 2, "invalid-duration", true},
        {"invalid-duration: negative", S::Fixture, {"recover", "--older-than", "-5m"}, 2, "invalid-duration", true},
        {"invalid-duration: past 100 years", S::Fixture, {"recover", "--older-than", "99999999999d"}, 2, "invalid-duration", true},
        {"unknown-state: empty", S::Fixture, {"list", "--state", ""}, 2, "unknown-state", true},
        {"unknown-state: stuck", S::Fixture, {"list", "--state", "stuck"}, 2, "unknown-state", true},
        {"missing-argument: show", S::Fixture, {"show"}, 2, "missing-argument", true},
        {"missing-argument: cancel", S::Fixture, {"cancel"}, 2, "missing-argument", true},
        {"missing-argument: account create", S::Fixture, {"account", "create"}, 2, "missing-argument", true},
        {"missing-argument: --key without value", S::Fixture, {"transfer", "alice", "bob", "1.00", "--key"}, 2, "missing-argument", true},
        {"unknown-option: --JSON", S::Fixture, {"accounts", "--JSON"}, 2, "unknown-option", true},
        {"unknown-option: of another command", S::Fixture, {"audit", "--key", "k"}, 2, "unknown-option", true},

        // Identifiers and texts.
        {"invalid-account-id: empty", S::Fixture, {"transfer", "", "bob", "1.00"}, 2, "invalid-account-id", true},
        {"invalid-account-id: 65 chars", S::Fixture, {"transfer", "alice", tooLongId, "1.00"}, 2, "invalid-account-id", true},
        {"invalid-account-id: space", S::Fixture, {"transfer", "a b", "bob", "1.00"}, 2, "invalid-account-id", true},
        {"invalid-account-id: tab", S::Fixture, {"account", "show", "a\tb"}, 2, "invalid-account-id", true},
        {"invalid-account-id: SQL injection",
         S::Fixture,
         {"account", "create", "x';DROP TABLE accounts;--"},
         2,
         "invalid-account-id",
         true},
        {"invalid-account-id: list --account", S::Fixture, {"list", "--account", "a/b"}, 2, "invalid-account-id", true},
        {"invalid-account-id: SQL quote in transfer",
         S::Fixture,
         {"transfer", "alice' OR '1'='1", "bob", "1.00"},
         2,
         "invalid-account-id",
         true},
        {"invalid-account-id: control character", S::Fixture, {"transfer", "alice", "bo\x01b", "1.00"}, 2, "invalid-account-id", true},
        {"invalid-account-id: newline", S::Fixture, {"account", "freeze", "bob\n"}, 2, "invalid-account-id", true},
        {"invalid-account-id: non-ASCII letter",
         S::Fixture,
         {"transfer", QStringLiteral("\u00e9lise"), "bob", "1.00"},
         2,
         "invalid-account-id",
         true},
        {"invalid-account-id: right-to-left mark",
         S::Fixture,
         {"transfer", QStringLiteral("ali\u200fce"), "bob", "1.00"},
         2,
         "invalid-account-id",
         true},
        {"invalid-tx-id: SQL comment", S::Fixture, {"show", "tx-1;--"}, 2, "invalid-tx-id", true},
        {"invalid-tx-id: space", S::Fixture, {"show", "a b"}, 2, "invalid-tx-id", true},
        {"invalid-tx-id: empty", S::Fixture, {"cancel", ""}, 2, "invalid-tx-id", true},
        {"invalid-tx-id: 97 chars", S::Fixture, {"resume", QString(97, QLatin1Char('t'))}, 2, "invalid-tx-id", true},
        {"invalid-key: space", S::Fixture, {"transfer", "alice", "bob", "1.00", "--key", "a b"}, 2, "invalid-key", true},
        {"invalid-key: explicitly empty", S::Fixture, {"transfer", "alice", "bob", "1.00", "--key", ""}, 2, "invalid-key", true},
        {"invalid-key: not ASCII",
         S::Fixture,
         {"transfer", "alice", "bob", "1.00", "--key", QStringLiteral("cl\u00e9")},
         2,
         "invalid-key",
         true},
        {"invalid-key: 129 chars",
         S::Fixture,
         {"transfer", "alice", "bob", "1.00", "--key", QString(129, QLatin1Char('k'))},
         2,
         "invalid-key",
         true},
        {"invalid-text: memo with BEL", S::Fixture, {"transfer", "alice", "bob", "1.00", "--memo", "x\x07"}, 2, "invalid-text", true},
        {"invalid-text: memo of 501 chars",
         S::Fixture,
         {"transfer", "alice", "bob", "1.00", "--memo", QString(501, QLatin1Char('m'))},
         2,
         "invalid-text",
         true},
        // An explicitly empty --operator falls back to the environment, so use a control character.
        {"invalid-text: operator with SOH", S::Fixture, {"--operator", "ops\x01", "accounts"}, 2, "invalid-text", true},
        {"invalid-text: account name with newline",
         S::Fixture,
         {"account", "create", "erin", "--name", "Erin\nMallory"},
         2,
         "invalid-text",
         true},
        {"invalid-text: reason with ESC", S::Fixture, {"cancel", "@CANCELED", "--reason", "\x1b[31m"}, 2, "invalid-text", true},
        {"same-account", S::Fixture, {"transfer", "alice", "alice", "1.00"}, 2, "same-account", true},
        {"same-account: @world", S::Fixture, {"transfer", "@world", "@world", "1.00"}, 2, "same-account", true},

        // Rules of the ledger.
        {"unknown-account: transfer", S::Fixture, {"transfer", "alice", "zed", "1.00"}, 1, "unknown-account", true},
        {"unknown-account: account show", S::Fixture, {"account", "show", "zed"}, 1, "unknown-account", true},
        {"unknown-account: account freeze", S::Fixture, {"account", "freeze", "zed"}, 1, "unknown-account", true},
        {"account-exists", S::Fixture, {"account", "create", "alice"}, 1, "account-exists", true},
        // Frozen and closed accounts are refused by the holds: the canceled document is written.
        {"account-frozen: source", S::Fixture, {"transfer", "carol", "bob", "1.00"}, 1, "account-frozen", false},
        {"account-frozen: destination", S::Fixture, {"transfer", "alice", "carol", "1.00"}, 1, "account-frozen", false},
        {"account-closed: transfer", S::Fixture, {"transfer", "alice", "dave", "1.00"}, 1, "account-closed", false},
        {"account-closed: freeze", S::Fixture, {"account", "freeze", "dave"}, 1, "account-closed", true},
        {"account-not-empty", S::Fixture, {"account", "close", "alice"}, 1, "account-not-empty", true},
        {"system-account: freeze @world", S::Fixture, {"account", "freeze", "@world"}, 1, "system-account", true},
        {"system-account: close @world", S::Fixture, {"account", "close", "@world"}, 1, "system-account", true},
        {"system-account: create @world", S::Fixture, {"account", "create", "@world"}, 1, "system-account", true},
        {"insufficient-funds", S::Fixture, {"transfer", "alice", "bob", "1000.00"}, 1, "insufficient-funds", false},
        {"amount-overflow", S::MaxBalance, {"transfer", "@world", "big", "0.01"}, 1, "amount-overflow", false},
        {"key-conflict", S::Fixture, {"transfer", "alice", "bob", "9.99", "--key", kTemplateDoneKey}, 1, "key-conflict", true},
        {"not-found: show", S::Fixture, {"show", "tx-nonexistent"}, 1, "not-found", true},
        {"not-found: cancel", S::Fixture, {"cancel", "tx-nonexistent"}, 1, "not-found", true},
        {"not-found: compensate", S::Fixture, {"compensate", "tx-nonexistent"}, 1, "not-found", true},
        {"invalid-state: cancel done", S::Fixture, {"cancel", "@DONE"}, 1, "invalid-state", true},
        {"invalid-state: resume done", S::Fixture, {"resume", "@DONE"}, 1, "invalid-state", true},
        {"invalid-state: compensate canceled", S::Fixture, {"compensate", "@CANCELED"}, 1, "invalid-state", true},
        {"invalid-state: claim a finished one", S::Fixture, {"claim", "@DONE"}, 1, "invalid-state", true},
        {"invalid-state: release what nobody claimed", S::Fixture, {"release", "@CANCELED"}, 1, "invalid-state", true},
        {"not-found: claim", S::Fixture, {"claim", "tx-nonexistent"}, 1, "not-found", true},
        {"invalid-text: empty note", S::Fixture, {"note", "@DONE", " "}, 2, "invalid-text", true},
        {"invalid-text: claim note with BEL", S::Fixture, {"claim", "@DONE", "--note", "x\x07"}, 2, "invalid-text", true},
        {"missing-argument: note without text", S::Fixture, {"note", "@DONE"}, 2, "missing-argument", true},
        // Resubmitting a request an operator canceled: "someone else moved it first".
        {"conflict: retry of an operator-canceled request",
         S::Fixture,
         {"transfer", "alice", "bob", "2.00", "--key", kTemplateCanceledKey},
         1,
         "conflict",
         true},
        {"protocol-violation: credit marker deleted", S::AppliedWithoutCredit, {"resume", "@TX"}, 1, "protocol-violation", false},
        {"audit-findings: balance tampered", S::TamperedBalance, {"audit"}, 1, "audit-findings", true},

        // The store.
        {"store-exists: init twice", S::Fixture, {"init"}, 1, "store-exists", true},
        {"store-unavailable: --store to a missing file",
         S::Fixture,
         {"--store", "@DIR/missing.db", "accounts"},
         3,
         "store-unavailable",
         true},
        {"store-unavailable: LEDGERDESK_STORE missing", S::Missing, {"accounts"}, 3, "store-unavailable", true},
        // Bad input is bad input whether or not the store is there: checked before opening it.
        {"invalid-amount: checked before the store is opened", S::Missing, {"transfer", "a", "b", "-5"}, 2, "invalid-amount", true},
        {"invalid-amount: --opening checked before the store",
         S::Missing,
         {"account", "create", "x", "--opening", "1e3"},
         2,
         "invalid-amount",
         true},
        {"store-unavailable: a directory", S::Fixture, {"--store", "@DIR", "accounts"}, 3, "store-unavailable", true},
        {"store-not-ledger: text file", S::TextFile, {"accounts"}, 3, "store-not-ledger", true},
        {"store-not-ledger: empty file", S::EmptyFile, {"accounts"}, 3, "store-not-ledger", true},
        {"store-not-ledger: another app's SQLite", S::OtherSqlite, {"transfer", "alice", "bob", "1.00"}, 3, "store-not-ledger", true},
        {"store-corrupt: truncated", S::Truncated, {"accounts"}, 3, "store-corrupt", true},
        {"store-corrupt: garbage", S::Garbage, {"accounts"}, 3, "store-corrupt", true},
        {"store-corrupt: no schema", S::NoSchema, {"accounts"}, 3, "store-corrupt", true},
        {"store-too-new", S::TooNew, {"accounts"}, 3, "store-too-new", true},
        {"store-read-only: file 0444", S::ReadOnlyFile, {"account", "create", "erin"}, 3, "store-read-only", true},
        {"store-read-only: directory 0555", S::ReadOnlyDir, {"account", "create", "erin"}, 3, "store-read-only", true},
        {"store-busy", S::Busy, {"account", "create", "erin"}, 3, "store-busy", true, {"LEDGERDESK_BUSY_TIMEOUT_MS=200"}},
        {"store-error: table dropped", S::DroppedTable, {"audit"}, 3, "store-error", true},
        {"store-is-shard: one shard of a sharded store", S::ShardAlone, {"accounts"}, 3, "store-is-shard", true},
        {"topology-mismatch: shard files swapped", S::ShardsSwapped, {"transfer", "alice", "bob", "1.00"}, 3, "topology-mismatch", true},
        {"store-exists: init --shards over a sharded store", S::ShardsSwapped, {"init", "--shards", "2"}, 1, "store-exists", true},
        {"invalid-argument: init --shards without .json", S::Missing, {"init", "--shards", "2"}, 2, "invalid-argument", true},
        {"invalid-argument: init --shards 0", S::Missing, {"init", "--shards", "0"}, 2, "invalid-argument", true},
        {"invalid-argument: init of a .json store without --shards",
         S::Fixture,
         {"--store", "@DIR/new.json", "init"},
         2,
         "invalid-argument",
         true},
    };
}

QProcessEnvironment TestCli::environment(const QString &store, const QStringList &extra) const
{
    return ledger::test::ledgerctlEnvironment(m_home.path(), store, QStringLiteral("tst_cli"),
                                              QStringList{QStringLiteral("LC_ALL=C.UTF-8")} + extra);
}

ProcessResult TestCli::ctlHere(const QString &store, const QStringList &args, const QStringList &extraEnv) const
{
    return ledger::test::runLedgerctl(args, environment(store, extraEnv));
}

bool TestCli::goesThroughLedgerd(const QStringList &args, const QStringList &extraEnv) const
{
    if (!test::throughLedgerd())
        return false;
    const auto parsed = cli::parseArguments(args);
    if (!parsed.ok()) // refused by the grammar, before any store or server
        return false;
    for (const QString &hook : kHooksOfAStoreOpenedHere)
        if (std::any_of(extraEnv.begin(), extraEnv.end(), [&](const QString &kv) { return kv.startsWith(hook); }))
            return false;
    // --token-file and --ca without --server: the run is about that mistake.
    for (const char *option : {"store", "server", "crash-after", "token-file", "ca"})
        if (parsed->has(QLatin1String(option)))
            return false;
    return kThroughLedgerd.contains(parsed->command) && !parsed->help;
}

test::ServedStore *TestCli::served(const QString &store) const
{
    auto it = m_served.find(store);
    if (it == m_served.end())
        it = m_served.emplace(store, std::make_unique<test::ServedStore>(store)).first;
    return it->second->url().isEmpty() ? nullptr : it->second.get();
}

bool TestCli::readThroughLedgerd(const QString &store)
{
    if (m_served.count(store) && m_read.contains(store))
        return true;
    // Refused or not (a damaged store), it was read.
    const ProcessResult read = ctl(store, {"balances"});
    m_read.insert(store);
    if (!served(store))
        qWarning("%s", qPrintable(describeRun({"balances"}, read)));
    return served(store) != nullptr;
}

void TestCli::sharedFixture(QString *store)
{
    if (!m_shared) {
        m_shared = std::make_unique<QTemporaryDir>();
        QVERIFY(m_shared->isValid());
        copyFixture(m_shared->filePath(QStringLiteral("ledger.db")));
    }
    *store = m_shared->filePath(QStringLiteral("ledger.db"));
}

ProcessResult TestCli::ctl(const QString &store, const QStringList &args, const QStringList &extraEnv) const
{
    if (!goesThroughLedgerd(args, extraEnv))
        return ctlHere(store, args, extraEnv);
    test::ServedStore *ledgerd = served(store);
    if (!ledgerd)
        return {-1, QString(), QStringLiteral("no ledgerd over %1: %2").arg(store, m_served.at(store)->errors())};
    const QString named = cli::parseArguments(args)->value(QStringLiteral("operator"));
    const QString token = test::operatorTokenFile(kOperators.contains(named) ? named : kOperators.first());
    return ledger::test::runLedgerctl(QStringList{QStringLiteral("--server"), ledgerd->url(), QStringLiteral("--token-file"), token} + args,
                                      environment(store, extraEnv));
}

#define EXPECT_STATUS(result, args, status) QVERIFY2((result).exitCode == (status), qPrintable(describeRun((args), (result))))

// Runs ledgerctl and fails the test unless it exits with `status`.
#define RUN_EXPECTING(var, store, status, ...) \
    const QStringList var##Args = __VA_ARGS__; \
    const ProcessResult var = ctl((store), var##Args); \
    EXPECT_STATUS(var, var##Args, status)

void TestCli::jsonOf(const QString &store, const QStringList &args, QJsonDocument *doc)
{
    const ProcessResult r = ctl(store, args);
    EXPECT_STATUS(r, args, 0);
    QString problem;
    *doc = parseJson(r.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestCli::onlyTransactionIn(const QString &store, const QString &state, QString *id)
{
    QJsonDocument doc;
    jsonOf(store, {"list", "--state", state, "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isArray());
    QCOMPARE(doc.array().size(), 1);
    *id = doc.array().at(0).toObject().value(QStringLiteral("id")).toString();
    QVERIFY(!id->isEmpty());
}

void TestCli::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(LEDGERCTL_PATH)), LEDGERCTL_PATH);
    QVERIFY(m_home.isValid());
    QVERIFY(m_template.isValid());
    QVERIFY(QDir(m_home.path()).mkpath(QStringLiteral("home")));
    QVERIFY(QDir(m_home.path()).mkpath(QStringLiteral("xdg")));
    if (test::throughLedgerd()) // every token before the first ledgerd starts: it reads them when it starts
        for (const QString &name : kOperators)
            QVERIFY(!test::operatorTokenFile(name).isEmpty());

    // The template, built through ledgerctl itself: alice 100.00, bob, carol 5.00 frozen, dave
    // closed, one done keyed transfer and one keyed transfer an operator canceled.
    m_fixture = m_template.filePath(QStringLiteral("ledger.db"));
    const QString &s = m_fixture;
    RUN_EXPECTING(init, s, 0, {"init"});
    RUN_EXPECTING(alice, s, 0, {"account", "create", "alice", "--name", "Alice", "--opening", "100.00"});
    RUN_EXPECTING(bob, s, 0, {"account", "create", "bob", "--name", "Bob"});
    RUN_EXPECTING(carol, s, 0, {"account", "create", "carol", "--opening", "5.00"});
    RUN_EXPECTING(freeze, s, 0, {"account", "freeze", "carol", "--reason", "fraud check"});
    RUN_EXPECTING(dave, s, 0, {"account", "create", "dave"});
    RUN_EXPECTING(close, s, 0, {"account", "close", "dave"});
    QJsonDocument done;
    jsonOf(s, {"transfer", "alice", "bob", "1.00", "--key", kTemplateDoneKey, "--json"}, &done);
    QVERIFY(!QTest::currentTestFailed());
    m_doneId = done.object().value(QStringLiteral("id")).toString();
    QCOMPARE(done.object().value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    RUN_EXPECTING(crash, s, kCrashExitStatus,
                  {"--crash-after", "claim", "transfer", "alice", "bob", "2.00", "--key", kTemplateCanceledKey});
    onlyTransactionIn(s, QStringLiteral("pending"), &m_canceledId);
    QVERIFY(!QTest::currentTestFailed());
    RUN_EXPECTING(cancel, s, 0, {"cancel", m_canceledId, "--reason", "customer called"});
    RUN_EXPECTING(audit, s, 0, {"audit"});
    m_served.clear(); // @remote: its ledgerd is the last to close the store
    // The last run checkpointed the WAL away, so copying the one file copies the whole store.
    QVERIFY2(!QFile::exists(s + QStringLiteral("-wal")), "the template store still has a -wal file");
}

void TestCli::init()
{
    m_work = std::make_unique<QTemporaryDir>();
    QVERIFY(m_work->isValid());
}

void TestCli::cleanup()
{
    for (auto it = m_served.begin(); it != m_served.end();) // all but the shared fixture's
        it = m_shared && it->first.startsWith(m_shared->path()) ? std::next(it) : (m_read.remove(it->first), m_served.erase(it));
    for (const QString &path : std::as_const(m_restoreWritable))
        QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::WriteOwner);
    m_restoreWritable.clear();
    m_work.reset();
}

void TestCli::cleanupTestCase()
{
    m_served.clear();
    m_shared.reset();
    // No run may have fallen back to the default store (XDG_DATA_HOME/ledgerdesk/ledger.db).
    // Where ledgerctlEnvironment() points XDG_DATA_HOME (HOME/data), and where HOME alone would lead.
    QVERIFY2(!QFileInfo::exists(m_home.filePath(QStringLiteral("data/ledgerdesk"))), "a run used the default store location");
    QVERIFY2(!QFileInfo::exists(m_home.filePath(QStringLiteral("home/.local/share/ledgerdesk"))), "a run used the default store location");
}

void TestCli::copyFixture(const QString &to)
{
    QVERIFY2(QFile::copy(m_fixture, to), qPrintable(to));
    // QFile::copy keeps the template's permissions; make sure the copy is an ordinary file.
    QVERIFY(QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
}

void TestCli::prepare(Setup setup, QString *store, QString *txId)
{
    const QDir dir(m_work->path());
    *store = dir.filePath(QStringLiteral("ledger.db"));
    const QString &s = *store;
    switch (setup) {
    case Setup::Missing: return;
    case Setup::Fixture: copyFixture(s); return;
    case Setup::MaxBalance: {
        // @world can hand out the largest amount exactly once; any further credit to "big"
        // would overflow its balance.
        RUN_EXPECTING(init, s, 0, {"init"});
        RUN_EXPECTING(big, s, 0, {"account", "create", "big", "--opening", "92233720368547758.07"});
        return;
    }
    case Setup::AppliedWithoutCredit: {
        copyFixture(s);
        RUN_EXPECTING(crash, s, kCrashExitStatus, {"--crash-after", "applied", "transfer", "alice", "bob", "3.00"});
        onlyTransactionIn(s, QStringLiteral("applied"), txId);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(RawSql(s).exec(QStringLiteral("DELETE FROM legs WHERE tx_id = ? AND side = 'credit'"), {*txId}));
        return;
    }
    case Setup::InFlight: {
        copyFixture(s);
        RUN_EXPECTING(crash, s, kCrashExitStatus,
                      {"--crash-after", "hold-debit", "transfer", "alice", "bob", "3.00", "--key", "in-flight"});
        onlyTransactionIn(s, QStringLiteral("pending"), txId);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(leaseRunsOn(s, *txId));
        return;
    }
    case Setup::TamperedBalance: {
        copyFixture(s);
        QVERIFY(RawSql(s).exec(QStringLiteral("UPDATE accounts SET balance = balance + 1 WHERE id = 'alice'")));
        return;
    }
    case Setup::DroppedTable: {
        copyFixture(s);
        QVERIFY(RawSql(s).exec(QStringLiteral("DROP TABLE legs")));
        return;
    }
    case Setup::TextFile:
    case Setup::EmptyFile: {
        QFile file(s);
        QVERIFY(file.open(QIODevice::WriteOnly));
        if (setup == Setup::TextFile)
            file.write("alice,100.00\nbob,0.00\n");
        return;
    }
    case Setup::OtherSqlite: {
        RawSql other(s);
        QVERIFY(other.exec(QStringLiteral("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")));
        QVERIFY(other.exec(QStringLiteral("INSERT INTO notes (text) VALUES ('not a ledger')")));
        return;
    }
    case Setup::Truncated: {
        copyFixture(s);
        QVERIFY(QFile::resize(s, 1500));
        return;
    }
    case Setup::Garbage: {
        copyFixture(s);
        QFile file(s);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek(100));
        QCOMPARE(file.write(QByteArray(3900, char(0xAB))), qint64(3900));
        return;
    }
    case Setup::NoSchema:
    case Setup::TooNew: {
        copyFixture(s);
        QVERIFY(RawSql(s).exec(setup == Setup::TooNew ? QStringLiteral("PRAGMA user_version = 99")
                                                      : QStringLiteral("PRAGMA user_version = 0")));
        return;
    }
    case Setup::ReadOnlyFile:
        copyFixture(s);
        QVERIFY(QFile::setPermissions(s, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        m_restoreWritable << s;
        return;
    case Setup::ReadOnlyDir: {
        QVERIFY(dir.mkdir(QStringLiteral("ro")));
        const QString roDir = dir.filePath(QStringLiteral("ro"));
        *store = QDir(roDir).filePath(QStringLiteral("ledger.db"));
        copyFixture(*store);
        QVERIFY(QFile::setPermissions(roDir, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                 | QFileDevice::ReadOther | QFileDevice::ExeOther));
        m_restoreWritable << roDir;
        return;
    }
    case Setup::Busy: // errorCodes() takes the lock around the run
        copyFixture(s);
        return;
    case Setup::ShardAlone:
    case Setup::ShardsSwapped: {
        *store = dir.filePath(QStringLiteral("ledger.json"));
        RUN_EXPECTING(init, *store, 0, {"init", "--shards", "2"});
        RUN_EXPECTING(alice, *store, 0, {"account", "create", "alice", "--opening", "100"});
        RUN_EXPECTING(bob, *store, 0, {"account", "create", "bob"});
        const QString first = dir.filePath(QStringLiteral("ledger.shard-0.db"));
        const QString second = dir.filePath(QStringLiteral("ledger.shard-1.db"));
        if (setup == Setup::ShardAlone) {
            *store = second;
            return;
        }
        QVERIFY(QFile::rename(first, first + QStringLiteral(".tmp")));
        QVERIFY(QFile::rename(second, first));
        QVERIFY(QFile::rename(first + QStringLiteral(".tmp"), second));
        return;
    }
    }
    QFAIL("unknown setup");
}

const std::set<TestCli::Setup> TestCli::kStoresNoLedgerdOpens = {
    Setup::Missing, Setup::TextFile,   Setup::EmptyFile,     Setup::OtherSqlite,  Setup::Truncated,
    Setup::Garbage, Setup::NoSchema,   Setup::TooNew,        Setup::ReadOnlyFile, Setup::ReadOnlyDir,
    Setup::Busy,    Setup::ShardAlone, Setup::ShardsSwapped, Setup::DroppedTable,
};

void TestCli::errorCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitStatus");
    QTest::addColumn<QString>("code");
    QTest::addColumn<Setup>("setup");
    QTest::addColumn<bool>("untouched");
    QTest::addColumn<QStringList>("env");
    for (const ErrorRow &row : errorRows())
        QTest::newRow(qPrintable(row.name)) << row.args << row.exitStatus << row.code << row.setup << row.untouched << row.env;
}

void TestCli::errorCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitStatus);
    QFETCH(QString, code);
    QFETCH(Setup, setup);
    QFETCH(bool, untouched);
    QFETCH(QStringList, env);

    // The table itself must agree with errors.h.
    const ErrorCode expected = errorCodeFromWord(code);
    QVERIFY2(expected != ErrorCode::None, qPrintable(QStringLiteral("no error code %1 in errors.h").arg(code)));
    QCOMPARE(exitStatus, int(exitStatusOf(expected)));

    QString store;
    QString txId;
    // @remote: the rows that must leave the fixture untouched share one copy of it and its one
    // ledgerd; each still checks that it left the store as it found it.
    if (test::throughLedgerd() && setup == Setup::Fixture && untouched && goesThroughLedgerd(args, env))
        sharedFixture(&store);
    else
        prepare(setup, &store, &txId);
    if (QTest::currentTestFailed())
        return;
    for (QString &arg : args) {
        arg.replace(QStringLiteral("@TX"), txId);
        arg.replace(QStringLiteral("@DONE"), m_doneId);
        arg.replace(QStringLiteral("@CANCELED"), m_canceledId);
        arg.replace(QStringLiteral("@DIR"), m_work->path());
    }

    // A store no ledgerd opens (missing, damaged, another program's, read-only, locked, one shard
    // alone) is said where it is opened: those rows run here, @remote too (and a table dropped:
    // through ledgerd, ledgerctl retries a store's error for seconds before it says it). The
    // others' ledgerd has the store open before the fingerprint (its opening is no write).
    const bool here = kStoresNoLedgerdOpens.count(setup) > 0;
    if (!here && goesThroughLedgerd(args, env))
        QVERIFY(readThroughLedgerd(store));
    const QByteArray before = test::storeFingerprint(store);
    ProcessResult r;
    {
        // The lock is taken only around the run: reading the file here while holding it would
        // drop SQLite's POSIX locks (closing any descriptor of a file releases all of a
        // process's locks on it), and ledgerctl would then think it was alone.
        std::optional<RawSql> lock; // another process in the middle of a long write
        if (setup == Setup::Busy) {
            lock.emplace(store);
            QVERIFY(lock->exec(QStringLiteral("BEGIN EXCLUSIVE")));
        }
        r = here ? ctlHere(store, args, env) : ctl(store, args, env);
    }
    const QByteArray after = test::storeFingerprint(store);

    EXPECT_STATUS(r, args, exitStatus);
    const QString line = QStringLiteral("error: %1: ").arg(code);
    QVERIFY2(r.err.contains(line), qPrintable(QStringLiteral("stderr lacks '%1'\n").arg(line) + describeRun(args, r)));
    if (untouched)
        QVERIFY2(before == after,
                 qPrintable(QStringLiteral("the store changed although nothing may be written\n   before: %1\n   after:  %2")
                                .arg(QString::fromLatin1(before), QString::fromLatin1(after))));
    else // a refusal decided by the protocol is recorded (the canceled document, the error on it)
        QVERIFY2(before != after, "the refusal left no trace in the store");
}

void TestCli::everyCodeCovered()
{
    std::set<ErrorCode> tested;
    for (const ErrorRow &row : errorRows()) {
        const ErrorCode c = errorCodeFromWord(row.code);
        QVERIFY2(c != ErrorCode::None, qPrintable(QStringLiteral("row '%1' names an unknown code %2").arg(row.name, row.code)));
        tested.insert(c);
    }
    QStringList missing;
    QStringList stale;
    for (ErrorCode c : allErrorCodes()) {
        const bool inTable = tested.count(c) > 0;
        const bool unreachable = kNotReachableFromCli.contains(c);
        if (!inTable && !unreachable)
            missing << codeWord(c);
        if (inTable && unreachable)
            stale << codeWord(c);
        if (unreachable)
            QVERIFY(!kNotReachableFromCli.value(c).isEmpty());
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("error codes with no errorCodes row (add one, or list the code in kNotReachableFromCli "
                                       "with a reason): ")
                        + missing.join(QStringLiteral(", "))));
    QVERIFY2(stale.isEmpty(),
             qPrintable(QStringLiteral("codes both tested and listed as unreachable: ") + stale.join(QStringLiteral(", "))));
    QVERIFY(!kNotReachableFromCli.contains(ErrorCode::None));
}

void TestCli::transferAndShowJson()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    QJsonDocument doc;
    jsonOf(s, {"transfer", "alice", "bob", "12.34", "--memo", "lunch", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isObject());
    const QJsonObject tx = doc.object();
    const QString id = tx.value(QStringLiteral("id")).toString();
    QVERIFY2(id.startsWith(QStringLiteral("tx-")), qPrintable(id));
    QCOMPARE(tx.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    // Amounts are decimal strings of the ledger's scale, never JSON numbers.
    QVERIFY(tx.value(QStringLiteral("amount")).isString());
    QCOMPARE(tx.value(QStringLiteral("amount")).toString(), QStringLiteral("12.34"));
    QCOMPARE(tx.value(QStringLiteral("source")).toString(), QStringLiteral("alice"));
    QCOMPARE(tx.value(QStringLiteral("destination")).toString(), QStringLiteral("bob"));
    QCOMPARE(tx.value(QStringLiteral("memo")).toString(), QStringLiteral("lunch"));
    QVERIFY2(isTimestamp(tx.value(QStringLiteral("createdAt"))), qPrintable(tx.value(QStringLiteral("createdAt")).toString()));
    const QDateTime created = QDateTime::fromString(tx.value(QStringLiteral("createdAt")).toString(), Qt::ISODateWithMs);
    QVERIFY(created.isValid());
    QVERIFY2(qAbs(created.secsTo(QDateTime::currentDateTimeUtc())) < 600, "createdAt is not the store's current UTC time");

    jsonOf(s, {"show", id, "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isObject());
    const QJsonObject shown = doc.object();
    for (const char *key : {"id", "state", "amount", "source", "destination", "createdAt"})
        QVERIFY2(shown.value(QLatin1String(key)) == tx.value(QLatin1String(key)), key);
    QVERIFY(isTimestamp(shown.value(QStringLiteral("lastModified"))));
    const QJsonArray legs = shown.value(QStringLiteral("legs")).toArray();
    QCOMPARE(legs.size(), 2);
    QSet<QString> sides;
    for (const QJsonValue &v : legs) {
        const QJsonObject leg = v.toObject();
        const QString side = leg.value(QStringLiteral("side")).toString();
        sides << side;
        QCOMPARE(leg.value(QStringLiteral("status")).toString(), QStringLiteral("posted"));
        QCOMPARE(leg.value(QStringLiteral("amount")).toString(), QStringLiteral("12.34"));
        // As the README and the feed say: what the post left the balance at.
        QVERIFY2(QRegularExpression(QStringLiteral("^-?[0-9]+\\.[0-9]{2}$"))
                     .match(leg.value(QStringLiteral("balanceAfter")).toString())
                     .hasMatch(),
                 qPrintable(QJsonDocument(leg).toJson()));
        QCOMPARE(leg.value(QStringLiteral("accountId")).toString(),
                 side == QLatin1String("debit") ? QStringLiteral("alice") : QStringLiteral("bob"));
    }
    QCOMPARE(sides, (QSet<QString>{QStringLiteral("debit"), QStringLiteral("credit")}));
    QVERIFY(shown.value(QStringLiteral("journal")).isArray());
    const QJsonArray journal = shown.value(QStringLiteral("journal")).toArray();
    QVERIFY(!journal.isEmpty());
    bool reachedDone = false;
    for (const QJsonValue &v : journal) {
        const QJsonObject entry = v.toObject();
        QVERIFY(!entry.value(QStringLiteral("event")).toString().isEmpty());
        QVERIFY(isTimestamp(entry.value(QStringLiteral("at"))));
        reachedDone = reachedDone || entry.value(QStringLiteral("toState")).toString() == QLatin1String("done");
    }
    QVERIFY2(reachedDone, "the journal does not record the move to done");
}

void TestCli::manyLegsAndBalances()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    QJsonDocument doc;
    jsonOf(s, {"account", "create", "erin", "--json"}, &doc);
    jsonOf(s, {"transfer", "--from", "alice:10.00", "--to", "bob:9.70", "--to", "erin:0.30", "--memo", "split", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject tx = doc.object();
    QCOMPARE(tx.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    // The summary fields: the first debit, the first credit, the amount moved.
    QCOMPARE(tx.value(QStringLiteral("source")).toString(), QStringLiteral("alice"));
    QCOMPARE(tx.value(QStringLiteral("destination")).toString(), QStringLiteral("bob"));
    QCOMPARE(tx.value(QStringLiteral("amount")).toString(), QStringLiteral("10.00"));
    const QJsonArray entries = tx.value(QStringLiteral("entries")).toArray();
    QCOMPARE(entries.size(), 3);
    QCOMPARE(entries.at(2).toObject().value(QStringLiteral("accountId")).toString(), QStringLiteral("erin"));
    QCOMPARE(entries.at(2).toObject().value(QStringLiteral("side")).toString(), QStringLiteral("credit"));
    QCOMPARE(entries.at(2).toObject().value(QStringLiteral("amount")).toString(), QStringLiteral("0.30"));

    jsonOf(s, {"show", tx.value(QStringLiteral("id")).toString(), "--json"}, &doc);
    QCOMPARE(doc.object().value(QStringLiteral("legs")).toArray().size(), 3);
    for (const QJsonValue &v : doc.object().value(QStringLiteral("legs")).toArray())
        QCOMPARE(v.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("posted"));

    // Two legs given as --from/--to are a plain transfer, journaled as one.
    jsonOf(s, {"transfer", "--from", "bob:1.00", "--to", "erin:1.00", "--json"}, &doc);
    const QString plain = doc.object().value(QStringLiteral("id")).toString();
    jsonOf(s, {"show", plain, "--json"}, &doc);
    QCOMPARE(doc.object().value(QStringLiteral("journal")).toArray().first().toObject().value(QStringLiteral("detail")).toString(),
             QStringLiteral("transfer of 1.00 from bob to erin"));

    // Listed under each of its accounts, with its credits named.
    const ProcessResult listed = ctl(s, {"list", "--account", "erin"});
    EXPECT_STATUS(listed, QStringList{"list"}, 0);
    QVERIFY2(listed.out.contains(QStringLiteral("bob,erin")), qPrintable(listed.out));

    // Compensated as one transaction that reverses every leg.
    jsonOf(s, {"compensate", tx.value(QStringLiteral("id")).toString(), "--reason", "wrong split", "--json"}, &doc);
    QCOMPARE(doc.object().value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(doc.object().value(QStringLiteral("entries")).toArray().size(), 3);

    // Balances read whole: an array of {id, balance, posted}, summing to zero.
    jsonOf(s, {"balances", "--json"}, &doc);
    QVERIFY(doc.isArray());
    qint64 sum = 0;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject b = v.toObject();
        QVERIFY(!b.value(QStringLiteral("id")).toString().isEmpty());
        QVERIFY(b.value(QStringLiteral("balance")).isString());
        sum += QString(b.value(QStringLiteral("balance")).toString()).remove(QLatin1Char('.')).toLongLong();
    }
    QCOMPARE(sum, qint64(0));
    // The split compensated, the plain 1.00 kept.
    const QList<QJsonObject> erin = rowsWithId(doc.array(), QStringLiteral("erin"));
    QCOMPARE(erin.size(), 1);
    QCOMPARE(erin.first().value(QStringLiteral("balance")).toString(), QStringLiteral("1.00"));
}

void TestCli::accountShowJson()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    // Leave a transfer with both legs held, so that pending amounts are non-zero.
    RUN_EXPECTING(crash, s, kCrashExitStatus, {"--crash-after", "hold-credit", "transfer", "alice", "bob", "2.50"});

    QJsonDocument doc;
    jsonOf(s, {"account", "show", "alice", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QJsonObject a = doc.object();
    QCOMPARE(a.value(QStringLiteral("id")).toString(), QStringLiteral("alice"));
    QCOMPARE(a.value(QStringLiteral("status")).toString(), QStringLiteral("open"));
    for (const char *key : {"balance", "available", "pendingDebits", "pendingCredits"})
        QVERIFY2(a.value(QLatin1String(key)).isString(), key);
    QCOMPARE(a.value(QStringLiteral("balance")).toString(), QStringLiteral("99.00"));
    QCOMPARE(a.value(QStringLiteral("pendingDebits")).toString(), QStringLiteral("2.50"));
    QCOMPARE(a.value(QStringLiteral("available")).toString(), QStringLiteral("96.50"));
    QCOMPARE(a.value(QStringLiteral("pendingCredits")).toString(), QStringLiteral("0.00"));
    QCOMPARE(a.value(QStringLiteral("held")).toArray().size(), 1);

    jsonOf(s, {"account", "show", "bob", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    a = doc.object();
    QCOMPARE(a.value(QStringLiteral("balance")).toString(), QStringLiteral("1.00"));
    QCOMPARE(a.value(QStringLiteral("pendingCredits")).toString(), QStringLiteral("2.50"));
    // Credits are not spendable until posted.
    QCOMPARE(a.value(QStringLiteral("available")).toString(), QStringLiteral("1.00"));

    jsonOf(s, {"account", "show", "carol", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(doc.object().value(QStringLiteral("status")).toString(), QStringLiteral("frozen"));
}

void TestCli::anOpeningOfZeroIsNone()
{
    // "--opening 0" is what a script passes for an account that starts empty: the account, and no
    // transfer from @world (as ledgerd's "opening":"0" and the console's dialog), not a refusal.
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    QJsonDocument before;
    jsonOf(s, {"list", "--json"}, &before);
    for (const char *opening : {"0", "0.00"}) {
        const QString id = QStringLiteral("zero-%1").arg(QLatin1String(opening));
        QJsonDocument made;
        jsonOf(s, {"account", "create", id, "--opening", QLatin1String(opening), "--json"}, &made);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(made.object().value(QStringLiteral("balance")).toString(), QStringLiteral("0.00"));
    }
    RUN_EXPECTING(tooFine, s, 2, {"account", "create", "erin", "--opening", "0.000"});
    QVERIFY2(tooFine.err.contains(QLatin1String("invalid-amount: --opening: amount \"0.000\" has 3 decimal places")),
             qPrintable(tooFine.err));
    QJsonDocument after;
    jsonOf(s, {"list", "--json"}, &after);
    QCOMPARE(after.array().size(), before.array().size()); // no opening transfer
}

void TestCli::oneBalanceEverywhere()
{
    // Past its commit point with the credit not posted yet: bob's balance counts it whole, his
    // posted balance does not — the same two words in show, accounts, balances and the export.
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    RUN_EXPECTING(crash, s, kCrashExitStatus, {"--crash-after", "post-debit", "transfer", "alice", "bob", "2.50"});
    QJsonDocument doc;
    jsonOf(s, {"account", "show", "bob", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(doc.object().value(QStringLiteral("balance")).toString(), QStringLiteral("3.50"));
    QCOMPARE(doc.object().value(QStringLiteral("posted")).toString(), QStringLiteral("1.00"));
    jsonOf(s, {"accounts", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QList<QJsonObject> bob = rowsWithId(doc.array(), QStringLiteral("bob"));
    QCOMPARE(bob.size(), 1);
    QCOMPARE(bob.first().value(QStringLiteral("balance")).toString(), QStringLiteral("3.50"));
    QCOMPARE(bob.first().value(QStringLiteral("posted")).toString(), QStringLiteral("1.00"));
    jsonOf(s, {"balances", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    bob = rowsWithId(doc.array(), QStringLiteral("bob"));
    QCOMPARE(bob.size(), 1);
    QCOMPARE(bob.first().value(QStringLiteral("balance")).toString(), QStringLiteral("3.50"));
    QCOMPARE(bob.first().value(QStringLiteral("posted")).toString(), QStringLiteral("1.00"));
    RUN_EXPECTING(csv, s, 0, {"accounts", "--csv"});
    const auto rows = *csv::parse(csv.out);
    const int balance = int(rows.first().indexOf(QStringLiteral("balance")));
    const int posted = int(rows.first().indexOf(QStringLiteral("posted")));
    QVERIFY(balance >= 0 && posted >= 0);
    int seen = 0;
    for (const QStringList &row : rows) {
        if (row.first() == QLatin1String("bob")) {
            QCOMPARE(row.at(balance), QStringLiteral("3.50"));
            QCOMPARE(row.at(posted), QStringLiteral("1.00"));
            ++seen;
        }
    }
    QCOMPARE(seen, 1);
    RUN_EXPECTING(text, s, 0, {"account", "show", "bob"});
    QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("balance\\s+3\\.50"))), qPrintable(text.out));
    QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("posted\\s+1\\.00"))), qPrintable(text.out));
    QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("not posted yet\\s+2\\.50"))), qPrintable(text.out));
}

void TestCli::actionsInTimeOrderWithTheirReasons()
{
    // The demo spreads its history over a week (times moved, seqs not): the operator actions are
    // still read newest first by time, and a compensation says why, as every repair does.
    const QString s = m_work->filePath(QStringLiteral("demo.db"));
    RUN_EXPECTING(demo, s, 0, {"demo", "--transfers", "120", "--stuck", "4"});
    QJsonDocument doc;
    jsonOf(s, {"actions", "--kind", "all", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    const QJsonArray rows = doc.array();
    QVERIFY(rows.size() > 10);
    QString before;
    int links = 0;
    for (const QJsonValue &row : rows) {
        const QString at = row[QLatin1String("at")].toString();
        if (!before.isEmpty())
            QVERIFY2(at <= before, qPrintable(QStringLiteral("%1 listed after %2").arg(at, before)));
        before = at;
        if (row[QLatin1String("event")].toString() == QLatin1String("linked")) {
            ++links;
            QVERIFY2(row[QLatin1String("detail")].toString().contains(QStringLiteral(": ")),
                     qPrintable(row[QLatin1String("detail")].toString()));
        }
    }
    QVERIFY(links > 0);
    // The text says what the operator did, in the console's words: a compensation, not the
    // journal's "linked"; an account's name said to be one.
    RUN_EXPECTING(text, s, 0, {"actions", "--kind", "all"});
    QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("\\scompensate\\s+tx-"))), qPrintable(text.out));
    QVERIFY2(!text.out.contains(QRegularExpression(QStringLiteral("\\slinked\\s"))), qPrintable(text.out));
    RUN_EXPECTING(accounts, s, 0, {"actions", "--kind", "accounts"});
    QVERIFY2(accounts.out.contains(QRegularExpression(QStringLiteral("\\screated\\s+account alice\\s+open\\s+name: Alice Martin"))),
             qPrintable(accounts.out));
}

void TestCli::aForgedOperatorNeverReachesTheJournal()
{
    // On a store opened here, the journal takes the name the desktop gives (nobody vouches for
    // it); through ledgerd it is the token's (tst_cli), whatever --operator or
    // $LEDGERDESK_OPERATOR claim, and ledgerctl says so.
    const bool remote = test::throughLedgerd();
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    RUN_EXPECTING(byFlag, s, 0, {"--operator", "forged", "account", "freeze", "bob", "--reason", "forged by flag"});
    const QStringList unfreeze{"account", "unfreeze", "bob"};
    const ProcessResult byEnv = ctl(s, unfreeze, {"LEDGERDESK_OPERATOR=forged-too"});
    EXPECT_STATUS(byEnv, unfreeze, 0);
    QJsonDocument doc;
    jsonOf(s, {"actions", "--kind", "accounts", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QStringList actors; // newest first: the unfreeze, then the freeze
    for (const QJsonValue &entry : doc.array())
        if (entry[QLatin1String("docId")].toString() == QLatin1String("bob")
            && (entry[QLatin1String("toState")].toString() == QLatin1String("frozen")
                || entry[QLatin1String("fromState")].toString() == QLatin1String("frozen")))
            actors << entry[QLatin1String("actor")].toString();
    QCOMPARE(actors, remote ? QStringList({"tst_cli", "tst_cli"}) : QStringList({"forged-too", "forged"}));
    if (remote) {
        for (const auto &[r, claim] : {std::pair{&byFlag, "--operator forged"}, std::pair{&byEnv, "LEDGERDESK_OPERATOR=forged-too"}})
            QVERIFY2(r->err.contains(QStringLiteral("note: %1 is not used through a ledger service: the journal names you tst_cli")
                                         .arg(QLatin1String(claim))),
                     qPrintable(r->err));
    }
}

void TestCli::auditJson()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    QJsonDocument doc;
    jsonOf(s, {"audit", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isObject());
    QVERIFY(doc.object().value(QStringLiteral("ok")).isBool());
    QCOMPARE(doc.object().value(QStringLiteral("ok")).toBool(), true);
    QVERIFY(doc.object().value(QStringLiteral("findings")).isArray());
    QVERIFY(doc.object().value(QStringLiteral("findings")).toArray().isEmpty());

    QVERIFY(RawSql(s).exec(QStringLiteral("UPDATE accounts SET balance = balance + 1 WHERE id = 'alice'")));
    const QStringList args{"audit", "--json"};
    const ProcessResult r = ctl(s, args);
    EXPECT_STATUS(r, args, 1);
    QVERIFY2(r.err.contains(QStringLiteral("error: audit-findings: ")), qPrintable(describeRun(args, r)));
    QString parseProblem;
    doc = parseJson(r.out, &parseProblem);
    QVERIFY2(parseProblem.isEmpty(), qPrintable(parseProblem));
    QCOMPARE(doc.object().value(QStringLiteral("ok")).toBool(true), false);
    const QJsonArray findings = doc.object().value(QStringLiteral("findings")).toArray();
    QVERIFY(!findings.isEmpty());
    for (const QJsonValue &v : findings) {
        const QJsonObject f = v.toObject();
        QVERIFY(isWholeNumber(f.value(QStringLiteral("invariant"))));
        QVERIFY(!f.value(QStringLiteral("code")).toString().isEmpty());
        QVERIFY(!f.value(QStringLiteral("message")).toString().isEmpty());
    }
}

void TestCli::recoverJson()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    RUN_EXPECTING(crash, s, kCrashExitStatus, {"--crash-after", "hold-debit", "transfer", "alice", "bob", "5.00"});
    QJsonDocument doc;
    jsonOf(s, {"recover", "--older-than", "0s", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isObject());
    const QJsonObject report = doc.object();
    for (const char *key : {"candidates", "done", "canceled", "moved", "failed"})
        QVERIFY2(isWholeNumber(report.value(QLatin1String(key))), key);
    QCOMPARE(report.value(QStringLiteral("candidates")).toInteger(), qint64(1));
    QCOMPARE(report.value(QStringLiteral("done")).toInteger(), qint64(1));
    QCOMPARE(report.value(QStringLiteral("canceled")).toInteger(), qint64(0));
    QCOMPARE(report.value(QStringLiteral("moved")).toInteger(), qint64(0));
    QCOMPARE(report.value(QStringLiteral("failed")).toInteger(), qint64(0));

    // Nothing is left for a second pass.
    jsonOf(s, {"recover", "--older-than", "0s", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(doc.object().value(QStringLiteral("candidates")).toInteger(-1), qint64(0));
}

void TestCli::listJson()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    QJsonDocument doc;
    jsonOf(s, {"list", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isArray());
    // The template: three opening balances (alice, carol; bob and dave had none), the done and
    // the canceled transfer.
    QSet<QString> ids;
    for (const QJsonValue &v : doc.array()) {
        QVERIFY(v.isObject());
        QVERIFY(v.toObject().value(QStringLiteral("amount")).isString());
        ids << v.toObject().value(QStringLiteral("id")).toString();
    }
    QCOMPARE(doc.array().size(), 4);
    QVERIFY(ids.contains(m_doneId));
    QVERIFY(ids.contains(m_canceledId));

    jsonOf(s, {"list", "--state", "canceled", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(doc.array().size(), 1);
    QCOMPARE(doc.array().at(0).toObject().value(QStringLiteral("id")).toString(), m_canceledId);

    // No match is an empty array, not a message.
    jsonOf(s, {"list", "--state", "initial", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(doc.isArray());
    QVERIFY(doc.array().isEmpty());
}

void TestCli::jsonErrors_data()
{
    QTest::addColumn<Setup>("setup");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitStatus");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("withTransaction");
    // One of each kind: grammar, input, a rule (with and without a document), the store.
    QTest::newRow("unknown-option") << Setup::Fixture << QStringList{"list", "--json", "--bogus"} << 2 << "unknown-option" << false;
    QTest::newRow("invalid-amount") << Setup::Fixture << QStringList{"transfer", "alice", "bob", "0", "--json"} << 2 << "invalid-amount"
                                    << false;
    QTest::newRow("unknown-account") << Setup::Fixture << QStringList{"account", "show", "zed", "--json"} << 1 << "unknown-account"
                                     << false;
    QTest::newRow("insufficient-funds") << Setup::Fixture << QStringList{"transfer", "alice", "bob", "500.00", "--json"} << 1
                                        << "insufficient-funds" << true;
    QTest::newRow("store-unavailable") << Setup::Missing << QStringList{"audit", "--json"} << 3 << "store-unavailable" << false;
}

void TestCli::jsonErrors()
{
    QFETCH(Setup, setup);
    QFETCH(QStringList, args);
    QFETCH(int, exitStatus);
    QFETCH(QString, code);
    QFETCH(bool, withTransaction);
    QString store;
    QString txId;
    prepare(setup, &store, &txId);
    if (QTest::currentTestFailed())
        return;
    const ProcessResult r = kStoresNoLedgerdOpens.count(setup) > 0 ? ctlHere(store, args) : ctl(store, args);
    EXPECT_STATUS(r, args, exitStatus);
    QVERIFY2(r.err.contains(QStringLiteral("error: %1: ").arg(code)), qPrintable(describeRun(args, r)));
    QString problem;
    const QJsonDocument doc = parseJson(r.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(doc.isObject());
    const QJsonObject error = doc.object().value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), code);
    QVERIFY(error.value(QStringLiteral("message")).isString());
    QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
    QStringList expectedKeys{QStringLiteral("error")};
    if (withTransaction) {
        // A refused transfer still has its document, which says why it was canceled.
        expectedKeys << QStringLiteral("transaction");
        const QJsonObject tx = doc.object().value(QStringLiteral("transaction")).toObject();
        QCOMPARE(tx.value(QStringLiteral("state")).toString(), QStringLiteral("canceled"));
        QVERIFY(tx.value(QStringLiteral("lastError")).toString().startsWith(code + QStringLiteral(": ")));
    }
    QStringList keys = doc.object().keys();
    keys.sort();
    expectedKeys.sort();
    QCOMPARE(keys, expectedKeys);
}

void TestCli::sameKeyTwice()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    const QStringList args{"transfer", "alice", "bob", "3.00", "--key", "order-42", "--json"};
    QJsonDocument first;
    QJsonDocument second;
    jsonOf(s, args, &first);
    jsonOf(s, args, &second);
    if (QTest::currentTestFailed())
        return;
    const QString id = first.object().value(QStringLiteral("id")).toString();
    QVERIFY(!id.isEmpty());
    QCOMPARE(second.object().value(QStringLiteral("id")).toString(), id);
    QCOMPARE(second.object().value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    // Paid once: 99.00 − 3.00.
    QJsonDocument alice;
    jsonOf(s, {"account", "show", "alice", "--json"}, &alice);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(alice.object().value(QStringLiteral("balance")).toString(), QStringLiteral("96.00"));
    // The text form says it was an existing document.
    RUN_EXPECTING(third, s, 0, {"transfer", "alice", "bob", "3.00", "--key", "order-42"});
    QVERIFY2(third.out.contains(id) && third.out.contains(QStringLiteral("already existed")), qPrintable(third.out));
}

void TestCli::sameKeyLeavesAnOperatorsClaimAlone()
{
    // A script's transfer died after its debit hold; its lease is over, and an operator claimed
    // it: the script's retry of the key leaves it to them, until they release it.
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    const QStringList retry{"transfer", "alice", "bob", "3.00", "--key", "order-43"};
    RUN_EXPECTING(crash, s, kCrashExitStatus, QStringList{"--crash-after", "hold-debit"} + retry);
    QString id;
    onlyTransactionIn(s, QStringLiteral("pending"), &id);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(RawSql(s).exec(QStringLiteral("UPDATE transactions SET lease_until = '2000-01-01T00:00:00.000Z' WHERE id = ?"), {id}));
    RUN_EXPECTING(claim, s, 0, {"--operator", "ann", "claim", id, "--note", "asking the bank"});
    // Listed, it says who is on it (the console's Stuck view leads with it): --json as --csv.
    RUN_EXPECTING(listed, s, 0, {"list", "--state", "pending", "--json"});
    QString listProblem;
    const QJsonArray listedRows = parseJson(listed.out, &listProblem).array();
    QVERIFY2(listProblem.isEmpty() && listedRows.size() == 1, qPrintable(listed.out));
    QCOMPARE(listedRows.first()[QLatin1String("claimedBy")].toString(), QStringLiteral("ann"));
    QCOMPARE(listedRows.first()[QLatin1String("claimNote")].toString(), QStringLiteral("asking the bank"));
    RUN_EXPECTING(listedCsv, s, 0, {"list", "--state", "pending", "--csv"});
    const QStringList csvLines = listedCsv.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QVERIFY2(csvLines.size() == 2 && csvLines.first().endsWith(QLatin1String(",claimedBy,claimedAt,claimNote"))
                 && csvLines.last().contains(QLatin1String(",ann,")) && csvLines.last().endsWith(QLatin1String(",asking the bank")),
             qPrintable(listedCsv.out));
    // Held off is accepted, not finished: exit 4, never 0 (`transfer ... && mark_paid` must not pay).
    RUN_EXPECTING(heldOff, s, 4, retry);
    QVERIFY2(heldOff.out.contains(QStringLiteral("pending")) && heldOff.out.contains(QStringLiteral("claimed by ann")),
             qPrintable(heldOff.out));
    QVERIFY2(heldOff.err.startsWith(
                 QStringLiteral("error: not-finished: %1 is pending: accepted, not finished; no money has moved yet (").arg(id))
                 && heldOff.err.contains(QStringLiteral("claimed by ann")),
             qPrintable(heldOff.err));
    // The same request as legs (the other form of the command) is the same retry.
    RUN_EXPECTING(asLegs, s, 4, {"transfer", "--from", "alice:3.00", "--to", "bob:3.00", "--key", "order-43"});
    QVERIFY2(asLegs.out.contains(QStringLiteral("claimed by ann")), qPrintable(asLegs.out));
    QVERIFY2(asLegs.err.startsWith(QStringLiteral("error: not-finished: ")), qPrintable(asLegs.err));
    // --json: the shape of every non-zero exit, the transaction (state and note) beside the error.
    RUN_EXPECTING(asJson, s, 4, retry + QStringList{"--json"});
    QString problem;
    const QJsonObject json = parseJson(asJson.out, &problem).object();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(json.keys(), (QStringList{"error", "transaction"}));
    QCOMPARE(json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(), QStringLiteral("not-finished"));
    const QJsonObject heldTx = json.value(QStringLiteral("transaction")).toObject();
    QCOMPARE(heldTx.value(QStringLiteral("id")).toString(), id);
    QCOMPARE(heldTx.value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
    QVERIFY2(heldTx.value(QStringLiteral("note")).toString().contains(QLatin1String("claimed by ann")), asJson.out.toUtf8().constData());
    RUN_EXPECTING(release, s, 0, {"release", id});
    RUN_EXPECTING(finished, s, 0, retry);
    QVERIFY2(finished.out.contains(id) && finished.out.contains(QStringLiteral("done")), qPrintable(finished.out));
}

void TestCli::inFlightIsAcceptedNotFinished()
{
    // Whatever leaves a transaction in flight is answered the same: the transaction, its state and
    // the note, with exit status 4 (not-finished) — a transfer's retry before the commit point and
    // after it, and a compensation asked for again, each while another worker's lease runs.
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    const QStringList retry{"transfer", "alice", "bob", "3.00", "--key", "order-44"};
    RUN_EXPECTING(crash, s, kCrashExitStatus, QStringList{"--crash-after", "hold-debit"} + retry);
    QString pending;
    onlyTransactionIn(s, QStringLiteral("pending"), &pending);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(leaseRunsOn(s, pending));
    RUN_EXPECTING(driven, s, 4, retry);
    QVERIFY2(driven.out.startsWith(pending) && driven.out.contains(QStringLiteral("pending"))
                 && driven.out.contains(QStringLiteral("(already existed; in progress, driven by ")),
             qPrintable(driven.out));
    QVERIFY2(
        driven.err.startsWith(
            QStringLiteral("error: not-finished: %1 is pending: accepted, not finished; no money has moved yet (in progress, driven by ")
                .arg(pending)),
        qPrintable(driven.err));
    RUN_EXPECTING(drivenJson, s, 4, retry + QStringList{"--json"});
    QString problem;
    const QJsonObject json = parseJson(drivenJson.out, &problem).object();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(), QStringLiteral("not-finished"));
    QCOMPARE(json.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
    QVERIFY2(json.value(QStringLiteral("transaction"))
                 .toObject()
                 .value(QStringLiteral("note"))
                 .toString()
                 .startsWith(QLatin1String("in progress, driven by ")),
             qPrintable(drivenJson.out));
    QCOMPARE(json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString(),
             QStringLiteral("%1 is pending: accepted, not finished; no money has moved yet (%2)")
                 .arg(pending, json.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("note")).toString()));
    // Nothing paid yet: alice keeps her 99.00 (held, not moved).
    QJsonDocument alice;
    jsonOf(s, {"account", "show", "alice", "--json"}, &alice);
    QCOMPARE(alice.object().value(QStringLiteral("balance")).toString(), QStringLiteral("99.00"));

    // Past the commit point the money will move, but it has not: not finished either.
    const QStringList late{"transfer", "alice", "bob", "4.00", "--key", "order-45"};
    RUN_EXPECTING(crashApplied, s, kCrashExitStatus, QStringList{"--crash-after", "applied"} + late);
    QString applied;
    onlyTransactionIn(s, QStringLiteral("applied"), &applied);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(leaseRunsOn(s, applied));
    RUN_EXPECTING(appliedRetry, s, 4, late);
    QVERIFY2(appliedRetry.err.startsWith(
                 QStringLiteral("error: not-finished: %1 is applied: past its commit point, its money will move, but it is not all "
                                "posted yet (in progress, driven by ")
                     .arg(applied)),
             qPrintable(appliedRetry.err));

    // A compensation asked for again while the first one's driver lives: the same answer.
    RUN_EXPECTING(crashCompensation, s, kCrashExitStatus, {"--crash-after", "hold-debit", "compensate", m_doneId});
    QJsonDocument listed;
    jsonOf(s, {"list", "--state", "pending", "--json"}, &listed);
    QString compensation;
    for (const QJsonValue &row : listed.array()) {
        if (row.toObject().value(QStringLiteral("id")).toString() != pending)
            compensation = row.toObject().value(QStringLiteral("id")).toString();
    }
    QVERIFY2(compensation.startsWith(m_doneId), qPrintable(compensation));
    QVERIFY(leaseRunsOn(s, compensation));
    RUN_EXPECTING(again, s, 4, {"compensate", m_doneId, "--json"});
    const QJsonObject againJson = parseJson(again.out, &problem).object();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(againJson.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(), QStringLiteral("not-finished"));
    QCOMPARE(againJson.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString(), compensation);
    QCOMPARE(againJson.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("state")).toString(),
             QStringLiteral("pending"));

    // Finished, the same commands exit 0 (resume takes a live lease over: an operator decides).
    RUN_EXPECTING(resumed, s, 0, {"resume", pending});
    RUN_EXPECTING(paid, s, 0, retry);
    QVERIFY2(paid.out.contains(QStringLiteral("done")), qPrintable(paid.out));
    QCOMPARE(paid.err, QString());
}

void TestCli::recoverPassesOverOthersClaims()
{
    // Two transfers died half-way; ann claimed one, cy the other. bob's recover passes both over
    // and names them (the console would ask him first); ann's takes hers, --take-claimed the rest.
    // A third, past its commit point, is finished whoever claimed it: there is nothing to choose.
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    const auto pendingIds = [&] {
        QJsonDocument out;
        jsonOf(s, {"list", "--state", "pending", "--json"}, &out);
        QStringList ids;
        for (const QJsonValue &row : out.array())
            ids << row.toObject().value(QStringLiteral("id")).toString();
        return ids;
    };
    RUN_EXPECTING(first, s, kCrashExitStatus, {"--crash-after", "hold-debit", "transfer", "alice", "bob", "1.00"});
    const QStringList annsOnly = pendingIds();
    RUN_EXPECTING(second, s, kCrashExitStatus, {"--crash-after", "hold-debit", "transfer", "alice", "bob", "2.00"});
    QStringList both = pendingIds();
    QCOMPARE(annsOnly.size(), 1);
    QCOMPARE(both.size(), 2);
    const QString anns = annsOnly.first();
    both.removeOne(anns);
    const QString cys = both.first();
    RUN_EXPECTING(claimAnn, s, 0, {"--operator", "ann", "claim", anns, "--note", "asking the bank"});
    RUN_EXPECTING(claimCy, s, 0, {"--operator", "cy", "claim", cys});
    RUN_EXPECTING(third, s, kCrashExitStatus, {"--crash-after", "applied", "transfer", "alice", "bob", "3.00"});
    QString applied;
    onlyTransactionIn(s, QStringLiteral("applied"), &applied);
    if (QTest::currentTestFailed())
        return;
    RUN_EXPECTING(claimApplied, s, 0, {"--operator", "cy", "claim", applied});

    RUN_EXPECTING(byBob, s, 0, {"--operator", "bob", "recover", "--older-than", "0s"});
    QVERIFY2(byBob.err.contains(QStringLiteral("passed over 2 that others claimed")) && byBob.err.contains(anns + QStringLiteral(" (ann)"))
                 && byBob.err.contains(cys + QStringLiteral(" (cy)")) && !byBob.err.contains(applied),
             qPrintable(byBob.err));
    QVERIFY2(byBob.out.contains(QStringLiteral("recovered 1: 1 done")), qPrintable(byBob.out));
    QCOMPARE(pendingIds().size(), 2);
    RUN_EXPECTING(allClaimed, s, 0, {"--operator", "bob", "recover", "--older-than", "0s"});
    QVERIFY2(allClaimed.out.contains(QStringLiteral("nothing recovered: the 2 stuck are claimed by others")), qPrintable(allClaimed.out));
    QJsonDocument asJson;
    jsonOf(s, {"--operator", "bob", "recover", "--older-than", "0s", "--json"}, &asJson);
    QCOMPARE(asJson.object().value(QStringLiteral("candidates")).toInt(), 0);
    QCOMPARE(asJson.object().value(QStringLiteral("passedOver")).toInt(), 2);
    const QJsonArray passed = asJson.object().value(QStringLiteral("passedOverClaimed")).toArray();
    QCOMPARE(passed.size(), 2);
    const QJsonObject annsRow = passed.at(passed.at(0).toObject().value(QStringLiteral("id")).toString() == anns ? 0 : 1).toObject();
    QCOMPARE(annsRow.value(QStringLiteral("id")).toString(), anns);
    QCOMPARE(annsRow.value(QStringLiteral("by")).toString(), QStringLiteral("ann"));
    QCOMPARE(annsRow.value(QStringLiteral("note")).toString(), QStringLiteral("asking the bank"));
    QVERIFY(QDateTime::fromString(annsRow.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs).isValid());

    QJsonDocument byAnn;
    jsonOf(s, {"--operator", "ann", "recover", "--older-than", "0s", "--json"}, &byAnn);
    QCOMPARE(byAnn.object().value(QStringLiteral("done")).toInt(), 1);
    QCOMPARE(byAnn.object().value(QStringLiteral("passedOverClaimed")).toArray().size(), 1);
    QCOMPARE(pendingIds(), QStringList{cys});
    QJsonDocument taken;
    jsonOf(s, {"--operator", "bob", "recover", "--older-than", "0s", "--take-claimed", "--json"}, &taken);
    QCOMPARE(taken.object().value(QStringLiteral("done")).toInt(), 1);
    QVERIFY(!taken.object().contains(QStringLiteral("passedOverClaimed"))); // nothing was looked for
    QVERIFY(pendingIds().isEmpty());
}

void TestCli::compensateTwice()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    QJsonDocument first;
    QJsonDocument second;
    jsonOf(s, {"compensate", m_doneId, "--reason", "refund", "--json"}, &first);
    jsonOf(s, {"compensate", m_doneId, "--json"}, &second);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject comp = first.object();
    const QString id = comp.value(QStringLiteral("id")).toString();
    QVERIFY(!id.isEmpty());
    QVERIFY(id != m_doneId);
    QCOMPARE(second.object().value(QStringLiteral("id")).toString(), id);
    QCOMPARE(comp.value(QStringLiteral("kind")).toString(), QStringLiteral("compensation"));
    QCOMPARE(comp.value(QStringLiteral("compensates")).toString(), m_doneId);
    QCOMPARE(comp.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(comp.value(QStringLiteral("source")).toString(), QStringLiteral("bob"));
    QCOMPARE(comp.value(QStringLiteral("destination")).toString(), QStringLiteral("alice"));
    QCOMPARE(comp.value(QStringLiteral("amount")).toString(), QStringLiteral("1.00"));

    QJsonDocument original;
    jsonOf(s, {"show", m_doneId, "--json"}, &original);
    QJsonDocument bob;
    jsonOf(s, {"account", "show", "bob", "--json"}, &bob);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(original.object().value(QStringLiteral("compensatedBy")).toString(), id);
    // Moved back exactly once.
    QCOMPARE(bob.object().value(QStringLiteral("balance")).toString(), QStringLiteral("0.00"));
    QJsonDocument list;
    jsonOf(s, {"list", "--json"}, &list);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(list.array().size(), 5);
    RUN_EXPECTING(audit, s, 0, {"audit"});
}

void TestCli::crashThenRecover()
{
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));
    copyFixture(s);
    RUN_EXPECTING(crash, s, kCrashExitStatus, {"--crash-after", "hold-debit", "transfer", "alice", "bob", "5.00"});
    QString id;
    onlyTransactionIn(s, QStringLiteral("pending"), &id);
    if (QTest::currentTestFailed())
        return;
    // The crash left a hold behind: the audit sees it in flight, not as a violation.
    RUN_EXPECTING(auditBefore, s, 0, {"audit"});

    RUN_EXPECTING(recover, s, 0, {"recover", "--older-than", "0s"});
    QVERIFY2(recover.out.contains(id), qPrintable(recover.out));
    RUN_EXPECTING(audit, s, 0, {"audit"});
    QVERIFY2(audit.out.contains(QStringLiteral("clean")), qPrintable(audit.out));

    QJsonDocument tx;
    jsonOf(s, {"show", id, "--json"}, &tx);
    QJsonDocument alice;
    jsonOf(s, {"account", "show", "alice", "--json"}, &alice);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(tx.object().value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(alice.object().value(QStringLiteral("balance")).toString(), QStringLiteral("94.00"));
    QCOMPARE(alice.object().value(QStringLiteral("pendingDebits")).toString(), QStringLiteral("0.00"));
}

void TestCli::aGroupAloneNamesItsSubcommands_data()
{
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("said");
    QTest::newRow("account") << "account"
                             << "'account' needs a subcommand: create, freeze, unfreeze, close, show";
    QTest::newRow("lake") << "lake"
                          << "'lake' needs a subcommand: sync, status";
}

void TestCli::aGroupAloneNamesItsSubcommands()
{
    QFETCH(QString, group);
    QFETCH(QString, said);
    RUN_EXPECTING(alone, m_work->filePath(QStringLiteral("ledger.db")), 2, {group});
    QCOMPARE(alone.err.trimmed(), QStringLiteral("error: missing-argument: ") + said);
}

void TestCli::helpAndVersion()
{
    // No store exists: help and version must not need one (nor create one).
    const QString s = m_work->filePath(QStringLiteral("ledger.db"));

    RUN_EXPECTING(help, s, 0, {"--help"});
    QVERIFY2(help.out.contains(QStringLiteral("usage: ledgerctl")), qPrintable(help.out));
    for (const cli::CommandSpec &c : cli::commands())
        QVERIFY2(help.out.contains(QStringLiteral("  ") + c.name), qPrintable(QStringLiteral("--help does not list ") + c.name));
    QVERIFY2(help.out.contains(QStringLiteral("exit status")), "--help does not explain the exit statuses");
    QCOMPARE(help.err, QString());
    RUN_EXPECTING(dashH, s, 0, {"-h"});
    QCOMPARE(dashH.out, help.out);

    RUN_EXPECTING(helpTransfer, s, 0, {"help", "transfer"});
    QVERIFY2(helpTransfer.out.startsWith(QStringLiteral("usage: ledgerctl transfer SOURCE DESTINATION AMOUNT")),
             qPrintable(helpTransfer.out));
    QVERIFY2(helpTransfer.out.contains(QStringLiteral("--key")), qPrintable(helpTransfer.out));
    QCOMPARE(helpTransfer.err, QString());
    RUN_EXPECTING(transferHelp, s, 0, {"transfer", "--help"});
    QCOMPARE(transferHelp.out, helpTransfer.out);
    RUN_EXPECTING(helpTwoWords, s, 0, {"help", "account", "create"});
    QVERIFY2(helpTwoWords.out.startsWith(QStringLiteral("usage: ledgerctl account create ID")), qPrintable(helpTwoWords.out));

    RUN_EXPECTING(version, s, 0, {"--version"});
    // The program, then the SQLite built in and how it locks (third_party/sqlite).
    QVERIFY2(version.out.startsWith(QStringLiteral("ledgerctl " LEDGERDESK_VERSION "\nSQLite 3.")), qPrintable(version.out));
    QVERIFY2(version.out.endsWith(QStringLiteral(" (built in), open-file-description locks\n")), qPrintable(version.out));
    QCOMPARE(version.err, QString());

    RUN_EXPECTING(nosuch, s, 2, {"help", "nosuch"});
    QVERIFY2(nosuch.err.contains(QStringLiteral("error: unknown-command: ")), qPrintable(nosuch.err));
    QVERIFY2(!nosuch.err.contains(QStringLiteral("did you mean")), qPrintable(nosuch.err)); // nothing is near it

    // A command group has help of its own, however it is asked for.
    RUN_EXPECTING(helpGroup, s, 0, {"help", "account"});
    QVERIFY2(helpGroup.out.startsWith(QStringLiteral("usage: ledgerctl account <subcommand>")), qPrintable(helpGroup.out));
    for (const QString &sub :
         {QStringLiteral("create"), QStringLiteral("freeze"), QStringLiteral("unfreeze"), QStringLiteral("close"), QStringLiteral("show")})
        QVERIFY2(helpGroup.out.contains(QStringLiteral("  account ") + sub), qPrintable(helpGroup.out));
    RUN_EXPECTING(groupHelp, s, 0, {"account", "--help"});
    QCOMPARE(groupHelp.out, helpGroup.out);
    RUN_EXPECTING(groupDashH, s, 0, {"account", "-h"});
    QCOMPARE(groupDashH.out, helpGroup.out);
    for (const cli::CommandSpec &c : cli::commands()) { // `ledgerctl help X` works for every command
        const ProcessResult r = ctl(s, QStringList{QStringLiteral("help")} + c.name.split(QLatin1Char(' ')));
        QVERIFY2(r.exitCode == 0 && r.out.startsWith(QStringLiteral("usage: ledgerctl ") + c.name),
                 qPrintable(c.name + QLatin1Char('\n') + r.err));
    }

    QVERIFY2(!QFileInfo::exists(s), "help or version created a store");
}

void TestCli::theManPageFollowsTheCommandTable()
{
    // ledgerctl(1) is checked against the table --help is made from: every command (a group's
    // subcommands on its line) and every option, global ones included, appear in it.
    QFile file(QStringLiteral(LEDGER_SOURCE_DIR "/packaging/man/ledgerctl.1"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString man = QString::fromUtf8(file.readAll()).replace(QStringLiteral("\\-"), QStringLiteral("-"));
    QStringList heads; // the commands' lines (".B ...")
    for (const QString &line : man.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String(".B ")))
            heads << line.mid(3);
    }
    QStringList missing;
    for (const cli::CommandSpec &c : cli::commands()) {
        const QStringList words = c.name.split(QLatin1Char(' '));
        // "resume TXID", "resume|cancel|compensate TXID", "account freeze|unfreeze|close ID"
        const bool listed = std::any_of(heads.cbegin(), heads.cend(), [&](const QString &head) {
            const QStringList parts = head.split(QLatin1Char(' '));
            if (parts.size() < words.size())
                return false;
            for (int i = 0; i < words.size(); ++i) {
                if (!parts.at(i).split(QLatin1Char('|')).contains(words.at(i)))
                    return false;
            }
            return true;
        });
        if (!listed)
            missing << c.name;
        for (const cli::OptionSpec &o : c.options) {
            if (!man.contains(QStringLiteral("--") + o.name))
                missing << c.name + QStringLiteral(" --") + o.name;
        }
    }
    for (const cli::OptionSpec &o : cli::globalOptions()) {
        if (!man.contains(QStringLiteral("--") + o.name))
            missing << QStringLiteral("--") + o.name;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("ledgerctl.1 lacks: ") + missing.join(QStringLiteral(", "))));
}

void TestCli::errorsCommand()
{
    // `ledgerctl errors --json` is what scripts read the code list from: it must be errors.h.
    QJsonDocument doc;
    jsonOf(m_work->filePath(QStringLiteral("ledger.db")), {"errors", "--json"}, &doc);
    if (QTest::currentTestFailed())
        return;
    const QList<ErrorCode> codes = allErrorCodes();
    QCOMPARE(doc.array().size(), codes.size());
    for (int i = 0; i < codes.size(); ++i) {
        const QJsonObject entry = doc.array().at(i).toObject();
        QCOMPARE(entry.value(QStringLiteral("code")).toString(), codeWord(codes.at(i)));
        QCOMPARE(entry.value(QStringLiteral("exitStatus")).toInteger(-1), qint64(exitStatusOf(codes.at(i))));
        QVERIFY(!entry.value(QStringLiteral("meaning")).toString().isEmpty());
    }
    // What scripts test for, in literals: accepted, not finished is 4, of its own.
    QJsonObject notFinished;
    for (const QJsonValue &v : doc.array()) {
        if (v.toObject().value(QStringLiteral("code")).toString() == QLatin1String("not-finished"))
            notFinished = v.toObject();
    }
    QCOMPARE(notFinished.value(QStringLiteral("exitStatus")).toInteger(-1), qint64(4));
    QVERIFY2(notFinished.value(QStringLiteral("meaning")).toString().startsWith(QLatin1String("accepted, not finished")),
             qPrintable(notFinished.value(QStringLiteral("meaning")).toString()));
    RUN_EXPECTING(table, m_work->filePath(QStringLiteral("ledger.db")), 0, {"errors"});
    QVERIFY2(table.out.contains(QRegularExpression(QStringLiteral("\\nnot-finished +4 +accepted, not finished"))), qPrintable(table.out));
}

void TestCli::everyExitStatusIsDocumented()
{
    // Every exit status a code has (and the crash's 86) is explained where a script's author looks:
    // --help and ledgerctl(1)'s EXIT STATUS.
    std::set<int> statuses{int(ExitStatus::Success), kCrashExitStatus}; // allErrorCodes() leaves out None
    for (ErrorCode code : allErrorCodes())
        statuses.insert(int(exitStatusOf(code)));
    QCOMPARE(statuses, (std::set<int>{0, 1, 2, 3, 4, 86}));
    RUN_EXPECTING(help, m_work->filePath(QStringLiteral("ledger.db")), 0, {"--help"});
    const QString helpStatuses = help.out.mid(help.out.indexOf(QLatin1String("exit status:")));
    QFile file(QStringLiteral(LEDGER_SOURCE_DIR "/packaging/man/ledgerctl.1"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString man = QString::fromUtf8(file.readAll()).replace(QStringLiteral("\\-"), QStringLiteral("-"));
    const QString manStatuses = man.mid(man.indexOf(QLatin1String(".SH EXIT STATUS")),
                                        man.indexOf(QLatin1String(".SH ENVIRONMENT")) - man.indexOf(QLatin1String(".SH EXIT STATUS")));
    QVERIFY(!manStatuses.isEmpty());
    for (int status : statuses) {
        const QRegularExpression said(QStringLiteral("(^|[\\s:;])%1 ").arg(status));
        QVERIFY2(helpStatuses.contains(said),
                 qPrintable(QStringLiteral("--help does not say exit status %1:\n").arg(status) + helpStatuses));
        QVERIFY2(manStatuses.contains(said),
                 qPrintable(QStringLiteral("ledgerctl.1 does not say exit status %1:\n").arg(status) + manStatuses));
    }
    QVERIFY2(helpStatuses.contains(QLatin1String("4 accepted, not finished")), qPrintable(helpStatuses));
    QVERIFY2(manStatuses.contains(QLatin1String("4 accepted, not finished")), qPrintable(manStatuses));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
