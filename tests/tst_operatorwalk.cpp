// What an operator walking the console saw disagree with itself (issue 27), each checked on the
// real window over a real store: one balance in every view, ages never cut, the detail panel and
// the actions following one selection, a new transfer selected and shown, the navigator's count
// agreeing with its table, times in UTC everywhere, money that does not break, pop-out windows
// that close from the keyboard, questions that name what they are about, a clean audit at the top,
// a 1024-pixel window, tooltips and status text on screen. (tst_operatordialogs: the dialogs.)
#include "consolesupport.h"
#include "dialogs/newaccountdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/transferdialog.h"
#include "models/accounttablemodel.h"
#include "models/transactiontablemodel.h"
#include "operations/wholeaccounts.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "widgets/accountpanel.h"
#include "pages/auditpage.h"
#include "widgets/dashboard.h"
#include "widgets/detailhtml.h"
#include "widgets/detailpanel.h"
#include "widgets/elidingdelegate.h"
#include "widgets/textfit.h"
#include "widgets/legseditor.h"
#include "widgets/repairpreview.h"
#include "widgets/statusline.h"
#include "widgets/stuckcausebar.h"
#include "widgets/tablepage.h"
#include "ledger/language.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "operations/transactiondetail.h"
#include "protocol/coordinator.h"
#include "protocol/faults.h"
#include "widgets/timestyle.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QComboBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QScopeGuard>
#include <QToolButton>
#include <QToolTip>
#include <QHelpEvent>

#include <ctime>
#include <memory>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = kConsoleWaitMs;

// A transfer left by a ledgerctl killed right after `step`, its id.
QString crashedAfter(TempStore &store, const QString &step, const QString &from, const QString &to, const QString &amount)
{
    const ProcessResult r = runLedgerctl(
        {QStringLiteral("--store"), store.path(), QStringLiteral("--crash-after"), step, QStringLiteral("transfer"), from, to, amount},
        storeEnvironment(store.path()));
    if (r.exitCode != kCrashExitStatus)
        qWarning("ledgerctl did not crash: %d %s", r.exitCode, qPrintable(r.err));
    TxQuery newest;
    newest.descending = true;
    newest.limit = 1;
    auto list = store.store().transactions(newest);
    return list.ok() && !list->isEmpty() ? list->first().id : QString();
}

// The text of the row of `key` in `column` of a page's table, once loaded.
QString cellOf(TablePage *page, const QString &key, int column)
{
    auto *model = qobject_cast<PagedTableModel *>(page->windowed()->listing());
    const int row = model->rowOfKey(key);
    return row < 0 ? QString() : model->index(row, column).data().toString();
}

} // namespace

class TestOperatorWalk : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void oneBalanceInEveryView();
    void claimAgesAreNeverCut_data();
    void claimAgesAreNeverCut();
    void theClaimColumnKeepsItsAge();
    void moneyAndIdsDoNotBreak();
    void detailAndActionsFollowOneSelection();
    void aNewTransferIsSelectedAndShown();
    void theNavigatorCountsWhatItsTableLists();
    void timesInUtcEverywhere();
    void popOutWindowsCloseFromTheKeyboard();
    void freezeNamesTheAccount();
    void aCleanAuditStaysAtTheTop();
    void theStuckViewFitsA1024Window();
    void tooltipsAndTheStatusTextStayOnScreen();
    void aLongStatusMessageStopsBeforeTheLabels();
    void everyTableCutsBetweenTokens();
};

void TestOperatorWalk::initTestCase()
{
    // As the console runs: English with its plurals ("1 document", not "1 document(s)").
    installTranslators(*qApp, QStringLiteral("en")); // (false: English has no words of its own)
    QStandardPaths::setTestModeEnabled(true);
    QSettings(QStringLiteral("LedgerDesk"), QStringLiteral("ledgerdesk")).clear();
}

