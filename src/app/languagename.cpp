#include "languagename.h"

namespace ledger::app {

QString languageDisplayName(const QString &language)
{
    if (language == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

} // namespace ledger::app
