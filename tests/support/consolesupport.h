#pragma once
// What the console's tests share: opening a store in a window (one way, waited for the same),
// and a window on a fresh demo store (the fixture most console tests start from).
// Threading: the GUI thread.

#include "dialogs/transferdialog.h"
#include "ledgerdsupport.h"
#include "mainwindow.h"
#include "testsupport.h"

namespace ledger::test {

constexpr int kConsoleWaitMs = 30'000;

// Opens `location` in `window` at the console's first size (1320×820, whatever size a window of
// an earlier test saved in the shared test settings), shows it, and waits until it is open and
// quiet. False when it did not open (the message is the window's).
// Through ledgerd (throughLedgerd(), the "@remote" variants): a ledgerd over `location` is
// started for the window, which signs in to it with an operator token named as the window's
// operator (its settings' name: DemoConsole::kOperator for a demo console), instead of opening
// the store. That ledgerd lives as long as the window (a child of it), or until the window opens
// another location this way.
bool openIn(app::MainWindow &window, const QString &location);

// Waits until the window has nothing loading or running.
bool settle(app::MainWindow &window);

// What the status bar's live label says ("live", "changed 09:05:45 UTC", "reconnecting…").
QString liveText(const app::MainWindow &window);
// Whether it says the changes are followed: "live", or "changed …" once one was told (a
// DynamoDB store tells one every second: it keeps no counter of commits to watch).
bool saysLive(const app::MainWindow &window);

// The demo ledger every console test starts from: `transfers` finished and `stuck` left stuck,
// everything "now" (not spread over days). Ends the test program if the demo fails.
void fillDemoStore(TempStore &store, int transfers, int stuck);

// A window on a fresh demo store (`transfers` finished, `stuck` left stuck), opened and shown.
struct DemoConsole {
    TempStore store;
    app::MainWindow window;
    static inline const QString kOperator = QStringLiteral("night-operator");

    explicit DemoConsole(int transfers = 80, int stuck = 0);
    bool settle() { return test::settle(window); }
    // New transfer opened, shown and quiet, in legs mode with every leg a transaction may have
    // (kMaxLegs, Add leg disabled), all of them empty; null when it did not open or settle.
    app::TransferDialog *transferDialogWithEveryLeg();
};

} // namespace ledger::test
