// What operators saw in the console's dialogs and words (issue 27), each checked on the real
// window over a real store: New transfer keeps its legs in sight and says what is wrong while
// typing, New account is readable, a note is one line and a refusal keeps it, releasing someone
// else's claim asks first, group repairs follow the group, a cancel that moves no money says so,
// a file that is no store is named for what it is, chart counts are whole, copying one row says
// one document. (tst_operatorwalk has the rest of the walk.)
#include "consolesupport.h"
#include "dialogs/newaccountdialog.h"
#include "dialogs/notedialog.h"
#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/transferdialog.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "pages/actionspage.h"
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
#include "widgets/legseditor.h"
#include "widgets/repairpreview.h"
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
#include <QBarCategoryAxis>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QCheckBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableWidget>
#include <QDialogButtonBox>
#include <QDir>
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
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QToolButton>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

Q_DECLARE_METATYPE(QList<ledger::LegInput>)

namespace {
constexpr int kWaitMs = kConsoleWaitMs;
} // namespace

class TestOperatorDialogs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void transferLegsStayInSight_data();
    void transferLegsStayInSight();
    void anAccountTheStoreWouldRefuseHoldsTransfer_data();
    void anAccountTheStoreWouldRefuseHoldsTransfer();
    void theTransferDialogFollowsTheStore();
    void aRefusalGoesWhenTheTransferIsEdited_data();
    void aRefusalGoesWhenTheTransferIsEdited();
    void altLetterNeverTypesIntoAField();
    void newAccountIsReadable();
    void aNoteIsOneLineAndARefusalKeepsIt();
    void aRefusedNoteComesBackUnselected();
    void releasingSomeoneElsesClaimAsksFirst();
    void groupRepairsFollowTheGroup();
    void aCancelThatMovesNoMoneySaysSo();
    void aFileThatIsNoStoreIsNamedForWhatItIs();
    void chartCountsAreWholeNumbers_data();
    void chartCountsAreWholeNumbers();
    void copyingOneRowSaysOneDocument();
    void aRepairPreviewKeepsWhyInSight();
    void aClaimTheRepairEndedIsNoLongerWarnedOf();
    void theAgeChartsRangesAreWholeAt1024();
    void operatorActionsKeepWhyInSightAt1024();
    void recoverAllShowsEveryAccountAndColumn();
};

void TestOperatorDialogs::initTestCase()
{
    // As the console runs: English with its plurals ("1 document", not "1 document(s)").
    installTranslators(*qApp, QStringLiteral("en")); // (false: English has no words of its own)
    QStandardPaths::setTestModeEnabled(true);
    QSettings(QStringLiteral("LedgerDesk"), QStringLiteral("ledgerdesk")).clear();
}

void TestOperatorDialogs::transferLegsStayInSight_data()
{
    QTest::addColumn<QList<LegInput>>("legs");
    QTest::addColumn<QString>("says");
    QTest::addColumn<QString>("frozen"); // an account frozen before the dialog opens
    QTest::newRow("unbalanced") << QList<LegInput>{{LegSide::Debit, QStringLiteral("alice"), QStringLiteral("100.00")},
                                                   {LegSide::Credit, QStringLiteral("bob"), QStringLiteral("105.00")}}
                                << QStringLiteral("invalid-amount") << QString();
    QTest::newRow("more than alice has") << QList<LegInput>{{LegSide::Debit, QStringLiteral("alice"), QStringLiteral("99999999.00")},
                                                            {LegSide::Credit, QStringLiteral("bob"), QStringLiteral("99999999.00")}}
                                         << QStringLiteral("insufficient-funds") << QString();
    QTest::newRow("an account twice") << QList<LegInput>{{LegSide::Debit, QStringLiteral("alice"), QStringLiteral("100.00")},
                                                         {LegSide::Credit, QStringLiteral("bob"), QStringLiteral("60.00")},
                                                         {LegSide::Credit, QStringLiteral("bob"), QStringLiteral("40.00")}}
                                      << QStringLiteral("same-account") << QString();
    QTest::newRow("a frozen account") << QList<LegInput>{{LegSide::Debit, QStringLiteral("alice"), QStringLiteral("10.00")},
                                                         {LegSide::Credit, QStringLiteral("bob"), QStringLiteral("10.00")}}
                                      << QStringLiteral("account-frozen") << QStringLiteral("bob");
}

