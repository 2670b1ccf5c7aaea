#pragma once
// Money is an exact count of minor units in a qint64, with one scale (decimal places) per
// ledger. Never double. This is the one parser the CLI and the console use, so both accept and
// refuse exactly the same text with the same messages.
// Thread-safety: pure functions, callable from any thread.

#include "ledger/result.h"

#include <QString>
#include <QStringView>
#include <optional>

namespace ledger::money {

constexpr int kDefaultScale = 2;
constexpr int kMaxScale = 18; // 10^18 is the largest power of ten below 2^63
// The longest amount text looked at. An amount can usefully be written in at most 25 characters:
// the 19 digits of the largest qint64 and the 6 thousands separators someone may type between them
// ("9,223,372,036,854,775,807", refused, but with its own message); with a point, 20
// ("9.223372036854775807" at scale 18). 40 leaves room for zeros a program pads with. Longer text
// is refused before any other check, so that no check costs more than a bounded amount of work
// whatever a client sends (a 65,000-character amount took 0.45 s on a write worker when it was not).
constexpr int kMaxAmountLength = 40;

bool isValidScale(int scale);

// Whether zero is an amount: a transfer of zero is refused, an opening balance of zero ("0",
// "0.00") is no opening, which is what a client that sends it means.
enum class Zero { Refused, Allowed };

// Parses an amount a user typed: ASCII digits with at most `scale` decimals after one '.',
// strictly greater than zero (or zero, when `zero` allows it). Refuses (code invalid-amount) text
// past kMaxAmountLength, empty text, white space, signs, exponents, thousands separators, non-ASCII
// digits, too many decimals and values past int64. Linear in the text, which is bounded.
Result<qint64> parse(QStringView text, int scale, Zero zero = Zero::Refused);

// The part of parse() that needs no scale: everything but "too many decimals" and "too large".
// Lets a front end refuse malformed input before it has a store to ask for the scale.
Error checkSyntax(QStringView text, Zero zero = Zero::Refused);

// Formats minor units with exactly `scale` decimals ("12.30"); negative values (only @world
// goes negative) get a leading '-'. Exact for the whole qint64 range.
QString format(qint64 minor, int scale);

// The largest amount the ledger can hold, as text ("92233720368547758.07" at scale 2).
QString maxText(int scale);

// Overflow-checked arithmetic: nullopt when the exact result does not fit a qint64.
std::optional<qint64> add(qint64 a, qint64 b);
std::optional<qint64> subtract(qint64 a, qint64 b);

} // namespace ledger::money
