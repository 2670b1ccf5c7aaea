#include "service/remoteledgerservice.h"

#include "service/approvaljson.h"

#include "ledger/money.h"
#include "service/apiquery.h"
#include "service/consolejson.h"
#include "service/remotestreams.h"
#include "service/servicejson.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QUrlQuery>
#include <QUuid>

namespace ledger {

namespace {

QByteArray path(const QString &text) { return QUrl::toPercentEncoding(text); }

using apiquery::withQuery;

TxOutcome failed(const Error &error)
{
    TxOutcome o;
    o.error = error;
    return o;
}

// The most rows ledgerd gives in one page; longer listings are read page after page by key.
constexpr qint64 kServerPage = 1000;

// What one request carries of ids: a body is at most 64 KiB, a request's head 16 KiB (ledgerd's
// limits; the rest of the request has room beside them).
constexpr qsizetype kMaxIdBytesPerCall = 48 * 1024;
constexpr qsizetype kMaxIdBytesPerUrl = 8 * 1024;

// How often a recovery job is asked how far it is.
constexpr unsigned long kRecoveryPollMs = 250;

} // namespace

RemoteLedgerService::RemoteLedgerService(ServerLocation where)
    : m_api(std::move(where))
{}

Result<Identity> RemoteLedgerService::whoami() { return m_api.whoami(); }

Result<LedgerdClient::Answer> RemoteLedgerService::call(const QByteArray &method, const QByteArray &pathAndQuery, const QJsonObject &body,
                                                        bool retry, const QList<QPair<QByteArray, QByteArray>> &headers,
                                                        QJsonObject *problemBody)
{
    return m_api.call(method, pathAndQuery, body, retry, headers, problemBody);
}

Result<int> RemoteLedgerService::scale() { return m_api.scale(); }

Result<LedgerdClient::Answer> RemoteLedgerService::write(const QByteArray &path, const QJsonObject &body, QJsonObject *problemBody)
{
    const QByteArray key = QUuid::createUuid().toString(QUuid::WithoutBraces).toUtf8();
    return call("POST", path, body, true, {{"Idempotency-Key", key}}, problemBody);
}

Result<TxPage> RemoteLedgerService::transactions(const TxPageRequest &request)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    const TxQuery &q = request.query;
    auto filters = apiquery::transactions(q);
    if (!filters.ok())
        return filters.error();
    const QUrlQuery base = *filters;
    TxPage page;
    QString after = q.after ? q.after->id : QString();
    bool first = true;
    while (q.limit < 0 || page.rows.size() < q.limit) {
        QUrlQuery one = base;
        const qint64 want = q.limit < 0 ? kServerPage : std::min(kServerPage, q.limit - page.rows.size());
        apiquery::add(one, QStringLiteral("limit"), QString::number(want));
        if (!after.isEmpty())
            apiquery::add(one, QStringLiteral("after"), after);
        if (first && request.withTotal)
            apiquery::add(one, QStringLiteral("count"), QStringLiteral("true"));
        auto answer = call("GET", withQuery("/v1/transactions", one));
        if (!answer.ok())
            return answer.error();
        const QJsonObject &o = answer->body;
        if (first) {
            page.now = parseTimestamp(o.value(QStringLiteral("now")).toString());
            if (request.withTotal && o.value(QStringLiteral("total")).isDouble())
                page.total = qint64(o.value(QStringLiteral("total")).toDouble());
            else if (request.withTotal)
                page.totalError = makeError(ErrorCode::StoreError, QStringLiteral("the ledger service did not count the listing"));
        }
        first = false;
        for (const QJsonValue &v : o.value(QStringLiteral("transactions")).toArray()) {
            auto tx = servicejson::transaction(v.toObject(), *sc);
            if (!tx.ok())
                return tx.error();
            if (request.withClaims) {
                auto claim = servicejson::listedClaim(v.toObject(), tx->id);
                if (!claim.ok())
                    return claim.error();
                page.claims << *claim;
            }
            page.rows << *tx;
        }
        after = o.value(QStringLiteral("next")).toString();
        if (after.isEmpty())
            break;
    }
    return page;
}

