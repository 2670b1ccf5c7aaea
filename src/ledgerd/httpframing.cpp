#include "httpframing.h"

#include <limits>

namespace ledger::api {

namespace {

// RFC 9110 §5.6.2: a token (a method, a field name).
bool isTokenChar(char c)
{
    static constexpr QByteArrayView extra("!#$%&'*+-.^_`|~");
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || extra.contains(c);
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (!isTokenChar(c))
            return false;
    return true;
}

QByteArrayView trimmedOws(QByteArrayView s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    while (!s.isEmpty() && (s.back() == ' ' || s.back() == '\t'))
        s.chop(1);
    return s;
}

bool equalsLower(QByteArrayView s, QByteArrayView lower) { return s.compare(lower, Qt::CaseInsensitive) == 0; }

// The largest Content-Length read as a number: past it the body is too large anyway.
constexpr int kMaxLengthDigits = 15;

} // namespace

RequestFramer::RequestFramer(FramingLimits limits)
    : m_limits(limits)
{}

FramedHead RequestFramer::takeHead()
{
    if (m_heads.empty())
        return {};
    FramedHead h = m_heads.front();
    m_heads.pop_front();
    return h;
}

qint64 RequestFramer::consumedFrom(qint64 at)
{
    while (!m_ends.empty() && m_ends.front() <= at)
        m_ends.pop_front();
    return m_ends.empty() ? m_received : m_ends.front();
}

void RequestFramer::refuse(int status, const char *code, const QString &detail)
{
    m_refusal = FramingRefusal{status, QString::fromLatin1(code), detail};
    m_refusedAt = m_requestStart;
}

void RequestFramer::feed(QByteArrayView bytes)
{
    qsizetype i = 0;
    const qsizetype n = bytes.size();
    while (i < n && !done()) {
        switch (m_phase) {
        case Phase::Between: {
            // As Qt's parser: blank lines (and stray spaces) before a request line are skipped.
            const char c = bytes[i];
            if (c == '\r' || c == '\n' || c == ' ' || c == '\t' || c == '\v') {
                ++i;
                ++m_received;
                continue;
            }
            m_phase = Phase::RequestLine;
            m_head = FramedHead{};
            m_headBytes = 0;
            m_fields = 0;
            m_contentLength.reset();
            m_connectionClose = m_connectionKeepAlive = m_transferEncoding = m_connectionUpgrade = false;
            m_upgradeValues.clear();
            m_line.clear();
            continue;
        }
        case Phase::RequestLine:
        case Phase::Headers: {
            // Up to the end of this line, at most what the head may still grow by.
            const qsizetype lf = bytes.sliced(i).indexOf('\n');
            const qsizetype take = lf < 0 ? n - i : lf + 1;
            if (m_headBytes + take > m_limits.maxHeadBytes) {
                refuse(431, "head-too-large",
                       QStringLiteral("a request's line and header fields may be at most %1 bytes").arg(m_limits.maxHeadBytes));
                return;
            }
            m_line.append(bytes.sliced(i, take).toByteArray());
            m_headBytes += take;
            m_received += take;
            i += take;
            if (lf >= 0 && !lineDone())
                return;
            continue;
        }
        case Phase::Body: {
            const qint64 take = qMin<qint64>(m_bodyLeft, n - i);
            m_bodyLeft -= take;
            m_received += take;
            i += take;
            if (m_bodyLeft == 0)
                requestEnded();
            continue;
        }
        case Phase::Over: return;
        }
    }
}

bool RequestFramer::lineDone()
{
    // m_line ends with LF. Only CRLF ends a line here (RFC 9112 §2.2 lets a reader take a bare LF;
    // Qt's header parser would then read other fields than this one), and a CR inside is refused.
    if (m_line.size() < 2 || m_line.at(m_line.size() - 2) != '\r') {
        refuse(400, "bad-request", QStringLiteral("every line of a request's head ends with CRLF"));
        return false;
    }
    const QByteArrayView line = QByteArrayView(m_line).first(m_line.size() - 2);
    if (line.contains('\r')) {
        refuse(400, "bad-request", QStringLiteral("a bare CR in a request's head"));
        return false;
    }
    bool ok = true;
    if (m_phase == Phase::RequestLine)
        ok = requestLine(line);
    else if (line.isEmpty())
        ok = headDone();
    else
        ok = headerLine(line);
    m_line.clear();
    return ok;
}

bool RequestFramer::requestLine(QByteArrayView line)
{
    const qsizetype sp1 = line.indexOf(' ');
    const qsizetype sp2 = sp1 < 0 ? -1 : line.indexOf(' ', sp1 + 1);
    if (sp1 <= 0 || sp2 <= sp1 + 1 || line.indexOf(' ', sp2 + 1) >= 0) {
        refuse(400, "bad-request", QStringLiteral("a request line is METHOD TARGET HTTP/1.1, one space apart"));
        return false;
    }
    const QByteArrayView method = line.first(sp1);
    const QByteArrayView target = line.sliced(sp1 + 1, sp2 - sp1 - 1);
    const QByteArrayView version = line.sliced(sp2 + 1);
    if (!isToken(method)) {
        refuse(400, "bad-request", QStringLiteral("the request's method is not a token"));
        return false;
    }
    for (char c : target)
        if (uchar(c) <= 0x20 || uchar(c) >= 0x7f) {
            refuse(400, "bad-request", QStringLiteral("the request's target has a character that must be percent-encoded"));
            return false;
        }
    if (version == "HTTP/1.1" || version == "HTTP/1.0") {
        m_head.minorVersion = version.back() - '0';
    } else if (version.size() == 8 && version.startsWith("HTTP/") && version.at(6) == '.') {
        refuse(505, "http-version-not-supported", QStringLiteral("ledgerd speaks HTTP/1.1 and HTTP/1.0"));
        return false;
    } else {
        refuse(400, "bad-request", QStringLiteral("a request line ends with its protocol, HTTP/1.1"));
        return false;
    }
    m_phase = Phase::Headers;
    return true;
}

bool RequestFramer::headerLine(QByteArrayView line)
{
    if (line.front() == ' ' || line.front() == '\t') {
        refuse(400, "bad-request", QStringLiteral("a header field folded over lines (RFC 9112 §5.2: obsolete)"));
        return false;
    }
    if (++m_fields > m_limits.maxHeaderFields) {
        refuse(431, "head-too-large", QStringLiteral("a request may have at most %1 header fields").arg(m_limits.maxHeaderFields));
        return false;
    }
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView name = colon < 0 ? QByteArrayView() : line.first(colon);
    if (!isToken(name)) {
        refuse(400, "bad-request", QStringLiteral("a header field is NAME: VALUE, with no space before the colon"));
        return false;
    }
    const QByteArrayView value = trimmedOws(line.sliced(colon + 1));
    for (char c : value)
        if ((uchar(c) < 0x20 && c != '\t') || uchar(c) == 0x7f) {
            refuse(400, "bad-request", QStringLiteral("a control character in the value of %1").arg(QString::fromLatin1(name)));
            return false;
        }
    if (equalsLower(name, "content-length")) {
        // One number, digits only: "-5", "+5", "5, 6" or " 0x10" would be read as no body by one
        // reader and as a body by another.
        bool digits = !value.isEmpty();
        for (char c : value)
            digits = digits && c >= '0' && c <= '9';
        if (!digits) {
            refuse(400, "bad-content-length",
                   QStringLiteral("Content-Length is a number of bytes, not \"%1\"")
                       .arg(QString::fromLatin1(value.first(qMin<qsizetype>(40, value.size())))));
            return false;
        }
        qsizetype zeros = 0;
        while (zeros + 1 < value.size() && value.at(zeros) == '0')
            ++zeros;
        const QByteArrayView significant = value.sliced(zeros);
        const qint64 length = significant.size() > kMaxLengthDigits ? std::numeric_limits<qint64>::max() : significant.toLongLong();
        if (m_contentLength && *m_contentLength != length) {
            refuse(400, "bad-content-length", QStringLiteral("Content-Length given twice, with two values"));
            return false;
        }
        m_contentLength = length;
    } else if (equalsLower(name, "upgrade")) {
        m_upgradeValues << value.toByteArray();
    } else if (equalsLower(name, "transfer-encoding")) {
        m_transferEncoding = true;
    } else if (equalsLower(name, "connection")) {
        // Qt reads an upgrade wherever "upgrade" stands in the field's values, joined: so does this.
        if (value.toByteArray().toLower().contains("upgrade"))
            m_connectionUpgrade = true;
        for (const QByteArray &option : value.toByteArray().split(',')) {
            const QByteArrayView o = trimmedOws(option);
            m_connectionClose = m_connectionClose || equalsLower(o, "close");
            m_connectionKeepAlive = m_connectionKeepAlive || equalsLower(o, "keep-alive");
        }
    }
    return true;
}

bool RequestFramer::headDone()
{
    if (m_transferEncoding && m_contentLength) {
        refuse(400, "bad-request", QStringLiteral("Content-Length and Transfer-Encoding together: which one frames the body?"));
        return false;
    }
    if (m_transferEncoding) {
        refuse(411, "length-required", QStringLiteral("send the body with Content-Length: ledgerd takes no Transfer-Encoding"));
        return false;
    }
    const qint64 length = m_contentLength.value_or(0);
    if (length > m_limits.maxBodyBytes) {
        refuse(413, "request-too-large", QStringLiteral("a request body may be at most %1 bytes").arg(m_limits.maxBodyBytes));
        return false;
    }
    m_head.contentLength = length;
    // Qt 6.4 leaves HTTP only for a WebSocket: "upgrade" in Connection and the Upgrade fields,
    // joined, exactly "websocket" (in any case). Any other upgrade is answered as HTTP, and the
    // connection goes on as HTTP: it is framed on.
    m_head.upgrade = m_connectionUpgrade && m_upgradeValues.join(", ").compare("websocket", Qt::CaseInsensitive) == 0;
    m_head.keepAlive = !m_connectionClose && (m_head.minorVersion == 1 || m_connectionKeepAlive);
    m_heads.push_back(m_head);
    m_bodyLeft = length;
    m_phase = Phase::Body;
    if (m_bodyLeft == 0)
        requestEnded();
    return true;
}

void RequestFramer::requestEnded()
{
    m_ends.push_back(m_received);
    m_requestStart = m_received;
    m_phase = m_head.keepAlive && !m_head.upgrade ? Phase::Between : Phase::Over;
}

} // namespace ledger::api
