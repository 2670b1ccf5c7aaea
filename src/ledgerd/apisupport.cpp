#include "apisupport.h"

#include "apidecode.h"
#include "approvalconfig.h"
#include "problem.h"
#include "interchange/jsonformat.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "operations/idhints.h"
#include "operations/operatoractions.h"
#include "service/apiquery.h"
#include "service/approvaljson.h"
#include "store/storequeries.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace ledger::api {

ApiResponse json(int status, const QJsonValue &value)
{
    ApiResponse r;
    r.status = status;
    r.body = value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                             : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    return r;
}

QJsonObject transactionWithLegs(Store &store, const Transaction &tx, int scale)
{
    QJsonObject o = json::transaction(tx, scale);
    if (auto legs = store.legsOfTransaction(tx.id); legs.ok()) {
        QJsonArray array;
        for (const LegMarker &m : *legs)
            array.append(json::leg(m, scale));
        o.insert(QStringLiteral("legs"), array);
    }
    return o;
}

// An outcome of the coordinator: the transaction (201 new, 200 when it already existed; 202 when
// it is accepted, not finished, whether new or not: TxOutcome::unfinished), or the problem with
// the document when there is one (a refused transfer is recorded canceled).
ApiResponse outcome(Store &store, const TxOutcome &o, int createdStatus)
{
    const int scale = store.scale();
    // Held back for four eyes: accepted as a request that waits, not run (202, as an unfinished
    // transfer: a client must not count it as done).
    if (o.awaiting) {
        return json(202, QJsonObject{{QStringLiteral("code"), codeWord(o.error.code)},
                                     {QStringLiteral("detail"), o.error.message},
                                     {QStringLiteral("approval"), approvaljson::request(*o.awaiting, scale, o.awaiting->requestedAt)}});
    }
    if (!o.ok()) {
        QJsonObject extra;
        if (o.tx)
            extra.insert(QStringLiteral("transaction"), transactionWithLegs(store, *o.tx, scale));
        return problem(o.error, Lookup::InRequest, extra);
    }
    if (!o.tx)
        return json(200, QJsonObject());
    QJsonObject body = transactionWithLegs(store, *o.tx, scale);
    if (!o.note.isEmpty()) // e.g. why a retry left it unfinished: who drives it, or who claimed it
        body.insert(QStringLiteral("note"), o.note);
    if (o.existing) // made before (a key's retry, a compensation asked again): a 202 says it no other way
        body.insert(QStringLiteral("existing"), true);
    return json(o.unfinished() ? 202 : o.existing ? 200 : createdStatus, body);
}

namespace {
thread_local CoordinatorOptions t_base; // set by handle() for the request it runs
}

void setRequestBase(const CoordinatorOptions &base) { t_base = base; }

// The problem of an id in the path that is not found (404), naming the id that exists in another
// letter case when there is one, as ledgerctl does.
// `error` (a not-found of `id`) naming the id that exists in another letter case, when one does.
Error withOtherCase(Store &store, const Error &error, const QString &id)
{
    const QString other = idInOtherCase(store, error.code, id);
    if (other.isEmpty())
        return error;
    return makeError(error.code, QStringLiteral("%1; did you mean %2? (ids are case-sensitive)").arg(error.message, other));
}

ApiResponse missing(Store &store, const Error &error, const QString &id)
{
    return problem(withOtherCase(store, error, id), Lookup::PathId);
}

// The ledger as the caller: the token's name is the actor of whatever it writes, its role what
// the service's own rules check (a transfer token may not mint from @world).
LocalLedgerService serviceFor(Store &store, const ApiRequest &r)
{
    CoordinatorOptions o = t_base; // with the request's Idempotency-Key (handle())
    o.actor = r.caller.name;
    LocalLedgerService service(store, o, r.caller.role, true);
    service.setApprovalRules(ApprovalConfig::current());
    return service;
}

Result<qint64> limitOf(const QUrlQuery &q, qint64 fallback, qint64 max)
{
    if (!q.hasQueryItem(QStringLiteral("limit")))
        return fallback;
    bool ok = false;
    const QString text = q.queryItemValue(QStringLiteral("limit"), QUrl::FullyDecoded);
    const qint64 n = text.toLongLong(&ok);
    if (!ok || n < 1 || n > max || text.startsWith(QLatin1Char('+')))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("limit must be a whole number from 1 to %1, not \"%2\"").arg(max).arg(text.left(40)));
    return n;
}

