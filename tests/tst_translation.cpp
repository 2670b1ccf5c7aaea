// The console in Simplified Chinese: with the zh_CN translation installed (as a Chinese system
// locale or the setting would), every visible string of the main window — title, menus and their
// actions, toolbar, navigator, labels, buttons, filters, table headers, charts — in every view is
// translated: no English word is left, except names that are the same in any language
// (LedgerDesk, CSV, the store's path and data). So is every page of the guided repair, with the
// diagnosis and plan the operations library writes for it. Translated is not enough where words are
// joined around data: no space between two Chinese characters, brackets full-width, a chart's unit
// in its label format. Also: how the language is chosen.
#include "operations/demo.h"
#include "dialogs/repairwizard.h"
#include "interchange/incidentreport.h"
#include "operations/diagnosis.h"
#include "operations/transactiondetail.h"
#include "protocol/faults.h"
#include "ledger/language.h"
#include "languagename.h"
#include "ledger/duration.h"
#include "mainwindow.h"
#include "models/journalmodel.h"
#include "pages/actionspage.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "settings.h"
#include "consolesupport.h"
#include "testsupport.h"
#include "widgets/dashboard.h"
#include "widgets/detailhtml.h"
#include "widgets/repairpreview.h"
#include "widgets/tablepage.h"
#include "widgets/timestyle.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChartView>
#include <QComboBox>
#include <QFileInfo>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeView>
#include <QTranslator>
#include <QValueAxis>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

// Words that are not English to translate: the product, file formats, the time standard, the durability pragma the
// operators look up by that name.
const QStringList kSameInEveryLanguage = {
    QStringLiteral("LedgerDesk"), QStringLiteral("CSV"), QStringLiteral("JSON"),        QStringLiteral("PDF"),    QStringLiteral("HTML"),
    QStringLiteral("ID"),         QStringLiteral("UTC"), QStringLiteral("synchronous"), QStringLiteral("NORMAL"), QStringLiteral("FULL")};

// The English words left in a visible text once data (paths, ids, amounts) is taken out.
QStringList englishWords(QString text, const QString &storePath)
{
    text.remove(QRegularExpression(QStringLiteral("<[^>]*>"))); // markup
    // Paths and locations are data, whole or cut in the middle to fit (the status bar's store
    // label): a run of text with a slash in it is taken out whole, never read piece by piece (a
    // deep temporary folder's names read as English words). The store's name stands alone in the
    // window's title.
    text.remove(QRegularExpression(QStringLiteral("\\S*/\\S*")));
    text.remove(QFileInfo(storePath).fileName());
    text.remove(QRegularExpression(QStringLiteral("tx-[0-9A-Z]+")));            // transaction ids
    text.remove(QRegularExpression(QStringLiteral("\\(\\*\\.[a-z]+[^)]*\\)"))); // file filters
    QStringList words;
    const auto matches = QRegularExpression(QStringLiteral("[A-Za-z]{2,}")).globalMatch(text);
    for (auto it = matches; it.hasNext();) {
        const QString w = it.next().captured();
        // The protocol's states are code words, shown as ledgerctl prints them in every language
        // (DESIGN.md §7): the navigator, the badges and the charts say "pending" alike.
        if (!kSameInEveryLanguage.contains(w) && !txStateFromString(w))
            words << w;
    }
    return words;
}

void collectMenu(QMenu *menu, QStringList &texts)
{
    texts << menu->title();
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu())
            collectMenu(a->menu(), texts);
        else if (!a->text().contains(QLatin1Char('/'))) // recent stores are paths: data
            texts << a->text();
    }
}

