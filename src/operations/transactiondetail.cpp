#include "operations/transactiondetail.h"

namespace ledger {

std::optional<LegMarker> TransactionDetail::markerOn(const QString &accountId) const
{
    for (const LegMarker &m : legs) {
        if (m.accountId == accountId)
            return m;
    }
    return std::nullopt;
}

Result<TransactionDetail> loadTransactionDetail(Store &store, const QString &txId)
{
    TransactionDetail d;
    const Error e = store.withSnapshot([&]() -> Error {
        auto tx = store.transaction(txId);
        if (!tx.ok())
            return tx.error();
        d.tx = *tx;
        auto legs = store.legsOfTransaction(txId);
        if (!legs.ok())
            return legs.error();
        d.legs = *legs;
        auto journal = store.journal(DocKind::Transaction, txId);
        if (!journal.ok())
            return journal.error();
        d.journal = *journal;
        d.claim = standingClaim(d.tx, d.journal);
        d.accounts.clear();
        for (const TxLeg &leg : d.tx.legs) {
            auto account = store.account(leg.accountId);
            if (account.ok())
                d.accounts << *account;
            else if (account.code() == ErrorCode::UnknownAccount)
                d.accounts << std::nullopt;
            else
                return account.error();
        }
        const QString relatedId = d.tx.kind == TxKind::Compensation ? d.tx.compensates : d.tx.compensatedBy;
        if (!relatedId.isEmpty()) {
            auto related = store.transaction(relatedId);
            if (related.ok())
                d.related = *related;
            else if (related.code() != ErrorCode::NotFound)
                return related.error();
        }
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
