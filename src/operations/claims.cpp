#include "operations/claims.h"

#include "ledger/message.h"
#include "operations/requestreplay.h"

#include <QCoreApplication>
#include <QSet>
#include <algorithm>

namespace ledger {

Result<QHash<QString, OperatorClaim>> readClaimsOn(StoreQueries &store, const QList<Transaction> &transactions)
{
    QStringList ids;
    QSet<QString> seen;
    for (const Transaction &tx : transactions) {
        if (!isTerminal(tx.state) && !seen.contains(tx.id)) {
            seen.insert(tx.id);
            ids << tx.id;
        }
    }
    // A query per chunk of ids: a list of thousands (a sweep over a backlog) would pass the
    // number of parameters a statement may bind (SQLite 32,766).
    constexpr qsizetype kIdsPerQuery = 500;
    QList<JournalEntry> inOrder;
    for (qsizetype from = 0; from < ids.size(); from += kIdsPerQuery) {
        JournalQuery q;
        q.docIds = ids.mid(from, kIdsPerQuery);
        q.events = {eventOf(Remark::Claim), eventOf(Remark::Release)};
        q.docKind = DocKind::Transaction;
        auto rows = store.journalEntries(q);
        if (!rows.ok())
            return rows.error();
        inOrder += *rows;
    }
    if (inOrder.isEmpty())
        return QHash<QString, OperatorClaim>();
    // Folded per transaction in its journal's own order (seq: its rows are on one shard and in
    // commit order there), whatever order the listing has across documents (time).
    std::stable_sort(inOrder.begin(), inOrder.end(),
                     [](const JournalEntry &a, const JournalEntry &b) { return a.docId != b.docId ? a.docId < b.docId : a.seq < b.seq; });
    return unreleasedClaims(inOrder);
}

std::optional<OperatorClaim> claimOn(const Transaction &tx, const QHash<QString, OperatorClaim> &claims)
{
    if (isTerminal(tx.state) || !claims.contains(tx.id))
        return std::nullopt;
    return claims.value(tx.id);
}

Result<ClaimSplit> splitByClaims(StoreQueries &store, const QList<Transaction> &candidates, const QDateTime &now, const ClaimHolds &holds)
{
    auto claims = readClaimsOn(store, candidates);
    if (!claims.ok())
        return claims.error();
    ClaimSplit split;
    for (const Transaction &tx : candidates) {
        const auto claim = claimOn(tx, *claims);
        if (claim && holds(tx, *claim, now))
            split.passedOver << *claim;
        else
            split.free << tx;
    }
    return split;
}

Result<ClaimSplit> splitByClaims(Store &store, const QList<Transaction> &candidates, const ClaimHolds &holds)
{
    auto now = store.now();
    if (!now.ok())
        return now.error();
    return splitByClaims(store, candidates, *now, holds);
}

std::function<Result<std::optional<QString>>(const Transaction &, const QDateTime &now)> claimsHoldOffRetries(StoreQueries &store)
{
    return [&store](const Transaction &tx, const QDateTime &now) -> Result<std::optional<QString>> {
        auto split = splitByClaims(store, {tx}, now, claimHoldsOff);
        if (!split.ok())
            return split.error();
        if (split->passedOver.isEmpty())
            return std::optional<QString>();
        const OperatorClaim &claim = split->passedOver.first();
        return std::optional<QString>(QCoreApplication::translate("ledger", "claimed by %1 since %2: left %3 for them to resume or cancel; "
                                                                            "ask again later")
                                          .arg(claim.by, claim.at.toUTC().toString(Qt::ISODate), nameOf(tx.state)));
    };
}

Result<RemarkOutcome> addRemarkOn(Store &store, const QString &txId, Remark remark, const Acting &by, const QString &text)
{
    if (Error e = checkRemark(remark, text); !e.ok())
        return e;
    auto tx = store.transaction(txId);
    if (!tx.ok())
        return tx.error();
    auto journal = store.journal(DocKind::Transaction, txId);
    if (!journal.ok())
        return journal.error();
    RemarkOutcome outcome;
    outcome.tx = *tx;
    // Asked again (operations/requestreplay.h): the row its first asking wrote, and the claim that
    // stood before it, as the first answer said.
    auto asked = rowOfRequest(*journal, by, {eventOf(remark)});
    if (!asked.ok())
        return asked.error();
    if (*asked) {
        QList<JournalEntry> before;
        for (const JournalEntry &row : *journal)
            if (row.seq < (*asked)->seq)
                before << row;
        outcome.entry = **asked;
        outcome.before = standingClaim(*tx, before);
        return outcome;
    }
    outcome.before = standingClaim(*tx, *journal);
    if (remark == Remark::Claim && isTerminal(tx->state))
        return makeError(ErrorCode::InvalidState,
                         Message::translate("ledger", "%1 is %2: it has finished, there is nothing to be on").arg(txId, nameOf(tx->state)));
    if (remark == Remark::Release && !outcome.before)
        return makeError(ErrorCode::InvalidState, Message::translate("ledger", "nobody has claimed %1").arg(txId));
    auto written = store.addRemark(txId, remark, by, text);
    if (!written.ok())
        return written.error();
    outcome.entry = *written;
    return outcome;
}

} // namespace ledger