void TestOperatorDialogs::transferLegsStayInSight()
{
    // Legs complete but wrong: everything stays on screen, what is wrong is said under the legs
    // in ledgerctl's words, and Transfer waits.
    QFETCH(QList<LegInput>, legs);
    QFETCH(QString, says);
    QFETCH(QString, frozen);
    DemoConsole c;
    if (!frozen.isEmpty())
        QVERIFY(
            c.store.store().setAccountStatus(frozen, AccountStatus::Frozen, QStringLiteral("test"), QStringLiteral("under review")).ok());
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("addLeg")), Qt::LeftButton);
    auto *editor = dialog->findChild<LegsEditor *>();
    QVERIFY(editor);
    editor->setLegs(legs);
    QApplication::processEvents();
    const QString dir = qEnvironmentVariable("LEDGER_TEST_SHOTS");
    if (!dir.isEmpty())
        dialog->grab().save(dir
                            + QStringLiteral("/transfer-legs-%1.png")
                                  .arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))));
    QVERIFY(editor->isVisible());
    QVERIFY2(editor->height() >= editor->minimumSizeHint().height(),
             qPrintable(QStringLiteral("%1 < %2").arg(editor->height()).arg(editor->minimumSizeHint().height())));
    for (QLineEdit *field : editor->findChildren<QLineEdit *>())
        QVERIFY2(field->isVisible() && field->height() >= field->minimumSizeHint().height(), qPrintable(field->accessibleName()));
    QVERIFY2(!editor->problem().isEmpty(), "nothing said");
    QCOMPARE(editor->problemCode(), says);
    // What the store would refuse is known before sending: said, and Transfer waits (sent, it
    // would only write a canceled transaction).
    QVERIFY(!dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog->reject();
}

namespace {
QLineEdit *field(QWidget *dialog, const char *name) { return dialog->findChild<QLineEdit *>(QString::fromLatin1(name)); }
QPushButton *transferButton(QWidget *dialog) { return dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok); }
} // namespace

void TestOperatorDialogs::anAccountTheStoreWouldRefuseHoldsTransfer_data()
{
    QTest::addColumn<bool>("legs");
    QTest::addColumn<QString>("account");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("says");
    // The demo freezes carol; bob10 is no account of it.
    QTest::newRow("frozen, typed in To") << false << "carol"
                                         << "account-frozen"
                                         << "account carol is frozen";
    QTest::newRow("unknown, typed in To") << false << "bob10"
                                          << "unknown-account"
                                          << "no account bob10";
    QTest::newRow("frozen, typed in a leg") << true << "carol"
                                            << "account-frozen"
                                            << "account carol is frozen";
    QTest::newRow("unknown, typed in a leg") << true << "bob10"
                                             << "unknown-account"
                                             << "no account bob10";
}

void TestOperatorDialogs::anAccountTheStoreWouldRefuseHoldsTransfer()
{
    // Said as the account is typed (before the amount, while another leg is still empty), in the
    // store's words; Transfer waits, and pressed anyway nothing is sent.
    QFETCH(bool, legs);
    QFETCH(QString, account);
    QFETCH(QString, code);
    QFETCH(QString, says);
    DemoConsole c;
    const qint64 before = *c.store.store().transactionCount({});
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(dialog);
    QVERIFY(c.settle()); // the accounts read
    QTest::keyClicks(field(dialog, "source"), QStringLiteral("alice"));
    if (!legs) {
        QTest::keyClicks(field(dialog, "destination"), account);
        QCOMPARE(dialog->fieldError(QStringLiteral("destination")), says);
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("destinationError"))->toolTip(), code);
        QTest::keyClicks(field(dialog, "amount"), QStringLiteral("1.00"));
        QCOMPARE(dialog->fieldError(QStringLiteral("destination")), says);
        QCOMPARE(dialog->fieldError(QStringLiteral("amount")), QString());
    } else {
        QTest::keyClicks(field(dialog, "amount"), QStringLiteral("1.00"));
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("addLeg")), Qt::LeftButton);
        LegsEditor *editor = dialog->legsEditor();
        QVERIFY(editor);
        QCOMPARE(editor->legCount(), 3); // alice, an empty credit, an empty third
        QTest::keyClicks(qobject_cast<QLineEdit *>(editor->accountField(1)), account);
        QCOMPARE(editor->problem(), says);
        QCOMPARE(editor->problemCode(), code);
    }
    QPushButton *transfer = transferButton(dialog);
    QVERIFY(!transfer->isEnabled());
    QVERIFY(!dialog->canSubmit());
    if (const QString dir = qEnvironmentVariable("LEDGER_TEST_SHOTS"); !dir.isEmpty()) {
        QApplication::processEvents();
        dialog->grab().save(
            dir + QStringLiteral("/transfer-refused-%1-%2.png").arg(legs ? QStringLiteral("legs") : QStringLiteral("to"), account));
    }
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->bannerText(), QString());
    QVERIFY(c.settle());
    QCOMPARE(*c.store.store().transactionCount({}), before); // no canceled transaction written
    dialog->reject();
}

