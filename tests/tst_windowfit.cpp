// Windows that fit their screen (issue 46): on a 1024×700 screen the first window opened at
// 1320×820 with its status bar and right side off it, and the transfer dialog with sixteen legs
// was taller than the screen, its buttons off it. The rule (widgets/screenfit.h) on literal
// rectangles; then the console's first window, a geometry saved on a larger screen, and the
// dialog, on the screen the test runs on — offscreen (800×800) and, as `tst_windowfit@xvfb`, a
// real X screen of 1024×700.
#include "consolesupport.h"
#include "dialogs/transferdialog.h"
#include "widgets/legseditor.h"
#include "widgets/screenfit.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScreen>
#include <QScrollArea>
#include <QStandardPaths>
#include <QStatusBar>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = kConsoleWaitMs;

QRect availableOf(const QWidget *w) { return w->screen()->availableGeometry(); }

QString text(const QRect &r) { return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()); }

// `inner` (in global coordinates) lies on the screen `w` is on.
bool onScreen(const QWidget *w, const QRect &inner) { return availableOf(w).contains(inner); }

} // namespace

class TestWindowFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void fitWithin_data();
    void fitWithin();
    void theFirstWindowFitsItsScreen();
    void aGeometrySavedOnALargerScreenIsFitted();
    void sixteenLegsKeepTheButtonsOnScreen();
};

void TestWindowFit::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qInfo("screen %s, available %s", qPrintable(text(QGuiApplication::primaryScreen()->geometry())),
          qPrintable(text(QGuiApplication::primaryScreen()->availableGeometry())));
}

void TestWindowFit::fitWithin_data()
{
    QTest::addColumn<QRect>("wanted");
    QTest::addColumn<QRect>("available");
    QTest::addColumn<QRect>("fitted");
    const QRect small(0, 0, 1024, 700);
    const QRect belowPanel(0, 27, 1024, 673); // a panel across the top
    QTest::newRow("first window on 1024×700") << QRect(0, 0, 1320, 820) << small << QRect(0, 0, 1024, 700);
    QTest::newRow("first window below a panel") << QRect(0, 27, 1320, 820) << belowPanel << QRect(0, 27, 1024, 673);
    QTest::newRow("fits already") << QRect(100, 50, 600, 400) << small << QRect(100, 50, 600, 400);
    QTest::newRow("past the bottom right: moved in") << QRect(600, 500, 600, 400) << small << QRect(424, 300, 600, 400);
    QTest::newRow("above and left of it: moved in") << QRect(-50, -20, 600, 400) << belowPanel << QRect(0, 27, 600, 400);
    QTest::newRow("too tall: as tall as it, at its top") << QRect(200, 300, 500, 900) << small << QRect(200, 0, 500, 700);
    QTest::newRow("too wide, too low") << QRect(10, 650, 2000, 100) << small << QRect(0, 600, 1024, 100);
    QTest::newRow("a second screen to the right") << QRect(1900, 100, 1320, 820) << QRect(1920, 0, 1024, 700) << QRect(1920, 0, 1024, 700);
    QTest::newRow("no screen: unchanged") << QRect(5, 5, 1320, 820) << QRect() << QRect(5, 5, 1320, 820);
}

void TestWindowFit::fitWithin()
{
    QFETCH(QRect, wanted);
    QFETCH(QRect, available);
    QFETCH(QRect, fitted);
    QCOMPARE(ledger::app::fitWithin(wanted, available), fitted);
}

void TestWindowFit::theFirstWindowFitsItsScreen()
{
    MainWindow window;
    // The console's first size where there is room; here, what the screen has room for (with a
    // frame: a window manager's title bar and borders).
    const QRect available = availableOf(&window);
    const QMargins frame = frameAllowance(&window);
    QCOMPARE(window.width(), qMin(1320, available.width() - frame.left() - frame.right()));
    QCOMPARE(window.height(), qMin(820, available.height() - frame.top() - frame.bottom()));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(onScreen(&window, window.frameGeometry()),
             qPrintable(text(window.frameGeometry()) + QStringLiteral(" on ") + text(available)));
    QVERIFY(onScreen(&window, QRect(window.statusBar()->mapToGlobal(QPoint(0, 0)), window.statusBar()->size())));
}

