#pragma once
// How the console drives the coordinator: as the operator, with the fault hook the environment
// asks for (LEDGER_STEP_DELAY_MS slows every write: training stores and tests of long work;
// LEDGER_CRASH_AFTER as in ledgerctl).
// Threading: pure.

#include "protocol/coordinator.h"

namespace ledger::app {

CoordinatorOptions consoleCoordinatorOptions(const QString &operatorName);

} // namespace ledger::app
