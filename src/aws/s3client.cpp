#include "aws/s3client.h"

#include "aws/awsretry.h"
#include "aws/awssigv4.h"
#include "aws/curleasy.h"
#include "aws/s3wire.h"
#include "ledger/message.h"

#include <QRegularExpression>
#include <QUrl>

#include <curl/curl.h>

namespace ledger::aws {

namespace {

// The answer's headers we read: Date (the server's clock) and ETag.
struct Headers {
    QByteArray date;
    QByteArray etag;
};

size_t readHeader(char *data, size_t size, size_t count, void *target)
{
    const QByteArray line(data, qsizetype(size * count));
    const int colon = line.indexOf(':');
    if (colon > 0) {
        const QByteArray name = line.left(colon).trimmed().toLower();
        auto *headers = static_cast<Headers *>(target);
        if (name == "date")
            headers->date = line.mid(colon + 1).trimmed();
        else if (name == "etag")
            headers->etag = line.mid(colon + 1).trimmed();
    }
    return size * count;
}

// What no second try mends: a malformed endpoint, a TLS certificate refused.
bool retryableTransport(CURLcode code)
{
    return code != CURLE_URL_MALFORMAT && code != CURLE_UNSUPPORTED_PROTOCOL && code != CURLE_PEER_FAILED_VERIFICATION
        && code != CURLE_SSL_CACERT_BADFILE && code != CURLE_SSL_CERTPROBLEM && code != CURLE_SSL_CIPHER && code != CURLE_NOT_BUILT_IN;
}

// S3's rules for a bucket's name (general purpose buckets).
bool validBucketName(const QString &name)
{
    static const QRegularExpression form(QStringLiteral("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"));
    static const QRegularExpression ipAddress(QStringLiteral("^[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+$"));
    return form.match(name).hasMatch() && !name.contains(QLatin1String("..")) && !ipAddress.match(name).hasMatch();
}

QByteArray hostOf(const QUrl &url)
{
    QByteArray host = url.host().contains(QLatin1Char(':')) ? '[' + url.host().toUtf8() + ']' : url.host().toUtf8();
    if (url.port() > 0)
        host += ':' + QByteArray::number(url.port());
    return host;
}

} // namespace

struct S3Client::Request {
    QByteArray method;
    QString key; // empty: the bucket itself
    QList<QPair<QByteArray, QByteArray>> query;
    QList<QPair<QByteArray, QByteArray>> headers; // besides Host, the date, the hash and the token
    QByteArray body;
};

struct S3Client::Answer {
    long status = 0;
    QByteArray body;
    QByteArray etag;
};

struct S3Client::Attempt {
    bool retry = false;
    bool reached = false; // the server got the request (it answered, or the answer was lost)
    QString s3Code;
    Result<Answer> outcome = Answer{};
};

Result<std::unique_ptr<S3Client>> S3Client::open(const S3Target &target, const Environment &env)
{
    if (!validBucketName(target.bucket))
        return makeError(ErrorCode::InvalidLocation,
                         Message::translate("ledger", "%1 is not an S3 bucket name: 3 to 63 lower-case letters, digits, '.' and '-', "
                                                      "starting and ending with a letter or a digit")
                             .arg(target.bucket));
    auto config = resolveConfig(target.profile, target.region, target.endpoint, env, Service::S3);
    if (!config.ok())
        return config.error();
    const QUrl url(config->endpoint);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()
        || !url.userInfo().isEmpty() || (!url.path().isEmpty() && url.path() != QLatin1String("/")))
        return makeError(
            ErrorCode::InvalidLocation,
            Message::translate("ledger", "the S3 endpoint %1 is not an http:// or https:// address of a host").arg(config->endpoint));
    // AWS's own endpoint takes the bucket in the host name; any other (s3rver, MinIO…) in the path,
    // and so does a bucket whose dots would not match AWS's TLS certificate.
    const bool pathStyle = config->endpoint != defaultEndpoint(config->region, Service::S3) || target.bucket.contains(QLatin1Char('.'));
    return std::unique_ptr<S3Client>(new S3Client(target, *config, pathStyle));
}

S3Client::S3Client(const S3Target &target, const ResolvedConfig &config, bool pathStyle)
    : m_bucket(target.bucket)
    , m_endpoint(config.endpoint)
    , m_region(config.region)
    , m_credentials(config.credentials)
    , m_pathStyle(pathStyle)
{
    initCurlOnce();
    m_curl = curl_easy_init();
}

S3Client::~S3Client()
{
    if (m_curl)
        curl_easy_cleanup(static_cast<CURL *>(m_curl));
}

