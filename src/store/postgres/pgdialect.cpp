#include "store/postgres/pgdialect.h"

namespace ledger {

const PgDialect &PgDialect::instance()
{
    static const PgDialect dialect;
    return dialect;
}

QString PgDialect::placeholder(int n, const SqlValue &value) const
{
    // Integers are sent as text: the cast says what they are where the context does not.
    return std::holds_alternative<qint64>(value) ? QStringLiteral("$%1::int8").arg(n) : QStringLiteral("$%1").arg(n);
}

QString PgDialect::contains(const QString &column, const QString &param) const
{
    return QStringLiteral("strpos(%1, %2) > 0").arg(column, param);
}

QString PgDialect::leaseExpired() const { return QStringLiteral("lease_until < ledger_now()"); }

QString PgDialect::olderThan(const QString &column, qint64 ms, SqlWhere &where) const
{
    return QStringLiteral("%1 <= ledger_now() - %2 * interval '1 millisecond'").arg(column, where.bind(ms));
}

QString PgDialect::newerThan(const QString &column, qint64 ms, SqlWhere &where) const
{
    return QStringLiteral("%1 > ledger_now() - %2 * interval '1 millisecond'").arg(column, where.bind(ms));
}

QString PgDialect::timeValue(const QDateTime &time, SqlWhere &where) const
{
    // Exact: the store keeps milliseconds, and integer milliseconds from the epoch are what
    // ledger_ms() read.
    return QStringLiteral("('epoch'::timestamptz + %1 * interval '1 millisecond')").arg(where.bind(time.toMSecsSinceEpoch()));
}

QString PgDialect::ageMs() const { return QStringLiteral("(ledger_ms(ledger_now()) - ledger_ms(created_at))"); }

PgParams pgParams(const SqlWhere &where)
{
    PgParams params;
    for (const SqlValue &value : where.values()) {
        if (const auto *text = std::get_if<QString>(&value))
            params << *text;
        else
            params << std::get<qint64>(value);
    }
    return params;
}

} // namespace ledger
