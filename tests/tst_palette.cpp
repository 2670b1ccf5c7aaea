// Colours that read on a light and on a dark palette (widgets/tones.h): every tone and the
// palette's own text against the backgrounds they are drawn on, at least 4.5:1 (WCAG AA); the
// badges' text on each state's fill; every colour the detail panels, the dashboard, the audit and
// the models actually put on screen, read back from the real window in each palette; the charts
// painted in the palette; and no colour literal in the console's code outside tones.cpp.
#include "consolesupport.h"
#include "dialogs/repairdialog.h"
#include "dialogs/transferdialog.h"
#include "mainwindow.h"
#include "widgets/repairpreview.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "models/navigatormodel.h"
#include "operations/claims.h"
#include "operations/demo.h"
#include "testsupport.h"
#include "widgets/accountpanel.h"
#include "pages/auditpage.h"
#include "widgets/dashboard.h"
#include "widgets/detailpanel.h"
#include "widgets/tablepage.h"
#include "widgets/tones.h"

#include <QApplication>
#include <QCheckBox>
#include <QLineEdit>
#include <QStyleOption>
#include <QTableWidget>
#include <QToolButton>
#include <QChart>
#include <QChartView>
#include <QDirIterator>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTableView>
#include <QTreeView>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr double kMinimum = 4.5;
constexpr int kWaitMs = 20'000;

// Every text colour in a piece of HTML with the background it is drawn on: its own
// "background:" in the same style (a badge), else `base`.
QList<std::pair<QColor, QColor>> htmlColours(const QString &html, const QColor &base)
{
    QList<std::pair<QColor, QColor>> colours;
    // As written ('…') and as QTextDocument gives it back ("…").
    static const QRegularExpression style(QStringLiteral("style=(?:'([^']*)'|\"([^\"]*)\")"));
    static const QRegularExpression colour(QStringLiteral("(?<![-a-z])color:\\s*(#[0-9a-fA-F]{6}|white|black)"));
    static const QRegularExpression background(QStringLiteral("background(?:-color)?:\\s*(#[0-9a-fA-F]{6})"));
    for (auto it = style.globalMatch(html); it.hasNext();) {
        const auto m = it.next();
        const QString css = m.captured(1) + m.captured(2);
        const auto c = colour.match(css);
        if (!c.hasMatch())
            continue;
        const auto b = background.match(css);
        colours << std::pair{QColor(c.captured(1)), b.hasMatch() ? QColor(b.captured(1)) : base};
    }
    return colours;
}

} // namespace

Q_DECLARE_METATYPE(ledger::app::Tone)

class TestPalette : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void tonesRead_data();
    void tonesRead();
    void badgesRead();
    void whatTheWindowShowsReads_data();
    void whatTheWindowShowsReads();
    void whatIsPaintedReads_data();
    void whatIsPaintedReads();
    void noColourLiteralOutsideTones();
    void cleanupTestCase();

private:
    QPalette m_original;
};

void TestPalette::initTestCase()
{
    m_original = QApplication::palette();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
}

void TestPalette::cleanupTestCase() { QApplication::setPalette(m_original); }

void TestPalette::tonesRead_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<Tone>("tone");
    const QList<std::pair<const char *, Tone>> tones{
        {"bad", Tone::Bad}, {"good", Tone::Good}, {"warn", Tone::Warn}, {"info", Tone::Info}, {"muted", Tone::Muted}};
    for (const auto &[name, tone] : tones) {
        QTest::addRow("light %s", name) << lightPalette() << tone;
        QTest::addRow("dark %s", name) << darkPalette() << tone;
    }
}

