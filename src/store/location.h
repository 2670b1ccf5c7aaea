#pragma once
// How a store location is told apart before anything is opened: a file path, a database on a
// PostgreSQL server — a postgresql:// (or postgres://) URI, or a connection string of key=value
// pairs ("host=… dbname=…", libpq's other form) — or a URI of a scheme LedgerDesk does not know
// ("https://…", "mongodb://…"), which is refused; dynamodb://REGION/PREFIX names tables on DynamoDB, never taken for a file name. This is the one
// rule for every layer that must tell (the opener, the sharded store's topology entries, the
// PostgreSQL backend, the programs), so that no two of them disagree about a location.
// A file whose name starts like "word=" is reached as ./word=… .
// Thread-safety: pure functions; any thread.

#include "ledger/errors.h"

#include <QString>

namespace ledger {

enum class LocationKind {
    File,          // a path: a store file, or a sharded store's topology file
    Server,        // a PostgreSQL database
    DynamoDb,      // dynamodb://REGION/PREFIX: tables on DynamoDB (or its API elsewhere)
    UnknownScheme, // "scheme://…" of any other scheme
};
LocationKind locationKind(const QString &location);

// A PostgreSQL database rather than a file.
inline bool isServerLocation(const QString &location) { return locationKind(location) == LocationKind::Server; }
inline bool isDynamoLocation(const QString &location) { return locationKind(location) == LocationKind::DynamoDb; }

// invalid-location for a URI of a scheme LedgerDesk does not know (naming the ones it does);
// ok for anything else. Every opener checks it first, so nothing is created for such a name.
Error checkLocation(const QString &location);

} // namespace ledger
