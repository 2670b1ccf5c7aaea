#include "sqliterows.h"

#include <QVariant>

namespace ledger::sqliterows {

Account account(const QSqlQuery &q)
{
    Account a;
    a.id = q.value(0).toString();
    a.name = q.value(1).toString();
    a.status = accountStatusFromString(q.value(2).toString()).value_or(AccountStatus::Closed);
    a.balance = q.value(3).toLongLong();
    a.pendingDebits = q.value(4).toLongLong();
    a.pendingCredits = q.value(5).toLongLong();
    a.version = q.value(6).toLongLong();
    a.createdAt = parseTimestamp(q.value(7).toString());
    a.lastModified = parseTimestamp(q.value(8).toString());
    return a;
}

LegMarker leg(const QSqlQuery &q)
{
    LegMarker m;
    m.txId = q.value(0).toString();
    m.accountId = q.value(1).toString();
    m.side = legSideFromString(q.value(2).toString()).value_or(LegSide::Debit);
    m.amount = q.value(3).toLongLong();
    m.status = legStatusFromString(q.value(4).toString()).value_or(LegStatus::Voided);
    m.at = parseTimestamp(q.value(5).toString());
    if (!q.isNull(6))
        m.balanceAfter = q.value(6).toLongLong();
    return m;
}

Transaction transaction(const QSqlQuery &q)
{
    Transaction t;
    t.id = q.value(0).toString();
    t.idempotencyKey = q.value(1).toString();
    t.kind = txKindFromString(q.value(2).toString()).value_or(TxKind::Transfer);
    t.compensates = q.value(3).toString();
    t.compensatedBy = q.value(4).toString();
    t.source = q.value(5).toString();
    t.destination = q.value(6).toString();
    t.amount = q.value(7).toLongLong();
    t.memo = q.value(8).toString();
    t.state = txStateFromString(q.value(9).toString()).value_or(TxState::Initial);
    t.createdAt = parseTimestamp(q.value(10).toString());
    t.lastModified = parseTimestamp(q.value(11).toString());
    t.owner = q.value(12).toString();
    t.leaseUntil = parseTimestamp(q.value(13).toString());
    t.epoch = q.value(14).toLongLong();
    t.lastError = q.value(15).toString();
    t.attempts = q.value(16).toInt();
    return t;
}

JournalEntry journalEntry(const QSqlQuery &q)
{
    JournalEntry j;
    j.seq = q.value(0).toLongLong();
    j.docId = q.value(1).toString();
    j.at = parseTimestamp(q.value(2).toString());
    j.actor = q.value(3).toString();
    j.worker = q.value(4).toString();
    j.event = q.value(5).toString();
    j.fromState = q.value(6).toString();
    j.toState = q.value(7).toString();
    j.epoch = q.value(8).toLongLong();
    j.detail = q.value(9).toString();
    j.docKind = q.value(10).toString();
    return j;
}

QVariant nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

} // namespace ledger::sqliterows