Result<TransactionDetail> RemoteLedgerService::transaction(const QString &id)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = call("GET", "/v1/transactions/" + path(id));
    if (!answer.ok())
        return answer.error();
    return consolejson::transactionDetail(answer->body, *sc);
}

Result<AccountPage> RemoteLedgerService::accounts(const AccountQuery &query, bool withTotal)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    if (query.offset != 0 || !query.beforeId.isEmpty() || !query.fromId.isEmpty() || query.descending)
        return makeError(ErrorCode::Unsupported, QStringLiteral("accounts through ledgerd are listed by id, paged by after"));
    AccountPage page;
    QString after = query.afterId;
    bool first = true;
    while (query.limit < 0 || page.rows.size() < query.limit) {
        QUrlQuery one = apiquery::accounts(query);
        const qint64 want = query.limit < 0 ? kServerPage : std::min(kServerPage, query.limit - page.rows.size());
        apiquery::add(one, QStringLiteral("limit"), QString::number(want));
        if (!after.isEmpty())
            apiquery::add(one, QStringLiteral("after"), after);
        if (first && withTotal)
            apiquery::add(one, QStringLiteral("count"), QStringLiteral("true"));
        auto answer = call("GET", withQuery("/v1/accounts", one));
        if (!answer.ok())
            return answer.error();
        const QJsonObject &o = answer->body;
        if (first && withTotal && o.value(QStringLiteral("total")).isDouble())
            page.total = qint64(o.value(QStringLiteral("total")).toDouble());
        first = false;
        for (const QJsonValue &v : o.value(QStringLiteral("accounts")).toArray()) {
            auto a = servicejson::account(v.toObject(), *sc);
            if (!a.ok())
                return a.error();
            page.rows << *a;
        }
        after = o.value(QStringLiteral("next")).toString();
        if (after.isEmpty())
            break;
    }
    return page;
}

Result<AccountWithHolds> RemoteLedgerService::account(const QString &id)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = call("GET", "/v1/accounts/" + path(id));
    if (!answer.ok())
        return answer.error();
    return servicejson::accountWithHolds(answer->body, *sc);
}

Result<WholeBalances> RemoteLedgerService::balances()
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = call("GET", "/v1/balances");
    if (!answer.ok())
        return answer.error();
    return servicejson::balances(answer->body, *sc);
}

AuditReport RemoteLedgerService::audit(const std::function<bool()> &)
{
    // The server audits in one call; a stop asked meanwhile takes effect when it answers.
    AuditReport report;
    auto sc = scale();
    if (!sc.ok()) {
        report.error = sc.error();
        return report;
    }
    auto answer = call("GET", "/v1/audit");
    if (!answer.ok()) {
        report.error = answer.error();
        return report;
    }
    auto read = servicejson::auditReport(answer->body, *sc);
    if (!read.ok()) {
        report.error = read.error();
        return report;
    }
    return *read;
}

Result<QList<JournalEntry>> RemoteLedgerService::operatorActions(const ActionsRequest &request)
{
    QList<JournalEntry> rows;
    QString after = request.after ? journalCursor(*request.after) : QString();
    while (request.limit < 0 || rows.size() < request.limit) {
        QUrlQuery one = apiquery::actions(request.preset, request.text);
        const qint64 want = request.limit < 0 ? kServerPage : std::min(kServerPage, request.limit - rows.size());
        apiquery::add(one, QStringLiteral("limit"), QString::number(want));
        if (!after.isEmpty())
            apiquery::add(one, QStringLiteral("after"), after);
        auto answer = call("GET", withQuery("/v1/actions", one));
        if (!answer.ok())
            return answer.error();
        for (const QJsonValue &v : answer->body.value(QStringLiteral("actions")).toArray()) {
            auto entry = servicejson::journalEntry(v.toObject());
            if (!entry.ok())
                return entry.error();
            rows << *entry;
        }
        after = answer->body.value(QStringLiteral("next")).toString();
        if (after.isEmpty())
            break;
    }
    return rows;
}

