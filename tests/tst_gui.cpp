// The console as an operator uses it, on the offscreen platform: the real window over a real
// store. Issuing transfers through the dialog (valid and every kind of invalid input), every
// repair through the guided wizard on stuck transactions made with the crash steps, batch
// repairs with their preview, actions enabled only where allowed, live updates from another
// connection that keep the selection, the window staying responsive while a thousand repairs
// run, the audit view, and the screenshot tour.
#include "operations/claims.h"
#include "operations/demo.h"
#include "dialogs/newaccountdialog.h"
#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/transferdialog.h"
#include "ledger/identifiers.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "models/transactiontablemodel.h"
#include "ledger/money.h"
#include "screenshottour.h"
#include "consolesupport.h"
#include "testsupport.h"
#include "widgets/accountpanel.h"
#include "pages/auditpage.h"
#include "widgets/detailpanel.h"
#include "widgets/elidingdelegate.h"
#include "widgets/legseditor.h"
#include "widgets/repairpreview.h"
#include "widgets/stuckcausebar.h"
#include "widgets/tablepage.h"
#include "widgets/timestyle.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QGuiApplication>
#include <QJsonObject>
#include <QJsonDocument>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHeaderView>
#include <QImage>
#include <QTableWidget>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QStatusBar>
#include <QMessageBox>
#include <QProxyStyle>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTextDocument>
#include <QTimer>
#include <QUuid>

#include <linux/capability.h>
#include <sys/prctl.h>
#include <unistd.h>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::OperatorAction)

namespace {

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang

// A window on a fresh demo store (consolesupport.h), with ways to make stuck transactions.
struct Console : DemoConsole {

    // What a crash right after `step` leaves: the real ledgerctl, killed by --crash-after (exit
    // 86). Its lease runs on for 30 s; the console's repairs take over regardless.
    QString crashed(Step step, const QString &amount = QStringLiteral("10.00"))
    {
        const QProcessEnvironment env = storeEnvironment(store.path());
        const QString memo = QStringLiteral("crash-%1").arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
        const ProcessResult r = runLedgerctl({QStringLiteral("--store"), store.path(), QStringLiteral("--crash-after"), nameOf(step),
                                              QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"), amount,
                                              QStringLiteral("--memo"), memo},
                                             env);
        if (step != Step::Done && r.exitCode != kCrashExitStatus)
            qWarning("ledgerctl did not crash: %d %s", r.exitCode, qPrintable(r.err));
        QString id;
        const Error scanned = store.store().scanTransactions([&](const Transaction &t) {
            if (t.memo == memo)
                id = t.id;
        });
        if (!scanned.ok())
            qWarning("%s", qPrintable(scanned.toString()));
        return id;
    }

    // In-process and many at once: a transfer stopped after `step`, its lease already over.
    QString stuck(Step step, qint64 amount = 1000) { return stuckAfter(store.store(), step, amount); }

    // Stuck in two groups by cause: three pending (their worker stopped after the debit's hold)
    // and two canceling (refused for funds), shown in the Stuck view.
    void stuckInTwoGroups()
    {
        for (int i = 0; i < 3; ++i)
            stuck(Step::HoldDebit);
        for (int i = 0; i < 2; ++i)
            stuck(Step::Canceling, 99'999'999);
        QTest::qWait(20);
        window.showView(NavigatorModel::View::Stuck);
    }

    // Shows the transaction and waits until it is the selected row.
    bool select(const QString &id)
    {
        window.showView(NavigatorModel::View::Transactions);
        window.transactions()->list()->filterEdit()->setText(id);
        // The filter applied and its rows loaded first: a row selected before would go with the
        // rows the filter replaces (on a busy machine it did, and Repair then had no selection).
        if (!QTest::qWaitFor([&] { return !window.isBusy(); }, kWaitMs))
            return false;
        window.transactions()->list()->selectKey(id);
        return QTest::qWaitFor(
            [&] { return !window.isBusy() && window.selectedTransactions().size() == 1 && window.selectedTransactions().first().id == id; },
            kWaitMs);
    }
};

// Types text key by key as an operator would; text a keyboard cannot type (non-ASCII) is pasted.
void type(QLineEdit *field, const QString &text)
{
    const bool ascii = std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() >= 0x20 && c.unicode() < 0x7f; });
    if (ascii)
        QTest::keyClicks(field, text);
    else
        field->insert(text);
}

// What a table's cells really show, whichever delegate painted them: each cell's text as handed to
// the style, cut as the style cuts it (its elide mode, in the text rectangle less the margins the
// style keeps on both sides). Set on a view (QWidget::setStyle), then grab the viewport.
class ShownCells : public QProxyStyle {
public:
    ShownCells()
        : QProxyStyle(QStyleFactory::create(QApplication::style()->name()))
    {}

    QString at(int row, int column) const { return m_shown.value({row, column}); }

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const override
    {
        const auto *cell = qstyleoption_cast<const QStyleOptionViewItem *>(option);
        if (element == CE_ItemViewItem && cell) {
            const int margin = pixelMetric(PM_FocusFrameHMargin, nullptr, widget) + 1;
            const QRect text = subElementRect(SE_ItemViewItemText, cell, widget);
            m_shown[{cell->index.row(), cell->index.column()}] =
                QFontMetrics(cell->font).elidedText(cell->text, cell->textElideMode, text.width() - 2 * margin);
        }
        QProxyStyle::drawControl(element, option, painter, widget);
    }

private:
    mutable QMap<std::pair<int, int>, QString> m_shown;
};

// The repair dialog for the selection: opened at once, or once the ids of rows not loaded yet
// were read (repairDialogOpened follows then; on a busy machine it may); null after a hang.
RepairDialog *openRepair(MainWindow &window, OperatorAction action)
{
    QSignalSpy opened(&window, &MainWindow::repairDialogOpened);
    if (RepairDialog *dialog = window.openRepairDialog(action))
        return dialog;
    if (opened.isEmpty() && !opened.wait(kWaitMs))
        return nullptr;
    return opened.first().first().value<RepairDialog *>();
}

} // namespace

class TestGui : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensWithLiveCounts();
    void aStoreThatCannotBeOpenedIsSaidSo();
    void transferDialogChecksAsYouType_data();
    void transferDialogChecksAsYouType();
    void transferGoesThrough();
    void transferOverSeveralAccounts();
    void aTransferInFlightSaysItIsNotFinished();
    void transferRefusalIsShownInTheDialog_data();
    void transferRefusalIsShownInTheDialog();
    void guidedRepair_data();
    void guidedRepair();
    void repairDialogPreviewsAndRepairs();
    void nothingToRepairAsksForNoReason();
    void compensateIsOffOnceCompensated();
    void stuckShowsWhyFirst();
    void claimAndNoteFromTheConsole();
    void stuckGroupedByCauseAndRepairedByGroup();
    void aViewSwitchClearsTheDetail();
    void timesInLocalTimeOrUtc();
    void copyAsJsonAndDetailWindows();
    void aCompensationIsNamedBeforeAndAfter();
    void copyIds();
    void aFrozenAccountRefusalSaysWhatToDo();
    void newAccountFromTheConsole();
    void accountDetailAndStatus();
    void actionsFollowTheStateMachine();
    void liveUpdatesKeepTheSelection();
    void staysResponsiveWhileAThousandRepairsRun();
    void recoveryCanBeStopped();
    void auditAndLinks();
    void screenshotTour();
    void helpAndVersionNeedNoDisplay();
    void aCommandLineMistakeNeedsNoDisplay_data();
    void aCommandLineMistakeNeedsNoDisplay();
    void screenshotsOfAStoreWithNothingStuck();
    void theKindColumnShowsCompensationWhole();
    void anUnreadableStoreIsNotOfferedANewOne();
    void anUnknownSchemeIsRefusedAndNothingMade();
    void theOpenDialogListsStoresApartFromExports();
    void aCleanAuditKeepsItsSummaryAtTheTop();
    void aRecountKeepsTheCauseListHighlighted();
    void anAccountsLastChangeTicks();
    void anAccountsHistorySaysWhoCreatedItAndItsName();
};

void TestGui::initTestCase()
{
    // Settings (window layout, operator name) go to a throwaway place.
    QStandardPaths::setTestModeEnabled(true);
    QSettings(QStringLiteral("LedgerDesk"), QStringLiteral("ledgerdesk")).clear();
}

void TestGui::opensWithLiveCounts()
{
    Console c;
    QSignalSpy counts(&c.window, &MainWindow::countsLoaded);
    c.window.refreshAll();
    QVERIFY(counts.wait(kWaitMs));
    const qint64 total = *c.store.store().transactionCount({});
    const QString label = c.window.navigatorModel()->indexOf(NavigatorModel::View::Transactions).data().toString();
    QVERIFY2(label.contains(QLocale().toString(total)), qPrintable(label));
    // Through ledgerd the title names the service, and the status bar who is signed in there
    // (the store's durability is the service's business).
    QVERIFY(!throughLedgerd() || c.window.signedIn());
    const QUrl server = throughLedgerd() ? c.window.signedIn()->server.location.url : QUrl();
    QVERIFY(c.window.windowTitle().contains(throughLedgerd() ? server.host() : storeShortName(c.store.path())));
    QVERIFY(c.window.actions()->newTransfer->isEnabled());
    // The durability of the store's writes, where the operator looks.
    const QString said = throughLedgerd()
                           ? QStringLiteral("signed in as %1 (operator) at %2:%3").arg(Console::kOperator, server.host()).arg(server.port())
                       : onPostgres() ? QStringLiteral("synchronous_commit=on")
                                      : QStringLiteral("synchronous=NORMAL");
    bool shown = false;
    for (const QLabel *l : c.window.statusBar()->findChildren<QLabel *>())
        shown = shown || l->text().contains(said);
    QVERIFY2(shown, qPrintable(said));
}

void TestGui::aStoreThatCannotBeOpenedIsSaidSo()
{
    if (throughLedgerd())
        QSKIP("local by nature: a file that is no store, opened in the window");
    QTemporaryDir dir;
    const QString notAStore = dir.filePath(QStringLiteral("notes.db"));
    {
        QFile f(notAStore);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("these are not the books you are looking for");
    }
    MainWindow window;
    window.show();
    QSignalSpy failed(&window, &MainWindow::storeFailed);
    window.openStore(notAStore, OpenMode::Existing);
    QVERIFY(failed.wait(kWaitMs));
    QVERIFY(failed.first().first().toString().startsWith(QStringLiteral("error: store-not-ledger: ")));
    // The operator is told in a dialog with the same words as ledgerctl, and nothing else opened.
    QMessageBox *box = window.findChild<QMessageBox *>();
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY(box->text().contains(QStringLiteral("store-not-ledger")));
    QVERIFY(!window.hasStore());
    QVERIFY(!window.actions()->newTransfer->isEnabled());
    box->accept();
    // A missing file is "no store", not a new empty one created by accident.
    window.openStore(dir.filePath(QStringLiteral("missing.db")), OpenMode::Existing);
    QVERIFY(failed.wait(kWaitMs));
    QVERIFY(failed.last().first().toString().startsWith(QStringLiteral("error: store-unavailable: ")));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing.db"))));
}

