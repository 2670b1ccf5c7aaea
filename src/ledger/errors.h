#pragma once
// Every error LedgerDesk reports has a stable code word from this one list. The word is what
// scripts match on (`error: <code>: <message>`), the exit status is what ledgerctl returns.
// Thread-safety: everything here is pure and may be called from any thread.

#include "ledger/message.h"

#include <QString>
#include <QStringList>

namespace ledger {

// Exit statuses of ledgerctl (and the categories every error falls into).
enum class ExitStatus : int {
    Success = 0,
    Refused = 1,      // a rule of the ledger refused it, or audit found something
    BadInput = 2,     // bad usage or bad input; nothing was written
    StoreFailure = 3, // the store is unavailable or unusable
    // Accepted, not finished: the transaction is recorded and still in flight (another worker
    // drives it, an operator's claim holds a retry off): its money has not moved yet. Neither
    // success (a script must not count it paid) nor a refusal (it will move, or be decided).
    NotFinished = 4,
};

// X(enumerator, code word, exit status, what it means). The meanings are marked for lupdate
// (context "ledger::Errors"); `ledgerctl errors` shows them translated, --json in English.
#define LEDGER_ERROR_CODES(X) \
    X(None, "ok", Success, QT_TRANSLATE_NOOP("ledger::Errors", "no error")) \
    X(AwaitingApproval, "awaiting-approval", NotFinished, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the action waits for a second person's approval")) \
    X(NotFinished, "not-finished", NotFinished, \
      QT_TRANSLATE_NOOP("ledger::Errors", \
                        "accepted, not finished: the transaction is recorded but still in flight (another worker drives it, or " \
                        "an operator's claim holds a retry off), so its money has not (all) moved yet; look again later, or retry " \
                        "with the same key, never a new one")) \
    X(Usage, "usage", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "the command line is not of the documented form")) \
    X(UnknownCommand, "unknown-command", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "no such command")) \
    X(UnknownOption, "unknown-option", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "no such option for this command")) \
    X(MissingArgument, "missing-argument", BadInput, \
      QT_TRANSLATE_NOOP("ledger::Errors", "a required argument or option value is missing")) \
    X(UnexpectedArgument, "unexpected-argument", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "more arguments than the command takes")) \
    X(InvalidArgument, "invalid-argument", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "an option value is malformed")) \
    X(InvalidAmount, "invalid-amount", BadInput, \
      QT_TRANSLATE_NOOP("ledger::Errors", "an amount is not a positive decimal of the ledger's scale")) \
    X(InvalidAccountId, "invalid-account-id", BadInput, \
      QT_TRANSLATE_NOOP("ledger::Errors", "an account id is empty, too long or has characters outside [A-Za-z0-9._-]")) \
    X(InvalidTxId, "invalid-tx-id", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "a transaction id is malformed")) \
    X(InvalidKey, "invalid-key", BadInput, \
      QT_TRANSLATE_NOOP("ledger::Errors", "an idempotency key is empty, too long or not printable ASCII")) \
    X(InvalidText, "invalid-text", BadInput, \
      QT_TRANSLATE_NOOP("ledger::Errors", "a name, memo, reason or operator name is too long or has control characters")) \
    X(InvalidDuration, "invalid-duration", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "a duration is not like 90s, 30m, 2h or 1d")) \
    X(InvalidScale, "invalid-scale", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "a scale is not a whole number from 0 to 18")) \
    X(InvalidStep, "invalid-step", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "a crash step is not one of the protocol's writes")) \
    X(UnknownState, "unknown-state", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "a transaction state name does not exist")) \
    X(SameAccount, "same-account", BadInput, QT_TRANSLATE_NOOP("ledger::Errors", "source and destination are the same account")) \
    X(UnknownAccount, "unknown-account", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "no account has that id")) \
    X(AccountExists, "account-exists", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "an account with that id already exists")) \
    X(AccountFrozen, "account-frozen", Refused, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the account is frozen and takes part in no new transfer")) \
    X(AccountClosed, "account-closed", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the account is closed")) \
    X(AccountNotEmpty, "account-not-empty", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the account still has a balance or holds")) \
    X(SystemAccount, "system-account", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the system account @world cannot be changed")) \
    X(InsufficientFunds, "insufficient-funds", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the source's available amount is too small")) \
    X(AmountOverflow, "amount-overflow", Refused, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the result would not fit the ledger's 64-bit amounts")) \
    X(KeyConflict, "key-conflict", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the idempotency key was used for a different request")) \
    X(NotFound, "not-found", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "no transaction has that id")) \
    X(InvalidState, "invalid-state", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the action is not allowed in the transaction's state")) \
    X(Conflict, "conflict", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "someone else moved the transaction first")) \
    X(ProtocolViolation, "protocol-violation", Refused, \
      QT_TRANSLATE_NOOP("ledger::Errors", "a leg marker contradicts the transaction's state")) \
    X(Interrupted, "interrupted", Refused, \
      QT_TRANSLATE_NOOP("ledger::Errors", "a fault hook stopped the flow after a write (tests, demo)")) \
    X(AuditFindings, "audit-findings", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "audit found invariant violations")) \
    X(StoreExists, "store-exists", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "init refuses to overwrite an existing file")) \
    X(InvalidLocation, "invalid-location", BadInput, \
      QT_TRANSLATE_NOOP( \
          "ledger::Errors", \
          "a store location is a URI of a scheme LedgerDesk does not know (only files, postgresql:// and key=value connection strings)")) \
    X(InvalidCursor, "invalid-cursor", BadInput, \
      QT_TRANSLATE_NOOP("ledger::Errors", "a change-feed cursor is not one this store handed out")) \
    X(ApprovalExpired, "approval-expired", Refused, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the approval request expired before anyone decided it")) \
    X(ApprovalStale, "approval-stale", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "what the approval request showed no longer holds")) \
    X(ApprovalDecided, "approval-decided", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the approval request was already decided")) \
    X(Unsupported, "unsupported", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "this kind of store does not offer the operation (yet)")) \
    X(Unauthorized, "unauthorized", Refused, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the ledger service did not accept the token (missing, mistyped or revoked)")) \
    X(Forbidden, "forbidden", Refused, QT_TRANSLATE_NOOP("ledger::Errors", "the token's role does not allow the action")) \
    X(OutputFailed, "output-failed", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "an export file could not be written (permission, full disk)")) \
    X(ListenFailed, "listen-failed", StoreFailure, \
      QT_TRANSLATE_NOOP( \
          "ledger::Errors", \
          "the server could not listen on the address (in use, or not permitted); an address that is not loopback is invalid-argument")) \
    X(ServiceUnavailable, "service-unavailable", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the ledger service cannot be reached (down, restarting, or the network)")) \
    X(Truncated, "truncated", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", \
                        "the ledger service's answer was cut before its end (the server stopped, or its store failed, mid-way): " \
                        "what arrived is not the whole")) \
    X(CertificateRefused, "certificate-refused", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the ledger service's TLS certificate does not check against the trusted CAs (--ca)")) \
    X(StoreUnavailable, "store-unavailable", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the store cannot be opened")) \
    X(StoreNotLedger, "store-not-ledger", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the file is not a LedgerDesk store")) \
    X(StoreCorrupt, "store-corrupt", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the store file is damaged")) \
    X(StoreTooNew, "store-too-new", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the store was written by a newer LedgerDesk")) \
    X(StoreIsShard, "store-is-shard", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the file is one shard of a sharded store; open its topology file instead")) \
    X(TopologyMismatch, "topology-mismatch", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "a shard file is not the shard its topology file names (other store, index or count)")) \
    X(StoreReadOnly, "store-read-only", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the store or its directory cannot be written")) \
    X(StoreBusy, "store-busy", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the store stayed locked past the busy timeout")) \
    X(StoreFull, "store-full", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the disk or the store's size limit is full")) \
    X(StoreError, "store-error", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "the database reported an unexpected error")) \
    X(LakeUnavailable, "lake-unavailable", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the data lake's folder or bucket cannot be reached or written")) \
    X(LakeBusy, "lake-busy", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "another sync is writing the data lake")) \
    X(LakeMismatch, "lake-mismatch", StoreFailure, \
      QT_TRANSLATE_NOOP("ledger::Errors", "the data lake was written from another store (its checkpoint does not fit this one)")) \
    X(Internal, "internal", StoreFailure, QT_TRANSLATE_NOOP("ledger::Errors", "a bug in LedgerDesk"))

enum class ErrorCode {
#define LEDGER_X(name, word, exit, text) name,
    LEDGER_ERROR_CODES(LEDGER_X)
#undef LEDGER_X
};

QString codeWord(ErrorCode code);
ExitStatus exitStatusOf(ErrorCode code);
// What the code means, in English and in this process's language.
Message describe(ErrorCode code);
// Every code but None, in declaration order.
QList<ErrorCode> allErrorCodes();
// The code for a word, or None when the word is unknown.
ErrorCode errorCodeFromWord(const QString &word);

// An error as a value: a code and a message for humans. A default-constructed Error means "ok".
// `message` is English: it is what the store records (lastError, the journal), what --json says
// and what scripts match. `localMessage` is the same in this process's language (message.h says
// why both), empty when it reads the same.
struct [[nodiscard]] Error {
    ErrorCode code = ErrorCode::None;
    QString message;
    QString localMessage = {};

    bool ok() const { return code == ErrorCode::None; }
    bool isStoreFailure() const { return exitStatusOf(code) == ExitStatus::StoreFailure; }
    // The message for the reader: in this process's language where it was translated.
    QString localized() const { return localMessage.isEmpty() ? message : localMessage; }
    // Both languages, to build a longer message around this one.
    Message text() const { return Message(message, localized()); }
    // "error: <code>: <message>", the message in the reader's language (the code word never changes).
    QString toString() const;
};

// A message that reads the same in every language (or is not translated yet).
inline Error makeError(ErrorCode code, const QString &message) { return Error{code, message, QString()}; }
inline Error makeError(ErrorCode code, const Message &message)
{
    return Error{code, message.english(), message.local() == message.english() ? QString() : message.local()};
}

// Result<T>::value() of an error: a programming mistake. Ends the program with the error (qFatal),
// in release builds too.
[[noreturn]] void valueOfError(const Error &error);

} // namespace ledger
