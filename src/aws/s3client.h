#pragma once
// A small S3 client for the data lake: objects put (once, or only if absent), read, listed and
// removed, and large ones uploaded in parts. libcurl's easy interface, blocking, no Qt event loop
// (the lake calls it from a worker thread); each request signed with SigV4 (service "s3", the
// payload's hash in x-amz-content-sha256) on the server's clock as its Date headers tell it
// (awsclock.h). Credentials, region and endpoint are found as the AWS CLI finds them
// (awsconfig.h, Service::S3).
//
// Addressing: path-style (ENDPOINT/BUCKET/KEY) when an endpoint is given, by the target or by
// AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or the profile (s3rver, MinIO, …), and for a bucket with a
// '.' in its name; else virtual-hosted (BUCKET.s3.REGION.amazonaws.com/KEY). A key goes on the wire
// encoded once, '/' kept: the path that was signed ("dt=2026-11-22/…" as "dt%3D2026-11-22/…").
//
// Failures: a 5xx, SlowDown, RequestTimeout and a connection that fails are sent again after the
// capped backoff with full jitter of awsretry.h, a bounded number of times (S3Options). Then, and
// for the rest, an error naming S3's code and the key: NoSuchBucket "bucket B does not exist" and
// NoSuchKey are not-found, any 403 is unauthorized ("S3 refused the credentials (CODE)"), a 412
// (PreconditionFailed) is conflict, S3 not answering or still failing is store-unavailable, any
// other refusal store-error ("S3 CODE: MESSAGE (KEY)").
//
// Thread-safety: one client per thread (its curl handle is one connection, kept alive); a client
// may move to another thread between calls.

#include "aws/awsclock.h"
#include "aws/awsconfig.h"
#include "ledger/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <memory>

namespace ledger::aws {

// Where the objects go. `endpoint` empty: AWS's (or AWS_ENDPOINT_URL_S3 …); `region`, `profile`
// empty: as the environment and ~/.aws say.
struct S3Target {
    QString bucket;
    QString endpoint;
    QString region;
    QString profile;
};

// An object listed (etag without its quotes), or with a delimiter a common prefix ("dt=…/").
struct S3Object {
    QString key;
    qint64 size = 0;
    QString etag;
    bool commonPrefix = false;
};

struct S3Options {
    int maxAttempts = 6;         // per request, the first included
    int retryForMs = 30000;      // no attempt started after this
    int connectTimeoutMs = 5000; // per attempt
    int stallTimeoutMs = 60000;  // an attempt that moves no byte for this long fails
};

class S3Client {
public:
    // Resolves credentials, region and endpoint (resolveConfig, Service::S3) and checks the
    // bucket's name and the endpoint's form: invalid-location for a malformed one,
    // store-unavailable when no credentials or region are found. Sends nothing.
    static Result<std::unique_ptr<S3Client>> open(const S3Target &target, const Environment &env = Environment::ofProcess());
    ~S3Client();
    S3Client(const S3Client &) = delete;
    S3Client &operator=(const S3Client &) = delete;

    // ListObjectsV2 max-keys=1 on the bucket: not-found "bucket B does not exist", unauthorized
    // "S3 refused the credentials (CODE)", store-unavailable when S3 cannot be reached.
    Error probe();
    // PutObject. createOnly: sends If-None-Match: *, and a 412 (the key exists) is conflict.
    Error put(const QString &key, const QByteArray &body, bool createOnly);
    // GetObject: the whole body. NoSuchKey: not-found.
    Result<QByteArray> get(const QString &key);
    // DeleteObject; a key that is absent is fine.
    Error remove(const QString &key);
    // Every object whose key starts with `prefix` and sorts after `startAfter` (empty: from the
    // first), in key order, following continuation tokens. With a `delimiter`, keys that have it
    // after the prefix come once each as their common prefix (commonPrefix = true).
    Result<QList<S3Object>> list(const QString &prefix, const QString &startAfter = {}, const QString &delimiter = {});
    // CreateMultipartUpload: the upload id.
    Result<QString> createMultipart(const QString &key);
    // UploadPart (partNumber from 1; every part but the last at least 5 MiB on AWS): its etag.
    Result<QString> uploadPart(const QString &key, const QString &uploadId, int partNumber, const QByteArray &body);
    // CompleteMultipartUpload of the parts whose etags are given, in order (part 1 first).
    // createOnly: If-None-Match: *, a 412 is conflict. When a Complete may have landed before its
    // answer was lost and the resend fails (NoSuchUpload on AWS: the upload is gone because it
    // completed), the key is listed: there, it is success.
    Error completeMultipart(const QString &key, const QString &uploadId, const QStringList &etags, bool createOnly);
    // AbortMultipartUpload, best effort: its failure is not reported (a lifecycle rule cleans up).
    void abortMultipart(const QString &key, const QString &uploadId);

    const QString &bucket() const { return m_bucket; }
    // scheme://host[:port], as resolved.
    const QString &endpoint() const { return m_endpoint; }
    bool pathStyle() const { return m_pathStyle; }
    const S3Options &options() const { return m_options; }
    void setOptions(const S3Options &options) { m_options = options; }
    // How many requests were sent again after a 5xx, a throttle or a failed connection.
    qint64 retries() const { return m_retries; }

    // For tests: list() asks for pages of this many keys (S3's most, 1000, by default).
    void setListPageSize(int keys) { m_listPageSize = keys; }
    // For tests: the answers to the next `n` requests are lost after the server got them (a
    // connection broken while the answer was on its way): each is sent again at once.
    void loseAnswersOfNextCalls(int n) { m_loseAnswers = n; }

private:
    struct Request;
    struct Answer;
    struct Attempt;
    S3Client(const S3Target &target, const ResolvedConfig &config, bool pathStyle);
    // One request with its retries: the answer of a 2xx, else the error (s3Code: S3's word for it;
    // mayHaveLanded: an earlier attempt may have been done by the server, its answer lost).
    Result<Answer> send(const Request &request, QString *s3Code = nullptr, bool *mayHaveLanded = nullptr);
    Attempt sendOnce(const Request &request);

    QString m_bucket;
    QString m_endpoint;
    QString m_region;
    Credentials m_credentials;
    bool m_pathStyle = false;
    S3Options m_options;
    ServerClock m_clock;
    void *m_curl = nullptr; // CURL*, kept out of this header
    qint64 m_retries = 0;
    int m_listPageSize = 1000;
    int m_loseAnswers = 0;
};

} // namespace ledger::aws
