#include "store/approvalwrites.h"

#include "ledger/identifiers.h"
#include "store/txorder.h"

namespace ledger::approvalwrites {

Error check(const ApprovalWrite &write)
{
    const ApprovalRequest &r = write.request;
    if (!isApprovalId(r.id))
        return makeError(
            ErrorCode::InvalidArgument,
            Message::translate("ledger", "%1 is not an approval request's id (apr- and 32 hex digits)").arg(quoteForMessage(r.id, 80)));
    if (write.expectedVersion < 0 || r.version != write.expectedVersion + 1)
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledger", "approval request %1 cannot move from version %2 to %3: "
                                                                                  "each move writes the next version")
                                                         .arg(r.id)
                                                         .arg(write.expectedVersion)
                                                         .arg(r.version));
    if (r.docId.isEmpty() || !r.requestedAt.isValid())
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "approval request %1 names no document or no time of request").arg(r.id));
    return {};
}

Error check(const ApprovalListing &listing)
{
    if (listing.limit < 0)
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "a list of approval requests needs a limit of 0 or more, not %1").arg(listing.limit));
    return {};
}

JournalEntry journalRow(const ApprovalWrite &write, const QString &fromState)
{
    JournalEntry j = write.row;
    j.seq = 0;
    j.docKind = write.request.docKind;
    j.docId = write.request.docId;
    // The request's states, marked as its own: a transaction's journal reads "done" and "canceled"
    // as the transaction finishing (the change feed, the data lake), never an approval's.
    j.fromState = fromState.isEmpty() ? QString() : kApprovalStatePrefix + fromState;
    j.toState = kApprovalStatePrefix + nameOf(write.request.state);
    j.epoch = write.request.version;
    return j;
}

Error unknownApproval(const QString &id)
{
    return makeError(ErrorCode::NotFound, Message::translate("ledger", "no approval request %1").arg(id));
}

Result<ApprovalRequest> fromColumns(const QString &id, qint64 version, const QString &state, const QString &writeToken,
                                    const QByteArray &body)
{
    const auto known = approvalStateFromString(state);
    if (!known)
        return makeError(ErrorCode::StoreCorrupt,
                         Message::translate("ledger", "approval request %1 has the unknown state %2").arg(id, quoteForMessage(state, 40)));
    ApprovalRequest r;
    r.id = id;
    r.version = version;
    r.state = *known;
    r.writeToken = writeToken;
    return withApprovalBody(std::move(r), body);
}

bool listedBefore(const ApprovalRequest &a, const ApprovalRequest &b)
{
    if (a.requestedAt != b.requestedAt)
        return a.requestedAt > b.requestedAt;
    return compareBinary(a.id, b.id) > 0;
}

} // namespace ledger::approvalwrites