TxOutcome RemoteLedgerService::outcome(const Result<Answer> &answer, const QJsonObject &problemBody, int sc, bool createdIs201)
{
    TxOutcome o;
    // Held back for four eyes: 202 with the approval request it made, not a transaction.
    if (answer.ok() && answer->body.contains(QStringLiteral("approval"))) {
        auto request = approvaljson::request(answer->body.value(QStringLiteral("approval")).toObject(), sc);
        if (!request.ok()) {
            o.error = request.error();
            return o;
        }
        return awaitingApproval(*request, sc);
    }
    const QJsonObject document = answer.ok() ? answer->body : problemBody.value(QStringLiteral("transaction")).toObject();
    if (!answer.ok())
        o.error = answer.error();
    if (!document.isEmpty()) {
        auto tx = servicejson::transaction(document, sc);
        if (!tx.ok()) {
            o.error = tx.error();
            return o;
        }
        o.tx = *tx;
        o.note = document.value(QStringLiteral("note")).toString();
    }
    // 201 made it, 200 found it made before (a key's replay, a compensation asked twice); a
    // resume or cancel answers 200 for what it did. 202 says in flight, new or not: "existing"
    // says which.
    if (answer.ok())
        o.existing = (createdIs201 && answer->status == 200) || answer->body.value(QStringLiteral("existing")).toBool();
    return o;
}

TxOutcome RemoteLedgerService::transfer(const TransferRequest &request)
{
    auto sc = scale();
    if (!sc.ok())
        return failed(sc.error());
    QJsonObject body;
    if (!request.legs.isEmpty()) {
        QJsonArray legs;
        for (const TxLeg &leg : request.legs)
            legs.append(QJsonObject{{QStringLiteral("account"), leg.accountId},
                                    {QStringLiteral("side"), nameOf(leg.side)},
                                    {QStringLiteral("amount"), money::format(leg.amount, *sc)}});
        body.insert(QStringLiteral("legs"), legs);
    } else {
        body.insert(QStringLiteral("source"), request.source);
        body.insert(QStringLiteral("destination"), request.destination);
        body.insert(QStringLiteral("amount"), money::format(request.amount, *sc));
    }
    if (!request.memo.isEmpty())
        body.insert(QStringLiteral("memo"), request.memo);
    // A key on every transfer: sent again after a lost answer, it moves the money once.
    const QString key = request.idempotencyKey.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : request.idempotencyKey;
    QJsonObject problemBody;
    const auto answer = call("POST", "/v1/transfers", body, true, {{"Idempotency-Key", key.toUtf8()}}, &problemBody);
    return outcome(answer, problemBody, *sc, true);
}

TxOutcome RemoteLedgerService::repair(RepairAction action, const QString &id, const QString &reason)
{
    auto sc = scale();
    if (!sc.ok())
        return failed(sc.error());
    QJsonObject body;
    if (!reason.isEmpty())
        body.insert(QStringLiteral("reason"), reason);
    QJsonObject problemBody;
    const auto answer = write("/v1/transactions/" + path(id) + '/' + nameOf(action).toUtf8(), body, &problemBody);
    return outcome(answer, problemBody, *sc, action == RepairAction::Compensate);
}

Result<RemarkOutcome> RemoteLedgerService::remark(const QString &id, Remark remark, const QString &text)
{
    QJsonObject body;
    const QByteArray action = remark == Remark::Claim ? "claim" : remark == Remark::Release ? "release" : "notes";
    if (remark == Remark::Note)
        body.insert(QStringLiteral("text"), text);
    else if (!text.isEmpty())
        body.insert(QStringLiteral("note"), text);
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = write("/v1/transactions/" + path(id) + '/' + action, body);
    if (!answer.ok())
        return answer.error();
    auto entry = servicejson::journalEntry(answer->body);
    if (!entry.ok())
        return entry.error();
    RemarkOutcome o;
    o.entry = *entry;
    const auto state = txStateFromString(answer->body.value(QStringLiteral("txState")).toString());
    if (!state)
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's remark answer has no txState"));
    o.tx.id = id;
    o.tx.state = *state;
    if (answer->body.value(QStringLiteral("before")).isObject()) {
        auto before = servicejson::claim(answer->body.value(QStringLiteral("before")).toObject(), id);
        if (!before.ok())
            return before.error();
        o.before = *before;
    }
    return o;
}