void TestOperatorWalk::oneBalanceInEveryView()
{
    // Past its commit point with the credit not posted yet: the Accounts table and the account
    // panel beside it say the same balance (counted whole), and the panel names the posted one.
    DemoConsole c;
    const QString id =
        crashedAfter(c.store, QStringLiteral("post-debit"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("97.00"));
    QVERIFY(!id.isEmpty());
    const auto whole = accountCountedWhole(c.store.store(), QStringLiteral("bob"));
    QVERIFY(whole.ok());
    QCOMPARE(whole->notPostedYet(), qint64(9700));
    const QString balance = money::format(whole->wholeBalance, 2);
    const QString posted = money::format(whole->account.balance, 2);

    c.window.showAccountById(QStringLiteral("bob"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accounts()->list()->currentKey() == QLatin1String("bob"); }, kWaitMs));
    QVERIFY(c.settle());
    QVERIFY(QTest::qWaitFor(
        [&] { return cellOf(c.window.accounts()->list(), QStringLiteral("bob"), AccountTableModel::BalanceColumn) == balance; }, kWaitMs));
    QCOMPARE(cellOf(c.window.accounts()->list(), QStringLiteral("bob"), AccountTableModel::NotPostedColumn), QStringLiteral("97.00"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountPanel()->shownHtml().contains(balance); }, kWaitMs));
    const QString panel = c.window.accountPanel()->shownHtml();
    QVERIFY2(panel.contains(QStringLiteral("Posted")) && panel.contains(posted), qPrintable(panel));
    QVERIFY2(panel.contains(QStringLiteral("Not posted yet")), qPrintable(panel));
    // The transaction's detail labels the document's figure as what it is.
    c.window.showTransactionById(id);
    QVERIFY(QTest::qWaitFor(
        [&] {
            return c.window.detailPanel()->transactionId() == id && c.window.detailPanel()->shownHtml().contains(QStringLiteral("Posted"));
        },
        kWaitMs));
}

void TestOperatorWalk::claimAgesAreNeverCut_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("tail");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("mustEndWith");
    QTest::newRow("claim") << QStringLiteral("operator-on-the-night-shift · 1m 28s ago") << QStringLiteral(" · 1m 28s ago") << 140
                           << QStringLiteral(" · 1m 28s ago");
    QTest::newRow("lease") << QStringLiteral("recovery:alice-workstation-7 · lease expired 4m 12s ago")
                           << QStringLiteral(" · lease expired 4m 12s ago") << 220 << QStringLiteral(" · lease expired 4m 12s ago");
    QTest::newRow("too narrow for the name: the age alone")
        << QStringLiteral("operator · 1m 28s ago") << QStringLiteral(" · 1m 28s ago")
        << QFontMetrics(QApplication::font()).horizontalAdvance(QStringLiteral("…1m 28s ago")) << QStringLiteral("1m 28s ago");
}

void TestOperatorWalk::claimAgesAreNeverCut()
{
    QFETCH(QString, text);
    QFETCH(QString, tail);
    QFETCH(int, width);
    QFETCH(QString, mustEndWith);
    const QFontMetrics metrics(QApplication::font());
    const auto advance = [&metrics](const QString &s) { return metrics.horizontalAdvance(s); };
    const QString shown = textfit::elideKeepingTail(text, tail, width, advance);
    QVERIFY2(shown.endsWith(mustEndWith), qPrintable(shown));
    QVERIFY2(metrics.horizontalAdvance(shown) <= width, qPrintable(shown));
    // Other text is cut at its end: whose funds stay in sight, the number is in the tooltip.
    const QString error =
        QStringLiteral("insufficient-funds: alice has 12.00 available (balance 15.00, 3.00 held); this transfer needs 2603431");
    const QString cut = textfit::elideKeepingTail(error, QString(), 200, advance);
    QVERIFY2(cut.startsWith(QStringLiteral("insufficient-funds: alice")), qPrintable(cut));
}

void TestOperatorWalk::theClaimColumnKeepsItsAge()
{
    DemoConsole c;
    const QString id =
        crashedAfter(c.store, QStringLiteral("hold-debit"), QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("1.00"));
    const ProcessResult claimed =
        runLedgerctl({QStringLiteral("--store"), c.store.path(), QStringLiteral("--operator"),
                      QStringLiteral("operator-on-the-night-shift-in-the-east-wing"), QStringLiteral("claim"), id},
                     storeEnvironment(c.store.path()));
    QCOMPARE(claimed.exitCode, 0);
    c.window.showTransactionById(id);
    TablePage *list = c.window.transactions()->list();
    QVERIFY(
        QTest::qWaitFor([&] { return cellOf(list, id, TransactionTableModel::ClaimColumn).contains(QStringLiteral(" ago")); }, kWaitMs));
    QTableView *table = list->table();
    table->setColumnWidth(TransactionTableModel::ClaimColumn, 150);
    const int row = c.window.transactionModel()->rowOfKey(id);
    const QModelIndex index = list->windowed()->viewIndex(row, TransactionTableModel::ClaimColumn);
    auto *delegate = qobject_cast<ElidingDelegate *>(table->itemDelegateForIndex(index));
    QVERIFY(delegate);
    QStyleOptionViewItem option;
    option.initFrom(table->viewport());
    option.rect = table->visualRect(index);
    // The age ticks while it is read (a fresh claim's "34ms ago" is "35ms ago" a millisecond
    // later): the three are read again until they were read within one tick.
    QString full, shown, age;
    for (int attempt = 0; attempt < 20; ++attempt) {
        full = index.data().toString();
        shown = delegate->shownText(option, index);
        age = index.data(TransactionTableModel::KeptTailRole).toString();
        if (full == index.data().toString())
            break;
    }
    QVERIFY2(!age.isEmpty() && full.endsWith(age), qPrintable(full));
    QVERIFY2(shown != full && shown.endsWith(age), qPrintable(shown)); // the name was cut, the age not
}

