#pragma once
// Reading a document from a row of any SQL backend, written once: the column order of the
// backends' lists (sqliterows.h, pgrows.h), and the check of every enumerated column. A word the
// store never writes (a state, status, side or kind from a damaged or foreign file) is
// store-corrupt, never a default: an unknown state read as "initial" would be claimed by recovery.
//
// `Row` is a backend's view of one row: text(col), int64(col), isNull(col), time(col).
// Thread-safety: pure functions.

#include "ledger/documents.h"
#include "ledger/legs.h"
#include "ledger/result.h"

namespace ledger::rows {

// The enumerated columns: the value, or store-corrupt naming the table, the row and the word.
Result<AccountStatus> accountStatus(const QString &word, const QString &accountId);
Result<LegSide> legSide(const QString &word, const QString &txId, const QString &accountId);
Result<LegStatus> legStatus(const QString &word, const QString &txId, const QString &accountId);
Result<TxKind> txKind(const QString &word, const QString &txId);
Result<TxState> txState(const QString &word, const QString &txId);
Result<DocKind> docKind(const QString &word, const QString &docId);
// store-corrupt: the transaction's stored legs are not a balanced list of legs.
Error corruptLegs(const QString &txId);

// Columns: id, name, status, balance, pending_debits, pending_credits, version, created_at,
// last_modified.
template <typename Row> Result<Account> account(const Row &row)
{
    Account a;
    a.id = row.text(0);
    a.name = row.text(1);
    auto status = accountStatus(row.text(2), a.id);
    if (!status.ok())
        return status.error();
    a.status = *status;
    a.balance = row.int64(3);
    a.pendingDebits = row.int64(4);
    a.pendingCredits = row.int64(5);
    a.version = row.int64(6);
    a.createdAt = row.time(7);
    a.lastModified = row.time(8);
    return a;
}

// Columns: tx_id, account_id, side, amount, status, at; balance_after at `balanceAfterColumn`.
template <typename Row> Result<LegMarker> leg(const Row &row, int balanceAfterColumn)
{
    LegMarker m;
    m.txId = row.text(0);
    m.accountId = row.text(1);
    auto side = legSide(row.text(2), m.txId, m.accountId);
    if (!side.ok())
        return side.error();
    m.side = *side;
    m.amount = row.int64(3);
    auto status = legStatus(row.text(4), m.txId, m.accountId);
    if (!status.ok())
        return status.error();
    m.status = *status;
    m.at = row.time(5);
    if (!row.isNull(balanceAfterColumn))
        m.balanceAfter = row.int64(balanceAfterColumn);
    return m;
}

// Columns: id, idempotency_key, kind, compensates, compensated_by, source, destination, amount,
// memo, state, created_at, last_modified, owner, lease_until, epoch, last_error, attempts, legs.
// `legs` is null for a two-account transfer (its legs are source, destination and amount) and
// the stored form of ledger/legs.h otherwise; legs that do not check out are store-corrupt.
template <typename Row> Result<Transaction> transaction(const Row &row)
{
    Transaction t;
    t.id = row.text(0);
    t.idempotencyKey = row.text(1);
    auto kind = txKind(row.text(2), t.id);
    if (!kind.ok())
        return kind.error();
    t.kind = *kind;
    t.compensates = row.text(3);
    t.compensatedBy = row.text(4);
    t.source = row.text(5);
    t.destination = row.text(6);
    t.amount = row.int64(7);
    t.memo = row.text(8);
    auto state = txState(row.text(9), t.id);
    if (!state.ok())
        return state.error();
    t.state = *state;
    t.createdAt = row.time(10);
    t.lastModified = row.time(11);
    t.owner = row.text(12);
    t.leaseUntil = row.time(13);
    t.epoch = row.int64(14);
    t.lastError = row.text(15);
    t.attempts = int(row.int64(16));
    if (row.isNull(17)) {
        setLegs(t, twoLegs(t.source, t.destination, t.amount));
    } else {
        auto legs = legsFromText(row.text(17));
        if (!legs)
            return corruptLegs(t.id);
        setLegs(t, *legs);
    }
    return t;
}

// Columns: seq, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail, doc_kind,
// request (NULL: none).
// (The journal's words are history as written, shown as they are; its document kind is checked,
// since readers pick the document by it.)
template <typename Row> Result<JournalEntry> journalEntry(const Row &row)
{
    JournalEntry j;
    j.seq = row.int64(0);
    j.docId = row.text(1);
    j.at = row.time(2);
    j.actor = row.text(3);
    j.worker = row.text(4);
    j.event = row.text(5);
    j.fromState = row.text(6);
    j.toState = row.text(7);
    j.epoch = row.int64(8);
    j.detail = row.text(9);
    auto kind = docKind(row.text(10), j.docId);
    if (!kind.ok())
        return kind.error();
    j.docKind = *kind;
    j.request = row.text(11);
    return j;
}

} // namespace ledger::rows
