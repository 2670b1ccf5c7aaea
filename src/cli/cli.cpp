#include "cli.h"

#include "monitorcheck.h"

#include "operations/idhints.h"
#include "textoutput.h"

#include "interchange/jsonformat.h"
#include "service/localledgerservice.h"
#include "service/remoteledgerservice.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "ledger/language.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

namespace ledger::cli {

namespace {

using CommandFn = int (*)(Context &);

// Each command once: its function, and whether it has a way through a ledger service (--server):
// the others open a store where they run, and are refused (unsupported) with --server.
struct Command {
    CommandFn run = nullptr;
    bool throughServer = false;
};

Command commandOf(const QString &name)
{
    static const QMap<QString, Command> table = {
        {QStringLiteral("init"), {cmdInit, false}},
        {QStringLiteral("account create"), {cmdAccountCreate, true}},
        {QStringLiteral("account freeze"), {cmdAccountStatus, true}},
        {QStringLiteral("account unfreeze"), {cmdAccountStatus, true}},
        {QStringLiteral("account close"), {cmdAccountStatus, true}},
        {QStringLiteral("account show"), {cmdAccountShow, true}},
        {QStringLiteral("accounts"), {cmdAccounts, true}},
        {QStringLiteral("balances"), {cmdBalances, true}},
        {QStringLiteral("transfer"), {cmdTransfer, true}},
        {QStringLiteral("list"), {cmdList, true}},
        {QStringLiteral("show"), {cmdShow, true}},
        {QStringLiteral("resume"), {cmdRepair, true}},
        {QStringLiteral("cancel"), {cmdRepair, true}},
        {QStringLiteral("compensate"), {cmdRepair, true}},
        {QStringLiteral("claim"), {cmdRemark, true}},
        {QStringLiteral("release"), {cmdRemark, true}},
        {QStringLiteral("note"), {cmdRemark, true}},
        {QStringLiteral("approvals"), {cmdApprovals, true}},
        {QStringLiteral("approve"), {cmdDecide, true}},
        {QStringLiteral("reject"), {cmdDecide, true}},
        {QStringLiteral("recover"), {cmdRecover, true}},
        {QStringLiteral("audit"), {cmdAudit, true}},
        {QStringLiteral("check"), {cmdCheck, false}},
        {QStringLiteral("demo"), {cmdDemo, false}},
        {QStringLiteral("errors"), {cmdErrors, true}},
        {QStringLiteral("whoami"), {cmdWhoami, true}},
        {QStringLiteral("bench"), {cmdBench, false}},
        {QStringLiteral("actions"), {cmdActions, true}},
        {QStringLiteral("report"), {cmdReport, false}},
        {QStringLiteral("feed"), {cmdFeed, true}},
        {QStringLiteral("serve"), {cmdServe, false}},
        {QStringLiteral("lake sync"), {cmdLakeSync, false}},
        {QStringLiteral("lake status"), {cmdLakeStatus, false}},
        {QStringLiteral("completion"), {cmdCompletion, false}},
    };
    return table.value(name);
}

int printError(QTextStream &err, const Error &e)
{
    err << e.toString() << '\n';
    err.flush();
    return int(exitStatusOf(e.code));
}

int help(const ParsedArgs &args, QTextStream &out, QTextStream &err)
{
    if (args.command.isEmpty() || (args.command == QLatin1String("help") && args.positionals.isEmpty())) {
        out << usageText();
        return 0;
    }
    const QString name = args.command == QLatin1String("help") ? args.positionals.join(QLatin1Char(' ')) : args.command;
    if (isCommandGroup(name)) {
        out << groupHelp(name);
        return 0;
    }
    const CommandSpec *spec = findCommand(name);
    if (!spec) {
        QStringList names;
        for (const CommandSpec &c : commands())
            names << c.name;
        const QString closest = closestOf(name, names);
        const Message hint =
            closest.isEmpty() ? Message(QString(), QString()) : Message::translate("ledgerctl", "; did you mean %1?").arg(closest);
        return printError(
            err,
            makeError(ErrorCode::UnknownCommand,
                      Message::translate("ledgerctl", "unknown command %1 (see 'ledgerctl --help')").arg(quoteForMessage(name)) + hint));
    }
    out << commandHelp(*spec);
    return 0;
}

// The value of --NAME VALUE or --NAME=VALUE in arguments that did not parse.
QString rawOptionValue(const QStringList &arguments, const QString &name)
{
    const QString option = QStringLiteral("--") + name;
    QString value;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--"))
            break;
        if (arguments.at(i) == option && i + 1 < arguments.size())
            value = arguments.at(++i);
        else if (arguments.at(i).startsWith(option + QLatin1Char('=')))
            value = arguments.at(i).mid(option.size() + 1);
    }
    return value;
}

Error checkLanguage(const ParsedArgs &args)
{
    if (!args.values.contains(QStringLiteral("language")) || availableLanguages().contains(args.value(QStringLiteral("language"))))
        return {};
    const QStringList languages = availableLanguages();
    const Message names(languages.join(QStringLiteral(", ")), languages.join(QCoreApplication::translate("ledgerctl", ", ")));
    return makeError(ErrorCode::InvalidArgument, Message::translate("ledgerctl", "--language must be one of %1, not %2")
                                                     .arg(names, Message(quoteForMessage(args.value(QStringLiteral("language")), 20))));
}

// The console's Settings ▸ Language from its settings file ("" when never set: the system's).
// Named explicitly rather than through the application's names, which are ledgerctl's own here;
// the console keeps it under this key (src/app/settings.cpp).
QString consoleLanguageSetting()
{
    const QSettings settings(QStringLiteral("LedgerDesk"), QStringLiteral("ledgerdesk"));
    return settings.value(QStringLiteral("ui/language")).toString();
}

// The first word of the command line that is not an option or a global option's value: the
// command, as far as it can be told from arguments that did not parse.
QString firstWord(const QStringList &arguments)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == QLatin1String("--"))
            return arguments.value(i + 1);
        if (!arg.startsWith(QLatin1Char('-')))
            return arg;
        const QString name = arg.mid(2);
        for (const OptionSpec &o : globalOptions()) {
            if (o.name == name && !o.valueName.isEmpty())
                ++i; // its value
        }
    }
    return {};
}

} // namespace

