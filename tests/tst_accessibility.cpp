// Keyboard, screen readers and comfort, on the real window offscreen: every control that takes
// focus has a name a screen reader can say; the views and the main actions are reached from the
// keyboard alone (shortcuts, and Tab through each view's controls in the order the screen reads
// them); no two actions share a
// shortcut; the window follows the system's light or dark palette; and column layouts are
// remembered per store.
#include "operations/demo.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "consolesupport.h"
#include "testsupport.h"
#include "widgets/tablepage.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTreeView>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

std::unique_ptr<TempStore> demoStore()
{
    auto store = std::make_unique<TempStore>();
    fillDemoStore(*store, 40, 2);
    return store;
}

// A scroll area's viewport is part of the area, which takes the focus and carries the name.
bool isViewport(QWidget *w)
{
    auto *area = w->parentWidget() ? qobject_cast<QAbstractScrollArea *>(w->parentWidget()) : nullptr;
    return area && area->viewport() == w;
}

QString describe(QWidget *w) { return QStringLiteral("%1 %2").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName()); }

// The pane of a page's side-by-side split that holds `w` (0 in a page without one): panes are
// read one after the other, as the columns of a page are.
int paneOf(QWidget *w, QWidget *page)
{
    for (QWidget *p = w; p && p != page; p = p->parentWidget()) {
        if (auto *split = qobject_cast<QSplitter *>(p->parentWidget()); split && split->orientation() == Qt::Horizontal)
            return split->indexOf(p);
    }
    return 0;
}

// Whether `a` is read before `b` on `page`: by pane, then top to bottom, then left to right
// along a row. Controls of one row differ a little in height and top, so two are on one row
// when either one's middle is within the other's height.
bool readsBefore(QWidget *a, QWidget *b, QWidget *page)
{
    if (paneOf(a, page) != paneOf(b, page))
        return paneOf(a, page) < paneOf(b, page);
    const QRect ra(a->mapTo(a->window(), QPoint(0, 0)), a->size());
    const QRect rb(b->mapTo(b->window(), QPoint(0, 0)), b->size());
    const auto within = [](int y, const QRect &r) { return y >= r.top() && y <= r.bottom(); };
    const bool oneRow = within(ra.center().y(), rb) || within(rb.center().y(), ra);
    return oneRow ? ra.left() < rb.left() : ra.top() < rb.top();
}

} // namespace

class TestAccessibility : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyControlHasAName_data() { views_data(); }
    void everyControlHasAName();
    void shortcutsReachEveryView();
    void tabReachesTheControlsOfEachView_data() { views_data(); }
    void tabReachesTheControlsOfEachView();
    void tabFollowsTheScreen_data();
    void tabFollowsTheScreen();
    void noTwoActionsShareAShortcut();
    void followsTheSystemPalette();
    void layoutsAreRememberedPerStore();

private:
    static void views_data(); // the data of the tests that go through every view
    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<MainWindow> m_window;
};

void TestAccessibility::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_store = demoStore();
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(openIn(*m_window, m_store->path()));
}

void TestAccessibility::views_data()
{
    QTest::addColumn<int>("view");
    using V = NavigatorModel::View;
    QTest::newRow("overview") << int(V::Overview);
    QTest::newRow("accounts") << int(V::Accounts);
    QTest::newRow("transactions") << int(V::Transactions);
    QTest::newRow("audit") << int(V::Audit);
    QTest::newRow("operator actions") << int(V::Actions);
    QTest::newRow("awaiting approval") << int(V::Approvals);
}

void TestAccessibility::everyControlHasAName()
{
    QFETCH(int, view);
    m_window->showView(NavigatorModel::View(view));
    QVERIFY(QTest::qWaitFor([this] { return !m_window->isBusy(); }, 20'000));
    QStringList nameless;
    for (QWidget *w : m_window->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->focusPolicy() == Qt::NoFocus || isViewport(w))
            continue;
        if (auto *button = qobject_cast<QAbstractButton *>(w); button && !button->text().remove(QLatin1Char('&')).isEmpty())
            continue; // its text is its name
        if (w->accessibleName().isEmpty())
            nameless << describe(w);
    }
    QVERIFY2(nameless.isEmpty(), qPrintable(QStringLiteral("no accessible name: ") + nameless.join(QStringLiteral(", "))));
}

void TestAccessibility::shortcutsReachEveryView()
{
    auto *stack = m_window->findChild<QStackedWidget *>();
    QVERIFY(stack);
    const QList<std::pair<Qt::Key, NavigatorModel::View>> keys = {
        {Qt::Key_2, NavigatorModel::View::Accounts}, {Qt::Key_3, NavigatorModel::View::Transactions},
        {Qt::Key_4, NavigatorModel::View::Stuck},    {Qt::Key_5, NavigatorModel::View::Audit},
        {Qt::Key_6, NavigatorModel::View::Actions},  {Qt::Key_7, NavigatorModel::View::Approvals},
        {Qt::Key_1, NavigatorModel::View::Overview},
    };
    for (const auto &[key, view] : keys) {
        QTest::keyClick(m_window.get(), key, Qt::ControlModifier);
        QTRY_COMPARE(NavigatorModel::viewOf(m_window->navigator()->currentIndex()), view);
    }
    // Ctrl+F puts the cursor in the filter of a table view.
    QTest::keyClick(m_window.get(), Qt::Key_3, Qt::ControlModifier);
    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(m_window->transactions()->list()->filterEdit()));
}

