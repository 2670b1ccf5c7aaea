#include "operations/idhints.h"

#include <QRegularExpression>

namespace ledger {

QString accountIdInOtherCase(Store &store, const QString &id)
{
    constexpr qint64 kPage = 1000;
    constexpr int kPages = 100;
    AccountQuery query;
    query.limit = kPage;
    for (int page = 0; page < kPages; ++page) {
        auto accounts = store.accounts(query);
        if (!accounts.ok())
            return {};
        for (const Account &a : *accounts) {
            if (a.id != id && a.id.compare(id, Qt::CaseInsensitive) == 0)
                return a.id;
        }
        if (accounts->size() < kPage)
            return {};
        query.afterId = accounts->constLast().id;
    }
    return {};
}

QString transactionIdInOtherCase(Store &store, const QString &id)
{
    static const QRegularExpression shape(QStringLiteral("^(tx-)([0-9a-z]+)((?:\\.rev[0-9]*)*)$"),
                                          QRegularExpression::CaseInsensitiveOption);
    const auto m = shape.match(id);
    if (!m.hasMatch())
        return {};
    const QString canonical = m.captured(1).toLower() + m.captured(2).toUpper() + m.captured(3).toLower();
    if (canonical == id)
        return {};
    auto tx = store.transaction(canonical);
    return tx.ok() ? canonical : QString();
}

QString idInOtherCase(Store &store, ErrorCode notFoundCode, const QString &id)
{
    if (notFoundCode == ErrorCode::UnknownAccount)
        return accountIdInOtherCase(store, id);
    if (notFoundCode == ErrorCode::NotFound)
        return transactionIdInOtherCase(store, id);
    return {};
}

} // namespace ledger
