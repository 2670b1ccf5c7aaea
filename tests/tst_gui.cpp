// The console as an operator uses it, on the offscreen platform: the real window over a real
// store. Issuing transfers through the dialog (valid and every kind of invalid input), every
// repair through the guided wizard on stuck transactions made with the crash steps, batch
// repairs with their preview, actions enabled only where allowed, live updates from another
// connection that keep the selection, the window staying responsive while a thousand repairs
// run, the audit view, and the screenshot tour.
#include "demo.h"
#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/transferdialog.h"
#include "identifiers.h"
#include "mainwindow.h"
#include "models/transactiontablemodel.h"
#include "money.h"
#include "screenshottour.h"
#include "testsupport.h"
#include "widgets/auditview.h"
#include "widgets/detailpanel.h"
#include "widgets/repairpreview.h"
#include "widgets/tablepage.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::OperatorAction)

namespace {

constexpr int kWaitMs = 20'000;

// A window on a fresh demo store, opened and settled.
struct Console {
    TempStore store;
    MainWindow window;

    Console()
    {
        DemoOptions options;
        options.transfers = 80;
        options.stuck = 0;
        if (!fillDemo(store.store(), options).ok())
            qFatal("demo failed");
        QSignalSpy opened(&window, &MainWindow::storeOpened);
        window.openStore(store.path(), OpenMode::Existing);
        window.show();
        if (!opened.wait(kWaitMs))
            qFatal("the store did not open");
    }

    bool settle() { return QTest::qWaitFor([this] { return !window.isBusy(); }, kWaitMs); }

    // A transfer stopped right after `step`, with its lease already over: what a crash leaves.
    QString stuck(Step step, qint64 amount = 1000)
    {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(step);
        const TxOutcome r = Coordinator(store.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()});
        return r.tx ? r.tx->id : QString();
    }

