#pragma once
// Which operator actions wait for a second person's approval (four eyes, docs/DESIGN.md §11):
// the rules of ledgerd.conf's [approvals] section, read at start and again on SIGHUP.
//
//   [approvals]
//   compensate-over = 10000.00    # a compensation of more than this waits
//   cancel-over = 10000.00        # a cancel of a transaction of more than this
//   resume-over = 10000.00        # a resume that will post (initial or pending) of more than this
//   world-over = 0                # a transfer from @world (money made) of more than this
//   transfer-over = 1000000.00    # any transfer of more than this
//   expire-after = 24h            # how long a request waits for a decision
//   approvers = approver          # who decides: the role approver, or any other operator
//
// "Over" is strictly more: an amount equal to the threshold runs at once. A rule not given never
// asks. Amounts are in the ledger's units (its scale), durations as everywhere (90s, 30m, 2h, 1d).
//
// Threading: pure functions and values.

#include "ledger/approvals.h"
#include "ledger/result.h"

#include <QString>
#include <optional>

namespace ledger {

enum class Approvers { ApproverRole, AnyOperator };
QString nameOf(Approvers approvers); // "approver", "operator"

struct ApprovalRules {
    std::optional<qint64> compensateOver; // minor units; nullopt: never asks
    std::optional<qint64> cancelOver;
    std::optional<qint64> resumeOver;
    std::optional<qint64> worldOver;
    std::optional<qint64> transferOver;
    qint64 expireAfterMs = 24LL * 60 * 60 * 1000;
    Approvers approvers = Approvers::ApproverRole;

    // Whether any rule asks (without, four eyes is off: nothing waits).
    bool any() const;
    // Whether a repair of `amount` (a transaction's amount; a resume's only when it will post)
    // waits for approval.
    bool repairWaits(ApprovalAction action, qint64 amount) const;
    // Whether a transfer of `amount` (its debits' sum) waits; `fromWorld`: it debits @world.
    bool transferWaits(qint64 amount, bool fromWorld) const;
};

// The rules of a configuration file's text: its [approvals] section (the only one; another
// section, or a setting outside one, is refused: a misspelling must not turn four eyes off).
// Errors name the line: invalid-argument for an
// unknown key or a malformed value, invalid-amount for an amount, invalid-duration for a duration.
Result<ApprovalRules> parseApprovalRules(const QString &text, int scale);
// The rules as ledgerd.conf would say them (GET /v1/approvals/rules' text, `ledgerctl approvals rules`).
QString describeRules(const ApprovalRules &rules, int scale);

} // namespace ledger
