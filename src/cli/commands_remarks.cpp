// ledgerctl claim, release, note: several operators at once (ledger/remarks.h).
#include "cli.h"
#include "interchange/jsonformat.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "operations/claims.h"
#include "textoutput.h"

#include <QJsonObject>

namespace ledger::cli {

int cmdRemark(Context &c)
{
    const QString &command = c.args.command;
    const QString id = c.args.positionals.at(0);
    const Remark event = command == QLatin1String("claim")   ? Remark::Claim
                       : command == QLatin1String("release") ? Remark::Release
                                                             : Remark::Note;
    const QString text = event == Remark::Note ? c.args.positionals.value(1) : c.args.value(QStringLiteral("note"));
    if (Error e = checkTxId(id); !e.ok())
        return c.fail(e);
    if (Error e = checkRemark(event, text); !e.ok())
        return c.fail(e);
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    auto done = (*service)->remark(id, event, text);
    if (!done.ok())
        return c.fail(done.error());
    if (c.json)
        return c.printJson(json::journalEntry(done->entry));
    const auto since = [&](const OperatorClaim &claim) { return duration::format(claim.at.msecsTo(done->entry.at)); };
    if (event == Remark::Claim) {
        c.out << Ctl::tr("%1 (%2) is claimed by %3: every console shows it and asks other operators before they repair it")
                     .arg(id, nameOf(done->tx.state), c.operatorName);
        if (done->before && done->before->by != c.operatorName)
            c.out << ' ' << Ctl::tr("(taken over from %1, who claimed it %2 ago)").arg(done->before->by, since(*done->before));
    } else if (event == Remark::Release) {
        c.out << Ctl::tr("%1 is no longer claimed").arg(id);
        if (done->before->by != c.operatorName)
            c.out << ' ' << Ctl::tr("(%1 had claimed it %2 ago)").arg(done->before->by, since(*done->before));
    } else {
        c.out << Ctl::tr("noted on %1").arg(id);
    }
    c.out << '\n';
    return 0;
}

} // namespace ledger::cli
