#include "aws/s3wire.h"

#include "ledger/message.h"

#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace ledger::aws::s3wire {

std::optional<ErrorBody> errorBodyOf(const QByteArray &xml)
{
    QXmlStreamReader reader(xml);
    if (!reader.readNextStartElement() || reader.name() != QLatin1String("Error"))
        return std::nullopt;
    ErrorBody error;
    while (reader.readNextStartElement()) {
        if (reader.name() == QLatin1String("Code"))
            error.code = reader.readElementText();
        else if (reader.name() == QLatin1String("Message"))
            error.message = reader.readElementText();
        else
            reader.skipCurrentElement();
    }
    return error;
}

namespace {

S3Object contentsOf(QXmlStreamReader &reader)
{
    S3Object object;
    while (reader.readNextStartElement()) {
        if (reader.name() == QLatin1String("Key"))
            object.key = reader.readElementText();
        else if (reader.name() == QLatin1String("Size"))
            object.size = reader.readElementText().toLongLong();
        else if (reader.name() == QLatin1String("ETag"))
            object.etag = unquoted(reader.readElementText());
        else
            reader.skipCurrentElement();
    }
    return object;
}

S3Object commonPrefixOf(QXmlStreamReader &reader)
{
    S3Object prefix;
    prefix.commonPrefix = true;
    while (reader.readNextStartElement()) {
        if (reader.name() == QLatin1String("Prefix"))
            prefix.key = reader.readElementText();
        else
            reader.skipCurrentElement();
    }
    return prefix;
}

} // namespace

ListPage listPage(const QByteArray &xml, QString *error)
{
    ListPage page;
    QXmlStreamReader reader(xml);
    if (!reader.readNextStartElement() || reader.name() != QLatin1String("ListBucketResult")) {
        *error = reader.hasError() ? reader.errorString() : QStringLiteral("no ListBucketResult");
        return {};
    }
    while (reader.readNextStartElement()) {
        if (reader.name() == QLatin1String("Contents"))
            page.objects.append(contentsOf(reader));
        else if (reader.name() == QLatin1String("CommonPrefixes"))
            page.objects.append(commonPrefixOf(reader));
        else if (reader.name() == QLatin1String("IsTruncated"))
            page.truncated = reader.readElementText() == QLatin1String("true");
        else if (reader.name() == QLatin1String("NextContinuationToken"))
            page.nextToken = reader.readElementText();
        else
            reader.skipCurrentElement();
    }
    if (reader.hasError()) {
        *error = reader.errorString();
        return {};
    }
    return page;
}

QString firstText(const QByteArray &xml, const QString &name)
{
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == name)
            return reader.readElementText();
    }
    return {};
}

QByteArray completeBody(const QStringList &etags)
{
    QByteArray xml;
    QXmlStreamWriter writer(&xml);
    writer.writeStartDocument();
    writer.writeStartElement(QStringLiteral("CompleteMultipartUpload"));
    writer.writeDefaultNamespace(QStringLiteral("http://s3.amazonaws.com/doc/2006-03-01/"));
    for (int i = 0; i < etags.size(); ++i) {
        writer.writeStartElement(QStringLiteral("Part"));
        writer.writeTextElement(QStringLiteral("PartNumber"), QString::number(i + 1));
        writer.writeTextElement(QStringLiteral("ETag"), QLatin1Char('"') + etags[i] + QLatin1Char('"'));
        writer.writeEndElement();
    }
    writer.writeEndElement();
    writer.writeEndDocument();
    return xml;
}

bool retryable(long status, const QString &code)
{
    return status >= 500 || code == QLatin1String("SlowDown") || code == QLatin1String("RequestTimeout")
        || code == QLatin1String("InternalError") || code == QLatin1String("ServiceUnavailable");
}

Error errorOf(const QString &bucket, long status, const QString &code, const QString &message, const QString &key)
{
    const QString words = QStringLiteral("S3 %1: %2 (%3)").arg(code, message, key.isEmpty() ? bucket : key);
    if (code == QLatin1String("NoSuchBucket"))
        return makeError(ErrorCode::NotFound, Message::translate("ledger", "bucket %1 does not exist").arg(bucket));
    if (status == 404)
        return makeError(ErrorCode::NotFound, words);
    if (status == 403)
        return makeError(ErrorCode::Unauthorized, Message::translate("ledger", "S3 refused the credentials (%1)").arg(code));
    if (status == 412)
        return makeError(ErrorCode::Conflict, words);
    if (retryable(status, code))
        return makeError(ErrorCode::StoreUnavailable, words);
    return makeError(ErrorCode::StoreError, words);
}

QString unquoted(QString etag)
{
    etag = etag.trimmed();
    if (etag.size() >= 2 && etag.startsWith(QLatin1Char('"')) && etag.endsWith(QLatin1Char('"')))
        return etag.mid(1, etag.size() - 2);
    return etag;
}

} // namespace ledger::aws::s3wire