void TestOperatorDialogs::theTransferDialogFollowsTheStore()
{
    // Frozen while the dialog is open (here, behind its back, as another console would): said,
    // and Transfer waits; unfrozen, it may go again.
    DemoConsole c;
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    field(dialog, "source")->setText(QStringLiteral("alice"));
    field(dialog, "destination")->setText(QStringLiteral("dave"));
    field(dialog, "amount")->setText(QStringLiteral("1.00"));
    QPushButton *transfer = transferButton(dialog);
    QVERIFY(transfer->isEnabled());
    Store &s = c.store.store();
    QVERIFY(s.setAccountStatus(QStringLiteral("dave"), AccountStatus::Frozen, QStringLiteral("test"), QStringLiteral("review")).ok());
    QVERIFY(QTest::qWaitFor([&] { return !transfer->isEnabled(); }, kWaitMs));
    QCOMPARE(dialog->fieldError(QStringLiteral("destination")), QStringLiteral("account dave is frozen"));
    QVERIFY(s.setAccountStatus(QStringLiteral("dave"), AccountStatus::Open, QStringLiteral("test"), QStringLiteral("cleared")).ok());
    QVERIFY(QTest::qWaitFor([&] { return transfer->isEnabled(); }, kWaitMs));
    QCOMPARE(dialog->fieldError(QStringLiteral("destination")), QString());
    dialog->reject();
}

void TestOperatorDialogs::aRefusalGoesWhenTheTransferIsEdited_data()
{
    QTest::addColumn<bool>("intoLegs");
    QTest::newRow("the amount changed") << false;
    QTest::newRow("made into legs") << true;
}

void TestOperatorDialogs::aRefusalGoesWhenTheTransferIsEdited()
{
    // dave is frozen after the dialog read the accounts and before it hears of it: the store
    // refuses (it has the last word) and the dialog says so — until the transfer is edited into
    // another, which the refusal is not about.
    QFETCH(bool, intoLegs);
    DemoConsole c;
    TransferDialog *dialog = c.window.openTransferDialog();
    QVERIFY(c.settle());
    field(dialog, "source")->setText(QStringLiteral("alice"));
    field(dialog, "destination")->setText(QStringLiteral("dave"));
    field(dialog, "amount")->setText(QStringLiteral("1.00"));
    QVERIFY(dialog->canSubmit());
    QSignalSpy submitted(dialog, &TransferDialog::submitted);
    QVERIFY(c.store.store()
                .setAccountStatus(QStringLiteral("dave"), AccountStatus::Frozen, QStringLiteral("test"), QStringLiteral("review"))
                .ok());
    dialog->accept(); // before any event: the dialog has not heard of it
    QVERIFY(submitted.wait(kWaitMs));
    QVERIFY2(dialog->bannerText().contains(QStringLiteral("account-frozen")) && dialog->bannerText().contains(QStringLiteral("canceled")),
             qPrintable(dialog->bannerText()));
    // A fresh key was taken (the old one is used up) and the accounts read again: the answer stays.
    QVERIFY(c.settle());
    QVERIFY(QTest::qWaitFor([&] { return dialog->fieldError(QStringLiteral("destination")) == QLatin1String("account dave is frozen"); },
                            kWaitMs));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("banner"))->isVisible());
    QVERIFY(dialog->bannerText().contains(QStringLiteral("account-frozen")));
    if (intoLegs) {
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("addLeg")), Qt::LeftButton);
        QVERIFY(dialog->usesLegs());
    } else {
        QTest::keyClick(field(dialog, "amount"), Qt::Key_0);
    }
    QVERIFY(!dialog->findChild<QLabel *>(QStringLiteral("banner"))->isVisible());
    QCOMPARE(dialog->bannerText(), QString());
    dialog->reject();
}

void TestOperatorDialogs::altLetterNeverTypesIntoAField()
{
    // Add leg disabled (sixteen legs), Transfer disabled (they do not balance): their letters
    // pressed with Alt are typed into no field.
    DemoConsole c;
    TransferDialog *dialog = c.transferDialogWithEveryLeg();
    QVERIFY(dialog);
    LegsEditor *legs = dialog->legsEditor();
    auto *add = legs->findChild<QPushButton *>();
    QVERIFY(add && add->text() == QLatin1String("Add &leg"));
    QVERIFY(!add->isEnabled());
    QVERIFY(!transferButton(dialog)->isEnabled());
    dialog->activateWindow();
    auto *account = qobject_cast<QLineEdit *>(legs->accountField(kMaxLegs - 1));
    account->setFocus();
    QTest::keyClicks(account, QStringLiteral("bob"));
    QTest::keyClick(account, Qt::Key_L, Qt::AltModifier);
    QCOMPARE(account->text(), QStringLiteral("bob"));
    QCOMPARE(legs->legCount(), kMaxLegs);
    QLineEdit *memo = field(dialog, "memo");
    memo->setFocus();
    QTest::keyClick(memo, Qt::Key_T, Qt::AltModifier);
    QCOMPARE(memo->text(), QString());
    QTest::keyClick(memo, Qt::Key_T); // without Alt it is typed
    QCOMPARE(memo->text(), QStringLiteral("t"));
    dialog->reject();
}

