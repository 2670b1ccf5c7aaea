// DynamoStore: the transaction documents — insert (with the idempotency key's claim and the
// account index), compare-and-set, the compensation link and operators' remarks. Each write is
// one PutItem of the document on condition that its token is still the one read (any write
// changes it), so a write never overwrites another it did not see.

#include "ledger/message.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"

#include <QJsonArray>

namespace ledger {

using namespace dynamo;

namespace {

// The index keys of a finished transaction: the change feed reads the by-finish index part by
// part, in order of finishSeq (the store's time of the finish in microseconds, its id's hash in
// the last three digits so that two finishes in one millisecond differ).
void setFinish(QJsonObject &item, const Transaction &t)
{
    if (!isTerminal(t.state))
        return;
    const qint64 seq = t.lastModified.toMSecsSinceEpoch() * 1000 + (qHash(t.id) % 1000);
    item.insert(QStringLiteral("finishPart"), S(QString::number(partOf(t.id))));
    item.insert(QStringLiteral("finishSeq"), N(seq));
}

// `base` with the attributes of `t` (the journal and anything else it holds kept), stamped with
// `token`; `finishing`: this write makes it done or canceled (its place in the change feed; a
// later write of a finished document — a link, the demo's backdating — keeps the place it has).
QJsonObject withTransaction(QJsonObject base, const Transaction &t, const QString &token, bool finishing)
{
    merge(base, transactionItem(t));
    stampToken(base, token);
    if (finishing)
        setFinish(base, t);
    return base;
}

} // namespace

Result<bool> DynamoStore::putTransactionOver(const QJsonObject &read, const QJsonObject &item, const QString &token)
{
    return putOwn("transactions", QStringLiteral("id"), str(read, QStringLiteral("id")), item, token, QStringLiteral("#t = :t"),
                  QJsonObject{{QStringLiteral("#t"), kToken}}, QJsonObject{{QStringLiteral(":t"), S(str(read, kToken))}});
}

Result<std::optional<QJsonObject>> DynamoStore::readTransactionItem(const QString &id)
{
    return getItem("transactions", QStringLiteral("id"), id);
}

Result<Transaction> DynamoStore::transaction(const QString &id)
{
    auto item = readTransactionItem(id);
    if (!item.ok())
        return item.error();
    if (!item->has_value())
        return rules::unknownTransaction(id);
    return transactionFromItem(**item);
}

Result<std::optional<Transaction>> DynamoStore::transactionByKey(const QString &key)
{
    auto claim = getItem("keys", QStringLiteral("key"), key);
    if (!claim.ok())
        return claim.error();
    if (!claim->has_value())
        return std::optional<Transaction>();
    auto item = readTransactionItem(str(**claim, QStringLiteral("tx")));
    if (!item.ok())
        return item.error();
    if (!item->has_value())
        return std::optional<Transaction>(); // claimed, never inserted (see insertTransaction)
    auto t = transactionFromItem(**item);
    if (!t.ok())
        return t.error();
    return std::optional<Transaction>(*t);
}

Result<InsertOutcome> DynamoStore::insertTransaction(const NewTransaction &n)
{
    QString id = n.id;
    if (!n.idempotencyKey.isEmpty()) {
        // The key is claimed by an item of its own first (keys are unique there). A claim
        // whose document never came (its writer died in between, or is writing it now) is
        // taken over: the document is written under the claimed id, and whichever writer
        // comes second finds it there and answers with it.
        const QJsonObject claim{{QStringLiteral("key"), S(n.idempotencyKey)}, {QStringLiteral("tx"), S(n.id)}};
        auto put =
            putItem("keys", claim, QStringLiteral("attribute_not_exists(#k)"), QJsonObject{{QStringLiteral("#k"), QStringLiteral("key")}});
        if (!put.ok())
            return put.error();
        if (!*put) {
            auto existing = getItem("keys", QStringLiteral("key"), n.idempotencyKey);
            if (!existing.ok())
                return existing.error();
            if (existing->has_value())
                id = str(**existing, QStringLiteral("tx"));
        }
    }
    auto existing = readTransactionItem(id);
    if (!existing.ok())
        return existing.error();
    if (existing->has_value()) {
        auto t = transactionFromItem(**existing);
        if (!t.ok())
            return t.error();
        return InsertOutcome{*t, false};
    }
    Transaction t = rules::newTransaction(n);
    t.id = id;
    t.createdAt = t.lastModified = m_client->now();
    // "Transactions of an account": one index item per account, written before the document
    // (an item whose document never came is skipped by its readers).
    const QString age = ageOf(t.createdAt, id);
    for (const TxLeg &leg : t.legs) {
        auto put = putItem(
            "txaccounts",
            QJsonObject{{QStringLiteral("account"), S(leg.accountId)}, {QStringLiteral("age"), S(age)}, {QStringLiteral("tx"), S(id)}}, {});
        if (!put.ok())
            return put.error();
    }
    const QString token = newToken();
    QJsonObject item = transactionItem(t);
    stampToken(item, token);
    JournalEntry created = rules::createdJournal(n);
    created.docId = id;
    created.at = t.createdAt;
    appendJournal(item, created, DocKind::Transaction);
    auto put = putItem("transactions", item, QStringLiteral("attribute_not_exists(id)"));
    if (!put.ok())
        return put.error();
    if (*put)
        return InsertOutcome{t, true};
    auto now = readTransactionItem(id);
    if (!now.ok())
        return now.error();
    if (!now->has_value())
        return makeError(ErrorCode::StoreError, QStringLiteral("transaction %1 was refused as existing and then not found").arg(id));
    if (carriesToken(**now, token))
        return InsertOutcome{t, true}; // ours: the answer was lost and the call sent again
    auto other = transactionFromItem(**now);
    if (!other.ok())
        return other.error();
    return InsertOutcome{*other, false};
}

Result<CasOutcome> DynamoStore::updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change)
{
    for (;;) {
        auto found = readTransactionItem(id);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(id);
        auto current = transactionFromItem(**found);
        if (!current.ok())
            return current.error();
        const Transaction before = *current;
        if (before.state != guard.state || before.owner != guard.owner || before.epoch != guard.epoch)
            return CasOutcome{false, before};
        if (Error refused = rules::txChangeRefusal(before, change); !refused.ok())
            return refused;
        Transaction t = rules::applied(before, change);
        const QDateTime now = m_client->now();
        t.lastModified = now;
        if (change.leaseMs > 0)
            t.leaseUntil = now.addMSecs(change.leaseMs);
        const QString token = newToken();
        QJsonObject item = withTransaction(**found, t, token, !isTerminal(before.state) && isTerminal(t.state));
        JournalEntry row = rules::journalOf(before, t, change);
        row.at = now;
        appendJournal(item, row, DocKind::Transaction);
        auto landed = putTransactionOver(**found, item, token);
        if (!landed.ok())
            return landed.error();
        if (*landed) {
            if (isTerminal(t.state) && m_location.feedDelayMs > 0 && now.msecsTo(m_client->now()) > m_location.feedDelayMs / 2)
                restampFinish(id, token);
            return CasOutcome{true, t};
        }
        // Someone wrote the document between: a remark or a link leaves the guard as it was (then
        // this write goes again on what is there now); anything else shows in the guard.
    }
}

