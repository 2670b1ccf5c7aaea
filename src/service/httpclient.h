#pragma once
// A blocking HTTP/1.1 client of ledgerd (libcurl): one handle per thread, kept alive between
// calls. HTTPS is checked against the system's CAs or the CA file given (--ca); a certificate
// that does not check is refused with curl's reason, and there is no way to ignore it. Plain
// http:// is accepted only to a loopback address, where nothing crosses a network.
//
// Threading: an instance belongs to one thread.

#include "ledger/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QUrl>

namespace ledger {

struct ServerLocation {
    QUrl url;         // scheme and authority only: https://ledger.example:8443
    QByteArray token; // the bearer token ("" without one: a loopback ledgerd without a tokens file)
    QString caFile;   // PEM CAs to check the server's certificate against ("" the system's)
};

// `text` as a server location: http(s)://HOST[:PORT], nothing after the authority but an
// optional "/". invalid-location for another scheme, a path, user info, or http:// off loopback.
Result<QUrl> parseServerUrl(const QString &text);

struct HttpAnswer {
    int status = 0;
    QByteArray contentType;
    QByteArray body;
};

class HttpClient {
public:
    explicit HttpClient(ServerLocation where);
    ~HttpClient();
    HttpClient(const HttpClient &) = delete;
    HttpClient &operator=(const HttpClient &) = delete;

    // `pathAndQuery` starts with "/". A body is sent as application/json. Transport failures are
    // service-unavailable (refused, reset, timed out) or certificate-refused; any HTTP answer is
    // an HttpAnswer, whatever its status.
    Result<HttpAnswer> get(const QByteArray &pathAndQuery);
    Result<HttpAnswer> post(const QByteArray &pathAndQuery, const QByteArray &body,
                            const QList<QPair<QByteArray, QByteArray>> &headers = {});

    const ServerLocation &location() const { return m_where; }
    // The last call failed before anything was sent (no connection): sending it again is safe,
    // whatever it asked.
    bool lastCallNeverSent() const { return m_neverSent; }

private:
    Result<HttpAnswer> call(const QByteArray &method, const QByteArray &pathAndQuery, const QByteArray &body,
                            const QList<QPair<QByteArray, QByteArray>> &headers);

    ServerLocation m_where;
    void *m_curl = nullptr; // CURL*, kept for its connection
    bool m_neverSent = false;
};

} // namespace ledger
