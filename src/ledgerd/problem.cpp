#include "problem.h"

#include <QJsonDocument>

namespace ledger::api {

QString httpStatusTitle(int status)
{
    switch (status) {
    case 400: return QStringLiteral("Bad Request");
    case 401: return QStringLiteral("Unauthorized");
    case 403: return QStringLiteral("Forbidden");
    case 404: return QStringLiteral("Not Found");
    case 405: return QStringLiteral("Method Not Allowed");
    case 409: return QStringLiteral("Conflict");
    case 411: return QStringLiteral("Length Required");
    case 413: return QStringLiteral("Content Too Large");
    case 415: return QStringLiteral("Unsupported Media Type");
    case 422: return QStringLiteral("Unprocessable Content");
    case 429: return QStringLiteral("Too Many Requests");
    case 431: return QStringLiteral("Request Header Fields Too Large");
    case 503: return QStringLiteral("Service Unavailable");
    case 505: return QStringLiteral("HTTP Version Not Supported");
    default: return QStringLiteral("Internal Server Error");
    }
}

namespace {

ApiResponse document(int status, const QString &code, const QString &detail, const QJsonObject &extra)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("https://ledgerdesk.org/problems/%1").arg(code)},
                  {QStringLiteral("title"), httpStatusTitle(status)},
                  {QStringLiteral("status"), status},
                  {QStringLiteral("detail"), detail},
                  {QStringLiteral("code"), code}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        o.insert(it.key(), it.value());
    ApiResponse r;
    r.status = status;
    r.contentType = "application/problem+json";
    r.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    if (status == 503)
        r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("1")));
    return r;
}

} // namespace

int httpStatusOf(ErrorCode code, Lookup lookup)
{
    switch (code) {
    case ErrorCode::UnknownAccount:
    case ErrorCode::NotFound: return lookup == Lookup::PathId ? 404 : 422;
    case ErrorCode::KeyConflict:
    case ErrorCode::Conflict:
    case ErrorCode::AccountExists:
    case ErrorCode::InvalidState:
    case ErrorCode::ApprovalDecided:
    case ErrorCode::ApprovalStale:
    case ErrorCode::ApprovalExpired: return 409;
    case ErrorCode::StoreUnavailable:
    case ErrorCode::StoreBusy:
    case ErrorCode::StoreReadOnly:
    case ErrorCode::StoreFull:
    case ErrorCode::StoreError: return 503;
    case ErrorCode::Internal: return 500;
    case ErrorCode::Unauthorized: return 401;
    case ErrorCode::Forbidden: return 403;
    default: break;
    }
    switch (exitStatusOf(code)) {
    case ExitStatus::BadInput: return 400;
    case ExitStatus::Refused: return 422;
    default: return 500; // a store that is not a store, damaged or too new: not the client's to retry
    }
}

ApiResponse problem(const Error &error, Lookup lookup, const QJsonObject &extra)
{
    return document(httpStatusOf(error.code, lookup), codeWord(error.code), error.message, extra);
}

ApiResponse httpProblem(int status, const QString &code, const QString &detail) { return document(status, code, detail, {}); }

QByteArray rawAnswer(const ApiResponse &r, const QByteArray &connection)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + httpStatusTitle(r.status).toLatin1()
                   + "\r\nContent-Type: " + r.contentType + "\r\nContent-Length: " + QByteArray::number(r.body.size()) + "\r\n";
    for (const auto &h : r.headers)
        out += h.first + ": " + h.second + "\r\n";
    if (!connection.isEmpty())
        out += "Connection: " + connection + "\r\n";
    return out + "\r\n" + r.body;
}

} // namespace ledger::api
