#include "operations/accountdetail.h"

namespace ledger {

Result<AccountDetail> loadAccountDetail(Store &store, const QString &accountId)
{
    AccountDetail d;
    const Error e = store.withSnapshot([&]() -> Error {
        auto account = store.account(accountId);
        if (!account.ok())
            return account.error();
        d.account = *account;
        auto holds = store.legsOfAccount(accountId, LegStatus::Held);
        if (!holds.ok())
            return holds.error();
        d.holds = *holds;
        auto history = store.journal(QStringLiteral("account"), accountId);
        if (!history.ok())
            return history.error();
        d.history = *history;
        auto now = store.now();
        if (!now.ok())
            return now.error();
        d.now = *now;
        return {};
    });
    if (!e.ok())
        return e;
    return d;
}

} // namespace ledger
