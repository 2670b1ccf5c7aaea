#pragma once
// Column lists and row readers shared by the PostgreSQL store's files (internal to the store).
// Times are selected as milliseconds since the epoch (ledger_ms), so that reading them needs no
// time-zone or text parsing; each list ends with the row's write_token where the table has one.

#include "ledger/documents.h"
#include "ledger/result.h"
#include "store/postgres/pgconnection.h"

#define LEDGER_PG_ACCOUNT_COLUMNS \
    "id, name, status, balance, pending_debits, pending_credits, version, ledger_ms(created_at), " \
    "ledger_ms(last_modified), write_token"
#define LEDGER_PG_LEG_COLUMNS "tx_id, account_id, side, amount, status, ledger_ms(at), write_token, balance_after"
#define LEDGER_PG_TX_COLUMNS \
    "id, idempotency_key, kind, compensates, compensated_by, source, destination, amount, memo, state, " \
    "ledger_ms(created_at), ledger_ms(last_modified), owner, ledger_ms(lease_until), epoch, last_error, attempts, " \
    "legs, write_token"
#define LEDGER_PG_JOURNAL_COLUMNS "seq, doc_id, ledger_ms(at), actor, worker, event, from_state, to_state, epoch, detail, doc_kind, request"
// The journal row written together with a document: (doc_kind, doc_id, at, actor, worker,
// event, from_state, to_state, epoch, detail, request) — request NULL for none.
#define LEDGER_PG_JOURNAL_INSERT \
    "INSERT INTO journal (doc_kind, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail, request)"

namespace ledger::pgrows {

// Each reads row `i` of `rows`, whose columns are the matching list above, in order
// (store/documentrows.h: an unknown state, status, side or kind is store-corrupt).
Result<Account> account(const PgRows &rows, int i = 0);
Result<LegMarker> leg(const PgRows &rows, int i = 0);
// The same from a row that carries more than one document: the list starts at column `first`.
Result<Account> accountAt(const PgRows &rows, int i, int first);
Result<LegMarker> legAt(const PgRows &rows, int i, int first);
Result<Transaction> transaction(const PgRows &rows, int i = 0);
Result<JournalEntry> journalEntry(const PgRows &rows, int i = 0);
// A text[] literal of `items`: each quoted, so that no item can be read as two.
QString textArray(const QStringList &items);
// The write_token of row `i` read with one of the lists above.
QString accountToken(const PgRows &rows, int i = 0);
QString legToken(const PgRows &rows, int i = 0);
QString txToken(const PgRows &rows, int i = 0);

// Every row, each read by `read(rows, i)` (a reader that checks columns returns a Result: the
// first error is the answer).
template <typename Read> auto all(const PgRows &rows, Read read) -> Result<QList<typename ResultOf<decltype(read(rows, 0))>::Value>>
{
    QList<typename ResultOf<decltype(read(rows, 0))>::Value> list;
    list.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i) {
        auto row = asResult(read(rows, i));
        if (!row.ok())
            return row.error();
        list.append(std::move(row).value());
    }
    return list;
}

} // namespace ledger::pgrows