QString ledgerctlLanguage(const QStringList &arguments)
{
    // Parsed here once more (it is cheap and pure) because runLedgerctl's own parse must already
    // speak the chosen language: its usage errors are printed.
    const auto parsed = parseArguments(arguments);
    bool machine = false;
    QString requested;
    if (parsed.ok()) {
        const bool helpOnly = parsed->help || parsed->version || parsed->command.isEmpty() || parsed->command == QLatin1String("help");
        // Output that programs read stays English, errors included: --json and --csv, the feed's
        // JSON Lines and WebSocket messages, and bench's report (a table to compare machines by).
        static const QStringList englishCommands = {QStringLiteral("feed"), QStringLiteral("serve"), QStringLiteral("bench"),
                                                    QStringLiteral("completion"), QStringLiteral("check")};
        machine = !helpOnly
               && (parsed->flags.contains(QStringLiteral("json")) || parsed->flags.contains(QStringLiteral("csv"))
                   || englishCommands.contains(parsed->command));
        requested = parsed->value(QStringLiteral("language"));
    } else {
        machine = arguments.contains(QStringLiteral("--json")) || arguments.contains(QStringLiteral("--csv"));
        requested = rawOptionValue(arguments, QStringLiteral("language"));
    }
    if (machine)
        return QStringLiteral("en");
    if (availableLanguages().contains(requested))
        return requested;
    return chooseLanguage(consoleLanguageSetting());
}

