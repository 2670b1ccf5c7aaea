#include "monitorcheck.h"

#include "ledger/duration.h"
#include "store/storequeries.h"

namespace ledger::cli {

namespace {

const char *wordOf(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Ok: return "OK";
    case CheckStatus::Warning: return "WARNING";
    case CheckStatus::Critical: return "CRITICAL";
    case CheckStatus::Unknown: break;
    }
    return "UNKNOWN";
}

// Perfdata keeps '|', '=' and ';' for itself, and one line: a text never carries them.
QString plain(QString text)
{
    for (QChar &c : text) {
        if (c == QLatin1Char('|') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    }
    return text;
}

QString optionalSeconds(const std::optional<qint64> &ms) { return ms ? QString::number(*ms / 1000) : QString(); }

} // namespace

CheckLine evaluateCheck(const StuckSummary &summary, const CheckThresholds &t, std::optional<qint64> auditFindings)
{
    CheckStatus status = CheckStatus::Ok;
    const auto raise = [&status](CheckStatus to) { status = qMax(status, to); };
    if (summary.stuck > t.stuckCrit)
        raise(CheckStatus::Critical);
    else if (summary.stuck > t.stuckWarn)
        raise(CheckStatus::Warning);
    const qint64 idle = summary.oldestIdleMs.value_or(0);
    if (t.ageCritMs && summary.oldestIdleMs && idle > *t.ageCritMs)
        raise(CheckStatus::Critical);
    else if (t.ageWarnMs && summary.oldestIdleMs && idle > *t.ageWarnMs)
        raise(CheckStatus::Warning);
    if (auditFindings && *auditFindings > 0)
        raise(CheckStatus::Critical);

    QString text = QStringLiteral("%1 stuck (idle %2 or lease expired)").arg(summary.stuck).arg(duration::said(t.stuckForMs).english());
    if (summary.oldestIdleMs)
        text += QStringLiteral(", oldest idle %1").arg(duration::said(*summary.oldestIdleMs).english());
    QStringList groups;
    for (const StuckCause &g : summary.causes.groups) {
        if (groups.size() == 3) {
            groups << QStringLiteral("…");
            break;
        }
        groups << QStringLiteral("%1 %2 (%3)").arg(g.count).arg(nameOf(g.state), g.cause.isEmpty() ? QStringLiteral("no error") : g.cause);
    }
    if (!groups.isEmpty())
        text += QStringLiteral(": ") + groups.join(QStringLiteral(", "));
    if (auditFindings)
        text += *auditFindings == 0 ? QStringLiteral("; audit clean") : QStringLiteral("; audit: %1 findings").arg(*auditFindings);

    // 'label'=value[UOM];[warn];[crit];[min];[max]
    QString perf = QStringLiteral("stuck=%1;%2;%3;0; oldest_idle=%4s;%5;%6;0;")
                       .arg(summary.stuck)
                       .arg(t.stuckWarn)
                       .arg(t.stuckCrit)
                       .arg(idle / 1000)
                       .arg(optionalSeconds(t.ageWarnMs), optionalSeconds(t.ageCritMs));
    if (auditFindings)
        perf += QStringLiteral(" audit_findings=%1;;0;0;").arg(*auditFindings);
    return CheckLine{status, QStringLiteral("LEDGER %1 - %2 | %3").arg(QLatin1String(wordOf(status)), plain(text), perf)};
}

CheckLine unknownCheck(const Error &error)
{
    return CheckLine{CheckStatus::Unknown, QStringLiteral("LEDGER UNKNOWN - %1").arg(plain(error.toString()))};
}

} // namespace ledger::cli