// Every piece of text the widgets under `root` show right now (item views: their headers, and
// the cells of `chrome` views, whose entries are words rather than data).
QStringList visibleTexts(QWidget &root, const QList<QAbstractItemView *> &chrome = {})
{
    QStringList texts{root.windowTitle()};
    for (QWidget *widget : root.findChildren<QWidget *>()) {
        if (!widget->isVisible())
            continue;
        if (auto *label = qobject_cast<QLabel *>(widget))
            texts << label->text();
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            texts << button->text();
        else if (auto *edit = qobject_cast<QLineEdit *>(widget))
            texts << edit->placeholderText();
        else if (auto *box = qobject_cast<QGroupBox *>(widget))
            texts << box->title();
        else if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            for (int i = 0; i < combo->count(); ++i)
                texts << combo->itemText(i);
        } else if (auto *chart = qobject_cast<QChartView *>(widget)) {
            texts << chart->chart()->title();
            for (QAbstractAxis *axis : chart->chart()->axes()) {
                texts << axis->titleText();
                if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
                    texts << categories->categories();
            }
            for (QAbstractSeries *series : chart->chart()->series()) {
                texts << series->name();
                if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
                    for (QBarSet *set : bars->barSets())
                        texts << set->label(); // the legend
                }
            }
        }
        if (!widget->accessibleName().isEmpty())
            texts << widget->accessibleName();
        if (auto *view = qobject_cast<QAbstractItemView *>(widget); view && view->model() && !qobject_cast<QTextBrowser *>(widget)) {
            QAbstractItemModel *m = view->model();
            for (int c = 0; c < m->columnCount(); ++c)
                texts << m->headerData(c, Qt::Horizontal).toString();
            if (chrome.contains(view)) {
                for (int r = 0; r < m->rowCount(); ++r) {
                    for (int c = 0; c < m->columnCount(); ++c) {
                        const QModelIndex parent = m->index(r, c);
                        texts << parent.data().toString();
                        for (int child = 0; child < m->rowCount(parent); ++child)
                            texts << m->index(child, 0, parent).data().toString();
                    }
                }
            }
        }
    }
    texts.removeAll(QString());
    return texts;
}

// The main window's: menus, toolbars, and every widget (the navigator's entries are chrome; the
// tables' cells are data).
QStringList visibleTexts(MainWindow &w)
{
    QStringList texts;
    for (QAction *a : w.menuBar()->actions())
        collectMenu(a->menu(), texts);
    for (QToolBar *bar : w.findChildren<QToolBar *>()) {
        texts << bar->windowTitle();
        for (QAction *a : bar->actions())
            texts << a->text();
    }
    return texts + visibleTexts(static_cast<QWidget &>(w), {w.navigator()});
}

// The texts among `texts` that still hold English words, each with those words.
QStringList untranslatedAmong(const QStringList &texts, const QString &storePath, const QStringList &data = {})
{
    QStringList untranslated;
    for (QString text : texts) {
        for (const QString &d : data)
            text.replace(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(d))), QString());
        text.remove(QRegularExpression(QStringLiteral("\\b[0-9.]+(ms|s|m|h|d)\\b"))); // durations: unit symbols
        const QStringList words = englishWords(text, storePath);
        if (!words.isEmpty())
            untranslated << QStringLiteral("\"%1\" (%2)").arg(text.left(160), words.join(QLatin1Char(' ')));
    }
    untranslated.removeDuplicates();
    return untranslated;
}

} // namespace

class TestTranslation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void mainWindowIsTranslated_data();
    void mainWindowIsTranslated();
    void repairWizardIsTranslated();
    void statesReadTheSameEverywhere();
    void choosingTheLanguage();
    void englishCountsInPlurals();
    void durationsAndAgesReadAsChinese_data();
    void durationsAndAgesReadAsChinese();
    void operatorActionsNameWhatWasActedOn();
    void diagnosisPutsNoSpaceInsideChinese_data();
    void diagnosisPutsNoSpaceInsideChinese();
    void bracketsAroundChineseAreFullWidth();
    void perMinuteAxisInChinese();
    void ageChartInChinese();
    void releasingSomeoneElsesClaimSpacesTheName();
    void cleanupTestCase();

private:
    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<MainWindow> m_window;
};

void TestTranslation::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qunsetenv("LEDGERDESK_LANGUAGE");
    QVERIFY(installTranslators(*qApp, QStringLiteral("zh_CN")));
    QCOMPARE(QCoreApplication::translate("ledger::app::MainWindow", "&File"), QStringLiteral("文件(&F)"));
    m_store = std::make_unique<TempStore>();
    fillDemoStore(*m_store, 60, 3);
    m_window = std::make_unique<MainWindow>();
    QVERIFY(openIn(*m_window, m_store->path()));
}

