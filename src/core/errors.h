#pragma once
// Every error LedgerDesk reports has a stable code word from this one list. The word is what
// scripts match on (`error: <code>: <message>`), the exit status is what ledgerctl returns.
// Thread-safety: everything here is pure and may be called from any thread.

#include <QString>
#include <QStringList>

namespace ledger {

// Exit statuses of ledgerctl (and the categories every error falls into).
enum class ExitStatus : int {
    Success = 0,
    Refused = 1,      // a rule of the ledger refused it, or audit found something
    BadInput = 2,     // bad usage or bad input; nothing was written
    StoreFailure = 3, // the store is unavailable or unusable
};

// X(enumerator, code word, exit status, what it means)
#define LEDGER_ERROR_CODES(X)                                                                      \
    X(None, "ok", Success, "no error")                                                             \
    X(Usage, "usage", BadInput, "the command line is not of the documented form")                  \
    X(UnknownCommand, "unknown-command", BadInput, "no such command")                              \
    X(UnknownOption, "unknown-option", BadInput, "no such option for this command")                \
    X(MissingArgument, "missing-argument", BadInput, "a required argument or option value is missing") \
    X(UnexpectedArgument, "unexpected-argument", BadInput, "more arguments than the command takes") \
    X(InvalidArgument, "invalid-argument", BadInput, "an option value is malformed")                \
    X(InvalidAmount, "invalid-amount", BadInput, "an amount is not a positive decimal of the ledger's scale") \
    X(InvalidAccountId, "invalid-account-id", BadInput, "an account id is empty, too long or has characters outside [A-Za-z0-9._-]") \
    X(InvalidTxId, "invalid-tx-id", BadInput, "a transaction id is malformed")                      \
    X(InvalidKey, "invalid-key", BadInput, "an idempotency key is empty, too long or not printable ASCII") \
    X(InvalidText, "invalid-text", BadInput, "a name, memo, reason or operator name is too long or has control characters") \
    X(InvalidDuration, "invalid-duration", BadInput, "a duration is not like 90s, 30m, 2h or 1d")   \
    X(InvalidScale, "invalid-scale", BadInput, "a scale is not a whole number from 0 to 18")        \
    X(InvalidStep, "invalid-step", BadInput, "a crash step is not one of the protocol's writes")     \
    X(UnknownState, "unknown-state", BadInput, "a transaction state name does not exist")           \
    X(SameAccount, "same-account", BadInput, "source and destination are the same account")         \
    X(UnknownAccount, "unknown-account", Refused, "no account has that id")                         \
    X(AccountExists, "account-exists", Refused, "an account with that id already exists")           \
    X(AccountFrozen, "account-frozen", Refused, "the account is frozen and takes part in no new transfer") \
    X(AccountClosed, "account-closed", Refused, "the account is closed")                            \
    X(AccountNotEmpty, "account-not-empty", Refused, "the account still has a balance or holds")    \
    X(SystemAccount, "system-account", Refused, "the system account @world cannot be changed")      \
    X(InsufficientFunds, "insufficient-funds", Refused, "the source's available amount is too small") \
    X(AmountOverflow, "amount-overflow", Refused, "the result would not fit the ledger's 64-bit amounts") \
    X(KeyConflict, "key-conflict", Refused, "the idempotency key was used for a different request") \
    X(NotFound, "not-found", Refused, "no transaction has that id")                                 \
    X(InvalidState, "invalid-state", Refused, "the action is not allowed in the transaction's state") \
    X(Conflict, "conflict", Refused, "someone else moved the transaction first")                    \
    X(ProtocolViolation, "protocol-violation", Refused, "a leg marker contradicts the transaction's state") \
    X(Interrupted, "interrupted", Refused, "a fault hook stopped the flow after a write (tests, demo)") \
    X(AuditFindings, "audit-findings", Refused, "audit found invariant violations")                \
    X(StoreExists, "store-exists", Refused, "init refuses to overwrite an existing file")           \
    X(InvalidCursor, "invalid-cursor", BadInput, "a change-feed cursor is not one this store handed out") \
    X(Unsupported, "unsupported", Refused, "this kind of store does not offer the operation (yet)") \
    X(OutputFailed, "output-failed", StoreFailure, "an export file could not be written (permission, full disk)") \
    X(ListenFailed, "listen-failed", StoreFailure, "the server could not listen on the address (in use, not local)") \
    X(StoreUnavailable, "store-unavailable", StoreFailure, "the store cannot be opened")            \
    X(StoreNotLedger, "store-not-ledger", StoreFailure, "the file is not a LedgerDesk store")        \
    X(StoreCorrupt, "store-corrupt", StoreFailure, "the store file is damaged")                     \
    X(StoreTooNew, "store-too-new", StoreFailure, "the store was written by a newer LedgerDesk")    \
    X(StoreIsShard, "store-is-shard", StoreFailure, "the file is one shard of a sharded store; open its topology file instead") \
    X(TopologyMismatch, "topology-mismatch", StoreFailure, "a shard file is not the shard its topology file names (other store, index or count)") \
    X(StoreReadOnly, "store-read-only", StoreFailure, "the store or its directory cannot be written") \
    X(StoreBusy, "store-busy", StoreFailure, "the store stayed locked past the busy timeout")       \
    X(StoreFull, "store-full", StoreFailure, "the disk or the store's size limit is full")          \
    X(StoreError, "store-error", StoreFailure, "the database reported an unexpected error")         \
    X(Internal, "internal", StoreFailure, "a bug in LedgerDesk")

enum class ErrorCode {
#define LEDGER_X(name, word, exit, text) name,
    LEDGER_ERROR_CODES(LEDGER_X)
#undef LEDGER_X
};

QString codeWord(ErrorCode code);
ExitStatus exitStatusOf(ErrorCode code);
QString describe(ErrorCode code);
// Every code but None, in declaration order.
QList<ErrorCode> allErrorCodes();
// The code for a word, or None when the word is unknown.
ErrorCode errorCodeFromWord(const QString &word);

// An error as a value: a code and a message for humans. A default-constructed Error means "ok".
struct Error {
    ErrorCode code = ErrorCode::None;
    QString message;

    bool ok() const { return code == ErrorCode::None; }
    bool isStoreFailure() const { return exitStatusOf(code) == ExitStatus::StoreFailure; }
    // "error: <code>: <message>"
    QString toString() const;
};

inline Error makeError(ErrorCode code, const QString &message) { return Error{code, message}; }

} // namespace ledger
