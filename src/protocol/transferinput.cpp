#include "protocol/transferinput.h"

#include "ledger/identifiers.h"
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
        c.destination = makeError(ErrorCode::SameAccount, Message::translate("ledger", "source and destination are both %1").arg(in.source));
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

} // namespace ledger
