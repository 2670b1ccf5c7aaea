// Alt+letter in every window and dialog of the console, in English and in Chinese: within one
// window (one wizard page, one menu), no two controls may answer the same letter — a clash sends
// the key to the wrong control (Alt+R typed for "Reason" pressing "Repair"). Walks the main
// window's menu bar and each menu, the transfer dialog (also with its legs), each repair dialog,
// every page of the guided repair, the recovery, the settings and the note dialogs.
#include "dialogs/newaccountdialog.h"
#include "dialogs/notedialog.h"
#include "dialogs/recoverdialog.h"
#include "dialogs/repairdialog.h"
#include "dialogs/repairwizard.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/transferdialog.h"
#include "ledger/language.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "operations/demo.h"
#include "consolesupport.h"
#include "testsupport.h"
#include "widgets/legseditor.h"
#include "widgets/tablepage.h"

#include <QAbstractButton>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTranslator>
#include <QWizard>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = 20'000;

// The letter after a lone '&' ("&Repair", "修复(&R)"), lower-cased; none for "&&" or no '&'.
std::optional<QChar> mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return std::nullopt;
}

using Mnemonics = QMap<QChar, QStringList>;

void add(Mnemonics &m, const QString &text)
{
    if (const auto letter = mnemonicOf(text))
        m[*letter] << QString(text).remove(QLatin1Char('&'));
}

// What Alt reaches among the widgets under `root` that are shown with it: buttons, labels that
// name a field, group boxes, tabs. Widgets of another window (an open dialog) are not its.
Mnemonics mnemonicsUnder(QWidget *root)
{
    Mnemonics m;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(root) || w->window() != root->window())
            continue;
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            add(m, b->text());
        else if (auto *l = qobject_cast<QLabel *>(w); l && l->buddy())
            add(m, l->text());
        else if (auto *g = qobject_cast<QGroupBox *>(w))
            add(m, g->title());
        else if (auto *t = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < t->count(); ++i)
                add(m, t->tabText(i));
        }
    }
    return m;
}

QString clashes(const Mnemonics &m)
{
    QStringList found;
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        if (it->size() > 1)
            found << QStringLiteral("Alt+%1: %2").arg(it.key().toUpper(), it->join(QStringLiteral(" / ")));
    }
    return found.join(QStringLiteral("; "));
}

void removeTranslators()
{
    for (QTranslator *t : qApp->findChildren<QTranslator *>()) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    QLocale::setDefault(QLocale::c());
}

} // namespace

class TestMnemonics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void noClashInAnyWindow_data();
    void noClashInAnyWindow();
    void cleanup() { removeTranslators(); }

private:
    std::unique_ptr<TempStore> m_store;
    QString m_stuck;
};

void TestMnemonics::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_store = std::make_unique<TempStore>();
    fillDemoStore(*m_store, 20, 0);
    CoordinatorOptions o;
    o.leaseMs = 1;
    o.hook = abandonAfterHook(Step::HoldDebit);
    m_stuck = Coordinator(m_store->store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100, QString(), QString()}).tx->id;
}

void TestMnemonics::noClashInAnyWindow_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << "en";
    QTest::newRow("Chinese") << "zh_CN";
}

void TestMnemonics::noClashInAnyWindow()
{
    QFETCH(QString, language);
    if (language != QLatin1String("en"))
        QVERIFY(installTranslators(*qApp, language));
    QStringList problems;
    const auto check = [&problems](const QString &where, const Mnemonics &m) {
        if (const QString c = clashes(m); !c.isEmpty())
            problems << QStringLiteral("%1: %2").arg(where, c);
    };

    MainWindow window; // made after the language, as at start-up
    QVERIFY(openIn(window, m_store->path()));

    Mnemonics bar;
    for (QAction *menu : window.menuBar()->actions()) {
        add(bar, menu->text());
        Mnemonics items;
        if (menu->menu()) {
            for (QAction *a : menu->menu()->actions())
                add(items, a->text());
        }
        check(QStringLiteral("menu %1").arg(menu->text()), items);
    }
    check(QStringLiteral("menu bar"), bar);
    check(QStringLiteral("main window"), mnemonicsUnder(&window));

    TransferDialog *transfer = window.openTransferDialog();
    QVERIFY(transfer);
    check(QStringLiteral("transfer dialog"), mnemonicsUnder(transfer));
    transfer->useLegs();
    QVERIFY(QTest::qWaitFor([&] { return transfer->legsEditor()->isVisible(); }, kWaitMs));
    check(QStringLiteral("transfer dialog with legs"), mnemonicsUnder(transfer));
    transfer->reject();

    NewAccountDialog *account = window.openNewAccountDialog();
    QVERIFY(account);
    check(QStringLiteral("new account dialog"), mnemonicsUnder(account));
    account->reject();

    // The Stuck view, with its causes bar.
    window.showView(NavigatorModel::View::Stuck);
    check(QStringLiteral("main window, Stuck"), mnemonicsUnder(&window));

    SettingsDialog settings(window.settings(), &window);
    settings.show();
    check(QStringLiteral("settings"), mnemonicsUnder(&settings));
    settings.reject();

    RecoverDialog *recover = window.openRecoverDialog();
    QVERIFY(recover);
    check(QStringLiteral("recover dialog"), mnemonicsUnder(recover));
    recover->reject();

    // The stuck one selected: the repair dialogs and the guided repair.
    window.showView(NavigatorModel::View::Transactions);
    window.transactions()->list()->filterEdit()->setText(m_stuck);
    window.transactions()->list()->selectKey(m_stuck);
    QVERIFY(QTest::qWaitFor([&] { return window.selectedTransactions().size() == 1; }, kWaitMs));
    for (OperatorAction action : {OperatorAction::Resume, OperatorAction::Cancel}) {
        RepairDialog *repair = window.openRepairDialog(action);
        QVERIFY(repair);
        check(QStringLiteral("repair dialog (%1)").arg(repair->windowTitle()), mnemonicsUnder(repair));
        repair->reject();
    }
    RepairWizard *wizard = window.openRepairWizard();
    QVERIFY(wizard);
    for (int id : wizard->pageIds()) {
        QWizardPage *page = wizard->page(id);
        Mnemonics m = mnemonicsUnder(page);
        // The buttons shown with this page: Back, Next or the page's commit button, Cancel.
        add(m, wizard->buttonText(QWizard::BackButton));
        add(m, wizard->buttonText(QWizard::CancelButton));
        add(m, page->isCommitPage()  ? page->buttonText(QWizard::CommitButton)
               : page->isFinalPage() ? wizard->buttonText(QWizard::FinishButton)
                                     : wizard->buttonText(QWizard::NextButton));
        check(QStringLiteral("guided repair, page %1").arg(page->title()), m);
    }
    wizard->reject();
    window.actions()->addNote->trigger();
    NoteDialog *note = nullptr;
    QVERIFY(QTest::qWaitFor([&] { return (note = window.findChild<NoteDialog *>()) != nullptr && note->isVisible(); }, kWaitMs));
    check(QStringLiteral("note dialog"), mnemonicsUnder(note));
    note->reject();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
