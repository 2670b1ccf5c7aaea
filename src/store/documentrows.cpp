#include "store/documentrows.h"

#include "ledger/identifiers.h"

namespace ledger::rows {

namespace {

Error corrupt(const Message &what) { return makeError(ErrorCode::StoreCorrupt, what); }

} // namespace

Result<AccountStatus> accountStatus(const QString &word, const QString &accountId)
{
    if (auto status = accountStatusFromString(word))
        return *status;
    return corrupt(Message::translate("ledger", "account %1 has the status %2, which no ledger writes")
                       .arg(quoteForMessage(accountId, 80), quoteForMessage(word, 40)));
}

Result<LegSide> legSide(const QString &word, const QString &txId, const QString &accountId)
{
    if (auto side = legSideFromString(word))
        return *side;
    return corrupt(Message::translate("ledger", "the leg of %1 on account %2 has the side %3, which no ledger writes")
                       .arg(quoteForMessage(txId, 80), quoteForMessage(accountId, 80), quoteForMessage(word, 40)));
}

Result<LegStatus> legStatus(const QString &word, const QString &txId, const QString &accountId)
{
    if (auto status = legStatusFromString(word))
        return *status;
    return corrupt(Message::translate("ledger", "the leg of %1 on account %2 has the status %3, which no ledger writes")
                       .arg(quoteForMessage(txId, 80), quoteForMessage(accountId, 80), quoteForMessage(word, 40)));
}

Result<TxKind> txKind(const QString &word, const QString &txId)
{
    if (auto kind = txKindFromString(word))
        return *kind;
    return corrupt(Message::translate("ledger", "transaction %1 is of the kind %2, which no ledger writes")
                       .arg(quoteForMessage(txId, 80), quoteForMessage(word, 40)));
}

Result<DocKind> docKind(const QString &word, const QString &docId)
{
    if (auto kind = docKindFromString(word))
        return *kind;
    return corrupt(Message::translate("ledger", "a journal row of %1 is of the document kind %2, which no ledger writes")
                       .arg(quoteForMessage(docId, 80), quoteForMessage(word, 40)));
}

Result<TxState> txState(const QString &word, const QString &txId)
{
    if (auto state = txStateFromString(word))
        return *state;
    return corrupt(Message::translate("ledger", "transaction %1 is in the state %2, which no ledger writes")
                       .arg(quoteForMessage(txId, 80), quoteForMessage(word, 40)));
}

Error corruptLegs(const QString &txId)
{
    return corrupt(
        Message::translate("ledger", "transaction %1 has legs that do not balance or cannot be read").arg(quoteForMessage(txId, 80)));
}

} // namespace ledger::rows
