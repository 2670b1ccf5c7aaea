// The console and its store's files (the repro, as an operator would meet it): the
// export dialog opened in the store's folder, then ledgerctl in another process, then a transfer
// in the console — the transfer is in the store. And when the files are replaced anyway, the
// console says so, refuses to write, and offers to reopen. Run offscreen and under Xvfb.
#include "consoleactions.h"
#include "operations/demo.h"
#include "dialogs/transferdialog.h"
#include "mainwindow.h"
#include "models/navigatormodel.h"
#include "store/sqlite/sqlitestore.h"
#include "consolesupport.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <fcntl.h>
#include <unistd.h>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = 20'000;

// A store with demo accounts in its own folder, closed again: only the console has it open.
struct StoreFolder {
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("r.db"));
    StoreFolder()
    {
        auto created = SqliteStore::create(path, 2);
        if (!created.ok())
            qFatal("%s", qPrintable(created.error().toString()));
        DemoOptions options;
        options.transfers = 20;
        options.stuck = 0;
        if (!fillDemo(**created, options).ok())
            qFatal("demo failed");
    }
};

// A transfer made in the console's transfer dialog, as an operator makes it; its id, or empty.
QString transferInConsole(MainWindow &window, const QString &amount)
{
    TransferDialog *dialog = window.openTransferDialog();
    dialog->findChild<QLineEdit *>(QStringLiteral("source"))->setText(QStringLiteral("alice"));
    dialog->findChild<QLineEdit *>(QStringLiteral("destination"))->setText(QStringLiteral("bob"));
    dialog->findChild<QLineEdit *>(QStringLiteral("amount"))->setText(amount);
    QSignalSpy done(dialog, &TransferDialog::transferDone);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    if (!done.wait(kWaitMs))
        return {};
    const Transaction tx = done.first().first().value<Transaction>();
    return tx.state == TxState::Done ? tx.id : QString();
}

} // namespace

class TestConsoleFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exportDialogInTheStoreFolderLosesNothing();
    void replacedFilesAreSaidAndTheStoreReopened();
};

void TestConsoleFiles::exportDialogInTheStoreFolderLosesNothing()
{
    StoreFolder folder;
    MainWindow window;
    window.settings().setOperatorName(QStringLiteral("night-operator"));
    QVERIFY(openIn(window, folder.path));
    const QString wal = folder.path + QStringLiteral("-wal");
    const quint64 walBefore = fileInode(wal);
    QVERIFY(walBefore != 0);

    // File ▸ Export view as CSV (Ctrl+E): the dialog goes to the store's folder and lists it —
    // the store, its -wal and -shm, with their icons and types — and is canceled. Meanwhile a
    // program in this process reads the three files with descriptors of its own (a thumbnailer,
    // a backup tool): under POSIX locks either would drop every lock of the process.
    bool listed = false;
    QTimer::singleShot(0, this, [&] {
        QFileDialog *dialog = nullptr;
        if (!QTest::qWaitFor([&] { return (dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) != nullptr; }, kWaitMs))
            return;
        // The model gathers every file of the folder (name filter or not) on a thread of its own.
        auto *model = dialog->findChild<QFileSystemModel *>();
        if (!model)
            return;
        QSignalSpy loaded(model, &QFileSystemModel::directoryLoaded);
        dialog->setDirectory(folder.dir.path());
        listed = QTest::qWaitFor(
            [&] {
                for (const QList<QVariant> &args : std::as_const(loaded))
                    if (QFileInfo(args.value(0).toString()) == QFileInfo(folder.dir.path()))
                        return true;
                return false;
            },
            kWaitMs);
        QTest::qWait(300); // icons and types are gathered after the listing
        // For people to look at (LEDGER_TEST_SCREENSHOT_DIR): the dialog as the operator saw it,
        // with every file shown.
        if (const QString shots = qEnvironmentVariable("LEDGER_TEST_SCREENSHOT_DIR"); !shots.isEmpty()) {
            dialog->setNameFilter(QStringLiteral("*"));
            QTest::qWait(300);
            dialog->grab().save(QDir(shots).filePath(QStringLiteral("export-dialog.png")));
        }
        for (const char *suffix : {"", "-wal", "-shm"}) {
            const int fd = ::open(QFile::encodeName(folder.path + QLatin1String(suffix)).constData(), O_RDONLY | O_CLOEXEC);
            char buffer[512];
            if (fd >= 0 && ::read(fd, buffer, sizeof buffer) >= 0)
                ::close(fd);
        }
        dialog->reject();
    });
    window.showView(NavigatorModel::View::Accounts);
    QVERIFY(window.actions()->exportCsv->isEnabled());
    window.actions()->exportCsv->trigger();
    QVERIFY2(listed, "the export dialog did not list the store's folder");

    // Another process opens the store, reads, and closes: believing itself the last one, it
    // would checkpoint and delete the log if this process's locks were gone.
    const ProcessResult accounts = runLedgerctl({QStringLiteral("accounts")}, storeEnvironment(folder.path));
    QCOMPARE(accounts.exitCode, 0);
    QCOMPARE(fileInode(wal), walBefore);

    // A transfer in the console, reported done: it is in the store, seen by another process.
    const QString id = transferInConsole(window, QStringLiteral("12.34"));
    QVERIFY(!id.isEmpty());
    const ProcessResult show = runLedgerctl({QStringLiteral("show"), id}, storeEnvironment(folder.path));
    QVERIFY2(show.exitCode == 0 && show.out.contains(QLatin1String("done")), qPrintable(show.out + show.err));
    const ProcessResult audit = runLedgerctl({QStringLiteral("audit")}, storeEnvironment(folder.path));
    QVERIFY2(audit.exitCode == 0, qPrintable(audit.out + audit.err));
}

