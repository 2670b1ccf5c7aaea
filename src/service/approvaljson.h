#pragma once
// Four eyes as API v1 JSON and back: what ledgerd's /v1/approvals routes and a held-back repair's
// or transfer's 202 write (ledgerd/approvalapi.cpp), and what RemoteLedgerService reads, in one
// file so that a field written is a field read (strictly: jsonreader.h).
//
// A request: {"id", "state", "action", "document": {"kind", "id"}, "amount", "reason", "preview":
// {...}, "transfer": {"legs": [{"account", "side", "amount"}], "memo"} | null, "requestedBy",
// "requestedAt", "expiresAt", "decidedBy", "decidedAt", "decision", "outcome": {...} | null}.
// Amounts are strings in the ledger's units, as everywhere in API v1. `state` is as stored: a
// pending request past `expiresAt` is still "pending" until a decision marks it expired
// (`expired` says it is past).
// Thread-safety: pure functions.

#include "ledger/approvals.h"
#include "operations/approvalrules.h"

#include <QJsonObject>

namespace ledger::approvaljson {

QJsonObject request(const ApprovalRequest &r, int scale, const QDateTime &now);
Result<ApprovalRequest> request(const QJsonObject &o, int scale);

QJsonObject rules(const ApprovalRules &r, int scale);
Result<ApprovalRules> rules(const QJsonObject &o, int scale);

} // namespace ledger::approvaljson
