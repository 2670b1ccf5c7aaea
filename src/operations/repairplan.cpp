#include "operations/repairplan.h"

#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "operations/claims.h"

#include <QCoreApplication>

#include <algorithm>

namespace ledger {

int RepairPlan::eligibleCount() const { return int(eligibleIds().size()); }

QStringList RepairPlan::eligibleIds() const
{
    QStringList ids;
    for (const PlannedRepair &item : items) {
        if (item.eligible)
            ids << item.id;
    }
    return ids;
}

QList<OperatorClaim> RepairPlan::claimsByOthers(const QString &operatorName) const
{
    QList<OperatorClaim> claims;
    for (const PlannedRepair &item : items) {
        if (item.eligible && claimWarns(item.claim, operatorName, now))
            claims << *item.claim;
    }
    return claims;
}

namespace {

// Plays the planned repairs forward on copies of the accounts, in order, so that two repairs on
// one account see each other's effect.
class Simulation {
public:
    Simulation(Store &store, RepairPlan &plan)
        : m_store(store)
        , m_plan(plan)
    {}

    Error run(const QStringList &ids)
    {
        auto now = m_store.now();
        if (!now.ok())
            return now.error();
        m_now = *now;
        m_plan.now = *now;
        QStringList seen;
        for (const QString &id : ids) {
            if (seen.contains(id))
                continue;
            seen << id;
            if (Error e = planOne(id); !e.ok())
                return e;
        }
        for (const QString &accountId : m_order)
            m_plan.accounts << m_accounts.value(accountId);
        return {};
    }

private:
    Error planOne(const QString &id)
    {
        PlannedRepair item;
        item.id = id;
        auto found = m_store.transaction(id);
        if (!found.ok()) {
            if (found.code() != ErrorCode::NotFound)
                return found.error();
            item.why = QCoreApplication::translate("ledger", "no such transaction");
            m_plan.items << item;
            return {};
        }
        const Transaction tx = *found;
        item.from = tx.state;
        auto claims = readClaimsOn(m_store, {tx});
        if (!claims.ok())
            return claims.error();
        item.claim = claimOn(tx, *claims);
        if (const Message refused = actionRefusal(m_plan.action, tx); !refused.isEmpty()) {
            item.why = refused.local();
            m_plan.items << item;
            return {};
        }
        auto legs = m_store.legsOfTransaction(id);
        if (!legs.ok())
            return legs.error();
        setMarkers(*legs);
        bool skipped = false;
        const Error e = m_plan.action == OperatorAction::Compensate ? planCompensate(tx, item, skipped) : planForward(tx, item);
        m_markers.clear();
        if (!e.ok())
            return e;
        item.eligible = !skipped;
        m_plan.items << item;
        return {};
    }

    // Resume and cancel.
    Error planForward(const Transaction &tx, PlannedRepair &item)
    {
        if (m_plan.action == OperatorAction::Cancel) {
            if (Error e = releaseHolds(); !e.ok())
                return e;
            item.expected = TxState::Canceled;
            item.why = QCoreApplication::translate("ledger", "cancels it: holds are released, no money moves");
            return {};
        }
        return planResume(tx, item);
    }

    void setMarkers(const QList<LegMarker> &markers)
    {
        m_markers.clear();
        for (const LegMarker &m : markers)
            m_markers.insert(m.accountId, m);
    }

    // "%1 moves from %2 to %3", or the legs of a many-legged one.
    QString moves(const Transaction &tx) const
    {
        if (!tx.isMultiLeg())
            return QCoreApplication::translate("ledger", "%1 moves from %2 to %3").arg(amount(tx.amount), tx.source, tx.destination);
        return QCoreApplication::translate("ledger", "%1 moves (%2)").arg(amount(tx.amount), describeLegs(tx.legs, m_store.scale()));
    }

