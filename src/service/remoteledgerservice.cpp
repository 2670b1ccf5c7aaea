#include "service/remoteledgerservice.h"

#include "ledger/money.h"
#include "service/remotequery.h"
#include "service/servicejson.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QUrlQuery>
#include <QUuid>

namespace ledger {

namespace {

using remote::withQuery;

QByteArray path(const QString &text) { return remote::pathSegment(text); }

TxOutcome failed(const Error &error)
{
    TxOutcome o;
    o.error = error;
    return o;
}

// The most rows ledgerd gives in one page; longer listings are read page after page by key.
constexpr qint64 kServerPage = 1000;

// How often a recovery job is asked how far it is.
constexpr unsigned long kRecoveryPollMs = 250;

} // namespace

RemoteLedgerService::RemoteLedgerService(ServerLocation where)
    : m_http(std::move(where))
{}

Result<RemoteLedgerService::Answer> RemoteLedgerService::call(const QByteArray &method, const QByteArray &pathAndQuery,
                                                              const QJsonObject &body, bool retry,
                                                              const QList<QPair<QByteArray, QByteArray>> &headers, QJsonObject *problemBody)
{
    const QByteArray bytes = method == "POST" ? QJsonDocument(body).toJson(QJsonDocument::Compact) : QByteArray();
    QDeadlineTimer deadline(m_retryWindowMs);
    int pauseMs = 100;
    for (;;) {
        auto answer = method == "POST" ? m_http.post(pathAndQuery, bytes, headers) : m_http.get(pathAndQuery);
        // Sent again, while the window lasts: a call that may be (a read, a keyed transfer) when the
        // server cannot be reached or answers 503 (stopping or restarting, with Retry-After), and
        // whatever it is when it never reached the server (nothing listening yet).
        const bool unreachable = !answer.ok() && answer.error().code == ErrorCode::ServiceUnavailable;
        const bool restarting = answer.ok() && answer->status == 503;
        const bool again = (restarting && retry) || (unreachable && (retry || m_http.lastCallNeverSent()));
        if (again && !deadline.hasExpired()) {
            QThread::msleep(ulong(std::min<qint64>(pauseMs, std::max<qint64>(1, deadline.remainingTime()))));
            pauseMs = std::min(pauseMs * 2, 1000);
            continue;
        }
        if (!answer.ok()) {
            if (answer.error().code == ErrorCode::ServiceUnavailable && method == "POST" && !retry && !m_http.lastCallNeverSent())
                return makeError(ErrorCode::ServiceUnavailable,
                                 QStringLiteral("%1; the call may or may not have been applied: `show` tells").arg(answer.error().message));
            return answer.error();
        }
        const QJsonDocument doc = QJsonDocument::fromJson(answer->body);
        if (answer->status >= 400 || !doc.isObject()) {
            if (problemBody && doc.isObject())
                *problemBody = doc.object();
            return problemOf(answer->status, answer->body);
        }
        return Answer{answer->status, doc.object()};
    }
}

Error RemoteLedgerService::problemOf(int status, const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return makeError(status == 503 ? ErrorCode::ServiceUnavailable : ErrorCode::Internal,
                         QStringLiteral("the ledger service answered HTTP %1 with no JSON object (%2)")
                             .arg(status)
                             .arg(QString::fromUtf8(body.left(120)).simplified()));
    const Error e = servicejson::problem(doc.object(), status);
    if (status == 401) // the token: missing, mistyped, or revoked since
        return makeError(
            ErrorCode::Unauthorized,
            QStringLiteral("%1 did not accept the token (%2); ask for a new one").arg(m_http.location().url.toString(), e.message));
    return e;
}

Result<Identity> RemoteLedgerService::whoami()
{
    if (m_me)
        return *m_me;
    auto answer = call("GET", "/v1/whoami");
    if (!answer.ok())
        return answer.error();
    const QJsonObject &o = answer->body;
    const auto role = roleFromString(o.value(QStringLiteral("role")).toString());
    if (!role || !o.value(QStringLiteral("name")).isString() || !o.value(QStringLiteral("scale")).isDouble())
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's whoami is not API v1 (name, role, scale)"));
    Identity me;
    me.name = o.value(QStringLiteral("name")).toString();
    me.role = *role;
    me.vouched = true;
    me.where = m_http.location().url.toString();
    me.scale = o.value(QStringLiteral("scale")).toInt(-1);
    if (me.scale < 0 || me.scale > 18)
        return makeError(ErrorCode::Internal, QStringLiteral("the ledger service's whoami says scale %1, not 0-18").arg(me.scale));
    m_me = me;
    return me;
}

Result<int> RemoteLedgerService::scale()
{
    auto me = whoami();
    if (!me.ok())
        return me.error();
    return me->scale;
}

Result<TxPage> RemoteLedgerService::transactions(const TxPageRequest &request)
{
    auto sc = scale();
    if (!sc.ok())
        return sc.error();
    const TxQuery &q = request.query;
    if (q.offset != 0 || q.kind)
        return makeError(ErrorCode::Unsupported, QStringLiteral("a listing through ledgerd pages by key (after), not by offset or kind"));
    const QUrlQuery base = remote::txFilters(q);
    TxPage page;
    QString after = q.after ? q.after->id : QString();
    bool first = true;
    while (q.limit < 0 || page.rows.size() < q.limit) {
        QUrlQuery one = base;
        const qint64 want = q.limit < 0 ? kServerPage : std::min(kServerPage, q.limit - page.rows.size());
        one.addQueryItem(QStringLiteral("limit"), QString::number(want));
        if (!after.isEmpty())
            one.addQueryItem(QStringLiteral("after"), after);
        if (first && request.withTotal)
            one.addQueryItem(QStringLiteral("count"), QStringLiteral("true"));
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
                std::optional<OperatorClaim> claim;
                const QJsonObject row = v.toObject();
                if (row.value(QStringLiteral("claimedBy")).isString()) {
                    auto c = servicejson::claim(QJsonObject{{QStringLiteral("by"), row.value(QStringLiteral("claimedBy"))},
                                                            {QStringLiteral("at"), row.value(QStringLiteral("claimedAt"))},
                                                            {QStringLiteral("note"), row.value(QStringLiteral("claimNote"))}},
                                                tx->id);
                    if (!c.ok())
                        return c.error();
                    claim = *c;
                }
                page.claims << claim;
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
    return servicejson::transactionDetail(answer->body, *sc);
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
        QUrlQuery one;
        if (!query.text.isEmpty())
            one.addQueryItem(QStringLiteral("filter"), query.text);
        const qint64 want = query.limit < 0 ? kServerPage : std::min(kServerPage, query.limit - page.rows.size());
        one.addQueryItem(QStringLiteral("limit"), QString::number(want));
        if (!after.isEmpty())
            one.addQueryItem(QStringLiteral("after"), after);
        if (first && withTotal)
            one.addQueryItem(QStringLiteral("count"), QStringLiteral("true"));
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
        QUrlQuery one;
        one.addQueryItem(QStringLiteral("kind"), nameOf(request.preset));
        if (!request.text.isEmpty())
            one.addQueryItem(QStringLiteral("filter"), request.text);
        const qint64 want = request.limit < 0 ? kServerPage : std::min(kServerPage, request.limit - rows.size());
        one.addQueryItem(QStringLiteral("limit"), QString::number(want));
        if (!after.isEmpty())
            one.addQueryItem(QStringLiteral("after"), after);
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
    // resume or cancel answers 200 for what it did. 202 says in flight, new or not.
    if (answer.ok())
        o.existing = createdIs201 && answer->status == 200;
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
    // Not sent again after a lost answer: a resume that landed makes the second one invalid-state
    // (it is done), which would read as a refusal of what happened.
    const auto answer = call("POST", "/v1/transactions/" + path(id) + '/' + nameOf(action).toUtf8(), body, false, {}, &problemBody);
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
    auto answer = call("POST", "/v1/transactions/" + path(id) + '/' + action, body, false);
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
    auto answer = call("POST", "/v1/accounts", body, false, {}, &problemBody);
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
    // Not sent again: a freeze that landed would come back as "was already frozen".
    auto answer = call("POST", "/v1/accounts/" + path(id) + '/' + action, body, false);
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

namespace {

// What the console reads and does besides, not through ledgerd yet (issue 48 goes on).
Error notThroughTheServiceYet(const char *what)
{
    return makeError(ErrorCode::Unsupported, QStringLiteral("%1 does not go through a ledger service yet").arg(QLatin1String(what)));
}

template <typename T> T failedReport(const char *what)
{
    T report;
    report.error = notThroughTheServiceYet(what);
    return report;
}

} // namespace

Result<Overview> RemoteLedgerService::overview(qint64) { return notThroughTheServiceYet("the overview"); }

Result<Overview> RemoteLedgerService::counts(qint64) { return notThroughTheServiceYet("the counts"); }

Result<StuckCauses> RemoteLedgerService::stuckCauses(qint64) { return notThroughTheServiceYet("stuck causes"); }

Result<StuckWatch> RemoteLedgerService::stuckWatch(qint64) { return notThroughTheServiceYet("the stuck watch"); }

Result<AccountDetail> RemoteLedgerService::accountDetail(const QString &) { return notThroughTheServiceYet("an account's detail"); }

Result<Diagnosis> RemoteLedgerService::diagnose(const QString &, qint64) { return notThroughTheServiceYet("a diagnosis"); }

RepairPlan RemoteLedgerService::planRepair(OperatorAction, const QStringList &) { return failedReport<RepairPlan>("a repair plan"); }

BatchRepairReport RemoteLedgerService::repairMany(const QStringList &, const BatchRepairOptions &)
{
    return failedReport<BatchRepairReport>("a batch of repairs");
}

Verification RemoteLedgerService::verifyFinished(const QString &) { return failedReport<Verification>("a verification"); }

Result<QList<Account>> RemoteLedgerService::accountsNamed(const QStringList &) { return notThroughTheServiceYet("accounts by name"); }

Result<QList<Account>> RemoteLedgerService::accountDocuments(const AccountQuery &) { return notThroughTheServiceYet("account documents"); }

Result<QStringList> RemoteLedgerService::transactionIdsAt(const TxQuery &, const QList<QPair<qint64, int>> &)
{
    return notThroughTheServiceYet("ids by position");
}

Result<Tally> RemoteLedgerService::tallyTransactions(const TxQuery &) { return notThroughTheServiceYet("a tally of transactions"); }

Result<Tally> RemoteLedgerService::tallyAccounts(const AccountQuery &) { return notThroughTheServiceYet("a tally of accounts"); }

Result<Tally> RemoteLedgerService::tallyJournal(const JournalQuery &) { return notThroughTheServiceYet("a tally of the journal"); }

Result<TxWindow> RemoteLedgerService::transactionWindow(const TxWindowRequest &)
{
    return notThroughTheServiceYet("a page near a position");
}

Result<QList<AccountCountedWhole>> RemoteLedgerService::accountWindow(const AccountWindowRequest &)
{
    return notThroughTheServiceYet("a page of accounts near a position");
}

Result<QList<JournalEntry>> RemoteLedgerService::journalWindow(const JournalWindowRequest &)
{
    return notThroughTheServiceYet("a page of the journal near a position");
}

Result<IncidentReport> RemoteLedgerService::incidentReport(const QString &) { return notThroughTheServiceYet("an incident report"); }

RecoverRun RemoteLedgerService::recover(const RecoverRequest &request, const RecoverProgress &progress, const RecoverStop &stop)
{
    RecoverRun run;
    const auto failed = [&run](const Error &e) {
        run.report.error = e;
        return run;
    };
    // Started once (a second start while it runs is refused: conflict), then followed: each GET
    // a read, sent again when lost; a stop asked for once.
    const QJsonObject body{{QStringLiteral("olderThan"), QStringLiteral("%1ms").arg(request.olderThanMs)},
                           {QStringLiteral("takeClaimed"), request.takeClaimed}};
    QJsonObject startBody = body;
    if (!request.reason.isEmpty())
        startBody.insert(QStringLiteral("reason"), request.reason);
    auto started = call("POST", "/v1/recoveries", startBody, false);
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
            if (auto stopped = call("POST", "/v1/recoveries/" + path(id) + "/stop", {}, false); !stopped.ok())
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

} // namespace ledger
