#include "operations/accountdetail.h"

namespace ledger {

Result<AccountDetail> loadAccountDetail(Store &store, const QString &accountId)
{
    AccountDetail d;
    auto whole = accountCountedWhole(store, accountId, [&]() -> Error {
        auto holds = store.legsOfAccount(accountId, LegStatus::Held);
        if (!holds.ok())
            return holds.error();
        d.holds = *holds;
        auto history = store.journal(DocKind::Account, accountId);
        if (!history.ok())
            return history.error();
        d.history = *history;
        auto now = store.now();
        if (!now.ok())
            return now.error();
        d.now = *now;
        return {};
    });
    if (!whole.ok())
        return whole.error();
    d.account = whole->account;
    d.wholeBalance = whole->wholeBalance;
    return d;
}

} // namespace ledger
