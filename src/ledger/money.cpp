#include "ledger/money.h"

#include "ledger/identifiers.h"

#include <algorithm>
#include <limits>

namespace ledger::money {

namespace {

quint64 powerOfTen(int scale)
{
    quint64 p = 1;
    for (int i = 0; i < scale; ++i)
        p *= 10;
    return p;
}

Error invalid(const Message &message) { return makeError(ErrorCode::InvalidAmount, message); }

bool isAsciiDigit(QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); }

bool isGroupingMark(QChar c)
{
    // Comma, apostrophe, underscore and the various spaces people type between thousands.
    return c == QLatin1Char(',') || c == QLatin1Char('\'') || c == QLatin1Char('_') || c == QChar(0x2019) || c == QChar(0x066C)
        || c == QChar(0xFF0C);
}

} // namespace

bool isValidScale(int scale) { return scale >= 0 && scale <= kMaxScale; }

Error checkSyntax(QStringView text, Zero zero)
{
    if (text.isEmpty())
        return invalid(Message::translate("ledger", "amount is empty; write it like 12.34"));
    // First, before anything looks at the characters: every check below is linear, and this
    // bounds what linear costs.
    if (text.size() > kMaxAmountLength)
        return invalid(
            Message::translate("ledger", "amount is %1 characters long; the limit is %2").arg(text.size()).arg(kMaxAmountLength));

    const QChar first = text.front();
    if (first == QLatin1Char('-') || first == QLatin1Char('+') || first == QChar(0x2212))
        return invalid(
            Message::translate("ledger", "amount %1 has a sign; amounts are always positive, write 12.34").arg(quoteForMessage(text)));

    // What the per-character checks ask of the whole text, counted once (asked per character,
    // they made refusing an amount quadratic in its length).
    const qsizetype firstComma = text.indexOf(QLatin1Char(','));
    const bool hasPoint = text.contains(QLatin1Char('.'));
    const qsizetype commas = text.count(QLatin1Char(','));
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isSpace())
            return invalid(Message::translate("ledger", "amount %1 contains white space").arg(quoteForMessage(text)));
        // "1,50": one comma, no point, and not three digits after it is a decimal comma (as much
        // of Europe writes), not thousands.
        const qsizetype afterComma = text.size() - firstComma - 1;
        if (c == QLatin1Char(',') && !hasPoint && commas == 1 && firstComma > 0 && afterComma != 3 && afterComma > 0)
            return invalid(Message::translate("ledger", "amount %1 has a decimal comma; write it with a point: %2")
                               .arg(quoteForMessage(text), text.toString().replace(QLatin1Char(','), QLatin1Char('.'))));
        if (isGroupingMark(c))
            return invalid(Message::translate("ledger", "amount %1 has a thousands separator; write 1000.00, not 1,000.00")
                               .arg(quoteForMessage(text)));
        if (c == QLatin1Char('e') || c == QLatin1Char('E')) {
            // Only call it an exponent when it sits between digits, e.g. 1e3; "NaN"-like words
            // fall through to the generic message below.
            const bool digitsAround = i > 0 && i + 1 < text.size() && isAsciiDigit(text[i - 1])
                                   && (isAsciiDigit(text[i + 1]) || text[i + 1] == QLatin1Char('-') || text[i + 1] == QLatin1Char('+'));
            if (digitsAround)
                return invalid(Message::translate("ledger", "amount %1 uses an exponent; write the digits out").arg(quoteForMessage(text)));
        }
        if (c.isDigit() && !isAsciiDigit(c))
            return invalid(Message::translate("ledger", "amount %1 uses non-ASCII digits; use 0-9").arg(quoteForMessage(text)));
    }

    const qsizetype point = text.indexOf(QLatin1Char('.'));
    const QStringView whole = point < 0 ? text : text.left(point);
    const QStringView fraction = point < 0 ? QStringView() : text.mid(point + 1);
    const auto allDigits = [](QStringView part) {
        for (QChar c : part) {
            if (!isAsciiDigit(c))
                return false;
        }
        return true;
    };
    if (!allDigits(whole) || !allDigits(fraction))
        return invalid(Message::translate("ledger", "amount %1 is not a decimal number; write it like 12.34").arg(quoteForMessage(text)));
    if (whole.isEmpty())
        return invalid(
            Message::translate("ledger", "amount %1 has no digits before the point; write 0.5, not .5").arg(quoteForMessage(text)));
    if (point >= 0 && fraction.isEmpty())
        return invalid(Message::translate("ledger", "amount %1 has no digits after the point; write 5 or 5.00").arg(quoteForMessage(text)));
    const auto nonZero = [](QChar c) { return c != QLatin1Char('0'); };
    if (zero == Zero::Refused && std::none_of(whole.begin(), whole.end(), nonZero)
        && std::none_of(fraction.begin(), fraction.end(), nonZero))
        return invalid(Message::translate("ledger", "amount must be greater than zero"));
    return {};
}

Result<qint64> parse(QStringView text, int scale, Zero zero)
{
    Q_ASSERT(isValidScale(scale));
    if (Error e = checkSyntax(text, zero); !e.ok())
        return e;
    const qsizetype point = text.indexOf(QLatin1Char('.'));
    const QStringView whole = point < 0 ? text : text.left(point);
    const QStringView fraction = point < 0 ? QStringView() : text.mid(point + 1);
    if (fraction.size() > scale) {
        if (scale == 0)
            return invalid(
                Message::translate("ledger", "amount %1 has decimals; this ledger takes whole amounts only").arg(quoteForMessage(text)));
        return invalid(Message::translate("ledger", "amount %1 has %2 decimal places; this ledger allows at most %3")
                           .arg(quoteForMessage(text))
                           .arg(fraction.size())
                           .arg(scale));
    }

    // Accumulate every digit (whole part, then the fraction padded to the scale) in unsigned
    // arithmetic, refusing as soon as the value passes INT64_MAX.
    constexpr quint64 limit = quint64(std::numeric_limits<qint64>::max());
    quint64 value = 0;
    bool tooLarge = false;
    const auto push = [&](int digit) {
        if (tooLarge)
            return;
        if (value > (limit - quint64(digit)) / 10) {
            tooLarge = true;
            return;
        }
        value = value * 10 + quint64(digit);
    };
    for (QChar c : whole)
        push(c.unicode() - '0');
    for (QChar c : fraction)
        push(c.unicode() - '0');
    for (qsizetype i = fraction.size(); i < scale; ++i)
        push(0);
    if (tooLarge)
        return invalid(Message::translate("ledger", "amount %1 is too large; the most this ledger holds is %2")
                           .arg(quoteForMessage(text), maxText(scale)));
    return qint64(value);
}

QString format(qint64 minor, int scale)
{
    Q_ASSERT(isValidScale(scale));
    // Work on the magnitude in unsigned arithmetic so that INT64_MIN formats exactly.
    const bool negative = minor < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(minor) : quint64(minor);
    const quint64 unit = powerOfTen(scale);
    QString text = QString::number(magnitude / unit);
    if (scale > 0) {
        text += QLatin1Char('.');
        text += QString::number(magnitude % unit).rightJustified(scale, QLatin1Char('0'));
    }
    if (negative)
        text.prepend(QLatin1Char('-'));
    return text;
}

QString maxText(int scale) { return format(std::numeric_limits<qint64>::max(), scale); }

std::optional<qint64> add(qint64 a, qint64 b)
{
    qint64 r;
    if (__builtin_add_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

std::optional<qint64> subtract(qint64 a, qint64 b)
{
    qint64 r;
    if (__builtin_sub_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

} // namespace ledger::money
