#pragma once
// The SQLite store's approval requests (store/approvalbook.h): the table `approvals` of one file
// (schema 7), each move and its journal row in one write of the file (SqliteConnection::write),
// where SQLite's single writer makes read-check-write atomic. No commit goes unanswered here: a
// write that returned an error wrote nothing, so the write token stays "".
//
// Threading: its store's (one per SqliteStore, on its connection).

#include "store/approvalbook.h"

namespace ledger {

class SqliteConnection;

class SqliteApprovalBook final : public ApprovalBook {
public:
    explicit SqliteApprovalBook(SqliteConnection &conn)
        : m_conn(conn)
    {}

    Result<ApprovalWritten> writeApproval(const ApprovalWrite &write) override;
    Result<std::optional<ApprovalRequest>> approval(const QString &id) override;
    Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) override;
    Result<qint64> approvalCount(ApprovalState state) override;

private:
    SqliteConnection &m_conn;
};

} // namespace ledger
