#pragma once
// PostgreSQL's words for the shared query SQL (store/sqlfilters.h): "$n" placeholders (integers
// cast to int8), strpos(), and the server's clock ledger_now() (internal to the PostgreSQL store).
// Thread-safety: stateless; any thread.

#include "store/postgres/pgconnection.h"
#include "store/sqlfilters.h"

namespace ledger {

class PgDialect final : public SqlDialect {
public:
    QString placeholder(int n, const SqlValue &value) const override;
    QString contains(const QString &column, const QString &param) const override;
    QString leaseExpired() const override;
    QString olderThan(const QString &column, qint64 ms, SqlWhere &where) const override;
    QString newerThan(const QString &column, qint64 ms, SqlWhere &where) const override;
    QString timeValue(const QDateTime &time, SqlWhere &where) const override;
    QString ageMs() const override;

    static const PgDialect &instance();
};

// The values of `where`, to bind (more may be added after them: "$n" numbering goes on).
PgParams pgParams(const SqlWhere &where);

} // namespace ledger
