#pragma once
// Reading balances with every transaction counted whole at its commit point (DESIGN.md §2).
//
// The pattern writes one document at a time, so between a transaction's first and last post a
// reader of every account sees money missing. A transaction is committed once its document says
// applied or done, or once any of its legs is posted (a posted leg proves the commit point
// passed); the legs of a committed transaction that are not posted yet are counted as if they
// were, those of an uncommitted one are not counted at all. Then the balances sum to zero in every
// read, and every account shows what it will hold once its transactions are finished.
//
// On a sharded store each member's snapshot is its own, taken one after another: a leg may be
// seen posted on one shard while its document, on another, still says pending (or is not there
// yet). The rule above needs no common instant: a posted leg decides, and the legs not seen
// posted are taken from the document (read again after the snapshot when the snapshot did not see
// it; legs never change). Which transactions need looking at is bounded by a window of each
// member's own clock (CommitCandidates): every unfinished one, those done within the window, and
// those with a leg posted within it; anything older was finished before any snapshot was taken,
// as long as the snapshots are taken within the window of each other — checked, else store-busy.
// DynamoDB, which has no snapshot at all, finds them on the account items the reading reads
// instead (their held and recently posted markers: documentstore.h, docs/DESIGN.md §10).
//
// Threading: the caller's thread and Store.

#include "store/documentstore.h"

#include <QElapsedTimer>
#include <QHash>

namespace ledger {

// The rule, for one transaction: committed by its document's state (as a snapshot saw it; nullopt
// when it did not see the document) or by a posted leg.
bool isCommitted(std::optional<TxState> documentState, bool anyLegPosted);
// What a leg not posted yet adds to its account's balance once its transaction is committed.
inline qint64 unpostedEffect(const TxLeg &leg) { return leg.side == LegSide::Credit ? leg.amount : -leg.amount; }

class CommitPointReading {
public:
    // The window of CommitCandidates: generous, since it only bounds what is looked at.
    static constexpr qint64 kDefaultWindowMs = 60'000;

    // Construct right before the snapshot is taken: the window is measured from here.
    explicit CommitPointReading(qint64 windowMs = kDefaultWindowMs);

    // Inside the snapshot: the candidates and their markers. For every account: first thing in
    // it. For some accounts only (`accountIds`: a page, one account), after reading them in it,
    // so that a store which finds candidates on the accounts finds them on the very items read
    // (DocumentStore::commitCandidatesOn); the balances of other accounts are then not whole.
    Error readInSnapshot(DocumentStore &store);
    Error readInSnapshot(DocumentStore &store, const QList<Account> &accounts);
    // After the snapshot: the documents of candidates the snapshot did not see (their legs).
    Error completeAfterSnapshot(DocumentStore &store);

    // Per account: what to add to its posted balance to count every committed transaction whole.
    const QHash<QString, qint64> &adjustments() const { return m_adjustments; }
    // The committed transactions not yet posted everywhere, by id: what is in flight.
    const QStringList &committedInFlight() const { return m_inFlight; }

private:
    Error take(DocumentStore &store, const Result<CommitCandidates> &candidates);
    void compute();

    qint64 m_windowMs;
    QElapsedTimer m_started;
    QHash<QString, std::optional<TxState>> m_state;      // candidate → its state in the snapshot
    QHash<QString, QList<TxLeg>> m_legs;                 // candidate → its legs
    QHash<QString, QHash<QString, LegStatus>> m_markers; // candidate → account → marker status
    QHash<QString, qint64> m_adjustments;
    QStringList m_inFlight;
};

struct WholeBalance {
    QString accountId;
    qint64 posted = 0;  // the account document's balance
    qint64 balance = 0; // posted + the unposted legs of committed transactions
};

struct WholeBalances {
    QList<WholeBalance> accounts; // in the store's account order
    qint64 total = 0;             // Σ balance, @world included: zero
    QStringList inFlight;         // committed transactions not yet posted everywhere
};

// Every account's balance, read whole (see above). `shouldStop` as for the store's scans.
Result<WholeBalances> readWholeBalances(DocumentStore &store, const DocumentStore::StopCheck &shouldStop = {});

} // namespace ledger
