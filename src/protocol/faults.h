#pragma once
// Fault injection: the coordinator calls a step hook right after each protocol write has
// committed. The crash hook (LEDGER_CRASH_AFTER=<step>, `ledgerctl --crash-after <step>`) exits
// the process with status 86 there; tests and the demo use other hooks to stop a flow, pause a
// worker, or interleave workers.
// Thread-safety: a hook may be called from any worker thread; the hooks made here are safe for that.

#include "ledger/result.h"

#include <QStringView>
#include <functional>
#include <optional>

namespace ledger {

enum class Step {
    Insert,
    Claim,
    HoldDebit,
    HoldCredit,
    Applied,
    PostDebit,
    PostCredit,
    Done,
    Canceling,
    VoidDebit,
    VoidCredit,
    Canceled,
    Link, // a compensation's original now links to it
};

constexpr int kCrashExitStatus = 86;

QString nameOf(Step step);
std::optional<Step> stepFromString(QStringView text);
const QList<Step> &allSteps();
QString stepNames();
// Ok, or invalid-step naming the valid steps.
Result<Step> parseStep(QStringView text);

// A step and which time it commits: a transaction with several credits holds, posts or voids a
// credit once per credit leg, so "hold-credit:2" is the write of its second credit hold.
struct StepOccurrence {
    Step step = Step::Insert;
    int occurrence = 1;
};
// "hold-credit" (the first time) or "hold-credit:N" (N from 1 to 16); invalid-step otherwise.
Result<StepOccurrence> parseStepOccurrence(QStringView text);

enum class HookAction { Continue, Abandon };
// Called after the write `step` of transaction `txId` committed. Abandon makes the coordinator
// return at once (code interrupted), as if the process had died there.
using StepHook = std::function<HookAction(Step step, const QString &txId)>;

// Exits the process with status 86 right after the `occurrence`-th time `step` commits.
StepHook crashAfterHook(Step step, int occurrence = 1);
// Returns Abandon right after the `occurrence`-th time `step` commits (in-process stand-in for a
// crash); once only.
StepHook abandonAfterHook(Step step, int occurrence = 1);
// A gate for tests that must see processes overlap: right after the process's first write
// commits it creates the file `folder`/<its pid>, and its writes then wait until `folder`/open
// exists (at most kGateWaitMs): every process started has written once before any goes on.
constexpr int kGateWaitMs = 120'000;
StepHook gateHook(const QString &folder);
// The hook the environment asks for: LEDGER_CRASH_AFTER=<step>[:N] (exit 86 after that write),
// LEDGER_STEP_DELAY_MS=<n> (pause n ms after every write: a slow store for training and for
// tests of long work) and LEDGER_STEP_GATE=<folder> (gateHook). Empty when none is set;
// invalid-step / invalid-argument when misspelt.
Result<StepHook> hookFromEnvironment();

} // namespace ledger