void TestGui::transferDialogChecksAsYouType_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("memo");
    QTest::addColumn<QString>("key");     // replaces the key filled in beforehand ("" keeps it)
    QTest::addColumn<QString>("field");   // the field whose message must show ("" when valid)
    QTest::addColumn<QString>("message"); // the message ledgerctl gives for it, written out
    QTest::addColumn<bool>("okEnabled");
    const QString longMemo(kMaxMemoLength + 1, QLatin1Char('m'));
    // clang-format off
    QTest::newRow("valid") << "alice" << "bob" << "1.00" << "rent" << "" << "" << "" << true;
    QTest::newRow("bad source id") << "al ice" << "bob" << "1" << "" << "" << "source"
                                   << "source account id \"al ice\" contains a space (U+0020) at position 3; use letters, digits, '.', '_' and '-'" << false;
    // clang-format on
    // The store's state, not bad input: said in the store's words, and Transfer waits (the store
    // would only refuse it).
    // clang-format off
    QTest::newRow("unknown destination") << "alice" << "nobody" << "1" << "" << "" << "destination"
                                         << "no account nobody" << false;
    QTest::newRow("same account") << "alice" << "alice" << "1" << "" << "" << "destination" << "source and destination are both alice" << false;
    QTest::newRow("negative amount") << "alice" << "bob" << "-1" << "" << "" << "amount"
                                     << "amount \"-1\" has a sign; amounts are always positive, write 12.34" << false;
    QTest::newRow("zero") << "alice" << "bob" << "0" << "" << "" << "amount" << "amount must be greater than zero" << false;
    QTest::newRow("exponent") << "alice" << "bob" << "1e3" << "" << "" << "amount" << "amount \"1e3\" uses an exponent; write the digits out" << false;
    QTest::newRow("thousands separator") << "alice" << "bob" << "1,000" << "" << "" << "amount"
                                         << "amount \"1,000\" has a thousands separator; write 1000.00, not 1,000.00" << false;
    QTest::newRow("too many decimals") << "alice" << "bob" << "0.001" << "" << "" << "amount"
                                       << "amount \"0.001\" has 3 decimal places; this ledger allows at most 2" << false;
    QTest::newRow("fullwidth digit") << "alice" << "bob" << "\uff19" << "" << "" << "amount" << "amount \"\uff19\" uses non-ASCII digits; use 0-9" << false;
    QTest::newRow("leading space") << "alice" << "bob" << " 5" << "" << "" << "amount" << "amount \" 5\" contains white space" << false;
    QTest::newRow("trailing space") << "alice" << "bob" << "5 " << "" << "" << "amount" << "amount \"5 \" contains white space" << false;
    QTest::newRow("NaN") << "alice" << "bob" << "NaN" << "" << "" << "amount" << "amount \"NaN\" is not a decimal number; write it like 12.34" << false;
    QTest::newRow("SQL in the source id") << "a';DROP TABLE accounts;--" << "bob" << "1" << "" << "" << "source"
                                          << "source account id \"a';DROP TABLE accounts;--\" contains ''' (U+0027) at position 2; use letters, digits, '.', '_' and '-'" << false;
    // clang-format on
    const QString longId(65, QLatin1Char('a'));
    // clang-format off
    QTest::newRow("destination id too long") << "alice" << longId << "1" << "" << "" << "destination"
                                             << QStringLiteral("destination account id \"%1\u2026\" is 65 characters long; the limit is 64").arg(QString(40, QLatin1Char('a'))) << false;
    QTest::newRow("past int64") << "alice" << "bob" << "92233720368547758.08" << "" << "" << "amount"
                                << "amount \"92233720368547758.08\" is too large; the most this ledger holds is 92233720368547758.07" << false;
    QTest::newRow("control character in memo") << "alice" << "bob" << "1" << "a\x07" << "" << "memo"
                                               << "memo \"a\\u0007\" contains a control character (U+0007)" << false;
    QTest::newRow("memo too long") << "alice" << "bob" << "1" << longMemo << "" << "memo" << "memo is 501 characters long; the limit is 500" << false;
    QTest::newRow("key with a space") << "alice" << "bob" << "1" << "" << "my key" << "key"
                                      << "idempotency key \"my key\" contains a space (U+0020); use printable ASCII without spaces" << false;
    // clang-format on
}

void TestGui::transferDialogChecksAsYouType()
{
    QFETCH(QString, source);
    QFETCH(QString, destination);
    QFETCH(QString, amount);
    QFETCH(QString, memo);
    QFETCH(QString, key);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QFETCH(bool, okEnabled);
    Console c;
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled()); // nothing typed yet
    QVERIFY(c.settle());       // the account list for completion (and the unknown-account check)
    // Type as an operator would, key by key.
    type(dialog->findChild<QLineEdit *>(QStringLiteral("source")), source);
    type(dialog->findChild<QLineEdit *>(QStringLiteral("destination")), destination);
    type(dialog->findChild<QLineEdit *>(QStringLiteral("amount")), amount);
    type(dialog->findChild<QLineEdit *>(QStringLiteral("memo")), memo);
    if (!key.isEmpty()) {
        dialog->findChild<QLineEdit *>(QStringLiteral("key"))->clear();
        type(dialog->findChild<QLineEdit *>(QStringLiteral("key")), key);
    }
    for (const QString &f :
         {QStringLiteral("source"), QStringLiteral("destination"), QStringLiteral("amount"), QStringLiteral("memo"), QStringLiteral("key")})
        QCOMPARE(dialog->fieldError(f), f == field ? message : QString());
    QCOMPARE(ok->isEnabled(), okEnabled);
    dialog->reject();
}

void TestGui::transferGoesThrough()
{
    Console c;
    QVERIFY(c.settle());
    const qint64 bobBefore = balanceOf(c.store.store(), QStringLiteral("bob"));
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    const QString key = dialog->findChild<QLineEdit *>(QStringLiteral("key"))->text();
    QVERIFY(checkIdempotencyKey(key).ok()); // filled in beforehand
    dialog->findChild<QLineEdit *>(QStringLiteral("source"))->setText(QStringLiteral("alice"));
    dialog->findChild<QLineEdit *>(QStringLiteral("destination"))->setText(QStringLiteral("bob"));
    dialog->findChild<QLineEdit *>(QStringLiteral("amount"))->setText(QStringLiteral("12.34"));
    QSignalSpy done(dialog, &TransferDialog::transferDone);
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QTest::mouseClick(ok, Qt::LeftButton);
    QTest::mouseClick(ok, Qt::LeftButton); // a double click pays once
    QVERIFY(done.wait(kWaitMs));
    const Transaction tx = done.first().first().value<Transaction>();
    QCOMPARE(tx.state, TxState::Done);
    QCOMPARE(tx.idempotencyKey, key);
    QCOMPARE(balanceOf(c.store.store(), QStringLiteral("bob")), bobBefore + 1234);
    // The new transfer shows up in the table by itself.
    c.window.showView(NavigatorModel::View::Transactions);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowOfKey(tx.id) >= 0; }, kWaitMs));
}

void TestGui::aTransferInFlightSaysItIsNotFinished()
{
    // The operator submits with a key whose transfer another worker still drives (its lease runs
    // for an hour): the dialog closes on the answer, and the status bar says it is not finished —
    // not "is pending", which reads like news of a finished step.
    Console c;
    QVERIFY(c.settle());
    CoordinatorOptions elsewhere;
    elsewhere.leaseMs = 3'600'000;
    elsewhere.hook = abandonAfterHook(Step::HoldDebit);
    const TxOutcome left = Coordinator(c.store.store(), elsewhere)
                               .transfer({QStringLiteral("alice"), QStringLiteral("bob"), 500, QString(), QStringLiteral("order-10")});
    QCOMPARE(left.error.code, ErrorCode::Interrupted);
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    dialog->findChild<QLineEdit *>(QStringLiteral("source"))->setText(QStringLiteral("alice"));
    dialog->findChild<QLineEdit *>(QStringLiteral("destination"))->setText(QStringLiteral("bob"));
    dialog->findChild<QLineEdit *>(QStringLiteral("amount"))->setText(QStringLiteral("5.00"));
    dialog->findChild<QLineEdit *>(QStringLiteral("key"))->setText(QStringLiteral("order-10"));
    QSignalSpy done(dialog, &TransferDialog::transferDone);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(done.wait(kWaitMs));
    QCOMPARE(done.first().first().value<Transaction>().state, TxState::Pending);
    const QString said = c.window.statusBar()->currentMessage();
    QCOMPARE(said, QStringLiteral("%1 is pending: accepted, not finished; no money has moved yet (in progress, driven by %2)")
                       .arg(left.tx->id, left.tx->owner));
}

