#pragma once
// Opening (or creating) a store for the console, on a worker thread: a missing default store
// is created and filled with demo data on first run, so a new user sees real content.
// Threading: openForConsole() runs on a worker thread with a connection it closes again.

#include "operations/demo.h"
#include "service/identity.h"
#include "service/serverlogin.h"
#include "store/open/storeconfig.h"

namespace ledger::app {

enum class OpenMode {
    Existing,       // the file must be a store
    Create,         // a new, empty store (refuses to overwrite)
    ExistingOrDemo, // open it, or create it with demo data when there is no file yet
};

struct OpenedStore {
    Error error;
    StoreConfig config;
    int scale = 2;
    Durability durability = Durability::Normal;
    int shards = 1;
    // How the store reads listings (StoreQueries::readsByPosition, sortsByIndex): the tables page
    // by key where it reads only by key, and offer only the sorts an index gives.
    bool readsByPosition = true;
    QList<TxSortKey> indexedSorts = allTxSortKeys();
    QString lockWarning; // Store::lockWarning()
    bool created = false;
    std::optional<DemoReport> demo;
    // Signed in to a ledger service (ledgerd) instead of holding a store: where, how the token
    // was found, and who the server says the token is (whoami). config.location is its URL.
    struct SignedIn {
        ResolvedServer server;
        Identity identity;
    };
    std::optional<SignedIn> signedIn;
};

OpenedStore openForConsole(const StoreConfig &config, OpenMode mode, const QString &operatorName);

} // namespace ledger::app