void TestTranslation::mainWindowIsTranslated_data()
{
    QTest::addColumn<int>("view");
    using V = NavigatorModel::View;
    QTest::newRow("overview") << int(V::Overview);
    QTest::newRow("accounts") << int(V::Accounts);
    QTest::newRow("transactions") << int(V::Transactions);
    QTest::newRow("stuck") << int(V::Stuck);
    QTest::newRow("audit") << int(V::Audit);
    QTest::newRow("operator actions") << int(V::Actions);
}

void TestTranslation::mainWindowIsTranslated()
{
    QFETCH(int, view);
    m_window->showView(NavigatorModel::View(view));
    QVERIFY(QTest::qWaitFor([this] { return !m_window->isBusy(); }, 20'000));
    QTest::qWait(50);
    const QStringList texts = visibleTexts(*m_window);
    QVERIFY(texts.size() > 30);
    // Through ledgerd, who is signed in: a name and a role (the tokens file's word, a code word
    // as state names are) are data.
    QStringList data;
    if (const OpenedStore::SignedIn *in = m_window->signedIn())
        data << in->identity.name << nameOf(in->identity.role);
    const QStringList untranslated = untranslatedAmong(texts, m_store->path(), data);
    QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("left in English:\n  ") + untranslated.join(QStringLiteral("\n  "))));
}

void TestTranslation::statesReadTheSameEverywhere()
{
    // In Chinese too, the navigator names each state as the badges and ledgerctl do.
    QAbstractItemModel *nav = m_window->navigator()->model();
    QStringList shown;
    for (int r = 0; r < nav->rowCount(); ++r) {
        const QModelIndex parent = nav->index(r, 0);
        for (int c = 0; c < nav->rowCount(parent); ++c)
            shown << nav->index(c, 0, parent).data().toString();
    }
    for (TxState s : allTxStates())
        QVERIFY2(std::any_of(shown.cbegin(), shown.cend(),
                             [s](const QString &label) { return label == nameOf(s) || label.startsWith(nameOf(s) + QLatin1Char(0x20)); }),
                 qPrintable(nameOf(s) + QStringLiteral(" not among: ") + shown.join(QStringLiteral(" | "))));
}