void TestGui::transferOverSeveralAccounts()
{
    Console c;
    QVERIFY(c.settle());
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    const qint64 alice = balanceOf(c.store.store(), QStringLiteral("alice"));
    const qint64 bob = balanceOf(c.store.store(), QStringLiteral("bob"));
    const qint64 acme = balanceOf(c.store.store(), QStringLiteral("acme-corp"));
    type(dialog->findChild<QLineEdit *>(QStringLiteral("source")), QStringLiteral("alice"));
    type(dialog->findChild<QLineEdit *>(QStringLiteral("destination")), QStringLiteral("bob"));
    type(dialog->findChild<QLineEdit *>(QStringLiteral("amount")), QStringLiteral("10.00"));
    // "Add leg": what was typed becomes two legs, a third is waiting for its account.
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("addLeg")), Qt::LeftButton);
    QVERIFY(dialog->usesLegs());
    LegsEditor *legs = dialog->legsEditor();
    QCOMPARE(legs->legCount(), 3);
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QList<LegInput> typed = legs->legs();
    QCOMPARE(typed[0].side, LegSide::Debit);
    QCOMPARE(typed[0].account, QStringLiteral("alice"));
    QCOMPARE(typed[2].side, LegSide::Credit);
    // bob 9.70 and acme-corp 0.20: 0.10 short, said in the ledger's words, OK stays off.
    typed[1].amount = QStringLiteral("9.70");
    typed[2].account = QStringLiteral("acme-corp");
    typed[2].amount = QStringLiteral("0.20");
    legs->setLegs(typed);
    QVERIFY2(legs->problem().contains(QStringLiteral("10.00")) && legs->problem().contains(QStringLiteral("9.90")),
             qPrintable(legs->problem()));
    QVERIFY(!ok->isEnabled());
    typed[2].amount = QStringLiteral("0.30");
    legs->setLegs(typed);
    QCOMPARE(legs->problem(), QString());
    QVERIFY(ok->isEnabled());
    // The legs editor and its rows show once the event loop has run (a layout shows new widgets
    // by a queued call).
    QVERIFY(QTest::qWaitFor([&] { return legs->isVisible(); }, kWaitMs));
    if (const QString shots = qEnvironmentVariable("LEDGER_TEST_SCREENSHOTS"); !shots.isEmpty()) {
        dialog->adjustSize();
        QTest::qWait(50);
        dialog->grab().save(QDir(shots).filePath(QStringLiteral("transfer-legs.png")));
    }
    QSignalSpy done(dialog, &TransferDialog::transferDone);
    QTest::mouseClick(ok, Qt::LeftButton);
    QVERIFY(done.wait(kWaitMs));
    const Transaction tx = done.first().first().value<Transaction>();
    QCOMPARE(tx.state, TxState::Done);
    QCOMPARE(tx.legs.size(), 3);
    QCOMPARE(balanceOf(c.store.store(), QStringLiteral("alice")), alice - 1000);
    QCOMPARE(balanceOf(c.store.store(), QStringLiteral("bob")), bob + 970);
    QCOMPARE(balanceOf(c.store.store(), QStringLiteral("acme-corp")), acme + 30);
    // Its detail names every leg's account.
    c.window.showView(NavigatorModel::View::Transactions);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowOfKey(tx.id) >= 0; }, kWaitMs));
}

void TestGui::transferRefusalIsShownInTheDialog_data()
{
    // What the dialog foresees it does not send; what changed after it read the accounts (here,
    // before it heard of it) the store still refuses, and the dialog shows.
    QTest::addColumn<QString>("destination");
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("code");
    // clang-format off
    QTest::newRow("funds") << "bob" << "" << "insufficient-funds"; // half alice has; she pays three quarters away meanwhile
    QTest::newRow("frozen account") << "dave" << "1" << "account-frozen"; // dave is frozen meanwhile
    QTest::newRow("unknown account") << "nobody" << "1" << "unknown-account"; // sent before the accounts were read
    // clang-format on
}

void TestGui::transferRefusalIsShownInTheDialog()
{
    QFETCH(QString, destination);
    QFETCH(QString, amount);
    QFETCH(QString, code);
    Console c;
    TransferDialog *dialog = c.window.openTransferDialog();
    const bool unknown = code == QLatin1String("unknown-account");
    if (!unknown)
        QVERIFY(c.settle());
    Store &s = c.store.store();
    const qint64 alice = balanceOf(s, QStringLiteral("alice"));
    if (amount.isEmpty())
        amount = money::format(alice / 2, s.scale());
    dialog->findChild<QLineEdit *>(QStringLiteral("source"))->setText(QStringLiteral("alice"));
    dialog->findChild<QLineEdit *>(QStringLiteral("destination"))->setText(destination);
    dialog->findChild<QLineEdit *>(QStringLiteral("amount"))->setText(amount);
    QVERIFY(dialog->canSubmit());
    if (code == QLatin1String("insufficient-funds"))
        QVERIFY(
            Coordinator(s, {}).transfer({QStringLiteral("alice"), QStringLiteral("erin"), alice - alice / 4, QString(), QString()}).ok());
    if (code == QLatin1String("account-frozen"))
        QVERIFY(s.setAccountStatus(destination, AccountStatus::Frozen, QStringLiteral("test"), QStringLiteral("review")).ok());
    const QString key = dialog->findChild<QLineEdit *>(QStringLiteral("key"))->text();
    QSignalSpy submitted(dialog, &TransferDialog::submitted);
    dialog->accept();
    dialog->reject(); // closing while it is submitted is refused: the answer must be seen
    QVERIFY(submitted.wait(kWaitMs));
    QVERIFY(dialog->isVisible()); // the operator reads why, and may change the transfer
    QVERIFY2(dialog->bannerText().contains(code), qPrintable(dialog->bannerText()));
    // A refused transfer used its key up (a new attempt gets a new one); one refused before any
    // document existed (unknown account) keeps it.
    QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("key"))->text() != key, !unknown);
    dialog->reject();
}

void TestGui::guidedRepair_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<TxState>("final");
    QTest::newRow("resume: never started") << Step::Insert << qint64(1000) << OperatorAction::Resume << TxState::Done;
    QTest::newRow("resume: debit held") << Step::HoldDebit << qint64(1000) << OperatorAction::Resume << TxState::Done;
    QTest::newRow("cancel: debit held") << Step::HoldDebit << qint64(1000) << OperatorAction::Cancel << TxState::Canceled;
    QTest::newRow("cancel: never started") << Step::Insert << qint64(1000) << OperatorAction::Cancel << TxState::Canceled;
    QTest::newRow("resume: decided") << Step::Applied << qint64(1000) << OperatorAction::Resume << TxState::Done;
    QTest::newRow("resume: half posted") << Step::PostDebit << qint64(1000) << OperatorAction::Resume << TxState::Done;
    QTest::newRow("resume: cancel interrupted") << Step::Canceling << qint64(99'999'999) << OperatorAction::Resume << TxState::Canceled;
    QTest::newRow("compensate: done") << Step::Done << qint64(1000) << OperatorAction::Compensate << TxState::Done;
}

void TestGui::guidedRepair()
{
    QFETCH(Step, stopAfter);
    QFETCH(qint64, amount);
    QFETCH(OperatorAction, action);
    QFETCH(TxState, final);
    Console c;
    const QString id = c.crashed(stopAfter, money::format(amount, 2));
    QVERIFY(!id.isEmpty());
    QVERIFY(c.select(id));
    QVERIFY(c.window.actions()->guidedRepair->isEnabled());
    RepairWizard *wizard = c.window.openRepairWizard();
    QVERIFY(wizard);
    QSignalSpy diagnosed(wizard, &RepairWizard::diagnosed);
    QVERIFY(diagnosed.wait(kWaitMs));
    QCOMPARE(wizard->diagnosis->tx.id, id);
    wizard->next();
    QCOMPARE(wizard->currentId(), int(RepairWizard::ActionPageId));
    // Pick the action (the recommended one is preselected; allowed ones are enabled).
    bool picked = false;
    for (QRadioButton *b : wizard->currentPage()->findChildren<QRadioButton *>()) {
        if (b->text().startsWith(actionTitle(action))) {
            QVERIFY2(b->isEnabled(), qPrintable(b->toolTip()));
            b->click();
            picked = true;
        }
    }
    QVERIFY(picked);
    QSignalSpy previewed(wizard, &RepairWizard::previewed);
    wizard->next();
    QVERIFY(previewed.wait(kWaitMs));
    QVERIFY(wizard->currentPage()->isComplete());
    wizard->next();
    QCOMPARE(wizard->currentId(), int(RepairWizard::ConfirmPageId));
    QVERIFY(!wizard->currentPage()->isComplete()); // a reason is required
    QTest::keyClicks(wizard->currentPage()->findChild<QLineEdit *>(), QStringLiteral("found stuck at 3 a.m."));
    QVERIFY(wizard->currentPage()->isComplete());
    QSignalSpy verified(wizard, &RepairWizard::verified);
    wizard->next();
    QVERIFY(verified.wait(kWaitMs));
    QVERIFY2(wizard->verification->ok, qPrintable(wizard->verification->message));
    // The result page: Finish alone (nothing is left to cancel).
    QVERIFY(!wizard->button(QWizard::CancelButton)->isVisible());
    QVERIFY(wizard->button(QWizard::FinishButton)->isVisible());
    const QString repaired = wizard->outcome->tx->id;
    QCOMPARE(c.store.store().transaction(repaired)->state, final);
    if (action == OperatorAction::Compensate)
        QCOMPARE(repaired, compensationId(id, 1));
    // The operator and the reason are in the journal (a compensation carries them from its start).
    const auto journal = *c.store.store().journal(DocKind::Transaction, repaired);
    QVERIFY(std::any_of(journal.cbegin(), journal.cend(), [](const JournalEntry &j) {
        return j.detail == QLatin1String("found stuck at 3 a.m.") && j.actor == Console::kOperator;
    }));
    QCOMPARE(heldMarkerCount(c.store.store()), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    wizard->accept();
    // Behind it, the window shows what was repaired (a compensation: the new one), selected — the
    // detail and the selection agree, never a neighbour that slid into the row.
    QVERIFY(QTest::qWaitFor(
        [&] {
            const QList<Transaction> selected = c.window.selectedTransactions();
            return selected.size() == 1 && selected.first().id == repaired && c.window.detailPanel()->transactionId() == repaired;
        },
        kWaitMs));
}

void TestGui::repairDialogPreviewsAndRepairs()
{
    Console c;
    QStringList ids;
    for (Step s : {Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied})
        ids << c.stuck(s);
    QTest::qWait(20); // the 1 ms leases run out: all four are stuck
    c.window.showView(NavigatorModel::View::Stuck);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == 4 && !c.window.isBusy(); }, kWaitMs));
    c.window.transactions()->list()->table()->selectAll();
    QVERIFY(QTest::qWaitFor([&] { return c.window.selectedTransactions().size() == 4; }, kWaitMs));
    QVERIFY(c.window.actions()->cancel->isEnabled()); // three of the four may be canceled
    RepairDialog *dialog = openRepair(c.window, OperatorAction::Cancel);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    const RepairPlan &plan = dialog->preview()->plan();
    QCOMPARE(plan.eligibleCount(), 3); // the applied one is past cancelling
    QVERIFY(std::any_of(plan.items.cbegin(), plan.items.cend(),
                        [](const PlannedRepair &p) { return !p.eligible && p.from == TxState::Applied; }));
    QVERIFY(!plan.accounts.isEmpty());
    QVERIFY(!dialog->repairButton()->isEnabled()); // no reason yet
    dialog->setReason(QStringLiteral("customer withdrew the orders"));
    QVERIFY(dialog->repairButton()->isEnabled());
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    QTest::mouseClick(dialog->repairButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().succeeded(), 3);
    // The three stopped before their commit point are canceled; the applied one is left as it was.
    const QList<TxState> after{TxState::Canceled, TxState::Canceled, TxState::Canceled, TxState::Applied};
    for (int i = 0; i < ids.size(); ++i)
        QCOMPARE(c.store.store().transaction(ids.at(i))->state, after.at(i));
    // Every account is where the preview said it would be.
    for (const AccountImpact &a : plan.accounts) {
        const Account now = *c.store.store().account(a.id);
        QCOMPARE(now.balance, a.balanceAfter);
        QCOMPARE(now.pendingDebits, a.pendingDebitsAfter);
        QCOMPARE(now.pendingCredits, a.pendingCreditsAfter);
    }
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    dialog->reject();
}

