#pragma once
// What the transfer dialog knows of the store's accounts, to say before anything is sent what the
// store would refuse — in the store's own words (store/documentrules.h): no such account (once
// every account is known), frozen, closed, not enough money. The dialog reads them when it opens
// and again when the store changes; the store still has the last word on what it is sent.
//
// Threading: a value; GUI thread in the dialog.

#include "protocol/coordinator.h"

#include <QHash>

namespace ledger::app {

class KnownAccounts {
public:
    // `complete`: these are all the accounts there are (an id not among them does not exist).
    void set(const QList<Account> &accounts, bool complete);
    bool isEmpty() const { return m_accounts.isEmpty(); }
    bool isComplete() const { return m_complete; }

    // What a leg on `accountId` would meet whatever its amount: no such account (when every
    // account is known), or it is frozen or closed. Ok when fine or not known either way.
    Error refusalOf(const QString &accountId, int scale) const;

    struct Foreseen {
        Error refusal;   // ok: nothing foreseen
        QString account; // the account it is about
    };
    // The first refusal `request` would meet, in protocol order (debits first).
    Foreseen foresee(const TransferRequest &request, int scale) const;

private:
    QHash<QString, Account> m_accounts;
    bool m_complete = false;
};

} // namespace ledger::app
