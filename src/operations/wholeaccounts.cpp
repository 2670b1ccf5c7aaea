#include "operations/wholeaccounts.h"

#include "protocol/commitpoint.h"

namespace ledger {

Result<QList<AccountCountedWhole>> readCountedWhole(Store &store, const std::function<Result<QList<Account>>()> &read,
                                                    const std::function<Error()> &alsoInSnapshot)
{
    QList<Account> accounts;
    CommitPointReading reading;
    const Error e = store.withSnapshot([&]() -> Error {
        auto got = read();
        if (!got.ok())
            return got.error();
        accounts = std::move(got).value();
        if (Error e = reading.readInSnapshot(store, accounts); !e.ok())
            return e;
        return alsoInSnapshot ? alsoInSnapshot() : Error{};
    });
    if (!e.ok())
        return e;
    if (Error e = reading.completeAfterSnapshot(store); !e.ok())
        return e;
    QList<AccountCountedWhole> rows;
    rows.reserve(accounts.size());
    for (const Account &a : std::as_const(accounts))
        rows << AccountCountedWhole{a, a.balance + reading.adjustments().value(a.id)};
    return rows;
}

Result<QList<AccountCountedWhole>> accountsCountedWhole(Store &store, const AccountQuery &query)
{
    return readCountedWhole(store, [&] { return store.accounts(query); });
}

Result<AccountCountedWhole> accountCountedWhole(Store &store, const QString &accountId, const std::function<Error()> &alsoInSnapshot)
{
    auto rows = readCountedWhole(
        store,
        [&]() -> Result<QList<Account>> {
            auto account = store.account(accountId);
            if (!account.ok())
                return account.error();
            return QList<Account>{*account};
        },
        alsoInSnapshot);
    if (!rows.ok())
        return rows.error();
    return rows->first();
}

} // namespace ledger
