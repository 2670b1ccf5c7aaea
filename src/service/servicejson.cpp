#include "service/servicejson.h"

#include "service/jsonreader.h"

#include "ledger/money.h"

#include <QJsonArray>

namespace ledger::servicejson {

Result<Transaction> transaction(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("transaction"));
    Transaction t;
    t.id = r.text("id");
    t.idempotencyKey = r.text("idempotencyKey", true);
    t.kind = r.word<TxKind>("kind", txKindFromString);
    t.compensates = r.text("compensates", true);
    t.compensatedBy = r.text("compensatedBy", true);
    t.source = r.text("source");
    t.destination = r.text("destination");
    t.amount = r.amount("amount", scale);
    t.memo = r.text("memo");
    t.state = r.word<TxState>("state", txStateFromString);
    t.createdAt = r.time("createdAt");
    t.lastModified = r.time("lastModified");
    t.owner = r.text("owner", true);
    t.leaseUntil = r.time("leaseUntil");
    t.epoch = r.integer("epoch");
    t.lastError = r.text("lastError", true);
    t.attempts = int(r.integer("attempts"));
    for (const QJsonValue &v : r.array("entries")) {
        Reader e(v.toObject(), QStringLiteral("entry"));
        TxLeg leg;
        leg.accountId = e.text("accountId");
        leg.side = e.word<LegSide>("side", legSideFromString);
        leg.amount = e.amount("amount", scale);
        r.fail(e.error());
        t.legs << leg;
    }
    if (!r.error().ok())
        return r.error();
    return t;
}

Result<LegMarker> leg(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("leg"));
    LegMarker m;
    m.txId = r.text("txId");
    m.accountId = r.text("accountId");
    m.side = r.word<LegSide>("side", legSideFromString);
    m.amount = r.amount("amount", scale);
    m.status = r.word<LegStatus>("status", legStatusFromString);
    m.at = r.time("at");
    m.balanceAfter = r.optionalAmount("balanceAfter", scale);
    if (!r.error().ok())
        return r.error();
    return m;
}

Result<JournalEntry> journalEntry(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("journal entry"));
    JournalEntry j;
    j.seq = r.integer("seq");
    j.at = r.time("at");
    j.docKind = r.word<DocKind>("docKind", docKindFromString);
    j.docId = r.text("docId");
    j.actor = r.text("actor");
    j.worker = r.text("worker", true);
    j.event = r.text("event");
    j.fromState = r.text("fromState", true);
    j.toState = r.text("toState", true);
    j.epoch = r.integer("epoch");
    j.detail = r.text("detail", true);
    if (!r.error().ok())
        return r.error();
    return j;
}

Result<OperatorClaim> claim(const QJsonObject &o, const QString &txId)
{
    Reader r(o, QStringLiteral("claim"));
    OperatorClaim c;
    c.txId = txId;
    c.by = r.text("by");
    c.at = r.time("at", false);
    c.text = r.text("note", true);
    if (!r.error().ok())
        return r.error();
    return c;
}

Result<std::optional<OperatorClaim>> listedClaim(const QJsonObject &row, const QString &txId)
{
    if (!row.value(QStringLiteral("claimedBy")).isString())
        return std::optional<OperatorClaim>();
    auto c = claim(QJsonObject{{QStringLiteral("by"), row.value(QStringLiteral("claimedBy"))},
                               {QStringLiteral("at"), row.value(QStringLiteral("claimedAt"))},
                               {QStringLiteral("note"), row.value(QStringLiteral("claimNote"))}},
                   txId);
    if (!c.ok())
        return c.error();
    return std::optional<OperatorClaim>(*c);
}

Result<AccountCountedWhole> account(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("account"));
    AccountCountedWhole w;
    Account &a = w.account;
    a.id = r.text("id");
    a.name = r.text("name");
    a.status = r.word<AccountStatus>("status", accountStatusFromString);
    w.wholeBalance = r.amount("balance", scale);
    a.balance = r.amount("posted", scale);
    a.pendingDebits = r.amount("pendingDebits", scale);
    a.pendingCredits = r.amount("pendingCredits", scale);
    a.version = r.integer("version");
    a.createdAt = r.time("createdAt");
    a.lastModified = r.time("lastModified");
    if (!r.error().ok())
        return r.error();
    return w;
}

Result<AccountWithHolds> accountWithHolds(const QJsonObject &o, int scale)
{
    auto whole = account(o, scale);
    if (!whole.ok())
        return whole.error();
    Reader r(o, QStringLiteral("account"));
    AccountWithHolds a;
    a.account = *whole;
    a.held = each<LegMarker>(r, "held", [&](const QJsonObject &m) { return leg(m, scale); });
    if (!r.error().ok())
        return r.error();
    return a;
}

Result<TransactionDetail> transactionDetail(const QJsonObject &o, int scale)
{
    auto tx = transaction(o, scale);
    if (!tx.ok())
        return tx.error();
    Reader r(o, QStringLiteral("transaction"));
    TransactionDetail d;
    d.tx = *tx;
    d.legs = each<LegMarker>(r, "legs", [&](const QJsonObject &m) { return leg(m, scale); });
    d.journal = each<JournalEntry>(r, "journal", [](const QJsonObject &j) { return journalEntry(j); });
    d.now = r.time("now", false);
    if (o.value(QStringLiteral("claim")).isObject()) {
        auto c = claim(o.value(QStringLiteral("claim")).toObject(), d.tx.id);
        if (!c.ok())
            return c.error();
        d.claim = *c;
    }
    if (!r.error().ok())
        return r.error();
    return d;
}

