#include "protocol/commitpoint.h"

#include <algorithm>

namespace ledger {

bool isCommitted(std::optional<TxState> documentState, bool anyLegPosted)
{
    return anyLegPosted || documentState == TxState::Applied || documentState == TxState::Done;
}

CommitPointReading::CommitPointReading(qint64 windowMs)
    : m_windowMs(windowMs)
{
    m_started.start();
}

Error CommitPointReading::readInSnapshot(DocumentStore &store) { return take(store, store.commitCandidates(m_windowMs)); }

Error CommitPointReading::readInSnapshot(DocumentStore &store, const QList<Account> &accounts)
{
    QStringList ids;
    ids.reserve(accounts.size());
    for (const Account &a : accounts)
        ids << a.id;
    return take(store, store.commitCandidatesOn(m_windowMs, ids));
}

Error CommitPointReading::take(DocumentStore &store, const Result<CommitCandidates> &candidates)
{
    if (!candidates.ok())
        return candidates.error();
    // The bound on what is looked at holds only if every member's snapshot was taken within the
    // window of this read (DESIGN.md §2); a store that slow is better read again.
    if (m_started.elapsed() > m_windowMs / 2)
        return makeError(ErrorCode::StoreBusy, Message::translate("ledger", "taking the store's snapshots took %1 s, too long to count "
                                                                            "transactions whole; try again")
                                                   .arg(m_started.elapsed() / 1000));
    for (const Transaction &t : std::as_const(candidates->transactions)) {
        m_state.insert(t.id, t.state);
        m_legs.insert(t.id, t.legs);
    }
    for (const LegMarker &m : std::as_const(candidates->recentlyPosted)) {
        if (!m_state.contains(m.txId))
            m_state.insert(m.txId, std::nullopt);
    }
    auto markers = store.legsOfTransactions(m_state.keys());
    if (!markers.ok())
        return markers.error();
    for (const LegMarker &m : std::as_const(*markers))
        m_markers[m.txId].insert(m.accountId, m.status);
    return {};
}

Error CommitPointReading::completeAfterSnapshot(DocumentStore &store)
{
    for (auto it = m_state.cbegin(); it != m_state.cend(); ++it) {
        if (m_legs.contains(it.key()))
            continue;
        // Seen only by a posted leg: the document came after its shard's snapshot. Its legs are
        // what we need, and they never change.
        auto legs = store.transactionLegs(it.key());
        if (!legs.ok())
            return legs.error();
        m_legs.insert(it.key(), *legs);
    }
    compute();
    return {};
}

void CommitPointReading::compute()
{
    m_adjustments.clear();
    m_inFlight.clear();
    for (auto it = m_state.cbegin(); it != m_state.cend(); ++it) {
        const QHash<QString, LegStatus> markers = m_markers.value(it.key());
        const bool anyPosted = std::any_of(markers.cbegin(), markers.cend(), [](LegStatus s) { return s == LegStatus::Posted; });
        if (!isCommitted(it.value(), anyPosted))
            continue;
        bool whole = true;
        for (const TxLeg &leg : m_legs.value(it.key())) {
            const auto marker = markers.constFind(leg.accountId);
            if (marker != markers.cend() && *marker == LegStatus::Posted)
                continue;
            m_adjustments[leg.accountId] += unpostedEffect(leg);
            whole = false;
        }
        if (!whole)
            m_inFlight << it.key();
    }
    m_inFlight.sort();
}

Result<WholeBalances> readWholeBalances(DocumentStore &store, const DocumentStore::StopCheck &shouldStop)
{
    WholeBalances w;
    CommitPointReading reading;
    const Error e = store.withSnapshot([&]() -> Error {
        if (Error e = reading.readInSnapshot(store); !e.ok())
            return e;
        return store.scanAccounts([&](const Account &a) { w.accounts << WholeBalance{a.id, a.balance, a.balance}; }, shouldStop);
    });
    if (!e.ok())
        return e;
    if (shouldStop && shouldStop())
        return makeError(ErrorCode::Interrupted, Message::translate("ledger", "the reading was stopped before the end"));
    if (Error e = reading.completeAfterSnapshot(store); !e.ok())
        return e;
    for (WholeBalance &b : w.accounts) {
        b.balance += reading.adjustments().value(b.accountId);
        w.total += b.balance;
    }
    w.inFlight = reading.committedInFlight();
    return w;
}

} // namespace ledger