NewAccount RemoteLedgerService::createAccount(const QString &id, const QString &name, qint64 opening)
{
    NewAccount made;
    auto sc = scale();
    if (!sc.ok()) {
        made.opening.error = sc.error();
        return made;
    }
    QJsonObject body{{QStringLiteral("id"), id}};
    if (!name.isEmpty())
        body.insert(QStringLiteral("name"), name);
    if (opening != 0)
        body.insert(QStringLiteral("opening"), money::format(opening, *sc));
    QJsonObject problemBody;
    auto answer = write("/v1/accounts", body, &problemBody);
    if (!answer.ok()) {
        made.opening = outcome(answer, problemBody, *sc, false);
        return made;
    }
    auto created = servicejson::accountWithHolds(answer->body, *sc);
    if (!created.ok())
        made.readError = created.error();
    else
        made.account = *created;
    return made;
}

Result<AccountStatusChange> RemoteLedgerService::setAccountStatus(const QString &id, AccountStatus status, const QString &reason)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    QJsonObject body;
    if (!reason.isEmpty())
        body.insert(QStringLiteral("reason"), reason);
    const QByteArray action = status == AccountStatus::Frozen ? "freeze" : status == AccountStatus::Closed ? "close" : "unfreeze";
    auto answer = write("/v1/accounts/" + path(id) + '/' + action, body);
    if (!answer.ok())
        return answer.error();
    auto after = servicejson::accountWithHolds(answer->body, *sc);
    if (!after.ok())
        return after.error();
    const auto before = accountStatusFromString(answer->body.value(QStringLiteral("previousStatus")).toString());
    if (!before)
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's account answer has no previousStatus"));
    return AccountStatusChange{*before, *after};
}

// --- Four eyes (ledgerd's /v1/approvals, service/approvaljson.h) ---

Result<ApprovalRules> RemoteLedgerService::approvalRules()
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = call("GET", "/v1/approvals/rules");
    if (!answer.ok())
        return answer.error();
    return approvaljson::rules(answer->body, *sc);
}

Result<QList<ApprovalRequest>> RemoteLedgerService::approvals(const ApprovalListing &listing)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    QUrlQuery q;
    QStringList states;
    for (ApprovalState s : listing.states)
        states << nameOf(s);
    if (!states.isEmpty())
        apiquery::add(q, QStringLiteral("state"), states.join(QLatin1Char(',')));
    apiquery::add(q, QStringLiteral("limit"), QString::number(listing.limit));
    if (!listing.afterId.isEmpty())
        apiquery::add(q, QStringLiteral("after"), listing.afterId);
    auto answer = call("GET", withQuery("/v1/approvals", q));
    if (!answer.ok())
        return answer.error();
    QList<ApprovalRequest> list;
    for (const QJsonValue &v : answer->body.value(QStringLiteral("approvals")).toArray()) {
        auto r = approvaljson::request(v.toObject(), *sc);
        if (!r.ok())
            return r.error();
        list << *r;
    }
    return list;
}

Result<ApprovalRequest> RemoteLedgerService::approval(const QString &id)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = call("GET", "/v1/approvals/" + path(id));
    if (!answer.ok())
        return answer.error();
    return approvaljson::request(answer->body, *sc);
}

