#pragma once
// The PostgreSQL store's approval requests (store/approvalbook.h): the table `approvals` (schema
// 6). Each move is one statement, the compare-and-set and its journal row in one CTE, carrying a
// fresh write token in the request's row and in the journal row's worker column: a move whose
// commit went unanswered is resolved by reading the row again (its version and our token), never
// written twice (PgConnection::writing).
//
// Threading: its store's (one per PgStore, on its connection).

#include "store/approvalbook.h"

namespace ledger {

class PgConnection;

class PgApprovalBook final : public ApprovalBook {
public:
    explicit PgApprovalBook(PgConnection &conn)
        : m_conn(conn)
    {}

    Result<ApprovalWritten> writeApproval(const ApprovalWrite &write) override;
    Result<std::optional<ApprovalRequest>> approval(const QString &id) override;
    Result<QList<ApprovalRequest>> approvals(const ApprovalListing &listing) override;
    Result<qint64> approvalCount(ApprovalState state) override;

private:
    // The statement of one move (making it, or moving it from write.expectedVersion) with its
    // journal row; whether it was applied.
    Result<bool> writeOnce(const ApprovalWrite &write, const ApprovalRequest &request);
    Result<std::optional<ApprovalRequest>> readApproval(const QString &id);

    PgConnection &m_conn;
};

} // namespace ledger
