#include "operations/accountdetail.h"

#include "protocol/commitpoint.h"

namespace ledger {

Result<AccountDetail> loadAccountDetail(Store &store, const QString &accountId)
{
    AccountDetail d;
    CommitPointReading reading;
    const Error e = store.withSnapshot([&]() -> Error {
        auto account = store.account(accountId);
        if (!account.ok())
            return account.error();
        d.account = *account;
        if (Error e = reading.readInSnapshot(store, {d.account}); !e.ok())
            return e;
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
    if (!e.ok())
        return e;
    if (Error e = reading.completeAfterSnapshot(store); !e.ok())
        return e;
    d.wholeBalance = d.account.balance + reading.adjustments().value(d.account.id);
    return d;
}

} // namespace ledger
