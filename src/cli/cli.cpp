#include "cli.h"

#include "duration.h"
#include "identifiers.h"
#include "jsonformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
        {QStringLiteral("transfer"), cmdTransfer},
        {QStringLiteral("list"), cmdList},
        {QStringLiteral("show"), cmdShow},
        {QStringLiteral("resume"), cmdRepair},
        {QStringLiteral("cancel"), cmdRepair},
        {QStringLiteral("compensate"), cmdRepair},
        {QStringLiteral("recover"), cmdRecover},
        {QStringLiteral("audit"), cmdAudit},
        {QStringLiteral("demo"), cmdDemo},
        {QStringLiteral("errors"), cmdErrors},
        {QStringLiteral("bench"), cmdBench},
        {QStringLiteral("actions"), cmdActions},
        {QStringLiteral("report"), cmdReport},
        {QStringLiteral("feed"), cmdFeed},
        {QStringLiteral("serve"), cmdServe},
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
    const CommandSpec *spec = findCommand(name);
    if (!spec)
        return printError(err, makeError(ErrorCode::UnknownCommand, QStringLiteral("unknown command %1 (see 'ledgerctl --help')")
                                                                        .arg(quoteForMessage(name))));
    out << commandHelp(*spec);
    return 0;
}

} // namespace

int runLedgerctl(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    auto parsed = parseArguments(arguments);
    if (!parsed.ok()) {
        // With --json still requested, scripts get the error as JSON too.
        if (arguments.contains(QStringLiteral("--json")))
            out << QJsonDocument(QJsonObject{{QStringLiteral("error"), json::error(parsed.error())}}).toJson(QJsonDocument::Indented);
        return printError(err, parsed.error());
    }
    if (parsed->version) {
        out << "ledgerctl " << LEDGERDESK_VERSION << '\n';
        return 0;
    }
    if (parsed->help || parsed->command == QLatin1String("help"))
        return help(*parsed, out, err);

    Context context(*parsed, out, err);
    if (Error e = context.resolveGlobals(); !e.ok())
        return context.fail(e);
    const CommandFn fn = commandFunction(parsed->command);
    if (!fn)
        return context.fail(makeError(ErrorCode::Internal, QStringLiteral("command %1 has no implementation").arg(parsed->command)));
    const int status = fn(context);
    out.flush();
    err.flush();
    return status;
}

Context::Context(const ParsedArgs &a, QTextStream &o, QTextStream &e) : args(a), out(o), err(e), json(a.flags.contains(QStringLiteral("json"))) {}

Error Context::resolveGlobals()
{
    operatorName = args.value(QStringLiteral("operator"));
    if (operatorName.isEmpty())
        operatorName = qEnvironmentVariable("LEDGERDESK_OPERATOR");
    if (operatorName.isEmpty())
        operatorName = qEnvironmentVariable("USER");
    if (operatorName.isEmpty())
        operatorName = QStringLiteral("operator");
    if (Error e = checkText(operatorName, QStringLiteral("operator name"), kMaxOperatorLength, false); !e.ok())
        return e;

    if (args.values.contains(QStringLiteral("crash-after"))) {
        auto step = parseStep(args.value(QStringLiteral("crash-after")));
        if (!step.ok())
            return step.error();
        hook = crashAfterHook(*step);
    } else {
        auto fromEnv = hookFromEnvironment();
        if (!fromEnv.ok())
            return fromEnv.error();
        hook = *fromEnv;
    }

    if (json && args.flags.contains(QStringLiteral("csv")))
        return makeError(ErrorCode::Usage, QStringLiteral("--json and --csv exclude each other: pick one output"));
    if (args.flags.contains(QStringLiteral("all")) && args.values.contains(QStringLiteral("limit")))
        return makeError(ErrorCode::Usage, QStringLiteral("--all and --limit exclude each other"));

    const QString store = args.value(QStringLiteral("store"));
    if (args.values.contains(QStringLiteral("store")) && store.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--store needs a path"));
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

int Context::fail(const Error &error, const std::optional<Transaction> &tx, int scale)
{
    if (json) {
        QJsonObject object{{QStringLiteral("error"), json::error(error)}};
        if (tx)
            object.insert(QStringLiteral("transaction"), json::transaction(*tx, scale));
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
    explicit TextStreamDevice(QTextStream &out) : m_out(out) { open(QIODevice::WriteOnly); }

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
    const bool plain = !text.isEmpty() && std::all_of(text.cbegin(), text.cend(), [](QChar ch) { return ch >= QLatin1Char('0') && ch <= QLatin1Char('9'); });
    if (!ok || !plain || value < min || value > max)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--%1 must be a whole number from %2 to %3, not %4")
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
        return makeError(ErrorCode::InvalidDuration, QStringLiteral("--%1: %2").arg(name, ms.error().message));
    return *ms;
}

} // namespace ledger::cli
