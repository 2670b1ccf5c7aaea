// API v1's console routes: what an operator's screens read and do besides the documents (DESIGN
// §9): tallies exact or estimated, pages near a position or beside a row, the overview and the
// navigator's counts, stuck causes, an account's detail, repair plans and batches, the ids of a
// selection, the incident report. Each answers LedgerService's call of the same name (the in-process
// console makes the same ones), written by service/consolejson.h, which RemoteLedgerService reads.
#include "handlers.h"

#include "apidecode.h"
#include "apisupport.h"
#include "problem.h"
#include "interchange/jsonformat.h"
#include "ledger/identifiers.h"
#include "service/consolejson.h"

#include <QJsonArray>

namespace ledger::api {

namespace {

// The stuck threshold of a console reading: stuckFor (a duration), else the ledger's default.
Result<qint64> stuckForOf(const QUrlQuery &q) { return durationOf(q, QStringLiteral("stuckFor"), kDefaultStuckMs); }

template <typename T> ApiResponse answer(const Result<T> &result, QJsonObject (*encode)(const T &))
{
    if (!result.ok())
        return problem(result.error());
    return json(200, encode(*result));
}

// A listing's tally: its parameters (and no other), read by `parse`, counted by `count`.
template <typename Q>
ApiResponse tallyOf(Store &store, const ApiRequest &r, const QStringList &parameters, Result<Q> (*parse)(const QUrlQuery &),
                    Result<Tally> (LedgerService::*count)(const Q &))
{
    if (Error e = unknownParameters(r.query, parameters); !e.ok())
        return problem(e);
    auto query = parse(r.query);
    if (!query.ok())
        return problem(query.error());
    LocalLedgerService ledger = serviceFor(store, r);
    return answer<Tally>((ledger.*count)(*query), consolejson::tally);
}

// A reading that takes the stuck threshold alone (stuckFor): the overview, the counts, stuck causes
// and the watch.
template <typename T>
ApiResponse stuckReading(Store &store, const ApiRequest &r, Result<T> (LedgerService::*read)(qint64), QJsonObject (*encode)(const T &))
{
    if (Error e = unknownParameters(r.query, {QStringLiteral("stuckFor")}); !e.ok())
        return problem(e);
    auto stuckFor = stuckForOf(r.query);
    if (!stuckFor.ok())
        return problem(stuckFor.error());
    LocalLedgerService ledger = serviceFor(store, r);
    return answer<T>((ledger.*read)(*stuckFor), encode);
}

// Where a window starts: from=near (offset of total) | after | before | from (the row's id or
// cursor in `row`).
struct WindowPlace {
    PageFrom from = PageFrom::Near;
    qint64 offset = 0;
    qint64 total = 0;
    QString row;
    qint64 limit = 0;
};

QStringList windowParameters()
{
    return {QStringLiteral("from"), QStringLiteral("offset"), QStringLiteral("total"), QStringLiteral("row"), QStringLiteral("limit")};
}

Result<WindowPlace> windowPlaceOf(const QUrlQuery &q)
{
    static const QMap<QString, PageFrom> words = {{QStringLiteral("near"), PageFrom::Near},
                                                  {QStringLiteral("after"), PageFrom::After},
                                                  {QStringLiteral("before"), PageFrom::Before},
                                                  {QStringLiteral("from"), PageFrom::From}};
    WindowPlace p;
    const QString from = q.queryItemValue(QStringLiteral("from"), QUrl::FullyDecoded);
    if (q.hasQueryItem(QStringLiteral("from")) && !words.contains(from))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("from must be near, after, before or from, not \"%1\"").arg(from.left(40)));
    p.from = words.value(from, PageFrom::Near);
    auto offset = numberOf(q, QStringLiteral("offset"), 0, 0, std::numeric_limits<qint32>::max() * qint64(1024));
    if (!offset.ok())
        return offset.error();
    auto total = numberOf(q, QStringLiteral("total"), 0, 0, std::numeric_limits<qint32>::max() * qint64(1024));
    if (!total.ok())
        return total.error();
    auto limit = limitOf(q, 100, 1000);
    if (!limit.ok())
        return limit.error();
    p.offset = *offset;
    p.total = *total;
    p.limit = *limit;
    p.row = q.queryItemValue(QStringLiteral("row"), QUrl::FullyDecoded);
    if (p.from != PageFrom::Near && p.row.isEmpty())
        return makeError(ErrorCode::InvalidCursor, QStringLiteral("from=%1 needs the row it starts beside: row").arg(from));
    return p;
}

using consolejson::kMaxBatchRepairIds;
using consolejson::kMaxIdsPerCall;

} // namespace

