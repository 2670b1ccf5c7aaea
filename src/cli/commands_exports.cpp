// ledgerctl actions (operator actions, any output) and report (an incident report as HTML).
#include "cli.h"
#include "interchange/incidentreport.h"
#include "interchange/jsonformat.h"
#include "ledger/identifiers.h"
#include "operations/operatoractions.h"
#include "textoutput.h"

#include <QJsonArray>
#include <QSaveFile>

namespace ledger::cli {

int cmdActions(Context &c)
{
    ActionsPreset preset = ActionsPreset::Repairs;
    if (c.args.values.contains(QStringLiteral("kind"))) {
        const QString kind = c.args.value(QStringLiteral("kind"));
        const auto parsed = actionsPresetFromString(kind);
        if (!parsed)
            return c.fail(makeError(
                ErrorCode::InvalidArgument,
                Message::translate("ledgerctl", "--kind must be repairs, accounts, transfers or all, not %1").arg(quoteForMessage(kind))));
        preset = *parsed;
    }
    const QString filter = c.args.value(QStringLiteral("filter"));
    if (Error e = checkText(filter, QT_TRANSLATE_NOOP("ledger", "filter"), kMaxNameLength, true); !e.ok())
        return c.fail(e);
    auto limit = c.rowLimit(100);
    if (!limit.ok())
        return c.fail(limit.error());
    if (c.csv()) {
        JournalQuery query = operatorActionsQuery(preset, filter);
        query.limit = *limit;
        ExportSpec spec;
        spec.table = ExportSpec::Table::Journal;
        spec.journal = query;
        return c.printCsv(spec);
    }
    auto service = c.service();
    if (!service.ok())
        return c.fail(service.error());
    auto list = (*service)->operatorActions(ActionsRequest{preset, filter, *limit});
    if (!list.ok())
        return c.fail(list.error());
    if (c.json) {
        QJsonArray array;
        for (const JournalEntry &j : *list)
            array.append(json::journalEntry(j));
        return c.printJson(array);
    }
    if (list->isEmpty()) {
        c.out << Ctl::tr("no operator actions match") << '\n';
        return 0;
    }
    QList<QStringList> rows;
    for (const JournalEntry &j : *list) {
        const QString target = j.docKind == DocKind::Account ? Ctl::tr("account %1").arg(j.docId) : j.docId;
        const QString move =
            j.fromState.isEmpty() || j.fromState == j.toState ? j.toState : j.fromState + QStringLiteral(" → ") + j.toState;
        // In the console's words (operations/operatoractions.h): "compensate", "name: …".
        const QString detail = actionDetailOf(j);
        rows << QStringList{formatTimestamp(j.at),
                            j.actor,
                            actionWordOf(j),
                            target,
                            move.isEmpty() ? QStringLiteral("-") : move,
                            detail.isEmpty() ? QStringLiteral("-") : detail};
    }
    c.out << renderTable({Ctl::tr("AT"), Ctl::tr("WHO"), Ctl::tr("DID"), Ctl::tr("ACTED ON"), Ctl::tr("STATE"), Ctl::tr("WHY / DETAIL")},
                         rows, {});
    return 0;
}

int cmdReport(Context &c)
{
    const QString id = c.args.positionals.at(0);
    if (Error e = checkTxId(id); !e.ok())
        return c.fail(e);
    const QString path = c.args.value(QStringLiteral("out"));
    if (c.args.values.contains(QStringLiteral("out")) && path.isEmpty())
        return c.fail(makeError(ErrorCode::InvalidArgument, Message::translate("ledgerctl", "--out needs a file name")));
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto report = loadIncidentReport(**store, id);
    if (!report.ok())
        return c.fail(report.error());
    const QString html = incidentReportHtml(*report, c.operatorName);
    if (path.isEmpty()) {
        c.out << html;
        return 0;
    }
    // All or nothing: a half-written report must not pass for a whole one.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(html.toUtf8()) < 0 || !file.commit())
        return c.fail(
            makeError(ErrorCode::OutputFailed, Message::translate("ledgerctl", "cannot write %1: %2").arg(path, file.errorString())));
    c.out << Ctl::tr("wrote the incident report of %1 to %2").arg(id, path) << '\n';
    return 0;
}

} // namespace ledger::cli
