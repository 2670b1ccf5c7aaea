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
    for (TxSortKey key : allTxSortKeys())
        if (sortWord(key) == word)
            return key;
    return std::nullopt;
}

Result<QUrlQuery> transactions(const TxQuery &q)
{
    if (q.offset != 0)
        return makeError(ErrorCode::Unsupported, QStringLiteral("a listing through ledgerd pages by key or place, not by offset"));
    QUrlQuery query;
    if (q.state)
        add(query, QStringLiteral("state"), nameOf(*q.state));
    if (q.kind)
        add(query, QStringLiteral("kind"), nameOf(*q.kind));
    if (!q.account.isEmpty())
        add(query, QStringLiteral("account"), q.account);
    if (!q.text.isEmpty())
        add(query, QStringLiteral("text"), q.text);
    if (q.cause)
        add(query, QStringLiteral("cause"), *q.cause);
    if (q.stuckOnly)
        add(query, QStringLiteral("stuckFor"), QStringLiteral("%1ms").arg(q.stuckForMs));
    add(query, QStringLiteral("sort"), sortWord(q.sortKey));
    add(query, QStringLiteral("order"), q.descending ? QStringLiteral("newest") : QStringLiteral("oldest"));
    return query;
}

QUrlQuery accounts(const AccountQuery &q)
{
    QUrlQuery query;
    if (!q.text.isEmpty())
        add(query, QStringLiteral("filter"), q.text);
    return query;
}

QUrlQuery actions(ActionsPreset preset, const QString &text)
{
    QUrlQuery query;
    add(query, QStringLiteral("kind"), nameOf(preset));
    if (!text.isEmpty())
        add(query, QStringLiteral("filter"), text);
    return query;
}

Result<QUrlQuery> journal(const JournalQuery &q)
{
    for (ActionsPreset preset : {ActionsPreset::Repairs, ActionsPreset::Accounts, ActionsPreset::TransfersIssued, ActionsPreset::All}) {
        const JournalQuery named = operatorActionsQuery(preset, q.text);
        if (named.events != q.events || named.docKind != q.docKind)
            continue;
        return actions(preset, q.text);
    }
    return makeError(ErrorCode::Unsupported, QStringLiteral("through ledgerd, the journal is read as operator actions of a kind"));
}

void addPlace(QUrlQuery &query, PageFrom from, qint64 offset, qint64 total, const QString &row, qint64 limit)
{
    static const char *const words[] = {"near", "after", "before", "from"};
    add(query, QStringLiteral("from"), QLatin1String(words[int(from)]));
    if (from == PageFrom::Near) {
        add(query, QStringLiteral("offset"), QString::number(offset));
        add(query, QStringLiteral("total"), QString::number(total));
    } else {
        add(query, QStringLiteral("row"), row);
    }
    add(query, QStringLiteral("limit"), QString::number(limit));
}

QList<QStringList> partsOf(const QStringList &ids, int maxIds, qsizetype maxBytes)
{
    QList<QStringList> parts;
    QStringList part;
    qsizetype bytes = 0;
    for (const QString &id : ids) {
        const qsizetype size = QUrl::toPercentEncoding(id).size() + 3; // a separator, quotes
        if (!part.isEmpty() && (part.size() >= maxIds || bytes + size > maxBytes)) {
            parts << part;
            part.clear();
            bytes = 0;
        }
        part << id;
        bytes += size;
    }
    if (!part.isEmpty())
        parts << part;
    return parts;
}

void add(QUrlQuery &query, const QString &name, const QString &value)
{
    query.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
}

QByteArray withQuery(const QByteArray &route, const QUrlQuery &query)
{
    const QString q = query.toString(QUrl::FullyEncoded);
    return q.isEmpty() ? route : route + '?' + q.toUtf8();
}

} // namespace ledger::apiquery