void TestOperatorWalk::moneyAndIdsDoNotBreak()
{
    TempStore store;
    openAccounts(store.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000'00);
    const TxOutcome o = Coordinator(store.store()).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 222561, QString(), QString()});
    QVERIFY(o.ok());
    auto detail = loadTransactionDetail(store.store(), o.tx->id);
    QVERIFY(detail.ok());
    const QString html = detailHtml(*detail, 2, TimeStyle::Utc);
    for (const QString &whole : {QStringLiteral("2225.61"), o.tx->id})
        QVERIFY2(html.contains(QStringLiteral("<span style='white-space:nowrap'>%1").arg(whole))
                     || html.contains(QStringLiteral("white-space:nowrap'><a href='tx:%1'").arg(whole)),
                 qPrintable(whole));
    // And as the panels show them, laid out narrow: no line ends inside the amount, an id, an
    // account or a time ("208" / "27." / "73" and "deb" / "it" in the legs at 1024 px; the hold's
    // id in the account panel at every width). (Laid out first: a block has no lines before, and
    // a check of them passed whatever the panel did.)
    DemoConsole c;
    openAccounts(c.store.store(), {QStringLiteral("mallory-holdings")}, 0);
    CoordinatorOptions held;
    held.leaseMs = 1;
    held.hook = abandonAfterHook(Step::HoldDebit); // a hold on alice, for her account's panel
    const TxOutcome toAcme = Coordinator(c.store.store(), held)
                                 .transfer({QStringLiteral("alice"), QStringLiteral("mallory-holdings"), 2082773, QString(), QString()});
    QVERIFY(toAcme.tx);
    const QString id = toAcme.tx->id;
    const auto brokenAt = [](const QTextDocument &shown, int width, const QStringList &tokens) {
        std::unique_ptr<QTextDocument> document(shown.clone());
        document->setTextWidth(width);
        document->documentLayout()->documentSize();
        QStringList lines;
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
            for (int i = 0; i < block.layout()->lineCount(); ++i) {
                const QTextLine line = block.layout()->lineAt(i);
                lines << block.text()
                             .mid(line.textStart(), line.textLength())
                             .remove(textfit::kWordJoiner)
                             .replace(QChar(QChar::Nbsp), QLatin1Char(' '));
            }
        }
        const QString text = document->toPlainText().remove(textfit::kWordJoiner);
        QStringList broken; // each token as often on one line as in the text, and there at all
        for (const QString &token : tokens) {
            qsizetype onALine = 0;
            for (const QString &line : std::as_const(lines))
                onALine += line.count(token);
            if (onALine == 0 || onALine != text.count(token))
                broken << token;
        }
        return broken.isEmpty() ? QString() : broken.join(QLatin1String(", ")) + QLatin1String(" in: ") + lines.join(QLatin1String(" | "));
    };
    c.window.showTransactionById(id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->shownHtml().contains(QStringLiteral("Legs and accounts")); }, kWaitMs));
    const QTextDocument *detailShown = c.window.detailPanel()->findChild<QTextBrowser *>()->document();
    for (const int width : {200, 260, 360}) {
        const QString broken = brokenAt(
            *detailShown, width,
            {QStringLiteral("20827.73"), id, QStringLiteral("mallory-holdings"), QStringLiteral("debit"), QStringLiteral("credit")});
        QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("at %1 px: %2").arg(width).arg(broken)));
    }
    c.window.showAccountById(QStringLiteral("alice"));
    QVERIFY(QTest::qWaitFor([&] { return c.window.accountPanel()->shownHtml().contains(id); }, kWaitMs));
    const QTextDocument *accountShown = c.window.accountPanel()->findChild<QTextBrowser *>()->document();
    for (const int width : {200, 260, 360, 600}) {
        const QString broken = brokenAt(*accountShown, width, {id, QStringLiteral("20827.73")});
        QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("at %1 px: %2").arg(width).arg(broken)));
    }
}