Result<ApprovalDecision> RemoteLedgerService::decideApproval(const QString &id, bool approve, const QString &reason)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    QJsonObject body;
    if (!reason.isEmpty())
        body.insert(QStringLiteral("reason"), reason);
    auto answer = write("/v1/approvals/" + path(id) + (approve ? "/approve" : "/reject"), body);
    if (!answer.ok())
        return answer.error();
    auto r = approvaljson::request(answer->body, *sc);
    if (!r.ok())
        return r.error();
    return ApprovalDecision{*r, std::nullopt};
}

// --- The console's readings (ledgerd's console routes, service/consolejson.h) ---

namespace {

QString ms(qint64 stuckForMs) { return QStringLiteral("%1ms").arg(stuckForMs); }

} // namespace

template <typename T> Result<T> RemoteLedgerService::read(const QByteArray &pathAndQuery, Result<T> (*decode)(const QJsonObject &))
{
    auto answer = call("GET", pathAndQuery);
    if (!answer.ok())
        return answer.error();
    return decode(answer->body);
}

Result<Overview> RemoteLedgerService::overview(qint64 stuckForMs)
{
    return read<Overview>("/v1/overview?stuckFor=" + ms(stuckForMs).toUtf8(), consolejson::overview);
}

Result<Overview> RemoteLedgerService::counts(qint64 stuckForMs)
{
    return read<Overview>("/v1/counts?stuckFor=" + ms(stuckForMs).toUtf8(), consolejson::overview);
}

Result<StuckCauses> RemoteLedgerService::stuckCauses(qint64 stuckForMs)
{
    return read<StuckCauses>("/v1/stuck/causes?stuckFor=" + ms(stuckForMs).toUtf8(), consolejson::stuckCauses);
}

Result<StuckWatch> RemoteLedgerService::stuckWatch(qint64 stuckForMs)
{
    return read<StuckWatch>("/v1/stuck/watch?stuckFor=" + ms(stuckForMs).toUtf8(), consolejson::stuckWatch);
}

Result<AccountDetail> RemoteLedgerService::accountDetail(const QString &id)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto answer = call("GET", "/v1/accounts/" + path(id) + "/detail");
    if (!answer.ok())
        return answer.error();
    return consolejson::accountDetail(answer->body, *sc);
}

// Worked out here from the transaction's detail (one snapshot on the server), so that its words
// are in this program's language.
Result<Diagnosis> RemoteLedgerService::diagnose(const QString &id, qint64 stuckForMs)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto detail = transaction(id);
    if (!detail.ok())
        return detail.error();
    return diagnosisOf(detail->tx, detail->legs, detail->now, detail->claim, stuckForMs, *sc);
}

Verification RemoteLedgerService::verifyFinished(const QString &id)
{
    Verification v;
    auto sc = scale();
    auto detail = sc.ok() ? transaction(id) : Result<TransactionDetail>(sc.error());
    if (!detail.ok()) {
        v.error = detail.error();
        v.message = detail.error().localized();
        return v;
    }
    return verificationOf(detail->tx, detail->legs, *sc);
}

// In parts a request's body carries (ids of 29 characters: about 1,500 a part), the parts' plans
// put together: the items in order, and each account's balances before as the first part read
// them and after as every part's change added to them (a repair's effect on an account adds up).
RepairPlan RemoteLedgerService::planRepair(OperatorAction action, const QStringList &ids)
{
    RepairPlan plan;
    plan.action = action;
    auto sc = scale();
    if (!sc.ok()) {
        plan.error = sc.error();
        return plan;
    }
    for (const QStringList &part : apiquery::partsOf(ids, consolejson::kMaxIdsPerCall, kMaxIdBytesPerCall)) {
        auto answer =
            call("POST", "/v1/plans",
                 QJsonObject{{QStringLiteral("action"), nameOf(action)}, {QStringLiteral("ids"), QJsonArray::fromStringList(part)}});
        if (!answer.ok()) {
            plan.error = answer.error();
            return plan;
        }
        const RepairPlan read = consolejson::repairPlan(answer->body, *sc);
        if (!read.error.ok())
            return read;
        if (!plan.now.isValid())
            plan.now = read.now;
        plan.items += read.items;
        for (const AccountImpact &a : read.accounts) {
            auto same = std::find_if(plan.accounts.begin(), plan.accounts.end(), [&](const AccountImpact &b) { return b.id == a.id; });
            if (same == plan.accounts.end()) {
                plan.accounts << a;
                continue;
            }
            same->balanceAfter += a.balanceAfter - a.balanceBefore;
            same->pendingDebitsAfter += a.pendingDebitsAfter - a.pendingDebitsBefore;
            same->pendingCreditsAfter += a.pendingCreditsAfter - a.pendingCreditsBefore;
        }
    }
    return plan;
}

