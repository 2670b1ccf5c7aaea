#pragma once
// The documents of DESIGN.md §1: accounts, leg markers, transaction documents and journal
// entries, as plain values. Spellings of states, sides and statuses live here and nowhere else.
// Thread-safety: plain values; copies may cross threads freely.

#include <QDateTime>
#include <QString>
#include <QStringView>
#include <optional>

namespace ledger {

enum class AccountStatus { Open, Frozen, Closed };
enum class LegSide { Debit, Credit };
enum class LegStatus { Held, Posted, Voided };
enum class TxState { Initial, Pending, Applied, Done, Canceling, Canceled };
enum class TxKind { Transfer, Compensation };
// Which kind of document a journal row belongs to (stored as "tx" and "account").
enum class DocKind { Transaction, Account };

QString nameOf(AccountStatus status);
QString nameOf(LegSide side);
QString nameOf(LegStatus status);
QString nameOf(TxState state);
QString nameOf(TxKind kind);
QString nameOf(DocKind kind);

std::optional<AccountStatus> accountStatusFromString(QStringView text);
std::optional<LegSide> legSideFromString(QStringView text);
std::optional<LegStatus> legStatusFromString(QStringView text);
std::optional<TxState> txStateFromString(QStringView text);
std::optional<TxKind> txKindFromString(QStringView text);
std::optional<DocKind> docKindFromString(QStringView text);

// All states in protocol order, and their names joined for messages ("initial, pending, ...").
const QList<TxState> &allTxStates();
QString txStateNames();

struct Account {
    QString id;
    QString name;
    AccountStatus status = AccountStatus::Open;
    qint64 balance = 0;        // posted
    qint64 pendingDebits = 0;  // sum of held debit markers
    qint64 pendingCredits = 0; // sum of held credit markers
    qint64 version = 0;        // bumped on every write
    QDateTime createdAt;
    QDateTime lastModified;

    // Credits are not spendable until posted.
    qint64 available() const { return balance - pendingDebits; }
};

struct LegMarker {
    QString txId;
    QString accountId;
    LegSide side = LegSide::Debit;
    qint64 amount = 0;
    LegStatus status = LegStatus::Held;
    QDateTime at;
    // The account's balance right after this leg was posted (the change feed's "resulting
    // balance"); nullopt while not posted, and for legs posted before schema 3 recorded it.
    std::optional<qint64> balanceAfter;
};

// One leg of a transaction: one account debited or credited by `amount`. A transaction has at
// least one debit and one credit, at most kMaxLegs legs in all, each on its own account, and its
// debits and credits add up to the same amount (ledger/legs.h checks and orders them).
struct TxLeg {
    QString accountId;
    LegSide side = LegSide::Debit;
    qint64 amount = 0;

    bool operator==(const TxLeg &other) const { return accountId == other.accountId && side == other.side && amount == other.amount; }
    bool operator!=(const TxLeg &other) const { return !(*this == other); }
};

constexpr int kMaxLegs = 16;

struct Transaction {
    QString id;
    QString idempotencyKey; // empty: none
    TxKind kind = TxKind::Transfer;
    QString compensates;   // for a compensation: the original's id
    QString compensatedBy; // for an original: its current compensation's id
    // Every leg, in the order the request gave them (a two-account transfer: debit, credit).
    QList<TxLeg> legs;
    // A summary for lists and messages: the first debit's account, the first credit's account,
    // and the amount moved (the debits' sum). For a two-account transfer, exactly its fields.
    QString source;
    QString destination;
    qint64 amount = 0;
    QString memo;
    TxState state = TxState::Initial;
    QDateTime createdAt;
    QDateTime lastModified;
    QString owner;        // the worker driving it; empty when unclaimed
    QDateTime leaseUntil; // null when never claimed
    qint64 epoch = 0;     // bumped on every claim
    QString lastError;
    int attempts = 0; // number of claims

    // The leg on `accountId`, or nullopt when the transaction has none there.
    std::optional<TxLeg> legOn(const QString &accountId) const;
    // More than one debit or more than one credit (not shown as "source → destination").
    bool isMultiLeg() const { return legs.size() > 2; }
};

// One event in a document's history. Transaction events: created, claimed, state, error,
// linked; operator actions carry the operator as actor and their reason.
struct JournalEntry {
    qint64 seq = 0;
    DocKind docKind = DocKind::Transaction;
    QString docId;
    QDateTime at;
    QString actor;  // operator name, or "recovery"
    QString worker; // owner id of the worker that wrote it
    QString event;
    QString fromState;
    QString toState;
    qint64 epoch = 0;
    QString detail; // reason, error message, ...
    // The client's request that wrote it: its idempotency key through ledgerd ("" none), so that
    // the request sent again after a lost answer finds what its first sending did
    // (operations/requestreplay.h) and answers from that instead of doing it twice.
    QString request;
    // Not stored: which shard of a sharded store the row was read from (0 otherwise). Seqs are
    // per shard, so (at, shard, seq) is where a row stands in a sharded store's journal.
    int shard = 0;
};

// Who a write is by, as its journal row records it: the actor's name and the request it answers
// (JournalEntry::request; "" none). A name alone converts, for the writes no client request asks.
struct Acting {
    QString actor;
    QString request = {};
    Acting(const QString &name, const QString &requestKey = {})
        : actor(name)
        , request(requestKey)
    {}
    Acting(const char *name)
        : actor(QString::fromUtf8(name))
    {}
};

bool isTerminal(TxState state);

// Timestamps as the store writes them: ISO 8601 UTC with milliseconds.
// The store's form of a time: "2026-11-22T10:11:12.345Z" (UTC, milliseconds).
QString formatTimestampMs(qint64 msSinceEpoch);
QString formatTimestamp(const QDateTime &t);
QDateTime parseTimestamp(const QString &text);

} // namespace ledger
