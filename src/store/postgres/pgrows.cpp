#include "store/postgres/pgrows.h"

#include "store/documentrows.h"

namespace ledger::pgrows {

namespace {

// Row `i` as store/documentrows.h reads rows; times come as milliseconds (ledger_ms).
struct Row {
    const PgRows &r;
    int i;
    QString text(int column) const { return r.text(i, column); }
    qint64 int64(int column) const { return r.int64(i, column); }
    bool isNull(int column) const { return r.isNull(i, column); }
    QDateTime time(int column) const { return r.time(i, column); }
};

} // namespace

Result<Account> account(const PgRows &r, int i) { return rows::account(Row{r, i}); }

// Column 6 is the write token.
Result<LegMarker> leg(const PgRows &r, int i) { return rows::leg(Row{r, i}, 7); }

Result<Transaction> transaction(const PgRows &r, int i) { return rows::transaction(Row{r, i}); }

JournalEntry journalEntry(const PgRows &r, int i) { return rows::journalEntry(Row{r, i}); }

QString accountToken(const PgRows &r, int i) { return r.text(i, 9); }
QString legToken(const PgRows &r, int i) { return r.text(i, 6); }
QString txToken(const PgRows &r, int i) { return r.text(i, 17); }

} // namespace ledger::pgrows
