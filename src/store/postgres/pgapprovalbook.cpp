#include "store/postgres/pgapprovalbook.h"

#include "store/approvalwrites.h"
#include "store/postgres/pgconnection.h"
#include "store/postgres/pgrows.h"

namespace ledger {

namespace {

#define LEDGER_PG_APPROVAL_COLUMNS "id, version, state, write_token, body"
// A time bound as integer milliseconds since the epoch (exact: the store keeps milliseconds).
#define LEDGER_PG_MS(param) "('epoch'::timestamptz + " param "::int8 * interval '1 millisecond')"

Result<ApprovalRequest> approvalRow(const PgRows &rows, int i)
{
    return approvalwrites::fromColumns(rows.text(i, 0), rows.int64(i, 1), rows.text(i, 2), rows.text(i, 3), rows.text(i, 4).toUtf8());
}

} // namespace

Result<std::optional<ApprovalRequest>> PgApprovalBook::readApproval(const QString &id)
{
    auto r = m_conn.run("SELECT " LEDGER_PG_APPROVAL_COLUMNS " FROM approvals WHERE id = $1", PgParams{id});
    if (!r.ok())
        return r.error();
    if (r->isEmpty())
        return std::optional<ApprovalRequest>();
    auto request = approvalRow(*r, 0);
    if (!request.ok())
        return request.error();
    return std::optional<ApprovalRequest>(std::move(request).value());
}

Result<bool> PgApprovalBook::writeOnce(const ApprovalWrite &write, const ApprovalRequest &request)
{
    const JournalEntry j = approvalwrites::journalRow(write, QString()); // from_state: the row's, read by the statement
    PgParams params{request.id,
                    nameOf(request.state),
                    QString::number(request.requestedAt.toMSecsSinceEpoch()),
                    nameOf(request.docKind),
                    request.docId,
                    request.writeToken,
                    QString::fromUtf8(approvalBody(request)),
                    j.actor,
                    j.event,
                    j.detail};
    params.nullIfEmpty(j.request);
    // The journal row's worker column carries the write's token, as a remark's does.
    Result<PgRows> r = [&]() {
        if (write.expectedVersion == 0)
            return m_conn.run(
                "WITH a AS (INSERT INTO approvals (id, version, state, requested_at, doc_kind, doc_id, write_token, body)"
                " VALUES ($1, 1, $2, " LEDGER_PG_MS(
                    "$3") ", $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING"
                          " RETURNING doc_kind, doc_id, state, version),"
                          " j AS (" LEDGER_PG_JOURNAL_INSERT
                          " SELECT doc_kind, doc_id, ledger_now(), $8, $6, $9, '', 'approval:' || state, version, $10, $11 FROM a)"
                          " SELECT count(*) FROM a",
                params, true);
        params << request.version << write.expectedVersion;
        return m_conn.run("WITH o AS (SELECT state AS from_state FROM approvals WHERE id = $1),"
                          " a AS (UPDATE approvals SET version = $12, state = $2, requested_at = " LEDGER_PG_MS(
                              "$3") ","
                                    " doc_kind = $4, doc_id = $5, write_token = $6, body = $7 FROM o"
                                    " WHERE approvals.id = $1 AND approvals.version = $13"
                                    " RETURNING approvals.doc_kind, approvals.doc_id, o.from_state, approvals.state, approvals.version),"
                                    " j AS (" LEDGER_PG_JOURNAL_INSERT " SELECT doc_kind, doc_id, ledger_now(), $8, $6, $9, 'approval:' || "
                                    "from_state, 'approval:' || state, version, $10, $11 FROM a)"
                                    " SELECT count(*) FROM a",
                          params, true);
    }();
    if (!r.ok())
        return r.error();
    return r->int64(0, 0) == 1;
}

Result<ApprovalWritten> PgApprovalBook::writeApproval(const ApprovalWrite &write)
{
    if (Error e = approvalwrites::check(write); !e.ok())
        return e;
    ApprovalRequest request = write.request;
    request.writeToken = PgConnection::newWriteToken();
    const auto attempt = [&]() -> Result<ApprovalWritten> {
        auto applied = writeOnce(write, request);
        if (!applied.ok())
            return applied.error();
        if (*applied)
            return ApprovalWritten{true, request};
        auto current = readApproval(request.id);
        if (!current.ok())
            return current.error();
        if (!current->has_value())
            return approvalwrites::unknownApproval(request.id);
        return ApprovalWritten{false, **current};
    };
    // An unanswered commit: the row at the version we wrote, with our token, is our write.
    const auto resolve = [&]() -> Result<std::optional<ApprovalWritten>> {
        auto current = readApproval(request.id);
        if (!current.ok())
            return current.error();
        if (current->has_value() && (*current)->version == write.expectedVersion + 1 && (*current)->writeToken == request.writeToken)
            return std::optional<ApprovalWritten>(ApprovalWritten{true, **current});
        return std::optional<ApprovalWritten>(); // not written: write it
    };
    return m_conn.writing<ApprovalWritten>(attempt, resolve);
}

Result<std::optional<ApprovalRequest>> PgApprovalBook::approval(const QString &id)
{
    return m_conn.reading<std::optional<ApprovalRequest>>([&]() { return readApproval(id); });
}

Result<QList<ApprovalRequest>> PgApprovalBook::approvals(const ApprovalListing &listing)
{
    if (Error e = approvalwrites::check(listing); !e.ok())
        return e;
    QDateTime after = listing.afterRequestedAt;
    if (!listing.afterId.isEmpty() && !after.isValid()) {
        auto found = approval(listing.afterId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return approvalwrites::unknownApproval(listing.afterId);
        after = (*found)->requestedAt;
    }
    QStringList states;
    for (ApprovalState state : listing.states)
        states << nameOf(state);
    const PgParams params{pgrows::textArray(states), listing.afterId, QString::number(after.isValid() ? after.toMSecsSinceEpoch() : 0),
                          QString::number(listing.limit)};
    return m_conn.reading<QList<ApprovalRequest>>([&]() -> Result<QList<ApprovalRequest>> {
        auto r = m_conn.run(
            "SELECT " LEDGER_PG_APPROVAL_COLUMNS " FROM approvals"
            " WHERE (cardinality($1::text[]) = 0 OR state = ANY ($1::text[]))"
            " AND ($2::text = '' OR (requested_at, id) < (" LEDGER_PG_MS("$3") ", $2::text))"
                                                                               " ORDER BY requested_at DESC, id DESC LIMIT $4::int8",
            params);
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, approvalRow);
    });
}

Result<qint64> PgApprovalBook::approvalCount(ApprovalState state)
{
    return m_conn.reading<qint64>([&]() -> Result<qint64> {
        auto r = m_conn.run("SELECT count(*) FROM approvals WHERE state = $1", PgParams{nameOf(state)});
        if (!r.ok())
            return r.error();
        return r->int64(0, 0);
    });
}

} // namespace ledger
