#include "operations/approvaldesk.h"

#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "operations/requestreplay.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

namespace ledger {

namespace {

QString compact(const QJsonObject &o) { return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)); }

QJsonObject objectOf(const QString &json) { return QJsonDocument::fromJson(json.toUtf8()).object(); }

std::optional<OperatorAction> repairOf(ApprovalAction action)
{
    switch (action) {
    case ApprovalAction::Compensate: return OperatorAction::Compensate;
    case ApprovalAction::Cancel: return OperatorAction::Cancel;
    case ApprovalAction::Resume: return OperatorAction::Resume;
    case ApprovalAction::Transfer: break;
    }
    return std::nullopt;
}

// What the run answered, as the request keeps it.
QString outcomeJson(const TxOutcome &outcome)
{
    QJsonObject o;
    if (outcome.tx) {
        o.insert(QStringLiteral("transaction"), outcome.tx->id);
        o.insert(QStringLiteral("state"), nameOf(outcome.tx->state));
    }
    if (!outcome.ok()) {
        o.insert(QStringLiteral("code"), codeWord(outcome.error.code));
        o.insert(QStringLiteral("message"), outcome.error.message);
    }
    return compact(o);
}

Error decided(const ApprovalRequest &r)
{
    const QString by = r.decidedBy.isEmpty() ? QString() : QStringLiteral(" by %1").arg(r.decidedBy);
    return makeError(ErrorCode::ApprovalDecided,
                     QStringLiteral("approval request %1 is %2%3: only a pending request is decided").arg(r.id, nameOf(r.state), by));
}

} // namespace

Result<ClaimSplit> splitByApprovals(Store &store, const QList<Transaction> &candidates)
{
    ClaimSplit split;
    ApprovalBook *book = store.approvalBook();
    if (!book || candidates.isEmpty()) {
        split.free = candidates;
        return split;
    }
    ApprovalListing waiting;
    waiting.states = {ApprovalState::Pending, ApprovalState::Approved};
    waiting.limit = 100'000; // requests that wait are few: a person decides each
    auto requests = book->approvals(waiting);
    if (!requests.ok())
        return requests.error();
    QHash<QString, ApprovalRequest> byTransaction;
    for (const ApprovalRequest &r : std::as_const(*requests))
        if (r.docKind == DocKind::Transaction)
            byTransaction.insert(r.docId, r);
    for (const Transaction &tx : candidates) {
        const auto it = byTransaction.constFind(tx.id);
        if (it == byTransaction.cend() || (tx.state != TxState::Initial && tx.state != TxState::Pending)) {
            split.free << tx;
            continue;
        }
        split.passedOver << OperatorClaim{tx.id, it->requestedBy, it->requestedAt,
                                          QStringLiteral("awaiting approval %1 (%2)").arg(it->id, nameOf(it->action))};
    }
    return split;
}

ApprovalAction approvalActionOf(OperatorAction action)
{
    switch (action) {
    case OperatorAction::Compensate: return ApprovalAction::Compensate;
    case OperatorAction::Cancel: return ApprovalAction::Cancel;
    case OperatorAction::Resume: break;
    }
    return ApprovalAction::Resume;
}

TxOutcome awaitingApproval(const ApprovalRequest &request, int scale)
{
    TxOutcome outcome;
    const QString target =
        request.action == ApprovalAction::Transfer ? QStringLiteral("a transfer from %1").arg(request.docId) : request.docId;
    outcome.error =
        makeError(ErrorCode::AwaitingApproval, QStringLiteral("%1 of %2 (%3) waits for a second person's approval as %4, until %5")
                                                   .arg(nameOf(request.action), target, money::format(request.amount, scale), request.id,
                                                        request.expiresAt.toString(Qt::ISODate)));
    outcome.awaiting = request;
    return outcome;
}

QString previewOf(const Transaction &tx, int scale)
{
    QJsonObject o{{QStringLiteral("transaction"), tx.id},
                  {QStringLiteral("state"), nameOf(tx.state)},
                  {QStringLiteral("amount"), money::format(tx.amount, scale)},
                  {QStringLiteral("legs"), legsText(tx.legs)}};
    if (!tx.compensatedBy.isEmpty())
        o.insert(QStringLiteral("compensatedBy"), tx.compensatedBy);
    return compact(o);
}

