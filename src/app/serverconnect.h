#pragma once
// Connecting the console to a ledger service (ledgerd) instead of a store: whoami first, so that
// a refused token, a certificate that does not check or a server that cannot be reached is said
// plainly before anything is shown, and nothing is half-open.
// Threading: connectForConsole() runs on a worker thread (it waits for the server); plainRefusal
// is pure.

#include "storeopener.h"

namespace ledger::app {

// The opened "store" of a console signed in to `server`: its identity and scale from whoami.
// `error` is set, in plain words (plainRefusal), when the server refused or could not be asked.
OpenedStore connectForConsole(const ResolvedServer &server);

// What an operator reads when a ledger service refused or could not be reached (`error` as the
// client gave it, `url` the server's): the token refused (401), the role (403), the certificate
// with its reason, the server out of reach. Other errors as they are.
QString plainRefusal(const Error &error, const QString &url);

} // namespace ledger::app
