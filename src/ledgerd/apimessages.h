#pragma once
// What passes between ledgerd's HTTP front (the event loop's thread) and the API's handlers (pool
// threads): immutable values, copied across, each answer carrying its status and body. The HTTP
// library's own request object never leaves the front.
// Thread-safety: values.

#include "service/identity.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QUrlQuery>

namespace ledger::api {

// Who may do what (service/identity.h): each role includes the ones before it.
using ledger::Role;

struct Caller {
    QString name; // the token's name: the operator of what the call journals
    Role role = Role::Read;
};

struct ApiRequest {
    QByteArray method; // "GET", "POST", ...
    QString path;      // decoded, without the query
    QUrlQuery query;
    QMap<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    Caller caller;
};

struct ApiResponse {
    int status = 200;
    QByteArray contentType = "application/json";
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers; // besides Content-Type and Content-Length
};

// The largest request body ledgerd reads (a transfer of 16 legs is under 2 KiB).
constexpr qint64 kMaxBodyBytes = 64 * 1024;

} // namespace ledger::api
