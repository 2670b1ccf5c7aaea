// The coordinator's entry points: what an operator or a client asks for, validated, turned into
// documents and handed to the drive loop (coordinator_drive.cpp).
#include "protocol/coordinator.h"

#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "ledger/statemachine.h"
#include "store/documentrules.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QSysInfo>

namespace ledger {

namespace {

QString makeWorkerId(const QString &actor)
{
    static QAtomicInteger<quint32> counter;
    return QStringLiteral("%1@%2/%3/%4")
        .arg(actor.left(32), QSysInfo::machineHostName().left(64))
        .arg(QCoreApplication::applicationPid())
        .arg(counter.fetchAndAddRelaxed(1) + 1);
}

TxOutcome failure(const Error &error, std::optional<Transaction> tx = std::nullopt)
{
    TxOutcome o;
    o.error = error;
    o.tx = std::move(tx);
    return o;
}

bool sameRequest(const Transaction &tx, const TransferRequest &r)
{
    return tx.kind == TxKind::Transfer && tx.legs == r.allLegs() && tx.memo == r.memo;
}

// What each state a call can leave a transaction in without finishing it means for its money.
// `applied` is past the commit point: it will move, nothing can stop that, but until its legs are
// posted no balance shows it, so it is not finished either (DESIGN §2).
struct UnfinishedWords {
    TxState state;
    const char *words;
};
constexpr UnfinishedWords kUnfinishedWords[] = {
    {TxState::Initial, QT_TRANSLATE_NOOP("ledger", "%1 is initial: accepted, not started; no money has moved")},
    {TxState::Pending, QT_TRANSLATE_NOOP("ledger", "%1 is pending: accepted, not finished; no money has moved yet")},
    {TxState::Applied,
     QT_TRANSLATE_NOOP("ledger", "%1 is applied: past its commit point, its money will move, but it is not all posted yet")},
    {TxState::Canceling, QT_TRANSLATE_NOOP("ledger", "%1 is canceling: no money will move, but its holds are not all released yet")},
};

} // namespace

bool TxOutcome::unfinished() const { return ok() && tx && !isTerminal(tx->state); }

Error notFinished(const TxOutcome &outcome) { return outcome.unfinished() ? notFinished(*outcome.tx, outcome.note) : Error{}; }

Error notFinished(const Transaction &tx, const QString &note)
{
    for (const UnfinishedWords &w : kUnfinishedWords) {
        if (w.state != tx.state)
            continue;
        // The note is in this process's language only (TxOutcome::note): both sides carry it.
        const Message said = Message::translate("ledger", w.words).arg(tx.id);
        return makeError(ErrorCode::NotFinished, note.isEmpty() ? said : said + Message(QStringLiteral(" (%1)").arg(note)));
    }
    return {}; // done or canceled: finished
}

QList<TxLeg> TransferRequest::allLegs() const { return legs.isEmpty() ? twoLegs(source, destination, amount) : legs; }

Error Coordinator::whyCanceled(const Transaction &tx)
{
    const QString word = tx.lastError.section(QStringLiteral(": "), 0, 0);
    const ErrorCode code = errorCodeFromWord(word);
    if (code != ErrorCode::None)
        return makeError(code, Message::translate("ledger", "%1; %2 was canceled")
                                   .arg(Message(tx.lastError.section(QStringLiteral(": "), 1)), Message(tx.id)));
    // The recorded reason is English (it is the document's); the frame is the reader's.
    const Message reason = tx.lastError.isEmpty() ? Message::translate("ledger", "no reason recorded") : Message(tx.lastError);
    return makeError(ErrorCode::Conflict, Message::translate("ledger", "%1 was canceled (%2)").arg(Message(tx.id), reason));
}

Coordinator::Coordinator(DocumentStore &store, CoordinatorOptions options)
    : m_store(store)
    , m_options(std::move(options))
{
    if (m_options.worker.isEmpty())
        m_options.worker = makeWorkerId(m_options.actor);
    if (m_options.leaseMs <= 0)
        m_options.leaseMs = 30'000;
}

QString Coordinator::amountText(qint64 minor) const { return money::format(minor, m_store.scale()); }

TxOutcome Coordinator::openAccount(const QString &id, const QString &name, qint64 opening, Account *created)
{
    if (Error e = checkNewAccountId(id); !e.ok())
        return failure(e);
    if (Error e = checkText(name, QT_TRANSLATE_NOOP("ledger", "account name"), kMaxNameLength, true); !e.ok())
        return failure(e);
    if (opening < 0)
        return failure(makeError(ErrorCode::InvalidAmount, Message::translate("ledger", "an opening balance cannot be negative")));
    if (opening > 0) {
        // What would refuse the opening transfer's hold on @world (an amount beyond what it can
        // pay out) refuses the request before the account is written, so that it is all or
        // nothing. (A concurrent opening could still get there first: then the message below.)
        auto world = m_store.account(kWorldAccount);
        if (!world.ok())
            return failure(world.error());
        const rules::LegDecision d = rules::hold(QString(), kWorldAccount, std::nullopt, *world, LegSide::Debit, opening, m_store.scale());
        if (!d.refusal.ok())
            return failure(d.refusal);
    }
    auto account = m_store.createAccount(id, name, Acting(m_options.actor, m_options.request));
    if (!account.ok())
        return failure(account.error());
    if (created)
        *created = *account;
    return payOpening(id, opening);
}

TxOutcome Coordinator::payOpening(const QString &id, qint64 opening)
{
    if (opening == 0)
        return {};
    // The opening balance is an ordinary transfer from @world, keyed so that a retry cannot
    // pay it twice. The account exists whatever happens to it; say so when it fails.
    TxOutcome o = transfer({kWorldAccount, id, opening, QStringLiteral("opening balance"), QStringLiteral("opening:") + id});
    if (!o.ok())
        o.error.message = QStringLiteral("account %1 was created, but its opening balance was not paid: %2; "
                                         "pay it with 'ledgerctl transfer @world %1 %3 --key opening:%1'")
                              .arg(id, o.error.message, amountText(opening));
    return o;
}

TxOutcome Coordinator::transfer(const TransferRequest &r)
{
    if (r.legs.isEmpty()) {
        // The two-account transfer's own words (its fields are named source and destination).
        if (Error e = checkAccountId(r.source, QT_TRANSLATE_NOOP("ledger", "source account id")); !e.ok())
            return failure(e);
        if (Error e = checkAccountId(r.destination, QT_TRANSLATE_NOOP("ledger", "destination account id")); !e.ok())
            return failure(e);
        if (r.source == r.destination)
            return failure(
                makeError(ErrorCode::SameAccount,
                          Message::translate("ledger", "source and destination are both %1; a transfer needs two accounts").arg(r.source)));
        if (r.amount <= 0)
            return failure(makeError(ErrorCode::InvalidAmount, Message::translate("ledger", "amount must be greater than zero")));
    } else if (Error e = checkLegs(r.legs, m_store.scale()); !e.ok()) {
        return failure(e);
    }
    const QList<TxLeg> legs = r.allLegs();
    if (Error e = checkText(r.memo, QT_TRANSLATE_NOOP("ledger", "memo"), kMaxMemoLength, true); !e.ok())
        return failure(e);
    if (!r.idempotencyKey.isEmpty()) {
        if (Error e = checkIdempotencyKey(r.idempotencyKey); !e.ok())
            return failure(e);
    }
    // Unknown accounts are refused before any document exists: there would be nothing to
    // cancel. Frozen, closed and funds are decided by the holds, so those refusals are recorded
    // on a canceled document.
    if (auto accounts = m_store.accountsNamed(accountsOf(legs)); !accounts.ok())
        return failure(accounts.error());

    NewTransaction n;
    n.idempotencyKey = r.idempotencyKey;
    n.kind = TxKind::Transfer;
    n.legs = legs;
    n.memo = r.memo;
    n.actor = m_options.actor;
    n.request = m_options.request;
    n.worker = m_options.worker;
    // From the legs: a two-account transfer may also come as --from/--to.
    n.detail =
        isTwoAccountTransfer(legs)
            ? QStringLiteral("transfer of %1 from %2 to %3").arg(amountText(legs[0].amount), legs[0].accountId, legs[1].accountId)
            : QStringLiteral("transfer of %1: %2").arg(amountText(sideTotal(legs, LegSide::Debit)), describeLegs(legs, m_store.scale()));
    for (int tries = 0;; ++tries) {
        n.id = newTransactionId();
        auto ins = m_store.insertTransaction(n);
        if (!ins.ok())
            return failure(ins.error());
        if (ins->inserted) {
            if (!afterWrite(Step::Insert, n.id))
                return stopped(ins->tx, Step::Insert);
            return claimAndDrive(ins->tx, QStringLiteral("claimed"), QString(), Purpose::Transfer);
        }
        const Transaction &existing = ins->tx;
        if (!r.idempotencyKey.isEmpty() && existing.idempotencyKey == r.idempotencyKey) {
            if (!sameRequest(existing, r))
                return failure(
                    makeError(ErrorCode::KeyConflict,
                              Message::translate("ledger", "idempotency key %1 was already used by %2 for a different request "
                                                           "(%3)")
                                  .arg(quoteForMessage(r.idempotencyKey), existing.id, describeLegs(existing.legs, m_store.scale()))),
                    existing);
            return adoptExisting(existing, QStringLiteral("submitted again with the same idempotency key"), Adopt::ClientRetry);
        }
        if (tries >= 3) // three random 80-bit collisions in a row: something is badly wrong
            return failure(makeError(ErrorCode::Internal, QStringLiteral("could not find a free transaction id")));
    }
}

TxOutcome Coordinator::adoptExisting(const Transaction &existing, const QString &why, Adopt adopt)
{
    TxOutcome o;
    o.tx = existing;
    o.existing = true;
    if (isTerminal(existing.state))
        return answerForRequester(o);
    // Still in flight. Take it over only if its driver is evidently gone (lease expired, or
    // never claimed for longer than a lease); otherwise leave it to its driver.
    auto now = m_store.now();
    if (!now.ok())
        return failure(now.error(), existing);
    // A document nobody claimed yet may belong to a client that is about to claim it; an
    // operator who asks again means "finish it", a client retry waits a lease first.
    const bool unclaimedTooLong =
        existing.owner.isEmpty() && (adopt == Adopt::OperatorAsked || existing.createdAt.msecsTo(*now) > m_options.leaseMs);
    const bool leaseExpired = existing.leaseUntil.isValid() && existing.leaseUntil < *now;
    if (!unclaimedTooLong && !leaseExpired) {
        o.note = existing.owner.isEmpty() ? QCoreApplication::translate("ledger", "just submitted; it is being started")
                                          : QCoreApplication::translate("ledger", "in progress, driven by %1").arg(existing.owner);
        return answerForRequester(o); // a canceling one is decided: the same refusal as the first time
    }
    if (adopt == Adopt::ClientRetry && m_options.beforeTakingOver) {
        auto leave = m_options.beforeTakingOver(existing, *now);
        if (!leave.ok())
            return failure(leave.error(), existing);
        if (leave->has_value()) {
            o.note = **leave;
            return answerForRequester(o);
        }
    }
    TxOutcome taken = answerForRequester(recover(existing, why));
    taken.existing = true;
    return taken;
}

TxOutcome Coordinator::resume(const QString &txId, const QString &reason)
{
    if (Error e = checkTxId(txId); !e.ok())
        return failure(e);
    if (Error e = checkText(reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return failure(e);
    for (int round = 0;; ++round) {
        auto tx = m_store.transaction(txId);
        if (!tx.ok())
            return failure(tx.error());
        if (Error e = checkAction(OperatorAction::Resume, *tx); !e.ok())
            return failure(e, *tx);
        Transaction current = *tx;
        if (current.kind == TxKind::Compensation && current.state == TxState::Initial) {
            TxOutcome linked = ensureLinked(current);
            if (!linked.ok() || linked.tx->state != TxState::Initial)
                return linked;
            current = *linked.tx;
        }
        auto cas = claim(current, QStringLiteral("resume"), reason);
        if (!cas.ok())
            return failure(cas.error(), current);
        if (!cas->applied) {
            // Moved between our read and our claim; the operator's intent still stands.
            if (round < 3 && !isTerminal(cas->tx.state))
                continue;
            return movedByOther(cas->tx, Purpose::Resume);
        }
        if (!afterWrite(Step::Claim, txId))
            return stopped(cas->tx, Step::Claim);
        return drive(cas->tx, Purpose::Resume);
    }
}

TxOutcome Coordinator::cancel(const QString &txId, const QString &reason)
{
    if (Error e = checkTxId(txId); !e.ok())
        return failure(e);
    if (Error e = checkText(reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return failure(e);
    const QString why =
        QStringLiteral("canceled by %1%2").arg(m_options.actor, reason.isEmpty() ? QString() : QStringLiteral(": ") + reason);
    for (int round = 0;; ++round) {
        auto tx = m_store.transaction(txId);
        if (!tx.ok())
            return failure(tx.error());
        if (Error e = checkAction(OperatorAction::Cancel, *tx); !e.ok())
            return failure(e, *tx);
        // From initial nothing was held: straight to canceled. From pending: canceling, then
        // void both legs. Either way the cancel claims the document (epoch + 1), so a stalled
        // worker's next compare-and-set fails and its late holds hit tombstones.
        const bool fromInitial = tx->state == TxState::Initial;
        TxChange c;
        c.newState = fromInitial ? TxState::Canceled : TxState::Canceling;
        c.claim = true;
        c.newOwner = m_options.worker;
        c.leaseMs = m_options.leaseMs;
        c.lastError = why;
        c.actor = m_options.actor;
        c.request = m_options.request;
        c.event = QStringLiteral("cancel");
        c.detail = reason;
        auto cas = m_store.updateTransaction(txId, TxGuard::of(*tx), c);
        if (!cas.ok())
            return failure(cas.error(), *tx);
        if (!cas->applied) {
            if (round < 3 && checkAction(OperatorAction::Cancel, cas->tx).ok())
                continue;
            return movedByOther(cas->tx, Purpose::Cancel);
        }
        if (fromInitial) {
            if (!afterWrite(Step::Canceled, txId))
                return stopped(cas->tx, Step::Canceled);
            TxOutcome o;
            o.tx = cas->tx;
            return o;
        }
        if (!afterWrite(Step::Canceling, txId))
            return stopped(cas->tx, Step::Canceling);
        return driveVoids(cas->tx, Purpose::Cancel);
    }
}

TxOutcome Coordinator::compensate(const QString &txId, const QString &reason)
{
    if (Error e = checkTxId(txId); !e.ok())
        return failure(e);
    if (Error e = checkText(reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return failure(e);
    auto found = m_store.transaction(txId);
    if (!found.ok())
        return failure(found.error());
    Transaction original = *found;
    if (Error e = checkAction(OperatorAction::Compensate, original); !e.ok())
        return failure(e, original);
    if (original.state == TxState::Applied) {
        // The decision is made: finish it first, then reverse it.
        TxOutcome finished = resume(txId, QStringLiteral("finishing before compensation"));
        if (!finished.ok())
            return finished;
        if (!finished.tx || finished.tx->state != TxState::Done)
            return failure(
                makeError(ErrorCode::Conflict, Message::translate("ledger", "%1 did not reach done; not compensating it").arg(txId)),
                finished.tx);
        original = *finished.tx;
    }

    int attempt = 1;
    if (!original.compensatedBy.isEmpty()) {
        auto linked = m_store.transaction(original.compensatedBy);
        if (!linked.ok())
            return failure(linked.error(), original);
        if (linked->state != TxState::Canceled)
            return adoptExisting(*linked, QStringLiteral("compensation asked for again"), Adopt::OperatorAsked);
        attempt = qMax(1, compensationAttempt(original.id, original.compensatedBy) + 1);
    }

    // Ids are derived from the original, so two operators asking at once walk the same
    // sequence and meet on the same document; canceled attempts are stepped over.
    NewTransaction n;
    n.kind = TxKind::Compensation;
    n.compensates = original.id;
    n.legs = reversedLegs(original.legs);
    n.memo = QStringLiteral("compensates %1%2").arg(original.id, reason.isEmpty() ? QString() : QStringLiteral(": ") + reason);
    n.actor = m_options.actor;
    n.request = m_options.request;
    n.worker = m_options.worker;
    n.detail = reason;
    Transaction compensation;
    bool inserted = false;
    for (;; ++attempt) {
        if (attempt > 1000)
            return failure(makeError(ErrorCode::Internal, QStringLiteral("%1 has 1000 canceled compensations").arg(txId)), original);
        n.id = compensationId(original.id, attempt);
        auto ins = m_store.insertTransaction(n);
        if (!ins.ok())
            return failure(ins.error(), original);
        if (ins->inserted || ins->tx.state != TxState::Canceled) {
            compensation = ins->tx;
            inserted = ins->inserted;
            break;
        }
    }
    if (inserted && !afterWrite(Step::Insert, compensation.id))
        return stopped(compensation, Step::Insert);
    if (compensation.state == TxState::Initial) {
        TxOutcome linked = ensureLinked(compensation);
        if (!linked.ok() || linked.tx->state != TxState::Initial)
            return linked;
        compensation = *linked.tx;
    }
    if (!inserted)
        return adoptExisting(compensation, QStringLiteral("compensation asked for again"), Adopt::OperatorAsked);
    return claimAndDrive(compensation, QStringLiteral("claimed"), reason, Purpose::Transfer);
}

TxOutcome Coordinator::recover(const Transaction &snapshot, const QString &why)
{
    Transaction tx = snapshot;
    if (tx.kind == TxKind::Compensation && tx.state == TxState::Initial) {
        TxOutcome linked = ensureLinked(tx);
        if (!linked.ok() || linked.tx->state != TxState::Initial)
            return linked;
        tx = *linked.tx;
    }
    return claimAndDrive(tx, QStringLiteral("recovered"), why, Purpose::Recover);
}

} // namespace ledger
