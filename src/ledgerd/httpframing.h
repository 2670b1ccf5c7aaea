#pragma once
// Where each request on a connection begins and ends, read from the bytes as they arrive, before
// Qt HttpServer's parser reads them — and the requests ledgerd refuses outright because two
// readers could frame them differently (RFC 9112 §6.3: request smuggling behind a proxy):
// Content-Length given twice with other values or not a plain number, Transfer-Encoding (ledgerd
// takes no chunked bodies: 411), folded or malformed header lines, bare LF or CR line ends, a head
// over 16 KiB or 100 fields (431), a body over 64 KiB (413, before it is read), a version other
// than HTTP/1.0 or 1.1 (505). What it accepts, Qt 6.4's parser frames the same way (its request
// line up to LF, blank lines before it skipped, the head up to an empty line, then exactly
// Content-Length bytes), so the two agree on every boundary.
//
// Also what the connection may carry after each request: nothing after `Connection: close`, after
// an HTTP/1.0 request without `keep-alive`, or after a WebSocket upgrade (only that one: Qt answers
// any other upgrade as HTTP and reads on).
//
// Pure: no sockets and no clock (a fuzz target, tests/fuzz/fuzz_httpframing.cpp, feeds it bytes
// split anywhere). Threading: one framer per connection, used on that connection's thread.

#include "apimessages.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <deque>
#include <optional>

namespace ledger::api {

struct FramedHead {
    int minorVersion = 1;  // HTTP/1.<minorVersion>
    bool keepAlive = true; // another request may follow on the connection
    bool upgrade = false;  // asks for a WebSocket, as Qt reads it: what follows is not HTTP
    qint64 contentLength = 0;
};

struct FramingRefusal {
    int status = 400; // 400, 411, 413, 431 or 505
    QString code;     // the problem's code word
    QString detail;
};

struct FramingLimits {
    qint64 maxBodyBytes = kMaxBodyBytes;
    qint64 maxHeadBytes = 16 * 1024; // the request line and every header line
    int maxHeaderFields = 100;       // Qt's header parser takes no more
};

class RequestFramer {
public:
    explicit RequestFramer(FramingLimits limits = {});

    // The next bytes of the connection. After a refusal, or after a request that ends the
    // connection's HTTP (close, an HTTP/1.0 one, an upgrade), later bytes are not looked at.
    void feed(QByteArrayView bytes);

    // Heads read whole (their bodies may still be arriving), oldest first.
    bool hasHead() const { return !m_heads.empty(); }
    FramedHead takeHead();

    const std::optional<FramingRefusal> &refusal() const { return m_refusal; }
    // Where the refused request begins in the stream: the end of the request before it.
    qint64 refusedAt() const { return m_refusedAt; }
    // Refused, or nothing after the last request is HTTP: nothing more is framed.
    bool done() const { return m_refusal.has_value() || m_phase == Phase::Over; }
    // Bytes fed so far (the stream's offset where the next byte goes).
    qint64 received() const { return m_received; }

    // What a parser that frames as this one does and reads one request at a time consumes from
    // stream offset `at` in one go: to the end of the request that `at` is in (or that begins at
    // it, blank lines before it included), or everything received when that one is not whole yet.
    qint64 consumedFrom(qint64 at);

private:
    enum class Phase { Between, RequestLine, Headers, Body, Over };
    void refuse(int status, const char *code, const QString &detail);
    bool lineDone(); // a line of the head is whole in m_line: check it; false when refused
    bool requestLine(QByteArrayView line);
    bool headerLine(QByteArrayView line);
    bool headDone();
    void requestEnded();

    FramingLimits m_limits;
    Phase m_phase = Phase::Between;
    qint64 m_received = 0;
    qint64 m_requestStart = 0; // where the request being read began (the previous one's end)
    qint64 m_headBytes = 0;
    int m_fields = 0;
    qint64 m_bodyLeft = 0;
    QByteArray m_line;
    FramedHead m_head;
    std::optional<qint64> m_contentLength;
    bool m_connectionClose = false;
    bool m_connectionKeepAlive = false;
    bool m_transferEncoding = false;
    bool m_connectionUpgrade = false;
    QList<QByteArray> m_upgradeValues;
    std::deque<FramedHead> m_heads;
    std::deque<qint64> m_ends; // where each request read whole ends, not yet consumed past
    std::optional<FramingRefusal> m_refusal;
    qint64 m_refusedAt = 0;
};

} // namespace ledger::api
