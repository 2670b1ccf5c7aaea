#include "interchange/jsonformat.h"

#include "ledger/money.h"

#include <QJsonArray>

namespace ledger::json {

namespace {
QJsonValue timestamp(const QDateTime &t) { return t.isValid() ? QJsonValue(formatTimestamp(t)) : QJsonValue(); }
QJsonValue optionalText(const QString &s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); }
} // namespace

QJsonObject account(const AccountCountedWhole &whole, int scale)
{
    const Account &a = whole.account;
    return QJsonObject{
        {QStringLiteral("id"), a.id},
        {QStringLiteral("name"), a.name},
        {QStringLiteral("status"), nameOf(a.status)},
        {QStringLiteral("balance"), money::format(whole.wholeBalance, scale)},
        {QStringLiteral("posted"), money::format(a.balance, scale)},
        {QStringLiteral("available"), money::format(a.available(), scale)},
        {QStringLiteral("pendingDebits"), money::format(a.pendingDebits, scale)},
        {QStringLiteral("pendingCredits"), money::format(a.pendingCredits, scale)},
        {QStringLiteral("version"), a.version},
        {QStringLiteral("createdAt"), timestamp(a.createdAt)},
        {QStringLiteral("lastModified"), timestamp(a.lastModified)},
    };
}

QJsonObject leg(const LegMarker &m, int scale)
{
    return QJsonObject{
        {QStringLiteral("txId"), m.txId},
        {QStringLiteral("accountId"), m.accountId},
        {QStringLiteral("side"), nameOf(m.side)},
        {QStringLiteral("amount"), money::format(m.amount, scale)},
        {QStringLiteral("status"), nameOf(m.status)},
        {QStringLiteral("at"), timestamp(m.at)},
        // What the post left the account's balance at (null before it is posted, or for a leg
        // posted before the store recorded it), as the feed says it.
        {QStringLiteral("balanceAfter"), m.balanceAfter ? QJsonValue(money::format(*m.balanceAfter, scale)) : QJsonValue()},
    };
}

QJsonObject transaction(const Transaction &t, int scale)
{
    // Every leg of the document as "entries", also for a two-account transfer (whose source,
    // destination and amount say the same), so that readers handle one shape. ("legs" is the leg
    // markers' key in `show` and the feed, which carry a status.)
    QJsonArray legs;
    for (const TxLeg &leg : t.legs)
        legs.append(QJsonObject{{QStringLiteral("accountId"), leg.accountId},
                                {QStringLiteral("side"), nameOf(leg.side)},
                                {QStringLiteral("amount"), money::format(leg.amount, scale)}});
    return QJsonObject{
        {QStringLiteral("id"), t.id},
        {QStringLiteral("idempotencyKey"), optionalText(t.idempotencyKey)},
        {QStringLiteral("kind"), nameOf(t.kind)},
        {QStringLiteral("compensates"), optionalText(t.compensates)},
        {QStringLiteral("compensatedBy"), optionalText(t.compensatedBy)},
        {QStringLiteral("source"), t.source},
        {QStringLiteral("destination"), t.destination},
        {QStringLiteral("amount"), money::format(t.amount, scale)},
        {QStringLiteral("memo"), t.memo},
        {QStringLiteral("state"), nameOf(t.state)},
        {QStringLiteral("createdAt"), timestamp(t.createdAt)},
        {QStringLiteral("lastModified"), timestamp(t.lastModified)},
        {QStringLiteral("owner"), optionalText(t.owner)},
        {QStringLiteral("leaseUntil"), timestamp(t.leaseUntil)},
        {QStringLiteral("epoch"), t.epoch},
        {QStringLiteral("lastError"), optionalText(t.lastError)},
        {QStringLiteral("attempts"), t.attempts},
        {QStringLiteral("entries"), legs},
    };
}

QJsonObject accountWithHolds(const AccountCountedWhole &a, const QList<LegMarker> &held, int scale)
{
    QJsonObject object = account(a, scale);
    QJsonArray legs;
    for (const LegMarker &m : held)
        legs.append(leg(m, scale));
    object.insert(QStringLiteral("held"), legs);
    return object;
}

QJsonArray wholeBalances(const WholeBalances &balances, int scale)
{
    QJsonArray array;
    for (const WholeBalance &b : balances.accounts)
        array.append(QJsonObject{{QStringLiteral("id"), b.accountId},
                                 {QStringLiteral("balance"), money::format(b.balance, scale)},
                                 {QStringLiteral("posted"), money::format(b.posted, scale)}});
    return array;
}