    // Shows the transaction and waits until it is the selected row.
    bool select(const QString &id)
    {
        window.showView(NavigatorModel::View::Transactions);
        window.transactionsPage()->filterEdit()->setText(id);
        window.transactionsPage()->selectKey(id);
        return QTest::qWaitFor([&] { return window.selectedTransactions().size() == 1 && window.selectedTransactions().first().id == id; },
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
    void transferRefusalIsShownInTheDialog();
    void guidedRepair_data();
    void guidedRepair();
    void repairDialogPreviewsAndRepairs();
    void actionsFollowTheStateMachine();
    void liveUpdatesKeepTheSelection();
    void staysResponsiveWhileAThousandRepairsRun();
    void auditAndLinks();
    void screenshotTour();
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
    QVERIFY(c.window.windowTitle().contains(QStringLiteral("ledger.db")));
    QVERIFY(c.window.actions()->newTransfer->isEnabled());
}

void TestGui::aStoreThatCannotBeOpenedIsSaidSo()
{
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
    QTest::addColumn<QString>("field");    // the field whose message must show ("" when valid)
    QTest::addColumn<QString>("message");  // the message ledgerctl gives for it
    const auto amountMessage = [](const char *text) { return money::parse(QString::fromUtf8(text), 2).error().message; };
    QTest::newRow("valid") << "alice" << "bob" << "1.00" << "rent" << "" << "";
    QTest::newRow("bad source id") << "al ice" << "bob" << "1" << "" << "source" << checkAccountId(u"al ice", QStringLiteral("source account id")).message;
    QTest::newRow("unknown destination") << "alice" << "nobody" << "1" << "" << "destination" << "no account nobody";
    QTest::newRow("same account") << "alice" << "alice" << "1" << "" << "destination" << "source and destination are both alice";
    QTest::newRow("negative amount") << "alice" << "bob" << "-1" << "" << "amount" << amountMessage("-1");
    QTest::newRow("zero") << "alice" << "bob" << "0" << "" << "amount" << amountMessage("0");
    QTest::newRow("exponent") << "alice" << "bob" << "1e3" << "" << "amount" << amountMessage("1e3");
    QTest::newRow("thousands separator") << "alice" << "bob" << "1,000" << "" << "amount" << amountMessage("1,000");
    QTest::newRow("too many decimals") << "alice" << "bob" << "0.001" << "" << "amount" << amountMessage("0.001");
    QTest::newRow("fullwidth digit") << "alice" << "bob" << "９" << "" << "amount" << amountMessage("９");
    QTest::newRow("past int64") << "alice" << "bob" << "92233720368547758.08" << "" << "amount" << amountMessage("92233720368547758.08");
    QTest::newRow("control character in memo") << "alice" << "bob" << "1" << "a\x07" << "memo"
                                               << checkText(u"a\x07", QStringLiteral("memo"), kMaxMemoLength, true).message;
}

void TestGui::transferDialogChecksAsYouType()
{
    QFETCH(QString, source);
    QFETCH(QString, destination);
    QFETCH(QString, amount);
    QFETCH(QString, memo);
    QFETCH(QString, field);
    QFETCH(QString, message);
    Console c;
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled()); // nothing typed yet
    QVERIFY(c.settle());        // the account list for completion (and the unknown-account check)
    // Type as an operator would, key by key.
    type(dialog->findChild<QLineEdit *>(QStringLiteral("source")), source);
    type(dialog->findChild<QLineEdit *>(QStringLiteral("destination")), destination);
    type(dialog->findChild<QLineEdit *>(QStringLiteral("amount")), amount);
    type(dialog->findChild<QLineEdit *>(QStringLiteral("memo")), memo);
    for (const QString &f : {QStringLiteral("source"), QStringLiteral("destination"), QStringLiteral("amount"), QStringLiteral("memo"),
                             QStringLiteral("key")})
        QCOMPARE(dialog->fieldError(f), f == field ? message : QString());
    QCOMPARE(ok->isEnabled(), field.isEmpty());
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

void TestGui::transferRefusalIsShownInTheDialog()
{
    Console c;
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    dialog->findChild<QLineEdit *>(QStringLiteral("source"))->setText(QStringLiteral("alice"));
    dialog->findChild<QLineEdit *>(QStringLiteral("destination"))->setText(QStringLiteral("bob"));
    dialog->findChild<QLineEdit *>(QStringLiteral("amount"))->setText(QStringLiteral("99999999"));
    const QString key = dialog->findChild<QLineEdit *>(QStringLiteral("key"))->text();
    QSignalSpy submitted(dialog, &TransferDialog::submitted);
    dialog->accept();
    QVERIFY(submitted.wait(kWaitMs));
    QVERIFY(dialog->isVisible()); // the operator reads why, and may change the amount
    QVERIFY2(dialog->bannerText().contains(QStringLiteral("insufficient-funds")), qPrintable(dialog->bannerText()));
    QVERIFY(dialog->findChild<QLineEdit *>(QStringLiteral("key"))->text() != key); // a new attempt gets a new key
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
    const QString id = c.stuck(stopAfter, amount);
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
    const QString repaired = wizard->outcome->tx->id;
    QCOMPARE(c.store.store().transaction(repaired)->state, final);
    if (action == OperatorAction::Compensate)
        QCOMPARE(repaired, compensationId(id, 1));
    // The operator and the reason are in the journal.
    const auto journal = *c.store.store().journal(QStringLiteral("tx"), action == OperatorAction::Compensate ? id : repaired);
    QVERIFY(std::any_of(journal.cbegin(), journal.cend(),
                        [](const JournalEntry &j) { return j.detail == QLatin1String("found stuck at 3 a.m.") || j.event == QLatin1String("linked"); }));
    QCOMPARE(heldMarkerCount(c.store.store()), qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    wizard->accept();
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
    c.window.transactionsPage()->table()->selectAll();
    QVERIFY(QTest::qWaitFor([&] { return c.window.selectedTransactions().size() == 4; }, kWaitMs));
    QVERIFY(c.window.actions()->cancel->isEnabled()); // three of the four may be canceled
    RepairDialog *dialog = c.window.openRepairDialog(OperatorAction::Cancel);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    const RepairPlan &plan = dialog->preview()->plan();
    QCOMPARE(plan.eligibleCount(), 3); // the applied one is past cancelling
    QVERIFY(std::any_of(plan.items.cbegin(), plan.items.cend(), [](const PlannedRepair &p) { return !p.eligible && p.from == TxState::Applied; }));
    QVERIFY(!plan.accounts.isEmpty());
    QVERIFY(!dialog->repairButton()->isEnabled()); // no reason yet
    dialog->setReason(QStringLiteral("customer withdrew the orders"));
    QVERIFY(dialog->repairButton()->isEnabled());
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    QTest::mouseClick(dialog->repairButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().succeeded(), 3);
    for (const QString &id : ids) {
        const TxState s = c.store.store().transaction(id)->state;
        QVERIFY(s == TxState::Canceled || s == TxState::Applied);
    }
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    dialog->reject();
}

void TestGui::actionsFollowTheStateMachine()
{
    Console c;
    const QString done = Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
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
    c.window.showView(NavigatorModel::View::Transactions);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() > 10 && !c.window.isBusy(); }, kWaitMs));
    QTableView *table = c.window.transactionsPage()->table();
    table->selectRow(5);
    QVERIFY(QTest::qWaitFor([&] { return !c.window.transactionsPage()->currentKey().isEmpty(); }, kWaitMs));
    const QString selected = c.window.transactionsPage()->currentKey();
    const int rows = c.window.transactionModel()->rowCount();
    const int scroll = table->verticalScrollBar()->value();

