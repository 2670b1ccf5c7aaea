#pragma once
// The checks of a transfer as an operator types it — the same rules and the same messages for
// `ledgerctl transfer` and the console's transfer dialog, field by field so that a dialog can
// show each problem beside its field while it is being typed.
// Thread-safety: pure functions.

#include "protocol/coordinator.h"

#include <optional>

namespace ledger {

struct TransferInput {
    QString source;
    QString destination;
    QString amount;
    QString memo;
    std::optional<QString> key; // nullopt: no key; an empty string is a mistake
};

struct TransferInputCheck {
    Error source;
    Error destination; // includes "same account"
    Error amount;
    Error memo;
    Error key;
    // Set when every field is fine (and the amount could be read at the ledger's scale).
    std::optional<TransferRequest> request;

    // The first problem in field order, or ok.
    Error first() const;
};

// With `scale` unknown (no store yet) the amount is checked for everything but its number of
// decimals and its size, and no request is made.
TransferInputCheck checkTransferInput(const TransferInput &input, std::optional<int> scale);

// A transaction over several accounts as typed: each leg an account and an amount.
struct LegInput {
    LegSide side = LegSide::Debit;
    QString account;
    QString amount;
};

struct LegsInput {
    QList<LegInput> legs;
    QString memo;
    std::optional<QString> key;
};

struct LegsInputCheck {
    QList<Error> legs; // one per leg: its account id and amount
    Error balance;     // the legs together: count, accounts twice, one of each side, debits = credits
    Error memo;
    Error key;
    std::optional<TransferRequest> request;

    Error first() const;
};

// "alice:12.34" as a leg on `side`: the account before the last ':' and the amount after it;
// invalid-argument when there is no ':'.
Result<LegInput> parseLegArgument(const QString &text, LegSide side);
// Each leg as checkTransferInput checks a field, then the legs together (ledger/legs.h); with
// `scale` unknown no request is made and the balance is not checked.
LegsInputCheck checkLegsInput(const LegsInput &input, std::optional<int> scale);

} // namespace ledger
