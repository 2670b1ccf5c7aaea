#include "counttext.h"

#include <QCoreApplication>
#include <QLocale>

namespace ledger::app {

QString countText(const Tally &tally)
{
    if (!tally.counted())
        return QCoreApplication::translate("CountText", "?");
    if (tally.atLeast)
        return QCoreApplication::translate("CountText", "%1+").arg(QLocale().toString(tally.count));
    return countText(tally.count, tally.exact);
}

QString countText(qint64 count, bool exact)
{
    const QLocale locale;
    if (exact)
        return locale.toString(count);
    // Two or three figures are all an estimate has: more would claim what it does not know. The
    // unit is picked after rounding, so 999,700 reads "≈ 1.0 M", not "≈ 1,000 k".
    if (count < 10'000)
        return QCoreApplication::translate("CountText", "≈ %1").arg(locale.toString(count));
    const qint64 thousands = qRound64(double(count) / 1e3);
    if (thousands < 1'000)
        return QCoreApplication::translate("CountText", "≈ %1 k").arg(locale.toString(thousands));
    const double millions = double(count) / 1e6;
    const int decimals = qRound64(millions * 10) < 1'000 ? 1 : 0;
    return QCoreApplication::translate("CountText", "≈ %1 M").arg(locale.toString(millions, 'f', decimals));
}

} // namespace ledger::app
