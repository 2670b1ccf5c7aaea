#pragma once
// The coordinator: transfer, resume, cancel, compensate and recover one transaction, exactly as
// DESIGN.md §2 says. Every state change is a compare-and-set on (id, state, owner, epoch); a
// write that matches nothing means someone else moved the document: it re-reads, never
// overwrites. Leg markers make every account write idempotent and order-proof.
//
// Threading: a Coordinator drives one Store (one connection), so it belongs to the thread that
// owns that Store. Run one Coordinator per thread to work in parallel; they coordinate only
// through the store.

#include "ledger/approvals.h"
#include "protocol/faults.h"
#include "store/documentstore.h"

namespace ledger {

struct CoordinatorOptions {
    // Who asks: the operator's name, or "recovery". Goes into the journal.
    QString actor = QStringLiteral("operator");
    // The client's request this coordinator answers (its idempotency key through ledgerd; "" none):
    // written into every journal row it writes (JournalEntry::request), where the request sent
    // again finds them (operations/requestreplay.h).
    QString request;
    // The owner id written on claims; made unique per coordinator when empty.
    QString worker;
    // How long a claim holds the transaction before recovery may take it over.
    qint64 leaseMs = 30'000;
    // Called after every committed protocol write (fault injection, tests, the demo).
    StepHook hook;
    // Asked (with the store's time) before a client's retry of its idempotency key takes over a
    // transaction whose driver is gone: why to leave it as it stands (a person is deciding it), or nothing to take it
    // over; an error fails the retry, with nothing written. The retry left alone is answered
    // with the unfinished transaction and that why as its note. Empty: take it over. Callers
    // that serve clients set operations/claims.h's claimsHoldOffRetries (an operator's claim).
    std::function<Result<std::optional<QString>>(const Transaction &, const QDateTime &now)> beforeTakingOver;
};

struct TransferRequest {
    QString source;
    QString destination;
    qint64 amount = 0;
    QString memo;
    QString idempotencyKey;
    // A transaction over more accounts: every leg (ledger/legs.h). When set, source, destination
    // and amount are not read.
    QList<TxLeg> legs = {};

    QList<TxLeg> allLegs() const;
};

// The result of a coordinator call: ok or an error with a stable code, and the transaction
// document as the call left it whenever there is one (a refused transfer still has its
// canceled document, which says why).
struct TxOutcome {
    Error error;
    std::optional<Transaction> tx;
    // An existing document answered the request (same idempotency key, compensation asked twice).
    bool existing = false;
    // Someone else moved the document while this call drove it; `tx` is how they left it.
    bool byOther = false;
    // A human remark on how it ended, e.g. "finished by another worker", in this process's
    // language (shown, never recorded).
    QString note;
    // Four eyes (operations/approvaldesk.h): the action was not run but stored as this approval
    // request, which waits for a second person. `error` is then awaiting-approval (exit status 4,
    // ledgerd 202), so that a front end that knows nothing of approvals still says it did not run.
    std::optional<ApprovalRequest> awaiting = std::nullopt;

    bool ok() const { return error.ok(); }
    // Accepted, not finished: nothing refused it, but the transaction is still in flight (initial,
    // pending, applied or canceling: another worker drives it, an operator's claim held a retry
    // off, someone else is canceling it). Not a success to count money by: every front end says
    // so on its own, whatever call made it (notFinished below; ledgerd answers 202).
    bool unfinished() const;
};

// What an unfinished answer is told, as an error of its own (not-finished, exit status 4): the
// state, what it means for the money, and the note. Ok for a finished or a refused outcome (and
// for a finished transaction: the console has the document and its note, not the outcome).
Error notFinished(const TxOutcome &outcome);
Error notFinished(const Transaction &tx, const QString &note);

class Coordinator {
public:
    Coordinator(DocumentStore &store, CoordinatorOptions options = {});

    // The error a canceled transaction stands for: the refusal whose code word leads its
    // lastError ("insufficient-funds: ..."), or conflict when someone canceled it.
    static Error whyCanceled(const Transaction &tx);

    const QString &worker() const { return m_options.worker; }
    DocumentStore &store() { return m_store; }

    // Creates an account; a positive opening balance is a transfer from @world.
    TxOutcome openAccount(const QString &id, const QString &name, qint64 opening, Account *created = nullptr);
    // The opening balance of account `id` (0: none), as openAccount pays it: keyed "opening:ID",
    // so asking again pays it once.
    TxOutcome payOpening(const QString &id, qint64 opening);
    // Validates the request, inserts the document (or finds the one with the same key) and runs it.
    TxOutcome transfer(const TransferRequest &request);
    // Takes over a non-terminal transaction and drives it to done or canceled.
    TxOutcome resume(const QString &txId, const QString &reason);
    // Cancels from initial or pending.
    TxOutcome cancel(const QString &txId, const QString &reason);
    // Creates (once) and runs the reverse transfer of a done one; an applied one is finished first.
    TxOutcome compensate(const QString &txId, const QString &reason);
    // Recovery's takeover: claims with `snapshot` as the guard, so a transaction that moved since
    // the scan is left alone (outcome conflict), then drives it.
    TxOutcome recover(const Transaction &snapshot, const QString &why);

private:
    enum class Purpose { Transfer, Resume, Cancel, Recover };

    // Claims `tx` (guard: its state, owner, epoch): owner := us, epoch + 1, lease renewed,
    // initial → pending.
    Result<CasOutcome> claim(const Transaction &tx, const QString &event, const QString &detail);
    TxOutcome claimAndDrive(const Transaction &tx, const QString &event, const QString &detail, Purpose purpose);
    TxOutcome drive(Transaction tx, Purpose purpose);
    TxOutcome driveHolds(Transaction tx, Purpose purpose);
    TxOutcome drivePosts(Transaction tx, Purpose purpose);
    TxOutcome driveVoids(Transaction tx, Purpose purpose);
    TxOutcome cancelAfterRefusal(const Transaction &tx, const Error &refusal, Purpose purpose);
    // Moves `tx` (which we own) to `to`, or reports who moved it first.
    Result<CasOutcome> advance(const Transaction &tx, TxState to, const QString &event, const QString &detail,
                               std::optional<QString> lastError = std::nullopt);
    // Links a compensation from its original before it is claimed; cancels it when another
    // compensation is already in charge.
    TxOutcome ensureLinked(const Transaction &compensation);
    // Answers a request that found an existing document: as it is when finished or driven by a
    // live worker, taken over when its driver is evidently gone.
    enum class Adopt { ClientRetry, OperatorAsked };
    TxOutcome adoptExisting(const Transaction &existing, const QString &why, Adopt adopt);
    TxOutcome answerForRequester(TxOutcome o);
    TxOutcome movedByOther(const Transaction &current, Purpose purpose);
    TxOutcome stopped(const Transaction &tx, Step step);
    bool afterWrite(Step step, const QString &txId);
    TxOutcome recordFailure(const Transaction &tx, const Error &error);
    QString amountText(qint64 minor) const;

    DocumentStore &m_store;
    CoordinatorOptions m_options;
};

} // namespace ledger
