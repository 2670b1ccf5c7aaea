#include "service/privatefile.h"

#include <sys/stat.h>

namespace ledger {

Error checkPrivateFile(const QFile &opened, const QString &what)
{
    struct stat st {};
    if (::fstat(opened.handle(), &st) != 0)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("cannot read %1 %2").arg(what, opened.fileName()));
    if ((st.st_mode & 077) != 0)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1 %2 may be read by others (mode %3); "
                                                                    "make it private: chmod 600 %2")
                                                         .arg(what, opened.fileName())
                                                         .arg(st.st_mode & 0777, 3, 8, QLatin1Char('0')));
    return {};
}

} // namespace ledger