int runLedgerctl(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    auto parsed = parseArguments(arguments);
    if (parsed.ok()) {
        if (Error e = checkLanguage(*parsed); !e.ok())
            parsed = e;
    }
    if (!parsed.ok() && firstWord(arguments) == QLatin1String("check")) {
        // A monitor reads its check's exit status: a bad option is UNKNOWN (3), not a usage error (2,
        // which would read as CRITICAL).
        return printCheck(out, unknownCheck(parsed.error()));
    }
    if (!parsed.ok()) {
        // With --json still requested, scripts get the error as JSON too.
        if (arguments.contains(QStringLiteral("--json")))
            out << QJsonDocument(QJsonObject{{QStringLiteral("error"), json::error(parsed.error())}}).toJson(QJsonDocument::Indented);
        return printError(err, parsed.error());
    }
    if (parsed->version) {
        out << "ledgerctl " << LEDGERDESK_VERSION << '\n' << embeddedStoreEngine() << '\n';
        return 0;
    }
    if (parsed->help || parsed->command == QLatin1String("help"))
        return help(*parsed, out, err);

    Context context(*parsed, out, err);
    if (Error e = context.resolveGlobals(); !e.ok()) {
        if (parsed->command == QLatin1String("check")) // UNKNOWN, as above
            return printCheck(out, unknownCheck(e));
        return context.fail(e);
    }
    const Command command = commandOf(parsed->command);
    if (!command.run)
        return context.fail(makeError(ErrorCode::Internal, QStringLiteral("command %1 has no implementation").arg(parsed->command)));
    if (context.remote() && !command.throughServer) {
        const Error e =
            makeError(ErrorCode::Unsupported, Message::translate("ledgerctl", "ledgerctl %1 does not go through a ledger service yet: "
                                                                              "run it where the store is, with --store")
                                                  .arg(parsed->command));
        return parsed->command == QLatin1String("check") ? printCheck(out, unknownCheck(e)) : context.fail(e);
    }
    const int status = command.run(context);
    out.flush();
    err.flush();
    return status;
}

Context::Context(const ParsedArgs &a, QTextStream &o, QTextStream &e)
    : args(a)
    , out(o)
    , err(e)
    , json(a.flags.contains(QStringLiteral("json")))
{}

Error Context::resolveGlobals()
{
    operatorName = args.value(QStringLiteral("operator"));
    if (operatorName.isEmpty())
        operatorName = qEnvironmentVariable("LEDGERDESK_OPERATOR");
    if (operatorName.isEmpty())
        operatorName = qEnvironmentVariable("USER");
    if (operatorName.isEmpty())
        operatorName = QStringLiteral("operator");
    if (Error e = checkText(operatorName, QT_TRANSLATE_NOOP("ledger", "operator name"), kMaxOperatorLength, false); !e.ok())
        return e;

    if (args.values.contains(QStringLiteral("crash-after"))) {
        auto step = parseStepOccurrence(args.value(QStringLiteral("crash-after")));
        if (!step.ok())
            return step.error();
        hook = crashAfterHook(step->step, step->occurrence);
    } else {
        auto fromEnv = hookFromEnvironment();
        if (!fromEnv.ok())
            return fromEnv.error();
        hook = *fromEnv;
    }

    if (json && args.flags.contains(QStringLiteral("csv")))
        return makeError(ErrorCode::Usage, Message::translate("ledgerctl", "--json and --csv exclude each other: pick one output"));
    if (args.flags.contains(QStringLiteral("all")) && args.values.contains(QStringLiteral("limit")))
        return makeError(ErrorCode::Usage, Message::translate("ledgerctl", "--all and --limit exclude each other"));

    const CommandSpec *spec = findCommand(args.command);
    if (spec && !spec->opensStore && !args.values.contains(QStringLiteral("store")) && !args.values.contains(QStringLiteral("server")))
        return {};
    const bool storeGiven = args.values.contains(QStringLiteral("store"));
    if (storeGiven && args.values.contains(QStringLiteral("server")))
        return makeError(ErrorCode::Usage, Message::translate("ledgerctl", "--store and --server exclude each other: open a store here, "
                                                                           "or go through a ledger service"));
    // $LEDGERDESK_SERVER stands for --server where a command has a way through a server; the
    // others (init, demo, report, ...) run on a store here as they would without it.
    const QString serverUrl = args.values.contains(QStringLiteral("server"))       ? args.value(QStringLiteral("server"))
                            : storeGiven || !commandOf(args.command).throughServer ? QString()
                                                                                   : qEnvironmentVariable("LEDGERDESK_SERVER");
    if (!serverUrl.isEmpty() || args.values.contains(QStringLiteral("server"))) {
        auto resolved =
            resolveServerLogin(ServerLogin{serverUrl, args.value(QStringLiteral("token-file")), args.value(QStringLiteral("ca"))});
        if (!resolved.ok())
            return resolved.error();
        server = *resolved;
        return {};
    }
    for (const char *option : {"token-file", "ca"})
        if (args.values.contains(QLatin1String(option)))
            return makeError(ErrorCode::Usage, Message::translate("ledgerctl", "--%1 goes with --server").arg(QLatin1String(option)));
    const QString store = args.value(QStringLiteral("store"));
    if (args.values.contains(QStringLiteral("store")) && store.isEmpty())
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledgerctl", "--store needs a path"));
    auto resolved = resolveStoreConfig(store);
    if (!resolved.ok())
        return resolved.error();
    config = *resolved;
    return {};
}

