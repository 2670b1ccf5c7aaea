#pragma once
// ledgerctl's command-line grammar: global options, one- or two-word commands, their
// positionals and options. Pure parsing: no store, no output, so it can be tested and fuzzed.
// Thread-safety: pure functions over immutable tables.

#include "ledger/result.h"

#include <QMap>
#include <QSet>
#include <QStringList>

namespace ledger::cli {

// The help texts below are English sources, marked for lupdate (context "ledgerctl") and
// translated when usageText() and commandHelp() show them. Names never change.
struct OptionSpec {
    QString name;      // without the leading "--"
    QString valueName; // empty: a flag that takes no value
    QString help;
    QString helpArgument = {}; // fills the help's %1: names that are the same in every language
    bool repeatable = false;   // may be given several times; every value is kept (ParsedArgs::lists)
};

struct CommandSpec {
    QString name;            // "transfer", "account create", ...
    QStringList positionals; // names as shown in usage, all required
    QList<OptionSpec> options;
    QString summary; // one line for the command list
    QString details; // more lines for `ledgerctl help COMMAND`
    // Options that stand instead of the positionals: when one is given, no positional is.
    QStringList insteadOfPositionals = {};
    // Whether it reads or writes a store: only then is $LEDGERDESK_STORE looked at (so that
    // `errors` works whatever the environment says; a --store given is checked anyway).
    bool opensStore = true;
};

struct ParsedArgs {
    QString command; // empty with --help/--version and no command
    QStringList positionals;
    QMap<QString, QString> values;    // options with values, last one wins
    QMap<QString, QStringList> lists; // every value of a repeatable option, in order
    QSet<QString> flags;              // options without values
    bool help = false;
    bool version = false;

    bool has(const QString &option) const { return flags.contains(option) || values.contains(option); }
    QString value(const QString &option, const QString &fallback = QString()) const { return values.value(option, fallback); }
};

// The global options, accepted before or after the command.
const QList<OptionSpec> &globalOptions();
// Every command ledgerctl knows, in the order `--help` lists them.
const QList<CommandSpec> &commands();
const CommandSpec *findCommand(const QString &name);
// The first word of the two-word commands ("account": account create, account show, ...).
bool isCommandGroup(const QString &word);
// Of `candidates`, the one `word` is most likely a typing slip of (at most one edit in three
// letters: a letter missed, added, changed or two swapped), or empty.
QString closestOf(const QString &word, const QStringList &candidates);

// Parses argv (without the program name). Errors: usage, unknown-command, unknown-option,
// missing-argument, unexpected-argument.
Result<ParsedArgs> parseArguments(const QStringList &args);

// Help texts, in this process's language.
QString usageText();
QString commandHelp(const CommandSpec &command);
// `ledgerctl help account`: the group's commands, each with its summary.
QString groupHelp(const QString &group);

} // namespace ledger::cli
