#include "apidecode.h"

#include "ledger/documents.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace ledger::api {

namespace {

Error bad(const QString &message) { return makeError(ErrorCode::InvalidArgument, message); }

// The first key an object of `json` (valid JSON) gives twice, or "": QJsonDocument keeps the last
// of two, so {"amount":"1","amount":"1000"} would read as 1000 where a client may have meant 1.
QString firstDuplicateKey(const QByteArray &json)
{
    struct Level {
        bool object = false;
        bool expectKey = false;
        QSet<QString> keys;
    };
    QList<Level> stack;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (c == '{' || c == '[') {
            stack.append(Level{c == '{', c == '{', {}});
        } else if (c == '}' || c == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
        } else if (c == ',') {
            if (!stack.isEmpty() && stack.last().object)
                stack.last().expectKey = true;
        } else if (c == '"') {
            const qsizetype start = i;
            for (++i; i < json.size() && json.at(i) != '"'; ++i)
                if (json.at(i) == '\\')
                    ++i; // an escaped character, whatever it is
            if (!stack.isEmpty() && stack.last().expectKey) {
                stack.last().expectKey = false;
                // Decoded, so that "a" and "\u0061" are the same key.
                const QString key = QJsonDocument::fromJson("[" + json.mid(start, i - start + 1) + "]").array().at(0).toString();
                if (stack.last().keys.contains(key))
                    return key;
                stack.last().keys.insert(key);
            }
        }
    }
    return {};
}

Result<QJsonObject> object(const QByteArray &body, const QStringList &fields)
{
    if (body.trimmed().isEmpty())
        return QJsonObject();
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return bad(QStringLiteral("the body is not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset));
    if (!doc.isObject())
        return bad(QStringLiteral("the body must be a JSON object"));
    if (const QString twice = firstDuplicateKey(body); !twice.isEmpty())
        return bad(QStringLiteral("field \"%1\" is given twice").arg(twice.left(40)));
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!fields.contains(it.key()))
            return bad(QStringLiteral("unknown field \"%1\"; the fields are %2").arg(it.key().left(40), fields.join(QStringLiteral(", "))));
    return o;
}

// A string field; `required` refuses it missing. Amounts must be strings: a JSON number is a
// binary double, and money is never one.
Result<std::optional<QString>> text(const QJsonObject &o, const QString &field, bool required, const QString &where = {})
{
    const QString name = where.isEmpty() ? field : QStringLiteral("%1.%2").arg(where, field);
    const QJsonValue v = o.value(field);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            return makeError(ErrorCode::MissingArgument, QStringLiteral("field \"%1\" is missing").arg(name));
        return std::optional<QString>();
    }
    if (!v.isString())
        return bad(QStringLiteral("field \"%1\" must be a string%2")
                       .arg(name, field == QLatin1String("amount") || field == QLatin1String("opening")
                                      ? QStringLiteral(" (amounts are decimal strings, like \"12.34\")")
                                      : QString()));
    return std::optional<QString>(v.toString());
}

} // namespace

Result<TransferBody> decodeTransfer(const QByteArray &body)
{
    auto o = object(body, {QStringLiteral("source"), QStringLiteral("destination"), QStringLiteral("amount"), QStringLiteral("memo"),
                           QStringLiteral("legs")});
    if (!o.ok())
        return o.error();
    auto memo = text(*o, QStringLiteral("memo"), false);
    if (!memo.ok())
        return memo.error();
    if (!o->contains(QStringLiteral("legs"))) {
        TransferInput in;
        for (const auto &[field, target] :
             {std::pair{QStringLiteral("source"), &in.source}, std::pair{QStringLiteral("destination"), &in.destination},
              std::pair{QStringLiteral("amount"), &in.amount}}) {
            auto v = text(*o, field, true);
            if (!v.ok())
                return v.error();
            *target = **v;
        }
        in.memo = memo->value_or(QString());
        return TransferBody(in);
    }
    for (const QString &field : {QStringLiteral("source"), QStringLiteral("destination"), QStringLiteral("amount")})
        if (o->contains(field))
            return bad(QStringLiteral("field \"%1\" goes with source and destination, not with legs").arg(field));
    const QJsonValue legs = o->value(QStringLiteral("legs"));
    if (!legs.isArray())
        return bad(QStringLiteral("field \"legs\" must be an array of {\"account\",\"side\",\"amount\"}"));
    LegsInput in;
    in.memo = memo->value_or(QString());
    const QJsonArray array = legs.toArray();
    if (array.size() > 64) // not even read (checkLegs refuses more than kMaxLegs with its own message)
        return bad(QStringLiteral("field \"legs\" has %1 legs; a transaction has at most %2").arg(array.size()).arg(kMaxLegs));
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = QStringLiteral("legs[%1]").arg(i);
        if (!array.at(i).isObject())
            return bad(QStringLiteral("field \"%1\" must be an object").arg(where));
        const QJsonObject leg = array.at(i).toObject();
        for (auto it = leg.begin(); it != leg.end(); ++it)
            if (it.key() != QLatin1String("account") && it.key() != QLatin1String("side") && it.key() != QLatin1String("amount"))
                return bad(QStringLiteral("unknown field \"%1.%2\"; a leg has account, side and amount").arg(where, it.key().left(40)));
        LegInput l;
        auto account = text(leg, QStringLiteral("account"), true, where);
        auto side = text(leg, QStringLiteral("side"), true, where);
        auto amount = text(leg, QStringLiteral("amount"), true, where);
        for (const auto *r : {&account, &side, &amount})
            if (!r->ok())
                return r->error();
        if (**side != QLatin1String("debit") && **side != QLatin1String("credit"))
            return bad(QStringLiteral("field \"%1.side\" must be \"debit\" or \"credit\"").arg(where));
        l.side = **side == QLatin1String("debit") ? LegSide::Debit : LegSide::Credit;
        l.account = **account;
        l.amount = **amount;
        in.legs << l;
    }
    return TransferBody(in);
}