void TestOperatorDialogs::newAccountIsReadable()
{
    // Fields at their height, placeholders whole, an error read to its end.
    DemoConsole c;
    NewAccountDialog *dialog = c.window.openNewAccountDialog();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    const QList<QLineEdit *> fields = dialog->findChildren<QLineEdit *>();
    QCOMPARE(fields.size(), 3);
    fields.at(0)->setText(QStringLiteral("not an id, it has spaces and ünïcode in it"));
    fields.at(2)->setText(QStringLiteral("1,50"));
    QApplication::processEvents();
    const QString dir = qEnvironmentVariable("LEDGER_TEST_SHOTS");
    if (!dir.isEmpty())
        dialog->grab().save(dir + QStringLiteral("/new-account.png"));
    for (QLineEdit *field : fields) {
        QVERIFY2(field->height() >= field->minimumSizeHint().height(), qPrintable(field->accessibleName()));
        QVERIFY2(field->fontMetrics().horizontalAdvance(field->placeholderText()) < field->width() - 8,
                 qPrintable(field->placeholderText()));
    }
    QLabel *error = nullptr;
    for (QLabel *label : dialog->findChildren<QLabel *>()) {
        if (label->wordWrap() && label->isVisible() && !label->text().isEmpty())
            error = label;
    }
    QVERIFY(error);
    QVERIFY2(error->height() >= error->heightForWidth(error->width()),
             qPrintable(QStringLiteral("%1 < %2").arg(error->height()).arg(error->heightForWidth(error->width()))));
    dialog->reject();
}

namespace {
// A stuck transaction selected in the console (its lease over, its worker gone), its id.
QString selectStuck(DemoConsole &c)
{
    CoordinatorOptions o;
    o.leaseMs = 1;
    o.hook = abandonAfterHook(Step::HoldDebit);
    const TxOutcome left =
        Coordinator(c.store.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()});
    if (!left.tx)
        return QString();
    c.window.showTransactionById(left.tx->id);
    if (!QTest::qWaitFor(
            [&] { return c.window.selectedTransactions().size() == 1 && c.window.selectedTransactions().first().id == left.tx->id; },
            kWaitMs))
        return QString();
    return left.tx->id;
}

template <typename W> W *waitForChild(QWidget *parent, const QString &name)
{
    W *found = nullptr;
    if (!QTest::qWaitFor([&] { return (found = parent->findChild<W *>(name)) != nullptr && found->isVisible(); }, kWaitMs))
        return nullptr;
    return found;
}
} // namespace

namespace {
// A transfer from alice, claimed by nothing held, that cannot be paid: its resume is predicted
// canceled, with the longest of the preview's reasons. Selected; its repair dialog open on it.
RepairDialog *repairOfAnUnpayable(DemoConsole &c, QString &id)
{
    CoordinatorOptions o;
    o.leaseMs = 1;
    o.hook = abandonAfterHook(Step::Claim);
    const TxOutcome left =
        Coordinator(c.store.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 999'999'999'00, QString(), QString()});
    if (!left.tx)
        return nullptr;
    id = left.tx->id;
    QTest::qWait(20);
    c.window.showTransactionById(id);
    if (!QTest::qWaitFor([&] { return c.window.selectedTransactions().size() == 1; }, kWaitMs))
        return nullptr;
    return c.window.openRepairDialog(OperatorAction::Resume);
}

QTableWidget *tableNamed(QWidget *in, const QString &accessibleName)
{
    for (QTableWidget *t : in->findChildren<QTableWidget *>()) {
        if (t->accessibleName() == accessibleName)
            return t;
    }
    return nullptr;
}
} // namespace

void TestOperatorDialogs::aRepairPreviewKeepsWhyInSight()
{
    // The preview's Why hid behind a horizontal scroll bar even at 1600 px: it was sized to its
    // text. It takes the width the other columns leave, and wraps in it.
    DemoConsole c;
    QString id;
    RepairDialog *dialog = repairOfAnUnpayable(c, id);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.count() > 0 || planned.wait(kWaitMs));
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QTableWidget *table = tableNamed(dialog, QStringLiteral("Transactions in the repair"));
    QVERIFY(table);
    const QString why = dialog->preview()->plan().items.first().why;
    QVERIFY2(why.startsWith(QStringLiteral("will most likely be canceled: alice has")), qPrintable(why));
    for (const QSize size : {QSize(820, 560), QSize(560, 560)}) {
        dialog->resize(size);
        QVERIFY(QTest::qWaitFor([&] { return dialog->size() == size; }, kWaitMs));
        QCoreApplication::processEvents();
        QHeaderView *header = table->horizontalHeader();
        const int whyColumn = 3;
        QCOMPARE(header->model()->headerData(whyColumn, Qt::Horizontal).toString(), QStringLiteral("Why"));
        QVERIFY2(!table->horizontalScrollBar()->isVisible(), qPrintable(QStringLiteral("%1 px wide").arg(size.width())));
        QVERIFY(header->sectionViewportPosition(whyColumn) + header->sectionSize(whyColumn) <= table->viewport()->width());
        // Whole, in as many lines as it takes at this width (at 560 px, more than one).
        const QAbstractItemView *view = table; // sizeHintForRow: public here
        QVERIFY2(QTest::qWaitFor([&] { return table->rowHeight(0) >= view->sizeHintForRow(0); }, kWaitMs),
                 qPrintable(QStringLiteral("%1 < %2 at %3 px").arg(table->rowHeight(0)).arg(view->sizeHintForRow(0)).arg(size.width())));
        if (size.width() == 560)
            QVERIFY(table->rowHeight(0) > 2 * table->fontMetrics().height());
    }
    dialog->reject();
}

