#include "ledger/message.h"

#include <QCoreApplication>

namespace ledger {

Message Message::translate(const char *context, const char *source)
{
    // English straight from the source, whatever translators are installed: the recorded
    // language must not depend on the process that recorded it.
    return Message(QString::fromUtf8(source), QCoreApplication::translate(context, source));
}

} // namespace ledger
