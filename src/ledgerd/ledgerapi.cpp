#include "ledgerapi.h"

#include "apidecode.h"
#include "interchange/jsonformat.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "operations/idhints.h"
#include "operations/transactiondetail.h"
#include "operations/wholeaccounts.h"
#include "problem.h"
#include "tokens.h"
#include "protocol/audit.h"
#include "protocol/commitpoint.h"
#include "service/localledgerservice.h"
#include "store/open/storeconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

namespace ledger::api {

namespace {

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
    return json(o.unfinished() ? 202 : o.existing ? 200 : createdStatus, body);
}

thread_local CoordinatorOptions t_base; // set by handle() for the request it runs

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
    CoordinatorOptions o = t_base;
    o.actor = r.caller.name;
    return LocalLedgerService(store, o, r.caller.role, true);
}

ApiResponse transfer(Store &store, const ApiRequest &r)
{
    auto body = decodeTransfer(r.body);
    if (!body.ok())
        return problem(body.error());
    std::optional<QString> key;
    if (r.headers.contains("idempotency-key"))
        key = QString::fromUtf8(r.headers.value("idempotency-key"));
    const int scale = store.scale();
    std::optional<TransferRequest> request;
    if (auto *two = std::get_if<TransferInput>(&*body)) {
        two->key = key;
        const TransferInputCheck check = checkTransferInput(*two, scale);
        if (!check.request)
            return problem(check.first());
        request = check.request;
    } else {
        auto &legs = std::get<LegsInput>(*body);
        legs.key = key;
        const LegsInputCheck check = checkLegsInput(legs, scale);
        if (!check.request)
            return problem(check.first());
        request = check.request;
    }
    LocalLedgerService service = serviceFor(store, r);
    TxOutcome o = service.transfer(*request);
    if (o.error.code == ErrorCode::UnknownAccount) // named in another letter case, as ledgerctl says it
        for (const QString &id : accountsOf(request->allLegs()))
            if (o.error.message.contains(id)) {
                if (const Error named = withOtherCase(store, o.error, id); named.message != o.error.message) {
                    o.error = named;
                    break;
                }
            }
    return outcome(store, o, 201);
}

ApiResponse getTransaction(Store &store, const ApiRequest &r, const QString &id)
{
    if (Error e = checkTxId(id); !e.ok())
        return problem(e);
    auto detail = serviceFor(store, r).transaction(id);
    if (!detail.ok())
        return missing(store, detail.error(), id);
    QJsonObject object = json::transactionDetail(*detail, store.scale());
    // What a remote console shows beside it: the ledger's clock when read, and the claim standing.
    object.insert(QStringLiteral("now"), formatTimestamp(detail->now));
    object.insert(QStringLiteral("claim"), detail->claim ? QJsonValue(json::claim(*detail->claim)) : QJsonValue());
    return json(200, object);
}

Result<qint64> limitOf(const QUrlQuery &q, qint64 fallback, qint64 max)
{
    if (!q.hasQueryItem(QStringLiteral("limit")))
        return fallback;
    bool ok = false;
    const QString text = q.queryItemValue(QStringLiteral("limit"));
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
    const QString text = q.queryItemValue(name);
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
                         const std::function<Error(const QString &)> &find)
{
    if (!q.hasQueryItem(QStringLiteral("after")))
        return QString();
    const QString after = q.queryItemValue(QStringLiteral("after"));
    if (Error e = checkId(after); !e.ok())
        return makeError(ErrorCode::InvalidCursor, QStringLiteral("after: %1").arg(e.message));
    if (Error e = find(after); !e.ok()) {
        const bool missing = e.code == ErrorCode::NotFound || e.code == ErrorCode::UnknownAccount; // a transaction's, an account's
        return missing ? makeError(ErrorCode::InvalidCursor, QStringLiteral("after: no %1 %2").arg(what, after)) : e;
    }
    return after;
}

