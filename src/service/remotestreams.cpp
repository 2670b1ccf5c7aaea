// Streamed reads through ledgerd (RemoteLedgerService's exports and feed): exports (GET /v1/exports/{table}) copied into the caller's
// device as they arrive, and the change feed (GET /v1/feed as NDJSON) handed on line by line.
// Neither is ever held whole: a million rows cost a piece of the stream.
#include "service/apiquery.h"
#include "service/remotestreams.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

namespace ledger {

namespace {

// An export whose server sends nothing for this long is cut (a sort no index serves may read the
// whole listing before its first row).
constexpr qint64 kExportIdleMs = 600'000;

Error notThroughTheApi(const QString &what)
{
    return makeError(ErrorCode::Unsupported, QStringLiteral("an export through ledgerd takes %1").arg(what));
}

// The query of an export as GET /v1/exports/{table} takes it: the listing's own parameters.
Result<QByteArray> exportPath(const ExportSpec &spec, ExportFormat format)
{
    QUrlQuery query;
    QByteArray table;
    qint64 limit = -1;
    switch (spec.table) {
    case ExportSpec::Table::Transactions: {
        if (spec.transactions.after)
            return notThroughTheApi(QStringLiteral("the listing's filters and order, not a row to start after"));
        auto filters = apiquery::transactions(spec.transactions);
        if (!filters.ok())
            return filters.error();
        query = *filters;
        table = "transactions";
        limit = spec.transactions.limit;
        break;
    }
    case ExportSpec::Table::Accounts: {
        const AccountQuery &q = spec.accounts;
        if (q.offset != 0 || !q.afterId.isEmpty() || !q.beforeId.isEmpty() || !q.fromId.isEmpty() || q.descending)
            return notThroughTheApi(QStringLiteral("accounts by id from the first, with a filter"));
        query = apiquery::accounts(q);
        table = "accounts";
        limit = q.limit;
        break;
    }
    case ExportSpec::Table::Journal: {
        // Operator actions of one kind (apiquery::journal), newest first, from the first.
        const JournalQuery &q = spec.journal;
        if (q.offset != 0 || q.after || q.afterTime || !q.docIds.isEmpty() || !q.newestFirst)
            return notThroughTheApi(QStringLiteral("operator actions of one kind, newest first, from the first"));
        auto kind = apiquery::journal(q);
        if (!kind.ok())
            return kind.error();
        query = *kind;
        table = "actions";
        limit = q.limit;
        break;
    }
    }
    if (limit == 0) // the server takes a limit from 1 up
        return notThroughTheApi(QStringLiteral("a limit of 1 or more (or none)"));
    if (limit > 0)
        apiquery::add(query, QStringLiteral("limit"), QString::number(limit));
    apiquery::add(query, QStringLiteral("format"), nameOf(format));
    return apiquery::withQuery("/v1/exports/" + table, query);
}

// An export's bytes into the caller's device a whole line at a time (a row of JSON, a line of a
// CSV record: never half a UTF-8 character), counting the rows as they pass.
class ExportCopy {
public:
    ExportCopy(QIODevice &out, ExportFormat format)
        : m_out(out)
        , m_format(format)
    {}

    // False once the device refused a write (error()).
    bool take(const QByteArray &piece)
    {
        m_carry += piece;
        const qsizetype end = m_carry.lastIndexOf('\n');
        if (end < 0)
            return true;
        const bool ok = put(m_carry.left(end + 1));
        m_carry.remove(0, end + 1);
        return ok;
    }
    // What is left after the last line (nothing, from a whole export).
    bool finish() { return m_carry.isEmpty() || put(std::exchange(m_carry, QByteArray())); }

    qint64 rows() const { return m_format == ExportFormat::Csv ? std::max<qint64>(0, m_records - 1) : m_objects; }
    const Error &error() const { return m_error; }

private:
    bool put(const QByteArray &lines)
    {
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const char c = lines.at(i);
            // CSV: a record ends at a line feed outside quotes (a field may hold one: RFC 4180).
            // JSON: a row is a line of its own that holds one object.
            if (c == '"')
                m_quoted = !m_quoted;
            else if (c == '\n' && !m_quoted)
                ++m_records;
            if (c == '{' && m_lineStart)
                ++m_objects;
            m_lineStart = c == '\n';
        }
        if (m_out.write(lines) == lines.size())
            return true;
        m_error = makeError(ErrorCode::OutputFailed, Message::translate("ledger", "cannot write the export: %1").arg(m_out.errorString()));
        return false;
    }