void TestOperatorDialogs::aClaimTheRepairEndedIsNoLongerWarnedOf()
{
    // "Someone else is on this." stayed after the repair had finished the transaction, and with
    // it the claim.
    DemoConsole c;
    QString id;
    RepairDialog *dialog = repairOfAnUnpayable(c, id);
    QVERIFY(dialog);
    dialog->reject();
    QVERIFY(c.store.store().addRemark(id, Remark::Claim, QStringLiteral("bob"), QStringLiteral("on the phone with the bank")).ok());
    dialog = c.window.openRepairDialog(OperatorAction::Resume);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    auto *warning = dialog->findChild<QLabel *>(QStringLiteral("claimWarning"));
    auto *anyway = dialog->findChild<QCheckBox *>(QStringLiteral("repairAnyway"));
    QVERIFY(warning && anyway);
    QVERIFY2(warning->isVisibleTo(dialog) && warning->text().contains(QStringLiteral("Someone else is on this.")),
             qPrintable(warning->text()));
    anyway->setChecked(true);
    dialog->setReason(QStringLiteral("spoke to bob"));
    QVERIFY(QTest::qWaitFor([&] { return dialog->repairButton()->isEnabled(); }, kWaitMs));
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().items.size(), 1);
    QVERIFY(dialog->report().items.first().outcome.tx);
    QCOMPARE(dialog->report().items.first().outcome.tx->state, TxState::Canceled);
    QVERIFY2(!warning->isVisibleTo(dialog), qPrintable(warning->text()));
    QVERIFY(!anyway->isVisibleTo(dialog));
    // "1 were to be repaired": one was.
    QStringList said;
    for (QLabel *label : dialog->preview()->findChildren<QLabel *>())
        said << label->text();
    QVERIFY2(said.contains(QStringLiteral("<b>1</b> was to be repaired, <b>0</b> skipped: the Result column says how each ended.")),
             qPrintable(said.join(QLatin1Char('\n'))));
    dialog->reject();
}

void TestOperatorDialogs::theAgeChartsRangesAreWholeAt1024()
{
    // At 1024 px the age chart's ranges were cut ("5–3…"): each is drawn whole.
    DemoConsole c;
    c.window.resize(1024, 700);
    c.window.showView(NavigatorModel::View::Overview);
    const QStringList ranges{QStringLiteral("0–1m"),   QStringLiteral("1m–5m"), QStringLiteral("5m–30m"),
                             QStringLiteral("30m–2h"), QStringLiteral("2h–1d"), QStringLiteral("1d+")};
    QChartView *ages = nullptr;
    QStringList drawn;
    const bool whole = QTest::qWaitFor(
        [&] {
            for (QChartView *view : c.window.dashboard()->findChildren<QChartView *>()) {
                for (QAbstractAxis *axis : view->chart()->axes()) {
                    if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis); categories && categories->categories() == ranges)
                        ages = view;
                }
            }
            if (!ages)
                return false;
            drawn.clear();
            for (QGraphicsItem *item : ages->scene()->items()) {
                if (auto *text = qgraphicsitem_cast<QGraphicsTextItem *>(item); text && text->isVisible())
                    drawn << text->toPlainText();
            }
            return std::all_of(ranges.cbegin(), ranges.cend(), [&drawn](const QString &r) { return drawn.contains(r); });
        },
        kWaitMs);
    QVERIFY2(whole, qPrintable(drawn.join(QLatin1Char('|'))));
    QVERIFY(ages->width() < 500); // as narrow as at 1024 px
}

