#include "store/postgres/pguri.h"

#include <QMap>
#include <QUrl>
#include <QUrlQuery>
#include <libpq-fe.h>

namespace ledger::pguri {

bool isPostgres(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
}

namespace {

// libpq's own reading of the URI: keyword → value (what it will really use).
QMap<QString, QString> parsed(const QString &uri)
{
    QMap<QString, QString> options;
    char *error = nullptr;
    PQconninfoOption *info = PQconninfoParse(uri.toUtf8().constData(), &error);
    if (error)
        PQfreemem(error);
    if (!info)
        return options;
    for (PQconninfoOption *o = info; o->keyword; ++o) {
        if (o->val)
            options.insert(QString::fromUtf8(o->keyword), QString::fromUtf8(o->val));
    }
    PQconninfoFree(info);
    return options;
}

} // namespace

bool hasPassword(const QString &uri) { return parsed(uri).contains(QStringLiteral("password")); }

QString redacted(const QString &uri)
{
    QUrl url(uri, QUrl::TolerantMode);
    if (!url.isValid())
        return QStringLiteral("postgresql://(malformed URI)");
    url.setPassword(QString());
    QUrlQuery query(url);
    if (query.hasQueryItem(QStringLiteral("password"))) {
        query.removeAllQueryItems(QStringLiteral("password"));
        url.setQuery(query);
    }
    return url.toString(QUrl::RemovePassword);
}

QString databaseName(const QString &uri) { return parsed(uri).value(QStringLiteral("dbname")); }

QString withDatabase(const QString &uri, const QString &name)
{
    QUrl url(uri, QUrl::TolerantMode);
    url.setPath(QLatin1Char('/') + name);
    QUrlQuery query(url);
    if (query.hasQueryItem(QStringLiteral("dbname"))) {
        query.removeAllQueryItems(QStringLiteral("dbname"));
        url.setQuery(query);
    }
    return url.toString();
}

namespace {

// Runs `sql` (with %1 for the quoted database name) on the server's "postgres" database, with
// the credentials of `uri`. `tolerated`: an SQLSTATE that counts as success.
Error onMaintenanceDatabase(const QString &uri, const Message &what, const QByteArray &sqlTemplate, const QByteArray &tolerated)
{
    const QString name = databaseName(uri);
    if (name.isEmpty())
        return makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "%1 names no database to %2").arg(Message(redacted(uri)), what));
    const QByteArray full = uri.toUtf8();
    // The URI expanded first, then dbname overridden: same server, same credentials.
    const char *keys[] = {"connect_timeout", "dbname", "dbname", nullptr};
    const char *values[] = {"10", full.constData(), "postgres", nullptr};
    PGconn *conn = PQconnectdbParams(keys, values, 1);
    Error result;
    if (PQstatus(conn) != CONNECTION_OK) {
        result = makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "cannot %1 the database of %2: cannot connect to the server's "
                                                                       "postgres database: %3")
                                                            .arg(what, redacted(uri), QString::fromUtf8(PQerrorMessage(conn)).trimmed()));
    } else {
        PQsetNoticeProcessor(conn, [](void *, const char *) {}, nullptr); // "does not exist, skipping"
        const QByteArray nameBytes = name.toUtf8();
        char *ident = PQescapeIdentifier(conn, nameBytes.constData(), size_t(nameBytes.size()));
        QByteArray sql = sqlTemplate;
        sql.replace("%1", ident);
        PQfreemem(ident);
        PGresult *r = PQexec(conn, sql.constData());
        if (PQresultStatus(r) != PGRES_COMMAND_OK && QByteArray(PQresultErrorField(r, PG_DIAG_SQLSTATE)) != tolerated)
            result = makeError(ErrorCode::StoreUnavailable, Message::translate("ledger", "cannot %1 the database %2 on %3: %4")
                                                                .arg(what, name, redacted(uri), QString::fromUtf8(PQresultErrorMessage(r)).trimmed()));
        PQclear(r);
    }
    PQfinish(conn);
    return result;
}

} // namespace

Error createDatabase(const QString &uri)
{
    // 42P04: another init created it a moment ago; the schema check that follows decides.
    return onMaintenanceDatabase(uri, Message::translate("ledger", "create"), "CREATE DATABASE %1 ENCODING 'UTF8' TEMPLATE template0", "42P04");
}

Error dropDatabase(const QString &uri)
{
    return onMaintenanceDatabase(uri, Message::translate("ledger", "drop"), "DROP DATABASE IF EXISTS %1 WITH (FORCE)", "");
}

} // namespace ledger::pguri
