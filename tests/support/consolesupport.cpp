#include "consolesupport.h"

#include "ledgerdsupport.h"
#include "operations/demo.h"
#include "store/open/changenotifier.h"
#include "widgets/legseditor.h"

#include <QLabel>
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

// A step delay the test set for the console's repairs ($LEDGER_STEP_DELAY_MS): through ledgerd
// they run there, so it gets the delay when it starts.
QStringList stepDelay()
{
    const QString delay = qEnvironmentVariable("LEDGER_STEP_DELAY_MS");
    return delay.isEmpty() ? QStringList() : QStringList{QStringLiteral("LEDGER_STEP_DELAY_MS=") + delay};
}

// The ledgerd a window signed in to (openIn through ledgerd): a child of the window, so that it
// stops once the window, and its session, are gone.
class WindowsLedgerd : public QObject {
public:
    WindowsLedgerd(const QString &location, quint16 port, QObject *window)
        : QObject(window)
        , served(location, stepDelay(), port)
    {
        setObjectName(kName);
    }
    ServedStore served;
    static inline const QString kName = QStringLiteral("testsLedgerd"); // found by name: no Q_OBJECT of its own
};

// Signs `window` in to a ledgerd of its own over `location`, as its operator; false when that
// ledgerd did not start (said as a warning).
bool signInThroughLedgerd(app::MainWindow &window, const QString &location)
{
    const QString tokenFile = operatorTokenFile(window.settings().operatorName());
    if (tokenFile.isEmpty())
        return false;
    // A location is served at one address for the run, as a team's ledgerd is (what the console
    // keeps per location, a table's layout, the recent list, follows the address): on the port
    // its first ledgerd had, unless another ledgerd of this location holds it now.
    static QMap<QString, quint16> ports;
    auto *ledgerd = new WindowsLedgerd(location, ports.value(location), &window);
    if (ledgerd->served.url().isEmpty() && ports.contains(location)) {
        delete ledgerd;
        ledgerd = new WindowsLedgerd(location, 0, &window);
    }
    if (ledgerd->served.url().isEmpty()) {
        delete ledgerd;
        return false;
    }
    ports.insert(location, ledgerd->served.port());
    window.connectToServer(ServerLogin{ledgerd->served.url(), tokenFile, QString()});
    return true;
}
// Tests write from elsewhere once a console is open: its changes are announced from then on.
bool watching(app::MainWindow &window)
{
    return QTest::qWaitFor([&] { return window.session()->notifier() && window.session()->notifier()->isWatching(); }, kConsoleWaitMs);
}
} // namespace

bool openIn(app::MainWindow &window, const QString &location)
{
    QSignalSpy opened(&window, &app::MainWindow::storeOpened);
    window.resize(1320, 820);
    if (!throughLedgerd()) {
        window.openStore(location, app::OpenMode::Existing);
        window.show();
        return opened.wait(kConsoleWaitMs) && watching(window) && settle(window);
    }
    // The ledgerd of a location opened before goes once the window no longer calls it.
    const QList<QObject *> earlier = window.findChildren<QObject *>(WindowsLedgerd::kName, Qt::FindDirectChildrenOnly);
    if (!signInThroughLedgerd(window, location))
        return false;
    window.show();
    const bool open = opened.wait(kConsoleWaitMs) && watching(window) && settle(window) && window.signedIn();
    if (open)
        qDeleteAll(earlier);
    return open;
}

bool settle(app::MainWindow &window)
{
    return QTest::qWaitFor([&] { return !window.isBusy(); }, kConsoleWaitMs);
}

QString liveText(const app::MainWindow &window) { return window.findChild<QLabel *>(QStringLiteral("liveLabel"))->text(); }

bool saysLive(const app::MainWindow &window)
{
    const QString said = liveText(window);
    return said == QLatin1String("live") || said.startsWith(QLatin1String("changed "));
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
