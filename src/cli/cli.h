#pragma once
// ledgerctl as a library: runLedgerctl() is the whole program minus main(), so tests can drive
// it in-process and the executable stays a few lines.
//
// Threading: call from one thread; it opens its own store connection(s).

#include "argparser.h"
#include "interchange/tableexport.h"
#include "protocol/coordinator.h"
#include "service/ledgerservice.h"
#include "service/serverlogin.h"
#include "store/open/storeconfig.h"

#include <QJsonValue>
#include <QTextStream>

namespace ledger::cli {

// Runs ledgerctl with `args` (argv without the program name) and returns its exit status. It
// prints in the language of the translators installed (see ledgerctlLanguage).
int runLedgerctl(const QStringList &args, QTextStream &out, QTextStream &err);
// The language ledgerctl speaks for `args`: "en" for machine output (--json, --csv, feed, serve,
// bench), else --language, else chooseLanguage() (ledger/language.h) ($LEDGERDESK_LANGUAGE, the console's
// setting, the system locale). main() installs its translators before runLedgerctl().
QString ledgerctlLanguage(const QStringList &args);

// What every command gets: its parsed arguments, the streams, and the resolved global options.
class Context {
public:
    Context(const ParsedArgs &args, QTextStream &out, QTextStream &err);

    const ParsedArgs &args;
    QTextStream &out;
    QTextStream &err;
    bool json = false;
    QString operatorName;
    StepHook hook;
    StoreConfig config;
    // --server (or $LEDGERDESK_SERVER without --store): the commands go through ledgerd.
    std::optional<ResolvedServer> server;

    // Resolves --store or --server, --operator and --crash-after (and their environment variables).
    Error resolveGlobals();
    // The store, opened here: refused (unsupported) through a ledger service, for the commands
    // that have no way through one yet.
    Result<std::unique_ptr<Store>> open();
    CoordinatorOptions coordinatorOptions() const;
    // The ledger as this command reaches it: the store opened here (LocalLedgerService, under
    // operatorName) or the ledger service (RemoteLedgerService, under the token's name, which
    // then becomes operatorName). Made once; the command's own for its run.
    Result<LedgerService *> service();
    // The ledger's decimal places (through service()).
    Result<int> scale();
    bool remote() const { return server.has_value(); }

    // Prints `error: <code>: <message>` on stderr (and, with --json, {"error": ...} on stdout,
    // with the transaction document when there is one, and in it the note of the call that left it
    // so); returns the exit status. An unknown id that exists in another letter case is named in a hint.
    int fail(const Error &error, const std::optional<Transaction> &tx = std::nullopt, int scale = 2, const QString &note = {});
    // Prints one JSON value on stdout; returns 0.
    int printJson(const QJsonValue &value);
    // --csv was given (checked not to be given with --json by resolveGlobals).
    bool csv() const { return args.flags.contains(QStringLiteral("csv")); }
    // Streams a table's rows as CSV on stdout (ledgerctl ... --csv), from the store or through the
    // ledger service; returns the exit status.
    int printCsv(const ExportSpec &spec);
    // --limit N (default `fallback`), or -1 (no limit) with --all.
    Result<qint64> rowLimit(qint64 fallback) const;

    // A whole-number option in [min, max], or `fallback` when absent.
    Result<qint64> integerOption(const QString &name, qint64 fallback, qint64 min, qint64 max) const;
    // A duration option in ms, or `fallback` when absent.
    Result<qint64> durationOption(const QString &name, qint64 fallback) const;

private:
    Message otherCaseHint(const Error &error);

    std::unique_ptr<Store> m_store; // service()'s, when local
    std::unique_ptr<LedgerService> m_service;
};

// The commands, one per ledgerctl command (see argparser.cpp for their grammar).
int cmdInit(Context &c);
int cmdAccountCreate(Context &c);
int cmdAccountStatus(Context &c);
int cmdAccountShow(Context &c);
int cmdAccounts(Context &c);
int cmdBalances(Context &c);
int cmdTransfer(Context &c);
int cmdList(Context &c);
int cmdShow(Context &c);
int cmdRepair(Context &c); // resume, cancel, compensate
int cmdRemark(Context &c); // claim, release, note
int cmdApprovals(Context &c);
int cmdDecide(Context &c); // approve, reject
int cmdRecover(Context &c);
int cmdAudit(Context &c);
int cmdCheck(Context &c); // exits 0-3 as monitoring plugins do (monitorcheck.h)
// A check's one line on `out`; its exit status. Also for what fails before the command runs.
struct CheckLine;
int printCheck(QTextStream &out, const CheckLine &line);
int cmdDemo(Context &c);
int cmdErrors(Context &c);
int cmdWhoami(Context &c);
int cmdBench(Context &c);
int cmdActions(Context &c);
int cmdReport(Context &c);
int cmdFeed(Context &c);
int cmdServe(Context &c);
int cmdLakeSync(Context &c);   // lake sync: the finished transactions into the data lake
int cmdLakeStatus(Context &c); // lake status: how far the data lake got
int cmdCompletion(Context &c);

} // namespace ledger::cli
