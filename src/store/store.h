#pragma once
// A store as the programs hold it: one connection that is both the protocol's DocumentStore and
// the console's StoreQueries. Backends implement it (src/store/sqlite, postgres, sharded); only
// src/store/open creates them. What only the benchmark, the demo and the status bar need is
// StoreExtras (store/storeextras.h), beside it.
//
// Threading: one connection; create, use and destroy it on one thread.

#include "ledger/remarks.h"
#include "store/approvalbook.h"
#include "store/documentstore.h"
#include "store/storequeries.h"

#include <memory>
#include <optional>

namespace ledger {

class Store : public DocumentStore, public StoreQueries {
public:
    // An operator's remark on transaction `txId` (ledger/remarks.h: a claim, its release or a
    // note): one journal row of the transaction, written alone — the document itself does not
    // change, so no coordinator's compare-and-set is disturbed — and announced to other consoles
    // like any write. The row records the transaction's state and epoch as it stands. Refuses an
    // unknown transaction (not-found) and a bad text (checkRemark); nothing is written then.
    virtual Result<JournalEntry> addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text) = 0;
    // Where this store keeps approval requests (store/approvalbook.h), or null when it keeps none
    // (DynamoDB): four eyes is then `unsupported`. Owned by the store, valid while it is.
    virtual ApprovalBook *approvalBook() { return nullptr; }
};

// Opens a new connection to one store for the calling thread (recovery opens one per worker
// thread). Made by src/store/open from a StoreConfig; the layers above the stores get this.
using StoreConnector = std::function<Result<std::unique_ptr<Store>>()>;

} // namespace ledger
