#include "consolesupport.h"

#include "operations/demo.h"

#include <QSignalSpy>

namespace ledger::test {

bool openIn(app::MainWindow &window, const QString &location)
{
    QSignalSpy opened(&window, &app::MainWindow::storeOpened);
    window.openStore(location, app::OpenMode::Existing);
    window.show();
    return opened.wait(kConsoleWaitMs) && settle(window);
}

bool settle(app::MainWindow &window) { return QTest::qWaitFor([&] { return !window.isBusy(); }, kConsoleWaitMs); }

DemoConsole::DemoConsole(int transfers, int stuck)
{
    window.settings().setOperatorName(kOperator);
    DemoOptions options;
    options.transfers = transfers;
    options.stuck = stuck;
    if (!fillDemo(store.store(), options).ok())
        qFatal("demo failed");
    if (!openIn(window, store.path()))
        qFatal("the store did not open");
}

} // namespace ledger::test
