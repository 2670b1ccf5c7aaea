#include "aws/awssigv4.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QMap>
#include <QMessageAuthenticationCode>
#include <algorithm>

namespace ledger::aws {

namespace {

bool unreserved(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
}

QByteArray canonicalQuery(const QByteArray &query)
{
    if (query.isEmpty())
        return {};
    QList<QPair<QByteArray, QByteArray>> pairs;
    for (const QByteArray &part : query.split('&')) {
        if (part.isEmpty())
            continue;
        const int eq = part.indexOf('=');
        const QByteArray key = eq < 0 ? part : part.left(eq);
        const QByteArray value = eq < 0 ? QByteArray() : part.mid(eq + 1);
        pairs.append({uriEncode(QByteArray::fromPercentEncoding(key), false), uriEncode(QByteArray::fromPercentEncoding(value), false)});
    }
    std::sort(pairs.begin(), pairs.end());
    QByteArray out;
    for (const auto &[key, value] : pairs) {
        if (!out.isEmpty())
            out += '&';
        out += key + '=' + value;
    }
    return out;
}

// Leading and trailing blanks dropped, every run of spaces inside made one.
QByteArray trimmedValue(const QByteArray &value)
{
    QByteArray out;
    bool space = false;
    for (const char c : value.trimmed()) {
        if (c == ' ' || c == '\t') {
            space = true;
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// Lower-case name → its values joined by ',' in the order they came, names sorted.
QMap<QByteArray, QByteArray> canonicalHeaderMap(const SigningRequest &request)
{
    QMap<QByteArray, QByteArray> headers;
    for (const auto &[name, value] : request.headers) {
        QByteArray &joined = headers[name.toLower().trimmed()];
        if (!joined.isEmpty())
            joined += ',';
        joined += trimmedValue(value);
    }
    return headers;
}

QByteArray hmac(const QByteArray &key, const QByteArray &data)
{
    return QMessageAuthenticationCode::hash(data, key, QCryptographicHash::Sha256);
}

QByteArray credentialScope(const QByteArray &amzDate, const Scope &scope)
{
    return amzDate.left(8) + '/' + scope.region.toUtf8() + '/' + scope.service.toUtf8() + "/aws4_request";
}

} // namespace

QByteArray uriEncode(const QByteArray &raw, bool keepSlash)
{
    static const char hex[] = "0123456789ABCDEF";
    QByteArray out;
    out.reserve(raw.size() * 3);
    for (const char c : raw) {
        if (unreserved(c) || (keepSlash && c == '/')) {
            out += c;
        } else {
            const auto b = static_cast<unsigned char>(c);
            out += '%';
            out += hex[b >> 4];
            out += hex[b & 0x0f];
        }
    }
    return out;
}

QByteArray sha256Hex(const QByteArray &data) { return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex(); }

QByteArray signedHeaderNames(const SigningRequest &request) { return canonicalHeaderMap(request).keys().join(';'); }

QByteArray canonicalRequest(const SigningRequest &request)
{
    QByteArray headers;
    const auto map = canonicalHeaderMap(request);
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        headers += it.key() + ':' + it.value() + '\n';
    const QByteArray path = request.path.isEmpty() ? QByteArrayLiteral("/") : request.path;
    return request.method + '\n' + uriEncode(path, true) + '\n' + canonicalQuery(request.query) + '\n' + headers + '\n'
         + signedHeaderNames(request) + '\n' + (request.payloadHash.isEmpty() ? sha256Hex(request.body) : request.payloadHash);
}

QByteArray stringToSign(const SigningRequest &request, const QByteArray &amzDate, const Scope &scope)
{
    return "AWS4-HMAC-SHA256\n" + amzDate + '\n' + credentialScope(amzDate, scope) + '\n' + sha256Hex(canonicalRequest(request));
}

QByteArray authorization(const SigningRequest &request, const QByteArray &amzDate, const Scope &scope, const Credentials &credentials)
{
    const QByteArray dateKey = hmac("AWS4" + credentials.secretAccessKey.toUtf8(), amzDate.left(8));
    const QByteArray regionKey = hmac(dateKey, scope.region.toUtf8());
    const QByteArray serviceKey = hmac(regionKey, scope.service.toUtf8());
    const QByteArray signingKey = hmac(serviceKey, "aws4_request");
    const QByteArray signature = hmac(signingKey, stringToSign(request, amzDate, scope)).toHex();
    return "AWS4-HMAC-SHA256 Credential=" + credentials.accessKeyId.toUtf8() + '/' + credentialScope(amzDate, scope)
         + ", SignedHeaders=" + signedHeaderNames(request) + ", Signature=" + signature;
}

QByteArray amzDateOf(const QDateTime &utc) { return utc.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")).toLatin1(); }

} // namespace ledger::aws
