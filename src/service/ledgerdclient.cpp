#include "service/ledgerdclient.h"

#include "service/apiquery.h"
#include "service/servicejson.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>

namespace ledger {

LedgerdClient::LedgerdClient(ServerLocation where)
    : m_http(std::move(where))
{}

void LedgerdClient::tellObserver(const Error &error) const
{
    if (m_observer)
        m_observer(error);
}

Result<LedgerdClient::Answer> LedgerdClient::call(const QByteArray &method, const QByteArray &pathAndQuery, const QJsonObject &body,
                                                  bool retry, const QList<QPair<QByteArray, QByteArray>> &headers, QJsonObject *problemBody)
{
    auto answer = send(method, pathAndQuery, body, retry, headers, problemBody);
    tellObserver(answer.ok() ? Error() : answer.error());
    return answer;
}

Result<LedgerdClient::Answer> LedgerdClient::send(const QByteArray &method, const QByteArray &pathAndQuery, const QJsonObject &body,
                                                  bool retry, const QList<QPair<QByteArray, QByteArray>> &headers, QJsonObject *problemBody)
{
    const QByteArray bytes = method == "POST" ? QJsonDocument(body).toJson(QJsonDocument::Compact) : QByteArray();
    QDeadlineTimer deadline(m_retryWindowMs);
    int pauseMs = 100;
    bool maybeApplied = false; // a POST reached the server at least once and no answer came back
    m_neverSent = true;
    for (;;) {
        // Each sending of a write goes on a connection of its own: libcurl sends a request again by
        // itself when a reused connection dies before any answer, and a failed second connection
        // would then hide that the first had reached the server (HttpClient::Sending). Sent again,
        // it is sent by this loop, under the same key.
        auto answer =
            method == "POST" ? m_http.post(pathAndQuery, bytes, headers, HttpClient::Sending::AtMostOnce) : m_http.get(pathAndQuery);
        // Sent again, while the window lasts: a call that may be (a read, a keyed transfer) when the
        // server cannot be reached or answers 503 (stopping or restarting, with Retry-After), and
        // whatever it is when it never reached the server (nothing listening yet).
        const bool unreachable = !answer.ok() && answer.error().code == ErrorCode::ServiceUnavailable;
        maybeApplied = maybeApplied || (unreachable && method == "POST" && !m_http.lastCallNeverSent());
        const bool restarting = answer.ok() && answer->status == 503;
        // A 503 may come after some of the work (a store that failed mid-way): only a sending that
        // never left did nothing for sure.
        if (!(unreachable && m_http.lastCallNeverSent()))
            m_neverSent = false;
        const bool again = (restarting && retry) || (unreachable && (retry || m_http.lastCallNeverSent()));
        if (again && !deadline.hasExpired()) {
            QThread::msleep(ulong(std::min<qint64>(pauseMs, std::max<qint64>(1, deadline.remainingTime()))));
            pauseMs = std::min(pauseMs * 2, 1000);
            continue;
        }
        // Given up on a write that reached the server and went unanswered: it may have been done.
        const auto unanswered = [&](const Error &e) {
            return maybeApplied && e.code == ErrorCode::ServiceUnavailable
                     ? makeError(e.code, QStringLiteral("%1; the call may or may not have been applied: `show` tells").arg(e.message))
                     : e;
        };
        if (!answer.ok())
            return unanswered(answer.error());
        const QJsonDocument doc = QJsonDocument::fromJson(answer->body);
        if (answer->status >= 400 || !doc.isObject()) {
            if (problemBody && doc.isObject())
                *problemBody = doc.object();
            return unanswered(problemOf(answer->status, answer->body));
        }
        return Answer{answer->status, doc.object()};
    }
}

Error LedgerdClient::problemOf(int status, const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return makeError(status == 503 ? ErrorCode::ServiceUnavailable : ErrorCode::Internal,
                         QStringLiteral("the ledger service answered HTTP %1 with no JSON object (%2)")
                             .arg(status)
                             .arg(QString::fromUtf8(body.left(120)).simplified()));
    const Error e = servicejson::problem(doc.object(), status);
    if (status == 401) // the token: missing, mistyped, or revoked since
        return makeError(
            ErrorCode::Unauthorized,
            QStringLiteral("%1 did not accept the token (%2); ask for a new one").arg(m_http.location().url.toString(), e.message));
    return e;
}

Result<Identity> LedgerdClient::whoami()
{
    if (m_me)
        return *m_me;
    auto answer = call("GET", "/v1/whoami");
    if (!answer.ok())
        return answer.error();
    const QJsonObject &o = answer->body;
    const auto role = roleFromString(o.value(QStringLiteral("role")).toString());
    if (!role || !o.value(QStringLiteral("name")).isString() || !o.value(QStringLiteral("scale")).isDouble())
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's whoami is not API v1 (name, role, scale)"));
    Identity me;
    me.name = o.value(QStringLiteral("name")).toString();
    me.role = *role;
    me.vouched = true;
    me.where = m_http.location().url.toString();
    me.scale = o.value(QStringLiteral("scale")).toInt(-1);
    if (me.scale < 0 || me.scale > 18)
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's whoami says scale %1, not 0-18").arg(me.scale));
    if (!o.value(QStringLiteral("readsByPosition")).isBool() || !o.value(QStringLiteral("sorts")).isArray())
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's whoami is not API v1 (readsByPosition, sorts)"));
    me.readsByPosition = o.value(QStringLiteral("readsByPosition")).toBool();
    me.indexedSorts.clear();
    for (const QJsonValue &v : o.value(QStringLiteral("sorts")).toArray()) {
        const auto key = apiquery::sortKeyFromWord(v.toString());
        if (!key)
            return makeError(ErrorCode::Internal,
                             QStringLiteral("the ledger service's whoami names a sort \"%1\"").arg(v.toString().left(40)));
        me.indexedSorts << *key;
    }
    m_me = me;
    return me;
}

Result<int> LedgerdClient::scale()
{
    auto me = whoami();
    if (!me.ok())
        return me.error();
    return me->scale;
}

Result<StreamAnswer> LedgerdClient::streamGet(const QByteArray &pathAndQuery, const StreamReader &reader)
{
    QDeadlineTimer deadline(m_retryWindowMs);
    int pauseMs = 100;
    for (;;) {
        auto answer = m_http.stream(pathAndQuery, reader);
        // Before any of the body came, nothing was handed on: as a read, sent again while the
        // server cannot be reached or says it is restarting.
        const bool again = (!answer.ok() && answer.error().code == ErrorCode::ServiceUnavailable) || (answer.ok() && answer->status == 503);
        if (again && !deadline.hasExpired()) {
            QThread::msleep(ulong(std::min<qint64>(pauseMs, std::max<qint64>(1, deadline.remainingTime()))));
            pauseMs = std::min(pauseMs * 2, 1000);
            continue;
        }
        const Error error = !answer.ok()                                 ? answer.error()
                          : answer->status < 200 || answer->status > 299 ? problemOf(answer->status, answer->body)
                                                                         : Error();
        tellObserver(error);
        if (!error.ok())
            return error;
        return answer;
    }
}

} // namespace ledger