void TestOperatorDialogs::operatorActionsKeepWhyInSightAt1024()
{
    // At 1024 px Operator actions' Why began past the window's edge; the time, the action and the
    // id stay whole beside it.
    DemoConsole c;
    c.window.resize(1024, 700);
    c.window.showView(NavigatorModel::View::Actions);
    QTableView *table = c.window.operatorActions()->list()->table();
    QVERIFY(QTest::qWaitFor([&] { return table->isVisible() && table->model()->rowCount() > 0 && !c.window.isBusy(); }, kWaitMs));
    QVERIFY(table->window()->width() <= 1024);
    QHeaderView *header = table->horizontalHeader();
    const int chars = table->fontMetrics().averageCharWidth();
    const int why = header->sectionViewportPosition(JournalModel::ReasonColumn);
    QVERIFY2(why + 20 * chars <= table->viewport()->width(),
             qPrintable(QStringLiteral("Why starts at %1 of %2 px").arg(why).arg(table->viewport()->width())));
    const QModelIndex top = table->model()->index(0, JournalModel::DocumentColumn);
    QVERIFY(header->sectionSize(JournalModel::DocumentColumn) >= table->fontMetrics().horizontalAdvance(top.data().toString())
                                                                     + 2 * table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin));
    QVERIFY(header->sectionSize(JournalModel::AtColumn)
            >= table->fontMetrics().horizontalAdvance(table->model()->index(0, JournalModel::AtColumn).data().toString()));
    // Wider again, who and the state have their words back (the narrow widths were kept, saved
    // with the layout, and shown cut at 1600 px).
    const int who = header->sectionSize(JournalModel::ActorColumn);
    c.window.resize(1600, 1000);
    QVERIFY(QTest::qWaitFor([&] { return header->sectionSize(JournalModel::ActorColumn) > who; }, kWaitMs));
    QVERIFY(header->sectionSize(JournalModel::ActorColumn)
            >= table->fontMetrics().horizontalAdvance(table->model()->index(0, JournalModel::ActorColumn).data().toString()));
}

void TestOperatorDialogs::recoverAllShowsEveryAccountAndColumn()
{
    // Recover all at 1600×1000 showed four of its accounts and cut Owner / lease: it stayed
    // 760×460. It grows to what it lists, within the screen.
    DemoConsole c;
    const QStringList from{QStringLiteral("alice"), QStringLiteral("dave"), QStringLiteral("erin"),
                           QStringLiteral("globex")}; // not carol: frozen
    const QStringList to{QStringLiteral("bob"), QStringLiteral("mallory"), QStringLiteral("li-wei"), QStringLiteral("oscar")};
    for (int i = 0; i < from.size(); ++i) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.worker = QStringLiteral("ledgerd@db-replica-3.payments.internal.example.com/4242");
        o.hook = abandonAfterHook(Step::HoldDebit);
        QVERIFY(Coordinator(c.store.store(), o).transfer({from.at(i), to.at(i), 100 + i, QString(), QString()}).tx);
    }
    QTest::qWait(20);
    RecoverDialog *dialog = c.window.openRecoverDialog();
    QVERIFY(dialog);
    QSignalSpy listed(dialog, &RecoverDialog::candidatesListed);
    QVERIFY(listed.wait(kWaitMs));
    dialog->fitWithin(QRect(0, 0, 1600, 1000));
    QCoreApplication::processEvents();
    QVERIFY(dialog->frameGeometry().width() <= 1600 && dialog->frameGeometry().height() <= 1000);
    QTableWidget *results = tableNamed(dialog, QStringLiteral("Recovery results"));
    QTableWidget *accounts = tableNamed(dialog, QStringLiteral("Accounts the recovery changes"));
    QVERIFY(results && accounts);
    QVERIFY2(accounts->rowCount() >= 8,
             qPrintable(QString::number(accounts->rowCount()) + QLatin1Char(' ') + QString::number(results->rowCount())));
    // Every column whole, Owner / lease included.
    QVERIFY2(
        results->horizontalHeader()->length() <= results->viewport()->width(),
        qPrintable(QStringLiteral("%1 px of columns in %2").arg(results->horizontalHeader()->length()).arg(results->viewport()->width())));
    QCOMPARE(results->horizontalHeaderItem(4)->text(), QStringLiteral("Owner / lease"));
    // Every account's row in sight.
    const QRect last = accounts->visualRect(accounts->model()->index(accounts->rowCount() - 1, 0));
    QVERIFY2(last.bottom() <= accounts->viewport()->height(),
             qPrintable(QStringLiteral("the last account ends at %1 of %2 px").arg(last.bottom()).arg(accounts->viewport()->height())));
    dialog->reject();
}

