#include "counttext.h"

#include <QCoreApplication>
#include <QLocale>

namespace ledger::app {

QString countText(qint64 count, bool exact)
{
    const QLocale locale;
    if (exact)
        return locale.toString(count);
    // Two or three figures are all an estimate has: more would claim what it does not know.
    if (count < 10'000)
        return QCoreApplication::translate("CountText", "≈ %1").arg(locale.toString(count));
    if (count < 1'000'000)
        return QCoreApplication::translate("CountText", "≈ %1 k").arg(locale.toString(qRound64(double(count) / 1e3)));
    const double millions = double(count) / 1e6;
    return QCoreApplication::translate("CountText", "≈ %1 M").arg(locale.toString(millions, 'f', millions < 100 ? 1 : 0));
}

} // namespace ledger::app