QString transferJson(const TransferRequest &request)
{
    QJsonArray legs;
    for (const TxLeg &leg : request.allLegs())
        legs.append(QJsonObject{{QStringLiteral("account"), leg.accountId},
                                {QStringLiteral("side"), nameOf(leg.side)},
                                {QStringLiteral("amount"), QString::number(leg.amount)}});
    QJsonObject o{{QStringLiteral("legs"), legs}};
    if (!request.memo.isEmpty())
        o.insert(QStringLiteral("memo"), request.memo);
    return compact(o);
}

Result<TransferRequest> transferFromJson(const QString &json)
{
    const QJsonObject o = objectOf(json);
    TransferRequest request;
    request.memo = o.value(QLatin1String("memo")).toString();
    for (const QJsonValue &v : o.value(QLatin1String("legs")).toArray()) {
        const QJsonObject leg = v.toObject();
        const auto side = legSideFromString(leg.value(QLatin1String("side")).toString());
        bool ok = false;
        const qint64 amount = leg.value(QLatin1String("amount")).toString().toLongLong(&ok);
        if (!side || !ok)
            return makeError(ErrorCode::Internal,
                             QStringLiteral("an approval request's stored transfer is not one: %1").arg(json.left(200)));
        request.legs << TxLeg{leg.value(QLatin1String("account")).toString(), *side, amount};
    }
    if (request.legs.isEmpty())
        return makeError(ErrorCode::Internal, QStringLiteral("an approval request's stored transfer has no legs"));
    if (isTwoAccountTransfer(request.legs)) {
        // Sent as it was asked: a two-account transfer's document has source and destination.
        const QList<TxLeg> legs = request.legs;
        request.legs.clear();
        for (const TxLeg &leg : legs)
            (leg.side == LegSide::Debit ? request.source : request.destination) = leg.accountId;
        request.amount = legs.first().amount;
    }
    return request;
}

