#pragma once
// The legs of a transaction (DESIGN.md §1): how a request's legs are checked, the order they are
// held in, their reverse, their summary fields and their stored form. A two-account transfer is
// the case of one debit and one credit; everything here treats it like any other.
// Thread-safety: pure functions.

#include "ledger/documents.h"
#include "ledger/result.h"

#include <QStringList>
#include <optional>

namespace ledger {

// The legs of "move `amount` from `source` to `destination`": a debit, then a credit.
QList<TxLeg> twoLegs(const QString &source, const QString &destination, qint64 amount);
// True for exactly a debit then a credit: what a two-account transfer stores in its own columns.
bool isTwoAccountTransfer(const QList<TxLeg> &legs);

// The checks of a request's legs, in this order: 2 to kMaxLegs legs (invalid-argument), each
// account id well formed (invalid-account-id), each amount above zero (invalid-amount), no
// account twice (same-account), at least one debit and one credit and the debits' sum equal to
// the credits' sum without overflow (invalid-amount). `scale` formats amounts in messages.
Error checkLegs(const QList<TxLeg> &legs, int scale);

// The order the protocol holds, posts and voids legs in: debits before credits (a refusal for
// funds comes before anything is credited), each side by account id, so two transactions over
// the same accounts take them in the same order and cannot starve each other.
QList<TxLeg> protocolOrder(const QList<TxLeg> &legs);
// The compensation's legs: every leg with its side swapped, in the original's order.
QList<TxLeg> reversedLegs(const QList<TxLeg> &legs);
// Sets `tx.legs` and the summary fields (source, destination, amount) that follow from them.
void setLegs(Transaction &tx, QList<TxLeg> legs);
// The sum of one side's amounts (checked legs cannot overflow).
qint64 sideTotal(const QList<TxLeg> &legs, LegSide side);
// The accounts of every leg, or of one side's, in the legs' order.
QStringList accountsOf(const QList<TxLeg> &legs, std::optional<LegSide> side = std::nullopt);

// "alice -1.00, bob +0.97, fees +0.03": the legs for messages and the journal.
QString describeLegs(const QList<TxLeg> &legs, int scale);

// The stored form of a transaction's legs: "debit:alice:100 credit:bob:97 credit:fees:3"
// (amounts in minor units; ':' and ' ' never occur in account ids). nullopt when `text` is not
// that form — the caller says which document it came from.
QString legsText(const QList<TxLeg> &legs);
std::optional<QList<TxLeg>> legsFromText(const QString &text);

} // namespace ledger