ApiResponse tallyTransactions(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return tallyOf<TxQuery>(store, r, txQueryParameters(), txQueryOf, &LedgerService::tallyTransactions);
}

ApiResponse tallyAccounts(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return tallyOf<AccountQuery>(store, r, accountQueryParameters(), accountQueryOf, &LedgerService::tallyAccounts);
}

ApiResponse tallyActions(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return tallyOf<JournalQuery>(store, r, journalQueryParameters(), journalQueryOf, &LedgerService::tallyJournal);
}

ApiResponse transactionWindow(Store &store, const ApiRequest &r, const RouteMatch &)
{
    if (Error e = unknownParameters(r.query, txQueryParameters() + windowParameters()); !e.ok())
        return problem(e);
    auto query = txQueryOf(r.query);
    if (!query.ok())
        return problem(query.error());
    auto place = windowPlaceOf(r.query);
    if (!place.ok())
        return problem(place.error());
    TxWindowRequest request{*query, place->from, place->offset, place->total, std::nullopt, place->limit};
    if (place->from != PageFrom::Near) {
        auto row = cursorOf(
            r.query, checkTxId, QStringLiteral("transaction"),
            [&](const QString &id) -> Error {
                auto found = store.transaction(id);
                if (found.ok())
                    request.row = *found;
                return found.error();
            },
            QStringLiteral("row"));
        if (!row.ok())
            return problem(row.error());
    }
    auto window = serviceFor(store, r).transactionWindow(request);
    if (!window.ok())
        return problem(window.error());
    return json(200, consolejson::transactionWindow(*window, store.scale()));
}

ApiResponse accountWindow(Store &store, const ApiRequest &r, const RouteMatch &)
{
    if (Error e = unknownParameters(r.query, accountQueryParameters() + windowParameters()); !e.ok())
        return problem(e);
    auto query = accountQueryOf(r.query);
    if (!query.ok())
        return problem(query.error());
    auto place = windowPlaceOf(r.query);
    if (!place.ok())
        return problem(place.error());
    if (place->from != PageFrom::Near) {
        auto row = cursorOf(
            r.query, checkAccountId, QStringLiteral("account"), [&](const QString &id) { return store.account(id).error(); },
            QStringLiteral("row"));
        if (!row.ok())
            return problem(row.error());
    }
    auto rows = serviceFor(store, r).accountWindow(
        AccountWindowRequest{*query, place->from, place->offset, place->total, place->row, place->limit});
    if (!rows.ok())
        return problem(rows.error());
    QJsonArray array;
    for (const AccountCountedWhole &a : *rows)
        array.append(json::account(a, store.scale()));
    return json(200, QJsonObject{{QStringLiteral("accounts"), array}});
}

