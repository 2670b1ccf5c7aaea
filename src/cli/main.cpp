// ledgerctl: the command-line twin of the LedgerDesk console. All logic lives in the libraries
// under src/ and in ledgerctl_lib; this only sets up Qt, the language and the streams.
#include "cli.h"
#include "ledger/language.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ledgerctl"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LEDGERDESK_VERSION));
    const QStringList args = QCoreApplication::arguments().mid(1);
    // Before anything translated is made; English (no translator) for machine output.
    ledger::installTranslators(app, ledger::cli::ledgerctlLanguage(args));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return ledger::cli::runLedgerctl(args, out, err);
}