void TestPalette::tonesRead()
{
    QFETCH(QPalette, palette);
    QFETCH(Tone, tone);
    QVERIFY(isDark(darkPalette()));
    QVERIFY(!isDark(lightPalette()));
    const QColor colour = toneColor(tone, palette);
    for (QPalette::ColorRole background : {QPalette::Base, QPalette::AlternateBase, QPalette::Window}) {
        const double ratio = contrastRatio(colour, palette.color(background));
        QVERIFY2(ratio >= kMinimum,
                 qPrintable(QStringLiteral("%1 on %2: %3").arg(colour.name(), palette.color(background).name()).arg(ratio)));
    }
    // The palette's own text, too (the dark palette is ours).
    for (const auto &[text, background] :
         {std::pair{QPalette::Text, QPalette::Base}, std::pair{QPalette::WindowText, QPalette::Window},
          std::pair{QPalette::HighlightedText, QPalette::Highlight}, std::pair{QPalette::Link, QPalette::Base},
          std::pair{QPalette::ToolTipText, QPalette::ToolTipBase}})
        QVERIFY2(contrastRatio(palette.color(text), palette.color(background)) >= kMinimum,
                 qPrintable(QStringLiteral("%1 on %2").arg(palette.color(text).name(), palette.color(background).name())));
}

void TestPalette::badgesRead()
{
    for (TxState s : allTxStates()) {
        const double ratio = contrastRatio(badgeTextColor(), stateColor(s));
        QVERIFY2(ratio >= kMinimum, qPrintable(QStringLiteral("%1: %2").arg(nameOf(s)).arg(ratio)));
    }
}

void TestPalette::whatTheWindowShowsReads_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << darkPalette();
}

