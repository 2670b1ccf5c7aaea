#pragma once
// The transaction state machine of DESIGN.md §2, and which operator actions each state allows.
// The console enables its buttons (and words its tooltips) from these same functions.
// Thread-safety: pure functions, callable from any thread.

#include "ledger/documents.h"
#include "ledger/errors.h"

#include <optional>

namespace ledger {

// initial→pending (claim), initial→canceled (cancel before any hold), pending→applied,
// pending→canceling, applied→done, canceling→canceled. Nothing else, and nothing leaves a
// terminal state.
bool isAllowedTransition(TxState from, TxState to);

enum class OperatorAction { Resume, Cancel, Compensate };
QString nameOf(OperatorAction action);
// The action a word names (nameOf's inverse), nullopt for any other word.
std::optional<OperatorAction> operatorActionFromString(QStringView word);

// Empty when `action` is allowed for `tx` as it stands; otherwise why not, in words an operator
// can act on (e.g. "it is finished; compensate it to move the money back").
Message actionRefusal(OperatorAction action, const Transaction &tx);
// The same as an error: ok, or invalid-state "<id> is <state>: <why not>".
Error checkAction(OperatorAction action, const Transaction &tx);

} // namespace ledger
