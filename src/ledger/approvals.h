#pragma once
// Four eyes (dual control, maker-checker): an operator's large repair or transfer is stored as an
// approval request, its own document, and runs only once a second person approves it
// (docs/DESIGN.md §11). This file holds the document as a plain value, its spellings, and its
// JSON body (what a store keeps beside the few columns it lists by); the rules of which actions
// need approval are operations/approvalrules.h, the deciding and running operations/approvaldesk.h.
//
// A request's life: pending → approved → done (its action ran: the answer is in `outcome`) or
// failed (its action was refused: the error is there); pending → rejected (by a person, with a
// reason) or expired (nobody decided before `expiresAt`). Only pending moves by a decision; only
// approved moves by running. Every move is a compare-and-set on `version`.
//
// Threading: plain values and pure functions.

#include "ledger/documents.h"
#include "ledger/result.h"

#include <QDateTime>
#include <QString>
#include <optional>

namespace ledger {

enum class ApprovalState { Pending, Approved, Rejected, Expired, Done, Failed };
// The actions that may wait for approval: three repairs and a transfer.
enum class ApprovalAction { Compensate, Cancel, Resume, Transfer };

QString nameOf(ApprovalState state);   // "pending", "approved", "rejected", "expired", "done", "failed"
QString nameOf(ApprovalAction action); // "compensate", "cancel", "resume", "transfer"
std::optional<ApprovalState> approvalStateFromString(QStringView text);
std::optional<ApprovalAction> approvalActionFromString(QStringView text);
const QList<ApprovalState> &allApprovalStates();
// Whether nothing moves a request in `state` any more (rejected, expired, done, failed).
bool isFinal(ApprovalState state);

// The journal's words for a request's moves, on the document its action is about (a repair's
// transaction, a transfer's source account): operator events, so Operator actions lists them.
QString approvalEventOf(ApprovalState state); // "approval-request", "approval-approve", "approval-reject", "approval-expire", ...
QStringList approvalEvents();
// A move's journal row records the request's states as "approval:pending" → "approval:approved":
// never a transaction's words, which the change feed reads as the transaction finishing.
inline const QString kApprovalStatePrefix = QStringLiteral("approval:");
// A move's journal row's detail: the request's id, then the reason given ("apr-…: text").
QString approvalRowDetail(const QString &id, const QString &text);

struct ApprovalRequest {
    QString id;         // "apr-" and 32 hex digits
    qint64 version = 0; // 1 when made; +1 on every move
    ApprovalState state = ApprovalState::Pending;
    ApprovalAction action = ApprovalAction::Compensate;
    // Where the request's journal rows go and the store keeps it: a repair's transaction, a
    // transfer's source account.
    DocKind docKind = DocKind::Transaction;
    QString docId;
    // A transfer's legs and memo, amounts in minor units (compact JSON: operations/approvaldesk.h's
    // transferJson); empty for a repair.
    QString transfer;
    qint64 amount = 0; // minor units: what the rule compared
    QString reason;    // the requester's
    // What the requester was shown, as compact JSON (operations/approvaldesk.h: previewOf): checked
    // again at approval, where a difference refuses it.
    QString preview;
    QString requestedBy;
    QDateTime requestedAt;
    QDateTime expiresAt;
    QString decidedBy; // who approved or rejected ("" pending or expired)
    QDateTime decidedAt;
    QString decision; // the decider's reason
    // Once run: what it answered, as compact JSON (done: the transaction's id and state; failed:
    // the error's code word and message).
    QString outcome;
    // Not part of the document's meaning: the token of the write that last moved it, so that a
    // store whose commit went unanswered can tell whether it was written (store/approvalbook.h).
    QString writeToken;

    // Pending past its expiry, at the store's time `now`: a decision would be refused.
    bool expiredAt(const QDateTime &now) const { return state == ApprovalState::Pending && now >= expiresAt; }
};

// The body a store keeps (every field but id, version, state and writeToken, which are columns).
QByteArray approvalBody(const ApprovalRequest &request);
// `request` with the fields of `body` filled in; an error (internal) when the body is not one.
Result<ApprovalRequest> withApprovalBody(ApprovalRequest request, const QByteArray &body);

// A request's id: "apr-" and 32 hex digits of the SHA-256 of who asked and their request's key, so
// that the same request sent again (its answer lost) names the same document.
QString approvalIdFor(const QString &requestedBy, const QString &requestKey);
bool isApprovalId(QStringView text);

} // namespace ledger