void TestTranslation::repairWizardIsTranslated()
{
    // The guided repair of a stuck transfer, page by page: the wizard's own words, and the
    // diagnosis, consequences and plan the operations library writes for it. Data is left out: ids, account
    // ids, state names (code words, as in every language) and amounts.
    TxQuery query;
    query.stuckOnly = true;
    query.limit = 1;
    auto stuck = m_store->store().transactions(query);
    QVERIFY(stuck.ok() && !stuck->isEmpty());
    const Transaction tx = stuck->first();
    m_window->showView(NavigatorModel::View::Transactions);
    m_window->transactions()->list()->filterEdit()->setText(tx.id);
    m_window->transactions()->list()->selectKey(tx.id);
    QVERIFY(QTest::qWaitFor([&] { return m_window->selectedTransactions().size() == 1; }, 20'000));
    RepairWizard *wizard = m_window->openRepairWizard();
    QVERIFY(wizard);
    QSignalSpy diagnosed(wizard, &RepairWizard::diagnosed);
    QVERIFY(diagnosed.wait(20'000));
    QStringList data{tx.id, tx.source, tx.destination, tx.owner, wizard->operatorName()};
    for (TxState s : {TxState::Initial, TxState::Pending, TxState::Applied, TxState::Canceling, TxState::Done, TxState::Canceled})
        data << nameOf(s);
    QStringList untranslated;
    const auto look = [&](const char *page) {
        const QStringList texts = visibleTexts(*wizard, wizard->findChildren<QAbstractItemView *>());
        for (const QString &u : untranslatedAmong(texts, m_store->path(), data))
            untranslated << QStringLiteral("%1: %2").arg(QLatin1String(page), u);
        return texts.size();
    };
    QVERIFY(look("diagnosis") > 3);
    wizard->next();
    QCOMPARE(wizard->currentId(), int(RepairWizard::ActionPageId));
    look("action");
    QSignalSpy previewed(wizard, &RepairWizard::previewed);
    wizard->next();
    QVERIFY(previewed.wait(20'000));
    look("preview");
    wizard->next();
    QCOMPARE(wizard->currentId(), int(RepairWizard::ConfirmPageId));
    look("confirm");
    wizard->reject();
    if (throughLedgerd())
        QEXPECT_FAIL("",
                     "ledgerd writes a repair plan's reasons (PlannedRepair::why) in its own language: the preview shows them "
                     "in English",
                     Continue);
    QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("left in English:\n  ") + untranslated.join(QStringLiteral("\n  "))));
}

void TestTranslation::choosingTheLanguage()
{
    qputenv("LEDGERDESK_LANGUAGE", "zh_CN");
    QCOMPARE(chooseLanguage(QStringLiteral("en")), QStringLiteral("zh_CN")); // the environment wins, for one run
    qputenv("LEDGERDESK_LANGUAGE", "xx");
    QCOMPARE(chooseLanguage(QStringLiteral("en")), QStringLiteral("en")); // then the setting
    qunsetenv("LEDGERDESK_LANGUAGE");
    QCOMPARE(chooseLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QVERIFY(availableLanguages().contains(chooseLanguage(QString()))); // else the system's
    Settings settings;
    settings.setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(Settings().language(), QStringLiteral("zh_CN"));
    settings.setLanguage(QString());
    QCOMPARE(languageDisplayName(QStringLiteral("zh_CN")), QStringLiteral("简体中文"));
}

void TestTranslation::durationsAndAgesReadAsChinese_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("spoken");
    QTest::newRow("seconds") << qint64(42'000) << QStringLiteral("42秒");
    QTest::newRow("minutes and seconds") << qint64(64'000) << QStringLiteral("1分4秒");
    QTest::newRow("hours") << qint64(2 * 3'600'000) << QStringLiteral("2小时");
    QTest::newRow("days and hours") << qint64(3 * 86'400'000 + 4 * 3'600'000) << QStringLiteral("3天4小时");
}

void TestTranslation::durationsAndAgesReadAsChinese()
{
    // "1m 4s 前" mixed English units into Chinese: a duration on screen is in the reader's
    // language, and an age reads as one phrase (no space before 前).
    QFETCH(qint64, ms);
    QFETCH(QString, spoken);
    QCOMPARE(duration::format(ms), spoken);
    QCOMPARE(duration::said(64'000).english(), QStringLiteral("1m 4s")); // what the journal records stays English
    const QString age = QCoreApplication::translate("DetailPanel", "(%1 ago)").arg(duration::format(ms));
    QCOMPARE(age, QStringLiteral("（%1前）").arg(spoken));
}

void TestTranslation::operatorActionsNameWhatWasActedOn()
{
    // The column holds the transaction or account acted on, not a payee (收款方).
    const QString header = m_window->operatorActions()->model()->headerData(JournalModel::DocumentColumn, Qt::Horizontal).toString();
    QCOMPARE(header, QStringLiteral("操作对象"));
}

void TestTranslation::diagnosisPutsNoSpaceInsideChinese_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<qint64>("amount");
    QTest::newRow("pending, debit held") << Step::HoldDebit << qint64(10);
    QTest::newRow("half-posted") << Step::PostDebit << qint64(10);
    QTest::newRow("canceling") << Step::Canceling << qint64(99'999);
}

void TestTranslation::diagnosisPutsNoSpaceInsideChinese()
{
    // "bob 的贷方分录 已过账": a leg's words and what became of it were joined by a space, which
    // Chinese never puts between two of its characters. And the debit is one thing whether it
    // starts the sentence or not (it was 借方分录 there and 借记 further on).
    QCOMPARE(QCoreApplication::translate("ledger", "the debit on %1"), QCoreApplication::translate("ledger", "The debit on %1"));
    QFETCH(Step, stopAfter);
    QFETCH(qint64, amount);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString stuck = stuckAfter(t.store(), stopAfter, amount);
    QVERIFY(!stuck.isEmpty());
    QTest::qWait(5);
    auto d = diagnose(t.store(), stuck, 30 * 60 * 1000);
    QVERIFY2(d.ok(), qPrintable(d.error().toString()));
    QVERIFY2(d->legsText.contains(QStringLiteral("分录")), qPrintable(d->legsText)); // in Chinese at all
    if (stopAfter == Step::PostDebit)
        QVERIFY2(d->legsText.startsWith(QStringLiteral("alice 的借方分录已过账")), qPrintable(d->legsText));
    const QRegularExpression spaceInsideChinese(QStringLiteral("\\p{Han}\\s+\\p{Han}"));
    // "创建于 1m 34s前 … 已于 1m 4s前到期:": English units, a half-width colon.
    const QRegularExpression englishUnit(QStringLiteral("[0-9](ms|s|m|h|d)(?![A-Za-z])"));
    const QRegularExpression halfWidthColon(QStringLiteral("\\p{Han}\\s*:"));
    QVERIFY(spaceInsideChinese.isValid() && englishUnit.isValid() && halfWidthColon.isValid());
    for (const QString &text : {d->state, d->owner, d->legsText, d->recommendation}) {
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            for (const QRegularExpression &wrong : {spaceInsideChinese, englishUnit, halfWidthColon}) {
                const QRegularExpressionMatch m = wrong.match(line);
                QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("\"%1\" in: %2").arg(m.captured(), line)));
            }
        }
    }
    QVERIFY2(d->state.contains(QRegularExpression(QStringLiteral("创建于 [0-9]+(毫秒|秒|分)"))), qPrintable(d->state));
}

void TestTranslation::bracketsAroundChineseAreFullWidth()
{
    // "(5分 剩余)": brackets put around translated words outside tr() stayed half-width in Chinese
    // text; the lease in the detail panel (running and expired) and the age in the incident
    // report are whole phrases now.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const auto stuck = [&t](qint64 leaseMs) {
        CoordinatorOptions o;
        o.leaseMs = leaseMs;
        o.hook = abandonAfterHook(Step::HoldDebit);
        const TxOutcome outcome =
            Coordinator(t.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()});
        return outcome.tx ? outcome.tx->id : QString();
    };
    const QString running = stuck(10 * 60 * 1000);
    const QString expired = stuck(1);
    QVERIFY(!running.isEmpty() && !expired.isEmpty());
    QTest::qWait(5);
    // Markup becomes a space, so that words of two cells never read as one.
    const auto text = [](QString html) { return html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" ")); };
    const QRegularExpression halfWidthAroundChinese(QStringLiteral("\\([^()]*\\p{Han}[^()]*\\)"));
    QVERIFY(halfWidthAroundChinese.isValid());
    const auto check = [&](const QString &what, const QString &shown) {
        const QRegularExpressionMatch m = halfWidthAroundChinese.match(shown);
        return m.hasMatch() ? QStringLiteral("%1: \"%2\"").arg(what, m.captured()) : QString();
    };
    QStringList wrong;
    for (const QString &id : {running, expired}) {
        auto detail = loadTransactionDetail(t.store(), id);
        QVERIFY2(detail.ok(), qPrintable(detail.error().toString()));
        const QString panel = text(detailHtml(*detail, 2, TimeStyle::Utc));
        const QString lease = id == running ? QStringLiteral("（剩余 ") : QStringLiteral("（已过期）");
        QVERIFY2(panel.contains(lease), qPrintable(panel));
        wrong << check(QStringLiteral("detail of ") + id, panel);
        auto report = loadIncidentReport(t.store(), id);
        QVERIFY2(report.ok(), qPrintable(report.error().toString()));
        const QString printed = text(incidentReportHtml(*report, QStringLiteral("dana")));
        QVERIFY2(printed.contains(QStringLiteral("前）")), qPrintable(printed)); // the last change's age
        wrong << check(QStringLiteral("incident report of ") + id, printed);
    }
    // And what a claim said, as the repair dialogs and the guided repair quote it.
    RepairPlan plan;
    plan.now = QDateTime::currentDateTimeUtc();
    PlannedRepair claimed;
    claimed.id = running;
    claimed.eligible = true;
    claimed.claim = OperatorClaim{running, QStringLiteral("bob"), plan.now.addSecs(-60), QStringLiteral("on the phone")};
    plan.items << claimed;
    const QString warning = text(claimWarningHtml(plan, QStringLiteral("dana")));
    QVERIFY2(warning.contains(QStringLiteral("（“on the phone”）")), qPrintable(warning));
    wrong << check(QStringLiteral("claim warning"), warning);
    wrong.removeAll(QString());
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
}

void TestTranslation::perMinuteAxisInChinese()
{
    // The per-minute chart's axis read "-10 min", then "-59 ??" … "0 ??": a value axis prints
    // its label format through Latin-1, so its Chinese unit was lost on the way to the labels.
    // What is drawn is checked, not a format.
    m_window->showView(NavigatorModel::View::Overview);
    QChartView *perMinute = nullptr;
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (QChartView *view : m_window->dashboard()->findChildren<QChartView *>()) {
                for (QAbstractAxis *axis : view->chart()->axes(Qt::Horizontal)) {
                    if (qobject_cast<QCategoryAxis *>(axis)) // minutes before now
                        perMinute = view;
                }
            }
            return perMinute != nullptr;
        },
        20'000));
    QStringList drawn;
    const QRegularExpression minutesBefore(QStringLiteral("^-[0-9]+ 分钟$"));
    const bool shown = QTest::qWaitFor(
        [&] {
            drawn.clear();
            for (QGraphicsItem *item : perMinute->scene()->items()) {
                if (auto *text = qgraphicsitem_cast<QGraphicsTextItem *>(item); text && text->isVisible() && !text->toPlainText().isEmpty())
                    drawn << text->toPlainText();
            }
            return drawn.contains(QStringLiteral("0 分钟")) && drawn.filter(minutesBefore).size() >= 3;
        },
        20'000);
    QVERIFY2(shown, qPrintable(drawn.join(QLatin1Char('|'))));
    for (const QString &label : std::as_const(drawn))
        QVERIFY2(!label.contains(QLatin1Char('?')) && !label.contains(QStringLiteral("min")), qPrintable(label));
}

void TestTranslation::ageChartInChinese()
{
    // The age chart kept "5–30m", "2h–1d": its ranges are durations, written as every other one.
    m_window->showView(NavigatorModel::View::Overview);
    QBarCategoryAxis *ages = nullptr;
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (QChartView *view : m_window->dashboard()->findChildren<QChartView *>()) {
                for (QAbstractAxis *axis : view->chart()->axes()) {
                    if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis); categories && categories->count() > 1)
                        ages = categories;
                }
            }
            return ages != nullptr;
        },
        20'000));
    QCOMPARE(ages->categories(), QStringList({QStringLiteral("0–1分"), QStringLiteral("1分–5分"), QStringLiteral("5分–30分"),
                                              QStringLiteral("30分–2小时"), QStringLiteral("2小时–1天"), QStringLiteral("1天+")}));
}

