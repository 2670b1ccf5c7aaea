#include "operations/requestreplay.h"

#include "ledger/identifiers.h"
#include "ledger/message.h"

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

QStringList firstEventsOf(OperatorAction action)
{
    switch (action) {
    case OperatorAction::Resume: return {QStringLiteral("resume")};
    case OperatorAction::Cancel: return {QStringLiteral("cancel")};
    case OperatorAction::Compensate: break;
    }
    return {QStringLiteral("linked"), QStringLiteral("resume")};
}

std::optional<TxOutcome> replayedRepair(OperatorAction action, const Transaction &tx, const std::optional<Transaction> &compensation)
{
    if (action == OperatorAction::Compensate && !compensation)
        return std::nullopt;
    const Transaction &asked = action == OperatorAction::Compensate ? *compensation : tx;
    if (!isTerminal(asked.state))
        return std::nullopt;
    TxOutcome o;
    o.existing = true;
    o.tx = asked;
    if (asked.state == TxState::Canceled && action != OperatorAction::Cancel)
        o.error = Coordinator::whyCanceled(asked);
    return o;
}

namespace {

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
    if (auto answer = replayedRepair(action, *tx, compensation))
        return answer;
    if (action == OperatorAction::Compensate && !compensation)
        return std::nullopt; // none made yet: compensate (its ids make asking again idempotent)
    // Still in flight, its first asking's worker perhaps gone: taken over and driven on (the
    // journal says "recovered", not the operator's action a second time), then answered as above.
    Transaction &unfinished = compensation ? *compensation : *tx;
    TxOutcome driven = coordinator.recover(unfinished, QStringLiteral("asked again: %1").arg(by.request));
    if (!driven.tx || !isTerminal(driven.tx->state) || driven.error.isStoreFailure() || driven.error.code == ErrorCode::Interrupted)
        return driven;
    unfinished = *driven.tx;
    return replayedRepair(action, *tx, compensation);
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
