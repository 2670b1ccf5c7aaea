#include "store/store.h"
#include "store/storeextras.h"

#include "ledger/errors.h"

namespace ledger {

StoreExtras &extrasOf(Store &store)
{
    auto *extras = dynamic_cast<StoreExtras *>(&store);
    if (!extras)
        qFatal("a store without StoreExtras (%s): every backend implements them", qPrintable(store.location()));
    return *extras;
}

const QStringList &causeWords()
{
    static const QStringList words = [] {
        QStringList all;
        for (ErrorCode c : allErrorCodes()) {
            if (c != ErrorCode::None)
                all << codeWord(c);
        }
        all << QStringLiteral("superseded");
        return all;
    }();
    return words;
}

QString causeOf(const QString &lastError)
{
    if (lastError.isEmpty())
        return QString();
    const int colon = int(lastError.indexOf(QLatin1Char(':')));
    const QString word = colon < 0 ? QString() : lastError.left(colon);
    return causeWords().contains(word) ? word : kOtherCause;
}

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

Result<QList<TxLeg>> DocumentStore::transactionLegs(const QString &id)
{
    auto tx = transaction(id);
    if (!tx.ok())
        return tx.error();
    return tx->legs;
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
