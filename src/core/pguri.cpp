#include "pguri.h"

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

Error createDatabase(const QString &uri)
{
    const QString name = databaseName(uri);
    if (name.isEmpty())
        return makeError(ErrorCode::StoreUnavailable, QStringLiteral("%1 names no database to create").arg(redacted(uri)));
    const QByteArray full = uri.toUtf8();
    // The URI expanded first, then dbname overridden: same server, same credentials.
    const char *keys[] = {"connect_timeout", "dbname", "dbname", nullptr};
    const char *values[] = {"10", full.constData(), "postgres", nullptr};
    PGconn *conn = PQconnectdbParams(keys, values, 1);
    Error result;
    if (PQstatus(conn) != CONNECTION_OK) {
        result = makeError(ErrorCode::StoreUnavailable,
                           QStringLiteral("the database of %1 does not exist, and creating it failed: cannot connect to the server's "
                                          "postgres database: %2")
                               .arg(redacted(uri), QString::fromUtf8(PQerrorMessage(conn)).trimmed()));
    } else {
        const QByteArray nameBytes = name.toUtf8();
        char *ident = PQescapeIdentifier(conn, nameBytes.constData(), size_t(nameBytes.size()));
        const QByteArray sql = QByteArrayLiteral("CREATE DATABASE ") + ident + QByteArrayLiteral(" ENCODING 'UTF8' TEMPLATE template0");
        PQfreemem(ident);
        PGresult *r = PQexec(conn, sql.constData());
        // 42P04: another init created it a moment ago; the schema check that follows decides.
        if (PQresultStatus(r) != PGRES_COMMAND_OK && QByteArray(PQresultErrorField(r, PG_DIAG_SQLSTATE)) != "42P04")
            result = makeError(ErrorCode::StoreUnavailable, QStringLiteral("cannot create the database %1 on %2: %3")
                                                                .arg(name, redacted(uri), QString::fromUtf8(PQresultErrorMessage(r)).trimmed()));
        PQclear(r);
    }
    PQfinish(conn);
    return result;
}

} // namespace ledger::pguri