void TestOperatorWalk::detailAndActionsFollowOneSelection()
{
    // Select a stuck transaction, go to Accounts and back (Ctrl+2, Ctrl+4): the detail and the
    // repair actions must agree — both on the selected row, or both on nothing.
    DemoConsole c;
    CoordinatorOptions o;
    o.leaseMs = 1; // stuck at once: its worker is gone and its lease over
    o.hook = abandonAfterHook(Step::HoldDebit);
    const TxOutcome left =
        Coordinator(c.store.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()});
    QVERIFY(left.tx);
    const QString id = left.tx->id;
    c.window.showView(NavigatorModel::View::Stuck);
    QVERIFY(c.settle());
    TablePage *list = c.window.transactions()->list();
    list->selectKey(id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->transactionId() == id && c.window.actions()->guidedRepair->isEnabled(); },
                            kWaitMs));
    const auto agree = [&] {
        const bool rowSelected = list->selectedRowCount() > 0;
        const bool detailShown = !c.window.detailPanel()->transactionId().isEmpty();
        const bool actionable = c.window.actions()->guidedRepair->isEnabled();
        return rowSelected == detailShown && detailShown == actionable
            && (!detailShown || c.window.detailPanel()->transactionId() == list->currentKey());
    };
    QVERIFY(agree());
    c.window.actions()->views.at(1)->trigger(); // Ctrl+2: Accounts
    c.window.actions()->views.at(3)->trigger(); // Ctrl+4: Stuck
    QVERIFY(c.settle());
    QVERIFY2(agree(), qPrintable(QStringLiteral("selected %1, detail '%2', cancel %3")
                                     .arg(list->selectedRowCount())
                                     .arg(c.window.detailPanel()->transactionId())
                                     .arg(c.window.actions()->guidedRepair->isEnabled())));
    // And when the selected row leaves the list (repaired elsewhere), the detail does not land
    // on a neighbour nobody selected.
    list->selectKey(id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->transactionId() == id; }, kWaitMs));
    const ProcessResult canceled = runLedgerctl(
        {QStringLiteral("--store"), c.store.path(), QStringLiteral("cancel"), id, QStringLiteral("--reason"), QStringLiteral("test")},
        storeEnvironment(c.store.path()));
    QCOMPARE(canceled.exitCode, 0);
    c.window.refreshAll();
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowOfKey(id) < 0 && !c.window.isBusy(); }, kWaitMs));
    QVERIFY(agree());
}

void TestOperatorWalk::aNewTransferIsSelectedAndShown()
{
    DemoConsole c;
    c.window.showView(NavigatorModel::View::Accounts);
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    dialog->findChild<QLineEdit *>(QStringLiteral("source"))->setText(QStringLiteral("alice"));
    dialog->findChild<QLineEdit *>(QStringLiteral("destination"))->setText(QStringLiteral("bob"));
    dialog->findChild<QLineEdit *>(QStringLiteral("amount"))->setText(QStringLiteral("1.23"));
    QSignalSpy done(dialog, &TransferDialog::transferDone);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(done.wait(kWaitMs));
    const QString id = done.first().first().value<Transaction>().id;
    QVERIFY(QTest::qWaitFor(
        [&] {
            const QList<Transaction> selected = c.window.selectedTransactions();
            return selected.size() == 1 && selected.first().id == id && c.window.detailPanel()->transactionId() == id;
        },
        kWaitMs));
    QVERIFY(c.window.statusBar()->currentMessage().contains(id));
}

void TestOperatorWalk::theNavigatorCountsWhatItsTableLists()
{
    // A transaction becomes stuck by time alone (its lease runs out; nothing is written). Opening
    // Stuck lists it; the navigator's count beside Stuck says so at once, not at the next 15 s tick.
    DemoConsole c;
    c.window.settings().setStuckThresholdMs(60'000);
    CoordinatorOptions o;
    o.leaseMs = 1500;
    o.hook = abandonAfterHook(Step::HoldDebit);
    const TxOutcome left =
        Coordinator(c.store.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()});
    QVERIFY(left.tx);
    c.window.refreshAll();
    QVERIFY(c.settle());
    const QModelIndex stuck = c.window.navigatorModel()->indexOf(NavigatorModel::View::Stuck);
    QVERIFY2(stuck.data().toString().contains(QStringLiteral("(0)")), qPrintable(stuck.data().toString()));
    QTest::qWait(2000); // the lease runs out; no write, no change notice
    c.window.showView(NavigatorModel::View::Stuck);
    QVERIFY(QTest::qWaitFor([&] { return c.window.transactionModel()->rowCount() == 1; }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return stuck.data().toString().contains(QStringLiteral("(1)")); }, 3000));
}

