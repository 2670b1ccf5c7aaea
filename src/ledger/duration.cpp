#include "ledger/duration.h"

#include "ledger/identifiers.h"

namespace ledger::duration {

namespace {
constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
constexpr qint64 kMaxMs = 36525 * kDay; // a century is more than any lease or threshold needs

Error invalid(QStringView text, const Message &why)
{
    return makeError(
        ErrorCode::InvalidDuration,
        Message::translate("ledger", "duration %1 %2; write it like 90s, 30m, 2h, 1d or 1h30m").arg(Message(quoteForMessage(text)), why));
}
} // namespace

Result<qint64> parse(QStringView text)
{
    if (text.isEmpty())
        return invalid(text, Message::translate("ledger", "is empty"));
    qint64 total = 0;
    qint64 lastUnit = 0; // units come largest first, each once: 1h30m, never 1m1m or 30m1h
    qsizetype i = 0;
    while (i < text.size()) {
        qint64 number = 0;
        const qsizetype start = i;
        while (i < text.size() && text[i] >= QLatin1Char('0') && text[i] <= QLatin1Char('9')) {
            number = number * 10 + (text[i].unicode() - '0');
            if (number > kMaxMs)
                return invalid(text, Message::translate("ledger", "is too long (at most 36525d)"));
            ++i;
        }
        if (i == start)
            return invalid(text, Message::translate("ledger", "must start each part with ASCII digits"));
        // The unit is the letters that follow, read whole: "30min" is an unknown unit "min", not
        // 30m and then a part that does not start with digits.
        qsizetype end = i;
        while (end < text.size() && text[end].isLetter())
            ++end;
        const QStringView word = text.mid(i, end - i);
        qint64 unit = 0;
        if (word == QLatin1String("ms"))
            unit = 1;
        else if (word == QLatin1String("s"))
            unit = kSecond;
        else if (word == QLatin1String("m"))
            unit = kMinute;
        else if (word == QLatin1String("h"))
            unit = kHour;
        else if (word == QLatin1String("d"))
            unit = kDay;
        if (word.isEmpty())
            return invalid(text, Message::translate("ledger", "needs a unit (ms, s, m, h or d)"));
        if (unit == 0)
            return invalid(text, Message::translate("ledger", "has the unit %1, which is not one of ms, s, m, h or d")
                                     .arg(Message(quoteForMessage(word, 20))));
        if (lastUnit != 0 && unit >= lastUnit)
            return invalid(text, Message::translate("ledger", "repeats a unit or puts a smaller one first"));
        lastUnit = unit;
        i = end;
        if (number > kMaxMs / unit || total + number * unit > kMaxMs)
            return invalid(text, Message::translate("ledger", "is too long (at most 36525d)"));
        total += number * unit;
    }
    return total;
}

Message said(qint64 ms)
{
    if (ms < 0)
        return Message(QStringLiteral("-")) + said(-ms);
    const auto word = [](const char *text) { return Message::translate("duration", text); };
    if (ms < kSecond)
        return word(QT_TRANSLATE_NOOP("duration", "%1ms")).arg(ms);
    if (ms < kMinute)
        return word(QT_TRANSLATE_NOOP("duration", "%1s")).arg(ms / kSecond);
    const auto two = [&word](qint64 big, qint64 small, const char *one, const char *both) {
        return small == 0 ? word(one).arg(big) : word(both).arg(big).arg(small);
    };
    if (ms < kHour)
        return two(ms / kMinute, (ms % kMinute) / kSecond, QT_TRANSLATE_NOOP("duration", "%1m"), QT_TRANSLATE_NOOP("duration", "%1m %2s"));
    if (ms < kDay)
        return two(ms / kHour, (ms % kHour) / kMinute, QT_TRANSLATE_NOOP("duration", "%1h"), QT_TRANSLATE_NOOP("duration", "%1h %2m"));
    return two(ms / kDay, (ms % kDay) / kHour, QT_TRANSLATE_NOOP("duration", "%1d"), QT_TRANSLATE_NOOP("duration", "%1d %2h"));
}

QString format(qint64 ms) { return said(ms).local(); }

} // namespace ledger::duration