ApiResponse actionWindow(Store &store, const ApiRequest &r, const RouteMatch &)
{
    if (Error e = unknownParameters(r.query, journalQueryParameters() + windowParameters()); !e.ok())
        return problem(e);
    auto query = journalQueryOf(r.query);
    if (!query.ok())
        return problem(query.error());
    auto place = windowPlaceOf(r.query);
    if (!place.ok())
        return problem(place.error());
    JournalWindowRequest request{*query, place->from, place->offset, place->total, std::nullopt, place->limit};
    if (place->from != PageFrom::Near) {
        request.row = journalFromCursor(place->row);
        if (!request.row)
            return problem(makeError(ErrorCode::InvalidCursor, QStringLiteral("row: not a row's place this listing handed out")));
    }
    auto rows = serviceFor(store, r).journalWindow(request);
    if (!rows.ok())
        return problem(rows.error());
    QJsonArray array;
    for (const JournalEntry &j : *rows) {
        QJsonObject row = json::journalEntry(j);
        row.insert(QStringLiteral("place"), journalCursor(j)); // its shard is not in the row, and a next page needs it
        array.append(row);
    }
    return json(200, QJsonObject{{QStringLiteral("actions"), array}});
}

ApiResponse overview(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return stuckReading<Overview>(store, r, &LedgerService::overview, consolejson::overview);
}

ApiResponse counts(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return stuckReading<Overview>(store, r, &LedgerService::counts, consolejson::overview);
}

ApiResponse stuckCauses(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return stuckReading<StuckCauses>(store, r, &LedgerService::stuckCauses, consolejson::stuckCauses);
}

ApiResponse stuckWatch(Store &store, const ApiRequest &r, const RouteMatch &)
{
    return stuckReading<StuckWatch>(store, r, &LedgerService::stuckWatch, consolejson::stuckWatch);
}

ApiResponse accountDetail(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = unknownParameters(r.query, {}); !e.ok())
        return problem(e);
    if (Error e = checkAccountId(m.id); !e.ok())
        return problem(e);
    auto detail = serviceFor(store, r).accountDetail(m.id);
    if (!detail.ok())
        return missing(store, detail.error(), m.id);
    return json(200, consolejson::accountDetail(*detail, store.scale()));
}

ApiResponse incidentReport(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = unknownParameters(r.query, {}); !e.ok())
        return problem(e);
    if (Error e = checkTxId(m.id); !e.ok())
        return problem(e);
    auto report = serviceFor(store, r).incidentReport(m.id);
    if (!report.ok())
        return missing(store, report.error(), m.id);
    return json(200, consolejson::incidentReport(*report));
}

