// ledgerctl: the command-line twin of the LedgerDesk console. All logic lives in ledgercore and
// in ledgerctl_lib; this only sets up Qt and the streams.
#include "cli.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ledgerctl"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LEDGERDESK_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return ledger::cli::runLedgerctl(QCoreApplication::arguments().mid(1), out, err);
}
