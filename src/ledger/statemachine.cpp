#include "ledger/statemachine.h"

namespace ledger {

bool isAllowedTransition(TxState from, TxState to)
{
    switch (from) {
    case TxState::Initial: return to == TxState::Pending || to == TxState::Canceled;
    case TxState::Pending: return to == TxState::Applied || to == TxState::Canceling;
    case TxState::Applied: return to == TxState::Done;
    case TxState::Canceling: return to == TxState::Canceled;
    case TxState::Done:
    case TxState::Canceled: return false;
    }
    return false;
}

QString nameOf(OperatorAction action)
{
    switch (action) {
    case OperatorAction::Resume: return QStringLiteral("resume");
    case OperatorAction::Cancel: return QStringLiteral("cancel");
    case OperatorAction::Compensate: return QStringLiteral("compensate");
    }
    return QString();
}

std::optional<OperatorAction> operatorActionFromString(QStringView word)
{
    for (OperatorAction a : {OperatorAction::Resume, OperatorAction::Cancel, OperatorAction::Compensate})
        if (nameOf(a) == word)
            return a;
    return std::nullopt;
}

Message actionRefusal(OperatorAction action, const Transaction &tx)
{
    switch (action) {
    case OperatorAction::Resume:
        if (tx.state == TxState::Done)
            return Message::translate("ledger", "it is finished, there is nothing to resume");
        if (tx.state == TxState::Canceled)
            return Message::translate("ledger", "it was canceled and moved no money; issue a new transfer instead");
        return Message();
    case OperatorAction::Cancel:
        if (tx.state == TxState::Initial || tx.state == TxState::Pending)
            return Message();
        if (tx.state == TxState::Applied)
            return Message::translate("ledger", "it is past its commit point (every leg held, the transfer decided); resume it to finish, "
                                                "then compensate");
        if (tx.state == TxState::Done)
            return Message::translate("ledger", "it is finished; compensate it to move the money back");
        if (tx.state == TxState::Canceling)
            return Message::translate("ledger", "it is already being canceled; resume it to finish the cancel");
        return Message::translate("ledger", "it is already canceled");
    case OperatorAction::Compensate:
        if (tx.kind == TxKind::Compensation)
            return Message::translate("ledger", "it is itself a compensation of %1; issue a new transfer instead").arg(tx.compensates);
        if (tx.state == TxState::Done || tx.state == TxState::Applied)
            return Message();
        if (tx.state == TxState::Canceled)
            return Message::translate("ledger", "it was canceled and moved no money; there is nothing to compensate");
        return Message::translate("ledger", "it has not moved money yet; cancel or resume it instead");
    }
    return Message();
}

Error checkAction(OperatorAction action, const Transaction &tx)
{
    const Message why = actionRefusal(action, tx);
    if (why.isEmpty())
        return {};
    return makeError(ErrorCode::InvalidState,
                     Message::translate("ledger", "%1 is %2: %3").arg(Message(tx.id), Message(nameOf(tx.state)), why));
}

} // namespace ledger
