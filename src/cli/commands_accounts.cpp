// ledgerctl account create|freeze|unfreeze|close|show, and accounts.
#include "operations/wholeaccounts.h"
#include "cli.h"
#include "interchange/jsonformat.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "protocol/commitpoint.h"
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
    if (Error e = checkText(name, QT_TRANSLATE_NOOP("ledger", "account name"), kMaxNameLength, true); !e.ok())
        return c.fail(e);
    const bool hasOpening = c.args.values.contains(QStringLiteral("opening"));
    if (hasOpening) {
        // 0 (or 0.00) is no opening, as ledgerd and the console's dialog take it.
        if (Error e = money::checkSyntax(c.args.value(QStringLiteral("opening")), money::Zero::Allowed); !e.ok())
            return c.fail(makeError(ErrorCode::InvalidAmount, Message(QStringLiteral("--opening: %1")).arg(e.text())));
    }
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    qint64 opening = 0;
    if (hasOpening) {
        auto amount = money::parse(c.args.value(QStringLiteral("opening")), *scale, money::Zero::Allowed);
        if (!amount.ok())
            return c.fail(makeError(ErrorCode::InvalidAmount, Message(QStringLiteral("--opening: %1")).arg(amount.error().text())));
        opening = *amount;
    }
    const NewAccount created = (*c.service())->createAccount(id, name, opening);
    if (!created.opening.ok())
        return c.fail(created.opening.error, created.opening.tx, *scale);
    if (!created.account)
        return c.fail(created.readError);
    const Account &account = created.account->account.account;
    if (c.json)
        return c.printJson(json::account(created.account->account, *scale));
    c.out << Ctl::tr("created account %1%2, balance %3")
                 .arg(id, name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(name), money::format(account.balance, *scale))
          << '\n';
    return 0;
}

int cmdAccountStatus(Context &c)
{
    const QString id = c.args.positionals.at(0);
    const QString reason = c.args.value(QStringLiteral("reason"));
    const AccountStatus target = c.args.command == QLatin1String("account freeze") ? AccountStatus::Frozen
                               : c.args.command == QLatin1String("account close")  ? AccountStatus::Closed
                                                                                   : AccountStatus::Open;
    if (Error e = checkAccountId(id); !e.ok())
        return c.fail(e);
    if (Error e = checkText(reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return c.fail(e);
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    auto change = (*c.service())->setAccountStatus(id, target, reason);
    if (!change.ok())
        return c.fail(change.error());
    if (c.json)
        return c.printJson(json::account(change->after.account, *scale));
    c.out << (change->before == target ? Ctl::tr("account %1 was already %2") : Ctl::tr("account %1 is now %2")).arg(id, nameOf(target))
          << '\n';
    return 0;
}

int cmdAccountShow(Context &c)
{
    const QString id = c.args.positionals.at(0);
    if (Error e = checkAccountId(id); !e.ok())
        return c.fail(e);
    auto scale = c.scale();
    if (!scale.ok())
        return c.fail(scale.error());
    auto shown = (*c.service())->account(id);
    if (!shown.ok())
        return c.fail(shown.error());
    const int scale_ = *scale;
    if (c.json)
        return c.printJson(json::accountWithHolds(shown->account, shown->held, scale_));
    c.out << accountDetail(shown->account, shown->held, scale_);
    return 0;
}

int cmdBalances(Context &c)
{
    auto sc = c.scale();
    if (!sc.ok())
        return c.fail(sc.error());
    auto whole = (*c.service())->balances();
    if (!whole.ok())
        return c.fail(whole.error());
    const int scale = *sc;
    if (c.json)
        return c.printJson(json::wholeBalances(*whole, scale));
    QList<QStringList> rows;
    for (const WholeBalance &b : whole->accounts)
        rows << QStringList{b.accountId, money::format(b.balance, scale),
                            b.balance == b.posted ? QStringLiteral("-") : money::format(b.balance - b.posted, scale)};
    c.out << renderTable({Ctl::tr("ID"), Ctl::tr("BALANCE"), Ctl::tr("NOT POSTED YET")}, rows, {1, 2});
    c.out << Ctl::tr("total %1 over %n account(s)", nullptr, int(whole->accounts.size())).arg(money::format(whole->total, scale)) << '\n';
    if (!whole->inFlight.isEmpty())
        c.out << Ctl::tr("counted whole while still being posted: %1").arg(whole->inFlight.join(QStringLiteral(", "))) << '\n';
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
    if (Error e = checkText(query.text, QT_TRANSLATE_NOOP("ledger", "filter"), kMaxNameLength, true); !e.ok())
        return c.fail(e);
    if (c.csv()) {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Accounts;
        spec.accounts = query;
        return c.printCsv(spec);
    }
    auto sc = c.scale();
    if (!sc.ok())
        return c.fail(sc.error());
    auto page = (*c.service())->accounts(query, !c.json);
    if (!page.ok())
        return c.fail(page.error());
    const QList<AccountCountedWhole> *list = &page->rows;
    const int scale = *sc;
    if (c.json) {
        QJsonArray array;
        for (const AccountCountedWhole &a : *list)
            array.append(json::account(a, scale));
        return c.printJson(array);
    }
    // The console's words and columns: the balance counted whole, then what is not posted yet.
    QList<QStringList> rows;
    for (const AccountCountedWhole &w : *list) {
        const Account &a = w.account;
        rows << QStringList{a.id,
                            a.name,
                            nameOf(a.status),
                            money::format(w.wholeBalance, scale),
                            w.notPostedYet() == 0 ? QStringLiteral("-") : money::format(w.notPostedYet(), scale),
                            money::format(a.available(), scale),
                            money::format(a.pendingDebits, scale),
                            money::format(a.pendingCredits, scale)};
    }
    c.out << renderTable({Ctl::tr("ID"), Ctl::tr("NAME"), Ctl::tr("STATUS"), Ctl::tr("BALANCE"), Ctl::tr("NOT POSTED YET"),
                          Ctl::tr("AVAILABLE"), Ctl::tr("PENDING DR"), Ctl::tr("PENDING CR")},
                         rows, {3, 4, 5, 6, 7});
    if (page->total && *page->total > list->size())
        c.out << Ctl::tr("(%1 of %2 accounts; use --limit to see more)").arg(list->size()).arg(*page->total) << '\n';
    return 0;
}

} // namespace ledger::cli
