#include "lake/lakeoptions.h"

#include "ledger/message.h"

#include <QRegularExpression>

namespace ledger::lake {

Result<qint64> parseByteSize(const QString &text, const QString &option)
{
    static const QRegularExpression form(QStringLiteral("^\\s*(\\d{1,15})\\s*([kmg]i?b|b)?\\s*$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = form.match(text);
    const auto bad = [&] {
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "%1 %2: a size is a whole number of bytes with B, KB, MB, GB, KiB, MiB or GiB, "
                                                      "at least 1KB (for example 64MB)")
                             .arg(Message(option), Message(text.left(40))));
    };
    if (!m.hasMatch())
        return bad();
    const QString unit = m.captured(2).toLower();
    qint64 scale = 1;
    if (unit.size() >= 2) {
        const bool binary = unit.size() == 3;
        const qint64 step = binary ? 1024 : 1000;
        const int power = unit.at(0) == QLatin1Char('k') ? 1 : unit.at(0) == QLatin1Char('m') ? 2 : 3;
        for (int i = 0; i < power; ++i)
            scale *= step;
    }
    const qint64 bytes = m.captured(1).toLongLong() * scale;
    if (bytes < kMinFileBytes || bytes > (qint64(1) << 40))
        return bad();
    return bytes;
}

} // namespace ledger::lake
