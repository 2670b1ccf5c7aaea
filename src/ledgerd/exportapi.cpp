#include "exportapi.h"

#include "apisupport.h"

#include "ledger/identifiers.h"

namespace ledger::api {

namespace {

// The most rows one export may be asked to stop at (a limit beyond it: every row, without one).
constexpr qint64 kMaxExportLimit = 1'000'000'000;

// Each table: its name in the path, its rows, the listing whose parameters it takes.
struct ExportTable {
    const char *name;
    ExportSpec::Table table;
    QStringList (*parameters)();
    Error (*read)(const QUrlQuery &q, ExportSpec &spec, qint64 limit);
};

Error readTransactions(const QUrlQuery &q, ExportSpec &spec, qint64 limit)
{
    auto query = txQueryOf(q);
    if (!query.ok())
        return query.error();
    spec.transactions = *query;
    spec.transactions.limit = limit;
    return {};
}

Error readAccounts(const QUrlQuery &q, ExportSpec &spec, qint64 limit)
{
    auto query = accountQueryOf(q);
    if (!query.ok())
        return query.error();
    spec.accounts = *query;
    spec.accounts.limit = limit;
    return {};
}

Error readActions(const QUrlQuery &q, ExportSpec &spec, qint64 limit)
{
    auto query = journalQueryOf(q);
    if (!query.ok())
        return query.error();
    spec.journal = *query;
    spec.journal.limit = limit;
    return {};
}

const QList<ExportTable> &exportTables()
{
    static const QList<ExportTable> tables = {
        {"transactions", ExportSpec::Table::Transactions, txQueryParameters, readTransactions},
        {"accounts", ExportSpec::Table::Accounts, accountQueryParameters, readAccounts},
        {"actions", ExportSpec::Table::Journal, journalQueryParameters, readActions},
    };
    return tables;
}

} // namespace

Result<ExportAsked> exportAskedOf(const ApiRequest &r, const RouteMatch &m)
{
    const ExportTable *table = nullptr;
    QStringList names;
    for (const ExportTable &t : exportTables()) {
        names << QLatin1String(t.name);
        if (m.id == QLatin1String(t.name))
            table = &t;
    }
    if (!table)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("no table \"%1\" to export; the tables are %2").arg(m.id.left(40), names.join(QStringLiteral(", "))));
    if (Error e = unknownParameters(r.query, table->parameters() + QStringList{QStringLiteral("limit"), QStringLiteral("format")}); !e.ok())
        return e;
    ExportAsked asked;
    asked.spec.table = table->table;
    const QString format = r.query.queryItemValue(QStringLiteral("format"), QUrl::FullyDecoded);
    if (r.query.hasQueryItem(QStringLiteral("format"))) {
        const auto named =
            format == QLatin1String("csv") || format == QLatin1String("json") ? exportFormatFromSuffix(format) : std::nullopt;
        if (!named)
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("format must be csv or json, not \"%1\"").arg(format.left(40)));
        asked.format = *named;
    }
    auto limit = limitOf(r.query, -1, kMaxExportLimit);
    if (!limit.ok())
        return limit.error();
    if (Error e = table->read(r.query, asked.spec, *limit); !e.ok())
        return e;
    return asked;
}

QByteArray exportContentType(ExportFormat format)
{
    return format == ExportFormat::Csv ? QByteArrayLiteral("text/csv; charset=utf-8") : QByteArrayLiteral("application/json");
}

} // namespace ledger::api
