#pragma once
// How the console writes a count: exact, in full ("1,204"); an estimate, rounded and marked
// ("≈ 9.8 M"), so that nobody reads a database's statistics as a count (store/tallies.h).
// Threading: any thread (pure).

#include <QString>

namespace ledger::app {

QString countText(qint64 count, bool exact);

} // namespace ledger::app
