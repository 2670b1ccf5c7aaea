#include "store/store.h"

namespace ledger {

QString nameOf(Durability durability)
{
    // The SQL spelling (PRAGMA synchronous), which is also what operators look up.
    return durability == Durability::Full ? QStringLiteral("FULL") : QStringLiteral("NORMAL");
}

Result<QList<Account>> DocumentStore::accountsNamed(const QStringList &ids)
{
    QList<Account> found;
    for (const QString &id : ids) {
        auto a = account(id);
        if (!a.ok())
            return a.error();
        found << std::move(a).value();
    }
    return found;
}

Result<QList<LegMarker>> DocumentStore::legsOfTransactions(const QStringList &txIds)
{
    QList<LegMarker> all;
    for (const QString &id : txIds) {
        auto some = legsOfTransaction(id);
        if (!some.ok())
            return some.error();
        all += *some;
    }
    return all;
}

QString sortColumnOf(TxSortKey key)
{
    switch (key) {
    case TxSortKey::CreatedAt: return QStringLiteral("created_at");
    case TxSortKey::LastModified: return QStringLiteral("last_modified");
    case TxSortKey::Amount: return QStringLiteral("amount");
    case TxSortKey::State: return QStringLiteral("state");
    case TxSortKey::Id: return QStringLiteral("id");
    }
    return QStringLiteral("created_at");
}

} // namespace ledger
