#pragma once
// Column lists and row readers shared by the SQLite store's files (internal to the store).

#include "ledger/documents.h"
#include "ledger/result.h"
#include "store/sqlite/sqlitestatement.h"

#define LEDGER_ACCOUNT_COLUMNS "id, name, status, balance, pending_debits, pending_credits, version, created_at, last_modified"
#define LEDGER_LEG_COLUMNS "tx_id, account_id, side, amount, status, at"
#define LEDGER_LEG_SELECT LEDGER_LEG_COLUMNS ", balance_after"
#define LEDGER_TX_COLUMNS \
    "id, idempotency_key, kind, compensates, compensated_by, source, destination, amount, memo, state, created_at, " \
    "last_modified, owner, lease_until, epoch, last_error, attempts, legs"
#define LEDGER_JOURNAL_COLUMNS "seq, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail, doc_kind, request"

namespace ledger::sqliterows {

// Each reads the current row of `q`, whose columns are the matching list above, in order
// (store/documentrows.h: an unknown state, status, side or kind is store-corrupt).
Result<Account> account(const SqliteStatement &q);
Result<LegMarker> leg(const SqliteStatement &q);
Result<Transaction> transaction(const SqliteStatement &q);
Result<JournalEntry> journalEntry(const SqliteStatement &q);

} // namespace ledger::sqliterows
