#pragma once
// Four eyes in the console's words (docs/DESIGN.md §11): which of the service's rules
// (operations/approvalrules.h) holds an action back, said up front in the repair and transfer
// dialogs, and what the console says of an action that was held back. The rule is decided as the
// service decides it (operations/approvaldesk.cpp): a repair by its transaction's amount, a resume
// only from initial or pending (where it decides that the money moves), a transfer by its debits'
// sum, from @world by world-over too; "over" is strictly more.
//
// Threading: pure functions (the words are translated in the calling thread's language).

#include "ledger/approvals.h"
#include "ledger/statemachine.h"
#include "operations/approvalrules.h"
#include "protocol/coordinator.h"

#include <QString>

namespace ledger::app {

// The rule that holds back `action` on a transaction in state `from` of `amount` ("compensate
// over 10000.00"), or "" when it runs at once.
QString repairHeldBy(const ApprovalRules &rules, OperatorAction action, TxState from, qint64 amount, int scale);
// The rule that holds back a transfer of `amount` (its debits' sum), `fromWorld` when it debits
// @world; "" when it runs at once. Any transfer's rule is named first when both hold it.
QString transferHeldBy(const ApprovalRules &rules, qint64 amount, bool fromWorld, int scale);
// "This waits for a second person's approval (rule: RULE)".
QString waitsForApproval(const QString &rule);
// Whether `outcome` is an action held back for approval, and the request's id: the request it
// carries, or — a batch item through ledgerd, whose answer carries only the error — the id the
// awaiting-approval error names ("" when it names none). nullopt: it was not held back.
std::optional<QString> heldBackId(const TxOutcome &outcome);
// What the console says of an action held back: "Waits for approval as apr-…: another person
// decides it under Awaiting approval".
QString heldBackText(const QString &requestId);

// A request's state as the console lists it: its word, "pending (expired)" once past expiresAt
// at the store's time `now` (nobody decided it in time; the next decision marks it expired).
QString approvalStateText(const ApprovalRequest &request, const QDateTime &now);

} // namespace ledger::app
