#include "store/sqlite/sqlitestatement.h"

#include <sqlite3.h>

namespace ledger {

SqlArg::SqlArg(const QVariant &value)
{
    if (value.isNull()) {
        m_kind = Kind::Null;
        return;
    }
    switch (value.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Long:
    case QMetaType::Bool:
        m_kind = Kind::Integer;
        m_integer = value.toLongLong();
        return;
    case QMetaType::Double:
        m_kind = Kind::Real;
        m_real = value.toDouble();
        return;
    default: m_kind = Kind::Text; m_text = value.toString();
    }
}

int SqlArg::bind(sqlite3_stmt *statement, int index) const
{
    switch (m_kind) {
    case Kind::Null: return sqlite3_bind_null(statement, index);
    case Kind::Integer: return sqlite3_bind_int64(statement, index, m_integer);
    case Kind::Real: return sqlite3_bind_double(statement, index, m_real);
    case Kind::Text: break;
    }
    // The store's text is UTF-8; converting here once is cheaper than SQLite converting a
    // UTF-16 value at every comparison. Copied by SQLite (TRANSIENT): `utf8` is ours.
    const QByteArray utf8 = m_text.toUtf8();
    return sqlite3_bind_text(statement, index, utf8.isNull() ? "" : utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
}

SqliteStatement::SqliteStatement(sqlite3 *db, sqlite3_stmt *statement)
    : m_db(db)
    , m_statement(statement)
{}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(m_statement); }

int SqliteStatement::fail(int rc)
{
    m_rc = rc;
    m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
    m_rowPending = false;
    // Resetting a failed statement returns the error again; it only clears the run.
    sqlite3_reset(m_statement);
    return rc;
}

int SqliteStatement::start(const SqlArg *first, const SqlArg *last)
{
    if (sqlite3_stmt_busy(m_statement))
        sqlite3_reset(m_statement);
    m_rc = SQLITE_OK;
    m_error.clear();
    m_rowPending = false;
    m_changes = 0;
    // As Qt SQL did ("parameter count mismatch"): a missing bind would silently keep the last
    // run's value. Counted, every parameter is bound anew below.
    if (last - first != sqlite3_bind_parameter_count(m_statement)) {
        m_rc = SQLITE_RANGE;
        m_error = QStringLiteral("%1 values bound to a statement with %2 parameters")
                      .arg(last - first)
                      .arg(sqlite3_bind_parameter_count(m_statement));
        return m_rc;
    }
    int index = 1;
    for (const SqlArg *arg = first; arg != last; ++arg) {
        if (const int rc = arg->bind(m_statement, index++); rc != SQLITE_OK)
            return fail(rc);
    }
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW) {
        m_rowPending = true;
        return SQLITE_OK;
    }
    if (rc != SQLITE_DONE)
        return fail(rc);
    m_changes = sqlite3_changes64(m_db);
    sqlite3_reset(m_statement);
    return SQLITE_OK;
}

bool SqliteStatement::next()
{
    if (m_rowPending) {
        m_rowPending = false;
        return true;
    }
    if (m_rc != SQLITE_OK || !sqlite3_stmt_busy(m_statement))
        return false;
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        fail(rc);
    else
        sqlite3_reset(m_statement);
    return false;
}

void SqliteStatement::finish()
{
    m_rowPending = false;
    if (sqlite3_stmt_busy(m_statement))
        sqlite3_reset(m_statement);
}

bool SqliteStatement::isNull(int column) const { return sqlite3_column_type(m_statement, column) == SQLITE_NULL; }

qint64 SqliteStatement::int64(int column) const { return sqlite3_column_int64(m_statement, column); }

QString SqliteStatement::text(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_statement, column));
    return data ? QString::fromUtf8(data, sqlite3_column_bytes(m_statement, column)) : QString();
}

QVariant SqliteStatement::value(int column) const
{
    switch (sqlite3_column_type(m_statement, column)) {
    case SQLITE_NULL: return QVariant();
    case SQLITE_INTEGER: return QVariant(int64(column));
    case SQLITE_FLOAT: return QVariant(sqlite3_column_double(m_statement, column));
    default: return QVariant(text(column));
    }
}

} // namespace ledger
