#pragma once
// Checks for everything an operator names or types (account ids, transaction ids, idempotency
// keys, free text), and the makers of new ids. The CLI and the console use these same checks.
// Thread-safety: pure functions (newTransactionId uses the thread-safe system RNG).

#include "ledger/errors.h"

#include <QString>
#include <QStringView>

namespace ledger {

// The system account: money enters and leaves the ledger through it; it alone may go negative.
inline const QString kWorldAccount = QStringLiteral("@world");

constexpr int kMaxAccountIdLength = 64;
constexpr int kMaxTxIdLength = 96;
constexpr int kMaxKeyLength = 128;
constexpr int kMaxNameLength = 200;
constexpr int kMaxMemoLength = 500;
constexpr int kMaxReasonLength = 500;
constexpr int kMaxOperatorLength = 64;

// An account id that an operator may create: 1-64 chars of [A-Za-z0-9._-].
Error checkNewAccountId(QStringView id);
// `role` and `what` below name the thing checked in the message ("source account id", "memo"):
// either an English literal marked with QT_TRANSLATE_NOOP("ledger", ...), translated only when
// there is an error to report (these checks run on every transfer), or a QString that reads the
// same in every language.

// An account id that may appear in a transfer: a creatable id, or @world (role "account id").
Error checkAccountId(QStringView id);
Error checkAccountId(QStringView id, const char *role);
Error checkAccountId(QStringView id, const QString &role);
Error checkTxId(QStringView id);
// Idempotency keys: 1-128 printable ASCII characters, no spaces.
Error checkIdempotencyKey(QStringView key);
// Names, memos, reasons, operator names: bounded length, no control characters.
Error checkText(QStringView text, const char *what, int maxLength, bool allowEmpty);
Error checkText(QStringView text, const QString &what, int maxLength, bool allowEmpty);

// A new, never reused transaction id: "tx-" + 26 characters, time-ordered (ULID layout).
QString newTransactionId();
// The id of the n-th compensation (n >= 1) of an original: derived, so that asking twice
// creates one ("<original>.rev", then "<original>.rev2" after a canceled attempt).
QString compensationId(const QString &originalId, int attempt);
// 1 for "<id>.rev", n for "<id>.revN", 0 when `id` is not a compensation id of `originalId`.
int compensationAttempt(const QString &originalId, const QString &id);

// Shows untrusted text safely inside a message: quoted, control characters made visible.
QString quoteForMessage(QStringView text, int maxShown = 40);

} // namespace ledger
