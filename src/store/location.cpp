#include "store/location.h"

#include <QRegularExpression>

namespace ledger {

namespace {

// "scheme://…" with a scheme of letters, digits, '+', '-', '.' (RFC 3986).
QString schemeOf(const QString &location)
{
    static const QRegularExpression uri(QStringLiteral("^([A-Za-z][A-Za-z0-9+.-]*)://"));
    const auto m = uri.match(location);
    return m.hasMatch() ? m.captured(1) : QString();
}

// Begins with "keyword=" (spaces allowed around it): libpq's key=value connection string.
bool isKeyValue(const QString &location)
{
    static const QRegularExpression keyValue(QStringLiteral("^\\s*[A-Za-z_]+\\s*="));
    return keyValue.match(location).hasMatch();
}

} // namespace

LocationKind locationKind(const QString &location)
{
    const QString scheme = schemeOf(location);
    if (scheme.isEmpty())
        return isKeyValue(location) ? LocationKind::Server : LocationKind::File;
    // libpq takes exactly these two, in lower case.
    if (scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres"))
        return LocationKind::Server;
    if (scheme == QLatin1String("dynamodb"))
        return LocationKind::DynamoDb;
    return LocationKind::UnknownScheme;
}

Error checkLocation(const QString &location)
{
    if (locationKind(location) != LocationKind::UnknownScheme)
        return {};
    return makeError(ErrorCode::InvalidLocation,
                     Message::translate("ledger", "LedgerDesk does not know the scheme %1:// (a store is a file path, a postgresql:// URI, "
                                                  "host=... dbname=... pairs or dynamodb://REGION/PREFIX)")
                         .arg(schemeOf(location)));
}

} // namespace ledger