void TestGui::accountDetailAndStatus()
{
    Console c;
    const QString stuck = c.stuck(Step::HoldDebit); // alice holds 10.00 for it
    QSignalSpy loaded(c.window.accountPanel(), &AccountPanel::loaded);
    c.window.showAccountById(QStringLiteral("alice"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountPanel()->accountId() == QLatin1String("alice"); }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountPanel()->shownHtml().contains(stuck); }, kWaitMs));
    QVERIFY(c.window.accountPanel()->shownHtml().contains(QStringLiteral("10.00")));
    if (const QString shots = qEnvironmentVariable("LEDGER_TEST_SCREENSHOTS"); !shots.isEmpty())
        c.window.grab().save(QDir(shots).filePath(QStringLiteral("account-detail.png")));

    // Freeze and unfreeze from the console, journaled with the operator and the reason.
    QSignalSpy changed(c.window.accounts(), &AccountsPage::statusChanged);
    c.window.accounts()->changeStatus(QStringLiteral("alice"), AccountStatus::Frozen, QStringLiteral("fraud check"));
    QVERIFY(changed.wait(kWaitMs));
    QVERIFY(changed.last().at(1).toBool());
    QCOMPARE(c.store.store().account(QStringLiteral("alice"))->status, AccountStatus::Frozen);
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountPanel()->shownHtml().contains(QStringLiteral("fraud check")); }, kWaitMs));
    const auto history = *c.store.store().journal(DocKind::Account, QStringLiteral("alice"));
    QVERIFY(std::any_of(history.cbegin(), history.cend(),
                        [](const JournalEntry &j) { return j.actor == Console::kOperator && j.detail == QLatin1String("fraud check"); }));
    c.window.accounts()->changeStatus(QStringLiteral("alice"), AccountStatus::Open, QStringLiteral("cleared"));
    QVERIFY(changed.wait(kWaitMs));
    QCOMPARE(c.store.store().account(QStringLiteral("alice"))->status, AccountStatus::Open);
    // Closing an account that still has money is refused, and said.
    c.window.accounts()->changeStatus(QStringLiteral("alice"), AccountStatus::Closed, QStringLiteral("customer left"));
    QVERIFY(changed.wait(kWaitMs));
    QVERIFY(!changed.last().at(1).toBool());
    QCOMPARE(c.store.store().account(QStringLiteral("alice"))->status, AccountStatus::Open);
    // The hold's link leads to its transaction.
    c.window.showTransactionById(stuck);
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->transactionId() == stuck; }, kWaitMs));
}

void TestGui::aFrozenAccountRefusalSaysWhatToDo()
{
    // A compensation refused because the original's destination was frozen since: the dialog
    // says how to go on.
    Console c;
    const QString id =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.store.store().setAccountStatus(QStringLiteral("bob"), AccountStatus::Frozen, QStringLiteral("t"), QStringLiteral("t")).ok());
    QVERIFY(c.select(id));
    RepairDialog *dialog = openRepair(c.window, OperatorAction::Compensate);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    dialog->setReason(QStringLiteral("paid twice"));
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    QSignalSpy linked(dialog, &RepairDialog::frozenAccountsLinked);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    auto *status = dialog->findChild<QLabel *>(QStringLiteral("status"));
    QVERIFY2(status->text().contains(QStringLiteral("unfreeze it in Accounts")), qPrintable(status->text()));
    // ... and links straight to the frozen account, which the main window then shows.
    QVERIFY(linked.count() == 1 || linked.wait(kWaitMs));
    QVERIFY2(status->text().contains(QStringLiteral("<a href='account:bob'>bob</a>")), qPrintable(status->text()));
    Q_EMIT status->linkActivated(QStringLiteral("account:bob"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accounts()->list()->currentKey() == QLatin1String("bob"); }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountPanel()->shownHtml().contains(QStringLiteral("frozen")); }, kWaitMs));
}

void TestGui::newAccountFromTheConsole()
{
    Console c;
    c.window.showView(NavigatorModel::View::Accounts);
    QVERIFY(c.window.actions()->newAccount->isEnabled());
    NewAccountDialog *dialog = c.window.openNewAccountDialog();
    QVERIFY(dialog);
    QVERIFY(!dialog->createButton()->isEnabled());
    dialog->idEdit()->setText(QStringLiteral("bad id!"));
    QVERIFY(!dialog->createButton()->isEnabled());
    QVERIFY(dialog->findChildren<QLabel *>().size() > 0);
    dialog->idEdit()->setText(QStringLiteral("alice")); // taken: said in the dialog, which stays
    dialog->nameEdit()->setText(QStringLiteral("Another Alice"));
    QVERIFY(dialog->createButton()->isEnabled());
    dialog->create();
    QVERIFY(QTest::qWaitFor([&] { return dialog->createButton()->isEnabled(); }, kWaitMs));
    bool said = false;
    for (QLabel *l : dialog->findChildren<QLabel *>())
        said = said || l->text().startsWith(QStringLiteral("account-exists"));
    QVERIFY(said);
    dialog->idEdit()->setText(QStringLiteral("zeta-ltd"));
    dialog->nameEdit()->setText(QStringLiteral("Zeta Ltd"));
    dialog->balanceEdit()->setText(QStringLiteral("12.5x"));
    QVERIFY(!dialog->createButton()->isEnabled());
    dialog->balanceEdit()->setText(QStringLiteral("0.00")); // the placeholder typed: no opening
    QVERIFY(dialog->createButton()->isEnabled());
    dialog->balanceEdit()->setText(QStringLiteral("250.00"));
    QSignalSpy created(dialog, &NewAccountDialog::created);
    dialog->create();
    QVERIFY(created.wait(kWaitMs));
    QCOMPARE(c.store.store().account(QStringLiteral("zeta-ltd"))->balance, qint64(25'000));
    QCOMPARE(c.store.store().account(QStringLiteral("zeta-ltd"))->name, QStringLiteral("Zeta Ltd"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accounts()->list()->currentKey() == QLatin1String("zeta-ltd"); }, kWaitMs));
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
}

void TestGui::copyIds()
{
    Console c;
    const QString id = c.stuck(Step::HoldDebit);
    QVERIFY(c.select(id));
    QVERIFY(c.window.actions()->copyIds->isEnabled());
    QGuiApplication::clipboard()->clear();
    c.window.actions()->copyIds->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), id);
}

void TestGui::aCompensationIsNamedBeforeAndAfter()
{
    Console c;
    const QString id =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.select(id));
    RepairDialog *dialog = openRepair(c.window, OperatorAction::Compensate);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    auto *table = dialog->preview()->findChild<QTableWidget *>();
    QVERIFY(table);
    const QString rev = compensationId(id, 1);
    // Before: "→ tx-….rev done", not "done → done".
    QVERIFY2(table->item(0, 2)->text().contains(rev), qPrintable(table->item(0, 2)->text()));
    dialog->setReason(QStringLiteral("paid twice"));
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    // After: the result names the new transaction, and the summary no longer says nothing changed.
    bool named = false;
    for (int col = 0; col < table->columnCount(); ++col)
        named = named || (table->item(0, col) && table->item(0, col)->text().startsWith(rev));
    QVERIFY(named);
    const QString summary = dialog->preview()->findChild<QLabel *>()->text();
    QVERIFY2(!summary.contains(QStringLiteral("Nothing has been changed yet")), qPrintable(summary));
    QCOMPARE(c.store.store().transaction(rev)->state, TxState::Done);
    dialog->accept();
}

void TestGui::nothingToRepairAsksForNoReason()
{
    // An already compensated transfer: compensating it again would skip it. The dialog says so,
    // and neither asks for a reason nor offers Repair.
    Console c;
    Coordinator coordinator(c.store.store(), {});
    const QString id = coordinator.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(coordinator.compensate(id, QStringLiteral("wrong")).ok());
    QVERIFY(c.select(id));
    RepairDialog *dialog = openRepair(c.window, OperatorAction::Compensate);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    QCOMPARE(dialog->preview()->plan().eligibleCount(), 0);
    QVERIFY(!dialog->findChild<QLineEdit *>(QStringLiteral("reason"))->isEnabled());
    const QString status = dialog->findChild<QLabel *>(QStringLiteral("status"))->text();
    QVERIFY2(status.contains(QStringLiteral("Nothing to repair")) && !status.contains(QStringLiteral("reason is required")),
             qPrintable(status));
    dialog->setReason(QStringLiteral("typed anyway"));
    QVERIFY(!dialog->findChildren<QPushButton *>().isEmpty());
    for (QPushButton *b : dialog->findChildren<QPushButton *>()) {
        if (b->text().contains(QStringLiteral("Repair")))
            QVERIFY(!b->isEnabled());
    }
    dialog->reject();
}

void TestGui::compensateIsOffOnceCompensated()
{
    Console c;
    Coordinator coordinator(c.store.store(), {});
    const QString id = coordinator.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.select(id));
    QVERIFY(c.window.actions()->compensate->isEnabled());
    QVERIFY(coordinator.compensate(id, QStringLiteral("paid twice")).ok());
    c.window.refreshAll();
    // The row now knows its compensation is done: nothing is left to compensate, and it says so.
    QAction *compensate = c.window.actions()->compensate;
    QVERIFY(QTest::qWaitFor([&] { return !compensate->isEnabled(); }, kWaitMs));
    QVERIFY2(compensate->toolTip().contains(QStringLiteral("already compensated by ") + compensationId(id, 1)),
             qPrintable(compensate->toolTip()));
}

