#include "service/localledgerservice.h"

#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "operations/requestreplay.h"
#include "store/documentrules.h"
#include "store/open/storeconfig.h"

namespace ledger {

namespace {

TxOutcome outcomeOf(const Error &error)
{
    TxOutcome outcome;
    outcome.error = error;
    return outcome;
}

} // namespace

QString journalCursor(const JournalEntry &entry)
{
    return QStringLiteral("%1,%2,%3").arg(formatTimestamp(entry.at)).arg(entry.shard).arg(entry.seq);
}

std::optional<JournalEntry> journalFromCursor(const QString &cursor)
{
    const QStringList parts = cursor.split(QLatin1Char(','));
    if (parts.size() != 3 || cursor.size() > 80)
        return std::nullopt;
    JournalEntry e;
    e.at = parseTimestamp(parts.at(0));
    bool shardOk = false;
    bool seqOk = false;
    e.shard = parts.at(1).toInt(&shardOk);
    e.seq = parts.at(2).toLongLong(&seqOk);
    if (!e.at.isValid() || !shardOk || !seqOk || e.shard < 0 || e.seq < 0 || journalCursor(e) != cursor)
        return std::nullopt;
    return e;
}

LocalLedgerService::LocalLedgerService(Store &store, const CoordinatorOptions &base, Role role, bool vouched, StoreConnector connect)
    : m_store(store)
    , m_base(base)
    , m_role(role)
    , m_vouched(vouched)
    , m_connect(std::move(connect))
{}

Result<Identity> LocalLedgerService::whoami()
{
    Identity me;
    me.name = m_base.actor;
    me.role = m_role;
    me.vouched = m_vouched;
    me.where = storeDisplayName(m_store.location());
    me.scale = m_store.scale();
    me.readsByPosition = m_store.readsByPosition();
    me.indexedSorts = m_store.indexedSorts();
    return me;
}

Result<TxPage> LocalLedgerService::transactions(const TxPageRequest &request)
{
    TxPage page;
    auto now = m_store.now();
    if (!now.ok())
        return now.error();
    page.now = *now;
    // The rows, then their total: two reads, each retried on its own where the store retries
    // (a snapshot around both would not be on PostgreSQL, and a failed count would fail the rows).
    auto rows = m_store.transactions(request.query);
    if (!rows.ok())
        return rows.error();
    page.rows = *rows;
    if (request.withTotal) {
        TxQuery all = request.query;
        all.after.reset();
        all.offset = 0;
        all.limit = -1;
        // Said when it can be counted: a listing does not fail for want of its total.
        if (auto total = m_store.transactionCount(all); total.ok())
            page.total = *total;
        else
            page.totalError = total.error();
    }
    if (request.withClaims) {
        auto claims = readClaimsOn(m_store, page.rows);
        if (!claims.ok())
            return claims.error();
        for (const Transaction &t : std::as_const(page.rows))
            page.claims << claimOn(t, *claims);
    }
    return page;
}

Result<TransactionDetail> LocalLedgerService::transaction(const QString &id)
{
    if (Error e = checkTxId(id); !e.ok())
        return e;
    return loadTransactionDetail(m_store, id);
}

Result<AccountPage> LocalLedgerService::accounts(const AccountQuery &query, bool withTotal)
{
    AccountPage page;
    auto rows = accountsCountedWhole(m_store, query);
    if (!rows.ok())
        return rows.error();
    page.rows = *rows;
    if (withTotal) {
        AccountQuery all;
        all.text = query.text;
        if (auto total = m_store.accountCount(all); total.ok())
            page.total = *total;
    }
    return page;
}

Result<AccountWithHolds> LocalLedgerService::account(const QString &id)
{
    if (Error e = checkAccountId(id); !e.ok())
        return e;
    // The holds in the same snapshot as the balance: they are what it is not posted yet of.
    AccountWithHolds a;
    auto whole = accountCountedWhole(m_store, id, [&]() -> Error {
        auto holds = m_store.legsOfAccount(id, LegStatus::Held);
        if (!holds.ok())
            return holds.error();
        a.held = *holds;
        return {};
    });
    if (!whole.ok())
        return whole.error();
    a.account = *whole;
    return a;
}

Result<WholeBalances> LocalLedgerService::balances() { return readWholeBalances(m_store); }

AuditReport LocalLedgerService::audit(const std::function<bool()> &shouldStop) { return ledger::audit(m_store, shouldStop); }

Result<QList<JournalEntry>> LocalLedgerService::operatorActions(const ActionsRequest &request)
{
    JournalQuery query = operatorActionsQuery(request.preset, request.text);
    query.limit = request.limit;
    query.after = request.after;
    return m_store.journalEntries(query);
}

TxOutcome LocalLedgerService::transfer(const TransferRequest &request)
{
    // Money enters the ledger only by an operator's act (DESIGN.md §9): a debit of @world mints
    // (openings, top-ups), so a billing client's transfer token must not be able to. Paying out to
    // @world (a credit of it) is an ordinary transfer. Both forms have their legs here.
    if (m_role < Role::Operator && accountsOf(request.allLegs(), LegSide::Debit).contains(kWorldAccount)) {
        TxOutcome refused;
        refused.error =
            makeError(ErrorCode::Forbidden, QStringLiteral("%1 (role %2) may not move money from %3: money enters the ledger "
                                                           "(openings, top-ups) only by the role %4; transfers to %3 are allowed")
                                                .arg(m_base.actor, nameOf(m_role), kWorldAccount, nameOf(Role::Operator)));
        return refused;
    }
    // Four eyes: an approval request's run uses its id as the transfer's key; a client may not
    // take one first (the approved run would then be refused as a key conflict).
    if (m_vouched && request.idempotencyKey.startsWith(QLatin1String("apr-")))
        return outcomeOf(makeError(ErrorCode::InvalidKey, QStringLiteral("idempotency keys starting with apr- are the approval requests' "
                                                                         "own; use another key")));
    // A key that made an approval request before answers from it, whatever the rules say now
    // (never run twice: its approval runs it).
    if (m_vouched) {
        const QList<TxLeg> legs = request.allLegs();
        auto before = desk().answeredBefore(ApprovalAction::Transfer, accountsOf(legs, LegSide::Debit).value(0), transferJson(request));
        if (!before.ok())
            return outcomeOf(before.error());
        if (*before)
            return **before;
    }
    // A transfer the rules hold back is stored as an approval request, unless its key already
    // made its transaction (asked again after the rules changed: it answers as it is).
    if (m_rules.any()) {
        auto made = request.idempotencyKey.isEmpty() ? Result<std::optional<Transaction>>(std::optional<Transaction>())
                                                     : m_store.transactionByKey(request.idempotencyKey);
        if (!made.ok())
            return outcomeOf(made.error());
        if (!made->has_value()) {
            auto waits = desk().transferWaits(request);
            if (!waits.ok())
                return outcomeOf(waits.error());
            if (*waits)
                return awaitingApproval(**waits, m_store.scale());
        }
    }
    CoordinatorOptions options = m_base;
    options.beforeTakingOver = claimsHoldOffRetries(m_store); // a retry of its key leaves an operator's claim alone
    Coordinator coordinator(m_store, options);
    return coordinator.transfer(request);
}

TxOutcome LocalLedgerService::repair(RepairAction action, const QString &id, const QString &reason)
{
    Coordinator coordinator(m_store, m_base);
    // Asked again after a lost answer, a held-back repair answers from the request its first
    // sending made (the request's id comes from the name and the key), whatever the rules say now.
    if (m_vouched) {
        auto before = desk().answeredBefore(approvalActionOf(action), id);
        if (!before.ok())
            return outcomeOf(before.error());
        if (*before)
            return **before;
    }
    if (m_rules.any()) {
        auto waits = desk().repairWaits(action, id, reason);
        if (!waits.ok())
            return outcomeOf(waits.error());
        if (*waits)
            return awaitingApproval(**waits, m_store.scale());
    }
    return repairOne(m_store, coordinator, acting(), action, id, reason);
}

ApprovalDesk LocalLedgerService::desk()
{
    const bool mayDecide = m_rules.approvers == Approvers::ApproverRole ? m_role >= Role::Approver : m_role >= Role::Operator;
    return ApprovalDesk(m_store, m_rules, m_base, mayDecide);
}

Result<ApprovalRules> LocalLedgerService::approvalRules() { return m_rules; }

Result<QList<ApprovalRequest>> LocalLedgerService::approvals(const ApprovalListing &listing) { return desk().requests(listing); }

Result<ApprovalRequest> LocalLedgerService::approval(const QString &id) { return desk().request(id); }

Result<ApprovalDecision> LocalLedgerService::decideApproval(const QString &id, bool approve, const QString &reason)
{
    if (!m_vouched)
        return makeError(
            ErrorCode::Unsupported,
            QStringLiteral("approval requests are decided through ledgerd (--server), where a server vouches for who decides"));
    if (m_role < Role::Operator)
        return makeError(ErrorCode::Forbidden,
                         QStringLiteral("%1 (role %2) may not decide approval requests").arg(m_base.actor, nameOf(m_role)));
    return approve ? desk().approve(id, reason) : desk().reject(id, reason);
}

Result<RemarkOutcome> LocalLedgerService::remark(const QString &id, Remark remark, const QString &text)
{
    if (Error e = checkTxId(id); !e.ok())
        return e;
    if (Error e = checkRemark(remark, text); !e.ok())
        return e;
    return addRemarkOn(m_store, id, remark, acting(), text);
}

NewAccount LocalLedgerService::createAccount(const QString &id, const QString &name, qint64 opening)
{
    Coordinator coordinator(m_store, m_base);
    NewAccount made;
    auto asked = rowOfRequest(m_store, DocKind::Account, id, acting(), {QStringLiteral("created")});
    if (!asked.ok()) {
        made.opening.error = asked.error();
        return made;
    }
    // Four eyes: an opening is money made from @world. One the rules would hold back is refused
    // whole (nothing written; a request made before the rules answers as it did): the account is opened without it, and the money moved from @world
    // by a transfer, which waits for a second person.
    if (!*asked && opening > 0 && m_rules.transferWaits(opening, true)) {
        made.opening.error = makeError(
            ErrorCode::Forbidden,
            QStringLiteral("an opening of %1 is money made from %2 over the four-eyes rules (%3): open the "
                           "account without one, then transfer from %2, which waits for a second person's approval")
                .arg(money::format(opening, m_store.scale()), kWorldAccount, describeRules(m_rules, m_store.scale()).simplified()));
        return made;
    }
    // Asked again: the account its first asking made (under the same name, else the key is another
    // request's), and its opening balance — paid now if the first asking stopped before (the
    // opening's own key pays it once, and refuses another amount).
    if (*asked && (*asked)->detail != name) {
        made.opening.error =
            makeError(ErrorCode::KeyConflict,
                      QStringLiteral("idempotency key %1 made account %2 named \"%3\", not \"%4\"; use a new key for a new request")
                          .arg(quoteForMessage(m_base.request), id, (*asked)->detail.left(40), name.left(40)));
        return made;
    }
    made.opening = *asked ? coordinator.payOpening(id, opening) : coordinator.openAccount(id, name, opening);
    if (!made.opening.ok())
        return made;
    // Made: a failed read of it afterwards does not say it was not (NewAccount::readError).
    auto created = account(id);
    if (!created.ok())
        made.readError = created.error();
    else
        made.account = *created;
    return made;
}

Result<AccountStatusChange> LocalLedgerService::setAccountStatus(const QString &id, AccountStatus status, const QString &reason)
{
    if (Error e = checkAccountId(id); !e.ok())
        return e;
    auto before = m_store.account(id);
    if (!before.ok())
        return before.error();
    // Asked again: the status the first asking found, the account as it is now.
    auto asked = rowOfRequest(m_store, DocKind::Account, id, acting(), {rules::statusEvent(status)});
    if (!asked.ok())
        return asked.error();
    AccountStatus previous = before->status;
    if (*asked) {
        if (const auto was = accountStatusFromString((*asked)->fromState))
            previous = *was;
    } else if (auto after = m_store.setAccountStatus(id, status, acting(), reason); !after.ok()) {
        return after.error();
    }
    auto after = account(id);
    if (!after.ok())
        return after.error();
    return AccountStatusChange{previous, *after};
}

Result<Overview> LocalLedgerService::overview(qint64 stuckForMs) { return loadOverview(m_store, stuckForMs); }

Result<Overview> LocalLedgerService::counts(qint64 stuckForMs) { return loadCounts(m_store, stuckForMs); }

Result<StuckCauses> LocalLedgerService::stuckCauses(qint64 stuckForMs) { return ledger::stuckCauses(m_store, stuckForMs); }

Result<StuckWatch> LocalLedgerService::stuckWatch(qint64 stuckForMs) { return stuckNobodyElseClaims(m_store, stuckForMs, m_base.actor); }

Result<AccountDetail> LocalLedgerService::accountDetail(const QString &id) { return loadAccountDetail(m_store, id); }

Result<Diagnosis> LocalLedgerService::diagnose(const QString &id, qint64 stuckForMs) { return ledger::diagnose(m_store, id, stuckForMs); }

RepairPlan LocalLedgerService::planRepair(OperatorAction action, const QStringList &ids)
{
    return ledger::planRepair(m_store, action, ids);
}

BatchRepairReport LocalLedgerService::repairMany(const QStringList &ids, const BatchRepairOptions &options)
{
    BatchRepairOptions o = options;
    o.coordinator = m_base;
    if (m_rules.any()) {
        // Each transaction of the batch is a request of its own: its key is the batch's and its id,
        // so that the batch sent again finds the requests its first sending made.
        o.holdBack = [this, &options](const QString &id) -> std::optional<TxOutcome> {
            CoordinatorOptions base = m_base;
            base.request = m_base.request.isEmpty() ? QString() : m_base.request + QLatin1Char('/') + id;
            ApprovalDesk itemDesk(m_store, m_rules, base, false);
            auto waits = itemDesk.repairWaits(options.action, id, options.reason);
            if (!waits.ok())
                return outcomeOf(waits.error());
            if (*waits)
                return awaitingApproval(**waits, m_store.scale());
            return std::nullopt;
        };
    }
    return ledger::repairMany(m_store, ids, o);
}

Verification LocalLedgerService::verifyFinished(const QString &id) { return ledger::verifyFinished(m_store, id); }

Result<QList<Account>> LocalLedgerService::accountsNamed(const QStringList &ids) { return m_store.accountsNamed(ids); }

Result<QList<Account>> LocalLedgerService::accountDocuments(const AccountQuery &query) { return m_store.accounts(query); }

Result<Tally> LocalLedgerService::tallyTransactions(const TxQuery &query) { return ledger::tallyTransactions(m_store, query); }

Result<Tally> LocalLedgerService::tallyAccounts(const AccountQuery &query) { return ledger::tallyAccounts(m_store, query); }

Result<Tally> LocalLedgerService::tallyJournal(const JournalQuery &query) { return ledger::tallyJournal(m_store, query); }

Result<TxWindow> LocalLedgerService::transactionWindow(const TxWindowRequest &request) { return readTransactionWindow(m_store, request); }

Result<QList<AccountCountedWhole>> LocalLedgerService::accountWindow(const AccountWindowRequest &request)
{
    return readAccountWindow(m_store, request);
}

Result<QList<JournalEntry>> LocalLedgerService::journalWindow(const JournalWindowRequest &request)
{
    return readJournalWindow(m_store, request);
}

Result<qint64> LocalLedgerService::exportTable(const ExportSpec &spec, ExportFormat format, QIODevice &out, const ExportProgress &progress)
{
    return ledger::exportTable(m_store, spec, format, out, progress);
}

Result<IncidentReport> LocalLedgerService::incidentReport(const QString &txId) { return loadIncidentReport(m_store, txId); }

Result<QStringList> LocalLedgerService::transactionIdsAt(const TxQuery &query, const QList<QPair<qint64, int>> &ranges)
{
    QStringList ids;
    const Error e = m_store.withSnapshot([&]() -> Error {
        for (const auto &range : ranges) {
            TxQuery q = query;
            q.offset = range.first;
            q.limit = range.second;
            auto list = m_store.transactions(q);
            if (!list.ok())
                return list.error();
            for (const Transaction &t : *list)
                ids << t.id;
        }
        return {};
    });
    if (!e.ok())
        return e;
    return ids;
}

RecoverRun LocalLedgerService::recover(const RecoverRequest &request, const RecoverProgress &progress, const RecoverStop &stop)
{
    RecoverRun run;
    if (!m_connect) {
        run.report.error =
            makeError(ErrorCode::Unsupported,
                      QStringLiteral("recover needs a connection per worker thread, and this service has no way to open one"));
        return run;
    }
    if (m_role < Role::Operator) {
        run.report.error = makeError(
            ErrorCode::Forbidden,
            QStringLiteral("%1 (role %2) may not recover: it needs the role %3").arg(m_base.actor, nameOf(m_role), nameOf(Role::Operator)));
        return run;
    }
    RecoveryOptions options;
    options.olderThanMs = request.olderThanMs;
    options.threads = request.threads;
    options.actor = QStringLiteral("recovery:%1").arg(m_base.actor);
    options.reason = request.reason;
    options.hook = m_base.hook;
    options.progress = progress;
    options.shouldStop = stop;
    // What someone else claimed within 4 hours, while resume or cancel is theirs to choose, is
    // theirs: a command line (maybe run from cron) or a job cannot ask, so it passes them over
    // unless told takeClaimed, and says which. Past the commit point there is no choice: finished,
    // as ledgerd's sweeper does. The runner's own claims are taken. The total is told once chosen
    // (0 done), so that whoever follows it sees it before the first is finished.
    const QString me = m_base.actor;
    QList<OperatorClaim> *passed = &run.passedOverClaimed; // recoverStuck returns before `run` does
    const bool takeClaimed = request.takeClaimed;
    options.choose = [me, passed, takeClaimed, progress](Store &store, const QList<Transaction> &candidates) -> Result<QList<Transaction>> {
        QList<Transaction> chosen = candidates;
        if (!takeClaimed) {
            auto split = splitByClaims(store, candidates, [&](const Transaction &tx, const OperatorClaim &claim, const QDateTime &now) {
                return claimWarns(claim, me, now) && claimHoldsOff(tx, claim, now);
            });
            if (!split.ok())
                return split.error();
            *passed = split->passedOver;
            chosen = split->free;
        }
        // What a person is deciding (four eyes) is theirs, takeClaimed or not: resuming a
        // transaction whose cancel or resume waits for approval would decide for them.
        auto awaited = splitByApprovals(store, chosen);
        if (!awaited.ok())
            return awaited.error();
        *passed += awaited->passedOver;
        chosen = awaited->free;
        if (progress)
            progress(0, chosen.size());
        return chosen;
    };
    run.report = recoverStuck(m_connect, options);
    return run;
}

Acting LocalLedgerService::acting() const { return Acting(m_base.actor, m_base.request); }

} // namespace ledger
