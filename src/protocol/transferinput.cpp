#include "protocol/transferinput.h"

#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"

namespace ledger {

Error TransferInputCheck::first() const
{
    for (const Error *e : {&source, &destination, &amount, &memo, &key}) {
        if (!e->ok())
            return *e;
    }
    return {};
}

TransferInputCheck checkTransferInput(const TransferInput &in, std::optional<int> scale)
{
    TransferInputCheck c;
    c.source = checkAccountId(in.source, QT_TRANSLATE_NOOP("ledger", "source account id"));
    c.destination = checkAccountId(in.destination, QT_TRANSLATE_NOOP("ledger", "destination account id"));
    if (c.source.ok() && c.destination.ok() && in.source == in.destination)
        c.destination =
            makeError(ErrorCode::SameAccount, Message::translate("ledger", "source and destination are both %1").arg(in.source));
    qint64 minor = 0;
    if (scale) {
        auto parsed = money::parse(in.amount, *scale);
        if (parsed.ok())
            minor = *parsed;
        else
            c.amount = parsed.error();
    } else {
        c.amount = money::checkSyntax(in.amount);
    }
    c.memo = checkText(in.memo, QT_TRANSLATE_NOOP("ledger", "memo"), kMaxMemoLength, true);
    if (in.key)
        c.key = checkIdempotencyKey(*in.key);
    if (scale && c.first().ok())
        c.request = TransferRequest{in.source, in.destination, minor, in.memo, in.key.value_or(QString())};
    return c;
}

Error LegsInputCheck::first() const
{
    for (const Error &e : legs) {
        if (!e.ok())
            return e;
    }
    for (const Error *e : {&balance, &memo, &key}) {
        if (!e->ok())
            return *e;
    }
    return {};
}

Result<LegInput> parseLegArgument(const QString &text, LegSide side)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon < 0)
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "--%1 takes ACCOUNT:AMOUNT, e.g. alice:12.34, not %2")
                             .arg(side == LegSide::Debit ? QStringLiteral("from") : QStringLiteral("to"), quoteForMessage(text)));
    return LegInput{side, text.left(colon), text.mid(colon + 1)};
}

LegsInputCheck checkLegsInput(const LegsInput &in, std::optional<int> scale)
{
    LegsInputCheck c;
    QList<TxLeg> legs;
    for (const LegInput &leg : in.legs) {
        Error e = checkAccountId(leg.account, leg.side == LegSide::Debit ? QT_TRANSLATE_NOOP("ledger", "source account id")
                                                                         : QT_TRANSLATE_NOOP("ledger", "destination account id"));
        qint64 minor = 0;
        if (e.ok()) {
            if (scale) {
                auto parsed = money::parse(leg.amount, *scale);
                if (parsed.ok())
                    minor = *parsed;
                else
                    e = parsed.error();
            } else {
                e = money::checkSyntax(leg.amount);
            }
        }
        c.legs << e;
        legs << TxLeg{leg.account, leg.side, minor};
    }
    c.memo = checkText(in.memo, QT_TRANSLATE_NOOP("ledger", "memo"), kMaxMemoLength, true);
    if (in.key)
        c.key = checkIdempotencyKey(*in.key);
    if (!scale)
        return c;
    if (c.first().ok())
        c.balance = checkLegs(legs, *scale);
    if (c.first().ok()) {
        TransferRequest r;
        r.legs = legs;
        r.memo = in.memo;
        r.idempotencyKey = in.key.value_or(QString());
        c.request = r;
    }
    return c;
}

} // namespace ledger
