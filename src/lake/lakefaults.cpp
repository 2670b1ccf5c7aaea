#include "lake/lakefaults.h"

#include "protocol/faults.h"

#include <QByteArray>
#include <QHash>
#include <QMutex>

#include <cstdlib>

namespace ledger::lake {

void crashPoint(const char *point)
{
    static const QByteArray asked = qgetenv("LEDGER_LAKE_CRASH_AT");
    if (asked.isEmpty())
        return;
    const qsizetype colon = asked.indexOf(':');
    const QByteArray name = colon < 0 ? asked : asked.left(colon);
    if (name != point)
        return;
    const int nth = colon < 0 ? 1 : qMax(1, asked.mid(colon + 1).toInt());
    static QMutex mutex;
    static int reached = 0;
    QMutexLocker lock(&mutex);
    if (++reached == nth)
        std::_Exit(kCrashExitStatus); // no destructors, no flushes: as abrupt as a kill
}

} // namespace ledger::lake
