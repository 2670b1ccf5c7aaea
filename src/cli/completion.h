#pragma once
// Shell completion for ledgerctl, made from the command table that --help and the man page come
// from (argparser.h), so that it cannot drift from them: `ledgerctl completion bash|zsh` prints
// the script, and the build writes the same scripts into the package. The scripts ask
// `ledgerctl completion --ids accounts|transactions` for ids where an argument takes one.
// Thread-safety: pure functions over immutable tables.

#include <QStringList>

namespace ledger::cli {

// The shells a script is made for: "bash", "zsh".
const QStringList &completionShells();
// The kinds of ids `completion --ids` lists: "accounts", "transactions".
const QStringList &completionIdKinds();
// The most ids `completion --ids` prints: enough to pick from, few enough for a key press.
constexpr int kCompletionIdLimit = 200;
// The script for `shell` (one of completionShells()), or empty for another shell.
QString completionScript(const QString &shell);

} // namespace ledger::cli