void TestOperatorWalk::timesInUtcEverywhere()
{
    // An operator in New York (the walk's dark-palette one), so that local time and UTC differ.
    const QByteArray zone = qgetenv("TZ");
    qputenv("TZ", "America/New_York");
    tzset();
    const auto restore = qScopeGuard([zone] {
        zone.isNull() ? qunsetenv("TZ") : qputenv("TZ", zone);
        tzset();
    });
    DemoConsole c;
    c.window.actions()->utcTimes->setChecked(true);
    // A change from elsewhere: the status bar's "changed at" says its zone, as every short time.
    const ProcessResult r = runLedgerctl({QStringLiteral("--store"), c.store.path(), QStringLiteral("transfer"), QStringLiteral("alice"),
                                          QStringLiteral("bob"), QStringLiteral("0.01")},
                                         storeEnvironment(c.store.path()));
    QCOMPARE(r.exitCode, 0);
    auto *live = c.window.findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(live);
    QVERIFY(QTest::qWaitFor([&] { return live->text().startsWith(QStringLiteral("changed")); }, kWaitMs));
    QVERIFY2(live->text().endsWith(QStringLiteral(" UTC")), qPrintable(live->text()));
    const QDateTime t = QDateTime::fromString(QStringLiteral("2026-11-24T03:17:15Z"), Qt::ISODate);
    QCOMPARE(shownShortTime(t, TimeStyle::Utc), QStringLiteral("11-24 03:17:15 UTC"));
    QVERIFY(shownTimeOfDay(t, TimeStyle::Local).startsWith(t.toLocalTime().toString(QStringLiteral("HH:mm:ss "))));
    // Back to local time: the status bar's "changed …" follows at once, not at the next write.
    const QString zoneName = QDateTime::currentDateTime().timeZoneAbbreviation();
    QVERIFY2(zoneName != QLatin1String("UTC"), qPrintable(zoneName));
    c.window.actions()->utcTimes->setChecked(false);
    QVERIFY2(live->text().startsWith(QStringLiteral("changed")) && live->text().endsWith(QLatin1Char(' ') + zoneName),
             qPrintable(live->text()));
    c.window.actions()->utcTimes->setChecked(true);
    QVERIFY2(live->text().endsWith(QStringLiteral(" UTC")), qPrintable(live->text()));
    c.window.actions()->utcTimes->setChecked(false);
}

void TestOperatorWalk::popOutWindowsCloseFromTheKeyboard()
{
    DemoConsole c;
    TxQuery any;
    any.limit = 1;
    const QString id = c.store.store().transactions(any)->first().id;
    c.window.showTransactionById(id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.detailPanel()->transactionId() == id; }, kWaitMs));
    for (const QKeySequence &keys : {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)}) {
        c.window.actions()->openWindow->trigger();
        QVERIFY(QTest::qWaitFor([&] { return c.window.detailWindows().size() == 1; }, kWaitMs));
        QWidget *window = c.window.detailWindows().first();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        window->activateWindow();
        QTest::keySequence(window, keys);
        QVERIFY2(QTest::qWaitFor([&] { return c.window.detailWindows().isEmpty(); }, 5000), qPrintable(keys.toString()));
    }
}

void TestOperatorWalk::freezeNamesTheAccount()
{
    DemoConsole c;
    QString asked;
    QTimer::singleShot(0, &c.window, [&] {
        if (!QTest::qWaitFor([&] { return qobject_cast<QInputDialog *>(QApplication::activeModalWidget()) != nullptr; }, 5000))
            return;
        if (auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget())) {
            asked = dialog->windowTitle() + QLatin1Char('\n') + dialog->labelText();
            dialog->reject();
        }
    });
    bool ok = true;
    AccountsPage::askReason(&c.window, AccountStatus::Frozen, QStringLiteral("peggy"), &ok);
    QVERIFY(!ok);
    QVERIFY2(asked.contains(QStringLiteral("Freeze account peggy")) && asked.contains(QStringLiteral("Why freeze peggy?")),
             qPrintable(asked));
}

