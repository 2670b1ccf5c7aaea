#include "consolesupport.h"

#include "operations/demo.h"
#include "widgets/legseditor.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>

namespace ledger::test {

namespace {
// Each console test process keeps the console's settings (window geometry, table layouts, the
// operator's name) to itself: ctest runs the test programs side by side, and they shared
// ~/.qttest/config — a window one left at 1024 px, its columns narrowed, opened another's so.
struct OwnSettings {
    QTemporaryDir dir;
    OwnSettings()
    {
        if (dir.isValid())
            QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    }
};
const OwnSettings ownSettings;
} // namespace

bool openIn(app::MainWindow &window, const QString &location)
{
    QSignalSpy opened(&window, &app::MainWindow::storeOpened);
    window.resize(1320, 820);
    window.openStore(location, app::OpenMode::Existing);
    window.show();
    return opened.wait(kConsoleWaitMs) && settle(window);
}

bool settle(app::MainWindow &window)
{
    return QTest::qWaitFor([&] { return !window.isBusy(); }, kConsoleWaitMs);
}

void fillDemoStore(TempStore &store, int transfers, int stuck)
{
    DemoOptions options;
    options.transfers = transfers;
    options.stuck = stuck;
    if (const auto demo = fillDemo(store.store(), options); !demo.ok())
        qFatal("demo failed: %s", qPrintable(demo.error().toString()));
}

app::TransferDialog *DemoConsole::transferDialogWithEveryLeg()
{
    app::TransferDialog *dialog = window.openTransferDialog();
    if (!dialog || !QTest::qWaitForWindowExposed(dialog) || !settle())
        return nullptr;
    dialog->useLegs();
    app::LegsEditor *legs = dialog->legsEditor();
    while (legs->legCount() < kMaxLegs)
        legs->addLeg();
    return dialog;
}

DemoConsole::DemoConsole(int transfers, int stuck)
{
    window.settings().setOperatorName(kOperator);
    fillDemoStore(store, transfers, stuck);
    if (!openIn(window, store.path()))
        qFatal("the store did not open");
}

} // namespace ledger::test
