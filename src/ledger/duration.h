#pragma once
// Durations as operators type them: "90s", "30m", "2h", "1d", "500ms", or sums like "1h30m".
// Thread-safety: pure functions, callable from any thread.

#include "ledger/message.h"
#include "ledger/result.h"

#include <QStringView>

namespace ledger::duration {

// Milliseconds, refusing (invalid-duration) anything else: empty, signs, spaces, decimals,
// unknown units, a number without a unit, or more than 100 years.
Result<qint64> parse(QStringView text);

// The one way a duration is written for people, ages, leases and thresholds alike: "850ms",
// "42s", "3m 20s", "2h 5m", "3d 4h" in English, "3分20秒" in Chinese (the context "duration"), in
// both languages at once (ledger/message.h): english() where the text is recorded (a recovery's
// reason in the journal) or logged, local() for the screen and the terminal.
Message said(qint64 ms);
// said(ms).local(): what every screen, report and ledgerctl's text output shows, in the reader's
// language (English where no translator is installed: --json, the feed, ledgerd).
QString format(qint64 ms);

} // namespace ledger::duration
