#pragma once
// A file that holds a secret (ledgerd's tokens file and TLS key, a client's --token-file),
// opened: refused (invalid-argument) when group or others may read it, as ssh refuses such a key
// — the mode of the file opened (fstat), not of whatever its name pointed at a moment before.
// Thread-safety: pure.

#include "ledger/errors.h"

#include <QFile>

namespace ledger {

// `what` names the file in the message ("the tokens file", "--tls-key", "--token-file").
Error checkPrivateFile(const QFile &opened, const QString &what);

} // namespace ledger
