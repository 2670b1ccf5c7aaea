#include "approvalwords.h"

#include "ledger/money.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace ledger::app {

namespace {

// Each repair's rule: its threshold, and the words that name it.
struct ApprovalRepairRule {
    OperatorAction action;
    std::optional<qint64> ApprovalRules::*over;
    const char *name;
};

constexpr ApprovalRepairRule kApprovalRepairRules[] = {
    {OperatorAction::Compensate, &ApprovalRules::compensateOver, QT_TRANSLATE_NOOP("ApprovalWords", "compensate over %1")},
    {OperatorAction::Cancel, &ApprovalRules::cancelOver, QT_TRANSLATE_NOOP("ApprovalWords", "cancel over %1")},
    {OperatorAction::Resume, &ApprovalRules::resumeOver, QT_TRANSLATE_NOOP("ApprovalWords", "resume over %1")},
};

bool approvalIsOver(const std::optional<qint64> &threshold, qint64 amount) { return threshold && amount > *threshold; }

} // namespace

QString repairHeldBy(const ApprovalRules &rules, OperatorAction action, TxState from, qint64 amount, int scale)
{
    // A resume decides that the money moves only from initial or pending; from applied it
    // finishes what has passed its commit point, and never waits.
    if (action == OperatorAction::Resume && from != TxState::Initial && from != TxState::Pending)
        return {};
    for (const ApprovalRepairRule &r : kApprovalRepairRules)
        if (r.action == action && approvalIsOver(rules.*r.over, amount))
            return QCoreApplication::translate("ApprovalWords", r.name).arg(money::format(*(rules.*r.over), scale));
    return {};
}

QString transferHeldBy(const ApprovalRules &rules, qint64 amount, bool fromWorld, int scale)
{
    if (approvalIsOver(rules.transferOver, amount))
        return QCoreApplication::translate("ApprovalWords", "transfer over %1").arg(money::format(*rules.transferOver, scale));
    if (fromWorld && approvalIsOver(rules.worldOver, amount))
        return QCoreApplication::translate("ApprovalWords", "transfer from @world over %1").arg(money::format(*rules.worldOver, scale));
    return {};
}

QString waitsForApproval(const QString &rule)
{
    return QCoreApplication::translate("ApprovalWords", "This waits for a second person's approval (rule: %1)").arg(rule);
}

std::optional<QString> heldBackId(const TxOutcome &outcome)
{
    if (outcome.awaiting)
        return outcome.awaiting->id;
    if (outcome.error.code != ErrorCode::AwaitingApproval)
        return std::nullopt;
    static const QRegularExpression id(QStringLiteral("\\bapr-[0-9a-f]{32}\\b"));
    return id.match(outcome.error.message).captured();
}

QString heldBackText(const QString &requestId)
{
    if (requestId.isEmpty())
        return QCoreApplication::translate("ApprovalWords", "Waits for approval: another person decides it under Awaiting approval");
    return QCoreApplication::translate("ApprovalWords", "Waits for approval as %1: another person decides it under Awaiting approval")
        .arg(requestId);
}

QString approvalStateText(const ApprovalRequest &request, const QDateTime &now)
{
    if (now.isValid() && request.expiredAt(now))
        return QCoreApplication::translate("ApprovalWords", "%1 (expired)", "a pending approval request past its expiry")
            .arg(nameOf(request.state));
    return nameOf(request.state);
}

} // namespace ledger::app
