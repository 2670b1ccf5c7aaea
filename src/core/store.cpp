#include "store.h"

namespace ledger {

QString nameOf(Durability durability)
{
    // The SQL spelling (PRAGMA synchronous), which is also what operators look up.
    return durability == Durability::Full ? QStringLiteral("FULL") : QStringLiteral("NORMAL");
}

} // namespace ledger
