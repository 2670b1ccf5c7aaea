#include "interchange/listenaddress.h"

#include <algorithm>

namespace ledger {

QString ListenAddress::urlHost() const
{
    return address.protocol() == QAbstractSocket::IPv6Protocol ? QStringLiteral("[%1]").arg(address.toString()) : address.toString();
}

Result<ListenAddress> parseListenAddress(const QString &text, const QString &option, const QString &example)
{
    const auto bad = [&](const QString &why) {
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1 %2: %3 (like %4)").arg(option, text.left(80), why, example));
    };
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return bad(QStringLiteral("not HOST:PORT"));
    QString host = text.left(colon);
    const QString portText = text.mid(colon + 1);
    bool ok = false;
    const uint port = portText.toUInt(&ok);
    const bool digits =
        !portText.isEmpty() && std::all_of(portText.cbegin(), portText.cend(), [](QChar c) { return c.isDigit() && c.unicode() < 128; });
    if (!ok || !digits || port > 65535)
        return bad(QStringLiteral("the port is not a whole number from 0 to 65535"));
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    ListenAddress result;
    result.port = quint16(port);
    if (host == QLatin1String("localhost"))
        result.address = QHostAddress(QHostAddress::LocalHost);
    else if (!result.address.setAddress(host))
        return bad(QStringLiteral("%1 is not an IP address or localhost").arg(host.left(60)));
    return result;
}

} // namespace ledger
