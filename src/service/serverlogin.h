#pragma once
// Where a program's ledger service is and how it signs in: --server URL, the token and --ca, as
// ledgerctl and the console take them. The token, in order: --token-file FILE (refused when
// others may read it, as ssh refuses such a key), else $LEDGERDESK_TOKEN, else what the caller's
// `stored` gives (the console's desktop keyring), else none (a loopback ledgerd without a tokens
// file needs none).
// Thread-safety: pure but for reading the files and the environment.

#include "service/httpclient.h"

#include <functional>

namespace ledger {

struct ServerLogin {
    QString server;    // --server URL
    QString tokenFile; // --token-file FILE ("" none)
    QString caFile;    // --ca FILE ("" the system's CAs)
    // A token typed for this sign-in (the console's Connect dialog): what the operator just gave
    // is used before every other source ("" none).
    QByteArray typedToken = {};
};

// Where the token came from, to say so (`ledgerctl whoami`, the console's status bar tooltip).
enum class TokenSource { None, File, Environment, Keyring, Typed };
QString nameOf(TokenSource source);

struct ResolvedServer {
    ServerLocation location;
    TokenSource tokenSource = TokenSource::None;
};

Result<ResolvedServer> resolveServerLogin(const ServerLogin &login, const std::function<QByteArray()> &stored = {});

} // namespace ledger