QJsonObject listedTransaction(const Transaction &t, const std::optional<OperatorClaim> &claim, int scale)
{
    QJsonObject o = transaction(t, scale);
    o.insert(QStringLiteral("claimedBy"), claim ? QJsonValue(claim->by) : QJsonValue());
    o.insert(QStringLiteral("claimedAt"), claim ? timestamp(claim->at) : QJsonValue());
    o.insert(QStringLiteral("claimNote"), claim ? optionalText(claim->text) : QJsonValue());
    return o;
}

QJsonObject transactionDetail(const TransactionDetail &d, int scale)
{
    QJsonObject object = transaction(d.tx, scale);
    QJsonArray legs;
    for (const LegMarker &m : d.legs)
        legs.append(leg(m, scale));
    QJsonArray journal;
    for (const JournalEntry &j : d.journal)
        journal.append(journalEntry(j));
    object.insert(QStringLiteral("legs"), legs);
    object.insert(QStringLiteral("journal"), journal);
    return object;
}

QJsonObject journalEntry(const JournalEntry &j)
{
    return QJsonObject{
        {QStringLiteral("seq"), j.seq},
        {QStringLiteral("at"), timestamp(j.at)},
        {QStringLiteral("docKind"), nameOf(j.docKind)},
        {QStringLiteral("docId"), j.docId},
        {QStringLiteral("actor"), j.actor},
        {QStringLiteral("worker"), optionalText(j.worker)},
        {QStringLiteral("event"), j.event},
        {QStringLiteral("fromState"), optionalText(j.fromState)},
        {QStringLiteral("toState"), optionalText(j.toState)},
        {QStringLiteral("epoch"), j.epoch},
        {QStringLiteral("detail"), optionalText(j.detail)},
    };
}

QJsonObject finding(const AuditFinding &f)
{
    return QJsonObject{
        {QStringLiteral("invariant"), f.invariant},
        {QStringLiteral("code"), f.code},
        {QStringLiteral("message"), f.message},
        {QStringLiteral("ids"), QJsonArray::fromStringList(f.ids)},
        {QStringLiteral("transactions"), QJsonArray::fromStringList(f.transactions)},
        {QStringLiteral("accounts"), QJsonArray::fromStringList(f.accounts)},
    };
}

QJsonObject auditReport(const AuditReport &r, int scale)
{
    QJsonArray findings;
    for (const AuditFinding &f : r.findings)
        findings.append(finding(f));
    return QJsonObject{
        {QStringLiteral("ok"), r.clean()},
        {QStringLiteral("findings"), findings},
        {QStringLiteral("accounts"), r.accounts},
        {QStringLiteral("transactions"), r.transactions},
        {QStringLiteral("legs"), r.legs},
        {QStringLiteral("inFlight"), r.inFlight},
        {QStringLiteral("balanceSum"), money::format(r.balanceSum, scale)},
        // Every transaction counted whole at its commit point: what conservation checks.
        {QStringLiteral("wholeBalanceSum"), money::format(r.wholeSum(), scale)},
        {QStringLiteral("committedInFlight"), QJsonArray::fromStringList(r.committedInFlight)},
    };
}

QJsonObject claim(const OperatorClaim &c)
{
    return QJsonObject{{QStringLiteral("id"), c.txId},
                       {QStringLiteral("by"), c.by},
                       {QStringLiteral("at"), timestamp(c.at)},
                       {QStringLiteral("note"), optionalText(c.text)}};
}

QJsonObject recoveryReport(const RecoveryReport &r)
{
    QJsonArray items;
    for (const RecoveredItem &i : r.items) {
        items.append(QJsonObject{
            {QStringLiteral("id"), i.id},
            {QStringLiteral("from"), nameOf(i.fromState)},
            {QStringLiteral("to"), i.toState ? QJsonValue(nameOf(*i.toState)) : QJsonValue()},
            {QStringLiteral("outcome"), nameOf(i.outcome)},
            {QStringLiteral("code"), i.code == ErrorCode::None ? QJsonValue() : QJsonValue(codeWord(i.code))},
            {QStringLiteral("message"), optionalText(i.message)},
        });
    }
    return QJsonObject{
        {QStringLiteral("candidates"), r.candidates},
        {QStringLiteral("done"), r.count(RecoveryOutcome::Done)},
        {QStringLiteral("canceled"), r.count(RecoveryOutcome::Canceled)},
        {QStringLiteral("moved"), r.count(RecoveryOutcome::Moved)},
        {QStringLiteral("failed"), r.count(RecoveryOutcome::Failed)},
        {QStringLiteral("interrupted"), r.count(RecoveryOutcome::Interrupted)},
        {QStringLiteral("passedOver"), r.passedOver},
        {QStringLiteral("items"), items},
    };
}

QJsonObject error(const Error &e)
{
    return QJsonObject{{QStringLiteral("code"), codeWord(e.code)}, {QStringLiteral("message"), e.message}};
}

} // namespace ledger::json
