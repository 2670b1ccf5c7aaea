#include "service/httpclient.h"

#include <QHostAddress>

#include <curl/curl.h>
#include <mutex>

namespace ledger {

namespace {

size_t appendBody(char *data, size_t size, size_t count, void *target)
{
    static_cast<QByteArray *>(target)->append(data, qsizetype(size * count));
    return size * count;
}

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
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

HttpClient::~HttpClient()
{
    if (m_curl)
        curl_easy_cleanup(static_cast<CURL *>(m_curl));
}

Result<HttpAnswer> HttpClient::get(const QByteArray &pathAndQuery) { return call("GET", pathAndQuery, {}, {}); }

Result<HttpAnswer> HttpClient::post(const QByteArray &pathAndQuery, const QByteArray &body,
                                    const QList<QPair<QByteArray, QByteArray>> &headers)
{
    return call("POST", pathAndQuery, body, headers);
}

Result<HttpAnswer> HttpClient::call(const QByteArray &method, const QByteArray &pathAndQuery, const QByteArray &body,
                                    const QList<QPair<QByteArray, QByteArray>> &headers)
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
    list = curl_slist_append(list, "Accept: application/json");
    if (method == "POST")
        list = curl_slist_append(list, "Content-Type: application/json");
    list = curl_slist_append(list, "Expect:"); // no 100-continue round trip for a small body
    for (const auto &[name, value] : headers)
        list = curl_slist_append(list, QByteArray(name + ": " + value).constData());
    HttpAnswer answer;
    char errorText[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    if (method == "POST") {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.constData());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, long(body.size()));
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, appendBody);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer.body);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorText);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L); // threads: no SIGALRM for name lookups
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
    // A whole audit or Recover all can take a while on a large store; a hung server cannot hold
    // a client for ever.
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 600000L);
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
    const CURLcode code = curl_easy_perform(curl);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr); // errorText ends with this call
    curl_slist_free_all(list);
    const QString where = m_where.url.toString();
    m_neverSent = code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY;
    if (code != CURLE_OK) {
        const QString why = errorText[0] ? QString::fromUtf8(errorText) : QString::fromUtf8(curl_easy_strerror(code));
        switch (code) {
        case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_CERTPROBLEM:
            return makeError(
                ErrorCode::CertificateRefused,
                QStringLiteral("%1: its certificate does not check (%2); give the CA that signed it with --ca FILE").arg(where, why));
        case CURLE_SSL_CONNECT_ERROR:
            return makeError(ErrorCode::CertificateRefused, QStringLiteral("%1: TLS failed (%2)").arg(where, why));
        default:
            return makeError(ErrorCode::ServiceUnavailable, QStringLiteral("cannot reach the ledger service at %1: %2").arg(where, why));
        }
    }
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    char *type = nullptr;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
    answer.status = int(status);
    answer.contentType = type ? QByteArray(type) : QByteArray();
    return answer;
}

} // namespace ledger
