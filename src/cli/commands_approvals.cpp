// ledgerctl approvals, approve, reject: four eyes through ledgerd (operations/approvaldesk.h).
#include "cli.h"
#include "ledger/duration.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "service/approvaljson.h"
#include "textoutput.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ledger::cli {

namespace {

QString when(const QDateTime &at) { return at.isValid() ? formatTimestamp(at) : QStringLiteral("-"); }

QString stateText(const ApprovalRequest &r, const QDateTime &now)
{
    return r.expiredAt(now) ? Ctl::tr("pending (expired)") : nameOf(r.state);
}

QString targetText(const ApprovalRequest &r, int scale)
{
    if (r.action != ApprovalAction::Transfer)
        return r.docId;
    auto transfer = transferFromJson(r.transfer);
    return transfer.ok() ? describeLegs(transfer->allLegs(), scale) : r.docId;
}

// The preview and the outcome as "key: value" lines.
QString objectLines(const QString &json, const QString &indent)
{
    QStringList lines;
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        lines << indent + it.key() + QStringLiteral(": ") + it.value().toVariant().toString();
    return lines.join(QLatin1Char('\n'));
}

QString detailText(const ApprovalRequest &r, int scale, const QDateTime &now)
{
    QStringList lines{
        QStringLiteral("%1  %2").arg(r.id, stateText(r, now)),
        Ctl::tr("  action:       %1 %2 (%3)").arg(nameOf(r.action), targetText(r, scale), money::format(r.amount, scale)),
        Ctl::tr("  asked by:     %1 at %2: %3")
            .arg(r.requestedBy, when(r.requestedAt), r.reason.isEmpty() ? QStringLiteral("-") : r.reason),
        Ctl::tr("  expires:      %1").arg(when(r.expiresAt)),
    };
    if (!r.decidedBy.isEmpty())
        lines << Ctl::tr("  decided by:   %1 at %2: %3")
                     .arg(r.decidedBy, when(r.decidedAt), r.decision.isEmpty() ? QStringLiteral("-") : r.decision);
    if (!r.preview.isEmpty())
        lines << Ctl::tr("  as shown:") << objectLines(r.preview, QStringLiteral("    "));
    if (!r.outcome.isEmpty())
        lines << Ctl::tr("  outcome:") << objectLines(r.outcome, QStringLiteral("    "));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

Result<QList<ApprovalState>> statesOption(const Context &c)
{
    QList<ApprovalState> states;
    if (!c.args.values.contains(QStringLiteral("state")))
        return states;
    for (const QString &word : c.args.value(QStringLiteral("state")).split(QLatin1Char(','))) {
        const auto s = approvalStateFromString(word);
        if (!s) {
            QStringList all;
            for (ApprovalState a : allApprovalStates())
                all << nameOf(a);
            return makeError(ErrorCode::InvalidArgument, Ctl::tr("--state: %1 is not one of %2").arg(word.left(40), all.join(", ")));
        }
        states << *s;
    }
    return states;
}

} // namespace

int cmdApprovals(Context &c)
{
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    LedgerService &ledger = **service;
    if (c.args.has(QStringLiteral("rules"))) {
        auto rules = ledger.approvalRules();
        if (!rules.ok())
            return c.fail(rules.error());
        if (c.json)
            return c.printJson(approvaljson::rules(*rules, *scale));
        if (!rules->any())
            c.out << Ctl::tr("no approval rules: nothing waits for a second person") << '\n';
        else
            c.out << describeRules(*rules, *scale);
        return 0;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (c.args.values.contains(QStringLiteral("id"))) {
        auto one = ledger.approval(c.args.value(QStringLiteral("id")));
        if (!one.ok())
            return c.fail(one.error());
        if (c.json)
            return c.printJson(approvaljson::request(*one, *scale, now));
        c.out << detailText(*one, *scale, now);
        return 0;
    }
    auto states = statesOption(c);
    if (!states.ok())
        return c.fail(states.error());
    auto limit = c.integerOption(QStringLiteral("limit"), 100, 1, 1000);
    if (!limit.ok())
        return c.fail(limit.error());
    ApprovalListing listing;
    listing.states = *states;
    listing.limit = *limit;
    auto rows = ledger.approvals(listing);
    if (!rows.ok())
        return c.fail(rows.error());
    if (c.json) {
        QJsonArray array;
        for (const ApprovalRequest &r : *rows)
            array.append(approvaljson::request(r, *scale, now));
        return c.printJson(array);
    }
    QList<QStringList> table;
    for (const ApprovalRequest &r : *rows)
        table << QStringList{r.id,
                             stateText(r, now),
                             nameOf(r.action),
                             targetText(r, *scale),
                             money::format(r.amount, *scale),
                             r.requestedBy,
                             r.decidedBy.isEmpty() ? QStringLiteral("-") : r.decidedBy,
                             when(r.expiresAt)};
    c.out << renderTable({Ctl::tr("ID"), Ctl::tr("STATE"), Ctl::tr("ACTION"), Ctl::tr("ON"), Ctl::tr("AMOUNT"), Ctl::tr("ASKED BY"),
                          Ctl::tr("DECIDED BY"), Ctl::tr("EXPIRES")},
                         table, {4});
    return 0;
}

int cmdDecide(Context &c)
{
    const QString id = c.args.positionals.at(0);
    const bool approve = c.args.command == QLatin1String("approve");
    const QString reason = c.args.value(QStringLiteral("reason"));
    if (!approve && reason.trimmed().isEmpty())
        return c.fail(makeError(ErrorCode::MissingArgument, Ctl::tr("reject needs --reason TEXT: the requester reads it")));
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    auto decided = (*service)->decideApproval(id, approve, reason);
    if (!decided.ok())
        return c.fail(decided.error());
    const ApprovalRequest &r = decided->request;
    if (c.json)
        c.printJson(approvaljson::request(r, *scale, QDateTime::currentDateTimeUtc()));
    else
        c.out << detailText(r, *scale, QDateTime::currentDateTimeUtc());
    if (r.state != ApprovalState::Failed)
        return 0;
    // Approved, and its action ran and was refused: the request says why, and so does the exit status.
    const QJsonObject outcome = QJsonDocument::fromJson(r.outcome.toUtf8()).object();
    const ErrorCode code = errorCodeFromWord(outcome.value(QStringLiteral("code")).toString());
    const Error refused =
        makeError(code == ErrorCode::None ? ErrorCode::Internal : code, outcome.value(QStringLiteral("message")).toString());
    c.out.flush();
    c.err << refused.toString() << '\n';
    return int(exitStatusOf(refused.code));
}

} // namespace ledger::cli
