// The coordinator's drive loop: from a claimed document to done or canceled, one single-document
// write at a time, with the fault hook after each write.
//
// Every leg is visited in protocolOrder (debits, then credits, each by account id):
// pending:   hold every leg (idempotent), then pending → applied; a refused hold
//            (funds, frozen, closed, unknown, overflow) turns it into a cancel.
// applied:   post every leg, then applied → done. Never canceled: the decision is made.
// canceling: void every leg (tombstones where no hold landed), then canceling → canceled.
#include "ledger/legs.h"
#include "ledger/statemachine.h"
#include "protocol/coordinator.h"

#include <QCoreApplication>

namespace ledger {

namespace {

Step holdStep(LegSide side) { return side == LegSide::Debit ? Step::HoldDebit : Step::HoldCredit; }
Step postStep(LegSide side) { return side == LegSide::Debit ? Step::PostDebit : Step::PostCredit; }
Step voidStep(LegSide side) { return side == LegSide::Debit ? Step::VoidDebit : Step::VoidCredit; }

// The journal's words for "every leg <did>": "both legs held" for two, as it always said.
QString everyLeg(const Transaction &tx, const char *did)
{
    return tx.legs.size() == 2 ? QStringLiteral("both legs %1").arg(QLatin1String(did))
                               : QStringLiteral("all %1 legs %2").arg(tx.legs.size()).arg(QLatin1String(did));
}

TxOutcome finished(const Transaction &tx)
{
    TxOutcome o;
    o.tx = tx;
    return o;
}

} // namespace

bool Coordinator::afterWrite(Step step, const QString &txId)
{
    return !m_options.hook || m_options.hook(step, txId) == HookAction::Continue;
}

TxOutcome Coordinator::stopped(const Transaction &tx, Step step)
{
    TxOutcome o;
    o.tx = tx;
    o.error = makeError(ErrorCode::Interrupted,
                        Message::translate("ledger", "%1: stopped by a fault hook right after %2").arg(tx.id, nameOf(step)));
    return o;
}

Result<CasOutcome> Coordinator::claim(const Transaction &tx, const QString &event, const QString &detail)
{
    TxChange c;
    c.newState = tx.state == TxState::Initial ? TxState::Pending : tx.state;
    c.claim = true;
    c.newOwner = m_options.worker;
    c.leaseMs = m_options.leaseMs;
    c.actor = m_options.actor;
    c.request = m_options.request;
    c.event = event;
    c.detail = detail;
    return m_store.updateTransaction(tx.id, TxGuard::of(tx), c);
}

Result<CasOutcome> Coordinator::advance(const Transaction &tx, TxState to, const QString &event, const QString &detail,
                                        std::optional<QString> lastError)
{
    TxChange c;
    c.newState = to;
    c.leaseMs = m_options.leaseMs;
    c.lastError = std::move(lastError);
    c.actor = m_options.actor;
    c.request = m_options.request;
    c.event = event;
    c.detail = detail;
    return m_store.updateTransaction(tx.id, TxGuard::of(tx), c);
}

TxOutcome Coordinator::claimAndDrive(const Transaction &tx, const QString &event, const QString &detail, Purpose purpose)
{
    auto cas = claim(tx, event, detail);
    if (!cas.ok())
        return TxOutcome{cas.error(), tx, false, false, QString()};
    if (!cas->applied)
        return movedByOther(cas->tx, purpose);
    if (!afterWrite(Step::Claim, tx.id))
        return stopped(cas->tx, Step::Claim);
    return drive(cas->tx, purpose);
}

TxOutcome Coordinator::drive(Transaction tx, Purpose purpose)
{
    switch (tx.state) {
    case TxState::Pending: return driveHolds(tx, purpose);
    case TxState::Applied: return drivePosts(tx, purpose);
    case TxState::Canceling: return driveVoids(tx, purpose);
    case TxState::Done:
    case TxState::Canceled: return finished(tx);
    case TxState::Initial: break;
    }
    return TxOutcome{makeError(ErrorCode::Internal, QStringLiteral("%1 is initial after a claim").arg(tx.id)), tx, false, false, QString()};
}

TxOutcome Coordinator::driveHolds(Transaction tx, Purpose purpose)
{
    for (const TxLeg &leg : protocolOrder(tx.legs)) {
        const LegSide side = leg.side;
        auto held = m_store.hold(tx.id, leg.accountId, side, leg.amount);
        if (!held.ok()) {
            if (exitStatusOf(held.code()) == ExitStatus::Refused)
                return cancelAfterRefusal(tx, held.error(), purpose);
            return recordFailure(tx, held.error());
        }
        if (held->status != LegStatus::Held) {
            // A voided or posted marker: someone canceled or finished this transaction while we
            // were not looking. Our hold did nothing; see how they left it.
            auto current = m_store.transaction(tx.id);
            if (!current.ok())
                return TxOutcome{current.error(), tx, false, false, QString()};
            return movedByOther(*current, purpose);
        }
        if (!afterWrite(holdStep(side), tx.id))
            return stopped(tx, holdStep(side));
    }
    auto cas = advance(tx, TxState::Applied, QStringLiteral("state"), everyLeg(tx, "held"));
    if (!cas.ok())
        return TxOutcome{cas.error(), tx, false, false, QString()};
    if (!cas->applied)
        return movedByOther(cas->tx, purpose);
    if (!afterWrite(Step::Applied, tx.id))
        return stopped(cas->tx, Step::Applied);
    return drivePosts(cas->tx, purpose);
}

TxOutcome Coordinator::drivePosts(Transaction tx, Purpose purpose)
{
    for (const TxLeg &leg : protocolOrder(tx.legs)) {
        const LegSide side = leg.side;
        auto posted = m_store.post(tx.id, leg.accountId);
        if (!posted.ok())
            return recordFailure(tx, posted.error());
        if (!afterWrite(postStep(side), tx.id))
            return stopped(tx, postStep(side));
    }
    auto cas = advance(tx, TxState::Done, QStringLiteral("state"), everyLeg(tx, "posted"), QString());
    if (!cas.ok())
        return TxOutcome{cas.error(), tx, false, false, QString()};
    if (!cas->applied)
        return movedByOther(cas->tx, purpose);
    if (!afterWrite(Step::Done, tx.id))
        return stopped(cas->tx, Step::Done);
    return finished(cas->tx);
}

TxOutcome Coordinator::driveVoids(Transaction tx, Purpose purpose)
{
    for (const TxLeg &leg : protocolOrder(tx.legs)) {
        const LegSide side = leg.side;
        auto voided = m_store.voidLeg(tx.id, leg.accountId, side, leg.amount);
        if (!voided.ok())
            return recordFailure(tx, voided.error());
        if (!afterWrite(voidStep(side), tx.id))
            return stopped(tx, voidStep(side));
    }
    auto cas = advance(tx, TxState::Canceled, QStringLiteral("state"), everyLeg(tx, "voided"));
    if (!cas.ok())
        return TxOutcome{cas.error(), tx, false, false, QString()};
    if (!cas->applied)
        return movedByOther(cas->tx, purpose);
    if (!afterWrite(Step::Canceled, tx.id))
        return stopped(cas->tx, Step::Canceled);
    return finished(cas->tx);
}

TxOutcome Coordinator::cancelAfterRefusal(const Transaction &tx, const Error &refusal, Purpose purpose)
{
    // The code word leads lastError, so whoever reads the document later (a retry with the same
    // key, the console) can tell why it was canceled.
    const QString lastError = QStringLiteral("%1: %2").arg(codeWord(refusal.code), refusal.message);
    auto cas = advance(tx, TxState::Canceling, QStringLiteral("refused"), refusal.message, lastError);
    if (!cas.ok())
        return TxOutcome{cas.error(), tx, false, false, QString()};
    if (!cas->applied)
        return movedByOther(cas->tx, purpose);
    if (!afterWrite(Step::Canceling, tx.id))
        return stopped(cas->tx, Step::Canceling);
    TxOutcome o = driveVoids(cas->tx, purpose);
    if (o.ok() && o.tx && o.tx->state == TxState::Canceled)
        o.error = makeError(refusal.code, Message::translate("ledger", "%1; %2 was canceled").arg(refusal.text(), Message(tx.id)));
    return o;
}

TxOutcome Coordinator::recordFailure(const Transaction &tx, const Error &error)
{
    // Leave the document where it is (recovery or an operator picks it up) but say what went
    // wrong on it. If the store itself is failing this write fails too; the caller still learns.
    // A canceling document keeps the reason it is being canceled for in lastError (a retry with
    // its key must repeat that refusal); the passing error goes to the journal only.
    std::optional<QString> lastError;
    if (tx.state != TxState::Canceling)
        lastError = QStringLiteral("%1: %2").arg(codeWord(error.code), error.message);
    auto noted =
        advance(tx, tx.state, QStringLiteral("error"), QStringLiteral("%1: %2").arg(codeWord(error.code), error.message), lastError);
    TxOutcome o;
    o.error = error;
    o.tx = noted.ok() && noted->applied ? noted->tx : tx;
    return o;
}

TxOutcome Coordinator::movedByOther(const Transaction &current, Purpose purpose)
{
    TxOutcome o;
    o.tx = current;
    o.byOther = true;
    const Message who = current.owner.isEmpty() ? Message::translate("ledger", "someone else") : Message(current.owner);
    // Someone else reached the end this call was driving towards: that is no conflict.
    if ((current.state == TxState::Done && purpose != Purpose::Cancel)
        || (current.state == TxState::Canceled && purpose == Purpose::Resume)) {
        o.note = Message::translate("ledger", "finished by %1 (%2)").arg(who, Message(nameOf(current.state))).local();
        return o;
    }
    if ((current.state == TxState::Canceled || current.state == TxState::Canceling) && purpose == Purpose::Cancel) {
        o.note = Message::translate("ledger", "canceled by %1").arg(who).local();
        return o;
    }
    o.error = makeError(ErrorCode::Conflict, Message::translate("ledger", "someone else moved %1 first: it is now %2 (owner %3, epoch %4)")
                                                 .arg(current.id, nameOf(current.state), who)
                                                 .arg(current.epoch));
    return purpose == Purpose::Transfer ? answerForRequester(o) : o;
}

TxOutcome Coordinator::answerForRequester(TxOutcome o)
{
    // What the client who asked for a transfer (or a compensation) is told, whoever drove it:
    // done is success, canceled or canceling is the reason it was (or is being) canceled, and
    // still in flight under another owner is accepted, not refused — it will be finished.
    if (!o.tx || o.error.code == ErrorCode::Interrupted || o.error.isStoreFailure() || o.error.code == ErrorCode::ProtocolViolation)
        return o;
    switch (o.tx->state) {
    case TxState::Canceled:
    case TxState::Canceling:
        if (o.error.ok() || o.error.code == ErrorCode::Conflict)
            o.error = whyCanceled(*o.tx);
        break;
    case TxState::Done: o.error = {}; break;
    case TxState::Initial:
    case TxState::Pending:
    case TxState::Applied:
        if (o.error.code == ErrorCode::Conflict) {
            o.error = {};
            o.note =
                QCoreApplication::translate("ledger", "taken over by %1; it is %2 and will be finished there")
                    .arg(o.tx->owner.isEmpty() ? QCoreApplication::translate("ledger", "someone else") : o.tx->owner, nameOf(o.tx->state));
        }
        break;
    }
    return o;
}

TxOutcome Coordinator::ensureLinked(const Transaction &compensation)
{
    Q_ASSERT(compensation.kind == TxKind::Compensation);
    for (int round = 0; round < 4; ++round) {
        auto original = m_store.transaction(compensation.compensates);
        if (!original.ok())
            return TxOutcome{original.error(), compensation, false, false, QString()};
        if (original->compensatedBy == compensation.id)
            return finished(compensation);
        if (!original->compensatedBy.isEmpty()) {
            auto other = m_store.transaction(original->compensatedBy);
            if (!other.ok() && other.code() != ErrorCode::NotFound)
                return TxOutcome{other.error(), compensation, false, false, QString()};
            if (other.ok() && other->state != TxState::Canceled) {
                // Another compensation is in charge; this one must never move money.
                TxChange c;
                c.newState = TxState::Canceled;
                c.claim = true;
                c.newOwner = m_options.worker;
                c.leaseMs = m_options.leaseMs;
                c.lastError = QStringLiteral("superseded: %1 already compensates %2").arg(other->id, original->id);
                c.actor = m_options.actor;
                c.request = m_options.request;
                c.event = QStringLiteral("superseded");
                auto cas = m_store.updateTransaction(compensation.id, TxGuard::of(compensation), c);
                if (!cas.ok())
                    return TxOutcome{cas.error(), compensation, false, false, QString()};
                return TxOutcome{makeError(ErrorCode::Conflict, *c.lastError), cas->tx, false, !cas->applied, QString()};
            }
        }
        // The operator's reason goes with the link on the original, where its journal (and the
        // console's Operator actions) show the repair: "compensated by X.rev: paid twice".
        const QString why = compensation.memo.section(QStringLiteral(": "), 1, -1);
        auto link = m_store.linkCompensation(original->id, original->compensatedBy, compensation.id,
                                             Acting(m_options.actor, m_options.request), m_options.worker,
                                             why.isEmpty() ? QString() : QStringLiteral("compensated by %1: %2").arg(compensation.id, why));
        if (!link.ok())
            return TxOutcome{link.error(), compensation, false, false, QString()};
        if (link->applied) {
            if (!afterWrite(Step::Link, compensation.id))
                return stopped(compensation, Step::Link);
            return finished(compensation);
        }
    }
    return TxOutcome{
        makeError(ErrorCode::Conflict, Message::translate("ledger", "the link of %1 kept changing").arg(compensation.compensates)),
        compensation, false, true, QString()};
}

} // namespace ledger
