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

} // namespace ledger
