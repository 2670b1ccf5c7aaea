#pragma once
// How the console shows a time: in the operator's local time (the default: "2026-11-24 04:17:15
// CET") or in UTC as the store writes it ("2026-11-24T03:17:15.337Z", View ▸ Times in UTC —
// what ledgerctl prints and what logs of other machines say). Ages ("4m ago") are the same in both.
// Thread-safety: pure functions.

#include <QDateTime>
#include <QString>

namespace ledger::app {

enum class TimeStyle { Local, Utc };

// Day and time to the second (local) or the store's form (UTC).
QString shownTime(const QDateTime &t, TimeStyle style);
// "11-24 04:17:15 CET" (or "… UTC"): the day and the second with the zone, for timelines.
QString shownShortTime(const QDateTime &t, TimeStyle style);
// "04:17:15 CET" (or "… UTC"): the time of day with the zone.
QString shownTimeOfDay(const QDateTime &t, TimeStyle style);

} // namespace ledger::app
