#pragma once
// The operator actions: the journal rows an operator's action wrote (repairs, account changes,
// transfers issued). The console's Operator actions view and `ledgerctl actions` list them with
// the same queries, so an export from either has the same rows.
// Thread-safety: pure functions.

#include "ledger/journalevents.h"
#include "store/store.h"

namespace ledger {

// Which actions to list. Repairs are what one looks for at 3 a.m.; transfers issued are many.
enum class ActionsPreset { Repairs, Accounts, TransfersIssued, All };

QString nameOf(ActionsPreset preset); // "repairs", "accounts", "transfers", "all"
std::optional<ActionsPreset> actionsPresetFromString(QStringView text);

// Newest first; `text` matches the operator or the document id.
JournalQuery operatorActionsQuery(ActionsPreset preset, const QString &text);

} // namespace ledger
