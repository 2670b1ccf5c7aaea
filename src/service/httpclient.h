#pragma once
// A blocking HTTP/1.1 client of ledgerd (libcurl): one handle per thread, its connection kept
// alive between calls (not for a call that must reach the server at most once: Sending). HTTPS is checked against the system's CAs or the CA file given (--ca); a certificate
// that does not check is refused with curl's reason, and there is no way to ignore it. Plain
// http:// is accepted only to a loopback address, where nothing crosses a network.
//
// Threading: an instance belongs to one thread.

#include "ledger/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QUrl>

#include <functional>

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

// How a streamed answer (an export, the feed) is read: each piece of a 2xx body as it arrives.
struct StreamReader {
    std::function<bool(const QByteArray &piece)> body; // false: read no more (the answer is `stopped`)
    std::function<bool()> stop;                        // asked as it goes, about once a second while nothing comes: true ends it
    qint64 idleLimitMs = 0;                            // nothing received for this long: cut (0: wait as long as it takes)
};

struct StreamAnswer {
    int status = 0;
    QByteArray contentType;
    QByteArray body;      // an answer that is not 2xx (a problem document), whole; a 2xx went to the reader
    qint64 received = 0;  // bytes of a 2xx body handed to the reader
    bool stopped = false; // the reader said no more, or `stop` said so
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
    // Whether a call may reach the server twice. libcurl sends a request again by itself, on a
    // new connection, when a kept one dies before any answer (the server closed it idle, or was
    // killed while it worked on the request): harmless for a read or a keyed transfer, but it
    // would repeat a repair and, when the new connection fails, make one that was sent look as
    // if it never was (lastCallNeverSent). AtMostOnce goes on a connection of its own, never a
    // kept one, so that libcurl has nothing to send again.
    enum class Sending { MayRepeat, AtMostOnce };
    Result<HttpAnswer> post(const QByteArray &pathAndQuery, const QByteArray &body,
                            const QList<QPair<QByteArray, QByteArray>> &headers = {}, Sending sending = Sending::MayRepeat);

    // A GET whose 2xx answer is read as it comes, never held whole. A transport failure before
    // any of its body arrived is what get() says; after, it is `truncated` (the server stopped,
    // or failed, mid-way: chunked answers end with an empty chunk, and a cut one has none).
    Result<StreamAnswer> stream(const QByteArray &pathAndQuery, const StreamReader &reader);

    const ServerLocation &location() const { return m_where; }
    // The last call failed before anything was sent (no connection): sending it again is safe,
    // whatever it asked.
    bool lastCallNeverSent() const { return m_neverSent; }

private:
    Result<HttpAnswer> call(const QByteArray &method, const QByteArray &pathAndQuery, const QByteArray &body,
                            const QList<QPair<QByteArray, QByteArray>> &headers, Sending sending);
    // One request on the kept handle; `setUp` sets what the call adds (its body's reader, its
    // timeouts). The transport's failure, else CURLE_OK's answer status and type.
    struct Performed {
        int code = 0; // CURLcode
        QString why;  // curl's words for a failure
        int status = 0;
        QByteArray contentType;
    };
    Result<Performed> perform(const QByteArray &method, const QByteArray &pathAndQuery, const QByteArray &body,
                              const QList<QPair<QByteArray, QByteArray>> &headers, const std::function<void(void *curl)> &setUp);
    // A failure of the transport as an error: certificate-refused, else service-unavailable.
    Error transportError(const Performed &p) const;

    ServerLocation m_where;
    void *m_curl = nullptr; // CURL*, kept for its connection
    bool m_neverSent = false;
};

} // namespace ledger
