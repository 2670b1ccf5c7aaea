#include "store/sqlite/sqliterows.h"

#include "store/documentrows.h"

namespace ledger::sqliterows {

namespace {

// The current row of a statement as store/documentrows.h reads rows; times are ISO 8601 text.
struct Row {
    const SqliteStatement &q;
    QString text(int column) const { return q.text(column); }
    qint64 int64(int column) const { return q.int64(column); }
    bool isNull(int column) const { return q.isNull(column); }
    QDateTime time(int column) const { return parseTimestamp(q.text(column)); }
};

} // namespace

Result<Account> account(const SqliteStatement &q) { return rows::account(Row{q}); }

Result<LegMarker> leg(const SqliteStatement &q) { return rows::leg(Row{q}, 6); }

Result<Transaction> transaction(const SqliteStatement &q) { return rows::transaction(Row{q}); }

Result<JournalEntry> journalEntry(const SqliteStatement &q) { return rows::journalEntry(Row{q}); }

} // namespace ledger::sqliterows
