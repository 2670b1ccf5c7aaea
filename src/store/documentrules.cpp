#include "store/documentrules.h"

#include "ledger/legs.h"

#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "ledger/statemachine.h"

namespace ledger::rules {

namespace {

LegDecision answer(LegStatus status) { return LegDecision{LegOutcome{status, false}, {}}; }
LegDecision refuse(ErrorCode code, const Message &message) { return LegDecision{std::nullopt, makeError(code, message)}; }

} // namespace

Error unknownAccount(const QString &id)
{
    return makeError(ErrorCode::UnknownAccount, Message::translate("ledger", "no account %1").arg(id));
}
Error unknownTransaction(const QString &id)
{
    return makeError(ErrorCode::NotFound, Message::translate("ledger", "no transaction %1").arg(id));
}

LegDecision hold(const QString &txId, const QString &accountId, const std::optional<LegMarker> &marker,
                 const std::optional<Account> &account, LegSide side, qint64 amount, int scale)
{
    Q_UNUSED(txId);
    if (marker)
        return answer(marker->status); // already there: report, never re-hold
    if (!account)
        return LegDecision{std::nullopt, unknownAccount(accountId)};
    const Account &a = *account;
    if (a.status == AccountStatus::Frozen)
        return refuse(ErrorCode::AccountFrozen, Message::translate("ledger", "account %1 is frozen").arg(accountId));
    if (a.status == AccountStatus::Closed)
        return refuse(ErrorCode::AccountClosed, Message::translate("ledger", "account %1 is closed").arg(accountId));
    const auto text = [scale](qint64 minor) { return money::format(minor, scale); };
    LegDecision write;
    if (side == LegSide::Debit) {
        // @world may go negative, but never past what an int64 can hold.
        const auto available = money::subtract(a.balance, a.pendingDebits);
        const auto after = available ? money::subtract(*available, amount) : std::nullopt;
        if (!after || !money::add(a.pendingDebits, amount))
            return refuse(ErrorCode::AmountOverflow,
                          Message::translate("ledger", "holding %1 on %2 would overflow its balance").arg(text(amount), accountId));
        if (accountId != kWorldAccount && *after < 0)
            return refuse(
                ErrorCode::InsufficientFunds,
                Message::translate("ledger", "%1 has %2 available (balance %3, %4 held for other transfers); this transfer needs %5")
                    .arg(accountId, text(a.available()), text(a.balance), text(a.pendingDebits), text(amount)));
        write.deltaPendingDebits = amount;
    } else {
        // Every credit that could still post must fit, so that posting can never overflow.
        const auto pending = money::add(a.pendingCredits, amount);
        if (!pending || !money::add(a.balance, *pending))
            return refuse(ErrorCode::AmountOverflow,
                          Message::translate("ledger", "crediting %1 to %2 would overflow its balance").arg(text(amount), accountId));
        write.deltaPendingCredits = amount;
    }
    return write;
}

LegDecision post(const QString &txId, const QString &accountId, const std::optional<LegMarker> &marker,
                 const std::optional<Account> &account)
{
    if (!marker)
        return refuse(ErrorCode::ProtocolViolation,
                      Message::translate("ledger", "post of %1 on %2: no leg marker there (the leg was never held)").arg(txId, accountId));
    const LegMarker &m = *marker;
    if (m.status == LegStatus::Posted)
        return answer(LegStatus::Posted);
    if (m.status == LegStatus::Voided)
        return refuse(ErrorCode::ProtocolViolation,
                      Message::translate("ledger", "post of %1 on %2: the leg was voided by a cancel").arg(txId, accountId));
    if (!account)
        return refuse(ErrorCode::ProtocolViolation, Message::translate("ledger", "post of %1: account %2 is gone").arg(txId, accountId));
    const bool debit = m.side == LegSide::Debit;
    const auto balance = debit ? money::subtract(account->balance, m.amount) : money::add(account->balance, m.amount);
    if (!balance)
        return refuse(ErrorCode::AmountOverflow,
                      Message::translate("ledger", "posting %1 on %2 would overflow its balance").arg(txId, accountId));
    LegDecision write;
    write.deltaBalance = debit ? -m.amount : m.amount;
    (debit ? write.deltaPendingDebits : write.deltaPendingCredits) = -m.amount;
    return write;
}

LegDecision voidLeg(const QString &txId, const QString &accountId, const std::optional<LegMarker> &marker)
{
    // No marker: the tombstone (no account change), so that a hold arriving after this (from a
    // stalled worker) finds a marker and does nothing.
    if (!marker)
        return LegDecision{};
    const LegMarker &m = *marker;
    if (m.status == LegStatus::Voided)
        return answer(LegStatus::Voided);
    if (m.status == LegStatus::Posted)
        return refuse(ErrorCode::ProtocolViolation,
                      Message::translate("ledger", "void of %1 on %2: the leg is already posted").arg(txId, accountId));
    LegDecision write;
    (m.side == LegSide::Debit ? write.deltaPendingDebits : write.deltaPendingCredits) = -m.amount;
    return write;
}

StatusDecision statusChange(const QString &id, const std::optional<Account> &account, AccountStatus status, int scale)
{
    StatusDecision d;
    if (!account) {
        d.refusal = unknownAccount(id);
        return d;
    }
    const Account &a = *account;
    if (id == kWorldAccount) {
        d.refusal = makeError(ErrorCode::SystemAccount,
                              Message::translate("ledger", "@world is the system account; it cannot be frozen or closed"));
        return d;
    }
    if (a.status == status) {
        d.unchanged = true; // already so: nothing to write
        return d;
    }
    const auto text = [scale](qint64 minor) { return money::format(minor, scale); };
    if (a.status == AccountStatus::Closed)
        d.refusal =
            makeError(ErrorCode::AccountClosed, Message::translate("ledger", "account %1 is closed; closed accounts stay closed").arg(id));
    else if (status == AccountStatus::Closed && (a.balance != 0 || a.pendingDebits != 0 || a.pendingCredits != 0))
        d.refusal = makeError(ErrorCode::AccountNotEmpty,
                              Message::translate("ledger", "account %1 has balance %2, %3 pending debits and %4 pending credits; "
                                                           "only an empty account can be closed")
                                  .arg(id, text(a.balance), text(a.pendingDebits), text(a.pendingCredits)));
    d.event = statusEvent(status);
    return d;
}

QString statusEvent(AccountStatus status)
{
    switch (status) {
    case AccountStatus::Frozen: return QStringLiteral("frozen");
    case AccountStatus::Open: return QStringLiteral("unfrozen");
    case AccountStatus::Closed: break;
    }
    return QStringLiteral("closed");
}

Error txChangeRefusal(const Transaction &t, const TxChange &change)
{
    if (isTerminal(t.state))
        return makeError(ErrorCode::Internal,
                         QStringLiteral("%1 is %2; nothing may change a finished document").arg(t.id, nameOf(t.state)));
    if (change.newState != t.state && !isAllowedTransition(t.state, change.newState))
        return makeError(ErrorCode::Internal,
                         QStringLiteral("refused transition %1 → %2 of %3").arg(nameOf(t.state), nameOf(change.newState), t.id));
    // Same state: a claim, a lastError, or at least a journal note.
    if (change.newState == t.state && !change.claim && !change.lastError && change.event.isEmpty())
        return makeError(ErrorCode::Internal, QStringLiteral("an update of %1 that changes nothing").arg(t.id));
    return {};
}

Transaction applied(const Transaction &current, const TxChange &change)
{
    Transaction t = current;
    t.state = change.newState;
    if (change.claim) {
        t.owner = change.newOwner;
        t.epoch += 1;
        t.attempts += 1;
    }
    if (change.lastError)
        t.lastError = *change.lastError;
    return t;
}

JournalEntry journalOf(const Transaction &before, const Transaction &after, const TxChange &change)
{
    JournalEntry j;
    j.docKind = DocKind::Transaction;
    j.docId = after.id;
    j.actor = change.actor;
    j.request = change.request;
    j.worker = after.owner;
    j.event = !change.event.isEmpty() ? change.event : change.claim ? QStringLiteral("claimed") : QStringLiteral("state");
    j.fromState = nameOf(before.state);
    j.toState = nameOf(after.state);
    j.epoch = after.epoch;
    j.detail = change.detail;
    return j;
}

JournalEntry linkJournal(const Transaction &original, const QString &compensationId, const Acting &by, const QString &worker,
                         const QString &detail)
{
    JournalEntry j;
    j.docKind = DocKind::Transaction;
    j.docId = original.id;
    j.actor = by.actor;
    j.request = by.request;
    j.worker = worker;
    j.event = QStringLiteral("linked");
    j.fromState = j.toState = nameOf(original.state);
    j.epoch = original.epoch;
    j.detail = detail.isEmpty() ? QStringLiteral("compensated by %1").arg(compensationId) : detail;
    return j;
}

JournalEntry remarkJournal(const Transaction &tx, Remark remark, const Acting &by, const QString &worker, const QString &text)
{
    JournalEntry j;
    j.docKind = DocKind::Transaction;
    j.docId = tx.id;
    j.actor = by.actor;
    j.request = by.request;
    j.worker = worker;
    j.event = eventOf(remark);
    j.fromState = j.toState = nameOf(tx.state);
    j.epoch = tx.epoch;
    j.detail = text;
    return j;
}

Transaction newTransaction(const NewTransaction &n)
{
    Transaction t;
    t.id = n.id;
    t.idempotencyKey = n.idempotencyKey;
    t.kind = n.kind;
    t.compensates = n.compensates;
    setLegs(t, n.legs);
    t.memo = n.memo;
    t.state = TxState::Initial;
    return t;
}

JournalEntry createdJournal(const NewTransaction &n)
{
    JournalEntry created;
    created.docKind = DocKind::Transaction;
    created.docId = n.id;
    created.actor = n.actor;
    created.request = n.request;
    created.worker = n.worker;
    created.event = QStringLiteral("created");
    created.toState = nameOf(TxState::Initial);
    created.detail = n.detail;
    return created;
}

} // namespace ledger::rules
