#include "ledgerapi.h"

#include "apisupport.h"
#include "handlers.h"
#include "inflightrequests.h"

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
#include "service/apiquery.h"
#include "service/consolejson.h"
#include "service/localledgerservice.h"
#include "store/open/storeconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

namespace ledger::api {

ApiResponse transfer(Store &store, const ApiRequest &r, const RouteMatch &)
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

ApiResponse getTransaction(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    const QString &id = m.id;
    if (Error e = checkTxId(id); !e.ok())
        return problem(e);
    auto detail = serviceFor(store, r).transaction(id);
    if (!detail.ok())
        return missing(store, detail.error(), id);
    // With what a remote console shows beside it: the ledger's clock when read, the claim standing,
    // the legs' accounts and the related transaction.
    return json(200, consolejson::transactionDetail(*detail, store.scale()));
}

// Paged by key in the order asked (sort: created, modified, amount, state, id; order: newest or
// oldest first; newest by creation unless said): `after` is the id of the last transaction of the
// page before. Each row carries the claim standing on it; `count=true` adds how many match in all.
ApiResponse listTransactions(Store &store, const ApiRequest &r, const RouteMatch &)
{
    const QUrlQuery &q = r.query;
    if (Error e = unknownParameters(q, txQueryParameters()
                                           + QStringList{QStringLiteral("count"), QStringLiteral("limit"), QStringLiteral("after")});
        !e.ok())
        return problem(e);
    auto filters = txQueryOf(q);
    if (!filters.ok())
        return problem(filters.error());
    TxPageRequest request;
    request.withClaims = true;
    request.query = *filters;
    TxQuery &query = request.query;
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

ApiResponse repair(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = checkTxId(m.id); !e.ok())
        return problem(e);
    auto reason = reasonOf(r);
    if (!reason.ok())
        return problem(reason.error());
    if (auto exists = store.transaction(m.id); !exists.ok())
        return missing(store, exists.error(), m.id);
    const RepairAction action = operatorActionFromString(m.action).value_or(RepairAction::Resume); // routes.cpp names only these
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

ApiResponse listAccounts(Store &store, const ApiRequest &r, const RouteMatch &)
{
    if (Error e = unknownParameters(r.query, accountQueryParameters()
                                                 + QStringList{QStringLiteral("count"), QStringLiteral("limit"), QStringLiteral("after")});
        !e.ok())
        return problem(e);
    auto filtered = accountQueryOf(r.query);
    if (!filtered.ok())
        return problem(filtered.error());
    AccountQuery query = *filtered;
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

ApiResponse getAccount(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    const QString &id = m.id;
    auto account = serviceFor(store, r).account(id);
    if (!account.ok())
        return account.error().code == ErrorCode::InvalidAccountId ? problem(account.error()) : missing(store, account.error(), id);
    return json(200, accountBody(*account, store.scale()));
}

ApiResponse createAccount(Store &store, const ApiRequest &r, const RouteMatch &)
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

ApiResponse balances(Store &store, const ApiRequest &r, const RouteMatch &)
{
    auto whole = serviceFor(store, r).balances();
    if (!whole.ok())
        return problem(whole.error());
    return json(200, QJsonObject{{QStringLiteral("accounts"), json::wholeBalances(*whole, store.scale())},
                                 {QStringLiteral("total"), money::format(whole->total, store.scale())},
                                 {QStringLiteral("inFlight"), QJsonArray::fromStringList(whole->inFlight)}});
}

// Who did what, newest first, paged by key: `after` is the `next` of the page before.
ApiResponse operatorActions(Store &store, const ApiRequest &r, const RouteMatch &)
{
    const QUrlQuery &q = r.query;
    if (Error e = unknownParameters(q, journalQueryParameters() + QStringList{QStringLiteral("limit"), QStringLiteral("after")}); !e.ok())
        return problem(e);
    auto asked = actionsOf(q);
    if (!asked.ok())
        return problem(asked.error());
    ActionsRequest request = *asked;
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
ApiResponse audit(Store &store, const ApiRequest &r, const RouteMatch &)
{
    const AuditReport report = serviceFor(store, r).audit();
    if (!report.error.ok())
        return problem(report.error);
    return json(200, json::auditReport(report, store.scale()));
}

// Who the token is, and how the store reads listings (a console pages and sorts by it).
ApiResponse whoami(Store &store, const ApiRequest &r, const RouteMatch &)
{
    auto me = serviceFor(store, r).whoami();
    if (!me.ok())
        return problem(me.error());
    QJsonArray sorts;
    for (TxSortKey key : me->indexedSorts)
        sorts.append(apiquery::sortWord(key));
    return json(200, QJsonObject{{QStringLiteral("name"), me->name},
                                 {QStringLiteral("role"), nameOf(me->role)},
                                 {QStringLiteral("scale"), me->scale},
                                 {QStringLiteral("readsByPosition"), me->readsByPosition},
                                 {QStringLiteral("sorts"), sorts}});
}

ApiResponse ready(Store &store, const ApiRequest &, const RouteMatch &)
{
    auto now = store.now();
    if (!now.ok())
        return problem(now.error());
    return json(200, QJsonObject{{QStringLiteral("status"), QStringLiteral("ready")},
                                 {QStringLiteral("store"), storeDisplayName(store.location())}});
}

namespace {

// How long a request sent again waits for its first sending, still running here, to end (a
// client's retry window is shorter: it asks again after).
constexpr int kSameRequestWaitMs = 30'000;

} // namespace

HandledRequest handle(Store &store, const ApiRequest &r, const RouteMatch &m, const CoordinatorOptions &base)
{
    HandledRequest h;
    // A write's Idempotency-Key is the request every journal row it writes records
    // (CoordinatorOptions::request): asked again, the write answers from what it did. One
    // sending of it at a time (InFlightRequests).
    CoordinatorOptions asked = base;
    std::optional<InFlightRequests::Hold> hold;
    if (r.method == "POST" && r.headers.contains("idempotency-key")) {
        asked.request = QString::fromUtf8(r.headers.value("idempotency-key"));
        if (Error e = checkIdempotencyKey(asked.request); !e.ok()) {
            h.response = problem(e);
            return h;
        }
        hold.emplace(InFlightRequests::instance(), r.caller.name, asked.request, kSameRequestWaitMs);
        if (!hold->held()) {
            // Not now, as a restart says it: a client sends it again (under its key) after a while.
            h.response = httpProblem(503, QStringLiteral("service-unavailable"),
                                     QStringLiteral("the request with idempotency key %1 is still being answered; ask again with the "
                                                    "same key")
                                         .arg(quoteForMessage(asked.request)));
            h.response.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("1")));
            return h;
        }
    }
    setRequestBase(asked);
    h.response =
        m.handler ? m.handler(store, r, m) : httpProblem(500, QStringLiteral("internal"), QStringLiteral("no handler for %1").arg(m.label));
    h.transfer = m.route == Route::Transfer;
    h.storeError = h.response.status == 503 || h.response.status == 500;
    return h;
}

} // namespace ledger::api
