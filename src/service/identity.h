#pragma once
// Who is calling, and what they may do: the roles of ledgerd's tokens (each includes the ones
// before it) and the identity a service answers to whoami. In-process the name is the one the
// desktop gives (LEDGERDESK_OPERATOR, --operator, the console's setting) and is not vouched for;
// through ledgerd it is the token's name, and the server writes it into the journal.
// Thread-safety: values and pure functions.

#include "store/storequeries.h"

#include <QList>
#include <QString>
#include <optional>

namespace ledger {

// Ordered: each role may do what the ones before it may. An approver is an operator who may also
// decide approval requests (four eyes, when ledgerd's rules say approvers = approver).
enum class Role { Read, Transfer, Operator, Approver };

QString nameOf(Role role);
std::optional<Role> roleFromString(const QString &word);

struct Identity {
    QString name;
    Role role = Role::Operator;
    // True when a server checked a token and writes this name into the journal itself; false for
    // the embedded store, where the name is the desktop's say-so.
    bool vouched = false;
    QString where; // what is connected to: the store's display name, or the server's URL
    int scale = 2; // the ledger's decimal places (amounts are read and written with it)
    // How the ledger's store reads listings (store/storequeries.h): from any position, or only
    // onward from a key (DynamoDB); and the orders an index serves. A console through ledgerd pages
    // and offers sorts by them, as it does on a store it opens.
    bool readsByPosition = true;
    QList<TxSortKey> indexedSorts = allTxSortKeys();

    bool may(Role needed) const { return int(role) >= int(needed); }
};

} // namespace ledger
