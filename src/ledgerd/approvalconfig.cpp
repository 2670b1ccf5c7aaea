#include "approvalconfig.h"

#include <QFile>
#include <QMutex>

namespace ledger::api {

namespace {

QMutex g_mutex;
ApprovalRules g_rules; // none: nothing waits

} // namespace

Result<ApprovalRules> ApprovalConfig::load(const QString &path, int scale)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--config %1 cannot be read: %2").arg(path, file.errorString()));
    // A configuration is small; a larger file is not one (and would be read whole on every SIGHUP).
    const QByteArray text = file.read(1 << 20);
    if (!file.atEnd())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("--config %1 is over 1 MiB: not a ledgerd.conf").arg(path));
    auto rules = parseApprovalRules(QString::fromUtf8(text), scale);
    if (!rules.ok())
        return Error{rules.error().code, QStringLiteral("%1: %2").arg(path, rules.error().message), QString()};
    return rules;
}

void ApprovalConfig::set(const ApprovalRules &rules)
{
    QMutexLocker lock(&g_mutex);
    g_rules = rules;
}

ApprovalRules ApprovalConfig::current()
{
    QMutexLocker lock(&g_mutex);
    return g_rules;
}

} // namespace ledger::api
