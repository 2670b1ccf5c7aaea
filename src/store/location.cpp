#include "store/location.h"

#include <QRegularExpression>

namespace ledger {

bool isUriLocation(const QString &location)
{
    static const QRegularExpression uri(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*://"));
    return uri.match(location).hasMatch();
}

bool isKeyValueLocation(const QString &location)
{
    static const QRegularExpression keyValue(QStringLiteral("^\\s*[A-Za-z_]+\\s*="));
    return keyValue.match(location).hasMatch();
}

} // namespace ledger
