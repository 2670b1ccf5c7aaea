#include "operations/wholeaccounts.h"

#include "protocol/commitpoint.h"

namespace ledger {

Result<QList<AccountCountedWhole>> accountsCountedWhole(Store &store, const AccountQuery &query)
{
    QList<Account> page;
    CommitPointReading reading;
    const Error e = store.withSnapshot([&]() -> Error {
        auto accounts = store.accounts(query);
        if (!accounts.ok())
            return accounts.error();
        page = std::move(accounts).value();
        return reading.readInSnapshot(store, page);
    });
    if (!e.ok())
        return e;
    if (Error e = reading.completeAfterSnapshot(store); !e.ok())
        return e;
    QList<AccountCountedWhole> rows;
    rows.reserve(page.size());
    for (const Account &a : std::as_const(page))
        rows << AccountCountedWhole{a, a.balance + reading.adjustments().value(a.id)};
    return rows;
}

Result<AccountCountedWhole> accountCountedWhole(Store &store, const QString &accountId)
{
    std::optional<Account> account;
    CommitPointReading reading;
    const Error e = store.withSnapshot([&]() -> Error {
        auto read = store.account(accountId);
        if (!read.ok())
            return read.error();
        account = *read;
        return reading.readInSnapshot(store, {*account});
    });
    if (!e.ok())
        return e;
    if (Error e = reading.completeAfterSnapshot(store); !e.ok())
        return e;
    return AccountCountedWhole{*account, account->balance + reading.adjustments().value(account->id)};
}

} // namespace ledger
