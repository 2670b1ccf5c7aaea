#pragma once
// The preview of a repair: for resume, cancel or compensate over a selection of transactions,
// which are eligible and which will be skipped and why, what each is expected to end as, and
// for every account involved its balance, pending and available amounts before and after.
// Nothing is written; the repair itself goes through the Coordinator.
//
// Threading: runs on the caller's thread with the caller's Store (a worker thread in the GUI).

#include "ledger/remarks.h"
#include "ledger/statemachine.h"
#include "store/store.h"

#include <QStringList>

namespace ledger {

struct PlannedRepair {
    QString id;
    TxState from = TxState::Initial;
    bool eligible = false;
    // Skipped: why not. Eligible: what it will do, in words.
    QString why;
    std::optional<TxState> expected;
    // A hold the repair still has to place looks like it will be refused (funds, frozen,
    // closed): the transaction is expected to end canceled instead.
    bool mayBeRefused = false;
    // A compensation: the transaction that moves the money back (new, or an abandoned one
    // finished), whose state `expected` is — not the original's, which stays done.
    QString creates;
    // An operator's claim standing on it (ledger/remarks.h): the dialogs ask before repairing
    // what someone else said they are on.
    std::optional<OperatorClaim> claim;
};

struct AccountImpact {
    QString id;
    qint64 balanceBefore = 0;
    qint64 pendingDebitsBefore = 0;
    qint64 pendingCreditsBefore = 0;
    qint64 balanceAfter = 0;
    qint64 pendingDebitsAfter = 0;
    qint64 pendingCreditsAfter = 0;

    qint64 availableBefore() const { return balanceBefore - pendingDebitsBefore; }
    qint64 availableAfter() const { return balanceAfter - pendingDebitsAfter; }
    bool changes() const
    {
        return balanceBefore != balanceAfter || pendingDebitsBefore != pendingDebitsAfter || pendingCreditsBefore != pendingCreditsAfter;
    }
};

struct RepairPlan {
    Error error; // the plan could not be made (store failure)
    OperatorAction action = OperatorAction::Resume;
    QList<PlannedRepair> items;
    QList<AccountImpact> accounts; // every account a planned repair touches, in order of first use
    QDateTime now;                 // the store's clock when the plan was read

    int eligibleCount() const;
    QStringList eligibleIds() const;
    // The eligible items that someone other than `operatorName` claimed recently (claimWarns).
    QList<OperatorClaim> claimsByOthers(const QString &operatorName) const;
};

RepairPlan planRepair(Store &store, OperatorAction action, const QStringList &txIds);

} // namespace ledger
