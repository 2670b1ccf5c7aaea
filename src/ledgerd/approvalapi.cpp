// API v1's four-eyes routes (docs/DESIGN.md §11): the rules in force, the requests, and a
// decision on one. A held-back repair or transfer answers 202 with its request from its own route
// (apisupport's outcome).
#include "approvalconfig.h"
#include "apisupport.h"
#include "handlers.h"
#include "problem.h"

#include "service/approvaljson.h"
#include "service/localledgerservice.h"

#include <QJsonArray>

namespace ledger::api {

namespace {

// A request's id in the path, or the problem to answer.
Error checkApprovalId(const QString &id)
{
    if (isApprovalId(id))
        return {};
    return makeError(ErrorCode::InvalidArgument,
                     QStringLiteral("%1 is not an approval request id (apr- and 32 hex digits)").arg(id.left(60)));
}

Result<QList<ApprovalState>> statesOf(const QUrlQuery &q)
{
    QList<ApprovalState> states;
    if (!q.hasQueryItem(QStringLiteral("state")))
        return states;
    for (const QString &word : q.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded).split(QLatin1Char(','))) {
        const auto state = approvalStateFromString(word);
        if (!state) {
            QStringList all;
            for (ApprovalState s : allApprovalStates())
                all << nameOf(s);
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("state: %1 is not one of %2").arg(word.left(40), all.join(QStringLiteral(", "))));
        }
        states << *state;
    }
    return states;
}

QDateTime nowOf(Store &store)
{
    auto now = store.now();
    return now.ok() ? *now : QDateTime::currentDateTimeUtc();
}

} // namespace

ApiResponse approvalRules(Store &store, const ApiRequest &, const RouteMatch &)
{
    return json(200, approvaljson::rules(ApprovalConfig::current(), store.scale()));
}

ApiResponse listApprovals(Store &store, const ApiRequest &r, const RouteMatch &)
{
    const QUrlQuery &q = r.query;
    if (Error e = unknownParameters(q, {QStringLiteral("state"), QStringLiteral("limit"), QStringLiteral("after")}); !e.ok())
        return problem(e);
    auto states = statesOf(q);
    if (!states.ok())
        return problem(states.error());
    auto limit = limitOf(q, 100, 1000);
    if (!limit.ok())
        return problem(limit.error());
    ApprovalListing listing;
    listing.states = *states;
    listing.limit = *limit + 1; // one more says whether there is a next page
    if (q.hasQueryItem(QStringLiteral("after"))) {
        listing.afterId = q.queryItemValue(QStringLiteral("after"), QUrl::FullyDecoded);
        if (!isApprovalId(listing.afterId))
            return problem(makeError(ErrorCode::InvalidCursor, QStringLiteral("after: not a `next` this listing handed out")));
    }
    LocalLedgerService service = serviceFor(store, r);
    auto rows = service.approvals(listing);
    if (!rows.ok())
        return problem(rows.error());
    const QDateTime now = nowOf(store);
    QJsonArray array;
    for (qsizetype i = 0; i < rows->size() && i < *limit; ++i)
        array.append(approvaljson::request(rows->at(i), store.scale(), now));
    const bool more = rows->size() > *limit;
    return json(200, QJsonObject{{QStringLiteral("approvals"), array},
                                 {QStringLiteral("next"), more ? QJsonValue(rows->at(*limit - 1).id) : QJsonValue()}});
}

ApiResponse getApproval(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = checkApprovalId(m.id); !e.ok())
        return problem(e);
    auto request = serviceFor(store, r).approval(m.id);
    if (!request.ok())
        return problem(request.error(), Lookup::PathId);
    return json(200, approvaljson::request(*request, store.scale(), nowOf(store)));
}

ApiResponse decideApproval(Store &store, const ApiRequest &r, const RouteMatch &m)
{
    if (Error e = checkApprovalId(m.id); !e.ok())
        return problem(e);
    auto reason = reasonOf(r);
    if (!reason.ok())
        return problem(reason.error());
    auto decided = serviceFor(store, r).decideApproval(m.id, m.action == QLatin1String("approve"), *reason);
    if (!decided.ok())
        return problem(decided.error(), Lookup::PathId);
    return json(200, approvaljson::request(decided->request, store.scale(), nowOf(store)));
}

} // namespace ledger::api
