#include "store/store.h"

namespace ledger {

QString nameOf(Durability durability)
{
    // The SQL spelling (PRAGMA synchronous), which is also what operators look up.
    return durability == Durability::Full ? QStringLiteral("FULL") : QStringLiteral("NORMAL");
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
