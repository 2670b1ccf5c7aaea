#include "routes.h"

#include <QStringList>

namespace ledger::api {

namespace {

RouteLookup found(Route route, const QString &label, std::optional<Role> needs, QString id = {}, QString action = {})
{
    RouteLookup l;
    l.match = RouteMatch{route, id, action, label, needs};
    l.pathKnown = true;
    return l;
}

RouteLookup wrongMethod(const QByteArray &allowed)
{
    RouteLookup l;
    l.pathKnown = true;
    l.allowed = allowed;
    return l;
}

} // namespace

RouteLookup matchRoute(const QByteArray &method, const QString &path)
{
    const bool get = method == "GET" || method == "HEAD";
    const bool post = method == "POST";
    const QStringList p = path.split(QLatin1Char('/'));
    // p[0] is "" (the path starts with '/').
    if (p.size() == 2) {
        const QString &name = p.at(1);
        const Route route = name == QLatin1String("healthz") ? Route::Health
                          : name == QLatin1String("readyz")  ? Route::Ready
                          : name == QLatin1String("metrics") ? Route::Metrics
                                                             : Route::OpenApi;
        if (name == QLatin1String("healthz") || name == QLatin1String("readyz") || name == QLatin1String("openapi.json"))
            return get ? found(route, path, std::nullopt) : wrongMethod("GET");
        if (name == QLatin1String("metrics"))
            return get ? found(route, path, Role::Read) : wrongMethod("GET");
        return {};
    }
    if (p.size() < 3 || p.at(1) != QLatin1String("v1") || p.mid(1).contains(QString()))
        return {};
    const QString &collection = p.at(2);
    if (p.size() == 3) {
        if (collection == QLatin1String("transfers"))
            return post ? found(Route::Transfer, QStringLiteral("/v1/transfers"), Role::Transfer) : wrongMethod("POST");
        if (collection == QLatin1String("transactions"))
            return get ? found(Route::ListTransactions, QStringLiteral("/v1/transactions"), Role::Read) : wrongMethod("GET");
        if (collection == QLatin1String("accounts"))
            return get  ? found(Route::ListAccounts, QStringLiteral("/v1/accounts"), Role::Read)
                 : post ? found(Route::CreateAccount, QStringLiteral("/v1/accounts"), Role::Operator)
                        : wrongMethod("GET, POST");
        if (collection == QLatin1String("balances"))
            return get ? found(Route::Balances, QStringLiteral("/v1/balances"), Role::Read) : wrongMethod("GET");
        if (collection == QLatin1String("audit"))
            return get ? found(Route::Audit, QStringLiteral("/v1/audit"), Role::Read) : wrongMethod("GET");
        if (collection == QLatin1String("actions"))
            return get ? found(Route::Actions, QStringLiteral("/v1/actions"), Role::Read) : wrongMethod("GET");
        if (collection == QLatin1String("whoami"))
            return get ? found(Route::Whoami, QStringLiteral("/v1/whoami"), Role::Read) : wrongMethod("GET");
        if (collection == QLatin1String("recoveries"))
            return post ? found(Route::StartRecovery, QStringLiteral("/v1/recoveries"), Role::Operator) : wrongMethod("POST");
        if (collection == QLatin1String("feed"))
            return get ? found(Route::Feed, QStringLiteral("/v1/feed"), Role::Read) : wrongMethod("GET");
        return {};
    }
    const QString &id = p.at(3);
    if (collection == QLatin1String("transactions")) {
        if (p.size() == 4)
            return get ? found(Route::GetTransaction, QStringLiteral("/v1/transactions/{id}"), Role::Read, id) : wrongMethod("GET");
        if (p.size() == 5) {
            const QString &action = p.at(4);
            const bool repair =
                action == QLatin1String("resume") || action == QLatin1String("cancel") || action == QLatin1String("compensate");
            const bool remark = action == QLatin1String("claim") || action == QLatin1String("release") || action == QLatin1String("notes");
            if (!repair && !remark)
                return {};
            if (!post)
                return wrongMethod("POST");
            return found(repair ? Route::Repair : Route::Remark, QStringLiteral("/v1/transactions/{id}/") + action, Role::Operator, id,
                         action);
        }
        return {};
    }
    if (collection == QLatin1String("recoveries")) {
        if (p.size() == 4)
            return get ? found(Route::GetRecovery, QStringLiteral("/v1/recoveries/{id}"), Role::Operator, id) : wrongMethod("GET");
        if (p.size() == 5 && p.at(4) == QLatin1String("stop"))
            return post ? found(Route::StopRecovery, QStringLiteral("/v1/recoveries/{id}/stop"), Role::Operator, id, p.at(4))
                        : wrongMethod("POST");
        return {};
    }
    if (collection == QLatin1String("accounts")) {
        if (p.size() == 4)
            return get ? found(Route::GetAccount, QStringLiteral("/v1/accounts/{id}"), Role::Read, id) : wrongMethod("GET");
        if (p.size() == 5) {
            const QString &action = p.at(4);
            if (action != QLatin1String("freeze") && action != QLatin1String("unfreeze") && action != QLatin1String("close"))
                return {};
            if (!post)
                return wrongMethod("POST");
            return found(Route::AccountStatus, QStringLiteral("/v1/accounts/{id}/") + action, Role::Operator, id, action);
        }
    }
    return {};
}

} // namespace ledger::api
