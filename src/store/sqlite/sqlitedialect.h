#pragma once
// SQLite's words for the shared query SQL (store/sqlfilters.h): numbered "?n" placeholders,
// instr(), and times as the store's ISO 8601 text, which sorts as time (internal to the SQLite
// store). Key paging binds times in that form: the store writes no other.
// Thread-safety: stateless; any thread.

#include "store/sqlfilters.h"
#include "store/sqlite/sqlitestatement.h"

namespace ledger {

class SqliteDialect final : public SqlDialect {
public:
    QString placeholder(int n, const SqlValue &value) const override;
    QString contains(const QString &column, const QString &param) const override;
    QString leaseExpired() const override;
    QString olderThan(const QString &column, qint64 ms, SqlWhere &where) const override;
    QString newerThan(const QString &column, qint64 ms, SqlWhere &where) const override;
    QString timeValue(const QDateTime &time, SqlWhere &where) const override;
    QString ageMs() const override;

    static const SqliteDialect &instance();
};

// The values of `where`, to bind.
QList<SqlArg> sqliteArgs(const SqlWhere &where);

} // namespace ledger
