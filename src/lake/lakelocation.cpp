#include "lake/lakelocation.h"

#include "ledger/message.h"

#include <QDir>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace ledger::lake {

namespace {
Error bad(const QString &text, const Message &why)
{
    return makeError(ErrorCode::InvalidLocation, Message::translate("ledger", "data lake %1: %2").arg(Message(text.left(200)), why));
}
} // namespace

Result<LakeLocation> LakeLocation::parse(const QString &text)
{
    if (text.trimmed().isEmpty())
        return bad(text, Message::translate("ledger", "give a folder or s3://BUCKET/PREFIX"));
    LakeLocation l;
    const qsizetype scheme = text.indexOf(QLatin1String("://"));
    if (scheme < 0) {
        l.kind = Kind::Folder;
        l.folder = QDir::cleanPath(QDir(text).absolutePath());
        return l;
    }
    if (!text.startsWith(QLatin1String("s3://")))
        return bad(text, Message::translate("ledger", "the scheme %1:// is not one of a data lake's (a folder, or s3://BUCKET/PREFIX)")
                             .arg(Message(text.left(scheme))));
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return bad(text, Message::translate("ledger", "not a URL (%1)").arg(Message(url.errorString())));
    if (!url.userInfo().isEmpty())
        return bad(text, Message::translate("ledger", "credentials do not go in the URL: use a profile (profile=) or the AWS "
                                                      "variables, as the AWS CLI does"));
    if (url.port() != -1)
        return bad(text, Message::translate("ledger", "a bucket has no port: give the server as endpoint=http://HOST:PORT"));
    l.kind = Kind::S3;
    // As written: QUrl lower-cases a host, and a bucket name with capitals is no bucket's.
    l.bucket = text.mid(5).section(QRegularExpression(QStringLiteral("[/?#]")), 0, 0);
    // S3's rules for bucket names: 3-63 of lower-case letters, digits, '.' and '-', starting and
    // ending with a letter or digit.
    static const QRegularExpression bucketName(QStringLiteral("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"));
    if (!bucketName.match(l.bucket).hasMatch() || l.bucket.contains(QLatin1String("..")))
        return bad(text, Message::translate("ledger", "%1 is not a bucket name (3-63 lower-case letters, digits, '.' and '-')")
                             .arg(Message(l.bucket.isEmpty() ? QStringLiteral("\"\"") : l.bucket)));
    QString path = url.path(QUrl::FullyDecoded);
    while (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (path.contains(QLatin1String("//")) || path.split(QLatin1Char('/')).contains(QLatin1String(".."))
        || path.contains(QRegularExpression(QStringLiteral("[\\x00-\\x1f]"))))
        return bad(text, Message::translate("ledger", "the prefix %1 has an empty or '..' part").arg(Message(path)));
    l.prefix = path;
    const QUrlQuery query(url);
    QStringList seen;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (seen.contains(key))
            return bad(text, Message::translate("ledger", "%1= is given twice").arg(Message(key)));
        seen << key;
        if (key == QLatin1String("endpoint")) {
            const QUrl endpoint(value, QUrl::StrictMode);
            if (!endpoint.isValid() || (endpoint.scheme() != QLatin1String("http") && endpoint.scheme() != QLatin1String("https"))
                || endpoint.host().isEmpty() || (!endpoint.path().isEmpty() && endpoint.path() != QLatin1String("/")) || endpoint.hasQuery()
                || !endpoint.userInfo().isEmpty())
                return bad(text, Message::translate("ledger", "endpoint=%1 is not http(s)://HOST[:PORT]").arg(Message(value)));
            l.endpoint = endpoint.toString(QUrl::RemovePath | QUrl::StripTrailingSlash);
        } else if (key == QLatin1String("region")) {
            static const QRegularExpression regionName(QStringLiteral("^[a-z0-9-]{2,40}$"));
            if (!regionName.match(value).hasMatch())
                return bad(text, Message::translate("ledger", "region=%1 is not a region name").arg(Message(value)));
            l.region = value;
        } else if (key == QLatin1String("profile")) {
            if (value.isEmpty())
                return bad(text, Message::translate("ledger", "profile= is empty"));
            l.profile = value;
        } else {
            return bad(text, Message::translate("ledger", "%1= is not known (endpoint=, region=, profile=)").arg(Message(key)));
        }
    }
    return l;
}

QString LakeLocation::display() const
{
    if (kind == Kind::Folder)
        return folder;
    return QStringLiteral("s3://%1/%2").arg(bucket, prefix);
}

} // namespace ledger::lake
