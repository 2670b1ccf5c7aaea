#include "store/sqlite/sqliteapprovalbook.h"

#include "store/approvalwrites.h"
#include "store/sqlite/sqliteconnection.h"
#include "store/sqlite/sqlitestore.h"

namespace ledger {

namespace {

#define LEDGER_APPROVAL_COLUMNS "id, version, state, write_token, body"

Result<ApprovalRequest> approvalRow(const SqliteStatement &q)
{
    return approvalwrites::fromColumns(q.text(0), q.int64(1), q.text(2), q.text(3), q.text(4).toUtf8());
}

// Through `c`: inside a write, the connection its batch runs on (SqliteConnection::write).
Result<std::optional<ApprovalRequest>> readApproval(SqliteConnection &c, const QString &id)
{
    return c.firstRow(c.run("SELECT " LEDGER_APPROVAL_COLUMNS " FROM approvals WHERE id = ?", {id}), approvalRow);
}

} // namespace

Result<ApprovalWritten> SqliteApprovalBook::writeApproval(const ApprovalWrite &write)
{
    if (Error e = approvalwrites::check(write); !e.ok())
        return e;
    ApprovalRequest request = write.request;
    request.writeToken.clear();
    const QString body = QString::fromUtf8(approvalBody(request));
    return m_conn.write<ApprovalWritten>([&](SqliteConnection &c) -> Result<ApprovalWritten> {
        auto found = readApproval(c, request.id);
        if (!found.ok())
            return found.error();
        const std::optional<ApprovalRequest> &current = *found;
        const bool making = write.expectedVersion == 0;
        if (!making && !current)
            return approvalwrites::unknownApproval(request.id);
        if (making ? current.has_value() : current->version != write.expectedVersion)
            return ApprovalWritten{false, *current};
        auto clock = c.clock();
        if (!clock.ok())
            return clock.error();
        const QString requestedAt = formatTimestamp(request.requestedAt);
        const QString docKind = nameOf(request.docKind);
        auto q = making ? c.run("INSERT INTO approvals (id, version, state, requested_at, doc_kind, doc_id, write_token, body)"
                                " VALUES (?, ?, ?, ?, ?, ?, '', ?)",
                                {request.id, request.version, nameOf(request.state), requestedAt, docKind, request.docId, body})
                        : c.run("UPDATE approvals SET version = ?, state = ?, requested_at = ?, doc_kind = ?, doc_id = ?, write_token = '',"
                                " body = ? WHERE id = ? AND version = ?",
                                {request.version, nameOf(request.state), requestedAt, docKind, request.docId, body, request.id,
                                 write.expectedVersion});
        if (!q.ok())
            return q.error();
        if ((*q)->rowsChanged() != 1)
            return makeError(ErrorCode::Internal, QStringLiteral("approval request %1 changed during its write").arg(request.id));
        const JournalEntry row = approvalwrites::journalRow(write, current ? nameOf(current->state) : QString());
        if (Error e = SqliteStore::appendJournal(c, request.docKind, row, clock->now); !e.ok())
            return e;
        return ApprovalWritten{true, request};
    });
}

Result<std::optional<ApprovalRequest>> SqliteApprovalBook::approval(const QString &id) { return readApproval(m_conn, id); }

Result<QList<ApprovalRequest>> SqliteApprovalBook::approvals(const ApprovalListing &listing)
{
    if (Error e = approvalwrites::check(listing); !e.ok())
        return e;
    QString sql = QStringLiteral("SELECT " LEDGER_APPROVAL_COLUMNS " FROM approvals");
    QStringList conditions;
    QList<SqlArg> binds;
    if (!listing.states.isEmpty()) {
        QStringList marks;
        for (ApprovalState state : listing.states) {
            marks << QStringLiteral("?");
            binds << SqlArg(nameOf(state));
        }
        conditions << QStringLiteral("state IN (%1)").arg(marks.join(QLatin1Char(',')));
    }
    if (!listing.afterId.isEmpty()) {
        QDateTime at = listing.afterRequestedAt;
        if (!at.isValid()) {
            auto after = approval(listing.afterId);
            if (!after.ok())
                return after.error();
            if (!after->has_value())
                return approvalwrites::unknownApproval(listing.afterId);
            at = (*after)->requestedAt;
        }
        conditions << QStringLiteral("(requested_at, id) < (?, ?)");
        binds << SqlArg(formatTimestamp(at)) << SqlArg(listing.afterId);
    }
    if (!conditions.isEmpty())
        sql += QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "));
    sql += QStringLiteral(" ORDER BY requested_at DESC, id DESC LIMIT ?");
    binds << SqlArg(listing.limit);
    return m_conn.allRows(m_conn.runDynamic(sql, binds), approvalRow);
}

Result<qint64> SqliteApprovalBook::approvalCount(ApprovalState state)
{
    auto n = m_conn.firstRow(m_conn.run("SELECT COUNT(*) FROM approvals WHERE state = ?", {nameOf(state)}),
                             [](const SqliteStatement &q) { return q.int64(0); });
    if (!n.ok())
        return n.error();
    return n->value_or(0);
}

} // namespace ledger
