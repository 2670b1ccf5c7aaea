// ledgerctl completion: the shell scripts (completion.h), and the ids they offer.
#include "cli.h"
#include "completion.h"
#include "ledger/identifiers.h"
#include "store/location.h"
#include "textoutput.h"

namespace ledger::cli {

namespace {

// The ids a completion script offers for an argument: accounts in id order from the prefix on
// (a key range: as cheap on a million accounts as on ten), or the newest transactions. Only a
// store of local files is asked: a server may be a network round trip away, or reconnecting for
// half a minute, and a key press must not wait on it.
int printIds(Context &c)
{
    const QString kind = c.args.value(QStringLiteral("ids"));
    if (!completionIdKinds().contains(kind))
        return c.fail(
            makeError(ErrorCode::InvalidArgument,
                      Message::translate("ledgerctl", "--ids must be accounts or transactions, not %1").arg(quoteForMessage(kind))));
    const QString prefix = c.args.value(QStringLiteral("prefix"));
    auto config = resolveStoreConfig(c.args.value(QStringLiteral("store")));
    if (!config.ok())
        return c.fail(config.error());
    if (locationKind(config->location) != LocationKind::File || !serverDatabasesOf(config->location).isEmpty())
        return 0;
    config->busyTimeoutMs = 200; // a writer holding the lock for longer: no ids this time
    auto store = openStore(*config);
    if (!store.ok())
        return c.fail(store.error());
    QStringList ids;
    if (kind == QLatin1String("accounts")) {
        AccountQuery query;
        query.fromId = prefix;
        query.limit = kCompletionIdLimit;
        auto accounts = (*store)->accounts(query);
        if (!accounts.ok())
            return c.fail(accounts.error());
        for (const Account &a : *accounts) {
            if (!a.id.startsWith(prefix))
                break; // in id order: past the prefix's range
            ids << a.id;
        }
    } else {
        TxQuery query;
        query.descending = true;
        query.limit = kCompletionIdLimit;
        auto transactions = (*store)->transactions(query);
        if (!transactions.ok())
            return c.fail(transactions.error());
        for (const Transaction &tx : *transactions) {
            if (tx.id.startsWith(prefix))
                ids << tx.id;
        }
    }
    for (const QString &id : std::as_const(ids))
        c.out << id << '\n';
    return 0;
}

} // namespace

int cmdCompletion(Context &c)
{
    if (c.args.values.contains(QStringLiteral("ids")))
        return printIds(c);
    if (c.args.values.contains(QStringLiteral("prefix")))
        return c.fail(makeError(ErrorCode::Usage, Message::translate("ledgerctl", "--prefix goes with --ids")));
    const QString shell = c.args.positionals.value(0);
    if (!completionShells().contains(shell))
        return c.fail(makeError(ErrorCode::InvalidArgument,
                                Message::translate("ledgerctl", "SHELL must be bash or zsh, not %1").arg(quoteForMessage(shell))));
    c.out << completionScript(shell);
    return 0;
}

} // namespace ledger::cli
