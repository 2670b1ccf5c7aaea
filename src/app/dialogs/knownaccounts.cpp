#include "knownaccounts.h"

#include "ledger/identifiers.h"
#include "store/documentrules.h"

namespace ledger::app {

void KnownAccounts::set(const QList<Account> &accounts, bool complete)
{
    m_accounts.clear();
    for (const Account &a : accounts)
        m_accounts.insert(a.id, a);
    m_complete = complete;
}

Error KnownAccounts::refusalOf(const QString &accountId, int scale) const
{
    const auto known = m_accounts.constFind(accountId);
    if (known == m_accounts.cend() && (!m_complete || m_accounts.isEmpty() || accountId == kWorldAccount))
        return {}; // not read (yet), beyond the accounts read, or the world (always there): the store decides
    // A credit of nothing meets only what is about the account itself.
    const std::optional<Account> account = known == m_accounts.cend() ? std::nullopt : std::optional<Account>(*known);
    return rules::hold(QString(), accountId, std::nullopt, account, LegSide::Credit, 0, scale).refusal;
}

KnownAccounts::Foreseen KnownAccounts::foresee(const TransferRequest &request, int scale) const
{
    if (m_accounts.isEmpty())
        return {};
    QList<TxLeg> legs = request.allLegs();
    std::stable_sort(legs.begin(), legs.end(),
                     [](const TxLeg &a, const TxLeg &b) { return a.side == LegSide::Debit && b.side != LegSide::Debit; });
    for (const TxLeg &leg : std::as_const(legs)) {
        const auto known = m_accounts.constFind(leg.accountId);
        if (known == m_accounts.cend()) {
            if (Error e = refusalOf(leg.accountId, scale); !e.ok())
                return {e, leg.accountId};
            continue; // beyond the accounts read: the store decides
        }
        const rules::LegDecision decision = rules::hold(QString(), leg.accountId, std::nullopt, *known, leg.side, leg.amount, scale);
        if (!decision.refusal.ok())
            return {decision.refusal, leg.accountId};
    }
    return {};
}

} // namespace ledger::app