void TestGui::stuckShowsWhyFirst()
{
    // At the console's default size, Stuck shows how long, who is on it, how much and the error
    // first (the money was off-screen even at 1600 px); the other lists keep the money first.
    Console c;
    c.stuck(Step::HoldDebit);
    QTest::qWait(20);
    QHeaderView *header = c.window.transactions()->list()->table()->horizontalHeader();
    c.window.showView(NavigatorModel::View::Stuck);
    QVERIFY(c.settle());
    QCOMPARE(header->visualIndex(TransactionTableModel::AgeColumn), 2);
    QCOMPARE(header->visualIndex(TransactionTableModel::ClaimColumn), 3);
    QCOMPARE(header->visualIndex(TransactionTableModel::AmountColumn), 4);
    QCOMPARE(header->visualIndex(TransactionTableModel::LastErrorColumn), 5);
    const int visibleWidth = c.window.transactions()->list()->table()->viewport()->width();
    const int amountEnds =
        header->sectionViewportPosition(TransactionTableModel::AmountColumn) + header->sectionSize(TransactionTableModel::AmountColumn);
    QVERIFY2(amountEnds <= visibleWidth, qPrintable(QStringLiteral("%1 of %2").arg(amountEnds).arg(visibleWidth)));
    const int lastErrorStarts = header->sectionViewportPosition(TransactionTableModel::LastErrorColumn);
    QVERIFY2(lastErrorStarts + 80 < visibleWidth, qPrintable(QStringLiteral("%1 of %2").arg(lastErrorStarts).arg(visibleWidth)));
    c.window.showView(NavigatorModel::View::Transactions);
    QVERIFY(c.settle());
    QCOMPARE(header->visualIndex(TransactionTableModel::SourceColumn), 3);
    QCOMPARE(header->visualIndex(TransactionTableModel::AmountColumn), 5);
}

void TestGui::claimAndNoteFromTheConsole()
{
    Console c;
    const QString id = c.stuck(Step::HoldCredit);
    QVERIFY(c.select(id));
    ConsoleActions *a = c.window.actions();
    QVERIFY(a->claim->isEnabled());
    QVERIFY(!a->release->isEnabled());
    QSignalSpy added(&c.window, &MainWindow::remarkAdded);
    a->claim->trigger();
    QVERIFY(added.wait(kWaitMs));
    QVERIFY(QTest::qWaitFor(
        [&] { return c.window.detailPanel()->shownHtml().contains(QStringLiteral("Claimed by ") + Console::kOperator); }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return a->release->isEnabled(); }, kWaitMs));
    c.window.transactions()->addRemark(Remark::Note, QStringLiteral("waiting for the bank"));
    QVERIFY(added.wait(kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml().contains(QStringLiteral("waiting for the bank")); }, kWaitMs));
    a->release->trigger();
    QVERIFY(added.wait(kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return !a->release->isEnabled(); }, kWaitMs));
    // The table (whose claims enable the actions) and the detail panel reload each on their own:
    // under load either may be first.
    QVERIFY(QTest::qWaitFor([&] { return !c.window.detailPanel()->shownHtml().contains(QStringLiteral("Claimed by")); }, kWaitMs));
    // Someone else's claim: the guided repair says whom to speak to first.
    QVERIFY(addRemarkOn(c.store.store(), id, Remark::Claim, QStringLiteral("bob"), QStringLiteral("on the phone")).ok());
    RepairWizard *wizard = c.window.openRepairWizard();
    QVERIFY(wizard);
    QSignalSpy diagnosed(wizard, &RepairWizard::diagnosed);
    QVERIFY(diagnosed.wait(kWaitMs));
    QCOMPARE(wizard->diagnosis->claim->by, QStringLiteral("bob"));
    bool said = false;
    for (QLabel *label : wizard->findChildren<QLabel *>())
        said = said || label->text().contains(QStringLiteral("bob claimed it"));
    QVERIFY(said);
    wizard->reject();
    // A finished transaction cannot be claimed.
    const QString done =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.select(done));
    // The actions follow the selection as its row's claims are read (under load, a moment later).
    QVERIFY(QTest::qWaitFor([&] { return !a->claim->isEnabled() && a->addNote->isEnabled(); }, kWaitMs));
}

void TestGui::stuckGroupedByCauseAndRepairedByGroup()
{
    Console c;
    c.stuckInTwoGroups();
    StuckCauseBar *bar = c.window.causeBar();
    QVERIFY(bar->isVisible());
    QVERIFY(QTest::qWaitFor([&] { return bar->combo()->count() == 3 && !c.window.isBusy(); }, kWaitMs));
    QCOMPARE(bar->combo()->itemText(0), QStringLiteral("every cause (5)"));
    QCOMPARE(bar->combo()->itemText(1), QStringLiteral("pending · no error (its worker stopped) (3)"));
    QCOMPARE(bar->combo()->itemText(2), QStringLiteral("canceling · insufficient-funds (2)"));
    // One group: the table lists it alone, and Repair the group previews exactly those.
    QVERIFY(bar->choose(TxState::Canceling, QStringLiteral("insufficient-funds")));
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == 2 && !c.window.isBusy(); }, kWaitMs));
    QSignalSpy opened(&c.window, &MainWindow::repairDialogOpened);
    Q_EMIT bar->repairRequested(OperatorAction::Resume);
    QVERIFY(opened.count() == 1 || opened.wait(kWaitMs));
    auto *dialog = opened.first().first().value<RepairDialog *>();
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(dialog->planReady() || planned.wait(kWaitMs));
    QCOMPARE(dialog->preview()->plan().items.size(), 2);
    QCOMPARE(dialog->preview()->plan().eligibleCount(), 2);
    dialog->setReason(QStringLiteral("funds will not come"));
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().succeeded(), 2);
    dialog->accept();
    // The group is gone; the list falls back to every cause, the other group untouched.
    QVERIFY(QTest::qWaitFor([&] { return bar->combo()->count() == 2 && !bar->chosen(); }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == 3 && !c.window.isBusy(); }, kWaitMs));
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
}

void TestGui::aViewSwitchClearsTheDetail()
{
    // The detail of a transaction selected in one view does not stay under another view's list.
    Console c;
    const QString id =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.select(id));
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml().contains(id); }, kWaitMs));
    c.window.showView(NavigatorModel::View::Stuck);
    QVERIFY(c.settle());
    QCOMPARE(c.window.detailPanel()->transactionId(), QString());
    QVERIFY(!c.window.detailPanel()->shownHtml().contains(id));
}

void TestGui::timesInLocalTimeOrUtc()
{
    Console c;
    const Transaction tx =
        *Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx;
    QAction *utc = c.window.actions()->utcTimes;
    utc->setChecked(false);
    QVERIFY(c.select(tx.id));
    const QString local = shownTime(tx.createdAt, TimeStyle::Local);
    QVERIFY(local.endsWith(tx.createdAt.toLocalTime().timeZoneAbbreviation()));
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml().contains(local); }, kWaitMs));
    QVERIFY(!c.window.detailPanel()->shownHtml().contains(formatTimestamp(tx.createdAt)));
    // View ▸ Times in UTC: the store's own form, at once and remembered.
    utc->setChecked(true);
    QVERIFY(c.window.detailPanel()->shownHtml().contains(formatTimestamp(tx.createdAt)));
    QVERIFY(c.window.settings().utcTimes());
    c.window.showView(NavigatorModel::View::Actions);
    QVERIFY(c.settle());
    utc->setChecked(false);
    QVERIFY(!c.window.settings().utcTimes());
}

void TestGui::copyAsJsonAndDetailWindows()
{
    Console c;
    const QString id =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.select(id));
    ConsoleActions *a = c.window.actions();
    a->copyJson->trigger();
    const QJsonObject copied = QJsonDocument::fromJson(QGuiApplication::clipboard()->text().toUtf8()).object();
    QCOMPARE(copied.value(QStringLiteral("id")).toString(), id);
    QCOMPARE(copied.value(QStringLiteral("amount")).toString(), QStringLiteral("1.00"));
    // A window of its own that follows the store.
    a->openWindow->trigger();
    QCOMPARE(c.window.detailWindows().size(), 1);
    auto *window = qobject_cast<DetailPanel *>(c.window.detailWindows().first());
    QVERIFY(window && window->isWindow() && window->isVisible());
    QVERIFY(QTest::qWaitFor([&] { return window->shownHtml().contains(id); }, kWaitMs));
    // The same from the accounts table.
    c.window.showAccountById(QStringLiteral("alice"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accounts()->list()->currentKey() == QLatin1String("alice"); }, kWaitMs));
    c.window.accounts()->list()->table()->selectRow(c.window.accounts()->list()->table()->currentIndex().row());
    a->copyJson->trigger();
    QCOMPARE(QJsonDocument::fromJson(QGuiApplication::clipboard()->text().toUtf8()).object().value(QStringLiteral("id")).toString(),
             QStringLiteral("alice"));
    a->openWindow->trigger();
    QCOMPARE(c.window.detailWindows().size(), 2);
    auto *account = qobject_cast<AccountPanel *>(c.window.detailWindows().at(1));
    QVERIFY(account && account->isWindow());
    QVERIFY(QTest::qWaitFor(
        [&] { return account->shownHtml().contains(QStringLiteral("Alice")) || account->shownHtml().contains(QStringLiteral("alice")); },
        kWaitMs));
    // Closing a window forgets it; another store closes the rest.
    window->close();
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailWindows().size() == 1; }, kWaitMs));
}

void TestGui::actionsFollowTheStateMachine()
{
    Console c;
    const QString done =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(c.select(done));
    ConsoleActions *a = c.window.actions();
    QVERIFY(!a->resume->isEnabled());
    QVERIFY2(a->resume->toolTip().contains(QStringLiteral("finished")), qPrintable(a->resume->toolTip()));
    QVERIFY(!a->cancel->isEnabled());
    QVERIFY2(a->cancel->toolTip().contains(QStringLiteral("compensate")), qPrintable(a->cancel->toolTip()));
    QVERIFY(a->compensate->isEnabled());

    const QString applied = c.stuck(Step::Applied);
    QVERIFY(c.select(applied));
    QVERIFY(a->resume->isEnabled());
    QVERIFY(!a->cancel->isEnabled());
    QVERIFY2(a->cancel->toolTip().contains(QStringLiteral("decided")), qPrintable(a->cancel->toolTip()));
}

