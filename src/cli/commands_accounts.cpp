// ledgerctl account create|freeze|unfreeze|close|show, and accounts.
#include "cli.h"

#include "identifiers.h"
#include "jsonformat.h"
#include "money.h"
#include "textoutput.h"

#include <QJsonArray>
#include <QJsonObject>

namespace ledger::cli {

int cmdAccountCreate(Context &c)
{
    const QString id = c.args.positionals.at(0);
    const QString name = c.args.value(QStringLiteral("name"));
    if (Error e = checkNewAccountId(id); !e.ok())
        return c.fail(e);
    if (Error e = checkText(name, QStringLiteral("account name"), kMaxNameLength, true); !e.ok())
        return c.fail(e);
    const bool hasOpening = c.args.values.contains(QStringLiteral("opening"));
    if (hasOpening) {
        if (Error e = money::checkSyntax(c.args.value(QStringLiteral("opening"))); !e.ok())
            return c.fail(makeError(ErrorCode::InvalidAmount, QStringLiteral("--opening: %1").arg(e.message)));
    }
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    const int scale = (*store)->scale();
    qint64 opening = 0;
    if (hasOpening) {
        auto amount = money::parse(c.args.value(QStringLiteral("opening")), scale);
        if (!amount.ok())
            return c.fail(makeError(ErrorCode::InvalidAmount, QStringLiteral("--opening: %1").arg(amount.error().message)));
        opening = *amount;
    }
    Coordinator coordinator(**store, c.coordinatorOptions());
    TxOutcome o = coordinator.openAccount(id, name, opening);
    if (!o.ok())
        return c.fail(o.error, o.tx, scale);
    auto account = (*store)->account(id);
    if (!account.ok())
        return c.fail(account.error());
    if (c.json)
        return c.printJson(json::account(*account, scale));
    c.out << QStringLiteral("created account %1%2, balance %3\n")
                 .arg(id, name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(name), money::format(account->balance, scale));
    return 0;
}

int cmdAccountStatus(Context &c)
{
    const QString id = c.args.positionals.at(0);
    const QString reason = c.args.value(QStringLiteral("reason"));
    const AccountStatus target = c.args.command == QLatin1String("account freeze") ? AccountStatus::Frozen
        : c.args.command == QLatin1String("account close")                       ? AccountStatus::Closed
                                                                                  : AccountStatus::Open;
    if (Error e = checkAccountId(id); !e.ok())
        return c.fail(e);
    if (Error e = checkText(reason, QStringLiteral("reason"), kMaxReasonLength, true); !e.ok())
        return c.fail(e);
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto before = (*store)->account(id);
    if (!before.ok())
        return c.fail(before.error());
    auto after = (*store)->setAccountStatus(id, target, c.operatorName, reason);
    if (!after.ok())
        return c.fail(after.error());
    if (c.json)
        return c.printJson(json::account(*after, (*store)->scale()));
    c.out << (before->status == target ? QStringLiteral("account %1 was already %2\n") : QStringLiteral("account %1 is now %2\n"))
                 .arg(id, nameOf(target));
    return 0;
}

int cmdAccountShow(Context &c)
{
    const QString id = c.args.positionals.at(0);
    if (Error e = checkAccountId(id); !e.ok())
        return c.fail(e);
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    auto account = (*store)->account(id);
    if (!account.ok())
        return c.fail(account.error());
    auto held = (*store)->legsOfAccount(id, LegStatus::Held);
    if (!held.ok())
        return c.fail(held.error());
    const int scale = (*store)->scale();
    if (c.json) {
        QJsonObject object = json::account(*account, scale);
        QJsonArray legs;
        for (const LegMarker &m : *held)
            legs.append(json::leg(m, scale));
        object.insert(QStringLiteral("held"), legs);
        return c.printJson(object);
    }
    c.out << accountDetail(*account, *held, scale);
    return 0;
}

int cmdAccounts(Context &c)
{
    AccountQuery query;
    query.text = c.args.value(QStringLiteral("filter"));
    auto limit = c.rowLimit(1000);
    if (!limit.ok())
        return c.fail(limit.error());
    query.limit = *limit;
    if (Error e = checkText(query.text, QStringLiteral("filter"), kMaxNameLength, true); !e.ok())
        return c.fail(e);
    auto store = c.open();
    if (!store.ok())
        return c.fail(store.error());
    if (c.csv()) {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Accounts;
        spec.accounts = query;
        return c.printCsv(**store, spec);
    }
    auto list = (*store)->accounts(query);
    if (!list.ok())
        return c.fail(list.error());
    const int scale = (*store)->scale();
    if (c.json) {
        QJsonArray array;
        for (const Account &a : *list)
            array.append(json::account(a, scale));
        return c.printJson(array);
    }
    QList<QStringList> rows;
    for (const Account &a : *list)
        rows << QStringList{a.id, a.name, nameOf(a.status), money::format(a.balance, scale), money::format(a.available(), scale),
                            money::format(a.pendingDebits, scale), money::format(a.pendingCredits, scale)};
    c.out << renderTable({QStringLiteral("ID"), QStringLiteral("NAME"), QStringLiteral("STATUS"), QStringLiteral("BALANCE"),
                          QStringLiteral("AVAILABLE"), QStringLiteral("PENDING DR"), QStringLiteral("PENDING CR")},
                         rows, {3, 4, 5, 6});
    auto total = (*store)->accountCount(query);
    if (total.ok() && *total > list->size())
        c.out << QStringLiteral("(%1 of %2 accounts; use --limit to see more)\n").arg(list->size()).arg(*total);
    return 0;
}

} // namespace ledger::cli