void DynamoStore::restampFinish(const QString &id, const QString &token)
{
    // The finish took so long to be acknowledged that a feed reader may have passed its seq
    // already (settledFinishSeq): a new seq from now puts it ahead of every cursor again. If this
    // fails, the finish was acknowledged and may be missed by a reader that passed it; said once.
    const qint64 seq = m_client->now().toMSecsSinceEpoch() * 1000 + (qHash(id) % 1000);
    auto up =
        m_client->call("UpdateItem", QJsonObject{{QStringLiteral("TableName"), table("transactions")},
                                                 {QStringLiteral("Key"), QJsonObject{{QStringLiteral("id"), S(id)}}},
                                                 {QStringLiteral("UpdateExpression"), QStringLiteral("SET finishSeq = :s")},
                                                 {QStringLiteral("ConditionExpression"), QStringLiteral("#t = :t")},
                                                 {QStringLiteral("ExpressionAttributeNames"), QJsonObject{{QStringLiteral("#t"), kToken}}},
                                                 {QStringLiteral("ExpressionAttributeValues"),
                                                  QJsonObject{{QStringLiteral(":s"), N(seq)}, {QStringLiteral(":t"), S(token)}}}});
    if (!up.ok())
        qWarning("DynamoDB: the finish of %s was acknowledged late and could not be stamped again for the feed: %s", qPrintable(id),
                 qPrintable(up.error().message));
}