void TestGui::liveUpdatesKeepTheSelection()
{
    Console c;
    for (int i = 0; i < 60; ++i) // enough rows to scroll
        QVERIFY(Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1, QString(), QString()}).ok());
    c.window.showView(NavigatorModel::View::Transactions);
    // Every transaction in the store, these 60 included: the demo alone is over 100 rows, and a
    // count taken before the console noticed the 60 would make the "+3" below "+63".
    const auto inStore = c.store.store().transactionCount(TxQuery{});
    QVERIFY(inStore.ok());
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == *inStore && !c.window.isBusy(); }, kWaitMs));
    QTableView *table = c.window.transactions()->list()->table();
    QAbstractItemModel *shown = table->model(); // the window over the model's rows: the same rows here
    // Two rows selected well down the list, and the view scrolled away from them.
    table->scrollTo(shown->index(40, 0), QAbstractItemView::PositionAtTop);
    QVERIFY(QTest::qWaitFor([&] { return !c.window.isBusy() && c.window.transactionModel()->transactionAt(45).has_value(); }, kWaitMs));
    table->selectionModel()->select(shown->index(42, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    table->selectionModel()->setCurrentIndex(shown->index(45, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactions()->list()->selectedKeys().size() == 2; }, kWaitMs));
    const QStringList selected = c.window.transactions()->list()->selectedKeys();
    const QString current = c.window.transactions()->list()->currentKey();
    table->verticalScrollBar()->setValue(table->verticalScrollBar()->value() + 200);
    const int scroll = table->verticalScrollBar()->value();
    QVERIFY(scroll > 0);
    const int rows = c.window.transactionModel()->rowCount();

    // Another process makes transfers (newest first: they arrive above the selection, and every
    // row below moves down by three).
    auto other = c.store.openAnother();
    Coordinator elsewhere(*other, {});
    QElapsedTimer seen;
    seen.start();
    for (int i = 0; i < 3; ++i)
        QVERIFY(elsewhere.transfer({QStringLiteral("bob"), QStringLiteral("alice"), 1, QString(), QString()}).ok());
    // They show with no action of the operator's (kWaitMs only bounds a hang; how soon is a
    // figure, not a check: a busy machine may take longer).
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == rows + 3; }, kWaitMs));
    qInfo("another connection's transfers showed after %lld ms", static_cast<long long>(seen.elapsed()));
    QVERIFY(QTest::qWaitFor([&] { return !c.window.isBusy() && c.window.transactions()->list()->currentKey() == current; }, kWaitMs));
    QVERIFY(QTest::qWaitFor(
        [&] {
            QStringList now = c.window.transactions()->list()->selectedKeys();
            QStringList was = selected;
            now.sort();
            was.sort();
            return now == was;
        },
        kWaitMs));
    // The same documents are selected, on their new rows, and the view did not move.
    QCOMPARE(c.window.transactionModel()->keyAt(table->currentIndex().row()), current);
    for (const QModelIndex &row : table->selectionModel()->selectedRows())
        QVERIFY(selected.contains(c.window.transactionModel()->keyAt(row.row())));
    QCOMPARE(table->verticalScrollBar()->value(), scroll);
    const QString label = c.window.navigatorModel()->indexOf(NavigatorModel::View::Transactions).data().toString();
    QVERIFY2(label.contains(QLocale().toString(qint64(rows + 3))), qPrintable(label));
}

void TestGui::staysResponsiveWhileAThousandRepairsRun()
{
    Console c;
    for (int i = 0; i < 1000; ++i)
        c.stuck(i % 2 ? Step::Claim : Step::HoldDebit, 1);
    QTest::qWait(20); // the last 1 ms leases run out
    c.window.showView(NavigatorModel::View::Stuck);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == 1000 && !c.window.isBusy(); }, kWaitMs));
    // Select all: most of the thousand rows have not loaded; their ids are read for the repair.
    // A refresh while they are read (a late change notice, the 15 s reading of what is stuck)
    // makes the console ask the operator to choose again, as it should: then they do.
    QSignalSpy opened(&c.window, &MainWindow::repairDialogOpened);
    for (int attempt = 0; attempt < 5 && opened.isEmpty(); ++attempt) {
        c.window.transactions()->list()->table()->selectAll();
        QVERIFY(c.window.unloadedSelectedRows() > 0);
        QVERIFY(c.window.actions()->resume->isEnabled());
        c.window.openRepairDialog(OperatorAction::Resume);
        QVERIFY(QTest::qWaitFor(
            [&] { return !opened.isEmpty() || c.window.statusBar()->currentMessage().startsWith(QLatin1String("The selection changed")); },
            kWaitMs));
    }
    QCOMPARE(opened.count(), 1);
    RepairDialog *dialog = opened.first().first().value<RepairDialog *>();
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    QCOMPARE(dialog->preview()->plan().eligibleCount(), 1000);
    dialog->setReason(QStringLiteral("bulk resume after the outage"));

    // A slow store (1 ms after every write): the thousand repairs take seconds, on a worker.
    qputenv("LEDGER_STEP_DELAY_MS", "1");
    // Responsive means the GUI thread runs its events while the work goes on: a heartbeat timer
    // on it notes the progress bar each time it fires, and it must fire at two different points
    // in the middle of the work (a job run on the GUI thread would let it fire only after the
    // last repair). Conditions, not a time: how long a pause the window had is a figure, logged.
    auto *progress = dialog->findChild<QProgressBar *>(QStringLiteral("progress"));
    QVERIFY(progress);
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0;
    qint64 longestGap = 0;
    int beats = 0;
    QSet<int> seenMidway;
    QTimer heartbeat;
    heartbeat.setInterval(10);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        const qint64 now = clock.elapsed();
        longestGap = qMax(longestGap, now - last);
        last = now;
        ++beats;
        if (progress->value() > 0 && progress->value() < 1000)
            seenMidway.insert(progress->value());
    });
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    heartbeat.start();
    last = clock.elapsed();
    dialog->startRepair();
    QVERIFY(finished.wait(180'000));
    heartbeat.stop();
    qunsetenv("LEDGER_STEP_DELAY_MS");
    qInfo("1000 repairs in %lld ms; the GUI thread beat %d times, saw %lld points of the progress, longest pause %lld ms",
          static_cast<long long>(clock.elapsed()), beats, static_cast<long long>(seenMidway.size()), static_cast<long long>(longestGap));
    QCOMPARE(dialog->report().succeeded(), 1000);
    QVERIFY2(seenMidway.size() >= 2, qPrintable(QStringLiteral("%1 beats").arg(beats)));
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    dialog->reject();
}

void TestGui::recoveryCanBeStopped()
{
    // Through ledgerd the recoveries run there: its steps are slowed from its start (openIn hands
    // it the delay; the stuck ones below are made in this process, which it does not slow).
    if (throughLedgerd())
        qputenv("LEDGER_STEP_DELAY_MS", "5");
    const auto undelayed = qScopeGuard([] { qunsetenv("LEDGER_STEP_DELAY_MS"); });
    Console c;
    for (int i = 0; i < 300; ++i)
        c.stuck(Step::HoldCredit, 1);
    QTest::qWait(20);
    RecoverDialog *dialog = c.window.openRecoverDialog();
    QSignalSpy listed(dialog, &RecoverDialog::candidatesListed);
    QVERIFY(listed.wait(kWaitMs));
    QVERIFY(!dialog->isRunning());
    // Typing goes into the reason, not into the list of what will be recovered.
    QCOMPARE(dialog->focusWidget(), static_cast<QWidget *>(dialog->findChild<QLineEdit *>()));
    // Before anything is done: each one's amount and how it should end, and what the accounts
    // will hold after (as a repair's preview says).
    const QList<QTableWidget *> tables = dialog->findChildren<QTableWidget *>();
    QCOMPARE(tables.size(), 2);
    QCOMPARE(tables[0]->item(0, 3)->text(), QStringLiteral("→ done"));
    QCOMPARE(tables[0]->item(0, 2)->text(), QStringLiteral("0.01"));
    QVERIFY(tables[1]->rowCount() >= 2);
    bool bobMoves = false;
    for (int r = 0; r < tables[1]->rowCount(); ++r)
        bobMoves = bobMoves
                || (tables[1]->item(r, 0)->text() == QLatin1String("bob") && tables[1]->item(r, 1)->text().contains(QStringLiteral("→")));
    QVERIFY(bobMoves);
    dialog->start(); // without a reason nothing starts
    QVERIFY(!dialog->isRunning());
    dialog->setReason(QStringLiteral("outage drill"));
    qputenv("LEDGER_STEP_DELAY_MS", "5");
    QSignalSpy finished(dialog, &RecoverDialog::recoveryFinished);
    // Stopped once the first recovery is done (its progress shown), not after a while: with 5 ms
    // a step, the other 299 take seconds more than the stop needs to reach the worker.
    auto *progress = dialog->findChild<QProgressBar *>();
    QVERIFY(progress);
    connect(progress, &QProgressBar::valueChanged, dialog, [dialog](int done) {
        if (done > 0 && dialog->isRunning())
            dialog->stop();
    });
    dialog->start();
    QVERIFY(dialog->isRunning());
    QVERIFY(finished.wait(60'000));
    qunsetenv("LEDGER_STEP_DELAY_MS");
    const RecoveryReport &r = dialog->report();
    QVERIFY(r.stopped);
    QVERIFY2(r.notStarted > 0 && r.items.size() > 0,
             qPrintable(QStringLiteral("%1 done, %2 not started").arg(r.items.size()).arg(r.notStarted)));
    // Stopping leaves every transaction either finished or untouched, never half-way.
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    const auto journal = *c.store.store().journal(DocKind::Transaction, r.items.first().id);
    QStringList events; // said when it fails (seen once on a loaded machine, @pg: not yet explained)
    for (const JournalEntry &j : journal)
        events << QStringLiteral("%1 by %2 (%3)").arg(j.event, j.actor, j.detail);
    QVERIFY2(std::any_of(journal.cbegin(), journal.cend(),
                         [](const JournalEntry &j) {
                             return j.event == QLatin1String("recovered") && j.detail.startsWith(QLatin1String("outage drill"))
                                 && j.actor == QStringLiteral("recovery:%1").arg(Console::kOperator);
                         }),
             qPrintable(QStringLiteral("first item %1 ended %2 (%3); journal: %4")
                            .arg(r.items.first().id, nameOf(r.items.first().outcome), r.items.first().message,
                                 events.join(QStringLiteral("; ")))));
    dialog->reject();
}

void TestGui::auditAndLinks()
{
    Console c;
    c.window.actions()->runAudit->trigger();
    QSignalSpy finished(c.window.auditPage(), &AuditPage::finished);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.first().first().toBool(), true);
    // Clean: the six invariants checked, each ticked (not an empty table).
    QCOMPARE(c.window.auditPage()->invariantsText().count(QStringLiteral("✔")), 6);
    if (const QString shots = qEnvironmentVariable("LEDGER_TEST_SCREENSHOTS"); !shots.isEmpty())
        c.window.grab().save(QDir(shots).filePath(QStringLiteral("audit-clean.png")));
    // Break an invariant behind the console's back: the audit names the account, and its link
    // opens the account.
    QVERIFY(RawSql(c.store.path()).exec(QStringLiteral("UPDATE accounts SET balance = balance + 1 WHERE id = 'bob'")));
    c.window.auditPage()->runAudit();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.last().first().toBool(), false);
    QVERIFY2(c.window.auditPage()->invariantsText().contains(QStringLiteral("✘ 1.")), qPrintable(c.window.auditPage()->invariantsText()));
    const auto findings = c.window.auditPage()->model()->findings();
    QVERIFY(
        std::any_of(findings.cbegin(), findings.cend(), [](const AuditFinding &f) { return f.accounts.contains(QStringLiteral("bob")); }));

    // The detail panel's timeline, and its link to an account.
    const TxOutcome paid =
        Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("dave"), 5, QString(), QString()});
    QVERIFY2(paid.ok(), qPrintable(paid.error.toString())); // (the demo freezes carol)
    const QString id = paid.tx->id;
    QVERIFY(c.select(id));
    // The panel shows it once loaded (a signal caught before a wait began is no answer: wait on
    // what the panel holds).
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->transactionId() == id; }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml().contains(QStringLiteral("Timeline")); }, kWaitMs));
    const QString html = c.window.detailPanel()->shownHtml();
    QVERIFY(html.contains(QStringLiteral("posted")));
    // Its ages move on while it is read ("(1s ago)", "(2s ago)" …), without a reload.
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml() != html; }, kWaitMs));
    QVERIFY(html.contains(QStringLiteral("account:dave")));
    Q_EMIT c.window.detailPanel()->accountLinkActivated(QStringLiteral("dave"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accounts()->list()->currentKey() == QLatin1String("dave"); }, kWaitMs));
}

