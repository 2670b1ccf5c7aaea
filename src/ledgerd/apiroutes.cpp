// API v1, one line per route: method, path, the role it needs, who answers it. Everything else
// (authentication, 404/405 and Allow, /metrics labels, dispatch) is derived from this table;
// /openapi.json documents each line (tst_ledgerd checks that every line is there).
#include "handlers.h"

namespace ledger::api {

const QList<RouteSpec> &routeTable()
{
    static const QList<RouteSpec> table = {
        // method, path, role, who answers, handler
        {"GET", "/healthz", std::nullopt, Route::Health},
        {"GET", "/readyz", std::nullopt, Route::Ready, ready},
        {"GET", "/metrics", Role::Read, Route::Metrics},
        {"GET", "/openapi.json", std::nullopt, Route::OpenApi},
        {"GET", "/v1/whoami", Role::Read, Route::Handled, whoami},
        {"GET", "/v1/feed", Role::Read, Route::Feed},
        {"POST", "/v1/transfers", Role::Transfer, Route::Transfer, transfer},
        {"GET", "/v1/transactions", Role::Read, Route::Handled, listTransactions},
        {"GET", "/v1/transactions/{id}", Role::Read, Route::Handled, getTransaction},
        {"GET", "/v1/transactions/{id}/incident", Role::Read, Route::Handled, incidentReport},
        {"POST", "/v1/transactions/{id}/resume", Role::Operator, Route::Handled, repair},
        {"POST", "/v1/transactions/{id}/cancel", Role::Operator, Route::Handled, repair},
        {"POST", "/v1/transactions/{id}/compensate", Role::Operator, Route::Handled, repair},
        {"POST", "/v1/transactions/{id}/claim", Role::Operator, Route::Handled, remark},
        {"POST", "/v1/transactions/{id}/release", Role::Operator, Route::Handled, remark},
        {"POST", "/v1/transactions/{id}/notes", Role::Operator, Route::Handled, remark},
        {"GET", "/v1/accounts", Role::Read, Route::Handled, listAccounts},
        {"POST", "/v1/accounts", Role::Operator, Route::Handled, createAccount},
        {"GET", "/v1/accounts/{id}", Role::Read, Route::Handled, getAccount},
        {"GET", "/v1/accounts/{id}/detail", Role::Read, Route::Handled, accountDetail},
        {"POST", "/v1/accounts/{id}/freeze", Role::Operator, Route::Handled, accountStatus},
        {"POST", "/v1/accounts/{id}/unfreeze", Role::Operator, Route::Handled, accountStatus},
        {"POST", "/v1/accounts/{id}/close", Role::Operator, Route::Handled, accountStatus},
        {"GET", "/v1/account-documents", Role::Read, Route::Handled, accountDocuments},
        {"GET", "/v1/balances", Role::Read, Route::Handled, balances},
        {"GET", "/v1/audit", Role::Read, Route::Handled, audit},
        {"GET", "/v1/actions", Role::Read, Route::Handled, operatorActions},
        {"GET", "/v1/exports/{id}", Role::Read, Route::Export},
        {"GET", "/v1/overview", Role::Read, Route::Handled, overview},
        {"GET", "/v1/counts", Role::Read, Route::Handled, counts},
        {"GET", "/v1/stuck/causes", Role::Read, Route::Handled, stuckCauses},
        {"GET", "/v1/stuck/watch", Role::Read, Route::Handled, stuckWatch},
        {"GET", "/v1/tallies/transactions", Role::Read, Route::Handled, tallyTransactions},
        {"GET", "/v1/tallies/accounts", Role::Read, Route::Handled, tallyAccounts},
        {"GET", "/v1/tallies/actions", Role::Read, Route::Handled, tallyActions},
        {"GET", "/v1/windows/transactions", Role::Read, Route::Handled, transactionWindow},
        {"GET", "/v1/windows/accounts", Role::Read, Route::Handled, accountWindow},
        {"GET", "/v1/windows/actions", Role::Read, Route::Handled, actionWindow},
        {"GET", "/v1/transaction-ids", Role::Read, Route::Handled, transactionIds},
        {"POST", "/v1/plans", Role::Read, Route::Handled, planRepair},
        {"POST", "/v1/repairs", Role::Operator, Route::Handled, repairMany},
        {"GET", "/v1/approvals/rules", Role::Read, Route::Handled, approvalRules},
        {"GET", "/v1/approvals", Role::Read, Route::Handled, listApprovals},
        {"GET", "/v1/approvals/{id}", Role::Read, Route::Handled, getApproval},
        {"POST", "/v1/approvals/{id}/approve", Role::Operator, Route::Handled, decideApproval},
        {"POST", "/v1/approvals/{id}/reject", Role::Operator, Route::Handled, decideApproval},
        {"POST", "/v1/recoveries", Role::Operator, Route::StartRecovery},
        {"GET", "/v1/recoveries/{id}", Role::Operator, Route::GetRecovery},
        {"POST", "/v1/recoveries/{id}/stop", Role::Operator, Route::StopRecovery},
    };
    return table;
}

} // namespace ledger::api