void TestOperatorWalk::aCleanAuditStaysAtTheTop()
{
    DemoConsole c;
    c.window.resize(1320, 900);
    c.window.showView(NavigatorModel::View::Audit);
    QSignalSpy finished(c.window.auditPage(), &AuditPage::finished);
    c.window.auditPage()->runAudit();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.first().first().toBool(), true);
    QApplication::processEvents();
    // The summary and the six ticks are read from the top, not floated to the middle of the page.
    for (QLabel *label : c.window.auditPage()->findChildren<QLabel *>()) {
        if (label->isVisible() && !label->text().isEmpty())
            QVERIFY2(label->mapTo(c.window.auditPage(), QPoint(0, 0)).y() < c.window.auditPage()->height() / 2, qPrintable(label->text()));
    }
}

namespace {
// Resizes the window and waits until it has that size.
bool resizeWindow(QWidget &window, int width, int height)
{
    window.resize(width, height);
    return QTest::qWaitFor([&] { return window.size() == QSize(width, height); }, kWaitMs);
}
} // namespace

void TestOperatorWalk::theStuckViewFitsA1024Window()
{
    // At 1024×700 the filter read "Fi…" beside a cause list as wide as its longest entry, and
    // the table showed four columns, the money not among them.
    DemoConsole c;
    QVERIFY(!stuckAfter(c.store.store(), Step::Canceling, 999'999'999'00).isEmpty());
    QVERIFY(!stuckAfter(c.store.store(), Step::HoldDebit, 100).isEmpty());
    QTest::qWait(20);
    QVERIFY(resizeWindow(c.window, 1024, 700));
    c.window.showView(NavigatorModel::View::Stuck);
    StuckCauseBar *bar = c.window.causeBar();
    TablePage *list = c.window.transactions()->list();
    QTableView *table = list->table();
    QVERIFY(QTest::qWaitFor(
        [&] { return bar->isVisible() && bar->combo()->count() == 3 && table->model()->rowCount() > 0 && !c.window.isBusy(); }, kWaitMs));

    QLineEdit *filter = list->filterEdit();
    const int placeholder = filter->fontMetrics().horizontalAdvance(filter->placeholderText());
    // The text's room: the field less its frame, the text's margins and a clear button it shows.
    const auto room = [&] {
        int reserved = 2 * filter->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, filter) + 8;
        for (QToolButton *button : filter->findChildren<QToolButton *>()) {
            if (button->isVisibleTo(filter))
                reserved += button->width();
        }
        return filter->width() - reserved;
    };
    // (Waited for: the layout settles after the view is shown.)
    QTRY_VERIFY2_WITH_TIMEOUT(placeholder <= room(), qPrintable(QStringLiteral("placeholder %1 px in %2").arg(placeholder).arg(room())),
                              5000);
    // The ids were cut to show the money beside the detail panel. An id is never cut now, nor a
    // line of the panel inside a token (widgets/textfit.h): what the table still lacks for the
    // money after the state and the claim gave theirs, it scrolls to. Every id is shown whole,
    // and the panel, showing a transaction, is wide enough not to scroll sideways.
    auto *delegate = qobject_cast<ElidingDelegate *>(table->itemDelegate());
    QVERIFY(delegate);
    const auto idsCut = [&] {
        QStringList cut;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const QModelIndex id = table->model()->index(row, TransactionTableModel::IdColumn);
            QStyleOptionViewItem option;
            option.initFrom(table->viewport());
            option.widget = table;
            option.rect = table->visualRect(id);
            if (delegate->shownText(option, id) != id.data().toString())
                cut << delegate->shownText(option, id);
        }
        return cut;
    };
    QTRY_VERIFY2_WITH_TIMEOUT(idsCut().isEmpty(), qPrintable(idsCut().join(QLatin1String(", "))), 5000);
    list->selectKey(table->model()->index(0, TransactionTableModel::IdColumn).data().toString());
    DetailPanel *detail = c.window.detailPanel();
    QVERIFY(QTest::qWaitFor([&] { return !detail->transactionId().isEmpty() && !c.window.isBusy(); }, kWaitMs));
    QTRY_VERIFY2_WITH_TIMEOUT(detail->width() >= detail->minimumTextWidth(),
                              qPrintable(QStringLiteral("panel %1 px, needs %2").arg(detail->width()).arg(detail->minimumTextWidth())),
                              5000);
    QTRY_VERIFY2_WITH_TIMEOUT(idsCut().isEmpty(), qPrintable(idsCut().join(QLatin1String(", "))), 5000);
    QVERIFY2(filter->width() >= filter->minimumWidth() && filter->width() >= 18 * filter->fontMetrics().averageCharWidth(),
             qPrintable(QStringLiteral("filter %1 px, minimum %2").arg(filter->width()).arg(filter->minimumWidth())));
    const QString dir = qEnvironmentVariable("LEDGER_TEST_SHOTS");
    if (!dir.isEmpty())
        c.window.grab().save(dir + QStringLiteral("/stuck-1024.png"));
}

