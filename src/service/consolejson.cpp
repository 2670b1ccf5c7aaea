#include "service/consolejson.h"

#include "interchange/jsonformat.h"
#include "service/jsonreader.h"
#include "service/servicejson.h"

#include <QJsonArray>

namespace ledger::consolejson {

using servicejson::each;
using servicejson::Reader;

namespace {

QJsonValue orNull(const std::optional<OperatorClaim> &c) { return c ? QJsonValue(json::claim(*c)) : QJsonValue(); }

// A claim of `txId` where the field holds one, else nullopt (null or absent).
std::optional<OperatorClaim> claimIn(Reader &r, const char *name, const QString &txId)
{
    const QJsonValue v = r.object().value(QLatin1String(name));
    if (!v.isObject())
        return std::nullopt;
    auto c = servicejson::claim(v.toObject(), txId);
    if (!c.ok()) {
        r.fail(c.error());
        return std::nullopt;
    }
    return *c;
}

QJsonObject accountDocument(const Account &a, int scale) { return json::account(AccountCountedWhole{a, a.balance}, scale); }

QList<qint64> numbersIn(Reader &r, const char *name)
{
    QList<qint64> list;
    for (const QJsonValue &v : r.array(name)) {
        if (!v.isDouble())
            r.fail(name, "an array of numbers");
        list << qint64(v.toDouble());
    }
    return list;
}

QJsonArray numbers(const QList<qint64> &list)
{
    QJsonArray a;
    for (qint64 n : list)
        a.append(n);
    return a;
}

} // namespace

QJsonObject tally(const Tally &t)
{
    return QJsonObject{{QStringLiteral("count"), t.count}, {QStringLiteral("exact"), t.exact}, {QStringLiteral("atLeast"), t.atLeast}};
}

Result<Tally> tally(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("tally"));
    Tally t;
    t.count = r.integer("count");
    t.exact = r.flag("exact");
    t.atLeast = r.flag("atLeast");
    if (!r.error().ok())
        return r.error();
    return t;
}

QJsonObject overview(const Overview &o)
{
    QJsonObject byState;
    for (auto it = o.byState.cbegin(); it != o.byState.cend(); ++it)
        byState.insert(nameOf(it.key()), tally(it.value()));
    return QJsonObject{{QStringLiteral("byState"), byState},
                       {QStringLiteral("stuck"), tally(o.stuck)},
                       {QStringLiteral("compensations"), tally(o.compensations)},
                       {QStringLiteral("accounts"), tally(o.accounts)},
                       {QStringLiteral("transactions"), tally(o.transactions)},
                       {QStringLiteral("ageBuckets"), QJsonArray::fromStringList(o.ageBuckets)},
                       {QStringLiteral("ageCounts"), numbers(o.ageCounts)},
                       {QStringLiteral("perMinute"), numbers(o.perMinute)}};
}

Result<Overview> overview(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("overview"));
    Overview v;
    auto tallyIn = [&](const char *name) {
        auto t = tally(o.value(QLatin1String(name)).toObject());
        if (!t.ok())
            r.fail(t.error());
        return t.ok() ? *t : Tally{};
    };
    const QJsonObject byState = o.value(QStringLiteral("byState")).toObject();
    for (auto it = byState.constBegin(); it != byState.constEnd(); ++it) {
        const auto state = txStateFromString(it.key());
        auto t = tally(it.value().toObject());
        if (!state || !t.ok()) {
            r.fail("byState", "an object of tallies by state");
            break;
        }
        v.byState.insert(*state, *t);
    }
    v.stuck = tallyIn("stuck");
    v.compensations = tallyIn("compensations");
    v.accounts = tallyIn("accounts");
    v.transactions = tallyIn("transactions");
    v.ageBuckets = r.texts("ageBuckets");
    v.ageCounts = numbersIn(r, "ageCounts");
    v.perMinute = numbersIn(r, "perMinute");
    if (!r.error().ok())
        return r.error();
    return v;
}

QJsonObject stuckCauses(const StuckCauses &c)
{
    QJsonArray groups;
    for (const StuckCause &g : c.groups)
        groups.append(QJsonObject{
            {QStringLiteral("state"), nameOf(g.state)}, {QStringLiteral("cause"), g.cause}, {QStringLiteral("count"), g.count}});
    return QJsonObject{{QStringLiteral("groups"), groups}, {QStringLiteral("read"), c.read}, {QStringLiteral("complete"), c.complete}};
}

