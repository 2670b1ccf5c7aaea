// ledgerctl transfer, list, show, resume, cancel, compensate.
#include "cli.h"
#include "interchange/jsonformat.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "ledger/remarks.h"
#include "operations/claims.h"
#include "operations/transactiondetail.h"
#include "protocol/transferinput.h"
#include "textoutput.h"

#include <QJsonArray>
#include <QJsonObject>

namespace ledger::cli {

namespace {

// What any call that drives a transaction answers (transfer, resume, cancel, compensate): the
// transaction and its note; a refusal as an error; and one left in flight (TxOutcome::unfinished)
// as the transaction with exit status not-finished, so that `transfer ... && mark_paid` does not
// count money that has not moved.
int reportOutcome(Context &c, const TxOutcome &o, int scale)
{
    if (!o.ok())
        return c.fail(o.error, o.tx, scale);
    const Error unfinished = notFinished(o);
    if (c.json) {
        if (!unfinished.ok()) // the shape of every other non-zero exit: the error, the transaction beside it
            return c.fail(unfinished, o.tx, scale, o.note);
        if (!o.tx)
            return c.printJson(QJsonObject());
        QJsonObject body = json::transaction(*o.tx, scale);
        if (!o.note.isEmpty()) // as ledgerd answers it: e.g. who else finished it
            body.insert(QStringLiteral("note"), o.note);
        return c.printJson(body);
    }
    if (o.tx) {
        c.out << transactionLine(*o.tx, scale);
        QStringList remarks;
        if (o.existing)
            remarks << Ctl::tr("already existed");
        if (!o.note.isEmpty())
            remarks << o.note;
        if (!remarks.isEmpty())
            c.out << QStringLiteral("  (%1)").arg(remarks.join(QStringLiteral("; ")));
        c.out << '\n';
    }
    return unfinished.ok() ? 0 : c.fail(unfinished);
}

} // namespace

// transfer --from A:1 --to B:1 ...: the same command over several accounts.
int transferLegs(Context &c)
{
    LegsInput input;
    for (const auto &[option, side] :
         {std::pair{QStringLiteral("from"), LegSide::Debit}, std::pair{QStringLiteral("to"), LegSide::Credit}}) {
        for (const QString &text : c.args.lists.value(option)) {
            auto leg = parseLegArgument(text, side);
            if (!leg.ok())
                return c.fail(leg.error());
            input.legs << *leg;
        }
    }
    input.memo = c.args.value(QStringLiteral("memo"));
    if (c.args.values.contains(QStringLiteral("key")))
        input.key = c.args.value(QStringLiteral("key"));
    if (Error e = checkLegsInput(input, std::nullopt).first(); !e.ok())
        return c.fail(e);
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    const LegsInputCheck check = checkLegsInput(input, *scale);
    if (!check.request)
        return c.fail(check.first());
    return reportOutcome(c, (*c.service())->transfer(*check.request), *scale);
}

int cmdTransfer(Context &c)
{
    if (c.args.values.contains(QStringLiteral("from")) || c.args.values.contains(QStringLiteral("to")))
        return transferLegs(c);
    TransferInput input;
    input.source = c.args.positionals.at(0);
    input.destination = c.args.positionals.at(1);
    input.amount = c.args.positionals.at(2);
    input.memo = c.args.value(QStringLiteral("memo"));
    if (c.args.values.contains(QStringLiteral("key")))
        input.key = c.args.value(QStringLiteral("key"));
    // Everything that can be checked without the store is checked first: bad input never
    // depends on whether the store happens to be there.
    if (Error e = checkTransferInput(input, std::nullopt).first(); !e.ok())
        return c.fail(e);
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    const TransferInputCheck check = checkTransferInput(input, *scale);
    if (!check.request)
        return c.fail(check.first());
    return reportOutcome(c, (*c.service())->transfer(*check.request), *scale);
}

int cmdList(Context &c)
{
    TxQuery query;
    if (c.args.values.contains(QStringLiteral("state"))) {
        const QString name = c.args.value(QStringLiteral("state"));
        const auto state = txStateFromString(name);
        if (!state)
            return c.fail(
                makeError(ErrorCode::UnknownState,
                          Message::translate("ledgerctl", "no state %1; states are: %2").arg(quoteForMessage(name), txStateNames())));
        query.state = state;
    }
    if (c.args.values.contains(QStringLiteral("stuck-for"))) {
        auto ms = c.durationOption(QStringLiteral("stuck-for"), 0);
        if (!ms.ok())
            return c.fail(ms.error());
        query.stuckOnly = true;
        query.stuckForMs = *ms;
    }
    if (c.args.values.contains(QStringLiteral("account"))) {
        query.account = c.args.value(QStringLiteral("account"));
        if (Error e = checkAccountId(query.account); !e.ok())
            return c.fail(e);
    }
    auto limit = c.rowLimit(100);
    if (!limit.ok())
        return c.fail(limit.error());
    query.limit = *limit;
    query.descending = c.args.flags.contains(QStringLiteral("newest"));
    if (c.csv()) {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Transactions;
        spec.transactions = query;
        return c.printCsv(spec);
    }
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    TxPageRequest request;
    request.query = query;
    request.withClaims = c.json; // the rows as --csv writes them: each with the claim standing on it
    request.withTotal = !c.json;
    auto page = (*c.service())->transactions(request);
    if (!page.ok())
        return c.fail(page.error());
    const QList<Transaction> &list = page->rows;
    if (c.json) {
        QJsonArray array;
        for (qsizetype i = 0; i < list.size(); ++i)
            array.append(json::listedTransaction(list.at(i), page->claims.at(i), *scale));
        return c.printJson(array);
    }
    const QDateTime &now = page->now;
    QList<QStringList> rows;
    for (const Transaction &t : list) {
        const QString kind = t.kind == TxKind::Compensation ? Ctl::tr(" (comp)") : QString();
        rows << QStringList{t.id,
                            nameOf(t.state) + kind,
                            sideAccounts(t, LegSide::Debit),
                            sideAccounts(t, LegSide::Credit),
                            money::format(t.amount, *scale),
                            duration::format(t.createdAt.msecsTo(now)),
                            t.owner.isEmpty() ? QStringLiteral("-") : t.owner.section(QLatin1Char('/'), 0, 0),
                            leaseText(t, now),
                            t.lastError.isEmpty() ? QStringLiteral("-") : t.lastError.left(60)};
    }
    if (rows.isEmpty()) {
        c.out << Ctl::tr("no transactions match") << '\n';
        return 0;
    }
    c.out << renderTable({Ctl::tr("ID"), Ctl::tr("STATE"), Ctl::tr("SOURCE"), Ctl::tr("DESTINATION"), Ctl::tr("AMOUNT"), Ctl::tr("AGE"),
                          Ctl::tr("OWNER"), Ctl::tr("LEASE"), Ctl::tr("LAST ERROR")},
                         rows, {4, 5});
    if (page->total && *page->total > list.size())
        c.out << Ctl::tr("(%1 of %2 transactions; use --limit to see more)").arg(list.size()).arg(*page->total) << '\n';
    return 0;
}

int cmdShow(Context &c)
{
    const QString id = c.args.positionals.at(0);
    if (Error e = checkTxId(id); !e.ok())
        return c.fail(e);
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    auto detail = (*c.service())->transaction(id);
    if (!detail.ok())
        return c.fail(detail.error());
    if (c.json) {
        const QJsonObject object = json::transactionDetail(*detail, *scale);
        return c.printJson(object);
    }
    c.out << transactionDetail(detail->tx, detail->legs, detail->journal, detail->now, *scale);
    return 0;
}

int cmdRepair(Context &c)
{
    const QString id = c.args.positionals.at(0);
    const QString reason = c.args.value(QStringLiteral("reason"));
    if (Error e = checkTxId(id); !e.ok())
        return c.fail(e);
    if (Error e = checkText(reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return c.fail(e);
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    LedgerService &service = **c.service();
    // What the consoles ask before a repair, a script is told: someone else said they are on it.
    if (auto detail = service.transaction(id); detail.ok()) {
        const auto &claim = detail->claim;
        if (claimWarns(claim, c.operatorName, detail->now))
            c.err << Ctl::tr("warning: %1 claimed %2 %3 ago%4; repairing it anyway")
                         .arg(claim->by, id, duration::format(claim->at.msecsTo(detail->now)),
                              claim->text.isEmpty() ? QString() : QStringLiteral(" (\"%1\")").arg(claim->text))
                  << '\n';
    }
    const RepairAction action = operatorActionFromString(c.args.command).value_or(RepairAction::Resume); // cli.cpp maps only these
    return reportOutcome(c, service.repair(action, id, reason), *scale);
}

} // namespace ledger::cli