void TestGui::screenshotTour()
{
    Console c;
    c.stuck(Step::HoldDebit);
    c.stuck(Step::Applied);
    QTemporaryDir dir;
    ScreenshotTour tour(&c.window, dir.path());
    QSignalSpy finished(&tour, &ScreenshotTour::finished);
    tour.start();
    QVERIFY(finished.wait(60'000));
    QVERIFY2(finished.first().first().toBool(), qPrintable(finished.first().at(1).toString()));
    for (const char *name :
         {"main-window.png", "detail-panel.png", "repair-preview.png", "dashboard.png", "account-detail.png", "operator-actions.png"}) {
        const QImage image(dir.filePath(QLatin1String(name)));
        QVERIFY2(!image.isNull() && image.width() > 200 && image.height() > 200, name);
    }
}

void TestGui::screenshotsOfAStoreWithNothingStuck()
{
    // Nothing stuck: the tour shows every transaction instead, skips the repair preview and says
    // so (it used to wait 30 s for a stuck row, then fail).
    Console c;
    QTemporaryDir dir;
    ScreenshotTour tour(&c.window, dir.path());
    QSignalSpy finished(&tour, &ScreenshotTour::finished);
    tour.start();
    QVERIFY(finished.wait(60'000));
    QVERIFY2(finished.first().first().toBool(), qPrintable(finished.first().at(1).toString()));
    QVERIFY(finished.first().at(1).toString().contains(QStringLiteral("nothing is stuck")));
    for (const char *name : {"main-window.png", "detail-panel.png", "dashboard.png"})
        QVERIFY2(!QImage(dir.filePath(QLatin1String(name))).isNull(), name);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("repair-preview.png"))));
}

void TestGui::helpAndVersionNeedNoDisplay()
{
    if (throughLedgerd())
        QSKIP("local by nature: the program's own options, no store or service");
    // As on a machine without a display: no X, no Wayland, no platform chosen.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    for (const QString &option : {QStringLiteral("--help"), QStringLiteral("--version")}) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LEDGERDESK_PATH), {option});
        QVERIFY(p.waitForFinished(kWaitMs));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(option + QLatin1Char(' ') + QString::fromUtf8(p.readAllStandardError())));
        QVERIFY2(out.contains(option == QLatin1String("--help") ? QStringLiteral("--store") : QStringLiteral(LEDGERDESK_VERSION)),
                 qPrintable(out));
    }
}

void TestGui::aCommandLineMistakeNeedsNoDisplay_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("said");
    QTest::newRow("a palette") << QStringList{QStringLiteral("--palette"), QStringLiteral("pink")} << QStringLiteral("--palette is system");
    QTest::newRow("a server and a store") << QStringList{QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:1"),
                                                         QStringLiteral("--store"), QStringLiteral("x.db")}
                                          << QStringLiteral("--server and --store");
    QTest::newRow("a CA without a server") << QStringList{QStringLiteral("--ca"), QStringLiteral("ca.pem")}
                                           << QStringLiteral("--token-file and --ca go with --server");
}

void TestGui::aCommandLineMistakeNeedsNoDisplay()
{
    if (throughLedgerd())
        QSKIP("local by nature: the program's own options, refused before any store or service");
    // Said and refused (exit 2) before any window system is asked for: on a machine without a
    // display, not an abort of the platform plugin.
    QFETCH(QStringList, args);
    QFETCH(QString, said);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LEDGERDESK_PATH), args);
    QVERIFY(p.waitForFinished(kWaitMs));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 2, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("invalid-argument: ") + said), qPrintable(err));
}

void TestGui::theKindColumnShowsCompensationWhole()
{
    // Operators read "compe…ation": a Kind cut in its middle. The column is wide enough for
    // "compensation", and where a Kind does not fit it is cut at its end (the start of the word
    // says what it is), never in the middle. Read as painted: the text the style is given to draw
    // and how it cuts it, whichever delegate the column has.
    ShownCells shown; // before the window: it outlives the table it is set on
    Console c;
    Coordinator coordinator(c.store.store(), {});
    const QString id = coordinator.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
    QVERIFY(coordinator.compensate(id, QStringLiteral("paid twice")).ok());
    const QString rev = compensationId(id, 1);
    c.window.showView(NavigatorModel::View::Compensations);
    TransactionTableModel *model = c.window.transactionModel();
    QVERIFY(QTest::qWaitFor([&] { return model->rowOfKey(rev) >= 0 && !c.window.isBusy(); }, kWaitMs));
    QTableView *table = c.window.transactions()->list()->table();
    table->setStyle(&shown);
    const QModelIndex kind =
        c.window.transactions()->list()->windowed()->viewIndex(model->rowOfKey(rev), TransactionTableModel::KindColumn);
    const QString word = nameOf(TxKind::Compensation);
    QCOMPARE(kind.data().toString(), word);
    table->scrollTo(kind);
    table->viewport()->grab(); // paints every cell in sight
    QVERIFY2(shown.at(kind.row(), kind.column()) == word,
             qPrintable(QStringLiteral("'%1' in %2 px").arg(shown.at(kind.row(), kind.column())).arg(table->columnWidth(kind.column()))));

    // Too narrow for the word: a token is never cut inside ("compens…", "comp…tion"); it goes
    // whole, "…" stands for it and the tooltip says it.
    const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    table->setColumnWidth(TransactionTableModel::KindColumn, table->fontMetrics().horizontalAdvance(word) * 2 / 3 + 2 * margin);
    table->scrollTo(kind);
    table->viewport()->grab();
    QCOMPARE(shown.at(kind.row(), kind.column()), QString(QChar(0x2026)));
    auto *delegate = qobject_cast<ElidingDelegate *>(table->itemDelegateForIndex(kind));
    QVERIFY(delegate);
    QStyleOptionViewItem option;
    option.initFrom(table->viewport());
    option.widget = table;
    option.rect = table->visualRect(kind);
    const QString tip = delegate->toolTipText(option, kind);
    QVERIFY2(tip.startsWith(word) || tip.startsWith(QLatin1String("<qt>") + word), qPrintable(tip));
}

// Whether this process reads a file whatever its permissions say (root, with CAP_DAC_OVERRIDE).
static bool readsWhateverThePermissions()
{
    QTemporaryDir dir;
    QFile probe(dir.filePath(QStringLiteral("probe")));
    if (!probe.open(QIODevice::WriteOnly))
        return false;
    probe.close();
    probe.setPermissions(QFileDevice::Permissions());
    return probe.open(QIODevice::ReadOnly);
}

void TestGui::anUnreadableStoreIsNotOfferedANewOne()
{
    if (throughLedgerd())
        QSKIP("local by nature: a store file this process may not read, opened in the window");
    // A store the operator may not read is there all the same: "File › New store" would start
    // another ledger beside it. The message says what is wrong (the permissions); the New-store
    // hint is for a store that is not there at all.
    if (readsWhateverThePermissions()) {
        // Root (as CI runs the tests) reads any file. So this case runs again in a child process
        // that cannot: root still, but without the capabilities that pass over permissions
        // (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH: dropped from its bounding set before it starts),
        // so that a file's mode binds it as it binds any owner.
        QVERIFY2(qEnvironmentVariableIsEmpty("LEDGER_TEST_WITHOUT_DAC"), "the child still reads a file it may not read");
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LEDGER_TEST_WITHOUT_DAC"), QStringLiteral("1"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.setChildProcessModifier([] {
            if (::prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0 || ::prctl(PR_CAPBSET_DROP, CAP_DAC_READ_SEARCH, 0, 0, 0) != 0)
                ::_exit(97); // not allowed (no CAP_SETPCAP): said below
        });
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("anUnreadableStoreIsNotOfferedANewOne")});
        QVERIFY(child.waitForFinished(5 * kWaitMs));
        const QString out = QString::fromUtf8(child.readAll());
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() != 97,
                 "cannot drop CAP_DAC_OVERRIDE for the child (prctl PR_CAPBSET_DROP needs CAP_SETPCAP)");
        QVERIFY2(child.exitCode() == 0 && out.contains(QStringLiteral("PASS   : TestGui::anUnreadableStoreIsNotOfferedANewOne()")),
                 qPrintable(out));
        return;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ledger.db"));
    {
        StoreConfig config; // a file, also when the tests run against PostgreSQL
        config.location = path;
        const auto created = createStore(config, 2);
        QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    }
    QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));
    MainWindow window;
    window.show();
    QSignalSpy failed(&window, &MainWindow::storeFailed);
    window.openStore(path, OpenMode::Existing);
    const bool said = failed.wait(kWaitMs);
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QVERIFY(said);
    QVERIFY2(failed.first().first().toString().startsWith(QStringLiteral("error: store-unavailable: ")),
             qPrintable(failed.first().first().toString()));
    QMessageBox *box = window.findChild<QMessageBox *>();
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("permission denied")), qPrintable(box->text()));
    QVERIFY2(!box->text().contains(QStringLiteral("New store")), qPrintable(box->text()));
    QVERIFY(!window.hasStore());
    box->accept(); // closed and deleted: the next message is another box
    QVERIFY(QTest::qWaitFor([&] { return !window.findChild<QMessageBox *>(); }, kWaitMs));

    // Nothing there at all: then a new store is what the operator may want.
    window.openStore(dir.filePath(QStringLiteral("missing.db")), OpenMode::Existing);
    QVERIFY(failed.wait(kWaitMs));
    box = window.findChild<QMessageBox *>();
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("New store")), qPrintable(box->text()));
    box->accept();
}

