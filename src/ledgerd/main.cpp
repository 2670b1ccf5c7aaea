// ledgerd: the ledger as a service — API v1 over HTTP(S) for applications, on the same libraries
// as the console and ledgerctl. This file reads the command line, opens the store once to check
// it, starts the front (httpfront.h) and stops it gracefully on SIGTERM/SIGINT.
#include "httpfront.h"
#include "interchange/listenaddress.h"
#include "ledger/duration.h"
#include "lakeloop.h"
#include "recoveryloop.h"
#include "store/location.h"
#include "store/open/storeconfig.h"
#include "tokens.h"
#include "approvalconfig.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLoggingCategory>
#include <QSocketNotifier>
#include <QSslKey>
#include <QTextStream>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sys/socket.h>
#include <unistd.h>

using namespace ledger;
using namespace ledger::api;

namespace {

int g_signalPipe[2] = {-1, -1};

// What the signal pipe carries: stop (SIGTERM, SIGINT) or read the configuration again (SIGHUP).
constexpr char kStopByte = 1;
constexpr char kReloadByte = 2;

void onSignal(int signal)
{
    const char byte = signal == SIGHUP ? kReloadByte : kStopByte;
    [[maybe_unused]] const auto n = ::write(g_signalPipe[1], &byte, 1);
}

const char *kUsage =
    R"(usage: ledgerd --store LOCATION --listen HOST:PORT [--tokens FILE] [--tls-cert FILE --tls-key FILE] [--threads N] [--write-threads N] [--max-connections N]
                      [--max-connections-per-client N] [--recover-every DURATION|off] [--recover-after DURATION]
                      [--stuck-for DURATION] [--lake LOCATION [--lake-max-file-size SIZE] [--lake-max-age DURATION]]
                      [--config FILE]
       ledgerd token add NAME ROLE --tokens FILE       print a new token (once) and keep its hash
       ledgerd token revoke NAME --tokens FILE

The ledger as a service: API v1 (JSON over HTTP; GET /openapi.json describes it) on the same
libraries as ledgerctl, with the same rules and error code words.

  --store LOCATION   a store file, a sharded store's X.json, or a PostgreSQL location
                     (default: $LEDGERDESK_STORE, else the default store, as ledgerctl)
  --listen HOST:PORT where to listen (port 0 picks a free one); prints "listening on URL"
  --tokens FILE      who may call: lines of NAME ROLE sha256:HEX (ROLE: read, transfer,
                     operator, approver); clients send Authorization: Bearer TOKEN. Without it
                     every client is the operator "local" — allowed on loopback only
  --config FILE      ledgerd.conf: its [approvals] section says which repairs and transfers
                     wait for a second person's approval (four eyes; README "Dual control").
                     Read at start and on SIGHUP (a file that does not read then keeps the
                     rules in force, and says why)
  --tls-cert FILE, --tls-key FILE   serve HTTPS (PEM); required, with --tokens, off loopback;
                     a key file that group or others may read is refused
  --threads N        worker threads for reads, each with its own store connection (1-64, default 8)
  --write-threads N  worker threads for writes (default: one per SQLite file, whose writes
                     queue on its lock anyway; --threads on PostgreSQL)
  --max-connections N  connections open at once (default 512); more are closed at accept
  --max-connections-per-client N  of those, from one address (an IPv6 /64) at once (default 64, or
                     --max-connections if lower;
                     behind a proxy every client is the proxy: raise it to --max-connections)
  --recover-every DURATION  how often to look for stuck transactions and finish them as
                     'ledgerctl recover' does (default 10s; off: never — then run
                     'ledgerctl recover' yourself). Passed over: an initial or pending one an
                     operator claimed within 4h (theirs to resume or cancel), and one whose
                     recovery failed for a reason a retry will not cure (said once on stderr)
  --recover-after DURATION  stuck means an expired lease, or no progress for this long
                     (default 1m; shorter than a lease, 30s, takes over transfers still being
                     driven: safe, but wasted work)
  --stuck-for DURATION  what /metrics counts as stuck: an expired lease, or no progress for
                     this long (default 30m, as the console and 'ledgerctl check')
  --lake LOCATION    keep the data lake up to date, as 'ledgerctl lake sync' does once: a folder,
                     or s3://BUCKET/PREFIX[?endpoint=URL&region=R&profile=P]; looked at every
                     second, files closed at --lake-max-file-size before compression (default
                     64MB) or --lake-max-age after their first line (default 5m), and on stop.
                     /metrics says how far behind it is (ledgerd_lake_lag_seconds)

SIGHUP: read --config again. SIGTERM or SIGINT: stop accepting, finish the requests in flight (at most 10 s), exit 0; a
recovery sweep under way leaves its transaction after the current write, for the next sweep;
the data lake's open files are closed.
exit status: 0 stopped cleanly; 2 bad usage or input; 3 the store or the address unusable.
)";

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return int(exitStatusOf(e.code));
}

