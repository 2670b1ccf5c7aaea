// ledgerdesk: the operator console. Parses the command line and opens the window; everything
// else lives in ledgerdesk_lib and the libraries under src/.
#include "consolebench.h"
#include "ledger/language.h"
#include "mainwindow.h"
#include "screenshottour.h"
#include "settings.h"
#include "widgets/tones.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextStream>
#include <cstdio>
#include <memory>

namespace {

void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("ledgerdesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LEDGERDESK_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("LedgerDesk"));
}

// --help and --version print and quit: they must work where no display is (an ssh session, a
// package check), which a QApplication would refuse by aborting.
bool onlyPrints(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--")
            break;
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "--help-all" || arg == "-v" || arg == "--version")
            return true;
    }
    return false;
}

// The command line, declared once: read before the window system is opened (a mistake is said
// where there is no display, as --help is), then by the program.
struct CommandLine {
    CommandLine();
    QCommandLineParser parser;
    const QCommandLineOption storeOption{QStringLiteral("store"), QStringLiteral("The store file to open."), QStringLiteral("PATH")};
    const QCommandLineOption operatorOption{QStringLiteral("operator"), QStringLiteral("Your name in the journal (saved in the settings)."),
                                            QStringLiteral("NAME")};
    const QCommandLineOption screenshotsOption{
        QStringLiteral("screenshots"), QStringLiteral("Save screenshots of the main views into DIR, then quit."), QStringLiteral("DIR")};
    const QCommandLineOption benchOption{QStringLiteral("bench-console"),
                                         QStringLiteral("Time opening STORE, jumping to its last row, switching state and sorting "
                                                        "(for 'ledgerctl bench console'); print JSON and quit."),
                                         QStringLiteral("STORE")};
    const QCommandLineOption paletteOption{QStringLiteral("palette"),
                                           QStringLiteral("Colours: system, light or dark (saved in the settings; default: system)."),
                                           QStringLiteral("NAME")};
    const QCommandLineOption serverOption{
        QStringLiteral("server"),
        QStringLiteral("Work through the ledger service (ledgerd) at URL, signed in with a token, instead of opening a store."),
        QStringLiteral("URL")};
    const QCommandLineOption tokenFileOption{
        QStringLiteral("token-file"),
        QStringLiteral("With --server: the token, from FILE (only you may read it); "
                       "else $LEDGERDESK_TOKEN, else the desktop's keyring, else File › Connect asks."),
        QStringLiteral("FILE")};
    const QCommandLineOption caOption{QStringLiteral("ca"),
                                      QStringLiteral("With --server: check its certificate against the CAs in FILE (PEM) instead of "
                                                     "the system's."),
                                      QStringLiteral("FILE")};
    // A combination the program does not take: what to say ("" none).
    QString usageError() const;
};

CommandLine::CommandLine()
{
    parser.setApplicationDescription(QStringLiteral("LedgerDesk — the operator console of a two-phase-commit ledger.\n"
                                                    "Without --store it opens $LEDGERDESK_STORE, else the default store\n"
                                                    "(created with demo data on first run)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(
        {storeOption, operatorOption, screenshotsOption, benchOption, paletteOption, serverOption, tokenFileOption, caOption});
}

QString CommandLine::usageError() const
{
    if (parser.isSet(paletteOption) && !parser.isSet(benchOption)) {
        const QString name = parser.value(paletteOption);
        if (name != QLatin1String("system") && name != QLatin1String("light") && name != QLatin1String("dark"))
            return QStringLiteral("invalid-argument: --palette is system, light or dark, not \"%1\"").arg(name);
    }
    if (parser.isSet(serverOption) && parser.isSet(storeOption))
        return QStringLiteral("invalid-argument: --server and --store name two different ledgers; give one");
    if (!parser.isSet(serverOption) && (parser.isSet(tokenFileOption) || parser.isSet(caOption)))
        return QStringLiteral("invalid-argument: --token-file and --ca go with --server");
    return {};
}

// A command line the program does not take, said before any window system is opened: "" when it
// takes it.
QString refusedCommandLine(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    CommandLine cl;
    // What it cannot parse may be the window system's own options (-platform, -style), which the
    // QApplication takes out: said by the parser after it, if it is not.
    if (!cl.parser.parse(arguments))
        return {};
    return cl.usageError();
}

} // namespace