    // What resuming `tx` (whose markers are in m_markers) does.
    Error planResume(const Transaction &tx, PlannedRepair &item)
    {
        if (tx.state == TxState::Canceling) {
            if (Error e = releaseHolds(); !e.ok())
                return e;
            item.expected = TxState::Canceled;
            item.why = QCoreApplication::translate("ledger", "finishes the cancel: holds are released, no money moves");
            return {};
        }
        if (tx.state != TxState::Applied) {
            // The holds not placed yet decide whether it can still complete.
            QString refusal;
            if (Error e = missingHoldRefusal(tx, refusal); !e.ok())
                return e;
            if (!refusal.isEmpty()) {
                if (Error e = releaseHolds(); !e.ok())
                    return e;
                item.expected = TxState::Canceled;
                item.mayBeRefused = true;
                item.why = QCoreApplication::translate("ledger", "will most likely be canceled: %1").arg(refusal);
                return {};
            }
        }
        item.expected = TxState::Done;
        if (everyLegPosted(tx)) {
            // The money moved already: no account changes, and the words must not say it is
            // still to move beside a preview that shows none changing.
            item.why = tx.isMultiLeg()
                         ? QCoreApplication::translate("ledger", "completes it: every leg is already posted, so the money has "
                                                                 "moved (%1); only its state changes")
                               .arg(describeLegs(tx.legs, m_store.scale()))
                         : QCoreApplication::translate("ledger", "completes it: both legs are already posted, so %1 has moved "
                                                                 "from %2 to %3; only its state changes")
                               .arg(amount(tx.amount), tx.source, tx.destination);
            return {};
        }
        if (Error e = postAll(tx); !e.ok())
            return e;
        item.why = QCoreApplication::translate("ledger", "completes it: %1").arg(moves(tx));
        return {};
    }

    Error planCompensate(const Transaction &tx, PlannedRepair &item, bool &skipped)
    {
        if (!tx.compensatedBy.isEmpty()) {
            auto comp = m_store.transaction(tx.compensatedBy);
            if (!comp.ok() && comp.code() != ErrorCode::NotFound)
                return comp.error();
            if (comp.ok() && comp->state == TxState::Done) {
                item.why = QCoreApplication::translate("ledger", "already compensated by %1").arg(comp->id);
                skipped = true;
                return {};
            }
            if (comp.ok() && comp->state != TxState::Canceled && comp->leaseUntil.isValid() && m_now.isValid()
                && comp->leaseUntil > m_now) {
                // A worker is on it right now: asking again leaves it to that worker.
                item.why = QCoreApplication::translate("ledger", "being compensated by %1 (%2, driven by %3 for %4 more)")
                               .arg(comp->id, nameOf(comp->state), comp->owner, duration::format(m_now.msecsTo(comp->leaseUntil)));
                skipped = true;
                return {};
            }
            if (comp.ok() && comp->state != TxState::Canceled) {
                // An abandoned compensation: asking again finishes it (one compensation, never two).
                auto legs = m_store.legsOfTransaction(comp->id);
                if (!legs.ok())
                    return legs.error();
                setMarkers(*legs);
                if (Error e = planResume(*comp, item); !e.ok())
                    return e;
                item.creates = comp->id;
                item.why = QCoreApplication::translate("ledger", "finishes the abandoned compensation %1: %2").arg(comp->id, item.why);
                return {};
            }
        }
        if (tx.state == TxState::Applied) {
            if (Error e = postAll(tx); !e.ok())
                return e;
        }
        // The reverse transfer: every leg with its side swapped, under the id compensate() will
        // give it (the next attempt after a canceled one).
        item.creates = compensationId(tx.id, tx.compensatedBy.isEmpty() ? 1 : compensationAttempt(tx.id, tx.compensatedBy) + 1);
        Transaction reverse = tx;
        setLegs(reverse, reversedLegs(tx.legs));
        m_markers.clear();
        QString refusal;
        if (Error e = missingHoldRefusal(reverse, refusal); !e.ok())
            return e;
        item.expected = TxState::Done;
        if (!refusal.isEmpty()) {
            item.mayBeRefused = true;
            item.expected = TxState::Canceled;
            item.why = QCoreApplication::translate("ledger", "the reverse transfer will most likely be refused: %1").arg(refusal);
            return {};
        }
        if (Error e = postAll(reverse); !e.ok())
            return e;
        if (reverse.isMultiLeg())
            item.why = tx.state == TxState::Applied
                         ? QCoreApplication::translate("ledger", "finishes it, then reverses every leg: %1").arg(moves(reverse))
                         : QCoreApplication::translate("ledger", "reverses every leg: %1").arg(moves(reverse));
        else
            item.why = tx.state == TxState::Applied ? QCoreApplication::translate("ledger", "finishes it, then moves %1 back from %2 to %3")
                                                          .arg(amount(tx.amount), reverse.source, reverse.destination)
                                                    : QCoreApplication::translate("ledger", "moves %1 back from %2 to %3")
                                                          .arg(amount(tx.amount), reverse.source, reverse.destination);
        return {};
    }

