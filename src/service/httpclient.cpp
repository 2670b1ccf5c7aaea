#include "service/httpclient.h"

#include "aws/curleasy.h"

#include <QHostAddress>

#include <curl/curl.h>

namespace ledger {

namespace {

bool isLoopbackHost(const QString &host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace

Result<QUrl> parseServerUrl(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    // Said back without a password someone put in it (stderr is often a log).
    const QString shown = url.isValid() ? url.toString(QUrl::RemovePassword) : text.left(200);
    const auto refuse = [&](const QString &why) {
        return makeError(ErrorCode::InvalidLocation, QStringLiteral("--server %1: %2").arg(shown.left(200), why));
    };
    if (!url.isValid() || url.host().isEmpty())
        return refuse(QStringLiteral("not a URL; write https://HOST:PORT (or http://127.0.0.1:PORT for a ledgerd on this machine)"));
    if (scheme != QLatin1String("https") && scheme != QLatin1String("http"))
        return refuse(QStringLiteral("the scheme is https (or http to a loopback address), not %1").arg(url.scheme()));
    if (!url.userInfo().isEmpty())
        return refuse(QStringLiteral("no user or password in the URL: the token comes from the keyring, LEDGERDESK_TOKEN or --token-file"));
    if ((!url.path().isEmpty() && url.path() != QLatin1String("/")) || url.hasQuery() || url.hasFragment())
        return refuse(QStringLiteral("only the server's address (https://HOST:PORT), no path"));
    if (scheme == QLatin1String("http") && !isLoopbackHost(url.host()))
        return refuse(QStringLiteral("plain http:// is only for a ledgerd on this machine (127.0.0.1, ::1, localhost): over a network "
                                     "the token and the money go over https://"));
    QUrl base;
    base.setScheme(scheme);
    base.setHost(url.host());
    base.setPort(url.port());
    return base;
}

HttpClient::HttpClient(ServerLocation where)
    : m_where(std::move(where))
{
    aws::initCurlOnce();
}

HttpClient::~HttpClient()
{
    if (m_curl)
        curl_easy_cleanup(static_cast<CURL *>(m_curl));
}

Result<HttpAnswer> HttpClient::get(const QByteArray &pathAndQuery) { return call("GET", pathAndQuery, {}, {}, Sending::MayRepeat); }

Result<HttpAnswer> HttpClient::post(const QByteArray &pathAndQuery, const QByteArray &body,
                                    const QList<QPair<QByteArray, QByteArray>> &headers, Sending sending)
{
    return call("POST", pathAndQuery, body, headers, sending);
}

Result<HttpClient::Performed> HttpClient::perform(const QByteArray &method, const QByteArray &pathAndQuery, const QByteArray &body,
                                                  const QList<QPair<QByteArray, QByteArray>> &headers,
                                                  const std::function<void(void *curl)> &setUp)
{
    if (!m_curl)
        m_curl = curl_easy_init();
    CURL *curl = static_cast<CURL *>(m_curl);
    if (!curl)
        return makeError(ErrorCode::Internal, QStringLiteral("libcurl could not make a handle"));
    curl_easy_reset(curl);
    const QByteArray url = m_where.url.toString(QUrl::FullyEncoded).toUtf8() + pathAndQuery;
    struct curl_slist *list = nullptr;
    if (!m_where.token.isEmpty())
        list = curl_slist_append(list, QByteArray("Authorization: Bearer " + m_where.token).constData());
    if (method == "POST")
        list = curl_slist_append(list, "Content-Type: application/json");
    list = curl_slist_append(list, "Expect:"); // no 100-continue round trip for a small body
    for (const auto &[name, value] : headers)
        list = curl_slist_append(list, QByteArray(name + ": " + value).constData());
    char errorText[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    if (method == "POST") {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.constData());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, long(body.size()));
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorText);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L); // threads: no SIGALRM for name lookups
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
    curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L); // a redirect would carry the token elsewhere
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    const QByteArray caFile = m_where.caFile.toLocal8Bit();
    if (!caFile.isEmpty()) {
        // Instead of the system's CAs, not beside them: the bundle and the directory both.
        curl_easy_setopt(curl, CURLOPT_CAINFO, caFile.constData());
        curl_easy_setopt(curl, CURLOPT_CAPATH, nullptr);
    }
    // Plain http:// goes only to loopback (parseServerUrl): never through a proxy that
    // http_proxy or ALL_PROXY names, which would carry the token over the network in clear. An
    // https:// call may go through one: a proxy only tunnels TLS it cannot read.
    if (m_where.url.scheme() == QLatin1String("http"))
        curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
    setUp(curl);
    const CURLcode code = curl_easy_perform(curl);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr); // errorText ends with this call
    curl_slist_free_all(list);
    m_neverSent = code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY;
    Performed p;
    p.code = int(code);
    if (code != CURLE_OK)
        p.why = errorText[0] ? QString::fromUtf8(errorText) : QString::fromUtf8(curl_easy_strerror(code));
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    char *type = nullptr;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
    p.status = int(status);
    p.contentType = type ? QByteArray(type) : QByteArray();
    return p;
}