int usage(const QString &message) { return fail(makeError(ErrorCode::Usage, message + QStringLiteral(" (see 'ledgerd --help')"))); }

int tokenCommand(const QStringList &args)
{
    // token add NAME ROLE --tokens FILE | token revoke NAME --tokens FILE
    QStringList words;
    QString file;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--tokens") && i + 1 < args.size())
            file = args.at(++i);
        else if (args.at(i).startsWith(QLatin1String("--tokens=")))
            file = args.at(i).mid(9);
        else if (args.at(i).startsWith(QLatin1String("--")))
            return fail(makeError(ErrorCode::UnknownOption, QStringLiteral("token takes only --tokens FILE, not %1").arg(args.at(i))));
        else
            words << args.at(i);
    }
    if (file.isEmpty())
        return fail(makeError(ErrorCode::MissingArgument, QStringLiteral("token needs --tokens FILE")));
    if (words.value(0) == QLatin1String("add") && words.size() == 3) {
        const auto role = roleFromString(words.at(2));
        if (!role)
            return fail(
                makeError(ErrorCode::InvalidArgument, QStringLiteral("ROLE is read, transfer or operator, not %1").arg(words.at(2))));
        auto token = addToken(file, words.at(1), *role);
        if (!token.ok())
            return fail(token.error());
        QTextStream(stdout) << *token << '\n';
        return 0;
    }
    if (words.value(0) == QLatin1String("revoke") && words.size() == 2) {
        if (Error e = revokeToken(file, words.at(1)); !e.ok())
            return fail(e);
        return 0;
    }
    return usage(QStringLiteral("token add NAME ROLE --tokens FILE, or token revoke NAME --tokens FILE"));
}

