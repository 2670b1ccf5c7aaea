#pragma once
// Durations as operators type them: "90s", "30m", "2h", "1d", "500ms", or sums like "1h30m".
// Thread-safety: pure functions, callable from any thread.

#include "ledger/result.h"

#include <QStringView>

namespace ledger::duration {

// Milliseconds, refusing (invalid-duration) anything else: empty, signs, spaces, decimals,
// unknown units, a number without a unit, or more than 100 years.
Result<qint64> parse(QStringView text);

// Compact human form for ages and leases: "850ms", "42s", "3m 20s", "2h 5m", "3d 4h" — the
// units ledgerctl reads back (--stuck-for), the same in every language.
QString format(qint64 ms);
// The same in the reader's language, for screens and reports (context "duration": "3分20秒").
// English is format()'s.
QString spoken(qint64 ms);

} // namespace ledger::duration