Result<WholeBalances> balances(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("balances"));
    WholeBalances b;
    for (const QJsonValue &v : r.array("accounts")) {
        Reader a(v.toObject(), QStringLiteral("balance"));
        WholeBalance w;
        w.accountId = a.text("id");
        w.balance = a.amount("balance", scale);
        w.posted = a.amount("posted", scale);
        r.fail(a.error());
        b.accounts << w;
    }
    b.total = r.amount("total", scale);
    b.inFlight = r.texts("inFlight");
    if (!r.error().ok())
        return r.error();
    return b;
}

Result<AuditReport> auditReport(const QJsonObject &o, int scale)
{
    Reader r(o, QStringLiteral("audit"));
    AuditReport a;
    for (const QJsonValue &v : r.array("findings")) {
        Reader f(v.toObject(), QStringLiteral("finding"));
        AuditFinding finding;
        finding.invariant = int(f.integer("invariant"));
        finding.code = f.text("code");
        finding.message = f.text("message");
        finding.ids = f.texts("ids");
        finding.transactions = f.texts("transactions");
        finding.accounts = f.texts("accounts");
        r.fail(f.error());
        a.findings << finding;
    }
    a.accounts = r.integer("accounts");
    a.transactions = r.integer("transactions");
    a.legs = r.integer("legs");
    a.inFlight = r.integer("inFlight");
    a.balanceSum = r.amount("balanceSum", scale);
    a.halfPostedAdjust = r.amount("wholeBalanceSum", scale) - a.balanceSum;
    a.committedInFlight = r.texts("committedInFlight");
    if (!r.error().ok())
        return r.error();
    return a;
}

namespace {

std::optional<RecoveryOutcome> recoveryOutcomeFromString(QStringView word)
{
    for (RecoveryOutcome o :
         {RecoveryOutcome::Done, RecoveryOutcome::Canceled, RecoveryOutcome::Moved, RecoveryOutcome::Failed, RecoveryOutcome::Interrupted})
        if (nameOf(o) == word)
            return o;
    return std::nullopt;
}

std::optional<ErrorCode> errorCodeFromString(QStringView word)
{
    const ErrorCode code = errorCodeFromWord(word.toString());
    return code == ErrorCode::None ? std::nullopt : std::optional<ErrorCode>(code);
}

} // namespace

Result<RecoveryReport> recoveryReport(const QJsonObject &o)
{
    Reader r(o, QStringLiteral("recovery report"));
    RecoveryReport report;
    report.candidates = r.integer("candidates");
    report.passedOver = r.integer("passedOver");
    // The counts by outcome, each under its word: a table, as json::recoveryReport writes them.
    for (RecoveryOutcome outcome : {RecoveryOutcome::Done, RecoveryOutcome::Canceled, RecoveryOutcome::Moved, RecoveryOutcome::Failed,
                                    RecoveryOutcome::Interrupted}) {
        const qint64 n = r.integer(nameOf(outcome).toLatin1().constData());
        if (n != 0)
            report.counts.insert(outcome, n);
    }
    for (const QJsonValue &v : r.array("items")) {
        Reader i(v.toObject(), QStringLiteral("recovered item"));
        RecoveredItem item;
        item.id = i.text("id");
        item.fromState = i.word<TxState>("from", txStateFromString);
        if (!i.text("to", true).isEmpty())
            item.toState = i.word<TxState>("to", txStateFromString);
        item.outcome = i.word<RecoveryOutcome>("outcome", recoveryOutcomeFromString);
        if (!i.text("code", true).isEmpty())
            item.code = i.word<ErrorCode>("code", errorCodeFromString);
        item.message = i.text("message", true);
        r.fail(i.error());
        report.items << item;
    }
    if (!r.error().ok())
        return r.error();
    return report;
}

Result<RecoverRun> recoverRun(const QJsonObject &o)
{
    auto report = recoveryReport(o);
    if (!report.ok())
        return report.error();
    RecoverRun run;
    run.report = *report;
    Reader r(o, QStringLiteral("recovery report"));
    run.report.notStarted = r.integer("notStarted");
    for (const QJsonValue &v : r.array("passedOverClaimed")) {
        const QJsonObject c = v.toObject();
        auto claimed = claim(c, Reader(c, QStringLiteral("claim")).text("id"));
        if (!claimed.ok())
            r.fail(claimed.error());
        else
            run.passedOverClaimed << *claimed;
    }
    if (!r.error().ok())
        return r.error();
    return run;
}

Error problem(const QJsonObject &o, int httpStatus)
{
    const QString word = o.value(QStringLiteral("code")).toString();
    const QString detail = o.value(QStringLiteral("detail")).toString();
    ErrorCode code = errorCodeFromWord(word);
    // The HTTP layer's own words that are no ledger error: a client sent too much, too fast.
    if (code == ErrorCode::None)
        code = httpStatus == 503 ? ErrorCode::ServiceUnavailable : httpStatus >= 500 ? ErrorCode::Internal : ErrorCode::InvalidArgument;
    const QString message = detail.isEmpty() ? QStringLiteral("the ledger service answered HTTP %1").arg(httpStatus) : detail;
    return makeError(code, word.isEmpty() || errorCodeFromWord(word) != ErrorCode::None
                               ? message
                               : QStringLiteral("%1 (the service's word: %2)").arg(message, word));
}

} // namespace ledger::servicejson
