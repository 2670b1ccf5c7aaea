#include "store/dynamodb/dynamolocation.h"

#include "ledger/message.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace ledger::aws {

namespace {

Error bad(const Message &why) { return makeError(ErrorCode::InvalidLocation, why); }

} // namespace

bool isDynamoLocation(const QString &location) { return location.startsWith(QLatin1String("dynamodb://"), Qt::CaseInsensitive); }

Result<DynamoLocation> parseDynamoLocation(const QString &location)
{
    if (!isDynamoLocation(location))
        return bad(Message::translate("ledger", "%1 is not a dynamodb:// location").arg(location));
    // QUrl would lower-case nothing we need and reject an empty host, so the parts are split by hand.
    const QString rest = location.mid(int(qstrlen("dynamodb://")));
    const int queryAt = rest.indexOf(QLatin1Char('?'));
    const QString pathPart = queryAt < 0 ? rest : rest.left(queryAt);
    const QString queryPart = queryAt < 0 ? QString() : rest.mid(queryAt + 1);
    const int slash = pathPart.indexOf(QLatin1Char('/'));
    DynamoLocation parsed;
    parsed.region = slash < 0 ? pathPart : pathPart.left(slash);
    parsed.prefix = slash < 0 ? QString() : pathPart.mid(slash + 1);
    if (parsed.region.contains(QLatin1Char('@')))
        return bad(Message::translate("ledger", "a dynamodb:// location carries no credentials (they would be shown wherever the location "
                                                "is): use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or profile=NAME"));
    static const QRegularExpression regionForm(QStringLiteral("^[a-z0-9-]{0,40}$"));
    if (!regionForm.match(parsed.region).hasMatch())
        return bad(Message::translate("ledger", "%1 is not an AWS region name (like eu-west-1)").arg(parsed.region));
    // Table names allow [A-Za-z0-9_.-]{3,255}; the longest suffix is "-transactions" (13).
    static const QRegularExpression prefixForm(QStringLiteral("^[A-Za-z0-9_.-]{1,200}$"));
    if (!prefixForm.match(parsed.prefix).hasMatch())
        return bad(Message::translate("ledger",
                                      "a dynamodb:// location names its tables' prefix after the region (dynamodb://REGION/PREFIX; "
                                      "letters, digits, '_', '.', '-', at most 200)"));

    const QUrlQuery query(queryPart);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        bool numberOk = true;
        const int number = value.toInt(&numberOk);
        if (key == QLatin1String("endpoint") || key == QLatin1String("endpoint_url")) {
            const QUrl url(value, QUrl::StrictMode);
            if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
                return bad(Message::translate("ledger", "endpoint=%1 is not an http:// or https:// URL").arg(value));
            if (!url.path().isEmpty() && url.path() != QLatin1String("/"))
                return bad(Message::translate("ledger", "endpoint=%1 has a path: DynamoDB's API is at the root of its host").arg(value));
            if (!url.userInfo().isEmpty())
                return bad(Message::translate("ledger", "endpoint=%1 carries credentials: use the environment or a profile").arg(value));
            parsed.endpoint = url.toString();
            while (parsed.endpoint.endsWith(QLatin1Char('/')))
                parsed.endpoint.chop(1);
        } else if (key == QLatin1String("profile")) {
            parsed.profile = value;
        } else if (key == QLatin1String("max_attempts")) {
            if (!numberOk || number < 1 || number > 100)
                return bad(Message::translate("ledger", "max_attempts=%1 is not a whole number from 1 to 100").arg(value));
            parsed.maxAttempts = number;
        } else if (key == QLatin1String("connect_timeout") || key == QLatin1String("read_timeout")) {
            if (!numberOk || number < 1 || number > 600)
                return bad(Message::translate("ledger", "%1=%2 is not a number of seconds from 1 to 600").arg(key, value));
            (key == QLatin1String("connect_timeout") ? parsed.connectTimeoutMs : parsed.readTimeoutMs) = number * 1000;
        } else if (key == QLatin1String("feed_delay_ms")) {
            if (!numberOk || number < 0 || number > 600'000)
                return bad(Message::translate("ledger", "feed_delay_ms=%1 is not a number of milliseconds from 0 to 600000").arg(value));
            parsed.feedDelayMs = number;
        } else {
            return bad(Message::translate("ledger", "a dynamodb:// location has no option %1 (it knows endpoint, profile, max_attempts, "
                                                    "connect_timeout, read_timeout, feed_delay_ms)")
                           .arg(key));
        }
    }
    return parsed;
}

QString tableName(const DynamoLocation &location, const char *name) { return location.prefix + QLatin1Char('-') + QLatin1String(name); }

} // namespace ledger::aws
