#include "service/apiquery.h"

#include "operations/operatoractions.h"

namespace ledger::apiquery {

QString sortWord(TxSortKey key)
{
    switch (key) {
    case TxSortKey::CreatedAt: return QStringLiteral("created");
    case TxSortKey::LastModified: return QStringLiteral("modified");
    case TxSortKey::Amount: return QStringLiteral("amount");
    case TxSortKey::State: return QStringLiteral("state");
    case TxSortKey::Id: return QStringLiteral("id");
    }
    return {};
}

std::optional<TxSortKey> sortKeyFromWord(QStringView word)
{
    for (TxSortKey key : {TxSortKey::CreatedAt, TxSortKey::LastModified, TxSortKey::Amount, TxSortKey::State, TxSortKey::Id})
        if (sortWord(key) == word)
            return key;
    return std::nullopt;
}

Result<QUrlQuery> transactions(const TxQuery &q)
{
    if (q.offset != 0 || q.kind)
        return makeError(ErrorCode::Unsupported, QStringLiteral("a listing through ledgerd pages by key or place, not by offset or kind"));
    QUrlQuery query;
    if (q.state)
        query.addQueryItem(QStringLiteral("state"), nameOf(*q.state));
    if (!q.account.isEmpty())
        query.addQueryItem(QStringLiteral("account"), QString::fromLatin1(QUrl::toPercentEncoding(q.account)));
    if (!q.text.isEmpty())
        query.addQueryItem(QStringLiteral("text"), QString::fromLatin1(QUrl::toPercentEncoding(q.text)));
    if (q.cause)
        query.addQueryItem(QStringLiteral("cause"), QString::fromLatin1(QUrl::toPercentEncoding(*q.cause)));
    if (q.stuckOnly)
        query.addQueryItem(QStringLiteral("stuckFor"), QStringLiteral("%1ms").arg(q.stuckForMs));
    query.addQueryItem(QStringLiteral("sort"), sortWord(q.sortKey));
    query.addQueryItem(QStringLiteral("order"), q.descending ? QStringLiteral("newest") : QStringLiteral("oldest"));
    return query;
}

Result<QUrlQuery> journal(const JournalQuery &q)
{
    for (ActionsPreset preset : {ActionsPreset::Repairs, ActionsPreset::Accounts, ActionsPreset::TransfersIssued, ActionsPreset::All}) {
        const JournalQuery named = operatorActionsQuery(preset, q.text);
        if (named.events != q.events || named.docKind != q.docKind)
            continue;
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("kind"), nameOf(preset));
        if (!q.text.isEmpty())
            query.addQueryItem(QStringLiteral("filter"), QString::fromLatin1(QUrl::toPercentEncoding(q.text)));
        return query;
    }
    return makeError(ErrorCode::Unsupported, QStringLiteral("through ledgerd, the journal is read as operator actions of a kind"));
}

void addPlace(QUrlQuery &query, PageFrom from, qint64 offset, qint64 total, const QString &row, qint64 limit)
{
    static const char *const words[] = {"near", "after", "before", "from"};
    query.addQueryItem(QStringLiteral("from"), QLatin1String(words[int(from)]));
    if (from == PageFrom::Near) {
        query.addQueryItem(QStringLiteral("offset"), QString::number(offset));
        query.addQueryItem(QStringLiteral("total"), QString::number(total));
    } else {
        query.addQueryItem(QStringLiteral("row"), QString::fromLatin1(QUrl::toPercentEncoding(row)));
    }
    query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
}

QByteArray withQuery(const QByteArray &route, const QUrlQuery &query)
{
    const QString q = query.toString(QUrl::FullyEncoded);
    return q.isEmpty() ? route : route + '?' + q.toUtf8();
}

} // namespace ledger::apiquery