void TestOperatorDialogs::aNoteIsOneLineAndARefusalKeepsIt()
{
    // How long a note may be is said while it is typed; past it Add waits, and nothing is written.
    DemoConsole c;
    const QString id = selectStuck(c);
    QVERIFY(!id.isEmpty());
    c.window.actions()->addNote->trigger();
    auto *dialog = waitForChild<NoteDialog>(&c.window, QStringLiteral("noteDialog"));
    QVERIFY(dialog);
    QLineEdit *edit = dialog->edit();
    QCOMPARE(dialog->countText(), QStringLiteral("0 / 500"));
    QVERIFY(!dialog->addButton()->isEnabled()); // nothing to add yet
    QTest::keyClicks(edit, QStringLiteral("the customer"));
    QCOMPARE(dialog->countText(), QStringLiteral("12 / 500"));
    QVERIFY(dialog->addButton()->isEnabled());
    edit->clear();
    QTest::keyClicks(edit, QString(500, QLatin1Char('x')));
    QCOMPARE(dialog->countText(), QStringLiteral("500 / 500"));
    QVERIFY(dialog->addButton()->isEnabled());
    QCOMPARE(dialog->problemText(), QString());
    QTest::keyClick(edit, Qt::Key_X);
    QCOMPARE(dialog->countText(), QStringLiteral("501 / 500"));
    QVERIFY(!dialog->addButton()->isEnabled());
    QCOMPARE(dialog->problemText(), QStringLiteral("invalid-text: note is 501 characters long; the limit is 500"));
    if (const QString dir = qEnvironmentVariable("LEDGER_TEST_SHOTS"); !dir.isEmpty())
        dialog->grab().save(dir + QStringLiteral("/note-too-long.png"));
    QSignalSpy added(&c.window, &MainWindow::remarkAdded);
    QTest::keyClick(edit, Qt::Key_Return); // Add is disabled: nothing happens, nothing is lost
    QVERIFY(dialog->isVisible());
    QCOMPARE(edit->text(), QString(501, QLatin1Char('x')));
    QVERIFY(!edit->hasSelectedText());
    // A good one: Return adds it.
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("the customer calls back at noon"));
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(added.wait(kWaitMs));
    QCOMPARE(added.first().at(2).toBool(), true);
    const QList<JournalEntry> journal = *c.store.store().journal(DocKind::Transaction, id);
    QCOMPARE(journal.last().detail, QStringLiteral("the customer calls back at noon"));
}

void TestOperatorDialogs::aRefusedNoteComesBackUnselected()
{
    // A note the store refused comes back as typed, with why: nothing selected, so that the next
    // key adds to it instead of erasing it; edited, the refusal goes.
    QWidget parent;
    NoteDialog dialog(QStringLiteral("tx-01TEST"), &parent);
    const QString typed = QStringLiteral("called the bank, they will call back");
    dialog.setText(typed);
    dialog.setRefusal(makeError(ErrorCode::StoreBusy, QStringLiteral("the store is busy; try again")));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QLineEdit *edit = dialog.edit();
    QVERIFY(edit->hasFocus());
    QVERIFY(!edit->hasSelectedText());
    QCOMPARE(edit->cursorPosition(), int(typed.size()));
    QCOMPARE(dialog.problemText(), QStringLiteral("store-busy: the store is busy; try again"));
    QTest::keyClick(edit, Qt::Key_Period);
    QCOMPARE(edit->text(), typed + QLatin1Char('.'));
    QCOMPARE(dialog.problemText(), QString());
    QVERIFY(dialog.addButton()->isEnabled());
}

void TestOperatorDialogs::releasingSomeoneElsesClaimAsksFirst()
{
    DemoConsole c;
    const QString id = selectStuck(c);
    QVERIFY(!id.isEmpty());
    QVERIFY(c.store.store().addRemark(id, Remark::Claim, QStringLiteral("bob"), QStringLiteral("on the phone with the bank")).ok());
    c.window.refreshAll();
    // The table's rows and claims read again first (a release asked for while the selected row
    // reloads has no row to act on).
    QVERIFY(c.settle());
    QVERIFY(
        QTest::qWaitFor([&] { return c.window.actions()->release->isEnabled() && c.window.selectedTransactions().size() == 1; }, kWaitMs));
    c.window.actions()->release->trigger();
    auto *box = waitForChild<QMessageBox>(&c.window, QStringLiteral("releaseClaimBox"));
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("bob's claim on ") + id)
                 && box->text().contains(QStringLiteral("on the phone with the bank")) && box->text().contains(QStringLiteral(" ago")),
             qPrintable(box->text()));
    // Cancel: nothing written.
    QSignalSpy cancelled(&c.window, &MainWindow::remarkAdded);
    box->button(QMessageBox::Cancel)->click();
    QVERIFY(c.settle());
    QCOMPARE(cancelled.count(), 0); // nothing was written, however late
    QVERIFY(claimOn(*c.store.store().transaction(id), *readClaimsOn(c.store.store(), {*c.store.store().transaction(id)})));
    // Release: written.
    c.window.actions()->release->trigger();
    box = waitForChild<QMessageBox>(&c.window, QStringLiteral("releaseClaimBox"));
    QVERIFY(box);
    QSignalSpy added(&c.window, &MainWindow::remarkAdded);
    for (QAbstractButton *b : box->buttons()) {
        if (box->buttonRole(b) == QMessageBox::AcceptRole)
            b->click();
    }
    QVERIFY(added.wait(kWaitMs));
    QVERIFY(!claimOn(*c.store.store().transaction(id), *readClaimsOn(c.store.store(), {*c.store.store().transaction(id)})));
}

