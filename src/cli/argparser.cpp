#include "argparser.h"

#include "completion.h"
#include "ledger/documents.h"
#include "ledger/identifiers.h"
#include "ledger/language.h"
#include "protocol/faults.h"
#include "textoutput.h"

#include <QCoreApplication>

#include <algorithm>
#include <vector>

namespace ledger::cli {

namespace {

// The help texts are kept as their English sources (the tables are built once, possibly before
// the translator is installed) and translated when shown.
QString translatedHelp(const QString &source)
{
    return source.isEmpty() ? source : QCoreApplication::translate("ledgerctl", source.toUtf8().constData());
}

QString optionHelp(const OptionSpec &o)
{
    const QString help = translatedHelp(o.help);
    return o.helpArgument.isEmpty() ? help : help.arg(o.helpArgument);
}

const OptionSpec kJson{QStringLiteral("json"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "print one JSON value on stdout")};
const OptionSpec kLakeTo{
    QStringLiteral("to"), QStringLiteral("LOCATION"),
    QT_TRANSLATE_NOOP("ledgerctl", "the data lake: a folder, or s3://BUCKET/PREFIX[?endpoint=URL&region=R&profile=P]")};
const OptionSpec kCsv{QStringLiteral("csv"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "print the rows as CSV (RFC 4180) on stdout")};
const OptionSpec kAll{QStringLiteral("all"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "every matching row, however many (exports)")};
const OptionSpec kNote{QStringLiteral("note"), QStringLiteral("TEXT"),
                       QT_TRANSLATE_NOOP("ledgerctl", "what you are doing about it, recorded with your name")};
const OptionSpec kReason{QStringLiteral("reason"), QStringLiteral("TEXT"),
                         QT_TRANSLATE_NOOP("ledgerctl", "why, recorded in the journal with your name")};

QList<CommandSpec> buildCommands()
{
    const QString durations = QT_TRANSLATE_NOOP("ledgerctl", "Durations look like 90s, 30m, 2h, 1d or 1h30m.");
    return {
        {QStringLiteral("init"),
         {},
         {{QStringLiteral("scale"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "decimal places of amounts, 0-18 (default 2)")},
          {QStringLiteral("shards"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "spread the store over N SQLite files, 1-64 (--store names X.json)")},
          {QStringLiteral("servers"), QStringLiteral("LIST"),
           QT_TRANSLATE_NOOP("ledgerctl", "shards on PostgreSQL: one database per shard, URIs separated by spaces or any\n"
                                          "                        connection strings separated by ';' (--store names X.json)")}},
         QT_TRANSLATE_NOOP("ledgerctl", "create a new store (refuses to overwrite anything)"),
         QT_TRANSLATE_NOOP("ledgerctl", "Without --shards the store is one SQLite file, or with --store postgresql://... one PostgreSQL\n"
                                        "database (created when it does not exist and you may). With --shards N, --store names the\n"
                                        "store's topology file, which must end in .json: init writes the shard files X.shard-0.db ...\n"
                                        "X.shard-<N-1>.db beside it, then X.json, which every command then opens as the store. With\n"
                                        "--servers 'postgresql://a/ledger postgresql://b/ledger' (or 'host=a dbname=ledger; service=b')\n"
                                        "the shards are those databases, on one server or several (passwords go in ~/.pgpass,\n"
                                        "never in the connection strings: X.json keeps them).\n"
                                        "Accounts are placed by their id and transfers by their key (or id); the shard count is\n"
                                        "fixed for the life of the store. Each shard makes every write durable before the next.")},
        {QStringLiteral("account create"),
         {QStringLiteral("ID")},
         {{QStringLiteral("name"), QStringLiteral("TEXT"), QT_TRANSLATE_NOOP("ledgerctl", "the account holder's name")},
          {QStringLiteral("opening"), QStringLiteral("AMOUNT"), QT_TRANSLATE_NOOP("ledgerctl", "opening balance, paid from @world")},
          kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "create an account"),
         QT_TRANSLATE_NOOP("ledgerctl", "IDs are 1-64 characters of letters, digits, '.', '_' and '-'.")},
        {QStringLiteral("account freeze"),
         {QStringLiteral("ID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "freeze an account: it takes part in no new transfer"),
         QString()},
        {QStringLiteral("account unfreeze"),
         {QStringLiteral("ID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "unfreeze an account"),
         QString()},
        {QStringLiteral("account close"),
         {QStringLiteral("ID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "close an empty account for good"),
         QString()},
        {QStringLiteral("account show"),
         {QStringLiteral("ID")},
         {kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "show an account with its balance, holds and held markers"),
         QString()},
        {QStringLiteral("accounts"),
         {},
         {{QStringLiteral("filter"), QStringLiteral("TEXT"), QT_TRANSLATE_NOOP("ledgerctl", "only ids or names containing TEXT")},
          {QStringLiteral("limit"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "at most N accounts (default 1000)")},
          kAll,
          kJson,
          kCsv},
         QT_TRANSLATE_NOOP("ledgerctl", "list accounts"),
         QT_TRANSLATE_NOOP("ledgerctl", "The balances are the account documents' as stored: while a transfer is half-posted the\n"
                                        "sum of all of them is off by its unposted legs. 'ledgerctl balances' counts every\n"
                                        "transaction whole.")},
        {QStringLiteral("balances"),
         {},
         {kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "every account's balance with each transaction counted whole"),
         QT_TRANSLATE_NOOP("ledgerctl", "A transaction counts from its commit point: once it is applied (or one of its legs is\n"
                                        "posted) all its legs count, before that none does. So the balances, @world included,\n"
                                        "always sum to zero, even while transfers are half-way, on every kind of store; the\n"
                                        "transactions still being posted are listed. --json prints [{\"id\", \"balance\",\n"
                                        "\"posted\"}] with decimal strings.")},
        {QStringLiteral("transfer"),
         {QStringLiteral("SOURCE"), QStringLiteral("DESTINATION"), QStringLiteral("AMOUNT")},
         {{QStringLiteral("key"), QStringLiteral("KEY"),
           QT_TRANSLATE_NOOP("ledgerctl", "idempotency key: the same key and request never pays twice (a retry finishes what a "
                                          "dead run left, unless an operator claimed it; one still in flight exits 4)")},
          {QStringLiteral("memo"), QStringLiteral("TEXT"), QT_TRANSLATE_NOOP("ledgerctl", "a note kept with the transfer")},
          {QStringLiteral("from"), QStringLiteral("ACCOUNT:AMOUNT"),
           QT_TRANSLATE_NOOP("ledgerctl", "a debit leg, instead of SOURCE DESTINATION AMOUNT (repeat for several)"), QString(), true},
          {QStringLiteral("to"), QStringLiteral("ACCOUNT:AMOUNT"), QT_TRANSLATE_NOOP("ledgerctl", "a credit leg (repeat for several)"),
           QString(), true},
          kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "move AMOUNT from SOURCE to DESTINATION"),
         QT_TRANSLATE_NOOP("ledgerctl", "AMOUNT is a positive decimal with at most the ledger's scale of decimals, e.g. 12.34.\n"
                                        "@world may be the source (money entering) or the destination (money leaving).\n"
                                        "With --from and --to one transaction moves money between several accounts, e.g.\n"
                                        "  ledgerctl transfer --from alice:100 --to bob:97 --to fees:3\n"
                                        "at least one of each, at most 16 legs, each on its own account; the debits and the\n"
                                        "credits must add up to the same amount (else invalid-amount, and nothing is written).\n"
                                        "Every leg is held before any is posted: all of them move, or none."),
         {QStringLiteral("from"), QStringLiteral("to")}},
        {QStringLiteral("list"),
         {},
         {{QStringLiteral("state"), QStringLiteral("STATE"), QT_TRANSLATE_NOOP("ledgerctl", "only this state: %1"), txStateNames()},
          {QStringLiteral("stuck-for"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "only stuck ones: not finished and idle this long, or lease expired")},
          {QStringLiteral("account"), QStringLiteral("ID"), QT_TRANSLATE_NOOP("ledgerctl", "only transfers from or to this account")},
          {QStringLiteral("limit"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "at most N rows (default 100)")},
          {QStringLiteral("newest"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "newest first (default: oldest first)")},
          kAll,
          kJson,
          kCsv},
         QT_TRANSLATE_NOOP("ledgerctl", "list transactions"),
         durations},
        {QStringLiteral("show"),
         {QStringLiteral("TXID")},
         {kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "show a transaction: the document, its leg markers and its journal"),
         QString()},
        {QStringLiteral("resume"),
         {QStringLiteral("TXID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "take over a stuck transaction and drive it to done or canceled"),
         QString()},
        {QStringLiteral("cancel"),
         {QStringLiteral("TXID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "cancel a transaction that is initial or pending"),
         QString()},
        {QStringLiteral("compensate"),
         {QStringLiteral("TXID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "move a done transfer's money back (asking twice creates one)"),
         QString()},
        {QStringLiteral("claim"),
         {QStringLiteral("TXID")},
         {kNote, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "say you are on a transaction: every console shows it and asks others before they repair it"),
         QT_TRANSLATE_NOOP("ledgerctl", "The claim stands until released (ledgerctl release) or the transaction finishes. Claiming one "
                                        "someone else claimed takes it over; the journal keeps both.")},
        {QStringLiteral("release"),
         {QStringLiteral("TXID")},
         {kNote, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "release a claim on a transaction (yours, or someone else's by hand)"),
         QString()},
        {QStringLiteral("note"),
         {QStringLiteral("TXID"), QStringLiteral("TEXT")},
         {kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "add a note to a transaction's journal, with your name"),
         QString()},
        {QStringLiteral("approvals"),
         {},
         {{QStringLiteral("state"), QStringLiteral("STATE"),
           QT_TRANSLATE_NOOP("ledgerctl", "only these states, comma-separated: pending, approved, rejected, expired, done, failed")},
          {QStringLiteral("limit"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "at most N rows (default 100)")},
          {QStringLiteral("id"), QStringLiteral("ID"),
           QT_TRANSLATE_NOOP("ledgerctl", "one request in full: what was shown, both names, the outcome")},
          {QStringLiteral("rules"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "the rules ledgerd holds repairs and transfers to")},
          kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "list the approval requests (four eyes), newest first"),
         QT_TRANSLATE_NOOP("ledgerctl", "With rules in ledgerd's --config, a repair or transfer above a threshold is not run: it\n"
                                        "waits as an approval request (exit status 4, awaiting-approval) until another person\n"
                                        "approves it (it then runs once, under both names) or rejects it. See 'ledgerctl help approve'.")},
        {QStringLiteral("approve"),
         {QStringLiteral("ID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "approve an approval request: its action runs, once, under both names"),
         QT_TRANSLATE_NOOP("ledgerctl", "Through ledgerd only (--server). Never your own request; with 'approvers = approver' in the\n"
                                        "rules, only the role approver decides. Refused (approval-stale) when what the requester\n"
                                        "was shown no longer holds, and (approval-expired) past its expiry. An approval whose run\n"
                                        "was cut short is finished by approving it again.")},
        {QStringLiteral("reject"),
         {QStringLiteral("ID")},
         {kReason, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "reject an approval request (--reason is required): it never runs"),
         QString()},
        {QStringLiteral("recover"),
         {},
         {{QStringLiteral("older-than"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "also take over unfinished ones idle this long (default 30m); expired leases always")},
          {QStringLiteral("threads"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "worker threads, 1-64 (default 4)")},
          {QStringLiteral("take-claimed"), QString(),
           QT_TRANSLATE_NOOP("ledgerctl", "also those someone else claimed within 4 hours (passed over and named otherwise)")},
          kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "resume every stuck transaction"),
         durations},
        {QStringLiteral("audit"),
         {},
         {kJson, kCsv},
         QT_TRANSLATE_NOOP("ledgerctl", "check the ledger's invariants; exit 1 on findings"),
         QT_TRANSLATE_NOOP("ledgerctl", "--csv prints the findings, one row each (a header only when clean).")},
        {QStringLiteral("check"),
         {},
         {{QStringLiteral("stuck-for"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "stuck means not finished and idle this long, or lease expired (default 30m)")},
          {QStringLiteral("stuck-warn"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "WARNING when more than N are stuck (default 0)")},
          {QStringLiteral("stuck-crit"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "CRITICAL when more than N are stuck (default 9)")},
          {QStringLiteral("age-warn"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "WARNING when the oldest stuck one has been idle longer (default: not checked)")},
          {QStringLiteral("age-crit"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "CRITICAL when the oldest stuck one has been idle longer (default: not checked)")},
          {QStringLiteral("audit"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "also audit the ledger: any finding is CRITICAL")}},
         QT_TRANSLATE_NOOP("ledgerctl", "a monitoring check of stuck transactions (Nagios, Icinga, cron)"),
         QT_TRANSLATE_NOOP("ledgerctl", "Prints one line in the monitoring-plugins format, e.g.\n"
                                        "  LEDGER WARNING - 3 stuck (idle 30m or lease expired), oldest idle 4d: ... | stuck=3;0;9;0; ...\n"
                                        "and exits 0 OK, 1 WARNING, 2 CRITICAL or 3 UNKNOWN (the store unreachable, a bad option):\n"
                                        "these exit statuses, not ledgerctl's others. The line is always in English.")},
        {QStringLiteral("actions"),
         {},
         {{QStringLiteral("kind"), QStringLiteral("KIND"),
           QT_TRANSLATE_NOOP("ledgerctl", "repairs (default), accounts, transfers (transfers issued) or all")},
          {QStringLiteral("filter"), QStringLiteral("TEXT"),
           QT_TRANSLATE_NOOP("ledgerctl", "only actions by this operator or on this document (substring)")},
          {QStringLiteral("limit"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "at most N actions (default 100)")},
          kAll,
          kJson,
          kCsv},
         QT_TRANSLATE_NOOP("ledgerctl", "list operator actions, newest first: who did what, when and why"),
         QString()},
        {QStringLiteral("report"),
         {QStringLiteral("TXID")},
         {{QStringLiteral("out"), QStringLiteral("FILE"), QT_TRANSLATE_NOOP("ledgerctl", "write the report to FILE (default: stdout)")}},
         QT_TRANSLATE_NOOP("ledgerctl", "an incident report of one transaction, as HTML"),
         QT_TRANSLATE_NOOP("ledgerctl", "The document, its leg markers, both accounts, the timeline and the operator actions on it and\n"
                                        "on its accounts. The console also saves it as PDF.")},
        {QStringLiteral("feed"),
         {},
         {{QStringLiteral("since"), QStringLiteral("CURSOR"),
           QT_TRANSLATE_NOOP("ledgerctl", "start after this cursor (default 0: from the beginning)")},
          {QStringLiteral("limit"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "at most N events (default: all there are)")},
          {QStringLiteral("follow"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "keep waiting for new events (until interrupted)")}},
         QT_TRANSLATE_NOOP("ledgerctl", "print finished transactions as JSON Lines, in commit order"),
         QT_TRANSLATE_NOOP("ledgerctl", "One line per transaction that reached done or canceled: its document, legs, the balance each\n"
                                        "posted leg left, and \"cursor\". Run again with --since <the last cursor> to get exactly the\n"
                                        "events after it: none missed, none twice. A sharded store's cursor has one position per\n"
                                        "shard; each shard's events come in its commit order.")},
        {QStringLiteral("serve"),
         {},
         {{QStringLiteral("ws"), QStringLiteral("HOST:PORT"),
           QT_TRANSLATE_NOOP("ledgerctl", "push the feed to WebSocket clients on this local address (port 0: any free port)")}},
         QT_TRANSLATE_NOOP("ledgerctl", "serve the change feed to WebSocket clients as transactions finish"),
         QT_TRANSLATE_NOOP("ledgerctl",
                           "Prints 'listening on ws://HOST:PORT' when ready. A client connecting to ws://HOST:PORT/?since=CURSOR\n"
                           "gets every event after CURSOR, then the new ones as they commit; without since, only new ones.\n"
                           "Each message is one event, the same JSON object as a line of 'ledgerctl feed'. HOST must be\n"
                           "a loopback address (127.0.0.1, ::1 or localhost): the feed has no authentication.")},
        {QStringLiteral("lake sync"),
         {},
         {kLakeTo,
          {QStringLiteral("max-file-size"), QStringLiteral("SIZE"),
           QT_TRANSLATE_NOOP("ledgerctl", "close a file at this size before compression (default 64MB; KB, MB, GB, KiB…)")},
          {QStringLiteral("max-age"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "close a file this long after its first line (default 5m; a run closes every file at its end)")},
          kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "put every finished transaction into the data lake, once (one run, for cron)"),
         QT_TRANSLATE_NOOP("ledgerctl", "Writes each transaction that finished (done or canceled) before the run began as one JSON line,\n"
                                        "the feed's event without its cursor, into gzip files dt=YYYY-MM-DD/sNN-AFTER-LAST.ndjson.gz\n"
                                        "by the UTC day it finished, with _schema.json and _checkpoint.json at the lake's root. Run\n"
                                        "again, it adds what finished since; killed at any moment and run again, every transaction\n"
                                        "is in the lake exactly once. One sync at a time per lake (a folder's is locked: lake-busy).\n"
                                        "LOCATION: a folder, or s3://BUCKET/PREFIX?endpoint=URL&region=R&profile=P with credentials\n"
                                        "as the AWS CLI finds them. 'ledgerd --lake LOCATION' keeps a lake up to date instead.")},
        {QStringLiteral("lake status"),
         {},
         {kLakeTo, kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "say how far the data lake got: files, events, how far behind, gaps"),
         QT_TRANSLATE_NOOP("ledgerctl", "Reads the checkpoint and the list of files (takes no lock, writes nothing), checks that each\n"
                                        "shard's files follow one another with no gap or overlap, and counts what finished after\n"
                                        "the last file (up to 10,000).")},
        {QStringLiteral("demo"),
         {},
         {{QStringLiteral("accounts"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "accounts to create (default 12)")},
          {QStringLiteral("transfers"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "transfers to make (default 200)")},
          {QStringLiteral("stuck"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "stuck transactions to leave behind (default 10)")},
          {QStringLiteral("if-empty"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "do nothing when the store already has accounts")},
          {QStringLiteral("all-now"), QString(),
           QT_TRANSLATE_NOOP("ledgerctl", "keep every time at now instead of spreading the history over the last week")}},
         QT_TRANSLATE_NOOP("ledgerctl", "fill a store (created if missing) with demo data"),
         QT_TRANSLATE_NOOP("ledgerctl", "The history is spread over the last week: most transfers over days, the rest over the last hour, "
                                        "stuck ones from minutes to days old, so that ages and the stuck threshold mean something.")},
        {QStringLiteral("whoami"),
         {},
         {kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "say whom the journal will name for what you do, with which role, where"),
         QT_TRANSLATE_NOOP("ledgerctl", "Through a ledger service (--server) the name and role are the token's, vouched for by the\n"
                                        "server. On a store opened here the name is --operator's (or $LEDGERDESK_OPERATOR, $USER),\n"
                                        "which nobody checks.")},
        {QStringLiteral("errors"),
         {},
         {kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "list the error codes and exit statuses"),
         QString(),
         {},
         false},
        {QStringLiteral("bench"),
         {QStringLiteral("SCENARIO")},
         {{QStringLiteral("threads"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "worker threads or clients, 1-64 (default 4); transfers: a list like 1,4,16 measures each")},
          {QStringLiteral("count"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "transfers, or stuck transactions for recover (default 20000 / 10000; a tenth when synced)")},
          {QStringLiteral("accounts"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "accounts the transfers pick from (default 1000)")},
          {QStringLiteral("raw-commits"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "bare commits per raw measurement (default 40000; 4000 synced)")},
          {QStringLiteral("runs"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "repeat and report the median run (default 3; seed 1)")},
          {QStringLiteral("sync"), QStringLiteral("MODE"),
           QT_TRANSLATE_NOOP("ledgerctl", "normal or full: synchronous= of a one-file scratch store")},
          {QStringLiteral("shards"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "scratch store of N shard files (FULL); for the shards scenario a list (default 1,2,4)")},
          {QStringLiteral("iterations"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "seed: slices (default 25)")},
          {QStringLiteral("per-iteration"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "seed: transfers per slice (default 1000)")},
          {QStringLiteral("slice"), QStringLiteral("DURATION"),
           QT_TRANSLATE_NOOP("ledgerctl", "seed: time between slices (default 1s; 0s: all at once)")},
          {QStringLiteral("rows"), QStringLiteral("N"),
           QT_TRANSLATE_NOOP("ledgerctl", "console, lake: transactions in the store (default 1000000)")},
          {QStringLiteral("console-binary"), QStringLiteral("PATH"), QT_TRANSLATE_NOOP("ledgerctl", "console: the ledgerdesk to measure")},
          {QStringLiteral("dir"), QStringLiteral("PATH"),
           QT_TRANSLATE_NOOP("ledgerctl", "where the scratch store goes (default: beside --store)")},
          {QStringLiteral("seed"), QStringLiteral("N"), QT_TRANSLATE_NOOP("ledgerctl", "random seed of the transfers (default 1)")},
          {QStringLiteral("keep"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "keep the scratch store and say where")},
          {QStringLiteral("tail-profile"), QString(),
           QT_TRANSLATE_NOOP("ledgerctl", "transfers: split the slowest transfers' time into CPU, lock wait and time off the CPU")},
          kJson},
         QT_TRANSLATE_NOOP("ledgerctl", "measure the store and the protocol on a scratch store (never your ledger)"),
         QT_TRANSLATE_NOOP("ledgerctl",
                           "SCENARIO is one of:\n"
                           "  raw        the store's bare single-document commit rate (its limit), on 1 and N threads\n"
                           "  transfers  random transfers on N threads: transfers/s, latency, protocol efficiency\n"
                           "  seed       the MongoDB schema book's scenario: 25 x 1,000 transfers, published figures beside\n"
                           "  recover    a backlog stuck in every unfinished state, drained by recovery\n"
                           "  shards     transfers at synchronous=FULL on one file and on 1, 2, 4 shard files\n"
                           "  console    the console on 1,000,000 transactions: open, last row, middle, scroll, filter, sort, RSS\n"
                           "  lake       a lake sync of 1,000,000 finished transfers beside the feed of them to /dev/null\n"
                           "  all        each of the above but lake, with its defaults (the README's table)\n"
                           "The scratch store is made beside the --store location (same disk) and removed afterwards.")},
        {QStringLiteral("completion"),
         {QStringLiteral("SHELL")},
         {{QStringLiteral("ids"), QStringLiteral("KIND"),
           QT_TRANSLATE_NOOP("ledgerctl", "instead of a script, the ids it offers, one a line: accounts (in id order) or\n"
                                          "                          transactions (newest first), at most %1"),
           QString::number(kCompletionIdLimit)},
          {QStringLiteral("prefix"), QStringLiteral("TEXT"), QT_TRANSLATE_NOOP("ledgerctl", "with --ids: only ids starting with TEXT")}},
         QT_TRANSLATE_NOOP("ledgerctl", "print the completion script for bash or zsh"),
         QT_TRANSLATE_NOOP("ledgerctl", "SHELL is bash or zsh. The package installs both; to load one by hand:\n"
                                        "  source <(ledgerctl completion bash)\n"
                                        "or put the output of 'ledgerctl completion zsh' on $fpath as _ledgerctl. The scripts\n"
                                        "offer commands, options, their values, and ids from the store of the line being completed\n"
                                        "(--store, else $LEDGERDESK_STORE): ids only from a store of local files, as a key press\n"
                                        "must not wait on a server."),
         {QStringLiteral("ids")},
         false},
        {QStringLiteral("help"), {}, {}, QT_TRANSLATE_NOOP("ledgerctl", "show help for a command"), QString()},
    };
}

bool isTwoWordGroup(const QString &word) { return word == QLatin1String("account") || word == QLatin1String("lake"); }

// Edits between two words (optimal string alignment: a swap of two neighbours is one edit).
int editDistance(const QString &a, const QString &b)
{
    const qsizetype n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(size_t(n + 1), std::vector<int>(size_t(m + 1)));
    for (qsizetype i = 0; i <= n; ++i)
        d[size_t(i)][0] = int(i);
    for (qsizetype j = 0; j <= m; ++j)
        d[0][size_t(j)] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            int best = std::min({d[size_t(i - 1)][size_t(j)] + 1, d[size_t(i)][size_t(j - 1)] + 1, d[size_t(i - 1)][size_t(j - 1)] + cost});
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1))
                best = std::min(best, d[size_t(i - 2)][size_t(j - 2)] + 1);
            d[size_t(i)][size_t(j)] = best;
        }
    }
    return d[size_t(n)][size_t(m)];
}

// "; did you mean X?" when `word` is a slip of one of `candidates`, else nothing.
Message didYouMean(const QString &word, const QStringList &candidates)
{
    const QString closest = closestOf(word, candidates);
    if (closest.isEmpty())
        return Message(QString(), QString());
    return Message::translate("ledgerctl", "; did you mean %1?").arg(closest);
}

QStringList commandNames()
{
    QStringList names;
    for (const CommandSpec &c : commands())
        names << c.name;
    return names;
}

QStringList optionNames(const CommandSpec *command)
{
    QStringList names;
    for (const OptionSpec &o : globalOptions())
        names << QStringLiteral("--") + o.name;
    if (command) {
        for (const OptionSpec &o : command->options)
            names << QStringLiteral("--") + o.name;
    }
    return names;
}

// "-5" and "-1.5" are (bad) amounts, not options: let them reach the amount parser.
bool looksLikeOption(const QString &arg)
{
    if (arg.size() < 2 || arg.front() != QLatin1Char('-'))
        return false;
    return !(arg.at(1).isDigit() || arg.at(1) == QLatin1Char('.'));
}

const OptionSpec *findOption(const QList<OptionSpec> &options, const QString &name)
{
    for (const OptionSpec &o : options) {
        if (o.name == name)
            return &o;
    }
    return nullptr;
}

} // namespace

const QList<OptionSpec> &globalOptions()
{
    static const QList<OptionSpec> options = {
        {QStringLiteral("store"), QStringLiteral("PATH"),
         QT_TRANSLATE_NOOP("ledgerctl",
                           "the store: a file, a sharded store's X.json, or a PostgreSQL database in libpq's\n"
                           "                        terms: postgresql://user@h1:5432,h2:5432/db?target_session_attrs=read-write,\n"
                           "                        'host=/run/postgresql dbname=ledger', 'service=ledger' (pg_service.conf), or\n"
                           "                        postgresql:// for what the PG* variables say; passwords from ~/.pgpass;\n"
                           "                        or tables on DynamoDB: dynamodb://REGION/PREFIX?endpoint=URL&profile=NAME\n"
                           "                        (credentials as the AWS CLI finds them)\n"
                           "                        (default: $LEDGERDESK_STORE, else ledger.db in your data directory)")},
        {QStringLiteral("operator"), QStringLiteral("NAME"),
         QT_TRANSLATE_NOOP("ledgerctl", "your name in the journal (default: $LEDGERDESK_OPERATOR, else $USER)")},
        {QStringLiteral("server"), QStringLiteral("URL"),
         QT_TRANSLATE_NOOP("ledgerctl",
                           "go through a ledger service (ledgerd) instead of opening a store: https://HOST:PORT,\n"
                           "                        or http://127.0.0.1:PORT on this machine; the journal then names you as your\n"
                           "                        token does, whatever --operator says (default: $LEDGERDESK_SERVER)")},
        {QStringLiteral("token-file"), QStringLiteral("FILE"),
         QT_TRANSLATE_NOOP("ledgerctl", "with --server: the file holding your token, readable by you only (default:\n"
                                        "                        $LEDGERDESK_TOKEN)")},
        {QStringLiteral("ca"), QStringLiteral("FILE"),
         QT_TRANSLATE_NOOP("ledgerctl", "with --server: check the service's certificate against these PEM CAs instead of\n"
                                        "                        the system's")},
        {QStringLiteral("crash-after"), QStringLiteral("STEP"),
         QT_TRANSLATE_NOOP("ledgerctl", "exit with status 86 right after this protocol write (training, tests): %1;\n"
                                        "                        STEP:N for its N-th time (the second credit of a many-legged transfer)"),
         stepNames()},
        {QStringLiteral("language"), QStringLiteral("LANG"),
         QT_TRANSLATE_NOOP("ledgerctl",
                           "messages and help in this language: %1 (default: $LEDGERDESK_LANGUAGE, else the\n"
                           "                        console's setting, else the locale); --json, --csv, feed, serve and bench\n"
                           "                        always speak English"),
         availableLanguages().join(QStringLiteral(" | "))},
        {QStringLiteral("help"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "show help")},
        {QStringLiteral("version"), QString(), QT_TRANSLATE_NOOP("ledgerctl", "show the version")},
    };
    return options;
}

const QList<CommandSpec> &commands()
{
    static const QList<CommandSpec> list = buildCommands();
    return list;
}

const CommandSpec *findCommand(const QString &name)
{
    for (const CommandSpec &c : commands()) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

Result<ParsedArgs> parseArguments(const QStringList &args)
{
    ParsedArgs parsed;
    const CommandSpec *command = nullptr;
    QStringList words; // positionals before the command is known, then the command's own
    bool optionsEnded = false;

    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (!optionsEnded && arg == QLatin1String("--")) {
            optionsEnded = true;
            continue;
        }
        if (!optionsEnded && (arg == QLatin1String("-h"))) {
            parsed.help = true;
            continue;
        }
        if (!optionsEnded && looksLikeOption(arg)) {
            if (!arg.startsWith(QLatin1String("--")))
                return makeError(
                    ErrorCode::UnknownOption,
                    Message::translate("ledgerctl", "unknown option %1; options are spelled --name").arg(quoteForMessage(arg)));
            QString name = arg.mid(2);
            std::optional<QString> inlineValue;
            if (const qsizetype eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
                inlineValue = name.mid(eq + 1);
                name = name.left(eq);
            }
            const OptionSpec *spec = findOption(globalOptions(), name);
            if (!spec && command)
                spec = findOption(command->options, name);
            if (!spec) {
                const QString shown = quoteForMessage(QStringLiteral("--") + name);
                // Before the command only the global options are known.
                const Message hint = didYouMean(QStringLiteral("--") + name, optionNames(command));
                if (!command)
                    return makeError(ErrorCode::UnknownOption,
                                     Message::translate("ledgerctl", "unknown option %1 (see 'ledgerctl --help')").arg(shown) + hint);
                return makeError(ErrorCode::UnknownOption,
                                 Message::translate("ledgerctl", "%1 has no option %2 (see 'ledgerctl help %1')").arg(command->name, shown)
                                     + hint);
            }
            if (spec->valueName.isEmpty()) {
                if (inlineValue)
                    return makeError(ErrorCode::Usage, Message::translate("ledgerctl", "--%1 takes no value").arg(name));
                if (name == QLatin1String("help"))
                    parsed.help = true;
                else if (name == QLatin1String("version"))
                    parsed.version = true;
                else
                    parsed.flags.insert(name);
                continue;
            }
            if (!inlineValue) {
                if (i + 1 >= args.size())
                    return makeError(ErrorCode::MissingArgument,
                                     Message::translate("ledgerctl", "--%1 needs a value (%2)").arg(name, spec->valueName));
                inlineValue = args.at(++i);
            }
            parsed.values.insert(name, *inlineValue);
            if (spec->repeatable)
                parsed.lists[name] << *inlineValue;
            continue;
        }
        if (!command) {
            QString name = arg;
            if (isTwoWordGroup(arg)) {
                // `ledgerctl account --help` (or -h before it): the group's help.
                const bool helpNext =
                    i + 1 < args.size() && (args.at(i + 1) == QLatin1String("--help") || args.at(i + 1) == QLatin1String("-h"));
                if (helpNext || (parsed.help && i + 1 >= args.size())) {
                    parsed.command = QStringLiteral("help");
                    parsed.help = true;
                    parsed.positionals = {arg};
                    return parsed;
                }
                if (i + 1 >= args.size() || looksLikeOption(args.at(i + 1))) {
                    // The group's subcommands, from the command table.
                    QStringList subcommands;
                    for (const CommandSpec &c : commands()) {
                        if (c.name.startsWith(arg + QLatin1Char(' ')))
                            subcommands << c.name.mid(arg.size() + 1);
                    }
                    return makeError(
                        ErrorCode::MissingArgument,
                        Message::translate("ledgerctl", "'%1' needs a subcommand: %2").arg(arg, subcommands.join(QStringLiteral(", "))));
                }
                name = arg + QLatin1Char(' ') + args.at(++i);
            }
            command = findCommand(name);
            if (!command)
                return makeError(ErrorCode::UnknownCommand,
                                 Message::translate("ledgerctl", "unknown command %1 (see 'ledgerctl --help')").arg(quoteForMessage(name))
                                     + didYouMean(name, commandNames()));
            parsed.command = command->name;
            continue;
        }
        words << arg;
    }

    if (!command) {
        if (parsed.help || parsed.version)
            return parsed;
        return makeError(ErrorCode::Usage, Message::translate("ledgerctl", "no command given (see 'ledgerctl --help')"));
    }
    if (command->name == QLatin1String("help")) {
        parsed.positionals = words; // help takes any command name, checked by the caller
        return parsed;
    }
    if (parsed.help)
        return parsed;
    const bool instead = std::any_of(command->insteadOfPositionals.cbegin(), command->insteadOfPositionals.cend(),
                                     [&](const QString &option) { return parsed.values.contains(option); });
    if (instead) {
        if (!words.isEmpty())
            return makeError(ErrorCode::UnexpectedArgument,
                             Message::translate("ledgerctl", "%1 takes either %2 or %3, not both; %4 is one too many")
                                 .arg(command->name, command->positionals.join(QLatin1Char(' ')),
                                      QStringLiteral("--") + command->insteadOfPositionals.join(QStringLiteral("/--")),
                                      quoteForMessage(words.first())));
        parsed.positionals = words;
        return parsed;
    }
    if (words.size() < command->positionals.size()) {
        const QStringList missing = command->positionals.mid(words.size());
        const Message names(missing.join(QStringLiteral(" and ")), missing.join(QCoreApplication::translate("ledgerctl", " and ")));
        return makeError(ErrorCode::MissingArgument, Message::translate("ledgerctl", "%1 needs %2 (usage: ledgerctl %1 %3)")
                                                         .arg(command->name, names, command->positionals.join(QLatin1Char(' '))));
    }
    if (words.size() > command->positionals.size())
        return makeError(ErrorCode::UnexpectedArgument, Message::translate("ledgerctl", "%3 is one argument too many: %1 takes %2")
                                                            .arg(command->name)
                                                            .arg(command->positionals.size())
                                                            .arg(quoteForMessage(words.at(command->positionals.size()))));
    parsed.positionals = words;
    return parsed;
}

QString usageText()
{
    // Words are translated a sentence or paragraph at a time; the layout stays here.
    QString text = Ctl::tr("ledgerctl — operate a LedgerDesk two-phase-commit ledger from the command line") + QStringLiteral("\n\n")
                 + Ctl::tr("usage: ledgerctl [--store PATH] [--operator NAME] <command> ...") + QStringLiteral("\n\n")
                 + Ctl::tr("commands:") + QLatin1Char('\n');
    for (const CommandSpec &c : commands()) {
        QString head = c.name;
        for (const QString &p : c.positionals)
            head += QLatin1Char(' ') + p;
        text += QStringLiteral("  %1  %2\n").arg(head.leftJustified(36), translatedHelp(c.summary));
    }
    text += QLatin1Char('\n') + Ctl::tr("global options:") + QLatin1Char('\n');
    for (const OptionSpec &o : globalOptions()) {
        const QString head = QStringLiteral("--%1%2").arg(o.name, o.valueName.isEmpty() ? QString() : QLatin1Char(' ') + o.valueName);
        text += QStringLiteral("  %1  %2\n").arg(head.leftJustified(20), optionHelp(o));
    }
    text += QLatin1Char('\n')
          + Ctl::tr("exit status: 0 success; 1 refused by a rule of the ledger, or audit findings;\n"
                    "2 bad usage or input; 3 store unavailable or unusable;\n"
                    "4 accepted, not finished: the transaction is in flight and its money has not moved yet\n"
                    "(not-finished; ask again with the same key); 86 injected crash.\n"
                    "Errors go to stderr as 'error: <code>: <message>' ('ledgerctl errors' lists the codes).\n"
                    "'ledgerctl help COMMAND' shows a command's options.")
          + QLatin1Char('\n');
    return text;
}

bool isCommandGroup(const QString &word) { return isTwoWordGroup(word); }

QString closestOf(const QString &word, const QStringList &candidates)
{
    QString best;
    int bestDistance = std::max(1, int(word.size()) / 3) + 1;
    for (const QString &c : candidates) {
        const int d = editDistance(word.toLower(), c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

QString groupHelp(const QString &group)
{
    QString text =
        Ctl::tr("usage: ledgerctl %1 <subcommand> ...").arg(group) + QStringLiteral("\n\n") + Ctl::tr("commands:") + QLatin1Char('\n');
    for (const CommandSpec &c : commands()) {
        if (!c.name.startsWith(group + QLatin1Char(' ')))
            continue;
        QString head = c.name;
        for (const QString &p : c.positionals)
            head += QLatin1Char(' ') + p;
        text += QStringLiteral("  %1  %2\n").arg(head.leftJustified(36), translatedHelp(c.summary));
    }
    text += QLatin1Char('\n') + Ctl::tr("'ledgerctl help %1 SUBCOMMAND' shows a subcommand's options.").arg(group) + QLatin1Char('\n');
    return text;
}

QString commandHelp(const CommandSpec &c)
{
    QString usage = c.name;
    for (const QString &p : c.positionals)
        usage += QLatin1Char(' ') + p;
    QString text = (c.options.isEmpty() ? Ctl::tr("usage: ledgerctl %1") : Ctl::tr("usage: ledgerctl %1 [options]")).arg(usage);
    text += QStringLiteral("\n\n%1\n").arg(translatedHelp(c.summary));
    if (!c.details.isEmpty())
        text += translatedHelp(c.details) + QLatin1Char('\n');
    if (!c.options.isEmpty()) {
        text += QLatin1Char('\n') + Ctl::tr("options:") + QLatin1Char('\n');
        for (const OptionSpec &o : c.options) {
            const QString head = QStringLiteral("--%1%2").arg(o.name, o.valueName.isEmpty() ? QString() : QLatin1Char(' ') + o.valueName);
            text += QStringLiteral("  %1  %2\n").arg(head.leftJustified(22), optionHelp(o));
        }
    }
    return text;
}

} // namespace ledger::cli
