#pragma once
// Operators' remarks on a transaction, for several operators at once: a claim ("I'm on it"), its
// release, and notes. Each is one journal row of the transaction, written alone — the document
// is not changed, so the protocol and the audit never see them (Store::addRemark). A claim
// stands until its operator (or another) releases it or the transaction finishes: a repair that
// ends it releases it without a row of its own.
//
// Threading: pure functions and values.

#include "ledger/documents.h"
#include "ledger/errors.h"

#include <QHash>
#include <optional>

namespace ledger {

enum class Remark { Claim, Release, Note };
// Each remark's journal event: "operator-claim", "operator-release", "note". Not "claimed": that
// is a worker taking the document over.
QString eventOf(Remark remark);
// The remark a journal row's event records, or nullopt for any other event.
std::optional<Remark> remarkOf(QStringView event);
QStringList remarkEvents();
inline bool isRemarkEvent(QStringView event) { return remarkOf(event).has_value(); }

// A remark's text: a note needs one, a claim or release may carry one. At most kMaxReasonLength.
Error checkRemark(Remark remark, const QString &text);

// A claim that stands: who, since when, and what they said.
struct OperatorClaim {
    QString txId;
    QString by;
    QDateTime at;
    QString text;
};

// How long a claim counts as recent: repairing a transaction someone else claimed within this
// asks first (a shift; an older claim is still shown, as stale).
constexpr qint64 kRecentClaimMs = 4LL * 60 * 60 * 1000;

// The claim standing on `tx` after its journal (oldest first): the last claim with no release
// after it, unless the transaction has finished.
std::optional<OperatorClaim> standingClaim(const Transaction &tx, const QList<JournalEntry> &journal);

// Claims and releases of many transactions (oldest first) folded into the claims not released,
// by transaction id. Whether each transaction has finished is the caller's to check.
QHash<QString, OperatorClaim> unreleasedClaims(const QList<JournalEntry> &rows);

// Whether repairing `tx` should ask first: someone other than `operatorName` claimed it within
// kRecentClaimMs of `now`.
bool claimWarns(const std::optional<OperatorClaim> &claim, const QString &operatorName, const QDateTime &now);

// Whether `claim` holds off what moves money with no person deciding — ledgerd's recovery
// sweeper, and a client's retry of its idempotency key taking over a transfer whose driver is
// gone — at the store's time `now`: `tx` is still `initial` or `pending` (resume or cancel is a
// person's choice) and the claim is within kRecentClaimMs. A claim on an `applied` or
// `canceling` one does not: those can only be finished. One rule for every such driver.
bool claimHoldsOff(const Transaction &tx, const OperatorClaim &claim, const QDateTime &now);

} // namespace ledger
