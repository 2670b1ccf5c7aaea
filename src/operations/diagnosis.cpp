#include "operations/diagnosis.h"

#include "ledger/duration.h"
#include "ledger/legs.h"
#include "ledger/money.h"

#include <QCoreApplication>

#include <algorithm>

namespace ledger {

namespace {

QString legWords(const Transaction &tx, const QList<LegMarker> &legs, int scale)
{
    QStringList parts;
    for (const TxLeg &leg : protocolOrder(tx.legs)) {
        const QString &account = leg.accountId;
        const auto it = std::find_if(legs.cbegin(), legs.cend(), [&](const LegMarker &m) { return m.accountId == account; });
        // A debit comes first: it starts the sentence (languages without capitals translate both
        // alike; capitalising at run time would change an account id that starts the sentence).
        const QString what = leg.side == LegSide::Credit ? QCoreApplication::translate("ledger", "the credit to %1").arg(account)
                           : parts.isEmpty()             ? QCoreApplication::translate("ledger", "The debit on %1").arg(account)
                                                         : QCoreApplication::translate("ledger", "the debit on %1").arg(account);
        if (it == legs.cend()) {
            parts << QCoreApplication::translate("ledger", "%1 is not held yet").arg(what);
            continue;
        }
        switch (it->status) {
        case LegStatus::Held:
            parts << QCoreApplication::translate("ledger", "%1 holds %2").arg(what, money::format(it->amount, scale));
            break;
        case LegStatus::Posted: parts << QCoreApplication::translate("ledger", "%1 is posted").arg(what); break;
        case LegStatus::Voided: parts << QCoreApplication::translate("ledger", "%1 is voided").arg(what); break;
        }
    }
    const QString text = parts.join(QCoreApplication::translate("ledger", "; ", "between the descriptions of a transfer's two legs"));
    return QCoreApplication::translate("ledger", "%1.", "the descriptions of a transfer's two legs, as one sentence").arg(text);
}

bool everyLegPosted(const Transaction &tx, const QList<LegMarker> &markers)
{
    return std::all_of(tx.legs.cbegin(), tx.legs.cend(), [&markers](const TxLeg &leg) {
        return std::any_of(markers.cbegin(), markers.cend(),
                           [&leg](const LegMarker &m) { return m.accountId == leg.accountId && m.status == LegStatus::Posted; });
    });
}

QString stateWords(const Transaction &tx)
{
    switch (tx.state) {
    case TxState::Initial:
        return QCoreApplication::translate("ledger", "It was recorded but never started: no money is held and nothing has moved.");
    case TxState::Pending:
        return QCoreApplication::translate("ledger",
                                           "It was started: its legs are being held, but the decision to move the money is not made yet.");
    case TxState::Applied:
        return QCoreApplication::translate("ledger", "The transfer is decided: the money must move. Only posting its legs is left.");
    case TxState::Canceling:
        return QCoreApplication::translate("ledger", "It is being canceled (%1): its holds are being released; no money will move.")
            .arg(tx.lastError.isEmpty() ? QCoreApplication::translate("ledger", "no reason recorded") : tx.lastError);
    case TxState::Done: return QCoreApplication::translate("ledger", "It is finished: the money moved.");
    case TxState::Canceled: return QCoreApplication::translate("ledger", "It is canceled: no money moved.");
    }
    return QString();
}

} // namespace

Result<Diagnosis> diagnose(Store &store, const QString &txId, qint64 stuckThresholdMs)
{
    Diagnosis d;
    const Error e = store.withSnapshot([&]() -> Error {
        auto tx = store.transaction(txId);
        if (!tx.ok())
            return tx.error();
        auto legs = store.legsOfTransaction(txId);
        if (!legs.ok())
            return legs.error();
        auto now = store.now();
        if (!now.ok())
            return now.error();
        auto journal = store.journal(DocKind::Transaction, txId);
        if (!journal.ok())
            return journal.error();
        d.tx = *tx;
        d.legs = *legs;
        d.now = *now;
        d.claim = standingClaim(d.tx, *journal);
        return {};
    });
    if (!e.ok())
        return e;
    return diagnosisOf(d.tx, d.legs, d.now, d.claim, stuckThresholdMs, store.scale());
}

Diagnosis diagnosisOf(const Transaction &transaction, const QList<LegMarker> &legs, const QDateTime &now,
                      const std::optional<OperatorClaim> &claim, qint64 stuckThresholdMs, int scale)
{
    Diagnosis d;
    d.tx = transaction;
    d.legs = legs;
    d.now = now;
    d.claim = claim;
    const Transaction &tx = d.tx;
    d.ageMs = tx.createdAt.msecsTo(d.now);
    d.idleMs = tx.lastModified.msecsTo(d.now);
    d.leaseExpired = tx.leaseUntil.isValid() && tx.leaseUntil < d.now;
    d.stuck = !isTerminal(tx.state) && (d.leaseExpired || d.idleMs >= stuckThresholdMs);
    d.state = QCoreApplication::translate("ledger", "%1 is %2, created %3 ago, last changed %4 ago. %5")
                  .arg(tx.id, nameOf(tx.state), duration::format(d.ageMs), duration::format(d.idleMs), stateWords(tx));
    if (tx.owner.isEmpty())
        d.owner = QCoreApplication::translate("ledger", "No worker ever claimed it.");
    else if (isTerminal(tx.state))
        d.owner = QCoreApplication::translate("ledger", "It was last driven by %1.").arg(tx.owner);
    else if (d.leaseExpired)
        d.owner = QCoreApplication::translate("ledger", "It belongs to %1, whose lease ran out %2 ago: that worker is most likely gone.")
                      .arg(tx.owner, duration::format(tx.leaseUntil.msecsTo(d.now)));
    else
        d.owner = QCoreApplication::translate("ledger", "It belongs to %1, whose lease runs %2 more: that worker may still be at work. "
                                                        "Taking over is safe, but waiting for the lease is gentler.")
                      .arg(tx.owner, duration::format(d.now.msecsTo(tx.leaseUntil)));
    d.legsText = legWords(tx, d.legs, scale);

    for (OperatorAction a : {OperatorAction::Resume, OperatorAction::Cancel, OperatorAction::Compensate}) {
        if (checkAction(a, tx).ok())
            d.allowed << a;
    }
    const QString amount = money::format(tx.amount, scale);
    // A many-legged transaction is told by its legs rather than "from A to B".
    const QString legsMove = describeLegs(tx.legs, scale);
    const QString legsBack = describeLegs(reversedLegs(tx.legs), scale);
    switch (tx.state) {
    case TxState::Initial:
    case TxState::Pending:
        d.recommended = OperatorAction::Resume;
        d.recommendation =
            tx.isMultiLeg()
                ? QCoreApplication::translate("ledger",
                                              "Resume it: the holds are placed again (those already there are kept) and, if all succeed, "
                                              "the money moves (%1). If a hold is refused (funds, frozen account) it is canceled "
                                              "instead and every hold is released. Cancel it instead if the transfer should not happen.")
                      .arg(legsMove)
                : QCoreApplication::translate("ledger",
                                              "Resume it: the holds are placed again (those already there are kept) and, if both succeed, "
                                              "%1 moves from %2 to %3. If a hold is refused (funds, frozen account) it is canceled "
                                              "instead and every hold is released. Cancel it instead if the transfer should not happen.")
                      .arg(amount, tx.source, tx.destination);
        break;
    case TxState::Applied:
        d.recommended = OperatorAction::Resume;
        // Every leg already posted: the money moved, and resuming only records it done (the
        // preview then shows no account changing; it must not say the money is still to move).
        d.recommendation =
            everyLegPosted(tx, d.legs)
                ? (tx.isMultiLeg()
                       ? QCoreApplication::translate("ledger", "Resume it: every leg is already posted, so the money has moved (%1); "
                                                               "resuming only marks it done. It cannot be canceled any more; to undo "
                                                               "it, compensate it once it is done.")
                             .arg(legsMove)
                       : QCoreApplication::translate("ledger", "Resume it: both legs are already posted, so %1 has moved from %2 to %3; "
                                                               "resuming only marks it done. It cannot be canceled any more; to undo "
                                                               "it, compensate it once it is done.")
                             .arg(amount, tx.source, tx.destination))
            : tx.isMultiLeg()
                ? QCoreApplication::translate("ledger",
                                              "Resume it: every leg is posted and the money moves (%1). It cannot be canceled any more; "
                                              "to undo it, compensate it once it is done.")
                      .arg(legsMove)
                : QCoreApplication::translate("ledger",
                                              "Resume it: both legs are posted and %1 moves from %2 to %3. It cannot be canceled any more; "
                                              "to undo it, compensate it once it is done.")
                      .arg(amount, tx.source, tx.destination);
        break;
    case TxState::Canceling:
        d.recommended = OperatorAction::Resume;
        d.recommendation =
            QCoreApplication::translate("ledger", "Resume it: the cancel is finished, every leg is voided and every hold is released. "
                                                  "No money moves.");
        break;
    case TxState::Done:
        d.recommendation = !(tx.kind == TxKind::Transfer && tx.compensatedBy.isEmpty())
                             ? QCoreApplication::translate("ledger", "Nothing is stuck and nothing needs doing.")
                         : tx.isMultiLeg()
                             ? QCoreApplication::translate(
                                   "ledger", "Nothing is stuck. If the transfer was wrong, compensate it: every leg is reversed (%1).")
                                   .arg(legsBack)
                             : QCoreApplication::translate(
                                   "ledger", "Nothing is stuck. If the transfer was wrong, compensate it: %1 moves back from %2 to %3.")
                                   .arg(amount, tx.destination, tx.source);
        break;
    case TxState::Canceled:
        d.recommendation = QCoreApplication::translate("ledger", "Nothing is stuck and nothing needs doing: no money moved.");
        break;
    }
    return d;
}

Verification verifyFinished(Store &store, const QString &txId)
{
    Verification v;
    auto tx = store.transaction(txId);
    if (!tx.ok()) {
        v.error = tx.error();
        v.message = tx.error().localized();
        return v;
    }
    auto legs = store.legsOfTransaction(txId);
    if (!legs.ok()) {
        v.error = legs.error();
        v.message = legs.error().localized();
        return v;
    }
    return verificationOf(*tx, *legs, store.scale());
}

Verification verificationOf(const Transaction &transaction, const QList<LegMarker> &legs, int scale)
{
    Verification v;
    const Transaction &tx = transaction;
    const QString &txId = transaction.id;
    if (!isTerminal(tx.state)) {
        v.message = QCoreApplication::translate("ledger", "%1 is still %2.").arg(txId, nameOf(tx.state));
        return v;
    }
    int posted = 0;
    for (const LegMarker &m : legs) {
        if (m.status == LegStatus::Held) {
            v.message = QCoreApplication::translate("ledger", "%1 is %2 but still holds %3 on %4.")
                            .arg(txId, nameOf(tx.state), money::format(m.amount, scale), m.accountId);
            return v;
        }
        posted += m.status == LegStatus::Posted ? 1 : 0;
    }
    if (tx.state == TxState::Done && posted != tx.legs.size()) {
        v.message = QCoreApplication::translate("ledger", "%1 is done but only %2 of its legs are posted.").arg(txId).arg(posted);
        return v;
    }
    if (tx.state == TxState::Canceled && posted != 0) {
        v.message = QCoreApplication::translate("ledger", "%1 is canceled but has a posted leg.").arg(txId);
        return v;
    }
    v.ok = true;
    v.message = tx.state == TxState::Done
                  ? QCoreApplication::translate("ledger", "%1 is done: every leg is posted and no hold is left.").arg(txId)
                  : QCoreApplication::translate("ledger", "%1 is canceled: no leg is posted and no hold is left.").arg(txId);
    return v;
}

} // namespace ledger