S3Client::Attempt S3Client::sendOnce(const Request &request)
{
    Attempt attempt;
    auto *curl = static_cast<CURL *>(m_curl);
    if (!curl) {
        attempt.outcome = makeError(ErrorCode::StoreUnavailable, QStringLiteral("libcurl could not start a connection"));
        return attempt;
    }
    const QUrl endpoint(m_endpoint);
    QByteArray host = hostOf(endpoint);
    // The path as signed (the signer and the URL below encode it alike).
    QByteArray path = "/";
    if (m_pathStyle) {
        path += m_bucket.toUtf8() + (request.key.isEmpty() ? QByteArray() : '/' + request.key.toUtf8());
    } else {
        host = m_bucket.toUtf8() + '.' + host;
        path += request.key.toUtf8();
    }
    QByteArray query;
    for (const auto &[name, value] : request.query)
        query += (query.isEmpty() ? "" : "&") + uriEncode(name, false) + (value.isNull() ? QByteArray() : '=' + uriEncode(value, false));

    const QByteArray amzDate = amzDateOf(m_clock.now());
    SigningRequest signing;
    signing.method = request.method;
    signing.path = path;
    signing.query = query;
    signing.payloadHash = sha256Hex(request.body);
    signing.headers = {{"Host", host}, {"x-amz-date", amzDate}, {"x-amz-content-sha256", signing.payloadHash}};
    if (!m_credentials.sessionToken.isEmpty())
        signing.headers.append({"x-amz-security-token", m_credentials.sessionToken.toUtf8()});
    signing.headers += request.headers;
    const QByteArray auth = authorization(signing, amzDate, Scope{m_region, QStringLiteral("s3")}, m_credentials);

    curl_slist *headers = nullptr;
    for (const auto &[name, value] : signing.headers)
        headers = curl_slist_append(headers, (name + ": " + value).constData());
    headers = curl_slist_append(headers, ("Authorization: " + auth).constData());
    headers = curl_slist_append(headers, "Expect:");       // no 100-continue round trip
    headers = curl_slist_append(headers, "Content-Type:"); // not curl's form type for a body
    const QByteArray url = endpoint.scheme().toUtf8() + "://" + host + uriEncode(path, true) + (query.isEmpty() ? "" : "?" + query);
    QByteArray response;
    Headers answered;
    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    if (request.method == "GET") {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, nullptr);
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    } else {
        // PUT, POST and DELETE all as a request with this body (perhaps none), sent as it is.
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.constData());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.size()));
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.constData());
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, appendToByteArray);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, readHeader);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &answered);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L); // threads: no SIGALRM for name lookups
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, long(m_options.connectTimeoutMs));
    // A large part may take long; an attempt fails when it stalls, not when it is slow.
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, long(std::max(1, m_options.stallTimeoutMs / 1000)));
    curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
    const qint64 sentAt = QDateTime::currentMSecsSinceEpoch();
    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    if (code != CURLE_OK) {
        attempt.retry = retryableTransport(code);
        // A request that went out may have been done without its answer coming back.
        attempt.reached = code != CURLE_COULDNT_CONNECT && code != CURLE_COULDNT_RESOLVE_HOST;
        attempt.outcome = makeError(ErrorCode::StoreUnavailable,
                                    Message::translate("ledger", "S3 at %1 did not answer %2 %3: %4")
                                        .arg(m_endpoint, QString::fromLatin1(request.method),
                                             request.key.isEmpty() ? m_bucket : request.key, QString::fromUtf8(curl_easy_strerror(code))));
        return attempt;
    }
    attempt.reached = true;
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (!answered.date.isEmpty())
        m_clock.learn(answered.date, sentAt, QDateTime::currentMSecsSinceEpoch());
    // CompleteMultipartUpload may answer 200 with an <Error> in its body: a failure like any other.
    const auto error = status / 100 == 2 && request.method != "POST" ? std::nullopt : s3wire::errorBodyOf(response);
    if (status / 100 == 2 && !error) {
        attempt.outcome = Answer{status, response, answered.etag};
        return attempt;
    }
    const long effective = status / 100 == 2 ? 500 : status; // an error inside a 200: as S3 says, a 5xx
    attempt.s3Code = error && !error->code.isEmpty() ? error->code : QStringLiteral("HTTP %1").arg(status);
    attempt.retry = s3wire::retryable(effective, attempt.s3Code);
    attempt.outcome = s3wire::errorOf(m_bucket, effective, attempt.s3Code, error ? error->message : QString(), request.key);
    return attempt;
}

Result<S3Client::Answer> S3Client::send(const Request &request, QString *s3Code, bool *mayHaveLanded)
{
    RetryBudget budget(m_options.maxAttempts, m_options.retryForMs);
    bool landed = false;
    for (int attempt = 1;; ++attempt) {
        Attempt sent = sendOnce(request);
        if (m_loseAnswers > 0 && sent.reached) {
            --m_loseAnswers;
            ++m_retries;
            landed = true;
            continue; // at once, as after a connection broken on the way back
        }
        if (!sent.outcome.ok() && sent.reached && sent.retry)
            landed = true; // a 5xx or a broken answer: the server may have done it
        if (!sent.retry || !budget.allowsAnother(attempt)) {
            if (s3Code)
                *s3Code = sent.s3Code;
            if (mayHaveLanded)
                *mayHaveLanded = landed;
            return std::move(sent.outcome);
        }
        ++m_retries;
        RetryBudget::waitAfter(attempt);
    }
}

