#pragma once
// `ledgerctl check`: one line in the monitoring-plugins convention (Nagios, Icinga, Zabbix's
// external checks, cron): "LEDGER STATUS - text | perfdata", and its exit status 0 OK, 1 WARNING,
// 2 CRITICAL, 3 UNKNOWN; always in English (monitors and their logs read it). Thresholds read as the plugins' own: a number N alerts when the value
// is more than N (so perfdata's warn;crit fields carry them unchanged).
//
// Pure: a summary and thresholds in, the line out (tests/tst_monitorcheck.cpp, a table).

#include "operations/stucksummary.h"

#include <optional>

namespace ledger::cli {

enum class CheckStatus { Ok = 0, Warning = 1, Critical = 2, Unknown = 3 };

struct CheckThresholds {
    qint64 stuckForMs = 30 * 60 * 1000; // what counts as stuck (besides an expired lease)
    qint64 stuckWarn = 0;               // WARNING when more than this many are stuck
    qint64 stuckCrit = 9;               // CRITICAL when more than this many
    std::optional<qint64> ageWarnMs;    // WARNING when the oldest has been idle longer
    std::optional<qint64> ageCritMs;    // CRITICAL when longer than this
};

struct CheckLine {
    CheckStatus status = CheckStatus::Unknown;
    QString text; // the whole line, without its newline
};

// `auditFindings`: the audit's findings when it ran (any finding is CRITICAL).
CheckLine evaluateCheck(const StuckSummary &summary, const CheckThresholds &thresholds, std::optional<qint64> auditFindings);
// What could not be checked (the store unreachable, a bad option): UNKNOWN, with the error.
CheckLine unknownCheck(const Error &error);

} // namespace ledger::cli
