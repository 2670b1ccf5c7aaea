#pragma once
// "HOST:PORT" as the programs that listen take it (ledgerd --listen, ledgerctl serve --ws): an IP
// address (IPv6 in brackets, "[::1]:8080") or localhost, and a port from 0 (any free one) to
// 65535 in ASCII digits. Which addresses a program accepts beyond that (loopback only, or TLS off
// loopback) is its own rule.
// Threading: pure functions, callable from any thread.

#include "ledger/result.h"

#include <QHostAddress>

namespace ledger {

struct ListenAddress {
    QHostAddress address;
    quint16 port = 0;
    // The host as it goes in a URL: an IPv6 address in brackets.
    QString urlHost() const;
};

// `option` and `example` name the option and show a good value in the error (invalid-argument).
Result<ListenAddress> parseListenAddress(const QString &text, const QString &option, const QString &example);

} // namespace ledger