void TestConsoleFiles::replacedFilesAreSaidAndTheStoreReopened()
{
    // The store file is replaced under the console (a restore from backup while it runs): its
    // connections still hold the old file, and anything they wrote would be lost. The console
    // says so in a window-modal message, writes nothing, and reopens the store when asked.
    StoreFolder folder;
    MainWindow window;
    window.settings().setOperatorName(QStringLiteral("night-operator"));
    QVERIFY(openIn(window, folder.path));
    const QString copy = folder.dir.filePath(QStringLiteral("restored.db"));
    QVERIFY(runLedgerctl({QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("0.01")},
                         storeEnvironment(folder.path))
                .exitCode
            == 0);
    QVERIFY(QFile::copy(folder.path, copy));
    QVERIFY(::rename(QFile::encodeName(copy).constData(), QFile::encodeName(folder.path).constData()) == 0);

    QMessageBox *box = nullptr;
    QVERIFY(QTest::qWaitFor([&] { return (box = window.findChild<QMessageBox *>(QStringLiteral("reopenStoreBox"))) != nullptr; }, kWaitMs));
    QVERIFY2(box->text().contains(QLatin1String("replaced")), qPrintable(box->text()));
    if (const QString shots = qEnvironmentVariable("LEDGER_TEST_SCREENSHOT_DIR"); !shots.isEmpty()) {
        QTest::qWait(200);
        box->grab().save(QDir(shots).filePath(QStringLiteral("replaced-box.png")));
    }
    QCOMPARE(box->windowModality(), Qt::WindowModal);
    QSignalSpy reopened(&window, &MainWindow::storeOpened);
    QPushButton *reopen = nullptr;
    for (QAbstractButton *b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::AcceptRole)
            reopen = qobject_cast<QPushButton *>(b);
    QVERIFY(reopen);
    QTest::mouseClick(reopen, Qt::LeftButton);
    QVERIFY(reopened.wait(kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return !window.isBusy(); }, kWaitMs));
    const QString id = transferInConsole(window, QStringLiteral("1.00"));
    QVERIFY(!id.isEmpty());
    const ProcessResult show = runLedgerctl({QStringLiteral("show"), id}, storeEnvironment(folder.path));
    QVERIFY2(show.exitCode == 0, qPrintable(show.out + show.err));
}

QTEST_MAIN(TestConsoleFiles)
#include "tst_consolefiles.moc"
