#include "store.h"

namespace ledger {

QString nameOf(Durability durability)
{
    // The SQL spelling (PRAGMA synchronous), which is also what operators look up.
    return durability == Durability::Full ? QStringLiteral("FULL") : QStringLiteral("NORMAL");
}

Result<QList<JournalEntry>> Store::finishedAfter(int, qint64, int)
{
    return makeError(ErrorCode::Unsupported, QStringLiteral("%1 has no change feed (yet)").arg(location()));
}

} // namespace ledger
