#include "operations/operatoractions.h"
#include "ledger/approvals.h"
#include "ledger/remarks.h"
#include "ledger/statemachine.h"

#include <QCoreApplication>
#include <QHash>

namespace ledger {

QString nameOf(ActionsPreset preset)
{
    switch (preset) {
    case ActionsPreset::Repairs: return QStringLiteral("repairs");
    case ActionsPreset::Accounts: return QStringLiteral("accounts");
    case ActionsPreset::TransfersIssued: return QStringLiteral("transfers");
    case ActionsPreset::All: return QStringLiteral("all");
    }
    return QString();
}

std::optional<ActionsPreset> actionsPresetFromString(QStringView text)
{
    for (ActionsPreset p : {ActionsPreset::Repairs, ActionsPreset::Accounts, ActionsPreset::TransfersIssued, ActionsPreset::All}) {
        if (text == nameOf(p))
            return p;
    }
    return std::nullopt;
}

JournalQuery operatorActionsQuery(ActionsPreset preset, const QString &text)
{
    JournalQuery q;
    q.text = text;
    switch (preset) {
    case ActionsPreset::Repairs:
        // With four eyes' requests and decisions (ledger/approvals.h): who asked, who decided.
        q.events = QStringList{QStringLiteral("cancel"), QStringLiteral("resume"), QStringLiteral("recovered"), QStringLiteral("linked"),
                               QStringLiteral("superseded")}
                 + approvalEvents();
        break;
    case ActionsPreset::Accounts: q.docKind = DocKind::Account; break;
    case ActionsPreset::TransfersIssued:
        q.events = {QStringLiteral("created")};
        q.docKind = DocKind::Transaction;
        break;
    case ActionsPreset::All: q.events = operatorEvents(); break;
    }
    return q;
}

QString actionWordOf(const JournalEntry &entry)
{
    // The journal's step for what an operator did, where the two differ.
    static const QHash<QString, OperatorAction> acted{{QStringLiteral("linked"), OperatorAction::Compensate}};
    const auto it = acted.constFind(entry.event);
    return it == acted.cend() ? entry.event : nameOf(*it);
}

bool detailIsAccountName(const JournalEntry &entry) { return entry.docKind == DocKind::Account && entry.event == QLatin1String("created"); }

QString actionDetailOf(const JournalEntry &entry)
{
    if (detailIsAccountName(entry) && !entry.detail.isEmpty())
        return QCoreApplication::translate("ledger", "name: %1", "an account's creation in Operator actions: the name it was given")
            .arg(entry.detail);
    return entry.detail;
}

} // namespace ledger