void TestAccessibility::tabReachesTheControlsOfEachView()
{
    QFETCH(int, view);
    m_window->showView(NavigatorModel::View(view));
    QVERIFY(QTest::qWaitFor([this] { return !m_window->isBusy(); }, 20'000));
    m_window->activateWindow();
    m_window->navigator()->setFocus();
    QTRY_VERIFY(m_window->navigator()->hasFocus());
    // Every visible control that takes Tab focus is met once going round, and Tab comes back.
    QSet<QWidget *> expected;
    for (QWidget *w : m_window->findChildren<QWidget *>()) {
        if (w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) && !isViewport(w))
            expected.insert(w);
    }
    QSet<QWidget *> met;
    for (int i = 0; i < 60 && met.size() < expected.size(); ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        if (QWidget *f = QApplication::focusWidget())
            met.insert(isViewport(f) ? f->parentWidget() : f);
    }
    QStringList missed;
    for (QWidget *w : expected - met)
        missed << describe(w);
    QVERIFY2(missed.isEmpty(), qPrintable(QStringLiteral("not reached by Tab: ") + missed.join(QStringLiteral(", "))));
}

void TestAccessibility::tabFollowsTheScreen_data()
{
    QTest::addColumn<int>("view");
    using V = NavigatorModel::View;
    QTest::newRow("accounts") << int(V::Accounts);
    QTest::newRow("transactions") << int(V::Transactions);
    QTest::newRow("stuck") << int(V::Stuck);
    QTest::newRow("operator actions") << int(V::Actions);
}

void TestAccessibility::tabFollowsTheScreen()
{
    // The controls above a table were made after it (the cause bar, the kind of actions, the
    // "add" button), so Tab reached them after the table: from the first control of the page,
    // Tab must go through every control of the page in reading order.
    QFETCH(int, view);
    m_window->showView(NavigatorModel::View(view));
    QVERIFY(QTest::qWaitFor([this] { return !m_window->isBusy(); }, 20'000));
    m_window->activateWindow();
    auto *stack = m_window->findChild<QStackedWidget *>();
    QVERIFY(stack);
    QWidget *page = stack->currentWidget();
    QList<QWidget *> controls;
    for (QWidget *w : page->findChildren<QWidget *>()) {
        if (w->window() == m_window.get() && w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) && !isViewport(w))
            controls << w;
    }
    QVERIFY2(controls.size() >= 3, qPrintable(QString::number(controls.size())));
    QWidget *first = controls.first();
    for (QWidget *w : std::as_const(controls)) {
        if (readsBefore(w, first, page))
            first = w;
    }
    first->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(first->hasFocus());
    QList<QWidget *> met{first};
    while (met.size() < controls.size()) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *f = QApplication::focusWidget();
        met << (f && isViewport(f) ? f->parentWidget() : f);
    }
    QStringList walk;
    for (QWidget *w : std::as_const(met))
        walk << (w ? QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), w->accessibleName())
                   : QStringLiteral("nothing"));
    const QByteArray said = walk.join(QStringLiteral(" → ")).toUtf8();
    for (int i = 1; i < met.size(); ++i) {
        QVERIFY2(controls.contains(met.at(i)), ("Tab left the page: " + said).constData());
        QVERIFY2(readsBefore(met.at(i - 1), met.at(i), page), ("not in reading order: " + said).constData());
    }
}

void TestAccessibility::noTwoActionsShareAShortcut()
{
    QMap<QString, QString> seen;
    for (QAction *a : m_window->findChildren<QAction *>()) {
        for (const QKeySequence &k : a->shortcuts()) {
            const QString key = k.toString();
            QVERIFY2(!seen.contains(key), qPrintable(QStringLiteral("%1 is both %2 and %3").arg(key, seen.value(key), a->text())));
            seen.insert(key, a->text());
        }
    }
    QVERIFY(seen.contains(QStringLiteral("Ctrl+E")) && seen.contains(QStringLiteral("Ctrl+I")));
}

void TestAccessibility::followsTheSystemPalette()
{
    // Nothing pins a palette or a style sheet of its own on the window: the platform's (light or
    // dark) applies throughout.
    QVERIFY(qApp->styleSheet().isEmpty());
    QVERIFY(m_window->styleSheet().isEmpty());
    const QPalette light = QApplication::palette();
    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    QApplication::setPalette(dark);
    for (QWidget *w : {static_cast<QWidget *>(m_window.get()), static_cast<QWidget *>(m_window->navigator()),
                       static_cast<QWidget *>(m_window->transactions()->list()->table())}) {
        QTRY_COMPARE(w->palette().color(QPalette::Window), dark.color(QPalette::Window)); // delivered as an event
        QCOMPARE(w->palette().color(QPalette::Base), dark.color(QPalette::Base));
    }
    QApplication::setPalette(light);
    QTRY_COMPARE(m_window->palette().color(QPalette::Window), light.color(QPalette::Window));
}

void TestAccessibility::layoutsAreRememberedPerStore()
{
    auto other = demoStore();
    QHeaderView *header = m_window->transactions()->list()->table()->horizontalHeader();
    m_window->showView(NavigatorModel::View::Transactions);
    // (Both wider than an id: the id column is made as wide as the ids it shows, never narrower.)
    header->resizeSection(0, 333);
    QVERIFY(openIn(*m_window, other->path()));
    header->resizeSection(0, 444);
    QVERIFY(openIn(*m_window, m_store->path()));
    QCOMPARE(header->sectionSize(0), 333);
    QVERIFY(openIn(*m_window, other->path()));
    QCOMPARE(header->sectionSize(0), 444);
    // And across runs: a new window opens each store with its own layout.
    m_window->close();
    MainWindow again;
    again.show();
    QVERIFY(openIn(again, m_store->path()));
    QCOMPARE(again.transactions()->list()->table()->horizontalHeader()->sectionSize(0), 333);
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
