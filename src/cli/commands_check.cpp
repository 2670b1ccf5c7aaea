// ledgerctl check: the monitoring check (monitorcheck.h). Every way it can fail is UNKNOWN (3), so
// that a monitor never takes a broken check for a CRITICAL ledger, nor for a healthy one.

#include "cli.h"
#include "monitorcheck.h"

#include "protocol/audit.h"

namespace ledger::cli {

int printCheck(QTextStream &out, const CheckLine &line)
{
    out << line.text << '\n';
    out.flush();
    return int(line.status);
}

namespace {

Result<CheckThresholds> thresholdsOf(Context &c)
{
    CheckThresholds t;
    auto stuckFor = c.durationOption(QStringLiteral("stuck-for"), t.stuckForMs);
    if (!stuckFor.ok())
        return stuckFor.error();
    t.stuckForMs = *stuckFor;
    auto warn = c.integerOption(QStringLiteral("stuck-warn"), t.stuckWarn, 0, 1'000'000'000);
    if (!warn.ok())
        return warn.error();
    t.stuckWarn = *warn;
    auto crit = c.integerOption(QStringLiteral("stuck-crit"), qMax(t.stuckCrit, t.stuckWarn), 0, 1'000'000'000);
    if (!crit.ok())
        return crit.error();
    t.stuckCrit = *crit;
    for (const auto &[name, field] : {std::pair{QStringLiteral("age-warn"), &CheckThresholds::ageWarnMs},
                                      std::pair{QStringLiteral("age-crit"), &CheckThresholds::ageCritMs}}) {
        if (!c.args.values.contains(name))
            continue;
        auto age = c.durationOption(name, 0);
        if (!age.ok())
            return age.error();
        t.*field = *age;
    }
    if (t.stuckCrit < t.stuckWarn)
        return makeError(ErrorCode::Usage, QStringLiteral("--stuck-crit must not be below --stuck-warn"));
    if (t.ageWarnMs && t.ageCritMs && *t.ageCritMs < *t.ageWarnMs)
        return makeError(ErrorCode::Usage, QStringLiteral("--age-crit must not be below --age-warn"));
    return t;
}

} // namespace

int cmdCheck(Context &c)
{
    auto thresholds = thresholdsOf(c);
    if (!thresholds.ok())
        return printCheck(c.out, unknownCheck(thresholds.error()));
    auto store = c.open();
    if (!store.ok())
        return printCheck(c.out, unknownCheck(store.error()));
    auto summary = stuckSummary(**store, thresholds->stuckForMs);
    if (!summary.ok())
        return printCheck(c.out, unknownCheck(summary.error()));
    std::optional<qint64> findings;
    if (c.args.flags.contains(QStringLiteral("audit"))) {
        const AuditReport report = audit(**store);
        if (!report.error.ok())
            return printCheck(c.out, unknownCheck(report.error));
        findings = report.findings.size();
    }
    return printCheck(c.out, evaluateCheck(*summary, *thresholds, findings));
}

} // namespace ledger::cli
