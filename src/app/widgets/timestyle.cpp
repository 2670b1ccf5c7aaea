#include "timestyle.h"

#include "ledger/documents.h"

namespace ledger::app {

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
    const QDateTime shown = style == TimeStyle::Utc ? t.toUTC() : t.toLocalTime();
    return shown.toString(QStringLiteral("MM-dd HH:mm:ss"));
}

QString shownTimeOfDay(const QDateTime &t, TimeStyle style)
{
    if (!t.isValid())
        return QStringLiteral("—");
    const QDateTime shown = style == TimeStyle::Utc ? t.toUTC() : t.toLocalTime();
    return shown.toString(QStringLiteral("HH:mm:ss"));
}

} // namespace ledger::app