// Paged by key in the order asked (sort: created, modified, amount, state, id; order: newest or
// oldest first; newest by creation unless said): `after` is the id of the last transaction of the
// page before. Each row carries the claim standing on it; `count=true` adds how many match in all.
ApiResponse listTransactions(Store &store, const ApiRequest &r)
{
    const QUrlQuery &q = r.query;
    if (Error e = unknownParameters(q, {QStringLiteral("state"), QStringLiteral("account"), QStringLiteral("stuckFor"),
                                        QStringLiteral("text"), QStringLiteral("cause"), QStringLiteral("sort"), QStringLiteral("order"),
                                        QStringLiteral("count"), QStringLiteral("limit"), QStringLiteral("after")});
        !e.ok())
        return problem(e);
    TxPageRequest request;
    request.withClaims = true;
    TxQuery &query = request.query;
    query.sortKey = TxSortKey::CreatedAt;
    query.descending = true;
    if (q.hasQueryItem(QStringLiteral("state"))) {
        const QString name = q.queryItemValue(QStringLiteral("state"));
        const auto state = txStateFromString(name);
        if (!state)
            return problem(
                makeError(ErrorCode::UnknownState, QStringLiteral("no state \"%1\"; states are: %2").arg(name.left(40), txStateNames())));
        query.state = state;
    }
    if (q.hasQueryItem(QStringLiteral("account"))) {
        query.account = q.queryItemValue(QStringLiteral("account"));
        if (Error e = checkAccountId(query.account); !e.ok())
            return problem(e);
    }
    if (q.hasQueryItem(QStringLiteral("text"))) {
        query.text = q.queryItemValue(QStringLiteral("text"), QUrl::FullyDecoded);
        if (Error e = checkText(query.text, QT_TRANSLATE_NOOP("ledger", "text"), kMaxNameLength, true); !e.ok())
            return problem(e);
    }
    if (q.hasQueryItem(QStringLiteral("cause"))) {
        const QString cause = q.queryItemValue(QStringLiteral("cause"), QUrl::FullyDecoded);
        if (!cause.isEmpty() && cause != kOtherCause && !causeWords().contains(cause))
            return problem(makeError(
                ErrorCode::InvalidArgument,
                QStringLiteral("cause must be \"\" (no error), \"*\" (any other) or an error's word, not \"%1\"").arg(cause.left(40))));
        query.cause = cause;
    }
    if (q.hasQueryItem(QStringLiteral("stuckFor"))) {
        auto ms = duration::parse(q.queryItemValue(QStringLiteral("stuckFor")));
        if (!ms.ok())
            return problem(makeError(ErrorCode::InvalidDuration, QStringLiteral("stuckFor: %1").arg(ms.error().message)));
        query.stuckOnly = true;
        query.stuckForMs = *ms;
    }
    if (q.hasQueryItem(QStringLiteral("sort"))) {
        static const QMap<QString, TxSortKey> keys = {{QStringLiteral("created"), TxSortKey::CreatedAt},
                                                      {QStringLiteral("modified"), TxSortKey::LastModified},
                                                      {QStringLiteral("amount"), TxSortKey::Amount},
                                                      {QStringLiteral("state"), TxSortKey::State},
                                                      {QStringLiteral("id"), TxSortKey::Id}};
        const QString word = q.queryItemValue(QStringLiteral("sort"));
        if (!keys.contains(word))
            return problem(
                makeError(ErrorCode::InvalidArgument,
                          QStringLiteral("sort must be one of created, modified, amount, state, id, not \"%1\"").arg(word.left(40))));
        query.sortKey = keys.value(word);
    }
    if (q.hasQueryItem(QStringLiteral("order"))) {
        const QString word = q.queryItemValue(QStringLiteral("order"));
        if (word != QLatin1String("newest") && word != QLatin1String("oldest"))
            return problem(
                makeError(ErrorCode::InvalidArgument, QStringLiteral("order must be newest or oldest, not \"%1\"").arg(word.left(40))));
        query.descending = word == QLatin1String("newest");
    }
    auto count = flagOf(q, QStringLiteral("count"));
    if (!count.ok())
        return problem(count.error());
    request.withTotal = *count;
    auto limit = limitOf(q, 100, 1000);
    if (!limit.ok())
        return problem(limit.error());
    query.limit = *limit + 1; // one more says whether there is a next page
    auto after = cursorOf(q, checkTxId, QStringLiteral("transaction"), [&](const QString &id) -> Error {
        auto last = store.transaction(id);
        if (!last.ok())
            return last.error();
        query.after = *last;
        return {};
    });
    if (!after.ok())
        return problem(after.error());
    auto page = serviceFor(store, r).transactions(request);
    if (!page.ok())
        return problem(page.error());
    const int scale = store.scale();
    QJsonArray array;
    for (qsizetype i = 0; i < page->rows.size() && i < *limit; ++i)
        array.append(json::listedTransaction(page->rows.at(i), page->claims.at(i), scale));
    const bool more = page->rows.size() > *limit;
    QJsonObject body{{QStringLiteral("transactions"), array},
                     {QStringLiteral("next"), more ? QJsonValue(page->rows.at(*limit - 1).id) : QJsonValue()},
                     {QStringLiteral("now"), formatTimestamp(page->now)}};
    if (page->total)
        body.insert(QStringLiteral("total"), *page->total);
    return json(200, body);
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

ApiResponse repair(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = checkTxId(m.id); !e.ok())
        return problem(e);
    auto reason = reasonOf(r);
    if (!reason.ok())
        return problem(reason.error());
    if (auto exists = store.transaction(m.id); !exists.ok())
        return missing(store, exists.error(), m.id);
    const RepairAction action = repairActionFromString(m.action).value_or(RepairAction::Resume); // routes.cpp names only these
    const TxOutcome o = serviceFor(store, r).repair(action, m.id, *reason);
    return outcome(store, o, action == RepairAction::Compensate ? 201 : 200);
}