// A true/false parameter (absent: false).
Result<bool> flagOf(const QUrlQuery &q, const QString &name)
{
    if (!q.hasQueryItem(name))
        return false;
    const QString text = q.queryItemValue(name, QUrl::FullyDecoded);
    if (text != QLatin1String("true") && text != QLatin1String("false"))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1 must be true or false, not \"%2\"").arg(name, text.left(40)));
    return text == QLatin1String("true");
}

Error unknownParameters(const QUrlQuery &q, const QStringList &known)
{
    for (const auto &item : q.queryItems(QUrl::FullyDecoded))
        if (!known.contains(item.first))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("unknown parameter \"%1\"; the parameters are %2")
                                                             .arg(item.first.left(40), known.join(QStringLiteral(", "))));
    return {};
}

// A listing's `after`, checked the same way for every listing: the id of the last row of the page
// before, well formed (`checkId`) and found (`find`); anything else is invalid-cursor, so that a
// client whose cursor was mangled is told so instead of being handed another page. "" when there
// is no `after`.
Result<QString> cursorOf(const QUrlQuery &q, Error (*checkId)(QStringView), const QString &what,
                         const std::function<Error(const QString &)> &find, const QString &name)
{
    if (!q.hasQueryItem(name))
        return QString();
    const QString after = q.queryItemValue(name, QUrl::FullyDecoded);
    if (Error e = checkId(after); !e.ok())
        return makeError(ErrorCode::InvalidCursor, QStringLiteral("%1: %2").arg(name, e.message));
    if (Error e = find(after); !e.ok()) {
        const bool missing = e.code == ErrorCode::NotFound || e.code == ErrorCode::UnknownAccount; // a transaction's, an account's
        return missing ? makeError(ErrorCode::InvalidCursor, QStringLiteral("%1: no %2 %3").arg(name, what, after)) : e;
    }
    return after;
}

// The optional {"reason"} of a repair or an account's change, checked as ledgerctl's --reason.
Result<QString> reasonOf(const ApiRequest &r)
{
    auto reason = decodeText(r.body, QStringLiteral("reason"), false);
    if (!reason.ok())
        return reason.error();
    if (Error e = checkText(*reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return e;
    return reason;
}

Result<qint64> numberOf(const QUrlQuery &q, const QString &name, qint64 fallback, qint64 min, qint64 max)
{
    if (!q.hasQueryItem(name))
        return fallback;
    bool ok = false;
    const QString text = q.queryItemValue(name, QUrl::FullyDecoded);
    const qint64 n = text.toLongLong(&ok);
    if (!ok || n < min || n > max || text.startsWith(QLatin1Char('+')))
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("%1 must be a whole number from %2 to %3, not \"%4\"").arg(name).arg(min).arg(max).arg(text.left(40)));
    return n;
}

Result<qint64> durationOf(const QUrlQuery &q, const QString &name, qint64 fallback)
{
    if (!q.hasQueryItem(name))
        return fallback;
    auto ms = duration::parse(q.queryItemValue(name, QUrl::FullyDecoded));
    if (!ms.ok())
        return makeError(ErrorCode::InvalidDuration, QStringLiteral("%1: %2").arg(name, ms.error().message));
    return *ms;
}

namespace {

// A word of a closed list, read by `parse`: nullopt when the parameter is absent; invalid-argument
// saying what it `must` be ("transfer or compensation") for any other word.
template <typename T, typename Parse>
Result<std::optional<T>> wordOf(const QUrlQuery &q, const QString &name, Parse parse, const char *must)
{
    if (!q.hasQueryItem(name))
        return std::optional<T>();
    const QString word = q.queryItemValue(name, QUrl::FullyDecoded);
    const std::optional<T> value = parse(word);
    if (!value)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1 must be %2, not \"%3\"").arg(name, QLatin1String(must), word.left(40)));
    return value;
}

std::optional<bool> newestFromWord(QStringView word)
{
    if (word == QLatin1String("newest"))
        return true;
    if (word == QLatin1String("oldest"))
        return false;
    return std::nullopt;
}

} // namespace

