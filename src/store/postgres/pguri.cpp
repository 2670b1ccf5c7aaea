#include "store/postgres/pguri.h"

#include "store/location.h"

#include <QMap>
#include <QRegularExpression>
#include <algorithm>
#include <libpq-fe.h>
#include <memory>
#include <vector>

namespace ledger::pguri {

namespace {

struct Option {
    QString keyword;
    QString value;
    bool secret = false; // libpq's dispchar "*": a password of some kind
};

struct Parsed {
    std::vector<Option> options; // those the location sets, in libpq's order
    QString error;               // libpq's complaint when it cannot read the location
    bool ok() const { return error.isNull(); }
};

// The options libpq holds a value for, as Options.
std::vector<Option> optionsOf(const PQconninfoOption *info)
{
    std::vector<Option> options;
    for (const PQconninfoOption *o = info; o && o->keyword; ++o) {
        if (o->val)
            options.push_back({QString::fromUtf8(o->keyword), QString::fromUtf8(o->val), o->dispchar && o->dispchar[0] == '*'});
    }
    return options;
}

// libpq's own reading of the location: what it will really use, no environment or service
// file applied (those are the user's, not the location's).
Parsed parse(const QString &location)
{
    Parsed p;
    char *error = nullptr;
    std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> info(PQconninfoParse(location.toUtf8().constData(), &error),
                                                                      &PQconninfoFree);
    if (error) {
        p.error = QString::fromUtf8(error).trimmed();
        PQfreemem(error);
    }
    if (!info) {
        if (p.error.isNull())
            p.error = QStringLiteral("out of memory");
        return p;
    }
    p.options = optionsOf(info.get());
    return p;
}

// What libpq really uses for `location`: its own options, then what a service file and the PG*
// variables add. libpq works those out when it starts a connection, before it reaches any host,
// so a connection started (not waited for) and dropped says. The location's own options when
// even that cannot be started.
std::vector<Option> effectiveOptions(const QString &location)
{
    const QByteArray full = location.toUtf8();
    const char *keys[] = {"dbname", nullptr};
    const char *values[] = {full.constData(), nullptr};
    PGconn *conn = PQconnectStartParams(keys, values, 1);
    std::vector<Option> options;
    if (conn) {
        std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> info(PQconninfo(conn), &PQconninfoFree);
        options = optionsOf(info.get());
        // A connection holds every keyword; empty ones are unset.
        options.erase(std::remove_if(options.begin(), options.end(), [](const Option &o) { return o.value.isEmpty(); }), options.end());
    }
    PQfinish(conn);
    return options.empty() ? parse(location).options : options;
}

// libpq's key=value quoting: bare when it can be, else in single quotes with \' and \\.
QString quoted(const QString &value)
{
    static const QRegularExpression plain(QStringLiteral("^[^\\s'\\\\]+$"));
    if (plain.match(value).hasMatch())
        return value;
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

// The options as a key=value string: where they are first (as a URI says them), then the rest
// in libpq's order.
QString joined(const std::vector<Option> &options, bool withSecrets)
{
    static const char *const first[] = {"service", "host", "hostaddr", "port", "dbname", "user"};
    QStringList parts;
    auto add = [&](const Option &o) {
        if (!o.secret || withSecrets)
            parts << o.keyword + QLatin1Char('=') + quoted(o.value);
    };
    for (const char *keyword : first) {
        for (const Option &o : options) {
            if (o.keyword == QLatin1String(keyword))
                add(o);
        }
    }
    for (const Option &o : options) {
        if (std::none_of(std::begin(first), std::end(first), [&](const char *k) { return o.keyword == QLatin1String(k); }))
            add(o);
    }
    return parts.join(QLatin1Char(' '));
}

bool isUri(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
}

// libpq's complaint without the parts of the location it quotes, which may be a password: only a
// keyword it did not know is kept (that is what the user needs to see).
QString withoutQuotedParts(const QString &error)
{
    static const QRegularExpression quotedPart(QStringLiteral("\"([^\"]*)\""));
    static const QRegularExpression keyword(QStringLiteral("^(invalid connection option|invalid URI query parameter:?) \"[a-z_]{1,40}\""));
    const QString line = error.section(QLatin1Char('\n'), 0, 0);
    if (keyword.match(line).hasMatch())
        return line;
    // Quotes pair from the left; one character ("=", "]") is libpq's own punctuation.
    QString out;
    qsizetype from = 0;
    for (auto it = quotedPart.globalMatch(line); it.hasNext();) {
        const auto m = it.next();
        out += line.mid(from, m.capturedStart() - from);
        out += m.captured(1).size() <= 1 ? m.captured(0) : QStringLiteral("\"…\"");
        from = m.capturedEnd();
    }
    return out + line.mid(from);
}

} // namespace

Error check(const QString &location)
{
    const Parsed p = parse(location);
    if (p.ok())
        return {};
    return makeError(ErrorCode::InvalidArgument,
                     Message::translate("ledger", "libpq cannot read the PostgreSQL connection string (%1); write it as "
                                                  "postgresql://user@host:port/database?option=value or as key=value pairs "
                                                  "(host=... dbname=...)")
                         .arg(withoutQuotedParts(p.error)));
}

bool hasPassword(const QString &location)
{
    const Parsed p = parse(location);
    return std::any_of(p.options.begin(), p.options.end(), [](const Option &o) { return o.secret && !o.value.isEmpty(); });
}

QString redacted(const QString &location)
{
    const Parsed p = parse(location);
    if (!p.ok())
        return QStringLiteral("(unreadable PostgreSQL connection string)");
    const QString shown = joined(p.options, false);
    // postgresql:// alone: everything from the environment, which a bare "" would not say.
    return shown.isEmpty() ? QStringLiteral("postgresql://") : shown;
}

QString databaseName(const QString &location)
{
    for (const Option &o : parse(location).options) {
        if (o.keyword == QLatin1String("dbname"))
            return o.value;
    }
    return {};
}

QString withDatabase(const QString &location, const QString &name)
{
    Parsed p = parse(location);
    if (!p.ok())
        return location; // opening it says why
    p.options.erase(
        std::remove_if(p.options.begin(), p.options.end(), [](const Option &o) { return o.keyword == QLatin1String("dbname"); }),
        p.options.end());
    p.options.push_back({QStringLiteral("dbname"), name, false});
    return joined(p.options, true);
}

QList<QList<QPair<QByteArray, QByteArray>>> hostByHost(const QString &location)
{
    QMap<QString, QStringList> lists; // host, hostaddr, port: comma-separated in libpq's terms
    std::vector<Option> options = parse(location).options;
    const auto names = [](const Option &o) { return o.keyword == QLatin1String("host") || o.keyword == QLatin1String("hostaddr"); };
    // Hosts from a service file or PGHOST (e.g. PGHOST=db1,db2): what libpq will use.
    if (std::none_of(options.begin(), options.end(), names))
        options = effectiveOptions(location);
    for (const Option &o : options) {
        if (names(o) || o.keyword == QLatin1String("port"))
            lists.insert(o.keyword, o.value.split(QLatin1Char(',')));
    }
    const qsizetype hosts = std::max(lists.value(QStringLiteral("host")).size(), lists.value(QStringLiteral("hostaddr")).size());
    QList<QList<QPair<QByteArray, QByteArray>>> alternatives;
    if (hosts <= 1)
        return {{}};
    for (qsizetype i = 0; i < hosts; ++i) {
        QList<QPair<QByteArray, QByteArray>> one;
        for (const char *keyword : {"host", "hostaddr", "port"}) {
            const QStringList values = lists.value(QLatin1String(keyword));
            if (values.isEmpty())
                continue;
            // One port for every host, or one each (libpq's rule; it refuses other counts itself).
            const QString value = values.size() == 1 ? values.first() : values.value(i);
            one.append({QByteArray(keyword), value.toUtf8()});
        }
        alternatives << one;
    }
    return alternatives;
}

QStringList splitList(const QString &list)
{
    QStringList locations;
    if (list.contains(QLatin1Char(';'))) {
        for (const QString &part : list.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            if (!part.trimmed().isEmpty())
                locations << part.trimmed();
        }
        return locations;
    }
    const QStringList words = list.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    if (!words.isEmpty() && std::all_of(words.begin(), words.end(), isUri))
        return words;
    return list.trimmed().isEmpty() ? QStringList() : QStringList{list.trimmed()};
}

namespace {

// The database a location really reaches, the environment and service file applied.
QString effectiveDatabase(const QString &location)
{
    const QString own = databaseName(location);
    if (!own.isEmpty())
        return own;
    for (const Option &o : effectiveOptions(location)) {
        if (o.keyword == QLatin1String("dbname"))
            return o.value;
    }
    return {};
}

// A connection to the server's "postgres" database with the hosts and credentials of `location`
// (the location expanded first, then dbname overridden). The caller finishes it.
PGconn *connectMaintenance(const QString &location)
{
    const QByteArray full = location.toUtf8();
    const char *keys[] = {"connect_timeout", "dbname", "dbname", nullptr};
    const char *values[] = {"10", full.constData(), "postgres", nullptr};
    return PQconnectdbParams(keys, values, 1);
}

// Runs `sql` (with %1 for the quoted database name) on the server's "postgres" database.
// `tolerated`: an SQLSTATE that counts as success.
Error onMaintenanceDatabase(const QString &location, const Message &what, const QByteArray &sqlTemplate, const QByteArray &tolerated)
{
    if (Error e = check(location); !e.ok())
        return e;
    const QString name = effectiveDatabase(location);
    if (name.isEmpty())
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "%1 names no database to %2").arg(Message(redacted(location)), what));
    PGconn *conn = connectMaintenance(location);
    Error result;
    if (PQstatus(conn) != CONNECTION_OK) {
        result = makeError(ErrorCode::StoreUnavailable,
                           Message::translate("ledger", "cannot %1 the database of %2: cannot connect to the server's "
                                                        "postgres database: %3")
                               .arg(what, redacted(location), QString::fromUtf8(PQerrorMessage(conn)).trimmed()));
    } else {
        PQsetNoticeProcessor(
            conn, [](void *, const char *) {}, nullptr); // "does not exist, skipping"
        const QByteArray nameBytes = name.toUtf8();
        char *ident = PQescapeIdentifier(conn, nameBytes.constData(), size_t(nameBytes.size()));
        QByteArray sql = sqlTemplate;
        sql.replace("%1", ident);
        PQfreemem(ident);
        PGresult *r = PQexec(conn, sql.constData());
        if (PQresultStatus(r) != PGRES_COMMAND_OK && QByteArray(PQresultErrorField(r, PG_DIAG_SQLSTATE)) != tolerated)
            result = makeError(ErrorCode::StoreUnavailable,
                               Message::translate("ledger", "cannot %1 the database %2 on %3: %4")
                                   .arg(what, name, redacted(location), QString::fromUtf8(PQresultErrorMessage(r)).trimmed()));
        PQclear(r);
    }
    PQfinish(conn);
    return result;
}

} // namespace