Result<std::unique_ptr<Store>> Context::open()
{
    if (server)
        return makeError(ErrorCode::Unsupported, Message::translate("ledgerctl", "ledgerctl %1 does not go through a ledger service yet: "
                                                                                 "run it where the store is, with --store")
                                                     .arg(args.command));
    return openStore(config);
}

Result<LedgerService *> Context::service()
{
    if (m_service)
        return m_service.get();
    if (server) {
        auto remote = std::make_unique<RemoteLedgerService>(server->location);
        auto me = remote->whoami();
        if (!me.ok())
            return me.error();
        // The server writes the token's name; a name given here would be a claim nobody checks.
        const QString claimed = args.values.contains(QStringLiteral("operator")) ? args.value(QStringLiteral("operator"))
                                                                                 : qEnvironmentVariable("LEDGERDESK_OPERATOR");
        if (!claimed.isEmpty() && claimed != me->name)
            err << Ctl::tr("note: %1 is not used through a ledger service: the journal names you %2, as your token does")
                       .arg(args.values.contains(QStringLiteral("operator")) ? QStringLiteral("--operator %1").arg(claimed)
                                                                             : QStringLiteral("LEDGERDESK_OPERATOR=%1").arg(claimed),
                            me->name)
                << '\n';
        operatorName = me->name;
        m_service = std::move(remote);
        return m_service.get();
    }
    auto store = open();
    if (!store.ok())
        return store.error();
    m_store = std::move(*store);
    m_service = std::make_unique<LocalLedgerService>(*m_store, coordinatorOptions(), Role::Operator, false, connectorOf(config));
    return m_service.get();
}

Result<int> Context::scale()
{
    auto s = service();
    if (!s.ok())
        return s.error();
    auto me = (*s)->whoami();
    if (!me.ok())
        return me.error();
    return me->scale;
}

CoordinatorOptions Context::coordinatorOptions() const
{
    CoordinatorOptions o;
    o.actor = operatorName;
    o.hook = hook;
    return o;
}

