#pragma once
// AWS Signature Version 4: the Authorization header every AWS request carries. Ours and
// small (no AWS SDK for C++ is packaged here); checked against the known-answer vectors AWS
// published for it (third_party/aws-sig-v4-test-suite, tst_awssigv4).
//
// Thread-safety: pure functions over values; any thread.

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>

namespace ledger::aws {

struct Credentials {
    QString accessKeyId;
    QString secretAccessKey;
    QString sessionToken; // empty unless temporary (STS) credentials
};

// A request as it will go on the wire. `path` and `query` are as written in the request line
// (raw UTF-8, not yet percent-encoded: the path goes on the wire as uriEncode(path, true), which is
// what is signed); `headers` in any order and case, a name may repeat.
struct SigningRequest {
    QByteArray method;
    QByteArray path = "/";
    QByteArray query;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    // The body's SHA-256 in lower-case hex when it is known already (S3 sends it as
    // x-amz-content-sha256, and a large part is hashed once); empty: the body is hashed here.
    QByteArray payloadHash;
};

struct Scope {
    QString region;
    QString service;
};

// The steps, each exposed for the tests' messages.
QByteArray canonicalRequest(const SigningRequest &request);
QByteArray signedHeaderNames(const SigningRequest &request);
// `amzDate` is the request's X-Amz-Date ("20150830T123600Z"); the scope's date is its first 8.
QByteArray stringToSign(const SigningRequest &request, const QByteArray &amzDate, const Scope &scope);
// "AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…" over every header of `request`
// (which must already hold Host and X-Amz-Date, and X-Amz-Security-Token with temporary
// credentials).
QByteArray authorization(const SigningRequest &request, const QByteArray &amzDate, const Scope &scope, const Credentials &credentials);

// The X-Amz-Date form of a UTC time.
QByteArray amzDateOf(const QDateTime &utc);

// RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - . _ ~ as %XX (upper case),
// '/' kept when `keepSlash` (a path: S3 encodes it once, so "dt=1" goes as "dt%3D1").
QByteArray uriEncode(const QByteArray &raw, bool keepSlash);
// SHA-256 in lower-case hex: a payload's hash.
QByteArray sha256Hex(const QByteArray &data);

} // namespace ledger::aws
