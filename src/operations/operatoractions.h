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

// How an action reads in Operator actions (the console's view and the incident report), where
// the journal's own words would mislead:
//   the action — the operator's action, not the journal's step: a compensation writes "linked" on
//     its original, and the operator compensated ("compensate"); the others are their event word;
//   the detail — what they wrote, labelled where it is not a reason: an account's creation records
//     the name it was given ("name: Alice Martin", not a bare "Alice Martin" under "Why").
QString actionWordOf(const JournalEntry &entry);
QString actionDetailOf(const JournalEntry &entry);
// An account's creation, whose detail is the account's name.
bool detailIsAccountName(const JournalEntry &entry);

} // namespace ledger
