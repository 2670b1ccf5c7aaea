#include "ledger/duration.h"

#include "ledger/identifiers.h"

#include <QCoreApplication>

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
        qint64 unit = 0;
        if (text.mid(i).startsWith(QLatin1String("ms"))) {
            unit = 1;
            i += 2;
        } else if (i < text.size()) {
            switch (text[i].unicode()) {
            case 's': unit = kSecond; break;
            case 'm': unit = kMinute; break;
            case 'h': unit = kHour; break;
            case 'd': unit = kDay; break;
            default: break;
            }
            if (unit != 0)
                ++i;
        }
        if (unit == 0)
            return invalid(text, i < text.size() ? Message::translate("ledger", "has an unknown unit")
                                                 : Message::translate("ledger", "needs a unit (ms, s, m, h or d)"));
        if (number > kMaxMs / unit || total + number * unit > kMaxMs)
            return invalid(text, Message::translate("ledger", "is too long (at most 36525d)"));
        total += number * unit;
    }
    return total;
}

QString format(qint64 ms)
{
    if (ms < 0)
        return QLatin1Char('-') + format(-ms);
    if (ms < kSecond)
        return QStringLiteral("%1ms").arg(ms);
    if (ms < kMinute)
        return QStringLiteral("%1s").arg(ms / kSecond);
    const auto two = [](qint64 big, const char *bigUnit, qint64 small, const char *smallUnit) {
        if (small == 0)
            return QStringLiteral("%1%2").arg(big).arg(QLatin1String(bigUnit));
        return QStringLiteral("%1%2 %3%4").arg(big).arg(QLatin1String(bigUnit)).arg(small).arg(QLatin1String(smallUnit));
    };
    if (ms < kHour)
        return two(ms / kMinute, "m", (ms % kMinute) / kSecond, "s");
    if (ms < kDay)
        return two(ms / kHour, "h", (ms % kHour) / kMinute, "m");
    return two(ms / kDay, "d", (ms % kDay) / kHour, "h");
}

QString spoken(qint64 ms)
{
    if (ms < 0)
        return QLatin1Char('-') + spoken(-ms);
    const auto word = [](const char *text) { return QCoreApplication::translate("duration", text); };
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

} // namespace ledger::duration
