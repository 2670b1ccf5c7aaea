#include "consoleoptions.h"

namespace ledger::app {

CoordinatorOptions consoleCoordinatorOptions(const QString &operatorName)
{
    CoordinatorOptions options;
    options.actor = operatorName;
    auto hook = hookFromEnvironment();
    if (hook.ok())
        options.hook = *hook; // a misspelt variable is ledgerctl's to report; the console runs without
    return options;
}

} // namespace ledger::app
