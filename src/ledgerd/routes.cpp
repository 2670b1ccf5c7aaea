#include "routes.h"

#include <QStringList>

namespace ledger::api {

namespace {

// Whether `path`'s segments fit `pattern`'s: literals equal, {id} any one segment (taken).
bool fits(const QStringList &pattern, const QStringList &path, QString *id, QString *action)
{
    if (pattern.size() != path.size())
        return false;
    QString foundId;
    QString foundAction;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        if (pattern.at(i) == QLatin1String("{id}")) {
            foundId = path.at(i);
        } else if (pattern.at(i) != path.at(i)) {
            return false;
        } else if (!foundId.isEmpty() || (i > 0 && pattern.at(i - 1) == QLatin1String("{id}"))) {
            foundAction = path.at(i);
        }
    }
    *id = foundId;
    *action = foundAction;
    return true;
}

} // namespace

RouteLookup matchRoute(const QByteArray &method, const QString &path)
{
    const QByteArray asked = method == "HEAD" ? QByteArray("GET") : method;
    const QStringList segments = path.split(QLatin1Char('/'));
    // segments[0] is "" (the path starts with '/'); an empty segment anywhere else is no route's.
    if (segments.size() < 2 || segments.mid(1).contains(QString()))
        return {};
    RouteLookup lookup;
    // A literal segment wins over {id} where both fit (none do today: the table keeps them apart).
    int bestPlaceholders = 1 << 30;
    QList<QByteArray> allowed;
    for (const RouteSpec &spec : routeTable()) {
        const QStringList pattern = QString::fromLatin1(spec.pattern).split(QLatin1Char('/'));
        QString id;
        QString action;
        if (!fits(pattern, segments, &id, &action))
            continue;
        if (asked != spec.method) {
            if (!allowed.contains(spec.method))
                allowed << spec.method;
            continue;
        }
        const int placeholders = int(pattern.count(QStringLiteral("{id}")));
        if (placeholders >= bestPlaceholders)
            continue;
        bestPlaceholders = placeholders;
        lookup.match = RouteMatch{spec.route, id, action, QString::fromLatin1(spec.pattern), spec.needs, spec.handler};
    }
    if (!lookup.match && !allowed.isEmpty()) {
        lookup.pathKnown = true;
        lookup.allowed = allowed.join(", ");
    }
    return lookup;
}

} // namespace ledger::api
