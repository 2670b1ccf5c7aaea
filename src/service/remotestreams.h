#pragma once
// Streamed reads through ledgerd, never held whole: an export (GET /v1/exports/{table}) copied
// into the caller's device a line at a time, and the change feed (GET /v1/feed as NDJSON) handed
// on line by line. RemoteLedgerService's exportTable and feed.
// Threading: the caller's thread (the client's).

#include "interchange/tableexport.h"
#include "service/ledgerdclient.h"

namespace ledger {

// A table's export through ledgerd, byte for byte what the local export writes; a stream cut
// after its first byte is `truncated` (the device then holds a part: the caller drops it).
Result<qint64> exportThrough(LedgerdClient &api, const ExportSpec &spec, ExportFormat format, QIODevice &out,
                             const ExportProgress &progress);

// The change feed after `since` (see RemoteLedgerService::feed).
Result<qint64> feedThrough(LedgerdClient &api, const QString &since, bool follow, qint64 limit,
                           const std::function<void(const QByteArray &line)> &line, const std::function<bool()> &stop);

} // namespace ledger