// In parts of at most kMaxBatchRepairIds, so that progress is told and Stop is heard between them.
// A part whose answer is lost is sent again under its key while the retry window lasts; when no
// answer comes back at all, its transactions are reported with the error (may or may not have
// been applied), and `show` tells what happened.
BatchRepairReport RemoteLedgerService::repairMany(const QStringList &ids, const BatchRepairOptions &options)
{
    BatchRepairReport report;
    auto sc = scale();
    if (!sc.ok()) {
        report.error = sc.error();
        return report;
    }
    for (qsizetype at = 0; at < ids.size(); at += consolejson::kMaxBatchRepairIds) {
        if (options.shouldStop && options.shouldStop()) {
            report.stopped = true;
            break;
        }
        const QStringList part = ids.mid(at, consolejson::kMaxBatchRepairIds);
        QJsonObject problem;
        auto answer = write("/v1/repairs",
                            QJsonObject{{QStringLiteral("action"), nameOf(options.action)},
                                        {QStringLiteral("ids"), QJsonArray::fromStringList(part)},
                                        {QStringLiteral("reason"), options.reason}},
                            &problem);
        const bool refused = !problem.isEmpty() && answer.error().code != ErrorCode::ServiceUnavailable;
        if (!answer.ok() && (refused || m_api.lastCallNeverSent())) {
            // Refused whole (a token that may not, a bad request) or never sent: none of this part
            // was repaired. The first part's refusal is the batch's.
            if (at == 0) {
                report.error = answer.error();
                return report;
            }
            for (const QString &id : part)
                report.items << BatchRepairItem{id, failed(answer.error())};
            break;
        }
        if (!answer.ok()) {
            // Sent, and no answer came back: each may or may not be repaired (show tells); the
            // parts after it are not sent to a service that did not answer.
            for (const QString &id : part)
                report.items << BatchRepairItem{id, failed(answer.error())};
            break;
        }
        const BatchRepairReport done = consolejson::batchRepair(answer->body, *sc);
        if (!done.error.ok()) {
            report.error = done.error;
            return report;
        }
        report.items += done.items;
        if (options.progress)
            options.progress(int(report.items.size()), int(ids.size()));
    }
    return report;
}

Result<QList<Account>> RemoteLedgerService::accountsNamed(const QStringList &ids)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    QList<Account> accounts;
    for (const QStringList &part : apiquery::partsOf(ids, 1000, kMaxIdBytesPerUrl)) {
        QUrlQuery q;
        apiquery::add(q, QStringLiteral("ids"), part.join(QLatin1Char(',')));
        auto answer = call("GET", withQuery("/v1/account-documents", q));
        if (!answer.ok())
            return answer.error();
        auto read = consolejson::accountDocuments(answer->body, *sc);
        if (!read.ok())
            return read.error();
        accounts += *read;
    }
    return accounts;
}

Result<QList<Account>> RemoteLedgerService::accountDocuments(const AccountQuery &query)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    if (query.offset != 0 || !query.afterId.isEmpty() || !query.beforeId.isEmpty() || !query.fromId.isEmpty() || query.descending)
        return makeError(ErrorCode::Unsupported, QStringLiteral("account documents through ledgerd are the first of a filter"));
    QUrlQuery q = apiquery::accounts(query);
    apiquery::add(q, QStringLiteral("limit"), QString::number(query.limit < 0 ? 100'000 : std::min<qint64>(query.limit, 100'000)));
    auto answer = call("GET", withQuery("/v1/account-documents", q));
    if (!answer.ok())
        return answer.error();
    return consolejson::accountDocuments(answer->body, *sc);
}

