#pragma once
// How the console writes a count: exact, in full ("1,204"); an estimate, rounded and marked
// ("≈ 9.8 M"), so that nobody reads a database's statistics as a count (store/tallies.h); a count
// that stopped before the listing's end, with a plus ("10,000+"); one not counted at all (a store
// that would have to read its table for it) as "?" (the navigator's tooltip says why).
// Threading: any thread (pure).

#include "store/tallies.h"

#include <QString>

namespace ledger::app {

QString countText(qint64 count, bool exact);
QString countText(const Tally &tally);

} // namespace ledger::app
