#include "pgrows.h"

namespace ledger::pgrows {

Account account(const PgRows &r, int i)
{
    Account a;
    a.id = r.text(i, 0);
    a.name = r.text(i, 1);
    a.status = accountStatusFromString(r.text(i, 2)).value_or(AccountStatus::Closed);
    a.balance = r.int64(i, 3);
    a.pendingDebits = r.int64(i, 4);
    a.pendingCredits = r.int64(i, 5);
    a.version = r.int64(i, 6);
    a.createdAt = r.time(i, 7);
    a.lastModified = r.time(i, 8);
    return a;
}

LegMarker leg(const PgRows &r, int i)
{
    LegMarker m;
    m.txId = r.text(i, 0);
    m.accountId = r.text(i, 1);
    m.side = legSideFromString(r.text(i, 2)).value_or(LegSide::Debit);
    m.amount = r.int64(i, 3);
    m.status = legStatusFromString(r.text(i, 4)).value_or(LegStatus::Voided);
    m.at = r.time(i, 5);
    if (!r.isNull(i, 7))
        m.balanceAfter = r.int64(i, 7);
    return m;
}

Transaction transaction(const PgRows &r, int i)
{
    Transaction t;
    t.id = r.text(i, 0);
    t.idempotencyKey = r.text(i, 1);
    t.kind = txKindFromString(r.text(i, 2)).value_or(TxKind::Transfer);
    t.compensates = r.text(i, 3);
    t.compensatedBy = r.text(i, 4);
    t.source = r.text(i, 5);
    t.destination = r.text(i, 6);
    t.amount = r.int64(i, 7);
    t.memo = r.text(i, 8);
    t.state = txStateFromString(r.text(i, 9)).value_or(TxState::Initial);
    t.createdAt = r.time(i, 10);
    t.lastModified = r.time(i, 11);
    t.owner = r.text(i, 12);
    t.leaseUntil = r.time(i, 13);
    t.epoch = r.int64(i, 14);
    t.lastError = r.text(i, 15);
    t.attempts = int(r.int64(i, 16));
    return t;
}

JournalEntry journalEntry(const PgRows &r, int i)
{
    JournalEntry j;
    j.seq = r.int64(i, 0);
    j.docId = r.text(i, 1);
    j.at = r.time(i, 2);
    j.actor = r.text(i, 3);
    j.worker = r.text(i, 4);
    j.event = r.text(i, 5);
    j.fromState = r.text(i, 6);
    j.toState = r.text(i, 7);
    j.epoch = r.int64(i, 8);
    j.detail = r.text(i, 9);
    j.docKind = r.text(i, 10);
    return j;
}

QString accountToken(const PgRows &r, int i) { return r.text(i, 9); }
QString legToken(const PgRows &r, int i) { return r.text(i, 6); }
QString txToken(const PgRows &r, int i) { return r.text(i, 17); }

} // namespace ledger::pgrows