    QString amount(qint64 minor) const { return money::format(minor, m_store.scale()); }

    Result<AccountImpact *> account(const QString &id)
    {
        auto it = m_accounts.find(id);
        if (it == m_accounts.end()) {
            auto a = m_store.account(id);
            if (!a.ok() && a.code() != ErrorCode::UnknownAccount)
                return a.error();
            AccountImpact impact;
            impact.id = id;
            if (a.ok()) {
                impact.balanceBefore = impact.balanceAfter = a->balance;
                impact.pendingDebitsBefore = impact.pendingDebitsAfter = a->pendingDebits;
                impact.pendingCreditsBefore = impact.pendingCreditsAfter = a->pendingCredits;
                m_status.insert(id, a->status);
            }
            it = m_accounts.insert(id, impact);
            m_order << id;
        }
        return &it.value();
    }

    // Why a hold this transaction still has to place would be refused, or empty.
    Error missingHoldRefusal(const Transaction &tx, QString &refusal)
    {
        for (const TxLeg &leg : protocolOrder(tx.legs)) {
            if (m_markers.contains(leg.accountId))
                continue; // already held (or posted): nothing left to decide on this leg
            const QString &id = leg.accountId;
            auto a = account(id);
            if (!a.ok())
                return a.error();
            if (!m_status.contains(id)) {
                refusal = QCoreApplication::translate("ledger", "account %1 does not exist").arg(id);
                return {};
            }
            if (m_status.value(id) != AccountStatus::Open) {
                refusal = QCoreApplication::translate("ledger", "account %1 is %2").arg(id, nameOf(m_status.value(id)));
                return {};
            }
            if (leg.side == LegSide::Debit && id != kWorldAccount && (*a)->availableAfter() < leg.amount) {
                refusal = QCoreApplication::translate("ledger", "%1 has %2 available, the transfer needs %3")
                              .arg(id, amount((*a)->availableAfter()), amount(leg.amount));
                return {};
            }
        }
        return {};
    }

    Error releaseHolds()
    {
        for (const LegMarker &m : std::as_const(m_markers)) {
            if (m.status != LegStatus::Held)
                continue;
            auto a = account(m.accountId);
            if (!a.ok())
                return a.error();
            (m.side == LegSide::Debit ? (*a)->pendingDebitsAfter : (*a)->pendingCreditsAfter) -= m.amount;
        }
        return {};
    }

    bool everyLegPosted(const Transaction &tx) const
    {
        return std::all_of(tx.legs.cbegin(), tx.legs.cend(), [this](const TxLeg &leg) {
            const auto m = m_markers.constFind(leg.accountId);
            return m != m_markers.cend() && m->status == LegStatus::Posted;
        });
    }

    // Every leg of `tx` not posted yet is posted (held ones release their hold).
    Error postAll(const Transaction &tx)
    {
        for (const TxLeg &leg : tx.legs) {
            const auto m = m_markers.constFind(leg.accountId);
            if (m != m_markers.cend() && m->status == LegStatus::Posted)
                continue;
            auto a = account(leg.accountId);
            if (!a.ok())
                return a.error();
            const bool held = m != m_markers.cend() && m->status == LegStatus::Held;
            if (leg.side == LegSide::Debit) {
                (*a)->balanceAfter -= leg.amount;
                if (held)
                    (*a)->pendingDebitsAfter -= leg.amount;
            } else {
                (*a)->balanceAfter += leg.amount;
                if (held)
                    (*a)->pendingCreditsAfter -= leg.amount;
            }
        }
        return {};
    }

    Store &m_store;
    RepairPlan &m_plan;
    QMap<QString, AccountImpact> m_accounts;
    QMap<QString, AccountStatus> m_status;
    QStringList m_order;
    QHash<QString, LegMarker> m_markers; // the current transaction's, by account
    QDateTime m_now;                     // the store's clock: whose lease still runs
};

} // namespace

RepairPlan planRepair(Store &store, OperatorAction action, const QStringList &txIds)
{
    RepairPlan plan;
    plan.action = action;
    // One snapshot: the preview must not mix states from before and after someone else's write.
    plan.error = store.withSnapshot([&]() { return Simulation(store, plan).run(txIds); });
    return plan;
}

} // namespace ledger
