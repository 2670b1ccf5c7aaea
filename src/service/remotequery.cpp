#include "service/remotequery.h"

#include <QUrl>

namespace ledger::remote {

namespace {

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

} // namespace

QByteArray pathSegment(const QString &text) { return QUrl::toPercentEncoding(text); }

QByteArray withQuery(const QByteArray &route, const QUrlQuery &query)
{
    const QString q = query.toString(QUrl::FullyEncoded);
    return q.isEmpty() ? route : route + '?' + q.toUtf8();
}

QUrlQuery txFilters(const TxQuery &q)
{
    QUrlQuery base;
    if (q.state)
        base.addQueryItem(QStringLiteral("state"), nameOf(*q.state));
    if (!q.account.isEmpty())
        base.addQueryItem(QStringLiteral("account"), q.account);
    if (!q.text.isEmpty())
        base.addQueryItem(QStringLiteral("text"), q.text);
    if (q.cause)
        base.addQueryItem(QStringLiteral("cause"), *q.cause);
    if (q.stuckOnly)
        base.addQueryItem(QStringLiteral("stuckFor"), QStringLiteral("%1ms").arg(q.stuckForMs));
    base.addQueryItem(QStringLiteral("sort"), sortWord(q.sortKey));
    base.addQueryItem(QStringLiteral("order"), q.descending ? QStringLiteral("newest") : QStringLiteral("oldest"));
    return base;
}

} // namespace ledger::remote
