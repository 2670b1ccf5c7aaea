#include "service/identity.h"

namespace ledger {

QString nameOf(Role role)
{
    switch (role) {
    case Role::Read: return QStringLiteral("read");
    case Role::Transfer: return QStringLiteral("transfer");
    case Role::Operator: return QStringLiteral("operator");
    case Role::Approver: return QStringLiteral("approver");
    }
    return {};
}

std::optional<Role> roleFromString(const QString &word)
{
    for (Role r : {Role::Read, Role::Transfer, Role::Operator, Role::Approver})
        if (nameOf(r) == word)
            return r;
    return std::nullopt;
}

} // namespace ledger
