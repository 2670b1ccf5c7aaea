#include "service/approvaljson.h"

#include "ledger/duration.h"
#include "ledger/money.h"
#include "operations/approvaldesk.h"
#include "service/jsonreader.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace ledger::approvaljson {

namespace {

QJsonValue timeOrNull(const QDateTime &at) { return at.isValid() ? QJsonValue(formatTimestamp(at)) : QJsonValue(); }
QJsonValue textOrNull(const QString &text) { return text.isEmpty() ? QJsonValue() : QJsonValue(text); }

QJsonValue objectOrNull(const QString &json)
{
    if (json.isEmpty())
        return QJsonValue();
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

QString compact(const QJsonValue &v)
{
    return v.isObject() ? QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)) : QString();
}

// The stored transfer (minor units) in the ledger's units, and back.
QJsonValue transferOut(const QString &stored, int scale)
{
    if (stored.isEmpty())
        return QJsonValue();
    auto t = transferFromJson(stored);
    if (!t.ok())
        return QJsonValue();
    QJsonArray legs;
    for (const TxLeg &leg : t->allLegs())
        legs.append(QJsonObject{{QStringLiteral("account"), leg.accountId},
                                {QStringLiteral("side"), nameOf(leg.side)},
                                {QStringLiteral("amount"), money::format(leg.amount, scale)}});
    QJsonObject o{{QStringLiteral("legs"), legs}};
    o.insert(QStringLiteral("memo"), textOrNull(t->memo));
    return o;
}

Result<QString> transferIn(const QJsonValue &v, int scale)
{
    if (v.isNull() || v.isUndefined())
        return QString();
    servicejson::Reader r(v.toObject(), QStringLiteral("an approval request's transfer"));
    TransferRequest t;
    t.memo = r.text("memo", true);
    for (const QJsonValue &legValue : r.array("legs")) {
        servicejson::Reader leg(legValue.toObject(), QStringLiteral("a transfer's leg"));
        TxLeg l{leg.text("account"), leg.word<LegSide>("side", legSideFromString), leg.amount("amount", scale)};
        if (!leg.error().ok())
            return leg.error();
        t.legs << l;
    }
    if (!r.error().ok())
        return r.error();
    return transferJson(t);
}

struct AmountField {
    const char *name;
    std::optional<qint64> ApprovalRules::*member;
};

constexpr AmountField kRuleAmounts[] = {
    {"compensateOver", &ApprovalRules::compensateOver}, {"cancelOver", &ApprovalRules::cancelOver},
    {"resumeOver", &ApprovalRules::resumeOver},         {"worldOver", &ApprovalRules::worldOver},
    {"transferOver", &ApprovalRules::transferOver},
};

} // namespace

QJsonObject request(const ApprovalRequest &r, int scale, const QDateTime &now)
{
    return QJsonObject{
        {QStringLiteral("id"), r.id},
        {QStringLiteral("state"), nameOf(r.state)},
        {QStringLiteral("expired"), r.expiredAt(now)},
        {QStringLiteral("version"), r.version},
        {QStringLiteral("action"), nameOf(r.action)},
        {QStringLiteral("document"), QJsonObject{{QStringLiteral("kind"), nameOf(r.docKind)}, {QStringLiteral("id"), r.docId}}},
        {QStringLiteral("amount"), money::format(r.amount, scale)},
        {QStringLiteral("reason"), r.reason},
        {QStringLiteral("preview"), objectOrNull(r.preview)},
        {QStringLiteral("transfer"), transferOut(r.transfer, scale)},
        {QStringLiteral("requestedBy"), r.requestedBy},
        {QStringLiteral("requestedAt"), timeOrNull(r.requestedAt)},
        {QStringLiteral("expiresAt"), timeOrNull(r.expiresAt)},
        {QStringLiteral("decidedBy"), textOrNull(r.decidedBy)},
        {QStringLiteral("decidedAt"), timeOrNull(r.decidedAt)},
        {QStringLiteral("decision"), textOrNull(r.decision)},
        {QStringLiteral("outcome"), objectOrNull(r.outcome)},
    };
}

Result<ApprovalRequest> request(const QJsonObject &o, int scale)
{
    servicejson::Reader r(o, QStringLiteral("an approval request"));
    ApprovalRequest a;
    a.id = r.text("id");
    a.state = r.word<ApprovalState>("state", approvalStateFromString);
    a.version = r.integer("version");
    a.action = r.word<ApprovalAction>("action", approvalActionFromString);
    servicejson::Reader doc(o.value(QLatin1String("document")).toObject(), QStringLiteral("an approval request's document"));
    a.docKind = doc.word<DocKind>("kind", docKindFromString);
    a.docId = doc.text("id");
    if (!doc.error().ok())
        r.fail(doc.error());
    a.amount = r.amount("amount", scale);
    a.reason = r.text("reason");
    a.preview = compact(o.value(QLatin1String("preview")));
    auto transfer = transferIn(o.value(QLatin1String("transfer")), scale);
    if (!transfer.ok())
        r.fail(transfer.error());
    else
        a.transfer = *transfer;
    a.requestedBy = r.text("requestedBy");
    a.requestedAt = r.time("requestedAt", false);
    a.expiresAt = r.time("expiresAt", false);
    a.decidedBy = r.text("decidedBy", true);
    a.decidedAt = r.time("decidedAt");
    a.decision = r.text("decision", true);
    a.outcome = compact(o.value(QLatin1String("outcome")));
    if (!r.error().ok())
        return r.error();
    return a;
}

QJsonObject rules(const ApprovalRules &r, int scale)
{
    QJsonObject o;
    for (const AmountField &f : kRuleAmounts) {
        const auto &v = r.*f.member;
        o.insert(QLatin1String(f.name), v ? QJsonValue(money::format(*v, scale)) : QJsonValue());
    }
    o.insert(QStringLiteral("expireAfterMs"), r.expireAfterMs);
    o.insert(QStringLiteral("approvers"), nameOf(r.approvers));
    o.insert(QStringLiteral("any"), r.any());
    o.insert(QStringLiteral("text"), describeRules(r, scale));
    return o;
}

Result<ApprovalRules> rules(const QJsonObject &o, int scale)
{
    servicejson::Reader r(o, QStringLiteral("the approval rules"));
    ApprovalRules rules;
    for (const AmountField &f : kRuleAmounts)
        rules.*f.member = r.optionalAmount(f.name, scale);
    rules.expireAfterMs = r.integer("expireAfterMs");
    const QString approvers = r.text("approvers");
    if (approvers == QLatin1String("operator"))
        rules.approvers = Approvers::AnyOperator;
    else if (approvers != QLatin1String("approver"))
        r.fail("approvers", "approver or operator");
    if (!r.error().ok())
        return r.error();
    return rules;
}

} // namespace ledger::approvaljson