void TestOperatorDialogs::groupRepairsFollowTheGroup()
{
    // A group already canceling is finished by resuming: "Cancel them…" is not offered for it.
    DemoConsole c;
    QVERIFY(!stuckAfter(c.store.store(), Step::Canceling, 999'999'999'00).isEmpty()); // refused for funds, stopped canceling
    QVERIFY(!stuckAfter(c.store.store(), Step::HoldDebit, 100).isEmpty());
    QTest::qWait(20);
    c.window.showView(NavigatorModel::View::Stuck);
    StuckCauseBar *bar = c.window.causeBar();
    QVERIFY(QTest::qWaitFor([&] { return bar->combo()->count() == 3 && !c.window.isBusy(); }, kWaitMs));
    QVERIFY(bar->resumeAction()->isEnabled() && bar->cancelAction()->isEnabled()); // every cause: some can be canceled
    QVERIFY(bar->choose(TxState::Canceling, QStringLiteral("insufficient-funds")));
    QVERIFY(bar->resumeAction()->isEnabled());
    QVERIFY(!bar->cancelAction()->isEnabled());
    QVERIFY(!bar->cancelAction()->toolTip().isEmpty());
    QVERIFY(bar->choose(TxState::Pending, QString()));
    QVERIFY(bar->resumeAction()->isEnabled() && bar->cancelAction()->isEnabled());
}

void TestOperatorDialogs::aCancelThatMovesNoMoneySaysSo()
{
    // Claimed, nothing held yet: its cancel changes no account, and the preview says so rather
    // than showing an empty table.
    DemoConsole c;
    const QString id = stuckAfter(c.store.store(), Step::Claim, 100);
    QVERIFY(!id.isEmpty());
    QTest::qWait(20);
    c.window.showTransactionById(id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.selectedTransactions().size() == 1; }, kWaitMs));
    RepairDialog *dialog = c.window.openRepairDialog(OperatorAction::Cancel);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    QCOMPARE(dialog->preview()->plan().eligibleCount(), 1);
    QVERIFY(dialog->preview()->plan().accounts.isEmpty());
    QVERIFY2(dialog->preview()->noAccountsText().contains(QStringLiteral("no money moves")),
             qPrintable(dialog->preview()->noAccountsText()));
    dialog->reject();
}

void TestOperatorDialogs::aFileThatIsNoStoreIsNamedForWhatItIs()
{
    if (throughLedgerd())
        QSKIP("local by nature: files that are no store, opened in the window");
    DemoConsole c;
    QTemporaryDir dir;
    const QString exported = dir.filePath(QStringLiteral("accounts.json"));
    QFile file(exported);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("[\n  {\"id\": \"alice\"}\n]\n");
    file.close();
    const auto failure = [&](const QString &path) {
        QSignalSpy failed(&c.window, &MainWindow::storeFailed);
        c.window.openStore(path, OpenMode::Existing);
        if (!failed.wait(kWaitMs))
            return QString();
        // The message box says it; close it for the next.
        if (auto *box = c.window.findChild<QMessageBox *>(); box && box->isVisible())
            box->close();
        QMessageBox *shown = nullptr;
        for (QMessageBox *b : c.window.findChildren<QMessageBox *>())
            shown = b;
        return failed.first().first().toString() + QLatin1Char('|') + (shown ? shown->text() : QString());
    };
    const QString json = failure(exported);
    QVERIFY2(json.contains(QStringLiteral("is a JSON file, not a LedgerDesk store")), qPrintable(json));
    QVERIFY2(!json.contains(QStringLiteral("New store")), qPrintable(json));
    const QString missing = failure(dir.filePath(QStringLiteral("nothing-here.db")));
    QVERIFY2(missing.contains(QStringLiteral("New store")), qPrintable(missing));
}

void TestOperatorDialogs::chartCountsAreWholeNumbers_data()
{
    QTest::addColumn<qint64>("max");
    QTest::newRow("nothing") << qint64(0);
    QTest::newRow("one") << qint64(1);
    QTest::newRow("three") << qint64(3);
    QTest::newRow("seven") << qint64(7);
    QTest::newRow("a hundred and three") << qint64(103);
    QTest::newRow("a million") << qint64(1'000'000);
}

void TestOperatorDialogs::chartCountsAreWholeNumbers()
{
    // The age chart's axis read 0,0,0,0,0,1 for one transaction: every tick a whole number, the
    // top above the largest bar, at most six ticks.
    QFETCH(qint64, max);
    const CountTicks ticks = countTicks(max);
    QVERIFY(ticks.count >= 2 && ticks.count <= 6);
    QVERIFY(ticks.top > max);
    QCOMPARE(ticks.top % (ticks.count - 1), qint64(0));
}

void TestOperatorDialogs::copyingOneRowSaysOneDocument()
{
    DemoConsole c;
    TxQuery any;
    any.limit = 1;
    const QString id = c.store.store().transactions(any)->first().id;
    c.window.showTransactionById(id);
    QVERIFY(QTest::qWaitFor([&] { return c.window.selectedTransactions().size() == 1; }, kWaitMs));
    c.window.actions()->copyJson->trigger();
    const QString said = c.window.statusBar()->currentMessage();
    QCOMPARE(said, QStringLiteral("Copied 1 document as JSON"));
}

QTEST_MAIN(TestOperatorDialogs)
#include "tst_operatordialogs.moc"
