#pragma once
// Four eyes at work (docs/DESIGN.md §11): an operator's repair or transfer that the rules
// (operations/approvalrules.h) say must wait is stored as an approval request (ledger/approvals.h,
// store/approvalbook.h) instead of run; another person approves or rejects it; approval runs it
// once, under both names.
//
// - Asking: `repairWaits`/`transferWaits` answer nullopt when the action may run now (the caller
//   runs it as ever), else the request made — or, asked again under the same request key (a
//   lost answer), the one made then. The request's id comes from the asker's name and key.
// - Deciding: only pending moves; never by its requester; never once expired (the decision
//   marks it expired instead); an approval is refused when what the requester was shown no
//   longer holds (the transaction moved on: `approval-stale`, the difference said). Two deciders
//   at once: one compare-and-set wins, the other is told who decided.
// - Running: under "REQUESTER, approved by APPROVER" with the request's id as the action's
//   request key — a repair asked again by key answers from what it did, a transfer's key claims
//   its document — so it runs once whatever retries or crashes happen: an approval whose run was
//   cut short (the server killed) stays approved, and approving it again finishes it.
//
// Threading: the store's thread (one connection per thread).

#include "ledger/approvals.h"
#include "ledger/statemachine.h"
#include "operations/approvalrules.h"
#include "operations/claims.h"
#include "protocol/coordinator.h"
#include "store/store.h"

namespace ledger {

// What a decision did: the request as it now stands and, when it ran, what its action answered.
struct ApprovalDecision {
    ApprovalRequest request;
    std::optional<TxOutcome> run;
};

class ApprovalDesk {
public:
    // `base`: the caller's name (actor) and this call's request key (ledgerd: its Idempotency-Key;
    // "" makes one), with the fault hook every coordinator of the process gets. `mayDecide`: the
    // caller's role is one the rules let decide (the service layer knows roles).
    ApprovalDesk(Store &store, const ApprovalRules &rules, const CoordinatorOptions &base, bool mayDecide);

    // nullopt: run it now. Else the request that waits (made, or found under the same key).
    Result<std::optional<ApprovalRequest>> repairWaits(OperatorAction action, const QString &txId, const QString &reason);
    Result<std::optional<ApprovalRequest>> transferWaits(const TransferRequest &request);

    // The request this caller's key made before, answered as it stands now (nullopt: none, run or
    // hold it as new): pending or approved, awaiting-approval; done, what its run made (existing);
    // rejected, expired or failed, refused. So a retry of a held-back write never runs it besides
    // its approval's run, whatever the rules say by then, and sees it done once it is.
    // The key asked for another action, document or transfer: key-conflict.
    Result<std::optional<TxOutcome>> answeredBefore(ApprovalAction action, const QString &docId, const QString &transfer = QString());

    Result<ApprovalDecision> approve(const QString &id, const QString &reason);
    Result<ApprovalDecision> reject(const QString &id, const QString &reason);

    Result<ApprovalRequest> request(const QString &id);
    Result<QList<ApprovalRequest>> requests(const ApprovalListing &listing);

    // The name an approved action runs under: "alice, approved by bob".
    static QString actingName(const ApprovalRequest &request);

private:
    Result<ApprovalBook *> book();
    Result<ApprovalRequest> make(ApprovalRequest request);
    // key-conflict when `found`, the request this caller's key made, asked for something else.
    Error keyConflict(const ApprovalRequest &found, ApprovalAction action, const QString &docId, const QString &transfer) const;
    Result<ApprovalDecision> decide(const QString &id, ApprovalState to, const QString &reason);
    Result<ApprovalDecision> run(ApprovalRequest request);
    // What stands in the way of approving `request` now: the preview's difference, or ok.
    Result<QString> staleness(const ApprovalRequest &request);
    Result<ApprovalWritten> move(const ApprovalRequest &from, ApprovalRequest to, const QString &detail);

    Store &m_store;
    ApprovalRules m_rules;
    CoordinatorOptions m_base;
    bool m_mayDecide;
};

// Recovery leaves alone what a person is deciding, as it does a fresh claim: of `candidates`, an
// initial or pending transaction with a pending or approved request on it (a cancel or resume
// asked for: resuming it would decide for them) is passed over, named as a claim by its asker
// ("awaiting approval apr-…"). Past the commit point there is no choice: never passed over. The
// sweeper and Recover all both (takeClaimed does not take these). A store that keeps no requests
// passes nothing over.
Result<ClaimSplit> splitByApprovals(Store &store, const QList<Transaction> &candidates);

// The approval action of a repair.
ApprovalAction approvalActionOf(OperatorAction action);

// What a front end answers for an action held back: awaiting-approval (exit status 4, ledgerd 202)
// with the request.
TxOutcome awaitingApproval(const ApprovalRequest &request, int scale);

// What a requester is shown of `tx` and checked again at approval (compact JSON): its state,
// amount and compensation link.
QString previewOf(const Transaction &tx, int scale);
// A transfer's request as stored in its approval request (compact JSON, amounts in minor units),
// and back.
QString transferJson(const TransferRequest &request);
Result<TransferRequest> transferFromJson(const QString &json);

} // namespace ledger