    QIODevice &m_out;
    ExportFormat m_format;
    QByteArray m_carry;
    qint64 m_records = 0; // CSV, the header's included
    qint64 m_objects = 0; // JSON
    bool m_quoted = false;
    bool m_lineStart = true;
    Error m_error;
};

} // namespace

Result<qint64> exportThrough(LedgerdClient &api, const ExportSpec &spec, ExportFormat format, QIODevice &out,
                             const ExportProgress &progress)
{
    auto path = exportPath(spec, format);
    if (!path.ok())
        return path.error();
    ExportCopy copy(out, format);
    qint64 told = -1;
    StreamReader reader;
    reader.idleLimitMs = kExportIdleMs;
    reader.stop = progress.shouldStop;
    reader.body = [&](const QByteArray &piece) {
        if (progress.shouldStop && progress.shouldStop())
            return false;
        if (!copy.take(piece))
            return false;
        if (progress.rowsWritten && copy.rows() != told)
            progress.rowsWritten(told = copy.rows());
        return true;
    };
    auto answer = api.streamGet(*path, reader);
    if (!copy.error().ok())
        return copy.error();
    if (!answer.ok())
        return answer.error();
    if (answer->stopped)
        return makeError(ErrorCode::Interrupted, Message::translate("ledger", "the export was stopped after %1 rows").arg(copy.rows()));
    if (!copy.finish())
        return copy.error();
    if (progress.rowsWritten && copy.rows() != told)
        progress.rowsWritten(copy.rows());
    return copy.rows();
}

Result<qint64> feedThrough(LedgerdClient &api, const QString &since, bool follow, qint64 limit,
                           const std::function<void(const QByteArray &line)> &line, const std::function<bool()> &stop)
{
    QString cursor = since;
    qint64 given = 0;
    QDeadlineTimer deadline(api.retryWindowMs());
    int pauseMs = 100;
    for (;;) {
        if (limit >= 0 && given >= limit)
            return given;
        QUrlQuery query;
        apiquery::add(query, QStringLiteral("since"), cursor);
        apiquery::add(query, QStringLiteral("follow"), follow ? QStringLiteral("true") : QStringLiteral("false"));
        QByteArray carry; // a line not whole yet: dropped if the stream is cut (it comes again after `cursor`)
        StreamReader reader;
        reader.stop = stop;
        reader.body = [&](const QByteArray &piece) {
            carry += piece;
            qsizetype start = 0;
            for (qsizetype end = carry.indexOf('\n'); end >= 0; end = carry.indexOf('\n', start)) {
                const QByteArray one = carry.mid(start, end - start);
                start = end + 1;
                line(one);
                ++given;
                const QString at = QJsonDocument::fromJson(one).object().value(QStringLiteral("cursor")).toString();
                if (!at.isEmpty())
                    cursor = at;
                if (limit >= 0 && given >= limit)
                    return false;
            }
            carry.remove(0, start);
            return true;
        };
        auto answer = api.streamOnce(apiquery::withQuery("/v1/feed", query), reader);
        if (answer.ok() && answer->status >= 200 && answer->status <= 299 && (answer->stopped || !follow))
            return given; // the reader's end, a stop, or the feed as it was
        // Cut (the server stopped, restarts, or lost its store; a followed stream has no end of its
        // own) or not reached: taken up again after the last event, for as long as a lost read is
        // sent again, counted from the cut.
        const bool streamed = answer.ok() ? answer->status >= 200 && answer->status <= 299 : answer.error().code == ErrorCode::Truncated;
        const bool unreachable = answer.ok() ? answer->status == 503 : answer.error().code == ErrorCode::ServiceUnavailable;
        if (!streamed && !unreachable)
            return answer.ok() ? api.problemOf(answer->status, answer->body) : answer.error();
        if (streamed) {
            deadline = QDeadlineTimer(api.retryWindowMs());
            pauseMs = 100;
        }
        if (stop && stop())
            return given;
        if (deadline.hasExpired()) {
            const Error why = !answer.ok() ? answer.error() : streamed ? Error{} : api.problemOf(answer->status, answer->body);
            return makeError(ErrorCode::ServiceUnavailable, QStringLiteral("%1the feed went as far as cursor %2: go on with --since %2")
                                                                .arg(why.ok() ? QString() : why.message + QStringLiteral("; "), cursor));
        }
        QThread::msleep(ulong(std::min<qint64>(pauseMs, std::max<qint64>(1, deadline.remainingTime()))));
        pauseMs = std::min(pauseMs * 2, 1000);
    }
}

} // namespace ledger