ApiResponse accountDocuments(Store &store, const ApiRequest &r, const RouteMatch &)
{
    const QUrlQuery &q = r.query;
    if (Error e = unknownParameters(q, {QStringLiteral("ids"), QStringLiteral("filter"), QStringLiteral("limit")}); !e.ok())
        return problem(e);
    if (q.hasQueryItem(QStringLiteral("ids"))) {
        if (q.hasQueryItem(QStringLiteral("filter")) || q.hasQueryItem(QStringLiteral("limit")))
            return problem(makeError(ErrorCode::InvalidArgument, QStringLiteral("give ids, or filter and limit, not both")));
        const QStringList ids = q.queryItemValue(QStringLiteral("ids"), QUrl::FullyDecoded).split(QLatin1Char(','));
        if (ids.size() > 1000)
            return problem(makeError(ErrorCode::InvalidArgument, QStringLiteral("ids: at most 1000 accounts at once")));
        for (const QString &id : ids)
            if (Error e = checkAccountId(id); !e.ok())
                return problem(makeError(e.code, QStringLiteral("ids: %1").arg(e.message)));
        auto accounts = serviceFor(store, r).accountsNamed(ids);
        if (!accounts.ok())
            return problem(accounts.error());
        return json(200, consolejson::accountDocuments(*accounts, store.scale()));
    }
    auto filtered = accountQueryOf(q);
    if (!filtered.ok())
        return problem(filtered.error());
    AccountQuery query = *filtered;
    auto limit = limitOf(q, 1000, 100'000);
    if (!limit.ok())
        return problem(limit.error());
    query.limit = *limit;
    auto accounts = serviceFor(store, r).accountDocuments(query);
    if (!accounts.ok())
        return problem(accounts.error());
    return json(200, consolejson::accountDocuments(*accounts, store.scale()));
}

// ranges=OFFSET:COUNT,OFFSET:COUNT (at most kMaxIdsPerCall ids in all), with the listing's filters.
ApiResponse transactionIds(Store &store, const ApiRequest &r, const RouteMatch &)
{
    if (Error e = unknownParameters(r.query, txQueryParameters() + QStringList{QStringLiteral("ranges")}); !e.ok())
        return problem(e);
    auto query = txQueryOf(r.query);
    if (!query.ok())
        return problem(query.error());
    const Error badRanges =
        makeError(ErrorCode::InvalidArgument,
                  QStringLiteral("ranges must be OFFSET:COUNT,… of at most %1 ids in all, e.g. ranges=0:100,500:20").arg(kMaxIdsPerCall));
    QList<QPair<qint64, int>> ranges;
    qint64 asked = 0;
    for (const QString &part : r.query.queryItemValue(QStringLiteral("ranges"), QUrl::FullyDecoded).split(QLatin1Char(','))) {
        const QStringList pair = part.split(QLatin1Char(':'));
        bool offsetOk = false;
        bool countOk = false;
        const qint64 offset = pair.value(0).toLongLong(&offsetOk);
        const qint64 count = pair.value(1).toLongLong(&countOk);
        if (pair.size() != 2 || !offsetOk || !countOk || offset < 0 || count < 1 || count > kMaxIdsPerCall)
            return problem(badRanges);
        asked += count;
        if (asked > kMaxIdsPerCall)
            return problem(badRanges);
        ranges << qMakePair(offset, int(count));
    }
    auto ids = serviceFor(store, r).transactionIdsAt(*query, ranges);
    if (!ids.ok())
        return problem(ids.error());
    return json(200, QJsonObject{{QStringLiteral("ids"), QJsonArray::fromStringList(*ids)}});
}

ApiResponse planRepair(Store &store, const ApiRequest &r, const RouteMatch &)
{
    auto body = decodeBatch(r.body, int(kMaxIdsPerCall), false);
    if (!body.ok())
        return problem(body.error());
    const auto action = operatorActionFromString(body->action);
    if (!action)
        return problem(makeError(ErrorCode::InvalidArgument,
                                 QStringLiteral("action must be resume, cancel or compensate, not \"%1\"").arg(body->action.left(40))));
    for (const QString &id : body->ids)
        if (Error e = checkTxId(id); !e.ok())
            return problem(makeError(e.code, QStringLiteral("ids: %1").arg(e.message)));
    const RepairPlan plan = serviceFor(store, r).planRepair(*action, body->ids);
    if (!plan.error.ok())
        return problem(plan.error);
    return json(200, consolejson::repairPlan(plan, store.scale()));
}

ApiResponse repairMany(Store &store, const ApiRequest &r, const RouteMatch &)
{
    auto body = decodeBatch(r.body, kMaxBatchRepairIds, true);
    if (!body.ok())
        return problem(body.error());
    const auto action = operatorActionFromString(body->action);
    if (!action)
        return problem(makeError(ErrorCode::InvalidArgument,
                                 QStringLiteral("action must be resume, cancel or compensate, not \"%1\"").arg(body->action.left(40))));
    for (const QString &id : body->ids)
        if (Error e = checkTxId(id); !e.ok())
            return problem(makeError(e.code, QStringLiteral("ids: %1").arg(e.message)));
    if (Error e = checkText(body->reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return problem(e);
    BatchRepairOptions options;
    options.action = *action;
    options.reason = body->reason;
    const BatchRepairReport report = serviceFor(store, r).repairMany(body->ids, options);
    if (!report.error.ok())
        return problem(report.error);
    return json(200, consolejson::batchRepair(report, store.scale()));
}

} // namespace ledger::api