Result<StuckCauses> stuckCauses(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("stuck causes"));
    StuckCauses c;
    for (const QJsonValue &v : r.array("groups")) {
        Reader g(v.toObject(), QStringLiteral("stuck cause"));
        StuckCause cause;
        cause.state = g.word<TxState>("state", txStateFromString);
        cause.cause = g.text("cause");
        cause.count = g.integer("count");
        r.fail(g.error());
        c.groups << cause;
    }
    c.read = r.integer("read");
    c.complete = r.flag("complete");
    if (!r.error().ok())
        return r.error();
    return c;
}

QJsonObject stuckWatch(const StuckWatch &w)
{
    QStringList ids(w.ids.cbegin(), w.ids.cend());
    ids.sort();
    return QJsonObject{{QStringLiteral("ids"), QJsonArray::fromStringList(ids)}, {QStringLiteral("complete"), w.complete}};
}

Result<StuckWatch> stuckWatch(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("stuck watch"));
    StuckWatch w;
    const QStringList ids = r.texts("ids");
    w.ids = QSet<QString>(ids.cbegin(), ids.cend());
    w.complete = r.flag("complete");
    if (!r.error().ok())
        return r.error();
    return w;
}

QJsonObject accountDetail(const AccountDetail &d, int scale)
{
    QJsonObject o = json::accountWithHolds(AccountCountedWhole{d.account, d.wholeBalance}, d.holds, scale);
    QJsonArray history;
    for (const JournalEntry &j : d.history)
        history.append(json::journalEntry(j));
    o.insert(QStringLiteral("history"), history);
    o.insert(QStringLiteral("now"), formatTimestamp(d.now));
    return o;
}

Result<AccountDetail> accountDetail(const QJsonObject &o, int scale)
{
    auto a = servicejson::accountWithHolds(o, scale);
    if (!a.ok())
        return a.error();
    Reader r(o, QStringLiteral("account detail"));
    AccountDetail d;
    d.account = a->account.account;
    d.wholeBalance = a->account.wholeBalance;
    d.holds = a->held;
    d.history = each<JournalEntry>(r, "history", [](const QJsonObject &j) { return servicejson::journalEntry(j); });
    d.now = r.time("now", false);
    if (!r.error().ok())
        return r.error();
    return d;
}

QJsonObject transactionWindow(const TxWindow &w, int scale)
{
    QJsonArray rows;
    for (const Transaction &t : w.rows) {
        QJsonObject row = json::listedTransaction(t, w.claims.contains(t.id) ? std::optional(w.claims.value(t.id)) : std::nullopt, scale);
        row.insert(QStringLiteral("compensationState"),
                   w.compensationStates.contains(t.id) ? QJsonValue(nameOf(w.compensationStates.value(t.id))) : QJsonValue());
        rows.append(row);
    }
    return QJsonObject{{QStringLiteral("transactions"), rows}, {QStringLiteral("now"), formatTimestamp(w.now)}};
}

Result<TxWindow> transactionWindow(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("transaction window"));
    TxWindow w;
    for (const QJsonValue &v : r.array("transactions")) {
        const QJsonObject row = v.toObject();
        auto tx = servicejson::transaction(row, scale);
        if (!tx.ok())
            return tx.error();
        auto claim = servicejson::listedClaim(row, tx->id);
        if (!claim.ok())
            return claim.error();
        if (*claim)
            w.claims.insert(tx->id, **claim);
        if (row.value(QStringLiteral("compensationState")).isString()) {
            Reader rr(row, QStringLiteral("transaction"));
            w.compensationStates.insert(tx->id, rr.word<TxState>("compensationState", txStateFromString));
            r.fail(rr.error());
        }
        w.rows << *tx;
    }
    w.now = r.time("now", false);
    if (!r.error().ok())
        return r.error();
    return w;
}

QJsonObject accountDocuments(const QList<Account> &accounts, int scale)
{
    QJsonArray array;
    for (const Account &a : accounts)
        array.append(accountDocument(a, scale));
    return QJsonObject{{QStringLiteral("accounts"), array}};
}

