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
ApiResponse missing(Store &store, const Error &error, const QString &id)
{
    const QString other = idInOtherCase(store, error.code, id);
    if (other.isEmpty())
        return problem(error, Lookup::PathId);
    return problem(makeError(error.code, QStringLiteral("%1; did you mean %2? (ids are case-sensitive)").arg(error.message, other)),
                   Lookup::PathId);
}

CoordinatorOptions optionsFor(const ApiRequest &r)
{
    CoordinatorOptions o = t_base;
    o.actor = r.caller.name;
    return o;
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
    // Money enters the ledger only by an operator's act (DESIGN.md §9): a debit of @world mints
    // (openings, top-ups), so a billing client's transfer token must not be able to. Paying out to
    // @world (a credit of it) is an ordinary transfer. Both forms have their legs here.
    if (r.caller.role < Role::Operator && accountsOf(request->allLegs(), LegSide::Debit).contains(kWorldAccount))
        return httpProblem(403, QStringLiteral("forbidden"),
                           QStringLiteral("%1 (role %2) may not move money from %3: money enters the ledger (openings, top-ups) "
                                          "only by the role %4; transfers to %3 are allowed")
                               .arg(r.caller.name, nameOf(r.caller.role), kWorldAccount, nameOf(Role::Operator)));
    CoordinatorOptions options = optionsFor(r);
    options.beforeTakingOver = claimsHoldOffRetries(store); // a retry of its key leaves an operator's claim alone
    Coordinator coordinator(store, options);
    return outcome(store, coordinator.transfer(*request), 201);
}

