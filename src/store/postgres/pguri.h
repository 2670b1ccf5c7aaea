#pragma once
// PostgreSQL store locations in libpq's own connection language: URIs
// (postgresql://user@h1:5432,h2:5433/db?target_session_attrs=read-write, socket directories as
// hosts, TLS options) and key=value strings (host=/run/postgresql dbname=ledger, service=ledger
// with pg_service.conf). What a location does not say comes from the PG* environment variables,
// the service file and ~/.pgpass, as for psql: `postgresql://` alone means "what the environment
// says". Locations are passed to libpq as they are; this file only reads them with libpq's own
// parser (PQconninfoParse) — never by rebuilding URIs by hand — to show them without their
// secrets and to name another database on the same servers.
// Thread-safety: pure functions; any thread (createDatabase opens its own connection).

#include "ledger/errors.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace ledger::pguri {

// Which locations are PostgreSQL's is store/location.h's one rule (isServerLocation).
// invalid-argument when libpq cannot read `location` (unknown keyword, bad quoting, malformed
// URI), saying why without repeating any part of it (it may hold a password).
Error check(const QString &location);
// `location` as libpq reads it, without its secrets (password, sslpassword: whatever libpq marks
// as secret), as a key=value string that libpq accepts again: for messages, window titles,
// recent-store lists, settings and topology files. host, port, dbname and user first.
QString redacted(const QString &location);
// Whether `location` carries a secret (the console warns and keeps it out of its settings, a
// topology file refuses it).
bool hasPassword(const QString &location);
// The database `location` names itself ("" when it leaves it to the service file, PGDATABASE or
// the user name).
QString databaseName(const QString &location);
// `location` naming the database `name` instead: same hosts, ports, user, service and options
// (secrets kept: for connecting, not for showing).
QString withDatabase(const QString &location, const QString &name);
// libpq keyword → value pairs that, given after `location`, make a connection try one of its hosts
// only: one list per host in the location's order (a single empty list when it names at most one
// host; hosts named by a service file or PGHOST count when the location names none). For a
// caller that drives libpq's non-blocking connect, which — unlike the blocking one — never gives
// up on a host that does not answer and goes on to the next by itself.
QList<QList<QPair<QByteArray, QByteArray>>> hostByHost(const QString &location);
// A --servers list: locations separated by ';', or, when there is no ';', by spaces between
// URIs (a key=value string alone is one location).
QStringList splitList(const QString &list);
// CREATE DATABASE for the database `location` names (or the environment or service file does),
// connecting to the server's "postgres" database with the same hosts and credentials.
// store-unavailable when the server refuses (e.g. no CREATEDB right).
Error createDatabase(const QString &location);
// DROP DATABASE … WITH (FORCE) for that database (scratch stores of bench and tests): ends other
// sessions on it first. Ok when it does not exist.
Error dropDatabase(const QString &location);
// Whether the database `location` names exists on its server, asked of the server's "postgres"
// database; nullopt when that cannot be asked. (A refused connection says "does not exist" only in
// the server's language.)
std::optional<bool> databaseExists(const QString &location);

} // namespace ledger::pguri