Result<QList<Account>> accountDocuments(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("account documents"));
    QList<Account> list;
    for (const QJsonValue &v : r.array("accounts")) {
        auto a = servicejson::account(v.toObject(), scale);
        if (!a.ok())
            return a.error();
        list << a->account;
    }
    if (!r.error().ok())
        return r.error();
    return list;
}

QJsonObject repairPlan(const RepairPlan &p, int scale)
{
    QJsonArray items;
    for (const PlannedRepair &i : p.items)
        items.append(QJsonObject{{QStringLiteral("id"), i.id},
                                 {QStringLiteral("from"), nameOf(i.from)},
                                 {QStringLiteral("eligible"), i.eligible},
                                 {QStringLiteral("why"), i.why},
                                 {QStringLiteral("expected"), i.expected ? QJsonValue(nameOf(*i.expected)) : QJsonValue()},
                                 {QStringLiteral("mayBeRefused"), i.mayBeRefused},
                                 {QStringLiteral("creates"), i.creates},
                                 {QStringLiteral("claim"), orNull(i.claim)}});
    QJsonArray accounts;
    for (const AccountImpact &a : p.accounts)
        accounts.append(QJsonObject{{QStringLiteral("id"), a.id},
                                    {QStringLiteral("balanceBefore"), money::format(a.balanceBefore, scale)},
                                    {QStringLiteral("pendingDebitsBefore"), money::format(a.pendingDebitsBefore, scale)},
                                    {QStringLiteral("pendingCreditsBefore"), money::format(a.pendingCreditsBefore, scale)},
                                    {QStringLiteral("balanceAfter"), money::format(a.balanceAfter, scale)},
                                    {QStringLiteral("pendingDebitsAfter"), money::format(a.pendingDebitsAfter, scale)},
                                    {QStringLiteral("pendingCreditsAfter"), money::format(a.pendingCreditsAfter, scale)}});
    return QJsonObject{{QStringLiteral("action"), nameOf(p.action)},
                       {QStringLiteral("items"), items},
                       {QStringLiteral("accounts"), accounts},
                       {QStringLiteral("now"), formatTimestamp(p.now)}};
}

RepairPlan repairPlan(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("repair plan"));
    RepairPlan p;
    p.action = r.word<OperatorAction>("action", operatorActionFromString);
    for (const QJsonValue &v : r.array("items")) {
        Reader i(v.toObject(), QStringLiteral("planned repair"));
        PlannedRepair item;
        item.id = i.text("id");
        item.from = i.word<TxState>("from", txStateFromString);
        item.eligible = i.flag("eligible");
        item.why = i.text("why");
        if (v.toObject().value(QStringLiteral("expected")).isString())
            item.expected = i.word<TxState>("expected", txStateFromString);
        item.mayBeRefused = i.flag("mayBeRefused");
        item.creates = i.text("creates");
        item.claim = claimIn(i, "claim", item.id);
        r.fail(i.error());
        p.items << item;
    }
    for (const QJsonValue &v : r.array("accounts")) {
        Reader a(v.toObject(), QStringLiteral("account impact"));
        AccountImpact impact;
        impact.id = a.text("id");
        impact.balanceBefore = a.amount("balanceBefore", scale);
        impact.pendingDebitsBefore = a.amount("pendingDebitsBefore", scale);
        impact.pendingCreditsBefore = a.amount("pendingCreditsBefore", scale);
        impact.balanceAfter = a.amount("balanceAfter", scale);
        impact.pendingDebitsAfter = a.amount("pendingDebitsAfter", scale);
        impact.pendingCreditsAfter = a.amount("pendingCreditsAfter", scale);
        r.fail(a.error());
        p.accounts << impact;
    }
    p.now = r.time("now", false);
    p.error = r.error();
    return p;
}

QJsonObject batchRepair(const BatchRepairReport &report, int scale)
{
    QJsonArray items;
    for (const BatchRepairItem &i : report.items)
        items.append(
            QJsonObject{{QStringLiteral("id"), i.id},
                        {QStringLiteral("error"), i.outcome.ok() ? QJsonValue() : QJsonValue(json::error(i.outcome.error))},
                        {QStringLiteral("transaction"), i.outcome.tx ? QJsonValue(json::transaction(*i.outcome.tx, scale)) : QJsonValue()},
                        {QStringLiteral("existing"), i.outcome.existing},
                        {QStringLiteral("byOther"), i.outcome.byOther},
                        {QStringLiteral("note"), i.outcome.note}});
    return QJsonObject{{QStringLiteral("items"), items}, {QStringLiteral("stopped"), report.stopped}};
}

