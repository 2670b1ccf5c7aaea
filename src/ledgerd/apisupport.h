#pragma once
// What every handler of API v1 shares (ledgerapi.cpp, consoleapi.cpp): the answer as JSON, the
// ledger as the caller, a path id not found, and the query parameters read the same way on every
// route (one code word per kind of mistake).
//
// Threading: a handler's worker thread (the coordinator options of the request it runs are
// thread-local, set by handle()).

#include "apimessages.h"
#include "protocol/coordinator.h"
#include "service/localledgerservice.h"
#include "store/store.h"

#include <QJsonObject>
#include <QJsonValue>
#include <functional>

namespace ledger::api {

ApiResponse json(int status, const QJsonValue &value);

// The options every coordinator of this request gets (the fault hook of LEDGER_CRASH_AFTER /
// LEDGER_STEP_DELAY_MS): set by handle() for the request its thread runs.
void setRequestBase(const CoordinatorOptions &base);
// The ledger as the caller: the token's name is the actor of whatever it writes, its role what
// the service's own rules check (a transfer token may not mint from @world).
LocalLedgerService serviceFor(Store &store, const ApiRequest &r);

QJsonObject transactionWithLegs(Store &store, const Transaction &tx, int scale);
// An outcome of the coordinator: the transaction (201 new, 200 when it already existed; 202 when
// it is accepted, not finished), or the problem with the document when there is one.
ApiResponse outcome(Store &store, const TxOutcome &o, int createdStatus);

// `error` (a not-found of `id`) naming the id that exists in another letter case, when one does.
Error withOtherCase(Store &store, const Error &error, const QString &id);
// The problem of an id in the path that is not found (404), with the other-case hint.
ApiResponse missing(Store &store, const Error &error, const QString &id);

// --- Query parameters ---
// limit=N, 1..max (absent: fallback).
Result<qint64> limitOf(const QUrlQuery &q, qint64 fallback, qint64 max);
// A true/false parameter (absent: false).
Result<bool> flagOf(const QUrlQuery &q, const QString &name);
// A whole number from `min` to `max` (absent: fallback).
Result<qint64> numberOf(const QUrlQuery &q, const QString &name, qint64 fallback, qint64 min, qint64 max);
// A duration ("15m", "90s", ...) in ms (absent: fallback).
Result<qint64> durationOf(const QUrlQuery &q, const QString &name, qint64 fallback);
Error unknownParameters(const QUrlQuery &q, const QStringList &known);
// A listing's `after`, checked the same way for every listing: the id of the last row of the page
// before, well formed (`checkId`) and found (`find`); anything else is invalid-cursor. "" when
// there is no `after`. `name` is the parameter (after, before, from).
Result<QString> cursorOf(const QUrlQuery &q, Error (*checkId)(QStringView), const QString &what,
                         const std::function<Error(const QString &)> &find, const QString &name = QStringLiteral("after"));
// The optional {"reason"} of a repair or an account's change, checked as ledgerctl's --reason.
Result<QString> reasonOf(const ApiRequest &r);

// The transaction listing's filters and order, as GET /v1/transactions takes them: state,
// account, stuckFor, text, cause, sort (created, modified, amount, state, id), order (newest,
// oldest; newest by creation unless said). Every route that lists transactions reads these.
QStringList txQueryParameters();
Result<TxQuery> txQueryOf(const QUrlQuery &q);
// The account listing's: filter (a piece of the id or name).
QStringList accountQueryParameters();
Result<AccountQuery> accountQueryOf(const QUrlQuery &q);
// The operator actions' (the journal listing's): kind (repairs, accounts, transfers, all; default
// repairs), filter. As ActionsRequest (the preset and its text), or as the journal query it means.
QStringList journalQueryParameters();
Result<ActionsRequest> actionsOf(const QUrlQuery &q);
Result<JournalQuery> journalQueryOf(const QUrlQuery &q);

} // namespace ledger::api