Result<CasOutcome> DynamoStore::linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId,
                                                 const Acting &by, const QString &worker, const QString &detail)
{
    for (;;) {
        auto found = readTransactionItem(originalId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(originalId);
        auto current = transactionFromItem(**found);
        if (!current.ok())
            return current.error();
        Transaction t = *current;
        if (t.compensatedBy == compensationId)
            return CasOutcome{true, t}; // already linked: asking twice links once
        if (t.compensatedBy != expected)
            return CasOutcome{false, t};
        const QDateTime now = m_client->now();
        JournalEntry row = rules::linkJournal(t, compensationId, by, worker, detail);
        row.at = now;
        t.compensatedBy = compensationId;
        t.lastModified = now;
        const QString token = newToken();
        QJsonObject item = withTransaction(**found, t, token, false);
        appendJournal(item, row, DocKind::Transaction);
        auto landed = putTransactionOver(**found, item, token);
        if (!landed.ok())
            return landed.error();
        if (*landed)
            return CasOutcome{true, t};
    }
}

Result<JournalEntry> DynamoStore::addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text)
{
    if (Error e = checkRemark(remark, text); !e.ok())
        return e;
    for (;;) {
        auto found = readTransactionItem(txId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownTransaction(txId);
        auto t = transactionFromItem(**found);
        if (!t.ok())
            return t.error();
        const QString token = newToken();
        JournalEntry row = rules::remarkJournal(*t, remark, by, token, text);
        row.docKind = DocKind::Transaction;
        row.at = m_client->now();
        QJsonObject item = **found;
        stampToken(item, token);
        appendJournal(item, row, DocKind::Transaction);
        row.seq = item.value(QStringLiteral("journal")).toObject().value(QStringLiteral("L")).toArray().size();
        auto landed = putTransactionOver(**found, item, token);
        if (!landed.ok())
            return landed.error();
        if (*landed)
            return row;
    }
}

Result<QList<JournalEntry>> DynamoStore::journal(DocKind kind, const QString &docId)
{
    auto item = kind == DocKind::Transaction ? readTransactionItem(docId) : getItem("accounts", QStringLiteral("id"), docId);
    if (!item.ok())
        return item.error();
    if (!item->has_value())
        return QList<JournalEntry>();
    return journalOfItem(**item, kind);
}

Error DynamoStore::backdateForDemo(DocKind kind, const QString &id, qint64 ms)
{
    const auto shiftJournal = [ms](QJsonObject &item, DocKind kind) {
        QJsonArray list = item.value(QStringLiteral("journal")).toObject().value(QStringLiteral("L")).toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            QJsonObject row = list.at(i).toObject().value(QStringLiteral("M")).toObject();
            row.insert(QStringLiteral("at"), N(num(row, QStringLiteral("at")) - ms));
            list.replace(i, QJsonObject{{QStringLiteral("M"), row}});
        }
        item.insert(QStringLiteral("journal"), QJsonObject{{QStringLiteral("L"), list}});
        stampActed(item, kind);
    };
    // An account item written back as a write of its own (version and token move), refused when
    // someone wrote it meanwhile: the demo's documents are not written by anyone else.
    const auto putAccount = [this](QJsonObject item) -> Error {
        const qint64 version = num(item, QStringLiteral("version"));
        item.insert(QStringLiteral("version"), N(version + 1));
        stampToken(item, newToken());
        auto put = putItem("accounts", item, QStringLiteral("version = :v"), {}, QJsonObject{{QStringLiteral(":v"), N(version)}});
        if (!put.ok())
            return put.error();
        return *put ? Error{}
                    : makeError(ErrorCode::Conflict,
                                QStringLiteral("account %1 was written while it was backdated").arg(str(item, QStringLiteral("id"))));
    };
    if (kind == DocKind::Account) {
        auto found = getItem("accounts", QStringLiteral("id"), id, Read::Fresh);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownAccount(id);
        QJsonObject item = **found;
        item.insert(QStringLiteral("createdAt"), N(num(item, QStringLiteral("createdAt")) - ms));
        shiftJournal(item, DocKind::Account);
        return putAccount(item);
    }
    auto found = readTransactionItem(id);
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return rules::unknownTransaction(id);
    auto t = transactionFromItem(**found);
    if (!t.ok())
        return t.error();
    t->createdAt = t->createdAt.addMSecs(-ms);
    t->lastModified = t->lastModified.addMSecs(-ms);
    if (t->leaseUntil.isValid())
        t->leaseUntil = t->leaseUntil.addMSecs(-ms);
    const QString token = newToken();
    QJsonObject item = withTransaction(**found, *t, token, false);
    shiftJournal(item, DocKind::Transaction);
    auto put = putTransactionOver(**found, item, token);
    if (!put.ok())
        return put.error();
    if (!*put)
        return makeError(ErrorCode::Conflict, QStringLiteral("transaction %1 was written while it was backdated").arg(id));
    // Its legs' times too, in each account item; and its account index items, whose age orders
    // an account's listing (the old ones no longer match the document: their readers skip them).
    for (const TxLeg &leg : t->legs) {
        auto indexed = putItem("txaccounts",
                               QJsonObject{{QStringLiteral("account"), S(leg.accountId)},
                                           {QStringLiteral("age"), S(ageOf(t->createdAt, id))},
                                           {QStringLiteral("tx"), S(id)}},
                               {});
        if (!indexed.ok())
            return indexed.error();
        auto account = getItem("accounts", QStringLiteral("id"), leg.accountId, Read::Fresh);
        if (!account.ok())
            return account.error();
        if (!account->has_value())
            continue;
        QJsonObject a = **account;
        QJsonObject legs = a.value(QStringLiteral("legs")).toObject().value(QStringLiteral("M")).toObject();
        if (!legs.contains(id)) {
            // Moved to the legs table (moveFinishedMarkers): shifted there.
            qint64 movedFrom = 0;
            auto moved = archivedMarker(leg.accountId, id, &movedFrom);
            if (!moved.ok())
                return moved.error();
            if (!*moved)
                continue;
            LegMarker m = **moved;
            m.at = m.at.addMSecs(-ms);
            auto put = putItem("legs", archivedMarkerItem(m, movedFrom), {});
            if (!put.ok())
                return put.error();
            continue;
        }
        QJsonObject marker = legs.value(id).toObject().value(QStringLiteral("M")).toObject();
        marker.insert(QStringLiteral("at"), N(num(marker, QStringLiteral("at")) - ms));
        legs.insert(id, QJsonObject{{QStringLiteral("M"), marker}});
        a.insert(QStringLiteral("legs"), QJsonObject{{QStringLiteral("M"), legs}});
        if (Error e = putAccount(a); !e.ok())
            return e;
    }
    return {};
}

} // namespace ledger