ApiResponse remark(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = checkTxId(m.id); !e.ok())
        return problem(e);
    const Remark event = m.action == QLatin1String("claim")   ? Remark::Claim
                       : m.action == QLatin1String("release") ? Remark::Release
                                                              : Remark::Note;
    auto text =
        event == Remark::Note ? decodeText(r.body, QStringLiteral("text"), true) : decodeText(r.body, QStringLiteral("note"), false);
    if (!text.ok())
        return problem(text.error());
    auto done = serviceFor(store, r).remark(m.id, event, *text);
    if (!done.ok())
        return done.error().code == ErrorCode::NotFound ? missing(store, done.error(), m.id) : problem(done.error());
    // The row written, and what a client says about it: the transaction's state, the claim before.
    QJsonObject body = json::journalEntry(done->entry);
    body.insert(QStringLiteral("txState"), nameOf(done->tx.state));
    body.insert(QStringLiteral("before"), done->before ? QJsonValue(json::claim(*done->before)) : QJsonValue());
    return json(event == Remark::Note ? 201 : 200, body);
}

ApiResponse listAccounts(Store &store, const ApiRequest &r)
{
    if (Error e = unknownParameters(r.query,
                                    {QStringLiteral("filter"), QStringLiteral("count"), QStringLiteral("limit"), QStringLiteral("after")});
        !e.ok())
        return problem(e);
    AccountQuery query;
    query.text = r.query.queryItemValue(QStringLiteral("filter"), QUrl::FullyDecoded);
    if (Error e = checkText(query.text, QT_TRANSLATE_NOOP("ledger", "filter"), kMaxNameLength, true); !e.ok())
        return problem(e);
    auto after = cursorOf(r.query, checkAccountId, QStringLiteral("account"), [&](const QString &id) { return store.account(id).error(); });
    if (!after.ok())
        return problem(after.error());
    query.afterId = *after;
    auto count = flagOf(r.query, QStringLiteral("count"));
    if (!count.ok())
        return problem(count.error());
    auto limit = limitOf(r.query, 100, 1000);
    if (!limit.ok())
        return problem(limit.error());
    query.limit = *limit + 1;
    auto page = serviceFor(store, r).accounts(query, *count);
    if (!page.ok())
        return problem(page.error());
    const int scale = store.scale();
    QJsonArray array;
    for (qsizetype i = 0; i < page->rows.size() && i < *limit; ++i)
        array.append(json::account(page->rows.at(i), scale));
    const bool more = page->rows.size() > *limit;
    QJsonObject body{{QStringLiteral("accounts"), array},
                     {QStringLiteral("next"), more ? QJsonValue(page->rows.at(*limit - 1).account.id) : QJsonValue()}};
    if (page->total)
        body.insert(QStringLiteral("total"), *page->total);
    return json(200, body);
}

