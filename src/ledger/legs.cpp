#include "ledger/legs.h"

#include "ledger/identifiers.h"
#include "ledger/money.h"

#include <QSet>
#include <algorithm>

namespace ledger {

QList<TxLeg> twoLegs(const QString &source, const QString &destination, qint64 amount)
{
    return {TxLeg{source, LegSide::Debit, amount}, TxLeg{destination, LegSide::Credit, amount}};
}

bool isTwoAccountTransfer(const QList<TxLeg> &legs)
{
    return legs.size() == 2 && legs[0].side == LegSide::Debit && legs[1].side == LegSide::Credit && legs[0].amount == legs[1].amount;
}

Error checkLegs(const QList<TxLeg> &legs, int scale)
{
    if (legs.size() < 2 || legs.size() > kMaxLegs)
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "a transaction has from 2 to %1 legs, not %2").arg(kMaxLegs).arg(legs.size()));
    for (const TxLeg &leg : legs) {
        if (Error e = checkAccountId(leg.accountId, leg.side == LegSide::Debit ? QT_TRANSLATE_NOOP("ledger", "source account id")
                                                                               : QT_TRANSLATE_NOOP("ledger", "destination account id"));
            !e.ok())
            return e;
    }
    for (const TxLeg &leg : legs) {
        if (leg.amount <= 0)
            return makeError(ErrorCode::InvalidAmount,
                             Message::translate("ledger", "the amount of %1's leg must be greater than zero").arg(leg.accountId));
    }
    QSet<QString> seen;
    for (const TxLeg &leg : legs) {
        if (seen.contains(leg.accountId))
            return makeError(ErrorCode::SameAccount,
                             Message::translate("ledger", "%1 has two legs; each leg needs an account of its own").arg(leg.accountId));
        seen.insert(leg.accountId);
    }
    qint64 debits = 0;
    qint64 credits = 0;
    for (const TxLeg &leg : legs) {
        qint64 &sum = leg.side == LegSide::Debit ? debits : credits;
        if (sum > std::numeric_limits<qint64>::max() - leg.amount)
            return makeError(ErrorCode::InvalidAmount, Message::translate("ledger", "the legs add up to more than the largest amount"));
        sum += leg.amount;
    }
    if (debits == 0 || credits == 0)
        return makeError(ErrorCode::InvalidAmount, Message::translate("ledger", "a transaction needs at least one debit and one credit"));
    if (debits != credits)
        return makeError(ErrorCode::InvalidAmount, Message::translate("ledger", "the debits add up to %1 and the credits to %2: "
                                                                                "a transaction must balance")
                                                       .arg(money::format(debits, scale), money::format(credits, scale)));
    return {};
}

QList<TxLeg> protocolOrder(const QList<TxLeg> &legs)
{
    QList<TxLeg> ordered = legs;
    std::stable_sort(ordered.begin(), ordered.end(), [](const TxLeg &a, const TxLeg &b) {
        if (a.side != b.side)
            return a.side == LegSide::Debit;
        return a.accountId < b.accountId;
    });
    return ordered;
}

QList<TxLeg> reversedLegs(const QList<TxLeg> &legs)
{
    QList<TxLeg> reversed = legs;
    for (TxLeg &leg : reversed)
        leg.side = leg.side == LegSide::Debit ? LegSide::Credit : LegSide::Debit;
    // A two-account transfer's reverse is again "debit, credit" (source and destination swap).
    if (reversed.size() == 2 && reversed[0].side == LegSide::Credit && reversed[1].side == LegSide::Debit)
        std::swap(reversed[0], reversed[1]);
    return reversed;
}

qint64 sideTotal(const QList<TxLeg> &legs, LegSide side)
{
    qint64 total = 0;
    for (const TxLeg &leg : legs) {
        if (leg.side == side)
            total += leg.amount;
    }
    return total;
}

QStringList accountsOf(const QList<TxLeg> &legs, std::optional<LegSide> side)
{
    QStringList ids;
    for (const TxLeg &leg : legs) {
        if (!side || leg.side == *side)
            ids << leg.accountId;
    }
    return ids;
}

void setLegs(Transaction &tx, QList<TxLeg> legs)
{
    tx.legs = std::move(legs);
    tx.source.clear();
    tx.destination.clear();
    for (const TxLeg &leg : tx.legs) {
        QString &first = leg.side == LegSide::Debit ? tx.source : tx.destination;
        if (first.isEmpty())
            first = leg.accountId;
    }
    tx.amount = sideTotal(tx.legs, LegSide::Debit);
}

std::optional<TxLeg> Transaction::legOn(const QString &accountId) const
{
    for (const TxLeg &leg : legs) {
        if (leg.accountId == accountId)
            return leg;
    }
    return std::nullopt;
}

QString describeLegs(const QList<TxLeg> &legs, int scale)
{
    QStringList parts;
    for (const TxLeg &leg : legs)
        parts << QStringLiteral("%1 %2%3").arg(leg.accountId, leg.side == LegSide::Debit ? QStringLiteral("-") : QStringLiteral("+"),
                                               money::format(leg.amount, scale));
    return parts.join(QStringLiteral(", "));
}

QString legsText(const QList<TxLeg> &legs)
{
    QStringList parts;
    for (const TxLeg &leg : legs)
        parts << QStringLiteral("%1:%2:%3").arg(nameOf(leg.side), leg.accountId).arg(leg.amount);
    return parts.join(QLatin1Char(' '));
}

std::optional<QList<TxLeg>> legsFromText(const QString &text)
{
    QList<TxLeg> legs;
    for (const QString &part : text.split(QLatin1Char(' '))) {
        const QStringList fields = part.split(QLatin1Char(':'));
        if (fields.size() != 3)
            return std::nullopt;
        auto side = legSideFromString(fields[0]);
        bool ok = false;
        const qint64 amount = fields[2].toLongLong(&ok);
        if (!side || !ok || fields[1].isEmpty())
            return std::nullopt;
        legs << TxLeg{fields[1], *side, amount};
    }
    if (!checkLegs(legs, 0).ok())
        return std::nullopt;
    return legs;
}

} // namespace ledger
