#include "sqliterows.h"


namespace ledger::sqliterows {

Account account(const SqliteStatement &q)
{
    Account a;
    a.id = q.text(0);
    a.name = q.text(1);
    a.status = accountStatusFromString(q.text(2)).value_or(AccountStatus::Closed);
    a.balance = q.int64(3);
    a.pendingDebits = q.int64(4);
    a.pendingCredits = q.int64(5);
    a.version = q.int64(6);
    a.createdAt = parseTimestamp(q.text(7));
    a.lastModified = parseTimestamp(q.text(8));
    return a;
}

LegMarker leg(const SqliteStatement &q)
{
    LegMarker m;
    m.txId = q.text(0);
    m.accountId = q.text(1);
    m.side = legSideFromString(q.text(2)).value_or(LegSide::Debit);
    m.amount = q.int64(3);
    m.status = legStatusFromString(q.text(4)).value_or(LegStatus::Voided);
    m.at = parseTimestamp(q.text(5));
    if (!q.isNull(6))
        m.balanceAfter = q.int64(6);
    return m;
}

Transaction transaction(const SqliteStatement &q)
{
    Transaction t;
    t.id = q.text(0);
    t.idempotencyKey = q.text(1);
    t.kind = txKindFromString(q.text(2)).value_or(TxKind::Transfer);
    t.compensates = q.text(3);
    t.compensatedBy = q.text(4);
    t.source = q.text(5);
    t.destination = q.text(6);
    t.amount = q.int64(7);
    t.memo = q.text(8);
    t.state = txStateFromString(q.text(9)).value_or(TxState::Initial);
    t.createdAt = parseTimestamp(q.text(10));
    t.lastModified = parseTimestamp(q.text(11));
    t.owner = q.text(12);
    t.leaseUntil = parseTimestamp(q.text(13));
    t.epoch = q.int64(14);
    t.lastError = q.text(15);
    t.attempts = q.int32(16);
    return t;
}

JournalEntry journalEntry(const SqliteStatement &q)
{
    JournalEntry j;
    j.seq = q.int64(0);
    j.docId = q.text(1);
    j.at = parseTimestamp(q.text(2));
    j.actor = q.text(3);
    j.worker = q.text(4);
    j.event = q.text(5);
    j.fromState = q.text(6);
    j.toState = q.text(7);
    j.epoch = q.int64(8);
    j.detail = q.text(9);
    j.docKind = q.text(10);
    return j;
}

} // namespace ledger::sqliterows