void TestOperatorWalk::tooltipsAndTheStatusTextStayOnScreen()
{
    // A plain-text tooltip is drawn on one line however long: a long last error ran off screen.
    DemoConsole c;
    const QString id = stuckAfter(c.store.store(), Step::Canceling, 999'999'999'00);
    QVERIFY(!id.isEmpty());
    const QString error = c.store.store().transaction(id)->lastError;
    QVERIFY2(error.size() > 80, qPrintable(error));
    c.window.showTransactionById(id);
    TablePage *list = c.window.transactions()->list();
    QVERIFY(QTest::qWaitFor([&] { return !cellOf(list, id, TransactionTableModel::LastErrorColumn).isEmpty(); }, kWaitMs));
    TransactionTableModel *model = c.window.transactionModel();
    const QString tip = model->index(model->rowOfKey(id), TransactionTableModel::LastErrorColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(Qt::mightBeRichText(tip), qPrintable(tip)); // Qt wraps rich text
    QTextDocument read;
    read.setHtml(tip);
    QVERIFY2(read.toPlainText().contains(error), qPrintable(read.toPlainText()));
    if (throughLedgerd())
        QSKIP("the rest is local by nature: a new store file made and opened in the window");

    // A store at a long path: its label in the status bar keeps to a third of the window, also
    // once the window is made narrower.
    QTemporaryDir dir;
    const QString deepest = QStringLiteral("and-one-more-level-for-good-measure");
    const QString folder =
        dir.filePath(QStringLiteral("stores-of-the-night-shift/kept-here-by-an-operator-who-names-folders-at-length/") + deepest);
    QVERIFY(QDir().mkpath(folder));
    QSignalSpy opened(&c.window, &MainWindow::storeOpened);
    c.window.openStore(folder + QStringLiteral("/ledger.db"), OpenMode::Create);
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(c.settle());
    QVERIFY(resizeWindow(c.window, 1024, 700));
    QLabel *storeLabel = nullptr;
    for (QLabel *label : c.window.statusBar()->findChildren<QLabel *>()) {
        if (label->toolTip().contains(deepest))
            storeLabel = label;
    }
    QVERIFY(storeLabel);
    QTRY_VERIFY2_WITH_TIMEOUT(storeLabel->width() <= c.window.width() / 3,
                              qPrintable(QStringLiteral("%1 px of %2").arg(storeLabel->width()).arg(c.window.width())), 5000);
    // Only the location is cut to fit: what the label is read for, the store's durability, stays
    // whole at its end, and the whole location is in its tooltip.
    const QString store = folder + QStringLiteral("/ledger.db");
    QVERIFY2(!storeLabel->text().contains(store), qPrintable(storeLabel->text())); // it was cut
    QVERIFY2(storeLabel->text().endsWith(QStringLiteral("  ·  synchronous=NORMAL")), qPrintable(storeLabel->text()));
    // Cut between the path's folders, never inside one (nor inside the file's name): the start
    // and the end of the path, each of whole pieces, "…" between.
    const QString shownPath = storeLabel->text().chopped(QStringLiteral("  ·  synchronous=NORMAL").size());
    const QStringList ends = shownPath.split(textfit::kEllipsis);
    QVERIFY2(ends.size() == 2 && store.startsWith(ends.at(0)) && store.endsWith(ends.at(1))
                 && ends.at(1).endsWith(QLatin1String("ledger.db")) && (ends.at(0).isEmpty() || ends.at(0).endsWith(QLatin1Char('/')))
                 && store.at(store.size() - ends.at(1).size() - 1) == QLatin1Char('/'),
             qPrintable(shownPath));
    QVERIFY2(storeLabel->toolTip().contains(store), qPrintable(storeLabel->toolTip()));
    // A window so narrow that the durability is wider than half the label's room: a cut in the
    // middle of the whole text (as before) took words of it away there. It stays whole.
    const QString durability = QStringLiteral("  ·  synchronous=NORMAL");
    const int facts = storeLabel->fontMetrics().horizontalAdvance(durability);
    QVERIFY(resizeWindow(c.window, 3 * facts * 3 / 2, 700));
    QVERIFY2(c.window.width() / 3 / 2 < facts, qPrintable(QStringLiteral("%1 px of %2").arg(facts).arg(c.window.width())));
    QTRY_VERIFY2_WITH_TIMEOUT(storeLabel->text().endsWith(durability), qPrintable(storeLabel->text()), 5000);
    QVERIFY2(!storeLabel->text().contains(store), qPrintable(storeLabel->text()));
}

void TestOperatorWalk::aLongStatusMessageStopsBeforeTheLabels()
{
    // At 1024 px a long message ran into "live idle" and was cut inside a word (or a number). It
    // is cut between tokens now, ends an "M" before the labels, and is whole in the tooltip.
    DemoConsole c;
    QVERIFY(resizeWindow(c.window, 1024, 700));
    auto *line = qobject_cast<StatusLine *>(c.window.statusBar());
    QVERIFY(line);
    QLabel *live = c.window.statusBar()->findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(live && live->isVisible());
    const QString message = QStringLiteral("Failover: the store now answers from host=db2.example.com port=5432 (was host=db1.example.com "
                                           "port=5432); writes in flight are read back there, never made twice: 20806.35 stays 20806.35");
    line->showMessage(message);
    QCOMPARE(line->currentMessage(), message);
    const QString shown = line->shownMessage();
    QVERIFY2(shown.endsWith(textfit::kEllipsis) && shown.size() > 1, qPrintable(shown)); // cut, and not to nothing
    const QString kept = shown.chopped(1);
    QVERIFY2(message.startsWith(kept), qPrintable(shown));
    // Between tokens: what follows what was kept starts with a space, or a separator and a space.
    const QString rest = message.mid(kept.size());
    QVERIFY2(rest.startsWith(QLatin1Char(' ')) || (QStringLiteral(",;:").contains(rest.front()) && rest.at(1) == QLatin1Char(' ')),
             qPrintable(shown));
    QVERIFY2(line->fontMetrics().horizontalAdvance(shown) <= line->messageRect().width(), qPrintable(shown));
    // Its room ends an "M" before the first label (live, then idle, then the store).
    const QPoint liveAt = live->mapTo(line, QPoint(0, 0));
    QVERIFY2(liveAt.x() - line->messageRect().right() >= line->fontMetrics().horizontalAdvance(QLatin1Char('M')),
             qPrintable(QStringLiteral("message ends at %1, live starts at %2").arg(line->messageRect().right()).arg(liveAt.x())));
    // The whole message in its tooltip.
    QHelpEvent help(QEvent::ToolTip, line->messageRect().center(), line->mapToGlobal(line->messageRect().center()));
    QApplication::sendEvent(line, &help);
    QTRY_COMPARE_WITH_TIMEOUT(QToolTip::text(), message, 5000);
    QToolTip::hideText();
}

void TestOperatorWalk::everyTableCutsBetweenTokens()
{
    // One rule for every table's cells (widgets/textfit.h): each view of the window, the
    // navigator too, draws them with the eliding delegate (the state's badge aside).
    DemoConsole c;
    QStringList others;
    for (QAbstractItemView *view : c.window.findChildren<QAbstractItemView *>()) {
        bool inComboBox = false; // a combo box's list is a menu, not a table
        for (QObject *o = view; o && !inComboBox; o = o->parent())
            inComboBox = qobject_cast<QComboBox *>(o) != nullptr;
        if (inComboBox || qobject_cast<QHeaderView *>(view)) // (a header's words are the style's to draw)
            continue;
        if (!qobject_cast<ElidingDelegate *>(view->itemDelegate()))
            others << view->accessibleName() + QLatin1Char('/') + QString::fromLatin1(view->metaObject()->className());
    }
    QVERIFY2(others.isEmpty(), qPrintable(others.join(QLatin1String(", "))));
    QVERIFY(c.window.findChildren<QAbstractItemView *>().size() >= 5); // navigator, accounts, transactions, actions, audit
}

QTEST_MAIN(TestOperatorWalk)
#include "tst_operatorwalk.moc"
