#pragma once
// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
// when it holds a comma, a quote, CR or LF (quotes doubled inside). UTF-8, no byte-order mark.
// The reader is the same grammar backwards; exports are checked by reading them back with it.
// Thread-safety: pure functions.

#include <QList>
#include <QStringList>

#include <optional>

namespace ledger::csv {

// One field, quoted only when RFC 4180 requires it.
QString field(const QString &value);
// One record, CRLF included.
QString record(const QStringList &fields);

// Parses a whole CSV text into records; nullopt when it is not RFC 4180 (a stray quote inside an
// unquoted field, text after a closing quote, an unterminated quoted field).
std::optional<QList<QStringList>> parse(const QString &text);

} // namespace ledger::csv
