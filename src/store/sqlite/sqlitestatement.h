#pragma once
// SQLite's C API for the SQLite store (internal to it): a value to bind (SqlArg) and one
// statement with its current row (SqliteStatement). Binds are native (integers as integers,
// text as text), rows are read by column index; no QVariant or record is made per value.
//
// Threading: a statement belongs to its connection's thread (see SqliteConnection).

#include <QString>
#include <QVariant>
#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace ledger {

// One value bound to a `?` (text is kept by value: a QString copy only shares its data).
class SqlArg {
public:
    SqlArg(std::nullptr_t)
        : m_kind(Kind::Null)
    {}
    SqlArg(int value)
        : m_kind(Kind::Integer)
        , m_integer(value)
    {}
    SqlArg(qint64 value)
        : m_kind(Kind::Integer)
        , m_integer(value)
    {}
    // A null QString binds as '' (the text columns are NOT NULL with '' meaning "none"); a
    // deliberate NULL is nullptr or orNull().
    SqlArg(const QString &text)
        : m_kind(Kind::Text)
        , m_text(text)
    {}
    SqlArg(const std::optional<qint64> &value)
        : m_kind(value ? Kind::Integer : Kind::Null)
        , m_integer(value.value_or(0))
    {}
    // Tests' raw SQL: a null QVariant binds NULL, numbers as integers, anything else as text.
    explicit SqlArg(const QVariant &value);
    // NULL for an empty string (optional text columns such as idempotency_key).
    static SqlArg orNull(const QString &text) { return text.isEmpty() ? SqlArg(nullptr) : SqlArg(text); }

    // Returns SQLite's result code.
    int bind(sqlite3_stmt *statement, int index) const;
    // About how many bytes it adds to a row (text as UTF-16 code units; a number 8).
    qint64 approximateBytes() const { return m_kind == Kind::Text ? qint64(m_text.size()) : m_kind == Kind::Null ? 0 : 8; }

private:
    enum class Kind { Null, Integer, Real, Text };
    Kind m_kind;
    qint64 m_integer = 0;
    double m_real = 0;
    QString m_text;
};

class SqliteStatement {
public:
    // Takes ownership of `statement` (finalized with this object: until then its connection
    // cannot close).
    SqliteStatement(sqlite3 *db, sqlite3_stmt *statement);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    // Binds `args` (after clearing what was bound before) and runs the statement to its first
    // row, or to its end for one without rows. Returns SQLite's result code: SQLITE_OK when it
    // ran (rows or not), else the (extended) error code; errorMessage() says why.
    int start(const SqlArg *first, const SqlArg *last);
    int start(std::initializer_list<SqlArg> args) { return start(args.begin(), args.end()); }
    // Moves to the next row (the first after start()); false at the end or on an error
    // (failed() then says which).
    bool next();
    bool failed() const { return m_rc != 0; }
    int resultCode() const { return m_rc; }
    QString errorMessage() const { return m_error; }
    // Rows changed by a write that just ran (sqlite3_changes).
    qint64 rowsChanged() const { return m_changes; }
    // Back to the start, releasing the read it holds (a statement stopped before its last row
    // keeps its snapshot open).
    void finish();

    bool isNull(int column) const;
    qint64 int64(int column) const;
    int int32(int column) const { return int(int64(column)); }
    QString text(int column) const;
    // The column as its stored type says (tests' raw SQL).
    QVariant value(int column) const;

private:
    int fail(int rc);

    sqlite3 *m_db;
    sqlite3_stmt *m_statement;
    bool m_rowPending = false; // start() stepped onto the first row; next() hands it out
    int m_rc = 0;
    qint64 m_changes = 0;
    QString m_error;
};

} // namespace ledger
