#pragma once
// How a store location is told apart before anything is opened: a file path, or a database on a
// server — a URI ("scheme://…") or a connection string of key=value pairs ("host=… dbname=…",
// libpq's other form). One rule for every layer that must tell (the sharded store's topology
// entries, the opener, the PostgreSQL backend), so that no two of them disagree about an entry.
// A file whose name starts like "word=" is reached as ./word=… .
// Thread-safety: pure functions; any thread.

#include <QString>

namespace ledger {

// "scheme://…" with a scheme of letters, digits, '+', '-', '.' (RFC 3986).
bool isUriLocation(const QString &location);
// Begins with "keyword=" (spaces allowed around it).
bool isKeyValueLocation(const QString &location);
// Either: a database on a server rather than a file.
inline bool namesServerDatabase(const QString &location) { return isUriLocation(location) || isKeyValueLocation(location); }

} // namespace ledger