    // Another process makes transfers (newest first: they arrive above the selection).
    auto other = c.store.openAnother();
    Coordinator elsewhere(*other, {});
    for (int i = 0; i < 3; ++i)
        QVERIFY(elsewhere.transfer({QStringLiteral("bob"), QStringLiteral("alice"), 1, QString(), QString()}).ok());
    QElapsedTimer seen;
    seen.start();
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == rows + 3 && !c.window.isBusy(); }, kWaitMs));
    qInfo("another connection's transfers showed after %lld ms", static_cast<long long>(seen.elapsed()));
    QVERIFY(QTest::qWaitFor([&] { return table->currentIndex().data(TransactionTableModel::IdRole).toString() == selected; }, kWaitMs));
    QCOMPARE(c.window.transactionsPage()->currentKey(), selected);
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
    RecoverDialog *dialog = c.window.openRecoverDialog();
    QVERIFY(dialog);
    // The GUI thread's heartbeat while the repairs run: it must keep beating.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0;
    qint64 longestGap = 0;
    int beats = 0;
    QTimer heartbeat;
    heartbeat.setInterval(10);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        const qint64 now = clock.elapsed();
        longestGap = qMax(longestGap, now - last);
        last = now;
        ++beats;
    });
    QSignalSpy finished(dialog, &RecoverDialog::recoveryFinished);
    heartbeat.start();
    last = clock.elapsed();
    dialog->start();
    QVERIFY(dialog->isRunning());
    QVERIFY(finished.wait(120'000));
    heartbeat.stop();
    qInfo("1000 repairs in %lld ms; the GUI thread beat %d times, longest pause %lld ms", static_cast<long long>(clock.elapsed()), beats,
          static_cast<long long>(longestGap));
    const RecoveryReport &report = dialog->report();
    QStringList problems;
    for (const RecoveredItem &item : report.items) {
        if (item.outcome != RecoveryOutcome::Done && problems.size() < 5)
            problems << QStringLiteral("%1 %2: %3").arg(item.id, nameOf(item.outcome), item.message);
    }
    QVERIFY2(report.count(RecoveryOutcome::Done) == 1000,
             qPrintable(QStringLiteral("%1 candidates, %2 done; %3").arg(report.candidates).arg(report.count(RecoveryOutcome::Done)).arg(problems.join(QStringLiteral("; ")))));
    QVERIFY(beats >= 10);
    // Generous on a shared machine: a frozen window would pause for the whole run.
    QVERIFY2(longestGap < 2000, qPrintable(QString::number(longestGap)));
    LEDGER_VERIFY_AUDIT_CLEAN(c.store.store());
    dialog->reject();
}

void TestGui::auditAndLinks()
{
    Console c;
    c.window.actions()->runAudit->trigger();
    QSignalSpy finished(c.window.auditView(), &AuditView::finished);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.first().first().toBool(), true);
    // Break an invariant behind the console's back: the audit names the account, and its link
    // opens the account.
    QVERIFY(RawSql(c.store.path()).exec(QStringLiteral("UPDATE accounts SET balance = balance + 1 WHERE id = 'bob'")));
    c.window.auditView()->runAudit();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.last().first().toBool(), false);
    const auto findings = c.window.auditView()->model()->findings();
    QVERIFY(std::any_of(findings.cbegin(), findings.cend(), [](const AuditFinding &f) { return f.accounts.contains(QStringLiteral("bob")); }));

    // The detail panel's timeline, and its link to an account.
    const TxOutcome paid = Coordinator(c.store.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("dave"), 5, QString(), QString()});
    QVERIFY2(paid.ok(), qPrintable(paid.error.toString())); // (the demo freezes carol)
    const QString id = paid.tx->id;
    QSignalSpy loaded(c.window.detailPanel(), &DetailPanel::loaded);
    QVERIFY(c.select(id));
    QVERIFY(loaded.wait(kWaitMs) || c.window.detailPanel()->transactionId() == id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml().contains(QStringLiteral("Timeline")); }, kWaitMs));
    const QString html = c.window.detailPanel()->shownHtml();
    QVERIFY(html.contains(QStringLiteral("posted")));
    QVERIFY(html.contains(QStringLiteral("account:dave")));
    Q_EMIT c.window.detailPanel()->accountLinkActivated(QStringLiteral("dave"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountsPage()->currentKey() == QLatin1String("dave"); }, kWaitMs));
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
    for (const char *name : {"main-window.png", "detail-panel.png", "repair-preview.png", "dashboard.png"}) {
        const QImage image(dir.filePath(QLatin1String(name)));
        QVERIFY2(!image.isNull() && image.width() > 200 && image.height() > 200, name);
    }
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
