#include "cli.h"

#include "monitorcheck.h"

#include "operations/idhints.h"

#include "interchange/jsonformat.h"
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

CommandFn commandFunction(const QString &name)
{
    static const QMap<QString, CommandFn> table = {
        {QStringLiteral("init"), cmdInit},
        {QStringLiteral("account create"), cmdAccountCreate},
        {QStringLiteral("account freeze"), cmdAccountStatus},
        {QStringLiteral("account unfreeze"), cmdAccountStatus},
        {QStringLiteral("account close"), cmdAccountStatus},
        {QStringLiteral("account show"), cmdAccountShow},
        {QStringLiteral("accounts"), cmdAccounts},
        {QStringLiteral("balances"), cmdBalances},
        {QStringLiteral("transfer"), cmdTransfer},
        {QStringLiteral("list"), cmdList},
        {QStringLiteral("show"), cmdShow},
        {QStringLiteral("resume"), cmdRepair},
        {QStringLiteral("cancel"), cmdRepair},
        {QStringLiteral("compensate"), cmdRepair},
        {QStringLiteral("claim"), cmdRemark},
        {QStringLiteral("release"), cmdRemark},
        {QStringLiteral("note"), cmdRemark},
        {QStringLiteral("recover"), cmdRecover},
        {QStringLiteral("audit"), cmdAudit},
        {QStringLiteral("check"), cmdCheck},
        {QStringLiteral("demo"), cmdDemo},
        {QStringLiteral("errors"), cmdErrors},
        {QStringLiteral("bench"), cmdBench},
        {QStringLiteral("actions"), cmdActions},
        {QStringLiteral("report"), cmdReport},
        {QStringLiteral("feed"), cmdFeed},
        {QStringLiteral("serve"), cmdServe},
        {QStringLiteral("completion"), cmdCompletion},
    };
    return table.value(name, nullptr);
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
    const CommandFn fn = commandFunction(parsed->command);
    if (!fn)
        return context.fail(makeError(ErrorCode::Internal, QStringLiteral("command %1 has no implementation").arg(parsed->command)));
    const int status = fn(context);
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
    if (spec && !spec->opensStore && !args.values.contains(QStringLiteral("store")))
        return {};
    const QString store = args.value(QStringLiteral("store"));
    if (args.values.contains(QStringLiteral("store")) && store.isEmpty())
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledgerctl", "--store needs a path"));
    auto resolved = resolveStoreConfig(store);
    if (!resolved.ok())
        return resolved.error();
    config = *resolved;
    return {};
}

Result<std::unique_ptr<Store>> Context::open() { return openStore(config); }

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
    if (error.code != ErrorCode::UnknownAccount && error.code != ErrorCode::NotFound)
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

int Context::printCsv(Store &store, const ExportSpec &spec)
{
    TextStreamDevice device(out);
    ExportProgress progress;
    progress.rowsWritten = [this](qint64) { out.flush(); }; // a page at a time, not all at the end
    auto rows = exportTable(store, spec, ExportFormat::Csv, device, progress);
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
