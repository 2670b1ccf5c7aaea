#include "timestyle.h"

#include "ledger/documents.h"

namespace ledger::app {

namespace {
// A short time always says its zone: beside times of other machines' logs, or after the operator
// switched to UTC, "04:17:15" alone is read in the wrong one.
QString withZone(const QDateTime &t, TimeStyle style, const QString &format)
{
    if (style == TimeStyle::Utc)
        return t.toUTC().toString(format) + QStringLiteral(" UTC");
    const QDateTime local = t.toLocalTime();
    return local.toString(format) + QLatin1Char(' ') + local.timeZoneAbbreviation();
}
} // namespace

QString shownTime(const QDateTime &t, TimeStyle style)
{
    if (!t.isValid())
        return QStringLiteral("—");
    if (style == TimeStyle::Utc)
        return formatTimestamp(t);
    const QDateTime local = t.toLocalTime();
    return local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss ")) + local.timeZoneAbbreviation();
}

QString shownShortTime(const QDateTime &t, TimeStyle style)
{
    if (!t.isValid())
        return QStringLiteral("—");
    return withZone(t, style, QStringLiteral("MM-dd HH:mm:ss"));
}

QString shownTimeOfDay(const QDateTime &t, TimeStyle style)
{
    if (!t.isValid())
        return QStringLiteral("—");
    return withZone(t, style, QStringLiteral("HH:mm:ss"));
}

} // namespace ledger::app
