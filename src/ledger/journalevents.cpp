#include "ledger/journalevents.h"

#include "ledger/approvals.h"
#include "ledger/remarks.h"

namespace ledger {

QStringList operatorEventsButCreation()
{
    // Claims, releases and notes too (ledger/remarks.h): who was on it is part of what happened.
    return QStringList{QStringLiteral("cancel"),     QStringLiteral("resume"), QStringLiteral("recovered"), QStringLiteral("linked"),
                       QStringLiteral("superseded"), QStringLiteral("frozen"), QStringLiteral("unfrozen"),  QStringLiteral("closed")}
         + remarkEvents() + approvalEvents();
}

QStringList operatorEvents() { return QStringList{QStringLiteral("created")} + operatorEventsButCreation(); }

QStringList accountEvents()
{
    return QStringList{QStringLiteral("created"), QStringLiteral("frozen"), QStringLiteral("unfrozen"), QStringLiteral("closed")};
}

} // namespace ledger