ApprovalDesk::ApprovalDesk(Store &store, const ApprovalRules &rules, const CoordinatorOptions &base, bool mayDecide)
    : m_store(store)
    , m_rules(rules)
    , m_base(base)
    , m_mayDecide(mayDecide)
{
    if (m_base.request.isEmpty())
        m_base.request = QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString ApprovalDesk::actingName(const ApprovalRequest &request)
{
    return QStringLiteral("%1, approved by %2").arg(request.requestedBy, request.decidedBy);
}

Result<ApprovalBook *> ApprovalDesk::book()
{
    if (ApprovalBook *b = m_store.approvalBook())
        return b;
    return makeError(ErrorCode::Unsupported, QStringLiteral("this store keeps no approval requests (four eyes needs SQLite or PostgreSQL): "
                                                            "remove the [approvals] rules from ledgerd's configuration"));
}

Result<std::optional<ApprovalRequest>> ApprovalDesk::repairWaits(OperatorAction action, const QString &txId, const QString &reason)
{
    if (!m_rules.any())
        return std::optional<ApprovalRequest>();
    auto tx = m_store.transaction(txId);
    if (!tx.ok())
        return tx.error(); // not-found and the store's errors: the repair would say the same
    // A resume waits only when it will post: from initial or pending the resume decides that the
    // money moves; from applied it only finishes what has passed its commit point.
    if (action == OperatorAction::Resume && tx->state != TxState::Initial && tx->state != TxState::Pending)
        return std::optional<ApprovalRequest>();
    const ApprovalAction asked = approvalActionOf(action);
    if (!m_rules.repairWaits(asked, tx->amount))
        return std::optional<ApprovalRequest>();
    ApprovalRequest r;
    r.action = asked;
    r.docKind = DocKind::Transaction;
    r.docId = txId;
    r.amount = tx->amount;
    r.reason = reason;
    r.preview = previewOf(*tx, m_store.scale());
    auto made = make(r);
    if (!made.ok())
        return made.error();
    return std::optional<ApprovalRequest>(*made);
}

Result<std::optional<ApprovalRequest>> ApprovalDesk::transferWaits(const TransferRequest &request)
{
    if (!m_rules.any())
        return std::optional<ApprovalRequest>();
    const QList<TxLeg> legs = request.allLegs();
    const qint64 amount = sideTotal(legs, LegSide::Debit);
    const QStringList debited = accountsOf(legs, LegSide::Debit);
    if (!m_rules.transferWaits(amount, debited.contains(kWorldAccount)))
        return std::optional<ApprovalRequest>();
    ApprovalRequest r;
    r.action = ApprovalAction::Transfer;
    r.docKind = DocKind::Account;
    r.docId = debited.value(0);
    r.amount = amount;
    r.reason = request.memo;
    r.transfer = transferJson(request);
    QJsonObject preview{{QStringLiteral("legs"), legsText(legs)}, {QStringLiteral("amount"), money::format(amount, m_store.scale())}};
    r.preview = compact(preview);
    auto made = make(r);
    if (!made.ok())
        return made.error();
    return std::optional<ApprovalRequest>(*made);
}

Result<ApprovalRequest> ApprovalDesk::make(ApprovalRequest r)
{
    auto b = book();
    if (!b.ok())
        return b.error();
    auto now = m_store.now();
    if (!now.ok())
        return now.error();
    r.id = approvalIdFor(m_base.actor, m_base.request);
    r.version = 1;
    r.state = ApprovalState::Pending;
    r.requestedBy = m_base.actor;
    r.requestedAt = *now;
    r.expiresAt = now->addMSecs(m_rules.expireAfterMs);
    JournalEntry row;
    row.actor = m_base.actor;
    row.event = approvalEventOf(ApprovalState::Pending);
    row.detail = approvalRowDetail(r.id, QStringLiteral("%1 %2 waits for approval%3")
                                             .arg(nameOf(r.action), money::format(r.amount, m_store.scale()),
                                                  r.reason.isEmpty() ? QString() : QStringLiteral(": ") + r.reason));
    row.request = m_base.request;
    auto written = (*b)->writeApproval(ApprovalWrite{r, 0, row});
    if (!written.ok())
        return written.error();
    if (written->applied)
        return written->current;
    // Asked before under this key: the same request answers from the one it made, another one is
    // a conflict (a key is one request).
    if (Error e = keyConflict(written->current, r.action, r.docId, r.transfer); !e.ok())
        return e;
    return written->current;
}

Error ApprovalDesk::keyConflict(const ApprovalRequest &found, ApprovalAction action, const QString &docId, const QString &transfer) const
{
    // The same id is the same asker and key (approvalIdFor): what is left to differ is what was asked.
    if (found.action == action && found.docId == docId && found.transfer == transfer)
        return {};
    return makeError(ErrorCode::KeyConflict,
                     QStringLiteral("idempotency key %1 asked for approval request %2 (%3 %4); use a new key for a new request")
                         .arg(m_base.request.left(80), found.id, nameOf(found.action), found.docId));
}

Result<std::optional<TxOutcome>> ApprovalDesk::answeredBefore(ApprovalAction action, const QString &docId, const QString &transfer)
{
    ApprovalBook *b = m_store.approvalBook();
    if (!b || m_base.request.isEmpty())
        return std::optional<TxOutcome>();
    auto found = b->approval(approvalIdFor(m_base.actor, m_base.request));
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return std::optional<TxOutcome>();
    const ApprovalRequest &r = **found;
    if (Error e = keyConflict(r, action, docId, transfer); !e.ok()) {
        TxOutcome o;
        o.error = e;
        return std::optional<TxOutcome>(o);
    }
    const int scale = m_store.scale();
    switch (r.state) {
    case ApprovalState::Pending:
    case ApprovalState::Approved: return std::optional<TxOutcome>(awaitingApproval(r, scale));
    case ApprovalState::Done: {
        const QString made = objectOf(r.outcome).value(QLatin1String("transaction")).toString();
        auto tx = m_store.transaction(made);
        if (!tx.ok())
            return tx.error();
        TxOutcome o;
        o.tx = *tx;
        o.existing = true;
        o.note = QStringLiteral("approved by %1 as %2").arg(r.decidedBy, r.id);
        return std::optional<TxOutcome>(o);
    }
    case ApprovalState::Failed: {
        const QJsonObject outcome = objectOf(r.outcome);
        TxOutcome o;
        const ErrorCode code = errorCodeFromWord(outcome.value(QLatin1String("code")).toString());
        o.error = makeError(
            code == ErrorCode::None ? ErrorCode::Internal : code,
            QStringLiteral("approval request %1 ran and was refused: %2").arg(r.id, outcome.value(QLatin1String("message")).toString()));
        return std::optional<TxOutcome>(o);
    }
    case ApprovalState::Rejected:
    case ApprovalState::Expired: break;
    }
    TxOutcome o;
    o.error = decided(r);
    return std::optional<TxOutcome>(o);
}

Result<ApprovalRequest> ApprovalDesk::request(const QString &id)
{
    auto b = book();
    if (!b.ok())
        return b.error();
    if (!isApprovalId(id))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1 is not an approval request id (apr- and 32 hex digits)").arg(id.left(60)));
    auto found = (*b)->approval(id);
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return makeError(ErrorCode::NotFound, QStringLiteral("no approval request has the id %1").arg(id));
    return **found;
}

Result<QList<ApprovalRequest>> ApprovalDesk::requests(const ApprovalListing &listing)
{
    auto b = book();
    if (!b.ok())
        return b.error();
    return (*b)->approvals(listing);
}

Result<ApprovalDecision> ApprovalDesk::approve(const QString &id, const QString &reason)
{
    return decide(id, ApprovalState::Approved, reason);
}

Result<ApprovalDecision> ApprovalDesk::reject(const QString &id, const QString &reason)
{
    if (reason.trimmed().isEmpty())
        return makeError(ErrorCode::MissingArgument, QStringLiteral("a rejection needs a reason: the requester reads it"));
    return decide(id, ApprovalState::Rejected, reason);
}

Result<ApprovalWritten> ApprovalDesk::move(const ApprovalRequest &from, ApprovalRequest to, const QString &detail)
{
    auto b = book();
    if (!b.ok())
        return b.error();
    to.version = from.version + 1;
    JournalEntry row;
    row.actor = m_base.actor;
    row.event = approvalEventOf(to.state);
    row.detail = approvalRowDetail(to.id, detail);
    row.request = m_base.request;
    return (*b)->writeApproval(ApprovalWrite{to, from.version, row});
}

Result<ApprovalDecision> ApprovalDesk::decide(const QString &id, ApprovalState to, const QString &reason)
{
    auto found = request(id);
    if (!found.ok())
        return found.error();
    ApprovalRequest r = *found;
    const bool approving = to == ApprovalState::Approved;
    // Asked again by the one who decided (an answer lost, a server killed mid-run): an approval
    // still to run is run (once: by its key), a finished decision answers as it stands.
    if (r.state != ApprovalState::Pending) {
        // Finishing an approval whose run was cut short is a decider's act too: not the asker's,
        // and only by a role the rules name.
        if (approving && r.state == ApprovalState::Approved) {
            if (r.requestedBy == m_base.actor || !m_mayDecide)
                return makeError(ErrorCode::Forbidden, QStringLiteral("approval request %1 was approved by %2 and its run not finished: "
                                                                      "a decider other than its asker finishes it")
                                                           .arg(r.id, r.decidedBy));
            return run(r);
        }
        if (r.decidedBy == m_base.actor && r.state != ApprovalState::Expired && approving != (r.state == ApprovalState::Rejected))
            return ApprovalDecision{r, std::nullopt};
        return decided(r);
    }
    if (r.requestedBy == m_base.actor)
        return makeError(
            ErrorCode::Forbidden,
            QStringLiteral("%1 asked for approval request %2: a second person decides it (four eyes)").arg(m_base.actor, r.id));
    if (!m_mayDecide)
        return makeError(ErrorCode::Forbidden,
                         QStringLiteral("%1 may not decide approval requests: the rules let %2 decide")
                             .arg(m_base.actor, m_rules.approvers == Approvers::ApproverRole ? QStringLiteral("the role approver")
                                                                                             : QStringLiteral("any other operator")));
    auto now = m_store.now();
    if (!now.ok())
        return now.error();
    if (r.expiredAt(*now)) {
        ApprovalRequest expired = r;
        expired.state = ApprovalState::Expired;
        auto written = move(r, expired, QStringLiteral("nobody decided before %1").arg(r.expiresAt.toString(Qt::ISODate)));
        if (!written.ok())
            return written.error();
        return makeError(ErrorCode::ApprovalExpired,
                         QStringLiteral("approval request %1 expired at %2: it never runs; ask again if it is still needed")
                             .arg(r.id, r.expiresAt.toString(Qt::ISODate)));
    }
    if (approving) {
        auto stale = staleness(r);
        if (!stale.ok())
            return stale.error();
        if (!stale->isEmpty())
            return makeError(ErrorCode::ApprovalStale,
                             QStringLiteral("approval request %1 no longer holds: %2; reject it, and ask again if "
                                            "it is still needed")
                                 .arg(r.id, *stale));
    }
    ApprovalRequest next = r;
    next.state = to;
    next.decidedBy = m_base.actor;
    next.decidedAt = *now;
    next.decision = reason;
    auto written = move(r, next, reason);
    if (!written.ok())
        return written.error();
    if (!written->applied)
        return decided(written->current); // someone decided first
    if (!approving)
        return ApprovalDecision{written->current, std::nullopt};
    return run(written->current);
}

Result<QString> ApprovalDesk::staleness(const ApprovalRequest &r)
{
    const QJsonObject shown = objectOf(r.preview);
    if (r.action == ApprovalAction::Transfer) {
        auto transfer = transferFromJson(r.transfer);
        if (!transfer.ok())
            return transfer.error();
        const QStringList ids = accountsOf(transfer->allLegs());
        auto accounts = m_store.accountsNamed(ids);
        if (!accounts.ok())
            return accounts.error();
        QStringList differences;
        for (const QString &id : ids) {
            const auto it = std::find_if(accounts->cbegin(), accounts->cend(), [&id](const Account &a) { return a.id == id; });
            if (it == accounts->cend())
                differences << QStringLiteral("account %1 no longer exists").arg(id);
            else if (it->status != AccountStatus::Open)
                differences << QStringLiteral("account %1 is now %2").arg(id, nameOf(it->status));
        }
        return differences.join(QStringLiteral("; "));
    }
    auto tx = m_store.transaction(r.docId);
    if (!tx.ok())
        return tx.error();
    const QJsonObject now = objectOf(previewOf(*tx, m_store.scale()));
    QStringList differences;
    for (auto it = now.constBegin(); it != now.constEnd(); ++it)
        if (shown.value(it.key()) != it.value())
            differences << QStringLiteral("%1 was %2 when asked, is now %3")
                               .arg(it.key(), shown.value(it.key()).toString(QStringLiteral("(none)")), it.value().toString());
    for (auto it = shown.constBegin(); it != shown.constEnd(); ++it)
        if (!now.contains(it.key()))
            differences << QStringLiteral("%1 was %2 when asked, is now (none)").arg(it.key(), it.value().toString());
    return differences.join(QStringLiteral("; "));
}

Result<ApprovalDecision> ApprovalDesk::run(ApprovalRequest r)
{
    CoordinatorOptions options = m_base;
    options.actor = actingName(r);
    options.request = r.id; // runs once: the repair's replay by key, the transfer's key
    Coordinator coordinator(m_store, options);
    TxOutcome outcome;
    if (const auto repair = repairOf(r.action)) {
        outcome = repairOne(m_store, coordinator, Acting(options.actor, options.request), *repair, r.docId, r.reason);
    } else {
        auto transfer = transferFromJson(r.transfer);
        if (!transfer.ok())
            return transfer.error();
        transfer->idempotencyKey = r.id;
        outcome = coordinator.transfer(*transfer);
    }
    // Not known to have run to its end (the store failed, the drive was cut short): it stays
    // approved, and approving it again finishes it (once: by its key).
    if (outcome.error.isStoreFailure() || outcome.error.code == ErrorCode::Interrupted)
        return outcome.error;
    ApprovalRequest finished = r;
    finished.state = outcome.ok() ? ApprovalState::Done : ApprovalState::Failed;
    finished.outcome = outcomeJson(outcome);
    auto written = move(r, finished, outcome.ok() ? QString() : outcome.error.message);
    if (!written.ok())
        return written.error();
    return ApprovalDecision{written->current, outcome};
}

} // namespace ledger