void TestPalette::whatTheWindowShowsReads()
{
    QFETCH(QPalette, palette);
    QApplication::setPalette(palette);
    const QColor base = palette.color(QPalette::Base);
    const QColor window = palette.color(QPalette::Window);
    const auto check = [&](const QList<std::pair<QColor, QColor>> &colours, const QString &where) {
        for (const auto &[c, background] : colours) {
            const double ratio = contrastRatio(c, background);
            if (ratio < kMinimum)
                return QStringLiteral("%1: %2 on %3 is %4:1").arg(where, c.name(), background.name()).arg(ratio, 0, 'f', 2);
        }
        return QString();
    };

    TempStore ts;
    fillDemoStore(ts, 40, 3);
    // A stuck transaction someone is on, with an error and a note: every tone of the detail panel.
    auto stuck = ts.store().transactions([] {
        TxQuery q;
        q.stuckOnly = true;
        return q;
    }());
    QVERIFY(stuck.ok() && !stuck->isEmpty());
    const QString id = stuck->first().id;
    QVERIFY(addRemarkOn(ts.store(), id, Remark::Claim, QStringLiteral("bob"), QStringLiteral("on the phone")).ok());

    MainWindow w;
    QVERIFY(openIn(w, ts.path()));

    // The dashboard: its summary, and charts painted in the palette.
    w.showView(NavigatorModel::View::Overview);
    QVERIFY(QTest::qWaitFor([&] { return !w.isBusy(); }, kWaitMs));
    for (QLabel *label : w.dashboard()->findChildren<QLabel *>()) {
        const QString problem = check(htmlColours(label->text(), window), QStringLiteral("dashboard"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    for (QChartView *view : w.dashboard()->findChildren<QChartView *>()) {
        QCOMPARE(view->chart()->backgroundBrush().color(), base);
        QCOMPARE(view->chart()->titleBrush().color(), palette.color(QPalette::Text));
        for (QAbstractAxis *axis : view->chart()->axes())
            QCOMPARE(axis->labelsColor(), palette.color(QPalette::Text));
    }

    // The navigator's counts (the stuck one is coloured).
    NavigatorModel *nav = w.navigatorModel();
    const QModelIndex stuckEntry = nav->indexOf(NavigatorModel::View::Stuck);
    const QVariant stuckColour = stuckEntry.data(Qt::ForegroundRole);
    QVERIFY(stuckColour.isValid());
    QVERIFY2(check({{stuckColour.value<QBrush>().color(), base}}, QStringLiteral("navigator")).isEmpty(), "navigator");

    // The detail panel of the claimed transaction.
    w.showTransactionById(id);
    QVERIFY(QTest::qWaitFor([&] { return w.detailPanel()->shownHtml().contains(QStringLiteral("Claimed by bob")); }, kWaitMs));
    const QString detail = w.detailPanel()->shownHtml();
    QVERIFY(htmlColours(detail, base).size() >= 4);
    QString problem = check(htmlColours(detail, base), QStringLiteral("detail panel"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // An account's panel, and the accounts table's coloured rows.
    w.showAccountById(stuck->first().source);
    QVERIFY(QTest::qWaitFor([&] { return w.accountPanel()->shownHtml().contains(stuck->first().source); }, kWaitMs));
    problem = check(htmlColours(w.accountPanel()->shownHtml(), base), QStringLiteral("account panel"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QAbstractItemModel *accounts = w.accounts()->list()->table()->model();
    for (int row = 0; row < accounts->rowCount(); ++row) {
        for (int col = 0; col < accounts->columnCount(); ++col) {
            const QVariant fg = accounts->index(row, col).data(Qt::ForegroundRole);
            if (fg.isValid())
                QVERIFY2(check({{fg.value<QBrush>().color(), base}}, QStringLiteral("accounts table")).isEmpty(), "accounts table");
        }
    }

    // The audit's verdict.
    w.showView(NavigatorModel::View::Audit);
    w.actions()->runAudit->trigger();
    QVERIFY(QTest::qWaitFor([&] { return !w.isBusy(); }, kWaitMs));
    for (QLabel *label : w.auditPage()->findChildren<QLabel *>()) {
        problem = check(htmlColours(label->text(), window), QStringLiteral("audit"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
}

namespace {
// How far what is painted in `region` of `image` stands out from `background`: the largest
// contrast of any of its pixels (text and lines are drawn in their colour; anti-aliasing only
// blends towards the background).
double paintedContrast(const QImage &image, const QRect &region, const QColor &background)
{
    double best = 1.0;
    const QRect r = region.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x)
            best = qMax(best, contrastRatio(image.pixelColor(x, y), background));
    }
    return best;
}
// The widget as painted, at one pixel per pixel.
QImage paintedOf(QWidget *w)
{
    QImage image = w->grab().toImage();
    image.setDevicePixelRatio(1);
    return image.convertToFormat(QImage::Format_RGB32);
}
} // namespace

void TestPalette::whatIsPaintedReads_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

void TestPalette::whatIsPaintedReads()
{
    // Read back from the pixels, not from a list of colours: the safety check box of a repair,
    // an input field's frame in a dialog, the Resume icon on the toolbar, "→ done" in a preview.
    QFETCH(QString, name);
    applyPalette(name); // the style and the palette, as --palette does
    const QPalette palette = QApplication::palette();
    const QColor window = palette.color(QPalette::Window);
    constexpr double kControl = 3.0; // WCAG: the parts of a control that say what it is

    TempStore ts;
    fillDemoStore(ts, 20, 2);
    TxQuery q;
    q.stuckOnly = true;
    const QString id = ts.store().transactions(q)->first().id;
    QVERIFY(addRemarkOn(ts.store(), id, Remark::Claim, QStringLiteral("bob"), QStringLiteral("on the phone")).ok());
    MainWindow w;
    w.settings().setOperatorName(QStringLiteral("alice"));
    QVERIFY(openIn(w, ts.path()));
    w.showTransactionById(id);
    QVERIFY(QTest::qWaitFor([&] { return w.selectedTransactions().size() == 1 && w.actions()->resume->isEnabled(); }, kWaitMs));

    // The Resume icon on the toolbar.
    QToolButton *resume = nullptr;
    for (QToolButton *b : w.findChildren<QToolButton *>()) {
        if (b->defaultAction() == w.actions()->resume && b->isVisible())
            resume = b;
    }
    QVERIFY(resume);
    const QImage button = paintedOf(resume);
    const QColor buttonBackground = button.pixelColor(button.width() / 2, 1);
    // The icon alone (beside it, the button's words would pass for it): its opaque pixels as the
    // button draws them, against the button's background.
    const QImage glyph = resume->icon().pixmap(resume->iconSize(), QIcon::Normal).toImage();
    QVERIFY(!glyph.isNull());
    const double icon = opaqueContrast(glyph, buttonBackground);
    QVERIFY2(icon >= kControl, qPrintable(QStringLiteral("Resume icon %1:1").arg(icon, 0, 'f', 2)));

    // The repair dialog: "Repair anyway" (its box and its words), "→ done".
    RepairDialog *dialog = w.openRepairDialog(OperatorAction::Resume);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    auto *anyway = dialog->findChild<QCheckBox *>(QStringLiteral("repairAnyway"));
    QVERIFY(anyway && anyway->isVisible());
    const QImage box = paintedOf(anyway);
    QStyleOptionButton opt;
    opt.initFrom(anyway);
    const QRect indicator = anyway->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &opt, anyway);
    const double boxContrast = paintedContrast(box, indicator, window);
    QVERIFY2(boxContrast >= kControl, qPrintable(QStringLiteral("Repair anyway box %1:1").arg(boxContrast, 0, 'f', 2)));
    const QRect words = anyway->style()->subElementRect(QStyle::SE_CheckBoxContents, &opt, anyway);
    const double wordsContrast = paintedContrast(box, words, window);
    QVERIFY2(wordsContrast >= kMinimum, qPrintable(QStringLiteral("Repair anyway words %1:1").arg(wordsContrast, 0, 'f', 2)));
    const QList<QTableWidget *> tables = dialog->preview()->findChildren<QTableWidget *>();
    QVERIFY(!tables.isEmpty());
    QTableWidget *transactions = tables.first();
    const QColor base = palette.color(QPalette::Base);
    bool sawWill = false;
    for (int r = 0; r < transactions->rowCount(); ++r) {
        QTableWidgetItem *will = transactions->item(r, 2);
        if (!will || !will->text().startsWith(QStringLiteral("→")))
            continue;
        sawWill = true;
        const QImage cell = paintedOf(transactions->viewport()).copy(transactions->visualItemRect(will));
        const QColor cellBackground = cell.pixelColor(1, 1);
        const double ratio = paintedContrast(cell, cell.rect(), cellBackground);
        QVERIFY2(ratio >= kMinimum,
                 qPrintable(QStringLiteral("%1 %2:1 on %3").arg(will->text()).arg(ratio, 0, 'f', 2).arg(cellBackground.name())));
        QVERIFY(contrastRatio(will->foreground().color(), base) >= kMinimum);
    }
    QVERIFY(sawWill);
    dialog->reject();

    // An input field's frame in a dialog: the field is found by its outline.
    TransferDialog *transfer = w.openTransferDialog();
    QVERIFY(transfer);
    QVERIFY(QTest::qWaitForWindowExposed(transfer));
    auto *source = transfer->findChild<QLineEdit *>(QStringLiteral("source"));
    const QImage field = paintedOf(source);
    const double frame = qMax(paintedContrast(field, QRect(0, field.height() / 2, 2, 1), window),
                              paintedContrast(field, QRect(field.width() / 2, 0, 1, 2), window));
    QVERIFY2(frame >= kControl, qPrintable(QStringLiteral("input frame %1:1").arg(frame, 0, 'f', 2)));
    transfer->reject();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
}

void TestPalette::noColourLiteralOutsideTones()
{
    // Colours come from widgets/tones.h (and the palette), so that a dark palette cannot meet a
    // colour chosen for a light one.
    const QString src = QStringLiteral(QT_TESTCASE_SOURCEDIR "/../src/app");
    static const QRegularExpression literal(
        QStringLiteral("#[0-9a-fA-F]{6}\\b|QColor\\(0x|Qt::(red|green|blue|gray|darkRed|darkGreen|black|white)\\b"));
    QStringList found;
    for (QDirIterator it(src, {QStringLiteral("*.cpp"), QStringLiteral("*.h"), QStringLiteral("*.ui")}, QDir::Files,
                         QDirIterator::Subdirectories);
         it.hasNext();) {
        const QString path = it.next();
        if (path.endsWith(QLatin1String("widgets/tones.cpp")))
            continue;
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i) {
            if (literal.match(lines.at(i)).hasMatch())
                found << QStringLiteral("%1:%2: %3").arg(QDir(src).relativeFilePath(path)).arg(i + 1).arg(lines.at(i).trimmed());
        }
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