// The hint of an unknown id that exists in another letter case: "; did you mean bob?". The id
// is one the command was given (a positional, --account, a leg of --from/--to); looked up on the
// error path only, in a connection of its own.
Message Context::otherCaseHint(const Error &error)
{
    if ((error.code != ErrorCode::UnknownAccount && error.code != ErrorCode::NotFound) || server)
        return Message(QString(), QString());
    QStringList given = args.positionals;
    given << args.value(QStringLiteral("account"));
    for (const QString &leg : args.lists.value(QStringLiteral("from")) + args.lists.value(QStringLiteral("to")))
        given << leg.section(QLatin1Char(':'), 0, -2);
    auto store = open();
    if (!store.ok())
        return Message(QString(), QString());
    for (const QString &id : std::as_const(given)) {
        if (id.isEmpty() || !error.message.contains(id))
            continue;
        const QString other = idInOtherCase(**store, error.code, id);
        if (!other.isEmpty())
            return Message::translate("ledgerctl", "; did you mean %1? (ids are case-sensitive)").arg(other);
    }
    return Message(QString(), QString());
}

int Context::fail(const Error &plain, const std::optional<Transaction> &tx, int scale, const QString &note)
{
    const Message hint = otherCaseHint(plain);
    const Error error = hint.english().isEmpty() ? plain : makeError(plain.code, plain.text() + hint);
    if (json) {
        QJsonObject object{{QStringLiteral("error"), json::error(error)}};
        if (tx) {
            QJsonObject document = json::transaction(*tx, scale);
            if (!note.isEmpty())
                document.insert(QStringLiteral("note"), note);
            object.insert(QStringLiteral("transaction"), document);
        }
        out << QJsonDocument(object).toJson(QJsonDocument::Indented);
        out.flush();
    }
    return printError(err, error);
}

int Context::printJson(const QJsonValue &value)
{
    const QJsonDocument doc = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    out << doc.toJson(QJsonDocument::Indented);
    return 0;
}

namespace {

// A write-only device over the command's output stream, so that exports stream through the same
// QTextStream as every other output (tests capture it in-process). The export writes whole
// UTF-8 records, so no character is ever split between two writes.
class TextStreamDevice : public QIODevice {
public:
    explicit TextStreamDevice(QTextStream &out)
        : m_out(out)
    {
        open(QIODevice::WriteOnly);
    }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override
    {
        m_out << QString::fromUtf8(data, size);
        return m_out.status() == QTextStream::Ok ? size : -1;
    }

private:
    QTextStream &m_out;
};

} // namespace

int Context::printCsv(const ExportSpec &spec)
{
    auto ledger = service();
    if (!ledger.ok())
        return fail(ledger.error());
    TextStreamDevice device(out);
    ExportProgress progress;
    progress.rowsWritten = [this](qint64) { out.flush(); }; // as it goes, not all at the end
    auto rows = (*ledger)->exportTable(spec, ExportFormat::Csv, device, progress);
    if (!rows.ok())
        return fail(rows.error());
    return 0;
}

Result<qint64> Context::rowLimit(qint64 fallback) const
{
    if (args.flags.contains(QStringLiteral("all")))
        return qint64(-1);
    return integerOption(QStringLiteral("limit"), fallback, 1, 1'000'000);
}

Result<qint64> Context::integerOption(const QString &name, qint64 fallback, qint64 min, qint64 max) const
{
    if (!args.values.contains(name))
        return fallback;
    const QString text = args.value(name);
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    // toLongLong accepts a leading '+' and surrounding spaces; a count should be plain digits.
    const bool plain = !text.isEmpty()
                    && std::all_of(text.cbegin(), text.cend(), [](QChar ch) { return ch >= QLatin1Char('0') && ch <= QLatin1Char('9'); });
    if (!ok || !plain || value < min || value > max)
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledgerctl", "--%1 must be a whole number from %2 to %3, not %4")
                                                         .arg(name)
                                                         .arg(min)
                                                         .arg(max)
                                                         .arg(quoteForMessage(text)));
    return value;
}

Result<qint64> Context::durationOption(const QString &name, qint64 fallback) const
{
    if (!args.values.contains(name))
        return fallback;
    auto ms = duration::parse(args.value(name));
    if (!ms.ok())
        return makeError(ErrorCode::InvalidDuration, Message(QStringLiteral("--%1: %2")).arg(Message(name), ms.error().text()));
    return *ms;
}

} // namespace ledger::cli
