#include "store/postgres/pgrows.h"

#include "store/documentrows.h"

namespace ledger::pgrows {

namespace {

// Row `i` as store/documentrows.h reads rows; times come as milliseconds (ledger_ms).
struct Row {
    const PgRows &r;
    int i;
    int first = 0;
    QString text(int column) const { return r.text(i, first + column); }
    qint64 int64(int column) const { return r.int64(i, first + column); }
    bool isNull(int column) const { return r.isNull(i, first + column); }
    QDateTime time(int column) const { return r.time(i, first + column); }
};

} // namespace

Result<Account> accountAt(const PgRows &r, int i, int first) { return rows::account(Row{r, i, first}); }
Result<Account> account(const PgRows &r, int i) { return accountAt(r, i, 0); }

// Column 6 is the write token.
Result<LegMarker> legAt(const PgRows &r, int i, int first) { return rows::leg(Row{r, i, first}, 7); }
Result<LegMarker> leg(const PgRows &r, int i) { return legAt(r, i, 0); }

Result<Transaction> transaction(const PgRows &r, int i) { return rows::transaction(Row{r, i}); }

Result<JournalEntry> journalEntry(const PgRows &r, int i) { return rows::journalEntry(Row{r, i}); }

QString accountToken(const PgRows &r, int i) { return r.text(i, 9); }
QString legToken(const PgRows &r, int i) { return r.text(i, 6); }
QString textArray(const QStringList &items)
{
    QStringList quoted;
    for (QString item : items)
        quoted << QLatin1Char('"') + item.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""))
                      + QLatin1Char('"');
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString txToken(const PgRows &r, int i) { return r.text(i, 18); }

} // namespace ledger::pgrows