Result<NewAccountBody> decodeNewAccount(const QByteArray &body)
{
    auto o = object(body, {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("opening")});
    if (!o.ok())
        return o.error();
    NewAccountBody b;
    auto id = text(*o, QStringLiteral("id"), true);
    auto name = text(*o, QStringLiteral("name"), false);
    auto opening = text(*o, QStringLiteral("opening"), false);
    for (const auto *r : {&id, &name, &opening})
        if (!r->ok())
            return r->error();
    b.id = **id;
    b.name = name->value_or(QString());
    b.opening = *opening;
    return b;
}

Result<RecoveryBody> decodeRecovery(const QByteArray &body)
{
    auto o = object(body, {QStringLiteral("olderThan"), QStringLiteral("takeClaimed"), QStringLiteral("reason")});
    if (!o.ok())
        return o.error();
    RecoveryBody b;
    auto reason = text(*o, QStringLiteral("reason"), false);
    if (!reason.ok())
        return reason.error();
    b.reason = reason->value_or(QString());
    auto olderThan = text(*o, QStringLiteral("olderThan"), false);
    if (!olderThan.ok())
        return olderThan.error();
    b.olderThan = *olderThan;
    const QJsonValue take = o->value(QStringLiteral("takeClaimed"));
    if (!take.isUndefined() && !take.isNull() && !take.isBool())
        return bad(QStringLiteral("field \"takeClaimed\" must be true or false"));
    b.takeClaimed = take.toBool(false);
    return b;
}

Result<BatchBody> decodeBatch(const QByteArray &body, int maxIds, bool withReason)
{
    QStringList fields{QStringLiteral("action"), QStringLiteral("ids")};
    if (withReason)
        fields << QStringLiteral("reason");
    auto o = object(body, fields);
    if (!o.ok())
        return o.error();
    BatchBody b;
    auto action = text(*o, QStringLiteral("action"), true);
    if (!action.ok())
        return action.error();
    b.action = action->value_or(QString());
    const QJsonValue ids = o->value(QStringLiteral("ids"));
    if (!ids.isArray() || ids.toArray().isEmpty() || ids.toArray().size() > maxIds)
        return bad(QStringLiteral("field \"ids\" must be an array of 1 to %1 transaction ids").arg(maxIds));
    for (const QJsonValue &id : ids.toArray()) {
        if (!id.isString())
            return bad(QStringLiteral("field \"ids\" must hold strings only"));
        b.ids << id.toString();
    }
    if (withReason) {
        auto reason = text(*o, QStringLiteral("reason"), false);
        if (!reason.ok())
            return reason.error();
        b.reason = reason->value_or(QString());
    }
    return b;
}

Result<QString> decodeText(const QByteArray &body, const QString &field, bool required)
{
    auto o = object(body, {field});
    if (!o.ok())
        return o.error();
    auto v = text(*o, field, required);
    if (!v.ok())
        return v.error();
    return v->value_or(QString());
}

Error checkQueryOnce(const QUrlQuery &query)
{
    QSet<QString> seen;
    for (const auto &item : query.queryItems(QUrl::FullyDecoded)) { // decoded: "limit" and "lim%69t" are one name
        if (seen.contains(item.first))
            return bad(QStringLiteral("parameter \"%1\" is given twice; give each parameter once").arg(item.first.left(40)));
        seen.insert(item.first);
    }
    return {};
}

} // namespace ledger::api