Result<QSslConfiguration> loadTls(const QString &certPath, const QString &keyPath)
{
    QFile certFile(certPath);
    QFile keyFile(keyPath);
    if (!certFile.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("cannot read --tls-cert %1").arg(certPath));
    if (!keyFile.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("cannot read --tls-key %1").arg(keyPath));
    // A private key others may read is refused like such a tokens file: either lets them be the server.
    if (Error e = checkPrivateFile(keyFile, QStringLiteral("--tls-key")); !e.ok())
        return e;
    const QList<QSslCertificate> chain = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    const QByteArray keyData = keyFile.readAll();
    QSslKey key(keyData, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyData, QSsl::Ec, QSsl::Pem);
    if (chain.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--tls-cert %1 holds no PEM certificate").arg(certPath));
    if (key.isNull())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--tls-key %1 holds no PEM RSA or EC private key").arg(keyPath));
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setLocalCertificateChain(chain);
    tls.setPrivateKey(key);
    tls.setPeerVerifyMode(QSslSocket::VerifyNone); // clients authenticate by token, not by certificate
    return tls;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // Qt HttpServer warns on stderr of every upgrade ledgerd refuses (401, 403, a route that does
    // not upgrade): anyone could fill the log with it. ledgerd answers those itself.
    QLoggingCategory::setFilterRules(QStringLiteral("qt.httpserver.warning=false"));
    QCoreApplication::setApplicationName(QStringLiteral("ledgerd"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LEDGERDESK_VERSION));
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        QTextStream(stdout) << kUsage;
        return 0;
    }
    if (args.contains(QStringLiteral("--version"))) {
        QTextStream(stdout) << "ledgerd " LEDGERDESK_VERSION "\n";
        return 0;
    }
    if (args.value(0) == QLatin1String("token"))
        return tokenCommand(args);

    QMap<QString, QString> values;
    static const QStringList known{QStringLiteral("store"),
                                   QStringLiteral("listen"),
                                   QStringLiteral("tokens"),
                                   QStringLiteral("tls-cert"),
                                   QStringLiteral("tls-key"),
                                   QStringLiteral("threads"),
                                   QStringLiteral("max-connections"),
                                   QStringLiteral("write-threads"),
                                   QStringLiteral("recover-every"),
                                   QStringLiteral("recover-after"),
                                   QStringLiteral("stuck-for"),
                                   QStringLiteral("max-connections-per-client"),
                                   QStringLiteral("lake"),
                                   QStringLiteral("lake-max-file-size"),
                                   QStringLiteral("lake-max-age"),
                                   QStringLiteral("config")};
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString name = args.at(i);
        QString value;
        if (!name.startsWith(QLatin1String("--")))
            return usage(QStringLiteral("unexpected argument %1").arg(name));
        name = name.mid(2);
        if (const qsizetype eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
            value = name.mid(eq + 1);
            name = name.left(eq);
        } else if (i + 1 < args.size()) {
            value = args.at(++i);
        } else {
            return fail(makeError(ErrorCode::MissingArgument, QStringLiteral("--%1 needs a value").arg(name)));
        }
        if (!known.contains(name))
            return fail(makeError(ErrorCode::UnknownOption, QStringLiteral("no option --%1 (see 'ledgerd --help')").arg(name)));
        values.insert(name, value);
    }
    if (!values.contains(QStringLiteral("listen")))
        return fail(makeError(ErrorCode::MissingArgument, QStringLiteral("--listen HOST:PORT is required")));
    auto listen = parseListenAddress(values.value(QStringLiteral("listen")), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:8080"));
    if (!listen.ok())
        return fail(listen.error());
    bool threadsOk = true;
    const int threads = values.contains(QStringLiteral("threads")) ? values.value(QStringLiteral("threads")).toInt(&threadsOk) : 8;
    if (!threadsOk || threads < 1 || threads > 64)
        return fail(makeError(ErrorCode::InvalidArgument, QStringLiteral("--threads must be a whole number from 1 to 64")));
    const bool tls = values.contains(QStringLiteral("tls-cert")) || values.contains(QStringLiteral("tls-key"));
    if (tls && !(values.contains(QStringLiteral("tls-cert")) && values.contains(QStringLiteral("tls-key"))))
        return fail(makeError(ErrorCode::MissingArgument, QStringLiteral("--tls-cert and --tls-key go together")));
    const bool loopback = listen->address.isLoopback();
    if (!loopback && (!tls || !values.contains(QStringLiteral("tokens"))))
        return fail(makeError(ErrorCode::InvalidArgument,
                              QStringLiteral("%1 is not a loopback address: off loopback ledgerd needs TLS (--tls-cert, --tls-key) "
                                             "and a tokens file (--tokens), so that money moves only over an encrypted, "
                                             "authenticated connection")
                                  .arg(listen->address.toString())));

    bool maxOk = true;
    const int maxConnections =
        values.contains(QStringLiteral("max-connections")) ? values.value(QStringLiteral("max-connections")).toInt(&maxOk) : 512;
    if (!maxOk || maxConnections < 1 || maxConnections > 100'000)
        return fail(makeError(ErrorCode::InvalidArgument, QStringLiteral("--max-connections must be a whole number from 1 to 100000")));
    bool perClientOk = true;
    const int maxPerClient = values.contains(QStringLiteral("max-connections-per-client"))
                               ? values.value(QStringLiteral("max-connections-per-client")).toInt(&perClientOk)
                               : qMin(64, maxConnections);
    if (!perClientOk || maxPerClient < 1 || maxPerClient > maxConnections)
        return fail(makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("--max-connections-per-client must be a whole number from 1 to --max-connections (%1)").arg(maxConnections)));
    qint64 recoverEveryMs = 10'000;
    if (const QString every = values.value(QStringLiteral("recover-every")); every == QLatin1String("off")) {
        recoverEveryMs = 0;
    } else if (!every.isEmpty()) {
        auto ms = duration::parse(every);
        if (!ms.ok() || *ms < 100)
            return fail(
                makeError(ErrorCode::InvalidArgument,
                          QStringLiteral("--recover-every is a duration of at least 100ms (10s, 1m) or off, not \"%1\"").arg(every)));
        recoverEveryMs = *ms;
    }
    qint64 recoverAfterMs = 60'000;
    if (const QString after = values.value(QStringLiteral("recover-after")); !after.isEmpty()) {
        auto ms = duration::parse(after);
        if (!ms.ok())
            return fail(
                makeError(ErrorCode::InvalidArgument, QStringLiteral("--recover-after is a duration (90s, 5m), not \"%1\"").arg(after)));
        recoverAfterMs = *ms;
    }
    FrontOptions options;
    if (const QString stuckFor = values.value(QStringLiteral("stuck-for")); !stuckFor.isEmpty()) {
        auto ms = duration::parse(stuckFor);
        if (!ms.ok())
            return fail(
                makeError(ErrorCode::InvalidArgument, QStringLiteral("--stuck-for is a duration (30m, 2h), not \"%1\"").arg(stuckFor)));
        options.stuckForMs = *ms;
    }
    options.threads = threads;
    options.limits.maxConnections = maxConnections;
    options.limits.maxPerClient = maxPerClient;
    if (values.contains(QStringLiteral("tokens"))) {
        auto tokens = TokenFile::load(values.value(QStringLiteral("tokens")));
        if (!tokens.ok())
            return fail(tokens.error());
        options.tokens = *tokens;
        options.tokensPath = values.value(QStringLiteral("tokens"));
    }
    std::optional<QSslConfiguration> tlsConfig;
    if (tls) {
        auto loaded = loadTls(values.value(QStringLiteral("tls-cert")), values.value(QStringLiteral("tls-key")));
        if (!loaded.ok())
            return fail(loaded.error());
        tlsConfig = *loaded;
    }
    auto config = resolveStoreConfig(values.value(QStringLiteral("store")));
    if (!config.ok())
        return fail(config.error());
    int shardCount = 1;
    int scale = 2;
    bool keepsApprovals = false;
    {
        auto store = openStore(*config); // refuse to start on a store that cannot be used
        if (!store.ok())
            return fail(store.error());
        shardCount = qMax(1, (*store)->shardCount());
        scale = (*store)->scale();
        keepsApprovals = (*store)->approvalBook() != nullptr;
    }
    // Four eyes: the rules of --config, before anyone is served (a file that does not read ends it).
    const QString configPath = values.value(QStringLiteral("config"));
    if (!configPath.isEmpty()) {
        auto rules = ApprovalConfig::load(configPath, scale);
        if (!rules.ok())
            return fail(rules.error());
        // Without tokens every client is "local": nobody could be a second person.
        if (rules->any() && !options.tokens)
            return fail(makeError(ErrorCode::InvalidArgument,
                                  QStringLiteral("%1 has [approvals] rules, which need --tokens: without a tokens file every client is "
                                                 "\"local\", and no one could approve another's request")
                                      .arg(configPath)));
        if (rules->any() && !keepsApprovals)
            return fail(
                makeError(ErrorCode::Unsupported, QStringLiteral("%1 has [approvals] rules, but this store keeps no approval requests "
                                                                 "(four eyes needs SQLite or PostgreSQL)")
                                                      .arg(configPath)));
        ApprovalConfig::set(*rules);
    }
    // Writes to SQLite files queue on each file's one lock: as many writers as files, unless told.
    const bool files = locationKind(config->location) == LocationKind::File && changeSourcesOf(config->location).servers.isEmpty();
    bool writeOk = true;
    options.writeThreads = values.contains(QStringLiteral("write-threads")) ? values.value(QStringLiteral("write-threads")).toInt(&writeOk)
                         : files                                            ? qMin(shardCount, threads)
                                                                            : threads;
    if (!writeOk || options.writeThreads < 1 || options.writeThreads > 64)
        return fail(makeError(ErrorCode::InvalidArgument, QStringLiteral("--write-threads must be a whole number from 1 to 64")));
    options.connect = connectorOf(*config);
    options.config = *config;
    auto hook = hookFromEnvironment(); // a training store's crash or delay, as ledgerctl honours them
    if (!hook.ok())
        return fail(hook.error());
    options.hook = *hook;
    QFile openApi(QStringLiteral(":/ledgerd/openapi.json"));
    if (openApi.open(QIODevice::ReadOnly))
        options.openApi = openApi.readAll();

    // The sweeper: what a crash of this or another process left half-way is finished here, not
    // only when a client retries its key or an operator runs 'ledgerctl recover'.
    std::unique_ptr<RecoveryLoop> recovery;
    if (recoverEveryMs > 0) {
        SweepOptions sweep;
        sweep.recovery.olderThanMs = recoverAfterMs;
        sweep.recovery.actor = QStringLiteral("recovery:ledgerd");
        sweep.recovery.reason = QStringLiteral("ledgerd's recovery sweeper");
        sweep.recovery.hook = options.hook;
        recovery = std::make_unique<RecoveryLoop>(options.connect, sweep, recoverEveryMs, [](const QString &line) {
            std::fputs(qPrintable(QStringLiteral("ledgerd: %1\n").arg(line)), stderr);
        });
        options.recovery = &recovery->counts();
    }

    // The data lake (--lake): its options read here, the lake opened once the address is ours.
    std::unique_ptr<LakeLoop> lakeLoop;
    if (values.contains(QStringLiteral("lake"))) {
        auto location = lake::LakeLocation::parse(values.value(QStringLiteral("lake")));
        if (!location.ok())
            return fail(location.error());
        lake::LakeOptions lakeOptions;
        if (values.contains(QStringLiteral("lake-max-file-size"))) {
            auto size = lake::parseByteSize(values.value(QStringLiteral("lake-max-file-size")), QStringLiteral("--lake-max-file-size"));
            if (!size.ok())
                return fail(size.error());
            lakeOptions.maxFileBytes = *size;
        }
        if (const QString age = values.value(QStringLiteral("lake-max-age")); !age.isEmpty()) {
            auto ms = duration::parse(age);
            if (!ms.ok() || *ms < 1000)
                return fail(makeError(ErrorCode::InvalidArgument,
                                      QStringLiteral("--lake-max-age is a duration of at least 1s (5m, 1h), not \"%1\"").arg(age)));
            lakeOptions.maxAgeMs = *ms;
        }
        lakeLoop = std::make_unique<LakeLoop>(
            options.connect, *location, lakeOptions, storeDisplayName(config->location),
            [](const QString &line) { std::fputs(qPrintable(QStringLiteral("ledgerd: %1\n").arg(line)), stderr); });
        options.lake = &lakeLoop->counts();
    } else if (values.contains(QStringLiteral("lake-max-file-size")) || values.contains(QStringLiteral("lake-max-age"))) {
        return fail(
            makeError(ErrorCode::MissingArgument, QStringLiteral("--lake-max-file-size and --lake-max-age go with --lake LOCATION")));
    }

    HttpFront front(options);
    auto port = front.listen(listen->address, listen->port, tlsConfig);
    if (!port.ok())
        return fail(port.error());
    // The lake is opened once the address is ours (an address in use leaves no lake behind) and
    // before anyone is told where ledgerd listens: a bad --lake ends it, nothing written.
    if (lakeLoop) {
        if (Error e = lakeLoop->open(); !e.ok())
            return fail(e);
    }

    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return fail(makeError(ErrorCode::Internal, QStringLiteral("socketpair failed")));
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    QElapsedTimer stopAsked;
    QObject::connect(&notifier, &QSocketNotifier::activated, &front, [&](QSocketDescriptor, QSocketNotifier::Type) {
        char byte = kStopByte;
        [[maybe_unused]] const auto n = ::read(g_signalPipe[0], &byte, 1);
        if (byte == kReloadByte) {
            if (configPath.isEmpty())
                return;
            auto rules = ApprovalConfig::load(configPath, scale);
            if (rules.ok() && rules->any() && !keepsApprovals)
                rules = makeError(ErrorCode::Unsupported, QStringLiteral("[approvals] rules, but this store keeps no approval requests"));
            if (rules.ok() && rules->any() && !options.tokens)
                rules = makeError(ErrorCode::InvalidArgument, QStringLiteral("[approvals] rules need --tokens"));
            if (!rules.ok()) {
                QTextStream(stderr) << "ledgerd: SIGHUP: " << rules.error().toString() << " (the rules in force stay)\n";
                return;
            }
            ApprovalConfig::set(*rules);
            QTextStream(stderr) << "ledgerd: SIGHUP: " << configPath
                                << " read again: " << (rules->any() ? QStringLiteral("four eyes on") : QStringLiteral("no approval rules"))
                                << '\n';
            return;
        }
        notifier.setEnabled(false);
        stopAsked.start();
        if (recovery)
            recovery->requestStop();
        if (lakeLoop)
            lakeLoop->requestStop();
        front.recoveries().requestStop();
        QTextStream(stderr) << "ledgerd: stopping: finishing " << front.inFlight() << " request(s) in flight\n";
        front.stop(10'000, [] { QCoreApplication::exit(0); });
    });
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGTERM, &action, nullptr);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGHUP, &action, nullptr);

    QTextStream err(stderr);
    if (!options.tokens)
        err << "ledgerd: no tokens file: every client is the operator \"local\" (allowed on loopback only)\n";
    err << "ledgerd: store " << storeDisplayName(config->location) << ", " << threads << " reader(s), " << options.writeThreads
        << " writer(s)\n";
    if (!recovery)
        err << "ledgerd: no recovery sweeper (--recover-every off): run 'ledgerctl recover' to finish what a crash left\n";
    else if (recoverAfterMs < CoordinatorOptions().leaseMs)
        err << "ledgerd: --recover-after " << duration::said(recoverAfterMs).english() << " is shorter than a lease ("
            << duration::said(CoordinatorOptions().leaseMs).english() << "): the sweeper may take over transfers still being driven\n";
    if (lakeLoop)
        err << "ledgerd: data lake " << lakeLoop->where() << '\n';
    if (ApprovalConfig::current().any())
        err << "ledgerd: four eyes: " << describeRules(ApprovalConfig::current(), scale).simplified() << '\n';
    err.flush();
    QTextStream(stdout) << "listening on " << (tls ? "https" : "http") << "://" << listen->urlHost() << ':' << *port << Qt::endl;
    if (recovery)
        recovery->start();
    if (lakeLoop)
        lakeLoop->start();
    const int status = app.exec();
    // The sweep and the Recover-all jobs were asked to stop with the front; each gets what is left
    // of the same 10 s (at least a second). A store call that has not come back by then is left
    // as a crash would leave it: its thread still runs, so nothing may be destroyed under it.
    const auto graceLeft = [&] { return int(qMax<qint64>(1000, 10'000 - (stopAsked.isValid() ? stopAsked.elapsed() : 0))); };
    const auto leaveAsACrash = [status](const char *what, const char *then) {
        std::fprintf(stderr, "ledgerd: stopping: %s is still waiting for the store; left as it is (%s)\n", what, then);
        std::fflush(stdout);
        std::fflush(stderr);
        std::_Exit(status);
    };
    if (recovery && !recovery->stop(graceLeft()))
        leaveAsACrash("the recovery sweep", "the next sweep or recover finishes its transaction");
    if (!front.recoveries().waitStopped(graceLeft()))
        leaveAsACrash("a recovery job", "the next sweep or recover finishes its transaction");
    if (lakeLoop && !lakeLoop->stop(graceLeft()))
        leaveAsACrash("the data lake", "its next start reads what its open files held again");
    return status;
}
