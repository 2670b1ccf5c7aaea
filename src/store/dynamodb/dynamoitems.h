#pragma once
// The documents as DynamoDB items (attribute values in DynamoDB's JSON: {"S": …}, {"N": "…"}),
// and back, every enumerated word checked as the SQL stores' row readers check theirs (an unknown
// state is store-corrupt, never a default). docs/DESIGN.md §10 lists the tables and attributes.
//
// Thread-safety: pure functions over values; any thread.

#include "ledger/documents.h"
#include "ledger/result.h"

#include <QJsonArray>
#include <QJsonObject>

namespace ledger::dynamo {

QJsonObject S(const QString &text);
QJsonObject N(qint64 number);
QJsonObject BOOL(bool value);
// An item's string or number attribute ("" and 0 when absent).
QString str(const QJsonObject &item, const QString &name);
qint64 num(const QJsonObject &item, const QString &name, bool *ok = nullptr);
QDateTime timeOf(qint64 ms);
qint64 msOf(const QDateTime &t); // 0 for no time

// `into` with every attribute of `from` set (the others kept).
void merge(QJsonObject &into, const QJsonObject &from);

// The token an item carries from the write that made it as it is (dynamostore.h: lost answers),
// and the tokens of the writes before it (the last kRecentTokens): a write whose answer was lost
// is recognised even when others wrote the item before it was read again.
inline const QString kToken = QStringLiteral("token");
constexpr int kRecentTokens = 8;
void stampToken(QJsonObject &item, const QString &token);
bool carriesToken(const QJsonObject &item, const QString &token);

// --- accounts -----------------------------------------------------------------------------
// The account's markers live in its item (map "legs": txId → marker), so that a leg and the
// balance it moves are one item written once; markers of finished legs beyond the first
// kMarkersKept move to the legs table (DESIGN §10, "Markers that outgrow the item").
// Without its token: stampToken() gives it one.
QJsonObject accountItem(const Account &account);
Result<Account> accountFromItem(const QJsonObject &item);
QJsonObject markerValue(const LegMarker &marker);
Result<LegMarker> markerFromValue(const QString &txId, const QString &accountId, const QJsonObject &value);
// The markers in an account item (its "legs" map), or in the legs table's item.
Result<QList<LegMarker>> markersOfAccountItem(const QJsonObject &item);
// `movedFrom`: the account item's version it was moved out of (0 for a tombstone of no account).
QJsonObject archivedMarkerItem(const LegMarker &marker, qint64 movedFrom);
Result<LegMarker> markerFromArchivedItem(const QJsonObject &item);
// The same marker in PREFIX-moves, keyed by account and `when` (its time, as ageOf, and its
// transaction): the markers an account moved out since a time are one range of it.
QJsonObject movedMarkerItem(const LegMarker &marker, qint64 movedFrom);

// --- transactions ---------------------------------------------------------------------------
// How many parts the by-state and by-finish indexes' keys are spread over (a hot key on an index
// throttles the table): a transaction's part is a hash of its id.
constexpr int kIndexParts = 4;
int partOf(const QString &id);
// The sort key of the by-state index and of the txaccounts table: created ms, zero-padded, and
// the id ("000001764000000000#tx-1"), so that text order is (createdAt, id) order — the
// listing's order by TxSortKey::CreatedAt (store/txorder.h).
QString ageOf(const QDateTime &createdAt, const QString &id);
QJsonObject transactionItem(const Transaction &tx);
Result<Transaction> transactionFromItem(const QJsonObject &item);

// A consistent Scan of a table (the request; DynamoStore::paged reads its pages).
QJsonObject scanOf(const QString &table);

// --- the journal ----------------------------------------------------------------------------
// A document's journal rows live in its item (list "journal"), so that a row and the write it
// records are one write; seq is the row's place in its document's list (1, 2, …).
QJsonObject journalValue(const JournalEntry &entry);
Result<QList<JournalEntry>> journalOfItem(const QJsonObject &item, DocKind kind);
// Appends `entry` (seq set from the list) to the journal of an item of `kind`, and stamps it
// for the by-acted index.
void appendJournal(QJsonObject &item, JournalEntry entry, DocKind kind);
// The by-acted index (DESIGN §10, "The journal by key"): the operator's rows no other index
// gives in time order — every row of an account; a transaction's operator events but its
// creation (the by-state index has that, at its age; ledger/journalevents.h) — are found by
// their documents, each under the time of its newest such row (`acted`: "ms#id", as ageOf) in
// its id's part (`actedPart`). A transaction no operator acted on is not in the index.
bool actedEvent(DocKind kind, const QString &event);
// Sets (or takes away) the item's `acted` and `actedPart` from its journal.
void stampActed(QJsonObject &item, DocKind kind);

} // namespace ledger::dynamo