Error HttpClient::transportError(const Performed &p) const
{
    const QString where = m_where.url.toString();
    switch (CURLcode(p.code)) {
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
        return makeError(
            ErrorCode::CertificateRefused,
            QStringLiteral("%1: its certificate does not check (%2); give the CA that signed it with --ca FILE").arg(where, p.why));
    case CURLE_SSL_CONNECT_ERROR: return makeError(ErrorCode::CertificateRefused, QStringLiteral("%1: TLS failed (%2)").arg(where, p.why));
    default: return makeError(ErrorCode::ServiceUnavailable, QStringLiteral("cannot reach the ledger service at %1: %2").arg(where, p.why));
    }
}

Result<HttpAnswer> HttpClient::call(const QByteArray &method, const QByteArray &pathAndQuery, const QByteArray &body,
                                    const QList<QPair<QByteArray, QByteArray>> &headers, Sending sending)
{
    HttpAnswer answer;
    auto done = perform(method, pathAndQuery, body, headers + QList<QPair<QByteArray, QByteArray>>{{"Accept", "application/json"}},
                        [&answer, sending](void *curl) {
                            if (sending == Sending::AtMostOnce)
                                curl_easy_setopt(curl, CURLOPT_FRESH_CONNECT, 1L);
                            curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, aws::appendToByteArray);
                            curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer.body);
                            // A whole audit or Recover all can take a while on a large store; a hung
                            // server cannot hold a client for ever.
                            curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 600000L);
                        });
    if (!done.ok())
        return done.error();
    if (done->code != CURLE_OK)
        return transportError(*done);
    answer.status = done->status;
    answer.contentType = done->contentType;
    return answer;
}

namespace {

// What a streamed call's callbacks share with it.
struct Streaming {
    CURL *curl = nullptr;
    const StreamReader *reader = nullptr;
    StreamAnswer answer;
    bool statusKnown = false;
};

constexpr qsizetype kMaxProblemBytes = 64 * 1024; // a problem document is small: more is not read

size_t streamBody(char *data, size_t size, size_t count, void *target)
{
    auto *s = static_cast<Streaming *>(target);
    const size_t n = size * count;
    if (!s->statusKnown) {
        long status = 0;
        curl_easy_getinfo(s->curl, CURLINFO_RESPONSE_CODE, &status);
        s->answer.status = int(status);
        s->statusKnown = true;
    }
    if (s->answer.status < 200 || s->answer.status > 299) {
        if (s->answer.body.size() + qsizetype(n) > kMaxProblemBytes)
            return 0;
        s->answer.body.append(data, qsizetype(n));
        return n;
    }
    s->answer.received += qint64(n);
    if (s->reader->body && !s->reader->body(QByteArray::fromRawData(data, qsizetype(n)))) {
        s->answer.stopped = true;
        return 0; // CURLE_WRITE_ERROR: the reader ended it
    }
    return n;
}

int streamProgress(void *target, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    auto *s = static_cast<Streaming *>(target);
    if (s->reader->stop && s->reader->stop()) {
        s->answer.stopped = true;
        return 1; // CURLE_ABORTED_BY_CALLBACK
    }
    return 0;
}

} // namespace

Result<StreamAnswer> HttpClient::stream(const QByteArray &pathAndQuery, const StreamReader &reader)
{
    Streaming s;
    s.reader = &reader;
    auto done = perform("GET", pathAndQuery, {}, {}, [&s, &reader](void *curl) {
        s.curl = static_cast<CURL *>(curl);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, streamBody);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &s);
        curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, streamProgress);
        curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &s);
        // No deadline for the whole: a stream lasts as long as it has rows (or, followed, for
        // ever). A server gone without a word is noticed by TCP's keepalive, a silent one by the
        // idle limit.
        curl_easy_setopt(curl, CURLOPT_TCP_KEEPALIVE, 1L);
        curl_easy_setopt(curl, CURLOPT_TCP_KEEPIDLE, 30L);
        curl_easy_setopt(curl, CURLOPT_TCP_KEEPINTVL, 10L);
        if (reader.idleLimitMs > 0) {
            curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
            curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, long(std::max<qint64>(1, reader.idleLimitMs / 1000)));
        }
    });
    if (!done.ok())
        return done.error();
    s.answer.status = done->status;
    s.answer.contentType = done->contentType;
    if (s.answer.stopped)
        return s.answer;
    if (done->code != CURLE_OK) {
        // Some of a 2xx body arrived, or its head did: what came is not the whole.
        if (s.answer.received > 0 || (done->status >= 200 && done->status <= 299))
            return makeError(ErrorCode::Truncated, QStringLiteral("the answer of the ledger service at %1 was cut after %2 bytes: %3")
                                                       .arg(m_where.url.toString())
                                                       .arg(s.answer.received)
                                                       .arg(done->why));
        return transportError(*done);
    }
    return s.answer;
}

} // namespace ledger
