// ledgerctl init, recover, audit, demo, errors.
#include "cli.h"
#include "interchange/jsonformat.h"
#include "interchange/tableexport.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "operations/demo.h"
#include "protocol/audit.h"
#include "protocol/recovery.h"
#include "textoutput.h"

#include <QBuffer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QMutex>

namespace ledger::cli {

int cmdInit(Context &c)
{
    int scale = money::kDefaultScale;
    if (c.args.values.contains(QStringLiteral("scale"))) {
        const QString text = c.args.value(QStringLiteral("scale"));
        bool ok = false;
        scale = text.toInt(&ok);
        if (!ok || text.size() > 2 || !text.front().isDigit() || !money::isValidScale(scale))
            return c.fail(
                makeError(ErrorCode::InvalidScale, Message::translate("ledgerctl", "--scale must be a whole number from 0 to %1, not %2")
                                                       .arg(money::kMaxScale)
                                                       .arg(quoteForMessage(text, 20))));
    }
    auto shards = c.integerOption(QStringLiteral("shards"), 0, 1, maxShards());
    if (!shards.ok())
        return c.fail(shards.error());
    c.config.shards = int(*shards);
    c.config.shardServers = splitServerList(c.args.value(QStringLiteral("servers")));
    if (c.args.values.contains(QStringLiteral("servers")) && c.config.shardServers.isEmpty())
        return c.fail(makeError(ErrorCode::MissingArgument,
                                Message::translate("ledgerctl", "--servers needs at least one PostgreSQL connection string")));
    const int shardTotal = c.config.shardServers.isEmpty() ? c.config.shards : int(c.config.shardServers.size());
    auto store = createStore(c.config, scale);
    if (!store.ok())
        return c.fail(store.error());
    if (c.json) {
        QJsonObject created{{QStringLiteral("store"), storeDisplayName(c.config.location)}, {QStringLiteral("scale"), scale}};
        if (shardTotal > 0)
            created.insert(QStringLiteral("shards"), shardTotal);
        return c.printJson(created);
    }
    if (!c.config.shardServers.isEmpty())
        c.out << Ctl::tr("created sharded store %1 over %n PostgreSQL database(s) (scale %2: amounts like %3)", nullptr, int(shardTotal))
                     .arg(c.config.location)
                     .arg(scale)
                     .arg(money::format(1234, scale))
              << '\n';
    else if (c.config.shards > 0)
        c.out << Ctl::tr("created sharded store %1 over %n shard file(s) beside it (scale %2: amounts like %3)", nullptr, c.config.shards)
                     .arg(c.config.location)
                     .arg(scale)
                     .arg(money::format(1234, scale))
              << '\n';
    else
        c.out << Ctl::tr("created store %1 (scale %2: amounts like %3)")
                     .arg(storeDisplayName(c.config.location))
                     .arg(scale)
                     .arg(money::format(1234, scale))
              << '\n';
    return 0;
}

int cmdRecover(Context &c)
{
    auto olderThan = c.durationOption(QStringLiteral("older-than"), kDefaultStuckMs);
    if (!olderThan.ok())
        return c.fail(olderThan.error());
    auto threads = c.integerOption(QStringLiteral("threads"), 4, 1, 64);
    if (!threads.ok())
        return c.fail(threads.error());
    // Opened (or the server asked who we are) up front: a missing or foreign store is reported
    // before any thread starts.
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    RecoverRequest request;
    request.olderThanMs = *olderThan;
    request.threads = int(*threads);
    // Others' recent claims are passed over unless --take-claimed (LedgerService::recover), and said.
    request.takeClaimed = c.args.has(QStringLiteral("take-claimed"));
    const bool takeClaimed = request.takeClaimed;
    QMutex printMutex;
    bool progressShown = false; // its line ends in \r: what is said next starts a line of its own
    qint64 shown = 0;           // each hundred once, however the counts come (each one here, polled through a server)
    RecoverProgress progress;
    if (!c.json) {
        progress = [&](qint64 finished, qint64 total) {
            QMutexLocker lock(&printMutex);
            if (total >= 200 && finished != shown && (finished / 100 > shown / 100 || finished == total)) {
                shown = finished;
                progressShown = true;
                c.err << Ctl::tr("recovered %1 of %2").arg(finished).arg(total) << '\r';
                c.err.flush();
            }
        };
    }
    const RecoverRun run = (*service)->recover(request, progress, {});
    const RecoveryReport &report = run.report;
    const QList<OperatorClaim> &othersClaims = run.passedOverClaimed;
    if (!report.error.ok())
        return c.fail(report.error);

    const qint64 failed = report.unfinished();
    if (progressShown)
        c.err << '\n';
    if (c.json) {
        QJsonObject o = json::recoveryReport(report);
        if (!takeClaimed) { // with it, nothing was looked for
            QJsonArray claimed;
            for (const OperatorClaim &claim : std::as_const(othersClaims))
                claimed.append(json::claim(claim));
            o.insert(QStringLiteral("passedOverClaimed"), claimed);
        }
        c.printJson(o);
    } else if (report.candidates == 0 && othersClaims.isEmpty()) {
        c.out << Ctl::tr("nothing to recover: no unfinished transaction has an expired lease or is idle for %1")
                     .arg(duration::format(*olderThan))
              << '\n';
    } else if (report.candidates == 0) {
        c.out << Ctl::tr("nothing recovered: the %1 stuck are claimed by others").arg(othersClaims.size()) << '\n';
    } else {
        QList<QStringList> rows;
        for (const RecoveredItem &item : report.items) {
            rows << QStringList{item.id, nameOf(item.fromState), item.toState ? nameOf(*item.toState) : QStringLiteral("?"),
                                nameOf(item.outcome), item.message.isEmpty() ? QStringLiteral("-") : item.message.left(80)};
            if (rows.size() == 50)
                break;
        }
        c.out << renderTable({Ctl::tr("ID"), Ctl::tr("FROM"), Ctl::tr("TO"), Ctl::tr("OUTCOME"), Ctl::tr("NOTE")}, rows);
        if (report.items.size() > rows.size())
            c.out << Ctl::tr("(%1 more not shown; --json lists all)").arg(report.items.size() - rows.size()) << '\n';
        c.out << Ctl::tr("recovered %1: %2 done, %3 canceled, %4 moved by someone else, %5 failed")
                     .arg(report.candidates)
                     .arg(report.count(RecoveryOutcome::Done))
                     .arg(report.count(RecoveryOutcome::Canceled))
                     .arg(report.count(RecoveryOutcome::Moved))
                     .arg(failed)
              << '\n';
    }
    if (!othersClaims.isEmpty() && !c.json) {
        QStringList named;
        for (const OperatorClaim &claim : std::as_const(othersClaims).mid(0, 10))
            named << Ctl::tr("%1 (%2)").arg(claim.txId, claim.by);
        if (othersClaims.size() > named.size())
            named << Ctl::tr("and %1 more").arg(othersClaims.size() - named.size());
        c.err << Ctl::tr("passed over %1 that others claimed within 4 hours, still theirs to resume or cancel: %2; ask them, or run "
                         "again with --take-claimed")
                     .arg(othersClaims.size())
                     .arg(named.join(QStringLiteral(", ")))
              << '\n';
    }
    if (failed == 0)
        return 0;
    for (const RecoveredItem &item : report.items) {
        if (item.outcome == RecoveryOutcome::Failed || item.outcome == RecoveryOutcome::Interrupted) {
            const ErrorCode code = item.code == ErrorCode::None ? ErrorCode::Internal : item.code;
            c.err << makeError(code, Message::translate("ledgerctl", "%1 of %2 could not be recovered; first: %3: %4")
                                         .arg(failed)
                                         .arg(report.candidates)
                                         .arg(item.id, item.message))
                         .toString()
                  << '\n';
            return int(exitStatusOf(code));
        }
    }
    return 1;
}

int cmdAudit(Context &c)
{
    auto sc = c.scale();
    if (!sc.ok())
        return c.fail(sc.error());
    const int scale = *sc;
    const AuditReport report = (*c.service())->audit();
    if (!report.error.ok())
        return c.fail(report.error);
    if (c.json) {
        c.printJson(json::auditReport(report, scale));
    } else if (c.csv()) {
        QBuffer buffer; // findings are few: the report is in memory already
        buffer.open(QIODevice::WriteOnly);
        if (auto written = exportFindings(report.findings, ExportFormat::Csv, buffer); !written.ok())
            return c.fail(written.error());
        c.out << QString::fromUtf8(buffer.data());
    } else {
        c.out << Ctl::tr("audited %1 accounts, %2 transactions (%3 in flight), %4 leg markers; balances sum to %5")
                     .arg(report.accounts)
                     .arg(report.transactions)
                     .arg(report.inFlight)
                     .arg(report.legs)
                     .arg(money::format(report.wholeSum(), scale))
              << '\n';
        if (!report.committedInFlight.isEmpty())
            c.out << QStringLiteral("  ")
                  << Ctl::tr("with every transaction counted whole: %1 as posted, and %2 not posted yet by %n transaction(s) "
                             "being finished: %3",
                             nullptr, int(report.committedInFlight.size()))
                         .arg(money::format(report.balanceSum, scale), money::format(report.halfPostedAdjust, scale),
                              report.committedInFlight.mid(0, 10).join(QStringLiteral(", ")))
                  << '\n';
        for (const AuditFinding &f : report.findings)
            c.out << Ctl::tr("[invariant %1] %2: %3").arg(f.invariant).arg(f.code, f.localized()) << '\n';
        if (report.clean())
            c.out << Ctl::tr("clean: all six invariants hold") << '\n';
    }
    if (report.clean())
        return 0;
    c.err << makeError(
                 ErrorCode::AuditFindings,
                 Message::translate("ledgerctl", "the invariants do not hold (findings listed above: %1)").arg(report.findings.size()))
                 .toString()
          << '\n';
    return int(ExitStatus::Refused);
}

int cmdDemo(Context &c)
{
    DemoOptions options;
    auto accounts = c.integerOption(QStringLiteral("accounts"), options.accounts, 2, 100'000);
    if (!accounts.ok())
        return c.fail(accounts.error());
    auto transfers = c.integerOption(QStringLiteral("transfers"), options.transfers, 0, 10'000'000);
    if (!transfers.ok())
        return c.fail(transfers.error());
    auto stuck = c.integerOption(QStringLiteral("stuck"), options.stuck, 0, 100'000);
    if (!stuck.ok())
        return c.fail(stuck.error());
    options.accounts = int(*accounts);
    options.transfers = int(*transfers);
    options.stuck = int(*stuck);
    options.onlyIfEmpty = c.args.flags.contains(QStringLiteral("if-empty"));
    options.actor = c.operatorName;
    options.hook = c.hook;
    options.progress = [&](const QString &line) {
        c.err << "demo: " << line << '\n';
        c.err.flush();
    };

    bool exists = QFileInfo::exists(c.config.location);
    auto store = exists ? c.open() : createStore(c.config, money::kDefaultScale);
    // A database (or DynamoDB's tables) is not a file to look for: one that holds a store already is opened instead.
    if (!exists && !store.ok() && store.error().code == ErrorCode::StoreExists && locationKind(c.config.location) != LocationKind::File) {
        exists = true;
        store = c.open();
    }
    if (!store.ok())
        return c.fail(store.error());
    if (!exists)
        c.err << "demo: " << Ctl::tr("created store %1").arg(storeDisplayName(c.config.location)) << '\n';
    if (!c.args.flags.contains(QStringLiteral("all-now")))
        options.spreadOverDays = &extrasOf(**store);
    auto report = fillDemo(**store, options);
    if (!report.ok())
        return c.fail(report.error());
    if (report->skipped) {
        c.out << Ctl::tr("the store %1 already has accounts; demo added nothing").arg(storeDisplayName(c.config.location)) << '\n';
        return 0;
    }
    QStringList stuckParts;
    int stuckTotal = 0;
    for (auto it = report->stuckByState.cbegin(); it != report->stuckByState.cend(); ++it) {
        stuckParts << QStringLiteral("%1 %2").arg(it.value()).arg(nameOf(it.key()));
        stuckTotal += it.value();
    }
    c.out << Ctl::tr("demo data in %1: %2 new accounts, %3 done, %4 canceled, %5 compensations, %6 stuck (%7)")
                 .arg(storeDisplayName(c.config.location))
                 .arg(report->accountsCreated)
                 .arg(report->done)
                 .arg(report->canceled)
                 .arg(report->compensations)
                 .arg(stuckTotal)
                 .arg(stuckParts.isEmpty() ? Ctl::tr("none") : stuckParts.join(QStringLiteral(", ")))
          << '\n';
    c.out << Ctl::tr("next: 'ledgerctl list --stuck-for 0s' shows what is stuck, 'ledgerctl recover' repairs it") << '\n';
    return 0;
}

int cmdErrors(Context &c)
{
    if (c.json) {
        QJsonArray array;
        for (ErrorCode code : allErrorCodes())
            array.append(QJsonObject{{QStringLiteral("code"), codeWord(code)},
                                     {QStringLiteral("exitStatus"), int(exitStatusOf(code))},
                                     {QStringLiteral("meaning"), describe(code).english()}});
        return c.printJson(array);
    }
    QList<QStringList> rows;
    for (ErrorCode code : allErrorCodes())
        rows << QStringList{codeWord(code), QString::number(int(exitStatusOf(code))), describe(code).local()};
    c.out << renderTable({Ctl::tr("CODE"), Ctl::tr("EXIT"), Ctl::tr("MEANING")}, rows, {1});
    return 0;
}

// whoami: the name the journal will write for this command's writes, the role, and where.
int cmdWhoami(Context &c)
{
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    auto me = (*service)->whoami();
    if (!me.ok())
        return c.fail(me.error());
    if (c.json)
        return c.printJson(QJsonObject{{QStringLiteral("name"), me->name},
                                       {QStringLiteral("role"), nameOf(me->role)},
                                       {QStringLiteral("vouched"), me->vouched},
                                       {QStringLiteral("where"), me->where}});
    if (me->vouched)
        c.out << Ctl::tr("%1 (%2) at %3: the server writes this name into the journal (token from %4)")
                     .arg(me->name, nameOf(me->role), me->where, nameOf(c.server->tokenSource))
              << '\n';
    else
        c.out << Ctl::tr("%1 on %2: a name this desktop gives, which nobody checks (through ledgerd, --server, the server names you)")
                     .arg(me->name, me->where)
              << '\n';
    return 0;
}

} // namespace ledger::cli
