#pragma once
// `ledgerctl bench console`: builds a million-transaction scratch store, then runs the console
// (`ledgerdesk --bench-console`, offscreen) on it `--runs` times and reports the median of each
// step with the console process's peak RSS.
// Thread-safety: ledgerctl's one thread.

#include "benchoptions.h"

#include <QJsonObject>

namespace ledger::cli {

Result<QJsonObject> consoleScenario(const BenchArgs &args, QTextStream &err);

} // namespace ledger::cli
