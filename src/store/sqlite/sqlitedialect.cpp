#include "store/sqlite/sqlitedialect.h"

namespace ledger {

namespace {
// The store's clock, in the form its time columns are written.
const char kNow[] = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";
} // namespace

const SqliteDialect &SqliteDialect::instance()
{
    static const SqliteDialect dialect;
    return dialect;
}

// Numbered, so that one value may be used twice ("?2 ... ?2"); a plain "?" after them takes the
// next number.
QString SqliteDialect::placeholder(int n, const SqlValue &) const { return QStringLiteral("?%1").arg(n); }

QString SqliteDialect::contains(const QString &column, const QString &param) const
{
    return QStringLiteral("instr(%1, %2) > 0").arg(column, param);
}

QString SqliteDialect::leaseExpired() const { return QStringLiteral("lease_until < %1").arg(QLatin1String(kNow)); }

QString SqliteDialect::olderThan(const QString &column, qint64 ms, SqlWhere &where) const
{
    // Both sides are the store's own ISO 8601 text, which sorts as time.
    const QString modifier = QStringLiteral("-%1.%2 seconds").arg(ms / 1000).arg(ms % 1000, 3, 10, QLatin1Char('0'));
    return QStringLiteral("%1 <= strftime('%Y-%m-%dT%H:%M:%fZ','now', %2)").arg(column, where.bind(modifier));
}

QString SqliteDialect::newerThan(const QString &column, qint64 ms, SqlWhere &where) const
{
    const QString modifier = QStringLiteral("-%1.%2 seconds").arg(ms / 1000).arg(ms % 1000, 3, 10, QLatin1Char('0'));
    return QStringLiteral("%1 > strftime('%Y-%m-%dT%H:%M:%fZ','now', %2)").arg(column, where.bind(modifier));
}

QString SqliteDialect::timeValue(const QDateTime &time, SqlWhere &where) const { return where.bind(formatTimestamp(time)); }

QString SqliteDialect::ageMs() const { return QStringLiteral("((julianday('now') - julianday(created_at)) * 86400000.0)"); }

QList<SqlArg> sqliteArgs(const SqlWhere &where)
{
    QList<SqlArg> args;
    args.reserve(where.values().size());
    for (const SqlValue &value : where.values()) {
        if (const auto *text = std::get_if<QString>(&value))
            args << SqlArg(*text);
        else
            args << SqlArg(std::get<qint64>(value));
    }
    return args;
}

} // namespace ledger
