#include "interchange/tableexport.h"

#include "interchange/csv.h"
#include "interchange/jsonformat.h"
#include "operations/claims.h"
#include "protocol/commitpoint.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <limits>

namespace ledger {

namespace {

// Writes rows as one format; remembers the first failure so that callers check once per page.
class RowWriter {
public:
    RowWriter(ExportFormat format, QStringList columns, QIODevice &out)
        : m_format(format)
        , m_columns(std::move(columns))
        , m_out(out)
    {}

    void begin() { put(m_format == ExportFormat::Csv ? csv::record(m_columns) : QStringLiteral("[")); }

    void row(const QJsonObject &object)
    {
        if (m_format == ExportFormat::Json) {
            // One object per line: a reader can stream it, and a diff shows rows.
            put((m_rows == 0 ? QStringLiteral("\n") : QStringLiteral(",\n"))
                + QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
        } else {
            QStringList cells;
            cells.reserve(m_columns.size());
            for (const QString &column : m_columns)
                cells << cellText(object.value(column));
            put(csv::record(cells));
        }
        ++m_rows;
    }

    void finish()
    {
        if (m_format == ExportFormat::Json)
            put(m_rows == 0 ? QStringLiteral("]\n") : QStringLiteral("\n]\n"));
    }

    qint64 rows() const { return m_rows; }
    const Error &error() const { return m_error; }

private:
    static QString cellText(const QJsonValue &v)
    {
        switch (v.type()) {
        case QJsonValue::String: return v.toString();
        case QJsonValue::Double: return QString::number(v.toInteger());
        case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        case QJsonValue::Array: {
            // Lists of ids, or of legs: space-separated (ids never contain spaces).
            QStringList parts;
            for (const QJsonValue &item : v.toArray())
                parts << cellText(item);
            return parts.join(QLatin1Char(' '));
        }
        case QJsonValue::Object: {
            // A transaction's entry (one of its legs): "debit:alice:12.34" (ids never contain ':').
            const QJsonObject leg = v.toObject();
            return QStringLiteral("%1:%2:%3")
                .arg(leg.value(QLatin1String("side")).toString(), leg.value(QLatin1String("accountId")).toString(),
                     leg.value(QLatin1String("amount")).toString());
        }
        default: return QString(); // null: an empty cell
        }
    }

    void put(const QString &text)
    {
        if (!m_error.ok())
            return;
        const QByteArray bytes = text.toUtf8();
        if (m_out.write(bytes) != bytes.size())
            m_error =
                makeError(ErrorCode::OutputFailed, Message::translate("ledger", "cannot write the export: %1").arg(m_out.errorString()));
    }

    ExportFormat m_format;
    QStringList m_columns;
    QIODevice &m_out;
    qint64 m_rows = 0;
    Error m_error;
};

QJsonObject objectOf(const AccountCountedWhole &a, int scale) { return json::account(a, scale); }

// A page's rows as written: the journal's as they are, transactions with the claims standing on
// them (the console's listings show who is on each, Stuck's first).
Result<QList<QJsonObject>> objectsOf(StoreQueries &, const QList<JournalEntry> &page, int)
{
    QList<QJsonObject> objects;
    objects.reserve(page.size());
    for (const JournalEntry &j : page)
        objects << json::journalEntry(j);
    return objects;
}

Result<QList<QJsonObject>> objectsOf(StoreQueries &store, const QList<Transaction> &page, int scale)
{
    auto claims = readClaimsOn(store, page);
    if (!claims.ok())
        return claims.error();
    QList<QJsonObject> objects;
    objects.reserve(page.size());
    for (const Transaction &t : page)
        objects << json::listedTransaction(t, claimOn(t, *claims), scale);
    return objects;
}

// Pages through one listing by key: `read(last, offset, limit)` returns the page after `last`
// (null for the first page, which starts at the query's own offset), so that no page walks the
// rows before it (OFFSET would: the last page of a million rows read them all again).
template <typename Document, typename Query, typename Read>
Error writePages(Store &store, const Query &query, qint64 pageRows, Read read, RowWriter &writer, const ExportProgress &progress)
{
    qint64 offset = query.offset;
    qint64 left = query.limit < 0 ? -1 : query.limit;
    std::optional<Document> last;
    while (left != 0) {
        if (progress.shouldStop && progress.shouldStop())
            return makeError(ErrorCode::Interrupted,
                             Message::translate("ledger", "the export was stopped after %1 rows").arg(writer.rows()));
        const qint64 want = left < 0 ? pageRows : qMin(left, pageRows);
        Result<QList<Document>> page = read(last ? &*last : nullptr, offset, want);
        if (!page.ok())
            return page.error();
        auto objects = objectsOf(store, *page, store.scale());
        if (!objects.ok())
            return objects.error();
        for (const QJsonObject &object : std::as_const(*objects))
            writer.row(object);
        if (!writer.error().ok())
            return writer.error();
        if (progress.rowsWritten)
            progress.rowsWritten(writer.rows());
        offset += page->size();
        if (!page->isEmpty())
            last = page->last();
        if (left > 0)
            left -= page->size();
        if (page->size() < want)
            break;
    }
    return {};
}

// The accounts of `query` by key, every page, into `out` (stoppable).
Error readAccountPages(Store &store, const AccountQuery &query, qint64 pageRows, const ExportProgress &progress, QList<Account> &out)
{
    qint64 offset = query.offset;
    qint64 left = query.limit < 0 ? -1 : query.limit;
    std::optional<QString> lastId;
    while (left != 0) {
        if (progress.shouldStop && progress.shouldStop())
            return makeError(ErrorCode::Interrupted, Message::translate("ledger", "the export was stopped after %1 rows").arg(0));
        AccountQuery q = query;
        if (lastId) {
            q.afterId = *lastId;
            offset = 0;
        }
        q.offset = offset;
        q.limit = left < 0 ? pageRows : qMin(left, pageRows);
        auto page = store.accounts(q);
        if (!page.ok())
            return page.error();
        out += *page;
        if (page->size() < q.limit)
            break;
        offset += page->size();
        lastId = page->last().id;
        if (left > 0)
            left -= page->size();
    }
    return {};
}

} // namespace

QString nameOf(ExportFormat format) { return format == ExportFormat::Csv ? QStringLiteral("csv") : QStringLiteral("json"); }

std::optional<ExportFormat> exportFormatFromSuffix(const QString &suffix)
{
    if (suffix.compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0)
        return ExportFormat::Csv;
    if (suffix.compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        return ExportFormat::Json;
    return std::nullopt;
}

QStringList exportColumns(ExportSpec::Table table)
{
    switch (table) {
    case ExportSpec::Table::Accounts:
        return {QStringLiteral("id"),      QStringLiteral("name"),      QStringLiteral("status"),        QStringLiteral("balance"),
                QStringLiteral("posted"),  QStringLiteral("available"), QStringLiteral("pendingDebits"), QStringLiteral("pendingCredits"),
                QStringLiteral("version"), QStringLiteral("createdAt"), QStringLiteral("lastModified")};
    case ExportSpec::Table::Transactions:
        return {QStringLiteral("id"),          QStringLiteral("idempotencyKey"), QStringLiteral("kind"),
                QStringLiteral("compensates"), QStringLiteral("compensatedBy"),  QStringLiteral("source"),
                QStringLiteral("destination"), QStringLiteral("amount"),         QStringLiteral("memo"),
                QStringLiteral("state"),       QStringLiteral("createdAt"),      QStringLiteral("lastModified"),
                QStringLiteral("owner"),       QStringLiteral("leaseUntil"),     QStringLiteral("epoch"),
                QStringLiteral("lastError"),   QStringLiteral("attempts"),       QStringLiteral("entries"),
                QStringLiteral("claimedBy"),   QStringLiteral("claimedAt"),      QStringLiteral("claimNote")};
    case ExportSpec::Table::Journal:
        return {QStringLiteral("seq"),     QStringLiteral("at"),     QStringLiteral("docKind"), QStringLiteral("docId"),
                QStringLiteral("actor"),   QStringLiteral("worker"), QStringLiteral("event"),   QStringLiteral("fromState"),
                QStringLiteral("toState"), QStringLiteral("epoch"),  QStringLiteral("detail")};
    }
    return {};
}

QStringList findingColumns()
{
    return {QStringLiteral("invariant"), QStringLiteral("code"), QStringLiteral("message"), QStringLiteral("transactions"),
            QStringLiteral("accounts")};
}

Result<qint64> exportTable(Store &store, const ExportSpec &spec, ExportFormat format, QIODevice &out, const ExportProgress &progress)
{
    RowWriter writer(format, exportColumns(spec.table), out);
    const int scale = store.scale();
    CommitPointReading reading;
    QList<Account> accounts; // an accounts export, read in the snapshot and written after it
    // One snapshot: the file is one state of the store even while transfers go on.
    const Error e = store.withSnapshot([&]() -> Error {
        writer.begin();
        switch (spec.table) {
        case ExportSpec::Table::Accounts:
            // Balances counted whole (operations/wholeaccounts.h): the reading is taken first thing
            // in this snapshot and completed after it (a sharded store's documents the snapshot
            // did not see), so the rows are written once it is complete. Every candidate, not the
            // listed accounts' after them: reading them all can take longer than the reading's
            // window allows between its start and its candidates.
            if (Error e = reading.readInSnapshot(store); !e.ok())
                return e;
            return readAccountPages(store, spec.accounts, std::max<qint64>(1, spec.pageRows), progress, accounts);
        case ExportSpec::Table::Transactions:
            // Sorted by what no index of the store orders (DynamoDB by amount): every page would
            // read the whole listing to sort it, so it is read once, as one page.
            return writePages<Transaction>(
                store, spec.transactions,
                store.sortsByIndex(spec.transactions.sortKey) ? std::max<qint64>(1, spec.pageRows) : std::numeric_limits<qint64>::max(),
                [&](const Transaction *last, qint64 offset, qint64 limit) {
                    TxQuery q = spec.transactions;
                    if (last) {
                        q.after = *last;
                        offset = 0;
                    }
                    q.offset = offset;
                    q.limit = limit;
                    return store.transactions(q);
                },
                writer, progress);
        case ExportSpec::Table::Journal:
            return writePages<JournalEntry>(
                store, spec.journal, std::max<qint64>(1, spec.pageRows),
                [&](const JournalEntry *last, qint64 offset, qint64 limit) {
                    JournalQuery q = spec.journal;
                    if (last) {
                        q.after = *last; // with its shard: a sharded store pages by (at, shard, seq)
                        offset = 0;
                    }
                    q.offset = offset;
                    q.limit = limit;
                    return store.journalEntries(q);
                },
                writer, progress);
        }
        return {};
    });
    if (!e.ok())
        return e;
    if (spec.table == ExportSpec::Table::Accounts) {
        if (Error e = reading.completeAfterSnapshot(store); !e.ok())
            return e;
        // Progress a page at a time, as for the other tables.
        const qint64 pageRows = std::max<qint64>(1, spec.pageRows);
        qint64 reported = -1;
        for (const Account &a : std::as_const(accounts)) {
            writer.row(objectOf(AccountCountedWhole{a, a.balance + reading.adjustments().value(a.id)}, scale));
            if (!writer.error().ok())
                return writer.error();
            if (progress.rowsWritten && writer.rows() % pageRows == 0)
                progress.rowsWritten(reported = writer.rows());
        }
        if (progress.rowsWritten && reported != writer.rows())
            progress.rowsWritten(writer.rows());
    }
    writer.finish();
    if (!writer.error().ok())
        return writer.error();
    return writer.rows();
}

Result<qint64> exportFindings(const QList<AuditFinding> &findings, ExportFormat format, QIODevice &out)
{
    RowWriter writer(format, findingColumns(), out);
    writer.begin();
    for (const AuditFinding &f : findings)
        writer.row(json::finding(f));
    writer.finish();
    if (!writer.error().ok())
        return writer.error();
    return writer.rows();
}

} // namespace ledger