ApiResponse getTransaction(Store &store, const QString &id)
{
    if (Error e = checkTxId(id); !e.ok())
        return problem(e);
    auto detail = loadTransactionDetail(store, id);
    if (!detail.ok())
        return missing(store, detail.error(), id);
    const QJsonObject object = json::transactionDetail(*detail, store.scale());
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

// Newest first, paged by key: `after` is the id of the last transaction of the page before.
ApiResponse listTransactions(Store &store, const ApiRequest &r)
{
    const QUrlQuery &q = r.query;
    if (Error e = unknownParameters(q, {QStringLiteral("state"), QStringLiteral("account"), QStringLiteral("stuckFor"),
                                        QStringLiteral("limit"), QStringLiteral("after")});
        !e.ok())
        return problem(e);
    TxQuery query;
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
    if (q.hasQueryItem(QStringLiteral("stuckFor"))) {
        auto ms = duration::parse(q.queryItemValue(QStringLiteral("stuckFor")));
        if (!ms.ok())
            return problem(makeError(ErrorCode::InvalidDuration, QStringLiteral("stuckFor: %1").arg(ms.error().message)));
        query.stuckOnly = true;
        query.stuckForMs = *ms;
    }
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
    auto rows = store.transactions(query);
    if (!rows.ok())
        return problem(rows.error());
    const int scale = store.scale();
    QJsonArray array;
    for (qsizetype i = 0; i < rows->size() && i < *limit; ++i)
        array.append(json::transaction(rows->at(i), scale));
    const bool more = rows->size() > *limit;
    return json(200, QJsonObject{{QStringLiteral("transactions"), array},
                                 {QStringLiteral("next"), more ? QJsonValue(rows->at(*limit - 1).id) : QJsonValue()}});
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
    Coordinator coordinator(store, optionsFor(r));
    const TxOutcome o = m.action == QLatin1String("resume") ? coordinator.resume(m.id, *reason)
                      : m.action == QLatin1String("cancel") ? coordinator.cancel(m.id, *reason)
                                                            : coordinator.compensate(m.id, *reason);
    return outcome(store, o, m.action == QLatin1String("compensate") ? 201 : 200);
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
    if (Error e = checkRemark(event, *text); !e.ok())
        return problem(e);
    auto done = addRemarkOn(store, m.id, event, r.caller.name, *text);
    if (!done.ok())
        return done.error().code == ErrorCode::NotFound ? missing(store, done.error(), m.id) : problem(done.error());
    return json(event == Remark::Note ? 201 : 200, json::journalEntry(done->entry));
}

ApiResponse listAccounts(Store &store, const ApiRequest &r)
{
    if (Error e = unknownParameters(r.query, {QStringLiteral("filter"), QStringLiteral("limit"), QStringLiteral("after")}); !e.ok())
        return problem(e);
    AccountQuery query;
    query.text = r.query.queryItemValue(QStringLiteral("filter"));
    if (Error e = checkText(query.text, QT_TRANSLATE_NOOP("ledger", "filter"), kMaxNameLength, true); !e.ok())
        return problem(e);
    auto after = cursorOf(r.query, checkAccountId, QStringLiteral("account"), [&](const QString &id) { return store.account(id).error(); });
    if (!after.ok())
        return problem(after.error());
    query.afterId = *after;
    auto limit = limitOf(r.query, 100, 1000);
    if (!limit.ok())
        return problem(limit.error());
    query.limit = *limit + 1;
    auto list = accountsCountedWhole(store, query);
    if (!list.ok())
        return problem(list.error());
    const int scale = store.scale();
    QJsonArray array;
    for (qsizetype i = 0; i < list->size() && i < *limit; ++i)
        array.append(json::account(list->at(i), scale));
    const bool more = list->size() > *limit;
    return json(200, QJsonObject{{QStringLiteral("accounts"), array},
                                 {QStringLiteral("next"), more ? QJsonValue(list->at(*limit - 1).account.id) : QJsonValue()}});
}

ApiResponse getAccount(Store &store, const QString &id)
{
    if (Error e = checkAccountId(id); !e.ok())
        return problem(e);
    // The holds in the same snapshot as the balance: they are what it is not posted yet of.
    QList<LegMarker> held;
    auto account = accountCountedWhole(store, id, [&]() -> Error {
        auto holds = store.legsOfAccount(id, LegStatus::Held);
        if (!holds.ok())
            return holds.error();
        held = *holds;
        return {};
    });
    if (!account.ok())
        return missing(store, account.error(), id);
    const QJsonObject object = json::accountWithHolds(*account, held, store.scale());
    return json(200, object);
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
    Coordinator coordinator(store, optionsFor(r));
    const TxOutcome o = coordinator.openAccount(body->id, body->name, opening);
    if (!o.ok())
        return problem(o.error);
    ApiResponse created = getAccount(store, body->id);
    if (created.status == 200)
        created.status = 201;
    return created;
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
    if (auto before = store.account(m.id); !before.ok())
        return missing(store, before.error(), m.id);
    auto after = store.setAccountStatus(m.id, target, r.caller.name, *reason);
    if (!after.ok())
        return problem(after.error());
    return getAccount(store, m.id);
}

ApiResponse balances(Store &store)
{
    auto whole = readWholeBalances(store);
    if (!whole.ok())
        return problem(whole.error());
    return json(200, QJsonObject{{QStringLiteral("accounts"), json::wholeBalances(*whole, store.scale())},
                                 {QStringLiteral("total"), money::format(whole->total, store.scale())}});
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
    case Route::GetTransaction: h.response = getTransaction(store, m.id); break;
    case Route::Repair: h.response = repair(store, r, m); break;
    case Route::Remark: h.response = remark(store, r, m); break;
    case Route::ListAccounts: h.response = listAccounts(store, r); break;
    case Route::CreateAccount: h.response = createAccount(store, r); break;
    case Route::GetAccount: h.response = getAccount(store, m.id); break;
    case Route::AccountStatus: h.response = accountStatus(store, r, m); break;
    case Route::Balances: h.response = balances(store); break;
    case Route::Audit: h.response = json(200, json::auditReport(audit(store), store.scale())); break;
    case Route::Ready: h.response = ready(store); break;
    default: h.response = httpProblem(500, QStringLiteral("internal"), QStringLiteral("no handler for %1").arg(m.label)); break;
    }
    h.storeError = h.response.status == 503 || h.response.status == 500;
    return h;
}

} // namespace ledger::api