int main(int argc, char **argv)
{
    if (!onlyPrints(argc, argv)) {
        const QString refused = refusedCommandLine(argc, argv);
        if (!refused.isEmpty()) {
            std::fprintf(stderr, "ledgerdesk: %s\n", qPrintable(refused));
            return 2;
        }
    }
    std::unique_ptr<QCoreApplication> appHolder;
    if (onlyPrints(argc, argv))
        appHolder = std::make_unique<QCoreApplication>(argc, argv);
    else
        appHolder = std::make_unique<QApplication>(argc, argv);
    QCoreApplication &app = *appHolder;
    nameApplication();
    if (qobject_cast<QApplication *>(&app))
        QGuiApplication::setApplicationDisplayName(QStringLiteral("LedgerDesk"));
    // Before any window or translated text is made.
    ledger::installTranslators(app, ledger::chooseLanguage(ledger::app::Settings().language()));

    CommandLine cl;
    QCommandLineParser &parser = cl.parser;
    parser.process(app);
    if (const QString refused = cl.usageError(); !refused.isEmpty()) {
        std::fprintf(stderr, "ledgerdesk: %s\n", qPrintable(refused));
        return 2;
    }
    if (parser.isSet(cl.paletteOption) && !parser.isSet(cl.benchOption)) {
        const QString name = parser.value(cl.paletteOption);
        ledger::app::Settings().setPalette(name == QLatin1String("system") ? QString() : name);
    }
    ledger::app::applyPalette(ledger::app::Settings().palette());

    if (parser.isSet(cl.benchOption)) {
        // Settings of its own, so that a measurement never lands in the operator's recent stores.
        QTemporaryDir settingsDir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
        ledger::app::MainWindow window;
        window.resize(1280, 800);
        window.show();
        auto *bench =
            new ledger::app::ConsoleBench(&window, parser.value(cl.benchOption),
                                          ledger::ServerLogin{QString(), parser.value(cl.tokenFileOption), parser.value(cl.caOption)});
        QObject::connect(bench, &ledger::app::ConsoleBench::finished, &app, [](bool ok, const QByteArray &report) {
            std::fprintf(ok ? stdout : stderr, "%s\n", report.constData());
            QApplication::exit(ok ? 0 : 1);
        });
        bench->start();
        return app.exec();
    }

    ledger::app::MainWindow window;
    if (parser.isSet(cl.operatorOption))
        window.settings().setOperatorName(parser.value(cl.operatorOption));

    // An explicit store must exist; the default one is created (with demo data) the first time.
    QString path = parser.value(cl.storeOption);
    if (path.isEmpty())
        path = qEnvironmentVariable("LEDGERDESK_STORE");
    const bool explicitStore = !path.isEmpty();
    if (!explicitStore)
        path = ledger::defaultStorePath();
    if (parser.isSet(cl.serverOption))
        window.connectToServer(
            ledger::ServerLogin{parser.value(cl.serverOption), parser.value(cl.tokenFileOption), parser.value(cl.caOption)});
    else
        window.openStore(path, explicitStore ? ledger::app::OpenMode::Existing : ledger::app::OpenMode::ExistingOrDemo);
    window.show();

    if (parser.isSet(cl.screenshotsOption)) {
        auto *tour = new ledger::app::ScreenshotTour(&window, parser.value(cl.screenshotsOption));
        QObject::connect(&window, &ledger::app::MainWindow::storeOpened, tour, &ledger::app::ScreenshotTour::start);
        QObject::connect(&window, &ledger::app::MainWindow::storeFailed, &app, [](const QString &message) {
            std::fprintf(stderr, "ledgerdesk: %s\n", qPrintable(message));
            QApplication::exit(3);
        });
        QObject::connect(tour, &ledger::app::ScreenshotTour::finished, &app, [](bool ok, const QString &message) {
            std::fprintf(ok ? stdout : stderr, "ledgerdesk: %s\n", qPrintable(message));
            QApplication::exit(ok ? 0 : 1);
        });
    }
    return app.exec();
}
