#pragma once
// The guided repair's words: what a stuck transaction's state means, how old it is, who owns it
// and whether that owner's lease ran out, which legs are held, and which action is recommended
// with its consequences; and after a repair, the check that it really finished with no hold left.
//
// Threading: runs on the caller's thread with the caller's Store (a worker thread in the GUI).

#include "ledger/remarks.h"
#include "ledger/statemachine.h"
#include "store/store.h"

namespace ledger {

struct Diagnosis {
    Transaction tx;
    QList<LegMarker> legs;
    QDateTime now;     // the store's clock when diagnosed
    qint64 ageMs = 0;  // since created
    qint64 idleMs = 0; // since last modified
    bool leaseExpired = false;
    bool stuck = false; // non-terminal and (lease expired or idle past the threshold)
    QString state;      // what the state means, in plain words
    QString owner;      // who owns it and whether that still holds
    QString legsText;   // which legs are held, posted, voided, or not there yet
    std::optional<OperatorAction> recommended;
    QString recommendation; // the recommended action and its consequences
    QList<OperatorAction> allowed;
    // An operator's claim standing on it (ledger/remarks.h): whom to speak to before repairing.
    std::optional<OperatorClaim> claim;
};

Result<Diagnosis> diagnose(Store &store, const QString &txId, qint64 stuckThresholdMs);
// The same from what was read (one snapshot: a transaction's detail, here or through ledgerd), so
// that its words are the reader's language wherever the ledger is.
Diagnosis diagnosisOf(const Transaction &tx, const QList<LegMarker> &legs, const QDateTime &now, const std::optional<OperatorClaim> &claim,
                      qint64 stuckThresholdMs, int scale);

struct Verification {
    Error error; // the check itself could not run
    bool ok = false;
    QString message; // what was checked, and what is wrong if anything
};

// Finished (done or canceled), no held leg left, and the legs agree with the state.
Verification verifyFinished(Store &store, const QString &txId);
Verification verificationOf(const Transaction &tx, const QList<LegMarker> &legs, int scale);

} // namespace ledger