void TestTranslation::releasingSomeoneElsesClaimSpacesTheName()
{
    // "释放Dave 对…": the operator's name, Latin, was written against the Chinese before it.
    const QString asked =
        QCoreApplication::translate("ledger::app::TransactionsPage", "Release %1?\n\nThey will no longer be shown as on it in any console.")
            .arg(QStringLiteral("Dave 对 tx-1 的接手（1分前）"));
    QVERIFY2(asked.startsWith(QStringLiteral("释放 Dave 对 tx-1 的接手（1分前）？")), qPrintable(asked));
}

void TestTranslation::cleanupTestCase() { m_window.reset(); }

void TestTranslation::englishCountsInPlurals()
{
    // English is the sources' language, but "(s)" is not English: its plurals come from
    // ledgerdesk_en.qm. Installed last, it answers before the Chinese of the tests above.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(":/i18n/ledgerdesk_en.qm")));
    QCoreApplication::installTranslator(&english);
    QCOMPARE(QCoreApplication::translate("ledger::app::TablePage", "%Ln row(s)", nullptr, 1), QStringLiteral("1 row"));
    QCOMPARE(QCoreApplication::translate("ledger::app::TablePage", "%Ln row(s)", nullptr, 2), QStringLiteral("2 rows"));
    QCOMPARE(QCoreApplication::translate("ledger::app::RepairDialog", "Repairing %n transaction(s)…", nullptr, 1),
             QStringLiteral("Repairing 1 transaction…"));
    QCOMPARE(QCoreApplication::translate("ledger::app::ConsoleActions",
                                         "%n selected row(s) have not loaded yet: the preview checks each before anything is done", nullptr,
                                         1),
             QStringLiteral("1 selected row has not loaded yet: the preview checks it before anything is done"));
    QCoreApplication::removeTranslator(&english);
}

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