QJsonObject accountBody(const AccountWithHolds &a, int scale) { return json::accountWithHolds(a.account, a.held, scale); }

ApiResponse getAccount(Store &store, const ApiRequest &r, const QString &id)
{
    auto account = serviceFor(store, r).account(id);
    if (!account.ok())
        return account.error().code == ErrorCode::InvalidAccountId ? problem(account.error()) : missing(store, account.error(), id);
    return json(200, accountBody(*account, store.scale()));
}

ApiResponse createAccount(Store &store, const ApiRequest &r)
{
    auto body = decodeNewAccount(r.body);
    if (!body.ok())
        return problem(body.error());
    if (Error e = checkNewAccountId(body->id); !e.ok())
        return problem(e);
    if (Error e = checkText(body->name, QT_TRANSLATE_NOOP("ledger", "account name"), kMaxNameLength, true); !e.ok())
        return problem(e);
    qint64 opening = 0;
    if (body->opening) {
        // "0" or "0.00" is no opening, as a client sending it means (and as leaving it out says).
        auto amount = money::parse(*body->opening, store.scale(), money::Zero::Allowed);
        if (!amount.ok())
            return problem(makeError(ErrorCode::InvalidAmount, QStringLiteral("opening: %1").arg(amount.error().message)));
        opening = *amount;
    }
    const NewAccount created = serviceFor(store, r).createAccount(body->id, body->name, opening);
    if (!created.opening.ok()) {
        QJsonObject extra;
        if (created.opening.tx)
            extra.insert(QStringLiteral("transaction"), transactionWithLegs(store, *created.opening.tx, store.scale()));
        return problem(created.opening.error, Lookup::InRequest, extra);
    }
    if (!created.account)
        return problem(created.readError);
    return json(201, accountBody(*created.account, store.scale()));
}

ApiResponse accountStatus(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = checkAccountId(m.id); !e.ok())
        return problem(e);
    auto reason = reasonOf(r);
    if (!reason.ok())
        return problem(reason.error());
    const AccountStatus target = m.action == QLatin1String("freeze") ? AccountStatus::Frozen
                               : m.action == QLatin1String("close")  ? AccountStatus::Closed
                                                                     : AccountStatus::Open;
    auto change = serviceFor(store, r).setAccountStatus(m.id, target, *reason);
    if (!change.ok())
        return change.error().code == ErrorCode::UnknownAccount ? missing(store, change.error(), m.id) : problem(change.error());
    QJsonObject body = accountBody(change->after, store.scale());
    body.insert(QStringLiteral("previousStatus"), nameOf(change->before));
    return json(200, body);
}

ApiResponse balances(Store &store, const ApiRequest &r)
{
    auto whole = serviceFor(store, r).balances();
    if (!whole.ok())
        return problem(whole.error());
    return json(200, QJsonObject{{QStringLiteral("accounts"), json::wholeBalances(*whole, store.scale())},
                                 {QStringLiteral("total"), money::format(whole->total, store.scale())},
                                 {QStringLiteral("inFlight"), QJsonArray::fromStringList(whole->inFlight)}});
}

