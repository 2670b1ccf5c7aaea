#pragma once
// Errors as HTTP answers: application/problem+json (RFC 9457: type, title, status, detail) plus
// `code`, the ledgerctl code word, so that a client matches the same words a script does.
// Thread-safety: pure functions.

#include "apimessages.h"
#include "ledger/errors.h"

#include <QJsonObject>

namespace ledger::api {

// Where an id in the path names the resource itself, not finding it is 404; an id inside a
// request (a transfer's account) that does not exist is the ledger refusing it: 422.
enum class Lookup { PathId, InRequest };

// 400 bad input, 404 not found, 409 conflicts (the key used for another request, someone moved it
// first, an account that exists, a state that forbids it), 422 refused by a ledger rule, 503 the
// store unavailable (with Retry-After), 500 a bug.
int httpStatusOf(ErrorCode code, Lookup lookup = Lookup::InRequest);
// The problem document of `error` (`extra` fields added, e.g. the canceled transaction).
ApiResponse problem(const Error &error, Lookup lookup = Lookup::InRequest, const QJsonObject &extra = {});
// A problem of the HTTP layer itself (401, 403, 404 route, 405, 411, 413, 429, 431, 505) with its code word.
ApiResponse httpProblem(int status, const QString &code, const QString &detail);
// The reason phrase of a status (RFC 9110 §15), also the problem's title.
QString httpStatusTitle(int status);
// An answer as the bytes of an HTTP/1.1 message, for what is written to a socket directly (a
// framing refusal, the last answer of a connection that closes); `connection`: its Connection
// header's value, or none.
QByteArray rawAnswer(const ApiResponse &answer, const QByteArray &connection);

} // namespace ledger::api