void TestGui::anUnknownSchemeIsRefusedAndNothingMade()
{
    if (throughLedgerd())
        QSKIP("local by nature: a store location of an unknown scheme, opened in the window");
    // The console's Open (and --store, LEDGERDESK_STORE): "https://example/x.db" was made a file
    // path, "https:/example/x.db", and offered to be created. It is refused for its scheme.
    QTemporaryDir cwd;
    const QString before = QDir::currentPath();
    QVERIFY(QDir::setCurrent(cwd.path()));
    const auto back = qScopeGuard([&] { QDir::setCurrent(before); });
    for (const OpenMode mode : {OpenMode::Existing, OpenMode::ExistingOrDemo}) {
        MainWindow window;
        window.show();
        window.openStore(QStringLiteral("https://example/x.db"), mode);
        QMessageBox *box = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (box = window.findChild<QMessageBox *>()) != nullptr; }, kWaitMs));
        QVERIFY2(box->text().contains(QStringLiteral("does not know the scheme https://")), qPrintable(box->text()));
        // With the words every other refusal starts with (it had the message alone).
        QVERIFY2(box->text().startsWith(QStringLiteral("error: invalid-location: ")), qPrintable(box->text()));
        QVERIFY2(!box->text().contains(QStringLiteral("New store")), qPrintable(box->text()));
        QVERIFY(!window.hasStore());
        box->accept();
    }
    QVERIFY2(QDir(cwd.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty(), "something was created");
}

void TestGui::theOpenDialogListsStoresApartFromExports()
{
    if (throughLedgerd())
        QSKIP("local by nature: File > Open's dialog on store files");
    // Exports are .json files too: listed as "LedgerDesk stores (*.db *.json)", one was opened as
    // a store by mistake. The dialog opens on the .db stores; topologies have a filter of their own.
    MainWindow window;
    window.show();
    QStringList filters;
    QString first;
    // File ▸ Open runs the dialog's own loop: a timer in that loop reads the dialog and closes it
    // (and anything modal that came instead, so that the test cannot hang).
    QElapsedTimer waited;
    waited.start();
    QTimer look;
    look.setInterval(20);
    connect(&look, &QTimer::timeout, this, [&] {
        auto *dialog = window.findChild<QFileDialog *>(QStringLiteral("ledgerFileDialog"));
        if (dialog && dialog->isVisible()) {
            filters = dialog->nameFilters();
            first = dialog->selectedNameFilter();
            dialog->reject();
        } else if (waited.elapsed() > kWaitMs) {
            if (QWidget *modal = QApplication::activeModalWidget())
                modal->close();
        }
    });
    look.start();
    window.actions()->openStore->trigger();
    look.stop();
    QVERIFY2(!filters.isEmpty(), "no file dialog was seen");
    const auto patternsOf = [](const QString &filter) {
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\\(([^)]*)\\)")).match(filter);
        return m.hasMatch() ? m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts) : QStringList();
    };
    QCOMPARE(first, filters.first());
    QCOMPARE(patternsOf(first), QStringList{QStringLiteral("*.db")});
    bool topologies = false;
    for (const QString &filter : std::as_const(filters)) {
        const QStringList patterns = patternsOf(filter);
        QVERIFY2(!(patterns.contains(QStringLiteral("*.db")) && patterns.contains(QStringLiteral("*.json"))), qPrintable(filter));
        topologies = topologies || patterns == QStringList{QStringLiteral("*.json")};
    }
    QVERIFY2(topologies, qPrintable(filters.join(QStringLiteral(";;"))));
}

void TestGui::aCleanAuditKeepsItsSummaryAtTheTop()
{
    // A clean audit hides its findings table. The page's free room used to go to the labels,
    // whose text (centred in them) then floated mid-page; it goes below them now: no label is
    // taller than its text needs (the summary: than its row of buttons, whichever is taller).
    Console c;
    c.window.showView(NavigatorModel::View::Audit);
    AuditPage *view = c.window.auditPage();
    QSignalSpy finished(view, &AuditPage::finished);
    c.window.actions()->runAudit->trigger();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.first().first().toBool(), true);
    view->layout()->activate();
    QApplication::processEvents();
    QVERIFY(view->height() > 400); // room to float in
    int buttons = 0;
    for (const QPushButton *b : view->findChildren<QPushButton *>()) {
        if (b->isVisible())
            buttons = qMax(buttons, b->height());
    }
    int checked = 0;
    for (const QLabel *label : view->findChildren<QLabel *>()) {
        if (!label->isVisible())
            continue;
        ++checked;
        const int needs = qMax(label->hasHeightForWidth() ? label->heightForWidth(label->width()) : 0, label->sizeHint().height());
        QVERIFY2(label->height() <= qMax(needs, buttons) + 4,
                 qPrintable(QStringLiteral("%1 px for %2 px of '%3'").arg(label->height()).arg(needs).arg(label->text().left(60))));
    }
    QVERIFY(checked >= 2); // the summary and the six ticks
}

void TestGui::aRecountKeepsTheCauseListHighlighted()
{
    // Stuck's Cause list, open while the groups are counted again (every change to the store):
    // it was rebuilt, and its highlight went to another entry than the one chosen. The same
    // groups recounted change their texts in place: the highlight stays on the chosen group.
    Console c;
    c.stuckInTwoGroups();
    StuckCauseBar *bar = c.window.causeBar();
    QComboBox *combo = bar->combo();
    QVERIFY(QTest::qWaitFor([&] { return combo->count() == 3 && !c.window.isBusy(); }, kWaitMs));
    // Not the first entry of the list: a list rebuilt under the popup starts there again.
    QVERIFY(bar->choose(TxState::Canceling, QStringLiteral("insufficient-funds")));
    const int chosen = combo->currentIndex();
    QCOMPARE(chosen, 2);
    QVERIFY(c.settle());
    combo->showPopup();
    QVERIFY(QTest::qWaitFor([&] { return combo->view()->isVisible(); }, kWaitMs));
    QCOMPARE(combo->view()->currentIndex().row(), chosen);
    // One more stuck pending (4 against 2: the groups keep their order), counted while the list is open.
    c.stuck(Step::HoldDebit);
    QTest::qWait(20);
    c.window.refreshAll();
    QVERIFY2(QTest::qWaitFor([&] { return combo->itemText(1).endsWith(QStringLiteral("(4)")); }, kWaitMs), qPrintable(combo->itemText(1)));
    QCOMPARE(combo->count(), 3);
    QCOMPARE(combo->currentIndex(), chosen);
    QVERIFY(bar->chosen() && bar->chosen()->state == TxState::Canceling && bar->chosen()->cause == QLatin1String("insufficient-funds"));
    QCOMPARE(combo->view()->currentIndex().row(), combo->currentIndex());
    combo->hidePopup();
}

void TestGui::anAccountsLastChangeTicks()
{
    // The transaction panel's ages moved on while it was read; the account's "Last change" stood
    // still until the next load. Both tick now, by the store's clock as of the load plus the time
    // since: the row changes with no write to the store and no reload.
    Console c;
    AccountPanel *panel = c.window.accountPanel();
    c.window.showAccountById(QStringLiteral("alice"));
    QVERIFY(QTest::qWaitFor(
        [&] { return panel->accountId() == QLatin1String("alice") && panel->shownHtml().contains(QStringLiteral("Last change")); },
        kWaitMs));
    QVERIFY(c.settle());
    // The row from its label to the next heading ("Created" comes before it and ticks too).
    const auto lastChange = [panel] {
        const QString html = panel->shownHtml();
        const int from = html.indexOf(QStringLiteral("Last change"));
        const int to = html.indexOf(QStringLiteral("Holds for transactions in flight"), from);
        return from < 0 || to < 0 ? QString() : html.mid(from, to - from);
    };
    // Seconds under an hour old (the demo is "now"), ticking every second (kWaitMs only bounds a
    // hang: the account panel is not read again by any timer meanwhile). The row must change with
    // no load of the panel between; a load that came anyway (a late announcement of the demo's
    // writes, on PostgreSQL on a busy machine) makes that try not count, and it is tried again.
    bool tickedWithoutALoad = false;
    for (int attempt = 0; attempt < 5 && !tickedWithoutALoad; ++attempt) {
        QSignalSpy reloaded(panel, &AccountPanel::loaded);
        const QString before = lastChange();
        QVERIFY2(before.contains(QStringLiteral(" ago)")), qPrintable(before));
        QVERIFY2(QTest::qWaitFor([&] { return lastChange() != before; }, kWaitMs), qPrintable(before));
        tickedWithoutALoad = reloaded.count() == 0; // the same load, its age moved on
    }
    QVERIFY2(tickedWithoutALoad, "the row changed only when the panel was loaded again");
}

void TestGui::anAccountsHistorySaysWhoCreatedItAndItsName()
{
    // "created — night-operator: Dave Schmidt" read as if Dave were the operator; then "created
    // by night-operator — “Dave Schmidt”" put the name where a reason goes. Who did it, then the
    // name, said to be one: "created by night-operator — name: Dave Schmidt".
    Console c;
    QVERIFY(c.store.store().createAccount(QStringLiteral("dave-schmidt"), QStringLiteral("Dave Schmidt"), Console::kOperator).ok());
    AccountPanel *panel = c.window.accountPanel();
    c.window.showAccountById(QStringLiteral("dave-schmidt"));
    const auto shownText = [panel] {
        QTextDocument document;
        document.setHtml(panel->shownHtml());
        return document.toPlainText();
    };
    const QString wanted = QStringLiteral("created by %1 — name: Dave Schmidt").arg(Console::kOperator);
    QVERIFY2(QTest::qWaitFor([&] { return panel->accountId() == QLatin1String("dave-schmidt") && shownText().contains(wanted); }, kWaitMs),
             qPrintable(shownText()));
    QVERIFY2(!shownText().contains(Console::kOperator + QStringLiteral(": Dave Schmidt")), qPrintable(shownText()));
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
