#!/usr/bin/env bash
# ledgerctl's shell completion, as a shell runs it: the script `ledgerctl completion bash` prints
# is sourced in a bare `bash --norc` (no bash-completion package) and asked what the key press
# offers, with COMP_LINE/COMP_POINT/COMP_WORDS/COMP_CWORD set as readline sets them; ids come
# from a real store. Every command and option of --help (the command table) must be offered, so
# the script cannot drift from the table. zsh: the script must parse (zsh -n), when zsh is here.
# usage: test-completion.sh LEDGERCTL
set -euo pipefail
ctl=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

"$ctl" completion bash >"$work/ledgerctl.bash"
store="$work/s.db"
"$ctl" --store "$store" init >/dev/null
for id in alice bob bobby carol; do "$ctl" --store "$store" account create "$id" >/dev/null; done

"$ctl" --store "$store" transfer @world alice 5 --key k2 >/dev/null
txid=$("$ctl" --store "$store" list --newest --limit 1 --csv | sed -n 2p | cut -d, -f1)
[[ -n $txid ]] || fail "no transaction id from list --csv"

# One bash for every question: `ask LINE...` prints the candidates for the line as typed (the
# cursor at its end), sorted, on one line. The program is called by its full path, as a user
# of a build tree would (bash finds the compspec by the name after the last slash).
cat >"$work/ask.bash" <<ASK
set -u
source "$work/ledgerctl.bash"
ask() {
    COMP_LINE=\$1
    COMP_POINT=\${#COMP_LINE}
    read -ra COMP_WORDS <<<"\$COMP_LINE"
    [[ \$COMP_LINE == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _ledgerctl ledgerctl "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "\${COMPREPLY[@]}" | LC_ALL=C sort | tr '\n' ' ' | sed 's/ \$//'
    echo
}
ASK
ask() { # ask LINE: the candidates, in a fresh bash --norc
    env -u LEDGERDESK_STORE bash --norc --noprofile -c "source '$work/ask.bash'; ask \"\$1\"" ask "$1"
}
expect() { # expect LINE CANDIDATES
    local got
    got=$(ask "$1")
    [[ $got == "$2" ]] || fail "'$1<TAB>' offers '$got', expected '$2'"
}

# Registered for the program's name.
registered=$(bash --norc --noprofile -c "source '$work/ledgerctl.bash'; complete -p ledgerctl" 2>&1 || true)
[[ $registered == "complete -F _ledgerctl ledgerctl" ]] || fail "complete -p ledgerctl says '$registered'"

# Commands, a group's subcommands, options of a command, values from the lists the commands check.
expect "$ctl a" "account accounts actions approvals approve audit"
expect "$ctl account c" "close create"
expect "$ctl --store $store account " "close create freeze show unfreeze"
expect "$ctl account create x --" "--ca --crash-after --help --json --language --name --opening --operator --server --store --token-file --version"
expect "$ctl list --state p" "pending"
expect "$ctl list --state=app" "applied"
expect "$ctl actions --kind " "accounts all repairs transfers"
expect "$ctl completion " "bash zsh"
expect "$ctl help acc" "account accounts"
expect "$ctl help account f" "freeze"
expect "$ctl transfer a b 5 --k" "--key"
expect "$ctl --language z" "zh_CN"
# Ids from the store of the line: accounts, by prefix (the key range), and transactions.
expect "$ctl --store $store account show b" "bob bobby"
expect "$ctl --store=$store transfer alice " "@world alice bob bobby carol"
expect "$ctl --store $store list --account car" "carol"
expect "$ctl --store $store show " "$txid"
# ... and from $LEDGERDESK_STORE when the line names none.
got=$(LEDGERDESK_STORE=$store bash --norc --noprofile -c "source '$work/ask.bash'; ask \"\$1\"" ask "$ctl account freeze al")
[[ $got == alice ]] || fail "with LEDGERDESK_STORE, 'account freeze al<TAB>' offers '$got'"
# Nothing (and no store made) for a store that does not exist, nor for a server's.
expect "$ctl --store $work/none.db account show " ""
[[ ! -e $work/none.db ]] || fail "completing made a store at $work/none.db"
expect "$ctl --store postgresql://127.0.0.1:1/none account show " ""
# A server is not even tried (a key press must not wait on a network): no error, no output.
out=$(LEDGERDESK_RECONNECT_MS=0 "$ctl" completion --ids accounts --store postgresql://127.0.0.1:1/none 2>&1) && rc=0 || rc=$?
[[ $rc == 0 && -z $out ]] || fail "completion --ids on a server's store: status $rc, '$out'"
# A value that is not an id: nothing offered.
expect "$ctl --store $store transfer alice bob " ""

# Every command and option of the table (as --help and 'help COMMAND' show it) is offered.
"$ctl" --help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\)\( [a-z][a-z-]*\)\{0,1\}\( .*\)\{0,1\}$/\1\2/p' >"$work/commands"
[[ $(wc -l <"$work/commands") -ge 20 ]] || fail "read only $(wc -l <"$work/commands") commands from --help"
top=" $(ask "$ctl ") "
while read -r first second; do
    [[ $top == *" $first "* ]] || fail "command '$first' is not offered"
    if [[ -n $second ]]; then
        [[ " $(ask "$ctl $first ") " == *" $second "* ]] || fail "subcommand '$first $second' is not offered"
    fi
    cmdline="$ctl $first${second:+ $second}"
    offered=" $(ask "$cmdline --") "
    for option in $("$ctl" help $first $second | sed -n 's/^  \(--[a-z][a-z-]*\).*/\1/p'); do
        [[ $offered == *" $option "* ]] || fail "'$first${second:+ $second}' does not offer $option"
    done
done <"$work/commands"
for option in $("$ctl" --help | sed -n 's/^  \(--[a-z][a-z-]*\).*/\1/p'); do
    [[ $top == *" $option "* || " $(ask "$ctl --") " == *" $option "* ]] || fail "global option $option is not offered"
done

# zsh: the script must at least parse.
if command -v zsh >/dev/null; then
    "$ctl" completion zsh >"$work/_ledgerctl"
    zsh -n "$work/_ledgerctl" || fail "zsh -n rejects the zsh script"
else
    echo "zsh not installed: its script is not checked"
fi

if ((failures)); then
    echo "completion: $failures failure(s)"
    exit 1
fi
echo "completion: ok"