Error S3Client::probe()
{
    const auto answer = send(Request{"GET", {}, {{"list-type", "2"}, {"max-keys", "1"}}, {}, {}});
    return answer.ok() ? Error{} : answer.error();
}

Error S3Client::put(const QString &key, const QByteArray &body, bool createOnly)
{
    Request request{"PUT", key, {}, {}, body};
    if (createOnly)
        request.headers.append(qMakePair(QByteArray("If-None-Match"), QByteArray("*")));
    const auto answer = send(request);
    return answer.ok() ? Error{} : answer.error();
}

Result<QByteArray> S3Client::get(const QString &key)
{
    auto answer = send(Request{"GET", key, {}, {}, {}});
    if (!answer.ok())
        return answer.error();
    return std::move(answer->body);
}

Error S3Client::remove(const QString &key)
{
    QString code;
    const auto answer = send(Request{"DELETE", key, {}, {}, {}}, &code);
    if (answer.ok() || code == QLatin1String("NoSuchKey"))
        return {};
    return answer.error();
}

Result<QList<S3Object>> S3Client::list(const QString &prefix, const QString &startAfter, const QString &delimiter)
{
    QList<S3Object> objects;
    QString token;
    do {
        Request request{"GET", {}, {{"list-type", "2"}, {"max-keys", QByteArray::number(m_listPageSize)}}, {}, {}};
        if (!prefix.isEmpty())
            request.query.append({"prefix", prefix.toUtf8()});
        if (!delimiter.isEmpty())
            request.query.append({"delimiter", delimiter.toUtf8()});
        if (!token.isEmpty())
            request.query.append({"continuation-token", token.toUtf8()});
        else if (!startAfter.isEmpty())
            request.query.append({"start-after", startAfter.toUtf8()});
        const auto answer = send(request);
        if (!answer.ok())
            return answer.error();
        QString problem;
        const s3wire::ListPage page = s3wire::listPage(answer->body, &problem);
        if (!problem.isEmpty())
            return makeError(ErrorCode::StoreError,
                             QStringLiteral("S3 answered a listing of %1 that cannot be read: %2").arg(m_bucket, problem));
        objects += page.objects;
        token = page.truncated ? page.nextToken : QString();
        if (page.truncated && token.isEmpty())
            return makeError(ErrorCode::StoreError,
                             QStringLiteral("S3 answered a listing of %1 that goes on but says not where").arg(m_bucket));
    } while (!token.isEmpty());
    return objects;
}

Result<QString> S3Client::createMultipart(const QString &key)
{
    const auto answer = send(Request{"POST", key, {{"uploads", QByteArray()}}, {}, {}});
    if (!answer.ok())
        return answer.error();
    const QString uploadId = s3wire::firstText(answer->body, QStringLiteral("UploadId"));
    if (uploadId.isEmpty())
        return makeError(ErrorCode::StoreError, QStringLiteral("S3 answered CreateMultipartUpload of %1 without an UploadId").arg(key));
    return uploadId;
}

Result<QString> S3Client::uploadPart(const QString &key, const QString &uploadId, int partNumber, const QByteArray &body)
{
    const auto answer =
        send(Request{"PUT", key, {{"partNumber", QByteArray::number(partNumber)}, {"uploadId", uploadId.toUtf8()}}, {}, body});
    if (!answer.ok())
        return answer.error();
    if (answer->etag.isEmpty())
        return makeError(ErrorCode::StoreError, QStringLiteral("S3 answered part %1 of %2 without an ETag").arg(partNumber).arg(key));
    return s3wire::unquoted(QString::fromLatin1(answer->etag));
}

Error S3Client::completeMultipart(const QString &key, const QString &uploadId, const QStringList &etags, bool createOnly)
{
    Request request{"POST", key, {{"uploadId", uploadId.toUtf8()}}, {}, s3wire::completeBody(etags)};
    if (createOnly)
        request.headers.append(qMakePair(QByteArray("If-None-Match"), QByteArray("*")));
    QString code;
    bool mayHaveLanded = false;
    const auto answer = send(request, &code, &mayHaveLanded);
    if (answer.ok())
        return {};
    if (answer.code() == ErrorCode::Conflict || (code != QLatin1String("NoSuchUpload") && !mayHaveLanded))
        return answer.error();
    // The upload is gone, or an earlier attempt may have completed it: it did if the key is there.
    const auto found = list(key);
    if (found.ok()) {
        for (const S3Object &object : *found) {
            if (object.key == key)
                return {};
        }
    }
    return answer.error();
}

void S3Client::abortMultipart(const QString &key, const QString &uploadId)
{
    const S3Options options = m_options;
    m_options.maxAttempts = std::min(m_options.maxAttempts, 2); // best effort: not worth a long wait
    const auto answer = send(Request{"DELETE", key, {{"uploadId", uploadId.toUtf8()}}, {}, {}});
    Q_UNUSED(answer);
    m_options = options;
}

} // namespace ledger::aws