QStringList txQueryParameters()
{
    return {QStringLiteral("state"), QStringLiteral("kind"),  QStringLiteral("account"), QStringLiteral("stuckFor"),
            QStringLiteral("text"),  QStringLiteral("cause"), QStringLiteral("sort"),    QStringLiteral("order")};
}

Result<TxQuery> txQueryOf(const QUrlQuery &q)
{
    TxQuery query;
    query.sortKey = TxSortKey::CreatedAt;
    query.descending = true;
    if (q.hasQueryItem(QStringLiteral("state"))) {
        const QString name = q.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded);
        const auto state = txStateFromString(name);
        if (!state)
            return makeError(ErrorCode::UnknownState, QStringLiteral("no state \"%1\"; states are: %2").arg(name.left(40), txStateNames()));
        query.state = state;
    }
    const auto kind = wordOf<TxKind>(q, QStringLiteral("kind"), txKindFromString, "transfer or compensation");
    if (!kind.ok())
        return kind.error();
    query.kind = *kind;
    if (q.hasQueryItem(QStringLiteral("account"))) {
        query.account = q.queryItemValue(QStringLiteral("account"), QUrl::FullyDecoded);
        if (Error e = checkAccountId(query.account); !e.ok())
            return e;
    }
    if (q.hasQueryItem(QStringLiteral("text"))) {
        query.text = q.queryItemValue(QStringLiteral("text"), QUrl::FullyDecoded);
        if (Error e = checkText(query.text, QT_TRANSLATE_NOOP("ledger", "text"), kMaxNameLength, true); !e.ok())
            return e;
    }
    if (q.hasQueryItem(QStringLiteral("cause"))) {
        const QString cause = q.queryItemValue(QStringLiteral("cause"), QUrl::FullyDecoded);
        if (!cause.isEmpty() && cause != kOtherCause && !causeWords().contains(cause))
            return makeError(
                ErrorCode::InvalidArgument,
                QStringLiteral("cause must be \"\" (no error), \"*\" (any other) or an error's word, not \"%1\"").arg(cause.left(40)));
        query.cause = cause;
    }
    if (q.hasQueryItem(QStringLiteral("stuckFor"))) {
        auto ms = durationOf(q, QStringLiteral("stuckFor"), 0);
        if (!ms.ok())
            return ms.error();
        query.stuckOnly = true;
        query.stuckForMs = *ms;
    }
    // The words the client writes (service/apiquery.h).
    const auto sort =
        wordOf<TxSortKey>(q, QStringLiteral("sort"), apiquery::sortKeyFromWord, "one of created, modified, amount, state, id");
    if (!sort.ok())
        return sort.error();
    query.sortKey = sort->value_or(query.sortKey);
    const auto newest = wordOf<bool>(q, QStringLiteral("order"), newestFromWord, "newest or oldest");
    if (!newest.ok())
        return newest.error();
    query.descending = newest->value_or(query.descending);
    return query;
}

namespace {

// A filter's text, checked as every listing's is.
Result<QString> filterOf(const QUrlQuery &q)
{
    const QString text = q.queryItemValue(QStringLiteral("filter"), QUrl::FullyDecoded);
    if (Error e = checkText(text, QT_TRANSLATE_NOOP("ledger", "filter"), kMaxNameLength, true); !e.ok())
        return e;
    return text;
}

} // namespace

QStringList accountQueryParameters() { return {QStringLiteral("filter")}; }

Result<AccountQuery> accountQueryOf(const QUrlQuery &q)
{
    auto text = filterOf(q);
    if (!text.ok())
        return text.error();
    AccountQuery query;
    query.text = *text;
    return query;
}

QStringList journalQueryParameters() { return {QStringLiteral("kind"), QStringLiteral("filter")}; }

Result<ActionsRequest> actionsOf(const QUrlQuery &q)
{
    ActionsRequest request;
    const auto preset = wordOf<ActionsPreset>(q, QStringLiteral("kind"), actionsPresetFromString, "repairs, accounts, transfers or all");
    if (!preset.ok())
        return preset.error();
    request.preset = preset->value_or(request.preset);
    auto text = filterOf(q);
    if (!text.ok())
        return text.error();
    request.text = *text;
    return request;
}

Result<JournalQuery> journalQueryOf(const QUrlQuery &q)
{
    auto actions = actionsOf(q);
    if (!actions.ok())
        return actions.error();
    return operatorActionsQuery(actions->preset, actions->text);
}

} // namespace ledger::api