// Who did what, newest first, paged by key: `after` is the `next` of the page before.
ApiResponse operatorActions(Store &store, const ApiRequest &r)
{
    const QUrlQuery &q = r.query;
    if (Error e =
            unknownParameters(q, {QStringLiteral("kind"), QStringLiteral("filter"), QStringLiteral("limit"), QStringLiteral("after")});
        !e.ok())
        return problem(e);
    ActionsRequest request;
    if (q.hasQueryItem(QStringLiteral("kind"))) {
        const QString kind = q.queryItemValue(QStringLiteral("kind"));
        const auto preset = actionsPresetFromString(kind);
        if (!preset)
            return problem(makeError(ErrorCode::InvalidArgument,
                                     QStringLiteral("kind must be repairs, accounts, transfers or all, not \"%1\"").arg(kind.left(40))));
        request.preset = *preset;
    }
    request.text = q.queryItemValue(QStringLiteral("filter"), QUrl::FullyDecoded);
    if (Error e = checkText(request.text, QT_TRANSLATE_NOOP("ledger", "filter"), kMaxNameLength, true); !e.ok())
        return problem(e);
    if (q.hasQueryItem(QStringLiteral("after"))) {
        request.after = journalFromCursor(q.queryItemValue(QStringLiteral("after"), QUrl::FullyDecoded));
        if (!request.after)
            return problem(makeError(ErrorCode::InvalidCursor, QStringLiteral("after: not a `next` this listing handed out")));
    }
    auto limit = limitOf(q, 100, 1000);
    if (!limit.ok())
        return problem(limit.error());
    request.limit = *limit + 1; // one more says whether there is a next page
    auto rows = serviceFor(store, r).operatorActions(request);
    if (!rows.ok())
        return problem(rows.error());
    QJsonArray array;
    for (qsizetype i = 0; i < rows->size() && i < *limit; ++i)
        array.append(json::journalEntry(rows->at(i)));
    const bool more = rows->size() > *limit;
    return json(200, QJsonObject{{QStringLiteral("actions"), array},
                                 {QStringLiteral("next"), more ? QJsonValue(journalCursor(rows->at(*limit - 1))) : QJsonValue()}});
}

// The report, or the problem that kept the audit from finishing (a clean-looking report of half
// a store would read as "all six invariants hold").
ApiResponse audit(Store &store, const ApiRequest &r)
{
    const AuditReport report = serviceFor(store, r).audit();
    if (!report.error.ok())
        return problem(report.error);
    return json(200, json::auditReport(report, store.scale()));
}

ApiResponse whoami(Store &store, const ApiRequest &r)
{
    auto me = serviceFor(store, r).whoami();
    if (!me.ok())
        return problem(me.error());
    return json(
        200,
        QJsonObject{{QStringLiteral("name"), me->name}, {QStringLiteral("role"), nameOf(me->role)}, {QStringLiteral("scale"), me->scale}});
}

ApiResponse ready(Store &store)
{
    auto now = store.now();
    if (!now.ok())
        return problem(now.error());
    return json(200, QJsonObject{{QStringLiteral("status"), QStringLiteral("ready")},
                                 {QStringLiteral("store"), storeDisplayName(store.location())}});
}

} // namespace

HandledRequest handle(Store &store, const ApiRequest &r, const RouteMatch &m, const CoordinatorOptions &base)
{
    t_base = base;
    HandledRequest h;
    switch (m.route) {
    case Route::Transfer:
        h.response = transfer(store, r);
        h.transfer = true;
        break;
    case Route::ListTransactions: h.response = listTransactions(store, r); break;
    case Route::GetTransaction: h.response = getTransaction(store, r, m.id); break;
    case Route::Repair: h.response = repair(store, r, m); break;
    case Route::Remark: h.response = remark(store, r, m); break;
    case Route::ListAccounts: h.response = listAccounts(store, r); break;
    case Route::CreateAccount: h.response = createAccount(store, r); break;
    case Route::GetAccount: h.response = getAccount(store, r, m.id); break;
    case Route::AccountStatus: h.response = accountStatus(store, r, m); break;
    case Route::Balances: h.response = balances(store, r); break;
    case Route::Audit: h.response = audit(store, r); break;
    case Route::Whoami: h.response = whoami(store, r); break;
    case Route::Actions: h.response = operatorActions(store, r); break;
    case Route::Ready: h.response = ready(store); break;
    default: h.response = httpProblem(500, QStringLiteral("internal"), QStringLiteral("no handler for %1").arg(m.label)); break;
    }
    h.storeError = h.response.status == 503 || h.response.status == 500;
    return h;
}

} // namespace ledger::api
