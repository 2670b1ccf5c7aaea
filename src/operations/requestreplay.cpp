#include "operations/requestreplay.h"

#include "ledger/identifiers.h"
#include "ledger/message.h"

#include <algorithm>

namespace ledger {

Result<std::optional<JournalEntry>> rowOfRequest(const QList<JournalEntry> &journal, const Acting &by, const QStringList &events)
{
    if (by.request.isEmpty())
        return std::optional<JournalEntry>();
    for (const JournalEntry &row : journal) {
        if (row.request != by.request)
            continue;
        if (row.actor != by.actor || !events.contains(row.event))
            return makeError(
                ErrorCode::KeyConflict,
                Message::translate("ledger", "idempotency key %1 was already used by %2 for %3 on %4; use a new key for a new request")
                    .arg(quoteForMessage(by.request), row.actor, row.event, row.docId));
        return std::optional<JournalEntry>(row);
    }
    return std::optional<JournalEntry>();
}

Result<std::optional<JournalEntry>> rowOfRequest(StoreQueries &store, DocKind kind, const QString &id, const Acting &by,
                                                 const QStringList &events)
{
    if (by.request.isEmpty())
        return std::optional<JournalEntry>();
    auto journal = store.journal(kind, id);
    if (!journal.ok())
        return journal.error();
    return rowOfRequest(*journal, by, events);
}

QStringList firstEventsOf(OperatorAction action)
{
    switch (action) {
    // A compensation resumed from initial is linked first, or found superseded (coordinator.cpp).
    case OperatorAction::Resume: return {QStringLiteral("resume"), QStringLiteral("superseded")};
    case OperatorAction::Cancel: return {QStringLiteral("cancel")};
    case OperatorAction::Compensate: break;
    }
    return {QStringLiteral("linked"), QStringLiteral("resume")};
}

std::optional<TxOutcome> replayedRepair(OperatorAction action, const Transaction &tx, const std::optional<Transaction> &compensation,
                                        const QList<JournalEntry> &asked)
{
    if (action == OperatorAction::Compensate && !compensation)
        return std::nullopt;
    const Transaction &answered = action == OperatorAction::Compensate ? *compensation : tx;
    if (!isTerminal(answered.state))
        return std::nullopt;
    TxOutcome o;
    o.tx = answered;
    if (answered.state != TxState::Canceled || action == OperatorAction::Cancel)
        return o;
    if (action == OperatorAction::Compensate) {
        o.error = Coordinator::whyCanceled(answered); // the reverse transfer refused, as its requester was told
        return o;
    }
    // A resume that ended canceled: refused, if its own drive canceled it (a hold refused, a
    // compensation superseded); done, if it finished a cancel it found, or someone else canceled it.
    const bool finishedACancel = !asked.isEmpty() && asked.first().fromState == nameOf(TxState::Canceling);
    const bool canceledByIt = std::any_of(asked.cbegin(), asked.cend(), [](const JournalEntry &row) {
        return row.toState == nameOf(TxState::Canceling) || row.toState == nameOf(TxState::Canceled);
    });
    if (!finishedACancel && canceledByIt)
        o.error = Coordinator::whyCanceled(answered);
    return o;
}

namespace {

// The rows of `journal` that `request` wrote, in order.
QList<JournalEntry> rowsOfRequest(const QList<JournalEntry> &journal, const QString &request)
{
    QList<JournalEntry> rows;
    for (const JournalEntry &row : journal)
        if (row.request == request)
            rows << row;
    return rows;
}

// The answer of a repair asked before under `by.request`, or nullopt to run it.
std::optional<TxOutcome> askedBefore(Store &store, Coordinator &coordinator, const Acting &by, OperatorAction action, const QString &id)
{
    const auto failed = [](const Error &e) { return std::optional<TxOutcome>(TxOutcome{e, std::nullopt, false, false, QString()}); };
    auto journal = store.journal(DocKind::Transaction, id);
    if (!journal.ok())
        return failed(journal.error());
    auto row = rowOfRequest(*journal, by, firstEventsOf(action));
    if (!row.ok())
        return failed(row.error());
    if (!*row)
        return std::nullopt;
    QList<JournalEntry> asked = rowsOfRequest(*journal, by.request);
    auto tx = store.transaction(id);
    if (!tx.ok())
        return failed(tx.error());
    std::optional<Transaction> compensation;
    if (action == OperatorAction::Compensate && !tx->compensatedBy.isEmpty()) {
        auto linked = store.transaction(tx->compensatedBy);
        if (!linked.ok())
            return failed(linked.error());
        compensation = *linked;
    }
    if (auto answer = replayedRepair(action, *tx, compensation, asked))
        return answer;
    if (action == OperatorAction::Compensate && !compensation)
        return std::nullopt; // none made yet: compensate (its ids make asking again idempotent)
    // Still in flight. Driven by someone else whose lease runs: theirs to finish, accepted and
    // said so. Else (the first asking's worker, gone; or no one) taken over and driven on (the
    // journal says "recovered", not the operator's action a second time), then answered as above.
    Transaction &unfinished = compensation ? *compensation : *tx;
    auto now = store.now();
    if (!now.ok())
        return failed(now.error());
    const QString ours = asked.isEmpty() ? QString() : asked.last().worker;
    if (!unfinished.owner.isEmpty() && unfinished.owner != ours && unfinished.leaseUntil.isValid() && unfinished.leaseUntil > *now) {
        TxOutcome o;
        o.tx = unfinished;
        o.note = Message::translate("ledger", "in progress, driven by %1").arg(unfinished.owner).local();
        return o;
    }
    TxOutcome driven = coordinator.recover(unfinished, QStringLiteral("asked again: %1").arg(by.request));
    if (!driven.tx || !isTerminal(driven.tx->state) || driven.error.isStoreFailure() || driven.error.code == ErrorCode::Interrupted)
        return driven;
    unfinished = *driven.tx;
    if (!compensation) {
        auto again = store.journal(DocKind::Transaction, id); // with the rows the takeover wrote
        if (!again.ok())
            return failed(again.error());
        asked = rowsOfRequest(*again, by.request);
    }
    return replayedRepair(action, *tx, compensation, asked);
}

} // namespace

TxOutcome repairOne(Store &store, Coordinator &coordinator, const Acting &by, OperatorAction action, const QString &id,
                    const QString &reason)
{
    if (!by.request.isEmpty())
        if (auto answered = askedBefore(store, coordinator, by, action, id))
            return *answered;
    switch (action) {
    case OperatorAction::Resume: return coordinator.resume(id, reason);
    case OperatorAction::Cancel: return coordinator.cancel(id, reason);
    case OperatorAction::Compensate: break;
    }
    return coordinator.compensate(id, reason);
}

} // namespace ledger
