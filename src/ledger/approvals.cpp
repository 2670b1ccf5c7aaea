#include "ledger/approvals.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QCryptographicHash>

namespace ledger {

namespace {

struct StateWord {
    ApprovalState state;
    const char *word;
    const char *event;
};

// One table: the state, its word, the journal event of the move into it.
constexpr StateWord kStates[] = {
    {ApprovalState::Pending, "pending", "approval-request"},  {ApprovalState::Approved, "approved", "approval-approve"},
    {ApprovalState::Rejected, "rejected", "approval-reject"}, {ApprovalState::Expired, "expired", "approval-expire"},
    {ApprovalState::Done, "done", "approval-done"},           {ApprovalState::Failed, "failed", "approval-failed"},
};

struct ActionWord {
    ApprovalAction action;
    const char *word;
};

constexpr ActionWord kActions[] = {
    {ApprovalAction::Compensate, "compensate"},
    {ApprovalAction::Cancel, "cancel"},
    {ApprovalAction::Resume, "resume"},
    {ApprovalAction::Transfer, "transfer"},
};

QString isoOf(const QDateTime &at) { return at.isValid() ? at.toUTC().toString(Qt::ISODateWithMs) : QString(); }

QDateTime timeOf(const QJsonValue &value)
{
    const QString text = value.toString();
    if (text.isEmpty())
        return {};
    return QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

} // namespace

QString nameOf(ApprovalState state)
{
    for (const StateWord &s : kStates)
        if (s.state == state)
            return QString::fromLatin1(s.word);
    return {};
}

QString nameOf(ApprovalAction action)
{
    for (const ActionWord &a : kActions)
        if (a.action == action)
            return QString::fromLatin1(a.word);
    return {};
}

std::optional<ApprovalState> approvalStateFromString(QStringView text)
{
    for (const StateWord &s : kStates)
        if (text == QLatin1String(s.word))
            return s.state;
    return std::nullopt;
}

std::optional<ApprovalAction> approvalActionFromString(QStringView text)
{
    for (const ActionWord &a : kActions)
        if (text == QLatin1String(a.word))
            return a.action;
    return std::nullopt;
}

const QList<ApprovalState> &allApprovalStates()
{
    static const QList<ApprovalState> all = [] {
        QList<ApprovalState> states;
        for (const StateWord &s : kStates)
            states << s.state;
        return states;
    }();
    return all;
}

bool isFinal(ApprovalState state) { return state != ApprovalState::Pending && state != ApprovalState::Approved; }

QString approvalEventOf(ApprovalState state)
{
    for (const StateWord &s : kStates)
        if (s.state == state)
            return QString::fromLatin1(s.event);
    return {};
}

QStringList approvalEvents()
{
    QStringList events;
    for (const StateWord &s : kStates)
        events << QString::fromLatin1(s.event);
    return events;
}

QByteArray approvalBody(const ApprovalRequest &r)
{
    QJsonObject o{
        {QStringLiteral("action"), nameOf(r.action)},
        {QStringLiteral("docKind"), nameOf(r.docKind)},
        {QStringLiteral("docId"), r.docId},
        {QStringLiteral("amount"), QString::number(r.amount)}, // a string: JSON numbers are doubles
        {QStringLiteral("reason"), r.reason},
        {QStringLiteral("requestedBy"), r.requestedBy},
        {QStringLiteral("requestedAt"), isoOf(r.requestedAt)},
        {QStringLiteral("expiresAt"), isoOf(r.expiresAt)},
    };
    const auto optional = [&o](const char *key, const QString &value) {
        if (!value.isEmpty())
            o.insert(QLatin1String(key), value);
    };
    optional("transfer", r.transfer);
    optional("preview", r.preview);
    optional("decidedBy", r.decidedBy);
    optional("decidedAt", isoOf(r.decidedAt));
    optional("decision", r.decision);
    optional("outcome", r.outcome);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

Result<ApprovalRequest> withApprovalBody(ApprovalRequest r, const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    const auto broken = [&r](const QString &why) {
        return makeError(ErrorCode::Internal, QStringLiteral("approval request %1's stored body is not one (%2)").arg(r.id, why));
    };
    if (!doc.isObject())
        return broken(parseError.errorString());
    const QJsonObject o = doc.object();
    const auto action = approvalActionFromString(o.value(QLatin1String("action")).toString());
    const auto kind = docKindFromString(o.value(QLatin1String("docKind")).toString());
    bool amountOk = false;
    r.amount = o.value(QLatin1String("amount")).toString().toLongLong(&amountOk);
    if (!action || !kind || !amountOk)
        return broken(QStringLiteral("action, docKind or amount"));
    r.action = *action;
    r.docKind = *kind;
    r.docId = o.value(QLatin1String("docId")).toString();
    r.transfer = o.value(QLatin1String("transfer")).toString();
    r.reason = o.value(QLatin1String("reason")).toString();
    r.preview = o.value(QLatin1String("preview")).toString();
    r.requestedBy = o.value(QLatin1String("requestedBy")).toString();
    r.requestedAt = timeOf(o.value(QLatin1String("requestedAt")));
    r.expiresAt = timeOf(o.value(QLatin1String("expiresAt")));
    r.decidedBy = o.value(QLatin1String("decidedBy")).toString();
    r.decidedAt = timeOf(o.value(QLatin1String("decidedAt")));
    r.decision = o.value(QLatin1String("decision")).toString();
    r.outcome = o.value(QLatin1String("outcome")).toString();
    return r;
}

QString approvalIdFor(const QString &requestedBy, const QString &requestKey)
{
    const QByteArray hash = QCryptographicHash::hash((requestedBy + QLatin1Char('\n') + requestKey).toUtf8(), QCryptographicHash::Sha256);
    return QStringLiteral("apr-") + QString::fromLatin1(hash.toHex().left(32));
}

QString approvalRowDetail(const QString &id, const QString &text) { return text.isEmpty() ? id : id + QStringLiteral(": ") + text; }

bool isApprovalId(QStringView text)
{
    if (text.size() != 36 || !text.startsWith(QLatin1String("apr-")))
        return false;
    for (QChar c : text.mid(4))
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))))
            return false;
    return true;
}

} // namespace ledger
