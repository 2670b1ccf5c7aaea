#pragma once
// The request bodies of API v1, read strictly: a JSON object with only the fields documented in
// /openapi.json, each of its type. Anything else is invalid-argument naming the field (amounts
// and ids are then checked by the same rules as ledgerctl: protocol/transferinput.h). Pure, so
// that the fuzz target (tests/fuzz/fuzz_apidecode.cpp) runs it on arbitrary bytes.
// Thread-safety: pure functions.

#include "ledger/result.h"
#include "protocol/transferinput.h"

#include <QByteArray>
#include <QUrlQuery>
#include <variant>

namespace ledger::api {

// POST /v1/transfers: {"source","destination","amount","memo"} or {"legs":[{"account","side",
// "amount"}…],"memo"}. The key comes from the Idempotency-Key header, not the body.
using TransferBody = std::variant<TransferInput, LegsInput>;
Result<TransferBody> decodeTransfer(const QByteArray &body);

// POST /v1/accounts: {"id","name","opening"} (name and opening optional; opening a decimal string).
struct NewAccountBody {
    QString id;
    QString name;
    std::optional<QString> opening;
};
Result<NewAccountBody> decodeNewAccount(const QByteArray &body);

// POST /v1/recoveries: {"olderThan","takeClaimed","reason"}, all optional (olderThan a duration
// like "30m", read by the handler; takeClaimed true or false; reason checked as a repair's).
struct RecoveryBody {
    std::optional<QString> olderThan;
    bool takeClaimed = false;
    QString reason;
};
Result<RecoveryBody> decodeRecovery(const QByteArray &body);

// POST /v1/plans and /v1/repairs: {"action","ids","reason"}: action resume, cancel or compensate;
// ids an array of 1 to `maxIds` strings (checked as transaction ids by the handler); reason
// optional (plans take none).
struct BatchBody {
    QString action;
    QStringList ids;
    QString reason;
};
Result<BatchBody> decodeBatch(const QByteArray &body, int maxIds, bool withReason);

// A repair, an account's status change, a claim or release: {"reason"} (optional), or a note:
// {"text"} (required). An empty body is an empty object.
Result<QString> decodeText(const QByteArray &body, const QString &field, bool required);

// A request's query: each parameter at most once (invalid-argument naming the one given twice).
// QUrlQuery answers the first of two, so limit=10&limit=20 would silently be 10. Every route's
// query goes through this once, before any parameter is read.
Error checkQueryOnce(const QUrlQuery &query);

} // namespace ledger::api