BatchRepairReport batchRepair(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("batch repair"));
    BatchRepairReport report;
    for (const QJsonValue &v : r.array("items")) {
        const QJsonObject object = v.toObject();
        Reader i(object, QStringLiteral("repaired transaction"));
        BatchRepairItem item;
        item.id = i.text("id");
        if (object.value(QStringLiteral("error")).isObject()) {
            Reader e(object.value(QStringLiteral("error")).toObject(), QStringLiteral("error"));
            const QString word = e.text("code");
            item.outcome.error = makeError(errorCodeFromWord(word), e.text("message"));
            i.fail(e.error());
        }
        if (object.value(QStringLiteral("transaction")).isObject()) {
            auto tx = servicejson::transaction(object.value(QStringLiteral("transaction")).toObject(), scale);
            if (tx.ok())
                item.outcome.tx = *tx;
            else
                i.fail(tx.error());
        }
        item.outcome.existing = i.flag("existing");
        item.outcome.byOther = i.flag("byOther");
        item.outcome.note = i.text("note");
        r.fail(i.error());
        report.items << item;
    }
    report.stopped = r.flag("stopped");
    report.error = r.error();
    return report;
}

QJsonObject incidentReport(const IncidentReport &report)
{
    QJsonArray actions;
    for (const JournalEntry &j : report.operatorActions)
        actions.append(json::journalEntry(j));
    return QJsonObject{{QStringLiteral("transaction"), transactionDetail(report.detail, report.scale)},
                       {QStringLiteral("operatorActions"), actions},
                       {QStringLiteral("store"), report.storeLocation},
                       {QStringLiteral("scale"), report.scale}};
}

Result<IncidentReport> incidentReport(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("incident report"));
    IncidentReport report;
    report.scale = int(r.integer("scale"));
    report.storeLocation = r.text("store");
    if (!r.error().ok())
        return r.error();
    auto d = transactionDetail(o.value(QStringLiteral("transaction")).toObject(), report.scale);
    if (!d.ok())
        return d.error();
    report.detail = *d;
    report.operatorActions = each<JournalEntry>(r, "operatorActions", [](const QJsonObject &j) { return servicejson::journalEntry(j); });
    if (!r.error().ok())
        return r.error();
    return report;
}

QJsonObject transactionDetail(const TransactionDetail &d, int scale)
{
    QJsonObject detail = json::transactionDetail(d, scale);
    detail.insert(QStringLiteral("now"), formatTimestamp(d.now));
    detail.insert(QStringLiteral("claim"), orNull(d.claim));
    QJsonArray accounts;
    for (const auto &a : d.accounts)
        accounts.append(a ? QJsonValue(accountDocument(*a, scale)) : QJsonValue());
    detail.insert(QStringLiteral("accounts"), accounts);
    detail.insert(QStringLiteral("related"), d.related ? QJsonValue(json::transaction(*d.related, scale)) : QJsonValue());
    return detail;
}

Result<TransactionDetail> transactionDetail(const QJsonObject &o, int scale)
{
    auto d = servicejson::transactionDetail(o, scale);
    if (!d.ok())
        return d.error();
    Reader r(o, QStringLiteral("transaction"));
    for (const QJsonValue &v : r.array("accounts")) {
        if (v.isNull()) {
            d->accounts << std::nullopt;
            continue;
        }
        auto a = servicejson::account(v.toObject(), scale);
        if (!a.ok())
            return a.error();
        d->accounts << a->account;
    }
    if (o.value(QStringLiteral("related")).isObject()) {
        auto related = servicejson::transaction(o.value(QStringLiteral("related")).toObject(), scale);
        if (!related.ok())
            return related.error();
        d->related = *related;
    } else if (!o.value(QStringLiteral("related")).isNull()) {
        r.fail("related", "a transaction or null");
    }
    if (!r.error().ok())
        return r.error();
    return d;
}

} // namespace ledger::consolejson
