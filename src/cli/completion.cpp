#include "completion.h"

#include "argparser.h"
#include "benchoptions.h"
#include "ledger/documents.h"
#include "ledger/language.h"
#include "operations/operatoractions.h"
#include "protocol/faults.h"

#include <QMap>

namespace ledger::cli {

namespace {

// What a value or a positional is completed with, by its option ("--kind") or else its value
// name in the table ("ID", "TXID"): "@accounts" and "@transactions" ask the store (completion
// --ids), "@files" the file system; anything else is the words to offer, taken from the lists
// the commands check their input against.
QMap<QString, QStringList> valueSources()
{
    QStringList states;
    for (TxState s : allTxStates())
        states << nameOf(s);
    QStringList presets;
    for (ActionsPreset p : {ActionsPreset::Repairs, ActionsPreset::Accounts, ActionsPreset::TransfersIssued, ActionsPreset::All})
        presets << nameOf(p);
    const QStringList accounts{QStringLiteral("@accounts")};
    const QStringList files{QStringLiteral("@files")};
    return {
        {QStringLiteral("ID"), accounts},
        {QStringLiteral("SOURCE"), accounts},
        {QStringLiteral("DESTINATION"), accounts},
        {QStringLiteral("TXID"), {QStringLiteral("@transactions")}},
        {QStringLiteral("PATH"), files},
        {QStringLiteral("FILE"), files},
        {QStringLiteral("STATE"), states},
        {QStringLiteral("STEP"), stepNames().split(QLatin1Char(' '), Qt::SkipEmptyParts)},
        {QStringLiteral("LANG"), availableLanguages()},
        {QStringLiteral("SHELL"), completionShells()},
        {QStringLiteral("SCENARIO"), benchScenarios() + QStringList{QStringLiteral("all")}},
        {QStringLiteral("--kind"), presets},
        {QStringLiteral("--sync"), {QStringLiteral("normal"), QStringLiteral("full")}},
        {QStringLiteral("--ids"), completionIdKinds()},
    };
}

// A word in single quotes, for both shells.
QString quoted(const QString &text)
{
    QString q = text;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

// The table as the scripts read it: associative arrays keyed by command ("-" for the global
// options) and by "command|--option".
struct Tables {
    QStringList firstWords;             // what follows "ledgerctl", in --help's order
    QMap<QString, QString> summaries;   // first word -> one line (a group: its subcommands)
    QMap<QString, QStringList> groups;  // "account" -> create, freeze, ...
    QMap<QString, QStringList> options; // command or "-" -> --name ...
    QMap<QString, QString> valueNames;  // "command|--name" -> PATH, N, ... (options taking a value)
    QMap<QString, QString> optionHelp;  // "command|--name" -> the help's first line
    QMap<QString, QString> positionals; // command -> "SOURCE DESTINATION AMOUNT"
    QMap<QString, QString> sources;     // valueSources(), joined
};

void addOptions(Tables &t, const QString &key, const QList<OptionSpec> &options)
{
    for (const OptionSpec &o : options) {
        const QString name = QStringLiteral("--") + o.name;
        t.options[key] << name;
        if (!o.valueName.isEmpty())
            t.valueNames.insert(key + QLatin1Char('|') + name, o.valueName);
        const QString help = o.helpArgument.isEmpty() ? o.help : o.help.arg(o.helpArgument);
        t.optionHelp.insert(key + QLatin1Char('|') + name, help.section(QLatin1Char('\n'), 0, 0));
    }
}

Tables tables()
{
    Tables t;
    addOptions(t, QStringLiteral("-"), globalOptions());
    for (const CommandSpec &c : commands()) {
        const QString first = c.name.section(QLatin1Char(' '), 0, 0);
        if (!t.firstWords.contains(first))
            t.firstWords << first;
        if (c.name.contains(QLatin1Char(' ')))
            t.groups[first] << c.name.section(QLatin1Char(' '), 1);
        else
            t.summaries.insert(first, c.summary);
        addOptions(t, c.name, c.options);
        if (!c.positionals.isEmpty())
            t.positionals.insert(c.name, c.positionals.join(QLatin1Char(' ')));
    }
    for (auto g = t.groups.cbegin(); g != t.groups.cend(); ++g)
        t.summaries.insert(g.key(), g.key() + QStringLiteral(" commands: ") + g.value().join(QStringLiteral(", ")));
    const QMap<QString, QStringList> sources = valueSources();
    for (auto s = sources.cbegin(); s != sources.cend(); ++s)
        t.sources.insert(s.key(), s.value().join(QLatin1Char(' ')));
    return t;
}

// `declare -gA name=(...)` in bash, `typeset -gA name; name=(...)` in zsh: global even when the
// script is sourced inside a function (bash-completion's loader does that).
QString assocArray(const QString &shell, const QString &name, const QMap<QString, QString> &map)
{
    QString text = shell == QLatin1String("bash") ? QStringLiteral("declare -gA %1=(\n").arg(name)
                                                  : QStringLiteral("typeset -gA %1\n%1=(\n").arg(name);
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        if (shell == QLatin1String("bash"))
            text += QStringLiteral("    [%1]=%2\n").arg(quoted(it.key()), quoted(it.value()));
        else
            text += QStringLiteral("    %1 %2\n").arg(quoted(it.key()), quoted(it.value()));
    }
    return text + QStringLiteral(")\n");
}

QString dataSection(const QString &shell)
{
    const Tables t = tables();
    QMap<QString, QString> groups, options;
    for (auto g = t.groups.cbegin(); g != t.groups.cend(); ++g)
        groups.insert(g.key(), g.value().join(QLatin1Char(' ')));
    for (auto o = t.options.cbegin(); o != t.options.cend(); ++o)
        options.insert(o.key(), o.value().join(QLatin1Char(' ')));
    QString text = (shell == QLatin1String("bash") ? QStringLiteral("declare -g") : QStringLiteral("typeset -g"))
                 + QStringLiteral(" _ledgerctl_commands=%1\n").arg(quoted(t.firstWords.join(QLatin1Char(' '))));
    text += assocArray(shell, QStringLiteral("_ledgerctl_subs"), groups);
    text += assocArray(shell, QStringLiteral("_ledgerctl_options"), options);
    text += assocArray(shell, QStringLiteral("_ledgerctl_valuename"), t.valueNames);
    text += assocArray(shell, QStringLiteral("_ledgerctl_positionals"), t.positionals);
    text += assocArray(shell, QStringLiteral("_ledgerctl_sources"), t.sources);
    if (shell == QLatin1String("zsh")) { // zsh shows what each candidate is
        text += assocArray(shell, QStringLiteral("_ledgerctl_summaries"), t.summaries);
        text += assocArray(shell, QStringLiteral("_ledgerctl_help"), t.optionHelp);
    }
    return text;
}

// The logic is the same for every table: find the command, its positionals so far and --store
// in the words before the cursor, then offer what the word under it can be.
const char *const kBashScript = R"BASH(
# Ids from the store, by the program being completed: `ledgerctl completion --ids KIND`, with
# the --store of the line being completed (else $LEDGERDESK_STORE, as ledgerctl itself does).
# Silent on any error; it answers nothing for a store that is not local files (too slow for a
# key press), and `timeout` bounds a store that hangs.
_ledgerctl_ids() {
    local prog=$1 kind=$2 store=$3 prefix=$4
    [[ $prog == "~/"* ]] && prog=$HOME/${prog#"~/"}
    [[ $store == "~/"* ]] && store=$HOME/${store#"~/"}
    local -a args=(completion --ids "$kind" --prefix "$prefix")
    [[ -n $store ]] && args+=(--store "$store")
    if command -v timeout >/dev/null 2>&1; then
        timeout 3 "$prog" "${args[@]}" 2>/dev/null
    else
        "$prog" "${args[@]}" 2>/dev/null
    fi
}

_ledgerctl() {
    # The line up to the cursor, split on blanks: COMP_WORDS would also split at ':' and '='
    # (postgresql://..., --state=pending).
    local line=${COMP_LINE:0:COMP_POINT} cur
    local -a words
    read -ra words <<<"$line"
    ((${#words[@]})) || return 0
    if [[ $line == *[[:space:]] ]]; then cur=; else cur=${words[-1]}; unset 'words[-1]'; fi
    local cmd= group= store= opt= ended= w name value i
    local -a pos=()
    for ((i = 1; i < ${#words[@]}; i++)); do
        w=${words[i]}
        if [[ -z $ended && $w == -- ]]; then
            ended=1
        elif [[ -z $ended && $w == -[!0-9.]* ]]; then
            name=${w%%=*}
            [[ -n ${_ledgerctl_valuename["$cmd|$name"]-${_ledgerctl_valuename["-|$name"]-}} ]] || continue
            if [[ $w == *=* ]]; then
                value=${w#*=}
            elif ((i + 1 < ${#words[@]})); then
                value=${words[++i]}
            else
                opt=$name # the word under the cursor is its value
                break
            fi
            [[ $name == --store ]] && store=$value
        elif [[ -n $cmd ]]; then
            pos+=("$w")
        elif [[ -n $group ]]; then
            cmd="$group $w"
            group=
        elif [[ -n ${_ledgerctl_subs[$w]+x} ]]; then
            group=$w
        else
            cmd=$w
        fi
    done
    local prefix=$cur lead= source=
    local -a cands=() names
    if [[ -z $opt && -z $ended && $cur == --*=* ]]; then
        opt=${cur%%=*}
        prefix=${cur#*=}
        [[ $COMP_WORDBREAKS == *=* ]] || lead=$opt=
    fi
    if [[ -n $opt ]]; then
        name=${_ledgerctl_valuename["$cmd|$opt"]-${_ledgerctl_valuename["-|$opt"]-}}
        source=${_ledgerctl_sources[$opt]-${_ledgerctl_sources[$name]-}}
    elif [[ -z $ended && $cur == -* ]]; then
        cands=(${_ledgerctl_options[-]} ${cmd:+${_ledgerctl_options[$cmd]-}})
    elif [[ -n $group ]]; then
        cands=(${_ledgerctl_subs[$group]})
    elif [[ -z $cmd ]]; then
        cands=($_ledgerctl_commands)
    elif [[ $cmd == help ]]; then
        if ((${#pos[@]} == 0)); then
            cands=($_ledgerctl_commands)
        elif ((${#pos[@]} == 1)) && [[ -n ${_ledgerctl_subs[${pos[0]}]+x} ]]; then
            cands=(${_ledgerctl_subs[${pos[0]}]})
        fi
    else
        names=(${_ledgerctl_positionals[$cmd]-})
        name=${names[${#pos[@]}]-}
        [[ -n $name ]] && source=${_ledgerctl_sources[$name]-}
    fi
    case $source in
    @accounts | @transactions)
        while IFS= read -r w; do cands+=("$w"); done < <(_ledgerctl_ids "${words[0]}" "${source#@}" "$store" "$prefix")
        ;;
    @files)
        compopt -o filenames 2>/dev/null
        while IFS= read -r w; do cands+=("$w"); done < <(compgen -f -- "$prefix")
        ;;
    ?*) cands=($source) ;;
    esac
    COMPREPLY=()
    for w in "${cands[@]}"; do
        [[ $w == "$prefix"* ]] && COMPREPLY+=("$lead$w")
    done
    # Readline replaces only what follows the last ':' of the word.
    if [[ $prefix == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local colon=${prefix%"${prefix##*:}"}
        COMPREPLY=("${COMPREPLY[@]#"$colon"}")
    fi
    return 0
}

complete -F _ledgerctl ledgerctl
)BASH";

const char *const kZshScript = R"ZSH(
# Ids from the store, by the program being completed: `ledgerctl completion --ids KIND`, with
# the --store of the line being completed (else $LEDGERDESK_STORE, as ledgerctl itself does).
# Silent on any error; it answers nothing for a store that is not local files (too slow for a
# key press), and `timeout` bounds a store that hangs.
_ledgerctl_ids() {
    local prog=${1/#\~/$HOME} kind=$2 store=${3/#\~/$HOME} prefix=$4
    local -a args
    args=(completion --ids "$kind" --prefix "$prefix")
    [[ -n $store ]] && args+=(--store "$store")
    if (( $+commands[timeout] )); then
        timeout 3 "$prog" "${args[@]}" 2>/dev/null
    else
        "$prog" "${args[@]}" 2>/dev/null
    fi
}

_ledgerctl_main() {
    local cur=${words[CURRENT]} cmd= group= store= opt= ended= w name value i
    local -a pos
    for ((i = 2; i < CURRENT; i++)); do
        w=${words[i]}
        if [[ -z $ended && $w == -- ]]; then
            ended=1
        elif [[ -z $ended && $w == -[^0-9.]* ]]; then
            name=${w%%=*}
            [[ -n ${_ledgerctl_valuename[$cmd|$name]-${_ledgerctl_valuename[-|$name]-}} ]] || continue
            if [[ $w == *=* ]]; then
                value=${w#*=}
            elif ((i + 1 < CURRENT)); then
                value=${words[++i]}
            else
                opt=$name # the word under the cursor is its value
                break
            fi
            [[ $name == --store ]] && store=${(Q)value}
        elif [[ -n $cmd ]]; then
            pos+=("$w")
        elif [[ -n $group ]]; then
            cmd="$group $w"
            group=
        elif (( ${+_ledgerctl_subs[$w]} )); then
            group=$w
        else
            cmd=$w
        fi
    done
    local prefix=$cur source=
    local -a cands described
    if [[ -z $opt && -z $ended && $cur == --*=* ]]; then
        opt=${cur%%=*}
        compset -P '*='
        prefix=$PREFIX
    fi
    if [[ -n $opt ]]; then
        name=${_ledgerctl_valuename[$cmd|$opt]-${_ledgerctl_valuename[-|$opt]-}}
        source=${_ledgerctl_sources[$opt]-${_ledgerctl_sources[$name]-}}
    elif [[ -z $ended && $cur == -* ]]; then
        for w in ${=_ledgerctl_options[-]}; do described+=("$w:${_ledgerctl_help[-|$w]}"); done
        if [[ -n $cmd ]]; then
            for w in ${=_ledgerctl_options[$cmd]-}; do described+=("$w:${_ledgerctl_help[$cmd|$w]}"); done
        fi
        _describe -t options 'option' described
        return
    elif [[ -n $group ]]; then
        for w in ${=_ledgerctl_subs[$group]}; do described+=("$w"); done
        _describe -t commands "$group subcommand" described
        return
    elif [[ -z $cmd || ( $cmd == help && ${#pos} -eq 0 ) ]]; then
        for w in ${=_ledgerctl_commands}; do described+=("$w:${_ledgerctl_summaries[$w]}"); done
        _describe -t commands 'ledgerctl command' described
        return
    elif [[ $cmd == help ]]; then
        ((${#pos} == 1)) && (( ${+_ledgerctl_subs[${pos[1]}]} )) && compadd -- ${=_ledgerctl_subs[${pos[1]}]}
        return
    else
        local -a names
        names=(${=_ledgerctl_positionals[$cmd]-})
        name=${names[${#pos} + 1]-}
        [[ -n $name ]] && source=${_ledgerctl_sources[$name]-}
    fi
    case $source in
    @accounts | @transactions)
        cands=(${(f)"$(_ledgerctl_ids "${words[1]}" "${source#@}" "$store" "$prefix")"})
        compadd -- $cands
        ;;
    @files) _files ;;
    ?*) compadd -- ${=source} ;;
    esac
}

if [[ $funcstack[1] == _ledgerctl ]]; then
    _ledgerctl_main "$@"
else
    compdef _ledgerctl_main ledgerctl
fi
)ZSH";

} // namespace

const QStringList &completionShells()
{
    static const QStringList shells = {QStringLiteral("bash"), QStringLiteral("zsh")};
    return shells;
}

const QStringList &completionIdKinds()
{
    static const QStringList kinds = {QStringLiteral("accounts"), QStringLiteral("transactions")};
    return kinds;
}

QString completionScript(const QString &shell)
{
    if (!completionShells().contains(shell))
        return QString();
    const bool bash = shell == QLatin1String("bash");
    QString text = bash ? QString() : QStringLiteral("#compdef ledgerctl\n");
    text += QStringLiteral("# %1 completion for ledgerctl, made by `ledgerctl completion %1` from its command table.\n").arg(shell);
    text += bash ? QStringLiteral("# Load it with: source <(ledgerctl completion bash)\n")
                 : QStringLiteral("# Put it on $fpath as _ledgerctl, or load it with: source <(ledgerctl completion zsh)\n");
    return text + dataSection(shell) + QString::fromUtf8(bash ? kBashScript : kZshScript);
}

} // namespace ledger::cli
