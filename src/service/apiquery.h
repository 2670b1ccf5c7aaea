#pragma once
// A listing's request as API v1's query parameters, the client's half of ledgerd's reading of them
// (ledgerd/apisupport.h: txQueryOf, journalQueryOf): one place says how a TxQuery, a journal query
// and a window's place are written, for every route that takes them.
// Thread-safety: pure functions.

#include "service/listingwindows.h"
#include "operations/operatoractions.h"
#include "store/storequeries.h"

#include <QUrlQuery>

namespace ledger::apiquery {

QString sortWord(TxSortKey key);
std::optional<TxSortKey> sortKeyFromWord(QStringView word); // created, modified, amount, state, id
// state, account, stuckFor, text, cause, sort, order. Unsupported for what API v1 cannot say (an
// offset, a kind).
Result<QUrlQuery> transactions(const TxQuery &query);
// filter (ledgerd: accountQueryOf): an account listing's text.
QUrlQuery accounts(const AccountQuery &query);
// kind and filter (ledgerd: actionsOf): operator actions of a preset.
QUrlQuery actions(ActionsPreset preset, const QString &text);
// kind and filter: the console's journal queries are operator actions of a preset
// (operations/operatoractions.h); any other query is unsupported through ledgerd.
Result<QUrlQuery> journal(const JournalQuery &query);
// from, offset, total, row, limit added to `query`.
void addPlace(QUrlQuery &query, PageFrom from, qint64 offset, qint64 total, const QString &row, qint64 limit);

QByteArray withQuery(const QByteArray &route, const QUrlQuery &query);

// `ids` in parts of at most `maxIds`, each under `maxBytes` as it is sent (percent-encoded, with a
// separator each): what one request's body (64 KiB) or head (16 KiB) may carry.
QList<QStringList> partsOf(const QStringList &ids, int maxIds, qsizetype maxBytes);

// name=value added to `query`, the value percent-encoded whatever it holds: ledgerd reads every
// parameter fully decoded, so "@world", "%61" or "a&b" arrive as they were given.
void add(QUrlQuery &query, const QString &name, const QString &value);

} // namespace ledger::apiquery
