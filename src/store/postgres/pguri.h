#pragma once
// PostgreSQL store locations: libpq connection URIs (postgresql://user@host:port/db?params),
// passed to libpq as they are (TLS options such as sslmode=verify-full and sslrootcert go
// through), but never shown or saved with a password in them.
// Thread-safety: pure functions; any thread (createDatabase opens its own connection).

#include "ledger/errors.h"

#include <QString>

namespace ledger::pguri {

// Whether `location` names a PostgreSQL store (postgresql:// or postgres://).
bool isPostgres(const QString &location);
// `uri` without its password (user:password@ and password= both), for messages, window titles,
// recent-store lists and settings.
QString redacted(const QString &uri);
// Whether `uri` carries a password (the console warns and keeps it out of its settings).
bool hasPassword(const QString &uri);
// The database `uri` names ("" when it names none: libpq then uses the user name).
QString databaseName(const QString &uri);
// `uri` naming the database `name` instead (same server, user and options).
QString withDatabase(const QString &uri, const QString &name);
// CREATE DATABASE for the database `uri` names, connecting to the server's "postgres" database
// with the same credentials. store-unavailable when the server refuses (e.g. no CREATEDB right).
Error createDatabase(const QString &uri);
// DROP DATABASE … WITH (FORCE) for the database `uri` names (scratch stores of bench and tests):
// ends other sessions on it first. Ok when it does not exist.
Error dropDatabase(const QString &uri);

} // namespace ledger::pguri
