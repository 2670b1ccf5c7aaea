#include "ledger/identifiers.h"

#include <QDateTime>
#include <QRandomGenerator>

namespace ledger {

namespace {

bool isIdChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '.' || u == '_' || u == '-';
}

// What is checked, named in the message only when there is an error to report.
struct Role {
    const char *source = nullptr; // marked with QT_TRANSLATE_NOOP("ledger", ...)
    QString same;                 // else a name that reads the same in every language

    Message message() const { return source ? Message::translate("ledger", source) : Message(same); }
};

Message describeChar(QChar c)
{
    const QString code = QStringLiteral("U+%1").arg(c.unicode(), 4, 16, QLatin1Char('0')).toUpper();
    if (c == QChar(0xFFFD))
        return Message::translate("ledger", "a byte that is not UTF-8");
    // A tab or a line break is a control character, not "a space" (a memo with a tab was refused
    // for "a space", which it plainly may contain).
    if (c.category() == QChar::Other_Control)
        return Message::translate("ledger", "a control character (%1)").arg(code);
    if (c.isSpace())
        return Message::translate("ledger", "a space (%1)").arg(code);
    if (!c.isPrint())
        return Message::translate("ledger", "a control character (%1)").arg(code);
    return Message(QStringLiteral("'%1' (%2)").arg(c).arg(code));
}

Error checkIdChars(QStringView id, const Role &role, ErrorCode code, int maxLength)
{
    if (id.isEmpty())
        return makeError(code, Message::translate("ledger", "%1 is empty").arg(role.message()));
    if (id.size() > maxLength)
        return makeError(code, Message::translate("ledger", "%1 %2 is %3 characters long; the limit is %4")
                                   .arg(role.message(), Message(quoteForMessage(id)))
                                   .arg(id.size())
                                   .arg(maxLength));
    for (qsizetype i = 0; i < id.size(); ++i) {
        if (!isIdChar(id[i]))
            return makeError(code, Message::translate("ledger", "%1 %2 contains %3 at position %4; use letters, digits, '.', '_' and '-'")
                                       .arg(role.message(), Message(quoteForMessage(id)), describeChar(id[i]))
                                       .arg(i + 1));
    }
    return {};
}

} // namespace

QString quoteForMessage(QStringView text, int maxShown)
{
    QString shown;
    for (QChar c : text.left(maxShown)) {
        if (c == QChar(0xFFFD) || !c.isPrint())
            shown += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            shown += c;
    }
    if (text.size() > maxShown)
        shown += QStringLiteral("…");
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

Error checkNewAccountId(QStringView id)
{
    if (id == kWorldAccount)
        return makeError(ErrorCode::SystemAccount, Message::translate("ledger", "@world is the system account; it exists in every store"));
    return checkIdChars(id, Role{QT_TRANSLATE_NOOP("ledger", "account id"), {}}, ErrorCode::InvalidAccountId, kMaxAccountIdLength);
}

Error checkAccountId(QStringView id) { return checkAccountId(id, QT_TRANSLATE_NOOP("ledger", "account id")); }

Error checkAccountId(QStringView id, const char *role)
{
    if (id == kWorldAccount)
        return {};
    return checkIdChars(id, Role{role, {}}, ErrorCode::InvalidAccountId, kMaxAccountIdLength);
}

Error checkAccountId(QStringView id, const QString &role)
{
    if (id == kWorldAccount)
        return {};
    return checkIdChars(id, Role{nullptr, role}, ErrorCode::InvalidAccountId, kMaxAccountIdLength);
}

Error checkTxId(QStringView id)
{
    return checkIdChars(id, Role{QT_TRANSLATE_NOOP("ledger", "transaction id"), {}}, ErrorCode::InvalidTxId, kMaxTxIdLength);
}

Error checkIdempotencyKey(QStringView key)
{
    if (key.isEmpty())
        return makeError(ErrorCode::InvalidKey, Message::translate("ledger", "idempotency key is empty"));
    if (key.size() > kMaxKeyLength)
        return makeError(
            ErrorCode::InvalidKey,
            Message::translate("ledger", "idempotency key is %1 characters long; the limit is %2").arg(key.size()).arg(kMaxKeyLength));
    for (QChar c : key) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return makeError(ErrorCode::InvalidKey,
                             Message::translate("ledger", "idempotency key %1 contains %2; use printable ASCII without spaces")
                                 .arg(Message(quoteForMessage(key)), describeChar(c)));
    }
    return {};
}

namespace {

Error checkTextAs(QStringView text, const Role &what, int maxLength, bool allowEmpty)
{
    // The length first, as every check of what a client sends: nothing below looks at more.
    if (text.size() > maxLength)
        return makeError(
            ErrorCode::InvalidText,
            Message::translate("ledger", "%1 is %2 characters long; the limit is %3").arg(what.message()).arg(text.size()).arg(maxLength));
    if (!allowEmpty && text.trimmed().isEmpty())
        return makeError(ErrorCode::InvalidText, Message::translate("ledger", "%1 is empty").arg(what.message()));
    for (QChar c : text) {
        if (c == QChar(0xFFFD) || (!c.isPrint() && c != QLatin1Char(' ')))
            return makeError(
                ErrorCode::InvalidText,
                Message::translate("ledger", "%1 %2 contains %3").arg(what.message(), Message(quoteForMessage(text)), describeChar(c)));
    }
    return {};
}

} // namespace

Error checkText(QStringView text, const char *what, int maxLength, bool allowEmpty)
{
    return checkTextAs(text, Role{what, {}}, maxLength, allowEmpty);
}

Error checkText(QStringView text, const QString &what, int maxLength, bool allowEmpty)
{
    return checkTextAs(text, Role{nullptr, what}, maxLength, allowEmpty);
}

QString newTransactionId()
{
    // ULID layout: 48 bits of milliseconds then 80 random bits, in Crockford base32. The time
    // prefix only orders ids for humans; uniqueness comes from the random part and the store's
    // primary key (an insert that collides is retried with a fresh id).
    static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const quint64 ms = quint64(QDateTime::currentMSecsSinceEpoch());
    QString id = QStringLiteral("tx-");
    id.reserve(29);
    for (int shift = 45; shift >= 0; shift -= 5)
        id += QLatin1Char(alphabet[(ms >> shift) & 31]);
    auto *rng = QRandomGenerator::system();
    const quint64 high = rng->generate64();
    const quint32 low = rng->generate();
    // 80 bits: 64 from `high`, 16 from `low`; 16 characters of 5 bits.
    for (int i = 0; i < 12; ++i)
        id += QLatin1Char(alphabet[(high >> (59 - 5 * i)) & 31]);
    const quint32 tail = ((quint32(high) & 0xF) << 16) | (low & 0xFFFF);
    for (int shift = 15; shift >= 0; shift -= 5)
        id += QLatin1Char(alphabet[(tail >> shift) & 31]);
    return id;
}

QString compensationId(const QString &originalId, int attempt)
{
    Q_ASSERT(attempt >= 1);
    return attempt == 1 ? originalId + QStringLiteral(".rev") : originalId + QStringLiteral(".rev") + QString::number(attempt);
}

int compensationAttempt(const QString &originalId, const QString &id)
{
    const QString prefix = originalId + QStringLiteral(".rev");
    if (!id.startsWith(prefix))
        return 0;
    const QStringView rest = QStringView(id).mid(prefix.size());
    if (rest.isEmpty())
        return 1;
    bool ok = false;
    const int n = rest.toInt(&ok);
    return ok && n >= 2 && QString::number(n) == rest ? n : 0;
}

} // namespace ledger