// In calls of at most kMaxIdsPerCall ids: one snapshot per call, not for the whole selection.
Result<QStringList> RemoteLedgerService::transactionIdsAt(const TxQuery &query, const QList<QPair<qint64, int>> &ranges)
{
    auto filters = apiquery::transactions(query);
    if (!filters.ok())
        return filters.error();
    QStringList ids;
    QList<QPair<qint64, int>> pending = ranges;
    while (!pending.isEmpty()) {
        QStringList part;
        int asked = 0;
        while (!pending.isEmpty() && asked < consolejson::kMaxIdsPerCall) {
            auto &range = pending.first();
            const int take = std::min(range.second, consolejson::kMaxIdsPerCall - asked);
            part << QStringLiteral("%1:%2").arg(range.first).arg(take);
            asked += take;
            range.first += take;
            range.second -= take;
            if (range.second == 0)
                pending.removeFirst();
        }
        QUrlQuery q = *filters;
        apiquery::add(q, QStringLiteral("ranges"), part.join(QLatin1Char(',')));
        auto answer = call("GET", withQuery("/v1/transaction-ids", q));
        if (!answer.ok())
            return answer.error();
        for (const QJsonValue &v : answer->body.value(QStringLiteral("ids")).toArray())
            ids << v.toString();
    }
    return ids;
}

Result<Tally> RemoteLedgerService::tallyTransactions(const TxQuery &query)
{
    auto filters = apiquery::transactions(query);
    if (!filters.ok())
        return filters.error();
    return read<Tally>(withQuery("/v1/tallies/transactions", *filters), consolejson::tally);
}

Result<Tally> RemoteLedgerService::tallyAccounts(const AccountQuery &query)
{
    return read<Tally>(withQuery("/v1/tallies/accounts", apiquery::accounts(query)), consolejson::tally);
}

Result<Tally> RemoteLedgerService::tallyJournal(const JournalQuery &query)
{
    auto filters = apiquery::journal(query);
    if (!filters.ok())
        return filters.error();
    return read<Tally>(withQuery("/v1/tallies/actions", *filters), consolejson::tally);
}

Result<TxWindow> RemoteLedgerService::transactionWindow(const TxWindowRequest &request)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    auto q = apiquery::transactions(request.query);
    if (!q.ok())
        return q.error();
    apiquery::addPlace(*q, request.from, request.offset, request.total, request.row ? request.row->id : QString(), request.limit);
    auto answer = call("GET", withQuery("/v1/windows/transactions", *q));
    if (!answer.ok())
        return answer.error();
    return consolejson::transactionWindow(answer->body, *sc);
}

Result<QList<AccountCountedWhole>> RemoteLedgerService::accountWindow(const AccountWindowRequest &request)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    QUrlQuery q = apiquery::accounts(request.query);
    apiquery::addPlace(q, request.from, request.offset, request.total, request.rowId, request.limit);
    auto answer = call("GET", withQuery("/v1/windows/accounts", q));
    if (!answer.ok())
        return answer.error();
    QList<AccountCountedWhole> rows;
    for (const QJsonValue &v : answer->body.value(QStringLiteral("accounts")).toArray()) {
        auto a = servicejson::account(v.toObject(), *sc);
        if (!a.ok())
            return a.error();
        rows << *a;
    }
    return rows;
}