Error createDatabase(const QString &location)
{
    // 42P04: another init created it a moment ago; the schema check that follows decides.
    return onMaintenanceDatabase(location, Message::translate("ledger", "create"), "CREATE DATABASE %1 ENCODING 'UTF8' TEMPLATE template0",
                                 "42P04");
}

Error dropDatabase(const QString &location)
{
    return onMaintenanceDatabase(location, Message::translate("ledger", "drop"), "DROP DATABASE IF EXISTS %1 WITH (FORCE)", "");
}

std::optional<bool> databaseExists(const QString &location)
{
    if (!check(location).ok())
        return std::nullopt;
    const QString name = effectiveDatabase(location);
    if (name.isEmpty())
        return std::nullopt;
    PGconn *conn = connectMaintenance(location);
    std::optional<bool> exists;
    if (PQstatus(conn) == CONNECTION_OK) {
        const QByteArray nameBytes = name.toUtf8();
        const char *values[] = {nameBytes.constData()};
        PGresult *r = PQexecParams(conn, "SELECT count(*) FROM pg_database WHERE datname = $1", 1, nullptr, values, nullptr, nullptr, 0);
        if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
            exists = QByteArray(PQgetvalue(r, 0, 0)) != "0";
        PQclear(r);
    }
    PQfinish(conn);
    return exists;
}

} // namespace ledger::pguri