void TestWindowFit::aGeometrySavedOnALargerScreenIsFitted()
{
    {
        MainWindow large;
        large.resize(2600, 1600);
        large.move(40, 30);
        large.settings().setWindow(large.saveGeometry(), large.saveState());
    }
    MainWindow window; // reads what the last one saved
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(onScreen(&window, window.frameGeometry()),
             qPrintable(text(window.frameGeometry()) + QStringLiteral(" on ") + text(availableOf(&window))));
}

void TestWindowFit::sixteenLegsKeepTheButtonsOnScreen()
{
    // In a font twice as large (an operator's setting, a denser screen), sixteen legs are taller
    // than the screen, offscreen (800 px) as on 1024×700.
    const QFont font = QApplication::font();
    const auto restoreFont = qScopeGuard([font] { QApplication::setFont(font); });
    QFont larger = font;
    if (font.pointSizeF() > 0)
        larger.setPointSizeF(font.pointSizeF() * 2);
    else
        larger.setPixelSize(font.pixelSize() * 2);
    QApplication::setFont(larger);
    DemoConsole c;
    TransferDialog *dialog = c.transferDialogWithEveryLeg();
    QVERIFY(dialog);
    LegsEditor *legs = dialog->legsEditor();
    QList<LegInput> typed;
    for (int i = 0; i < kMaxLegs; ++i)
        typed << LegInput{i == 0 ? LegSide::Debit : LegSide::Credit, i == 0 ? QStringLiteral("alice") : QStringLiteral("acct-%1").arg(i),
                          QStringLiteral("1.00")};
    legs->setLegs(typed);
    QCOMPARE(legs->legCount(), kMaxLegs);
    // Every leg is there to reach: the one added last is scrolled into sight once laid out (by
    // the event loop; the deadline only bounds a hang).
    auto *area = legs->findChild<QScrollArea *>();
    QVERIFY(area);
    QWidget *last = legs->accountField(kMaxLegs - 1);
    const auto lastInSight = [&] {
        return last->isVisible() && area->viewport()->rect().contains(QRect(last->mapTo(area->viewport(), QPoint(0, 0)), last->size()));
    };
    QVERIFY(QTest::qWaitFor(lastInSight, kWaitMs));
    QApplication::processEvents();
    QVERIFY2(dialog->sizeHint().height() > availableOf(dialog).height(), "the legs would fit without scrolling");
    if (const QString dir = qEnvironmentVariable("LEDGER_TEST_SHOTS"); !dir.isEmpty()) {
        dialog->grab().save(dir + QStringLiteral("/transfer-16-legs.png"));
        dialog->screen()->grabWindow(0).save(dir + QStringLiteral("/transfer-16-legs-screen.png")); // where it stands (X only)
    }
    // The dialog and its buttons on the screen, the legs scrolled within it.
    const QString where = text(dialog->frameGeometry()) + QStringLiteral(" on ") + text(availableOf(dialog));
    QVERIFY2(onScreen(dialog, dialog->frameGeometry()), qPrintable(where));
    for (QAbstractButton *b : dialog->findChild<QDialogButtonBox *>()->buttons())
        QVERIFY2(b->isVisible() && onScreen(dialog, QRect(b->mapToGlobal(QPoint(0, 0)), b->size())),
                 qPrintable(b->text() + QLatin1Char(' ') + where));
    // As many legs in sight as the screen has room for: more than the two it keeps at the least.
    QVERIFY2(area->viewport()->height() > 3 * last->height(), qPrintable(QString::number(area->viewport()->height())));
    dialog->reject();
}

QTEST_MAIN(TestWindowFit)
#include "tst_windowfit.moc"