Result<QList<JournalEntry>> RemoteLedgerService::journalWindow(const JournalWindowRequest &request)
{
    auto q = apiquery::journal(request.query);
    if (!q.ok())
        return q.error();
    apiquery::addPlace(*q, request.from, request.offset, request.total, request.row ? journalCursor(*request.row) : QString(),
                       request.limit);
    auto answer = call("GET", withQuery("/v1/windows/actions", *q));
    if (!answer.ok())
        return answer.error();
    QList<JournalEntry> rows;
    for (const QJsonValue &v : answer->body.value(QStringLiteral("actions")).toArray()) {
        auto j = servicejson::journalEntry(v.toObject());
        if (!j.ok())
            return j.error();
        // Its place carries the shard a next page needs (not a field of the row itself).
        const auto place = journalFromCursor(v.toObject().value(QStringLiteral("place")).toString());
        if (!place)
            return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's journal row has no place"));
        j->shard = place->shard;
        rows << *j;
    }
    return rows;
}

Result<IncidentReport> RemoteLedgerService::incidentReport(const QString &txId)
{
    auto answer = call("GET", "/v1/transactions/" + path(txId) + "/incident");
    if (!answer.ok())
        return answer.error();
    return consolejson::incidentReport(answer->body);
}

RecoverRun RemoteLedgerService::recover(const RecoverRequest &request, const RecoverProgress &progress, const RecoverStop &stop)
{
    RecoverRun run;
    const auto failed = [&run](const Error &e) {
        run.report.error = e;
        return run;
    };
    // Started under a key (sent again when lost, it is the same job; a second start while one runs
    // is refused: conflict), then followed: each GET a read, sent again when lost; a stop too
    // (the same however often it arrives).
    const QJsonObject body{{QStringLiteral("olderThan"), QStringLiteral("%1ms").arg(request.olderThanMs)},
                           {QStringLiteral("takeClaimed"), request.takeClaimed}};
    QJsonObject startBody = body;
    if (!request.reason.isEmpty())
        startBody.insert(QStringLiteral("reason"), request.reason);
    auto started = write("/v1/recoveries", startBody);
    if (!started.ok())
        return failed(started.error());
    QJsonObject job = started->body;
    const QString id = job.value(QStringLiteral("id")).toString();
    if (id.isEmpty())
        return failed(makeError(ErrorCode::Internal, QStringLiteral("the ledger service's recovery job is not API v1: it has no id")));
    bool stopAsked = false;
    for (;;) {
        const QString state = job.value(QStringLiteral("state")).toString();
        if (progress)
            progress(qint64(job.value(QStringLiteral("done")).toDouble()), qint64(job.value(QStringLiteral("total")).toDouble()));
        if (state != QLatin1String("running"))
            break;
        if (!stopAsked && stop && stop()) {
            stopAsked = true;
            if (auto stopped = call("POST", "/v1/recoveries/" + path(id) + "/stop", {}, true); !stopped.ok())
                return failed(stopped.error());
        }
        QThread::msleep(kRecoveryPollMs);
        auto next = call("GET", "/v1/recoveries/" + path(id));
        if (!next.ok())
            return failed(next.error());
        job = next->body;
    }
    if (job.value(QStringLiteral("state")).toString() == QLatin1String("failed")) {
        const QJsonObject e = job.value(QStringLiteral("error")).toObject();
        const ErrorCode code = errorCodeFromWord(e.value(QStringLiteral("code")).toString());
        return failed(makeError(code == ErrorCode::None ? ErrorCode::Internal : code, e.value(QStringLiteral("message")).toString()));
    }
    auto report = servicejson::recoverRun(job.value(QStringLiteral("report")).toObject());
    if (!report.ok())
        return failed(report.error());
    report->report.stopped = job.value(QStringLiteral("state")).toString() == QLatin1String("stopped");
    return *report;
}

Result<qint64> RemoteLedgerService::exportTable(const ExportSpec &spec, ExportFormat format, QIODevice &out, const ExportProgress &progress)
{
    return exportThrough(m_api, spec, format, out, progress);
}

Result<qint64> RemoteLedgerService::feed(const QString &since, bool follow, qint64 limit,
                                         const std::function<void(const QByteArray &line)> &line, const std::function<bool()> &stop)
{
    return feedThrough(m_api, since, follow, limit, line, stop);
}

} // namespace ledger
