#pragma once
// What S3 says and is sent, as s3client needs it: the XML of its answers (read with
// QXmlStreamReader) and of CompleteMultipartUpload, and its refusals as our errors. Private to
// src/aws (the layer guard says so).
//
// Thread-safety: pure functions; any thread.

#include "aws/s3client.h"
#include "ledger/errors.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace ledger::aws::s3wire {

// <Error><Code>…</Code><Message>…</Message></Error>, when the document is one.
struct ErrorBody {
    QString code;
    QString message;
};
std::optional<ErrorBody> errorBodyOf(const QByteArray &xml);

// One page of ListObjectsV2 (<ListBucketResult>): its objects and common prefixes in the order
// given, and where the next page starts.
struct ListPage {
    QList<S3Object> objects;
    bool truncated = false;
    QString nextToken;
};
// Empty with `error` set when the document is not a listing.
ListPage listPage(const QByteArray &xml, QString *error);

// The text of the first element named `name` anywhere in the document (UploadId), or empty.
QString firstText(const QByteArray &xml, const QString &name);

// <CompleteMultipartUpload> of parts 1..n with these etags (given without quotes).
QByteArray completeBody(const QStringList &etags);

// S3's refusal as our error (s3client.h says which code is which): `status` the HTTP status,
// `code` and `message` S3's (<Code>, <Message>), `key` the object's (empty: the bucket's).
Error errorOf(const QString &bucket, long status, const QString &code, const QString &message, const QString &key);
// Whether S3's code (with any 5xx) means "try again later".
bool retryable(long status, const QString &code);

// An etag as S3 writes it ("\"abc\"") without its quotes.
QString unquoted(QString etag);

} // namespace ledger::aws::s3wire
