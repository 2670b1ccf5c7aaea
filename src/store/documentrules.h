#pragma once
// The rules every store applies inside its atomic single-document writes (DESIGN.md §2), kept
// apart from the SQL so that the SQLite and PostgreSQL stores decide alike and say the same
// words. Each function looks at the documents as they are inside the write (under the write
// lock or row lock) and says: answer without writing, refuse, or write.
//
// Thread-safety: pure functions over values; any thread.

#include "ledger/errors.h"
#include "store/store.h"

#include <optional>

namespace ledger::rules {

// The refusals of a document that is not there, in the same words from every store.
Error unknownAccount(const QString &id);
Error unknownTransaction(const QString &id);

// The decision of a leg write. `answer` set: nothing to write, this is the result (the
// idempotent, order-proof no-op). `refusal` not ok: nothing is written, this is the error.
// Neither: write the marker and move the account by `delta`.
struct LegDecision {
    std::optional<LegOutcome> answer;
    Error refusal;
    // What the write adds to the account's balance and pending amounts.
    qint64 deltaBalance = 0;
    qint64 deltaPendingDebits = 0;
    qint64 deltaPendingCredits = 0;

    bool writes() const { return !answer && refusal.ok(); }
    // When !writes(): the answer or the refusal, as the store returns it.
    Result<LegOutcome> withoutWriting() const { return answer ? Result<LegOutcome>(*answer) : Result<LegOutcome>(refusal); }
};

// hold: a marker already there answers; else the account must exist and be open, a debit
// must be covered by `available` (except @world), and nothing may overflow.
LegDecision hold(const QString &txId, const QString &accountId, const std::optional<LegMarker> &marker,
                 const std::optional<Account> &account, LegSide side, qint64 amount, int scale);
// post: held → posted (moves the amount from pending into balance); posted answers; missing or
// voided is a protocol violation.
LegDecision post(const QString &txId, const QString &accountId, const std::optional<LegMarker> &marker,
                 const std::optional<Account> &account);
// void: held → voided (releases pending); missing → a voided tombstone (no account change);
// voided answers; posted is a protocol violation.
LegDecision voidLeg(const QString &txId, const QString &accountId, const std::optional<LegMarker> &marker);

// Changing an account's status. `unchanged`: already so, nothing to write.
struct StatusDecision {
    bool unchanged = false;
    Error refusal;
    QString event; // "frozen", "unfrozen", "closed"
};
StatusDecision statusChange(const QString &id, const std::optional<Account> &account, AccountStatus status, int scale);
// The journal's event of a change to `status`: "frozen", "unfrozen" (to open), "closed".
QString statusEvent(AccountStatus status);

// A transaction write whose guard matched: refused when the document is finished, the
// transition is not in the state machine, or the change changes nothing.
Error txChangeRefusal(const Transaction &current, const TxChange &change);
// The document after `change` (state, owner, epoch, attempts, lastError; the store sets the
// times), and the journal row that goes with it.
Transaction applied(const Transaction &current, const TxChange &change);
JournalEntry journalOf(const Transaction &before, const Transaction &after, const TxChange &change);
// The journal row of linking an original to its compensation.
JournalEntry linkJournal(const Transaction &original, const QString &compensationId, const Acting &by, const QString &worker,
                         const QString &detail);

// The journal row of an operator's remark (ledger/remarks.h) on `tx` as it stands.
JournalEntry remarkJournal(const Transaction &tx, Remark remark, const Acting &by, const QString &worker, const QString &text);

// The transaction document and "created" journal row that inserting `n` makes (times unset).
Transaction newTransaction(const NewTransaction &n);
JournalEntry createdJournal(const NewTransaction &n);

} // namespace ledger::rules
