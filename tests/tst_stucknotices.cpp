// The console's notice of transactions that became stuck: when it is given (a table of
// readings over a clock the test sets), and what it is about on each store (nothing another
// operator claimed).

#include "consolesupport.h"
#include "ledger/language.h"
#include "mainwindow.h"
#include "models/navigatormodel.h"
#include "operations/claims.h"
#include "operations/stuckwatch.h"
#include "stucknoticer.h"
#include "stucknotices.h"
#include "testsupport.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

struct Reading {
    QStringList stuck;
    bool looking = false;
    qint64 atMs = 0;
    int told = 0; // how many the notice must say (0: none)
    bool complete = true;
};

} // namespace

Q_DECLARE_METATYPE(QList<Reading>)

class TestStuckNotices : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void when_data();
    void when();
    void nothingAnotherOperatorClaimed();
    void theConsoleTellsAndOpensTheStuckView();
};

void TestStuckNotices::initTestCase()
{
    // As the console runs: English with its plurals ("1 transaction", not "1 transaction(s)").
    installTranslators(*qApp, QStringLiteral("en"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings(QStringLiteral("LedgerDesk"), QStringLiteral("ledgerdesk")).clear();
}

void TestStuckNotices::when_data()
{
    QTest::addColumn<QList<Reading>>("readings");
    constexpr qint64 m = 60'000;
    QTest::newRow("what was stuck at opening is no news") << QList<Reading>{{{"a", "b"}, false, 0, 0}, {{"a", "b"}, false, 10 * m, 0}};
    QTest::newRow("one becomes stuck while away")
        << QList<Reading>{{{"a"}, false, 0, 0}, {{"a", "b"}, false, m, 1}, {{"a", "b"}, false, 2 * m, 0}};
    QTest::newRow("seen while looking is not told")
        << QList<Reading>{{{}, false, 0, 0}, {{"a"}, true, m, 0}, {{"a"}, false, 2 * m, 0}, {{"a", "b"}, false, 3 * m, 1}};
    QTest::newRow("at most one notice per five minutes, then how many") << QList<Reading>{{{}, false, 0, 0},
                                                                                          {{"a"}, false, m, 1},
                                                                                          {{"a", "b"}, false, 2 * m, 0},
                                                                                          {{"a", "b", "c"}, false, 3 * m, 0},
                                                                                          {{"a", "b", "c"}, false, 5 * m + 59'999, 0},
                                                                                          {{"a", "b", "c"}, false, 6 * m, 2}};
    QTest::newRow("repaired before its notice is dropped from it")
        << QList<Reading>{{{}, false, 0, 0}, {{"a"}, false, m, 1}, {{"a", "b", "c"}, false, 2 * m, 0}, {{"a", "c"}, false, 7 * m, 1}};
    QTest::newRow("all repaired before the notice: none")
        << QList<Reading>{{{}, false, 0, 0}, {{"a"}, false, m, 1}, {{"b"}, false, 2 * m, 0}, {{}, false, 7 * m, 0}};
    QTest::newRow("stuck again after a repair is news again")
        << QList<Reading>{{{"a"}, false, 0, 0}, {{}, false, m, 0}, {{"a"}, false, 10 * m, 1}};
    QTest::newRow("looking clears what waits") << QList<Reading>{{{}, false, 0, 0},
                                                                 {{"a"}, false, m, 1},
                                                                 {{"a", "b"}, false, 2 * m, 0},
                                                                 {{"a", "b"}, true, 3 * m, 0},
                                                                 {{"a", "b"}, false, 9 * m, 0}};
    QTest::newRow("a partial reading forgets nothing it did not reach")
        << QList<Reading>{{{"a", "b"}, false, 0, 0}, {{"b"}, false, m, 0, false}, {{"a", "b"}, false, 10 * m, 0}};
}

void TestStuckNotices::when()
{
    QFETCH(QList<Reading>, readings);
    StuckNotices notices;
    int i = 0;
    for (const Reading &r : readings) {
        const QSet<QString> ids(r.stuck.begin(), r.stuck.end());
        QCOMPARE(notices.observe(ids, r.complete, r.looking, r.atMs), r.told);
        ++i;
    }
    QCOMPARE(i, readings.size());
}

void TestStuckNotices::nothingAnotherOperatorClaimed()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString mine = stuckAfter(t.store(), Step::HoldDebit, 100);
    const QString theirs = stuckAfter(t.store(), Step::HoldDebit, 200);
    const QString released = stuckAfter(t.store(), Step::Claim, 300);
    const QString nobodys = stuckAfter(t.store(), Step::HoldCredit, 400);
    QVERIFY(!mine.isEmpty() && !theirs.isEmpty() && !released.isEmpty() && !nobodys.isEmpty());
    QVERIFY(addRemarkOn(t.store(), mine, Remark::Claim, QStringLiteral("ann"), QString()).ok());
    QVERIFY(addRemarkOn(t.store(), theirs, Remark::Claim, QStringLiteral("ben"), QStringLiteral("on it")).ok());
    QVERIFY(addRemarkOn(t.store(), released, Remark::Claim, QStringLiteral("ben"), QString()).ok());
    QVERIFY(addRemarkOn(t.store(), released, Remark::Release, QStringLiteral("ben"), QString()).ok());

    auto watch = stuckNobodyElseClaims(t.store(), 0, QStringLiteral("ann"));
    QVERIFY2(watch.ok(), qPrintable(watch.error().toString()));
    QCOMPARE(watch->ids, (QSet<QString>{mine, released, nobodys}));
    QVERIFY(watch->complete);
    // For ben, ann's claim is someone else's.
    auto forBen = stuckNobodyElseClaims(t.store(), 0, QStringLiteral("ben"));
    QVERIFY(forBen.ok());
    QCOMPARE(forBen->ids, (QSet<QString>{theirs, released, nobodys}));
    // Past the cap: the most recently changed are kept, and the reading says it is partial.
    TxQuery newest;
    newest.stuckOnly = true; // stuckForMs 0: every unfinished one, whatever its lease says
    newest.sortKey = TxSortKey::LastModified;
    newest.descending = true;
    newest.limit = 2;
    auto two = t.store().transactions(newest);
    QVERIFY(two.ok() && two->size() == 2);
    QSet<QString> expected{two->at(0).id, two->at(1).id};
    expected.remove(theirs);
    auto capped = stuckNobodyElseClaims(t.store(), 0, QStringLiteral("ann"), 2);
    QVERIFY(capped.ok());
    QCOMPARE(capped->ids, expected);
    QVERIFY(!capped->complete);
}

void TestStuckNotices::theConsoleTellsAndOpensTheStuckView()
{
    // Offscreen the window is never the active one: the operator is looking elsewhere.
    DemoConsole c(10, 1);
    QVERIFY(c.settle());
    app::StuckNoticer *noticer = c.window.stuckNoticer();
    QVERIFY(noticer && noticer->isEnabled());
    QSignalSpy noticed(noticer, &app::StuckNoticer::noticed);
    c.window.showView(NavigatorModel::View::Accounts);
    QVERIFY(c.settle());
    QCOMPARE(noticed.count(), 0); // the demo's stuck one was there at opening

    // Another operator's stuck transfer, claimed by them: no news for this one.
    auto other = c.store.openAnother();
    const QString claimed = stuckAfter(*other, Step::HoldDebit, 1);
    QVERIFY(!claimed.isEmpty());
    QVERIFY(addRemarkOn(*other, claimed, Remark::Claim, QStringLiteral("ben"), QStringLiteral("mine")).ok());
    // And one nobody claimed: told of, as one.
    const QString nobodys = stuckAfter(*other, Step::HoldDebit, 2);
    QVERIFY(!nobodys.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(noticed.count(), 1, kConsoleWaitMs); // the live change brings the counts, then the watch
    QCOMPARE(noticed.at(0).at(0).toInt(), 1);
    QCOMPARE(noticed.at(0).at(1).toString(), QStringLiteral("1 transaction became stuck"));

    // Clicked: the Stuck view, with both.
    Q_EMIT noticer->openStuckRequested();
    QCOMPARE(c.window.currentView(), NavigatorModel::View::Stuck);

    // Turned off in the settings: no notice, however much becomes stuck.
    noticer->setEnabled(false);
    c.window.showView(NavigatorModel::View::Accounts);
    const qint64 before = c.window.navigatorModel()->countOf(NavigatorModel::View::Stuck).value_or(-1);
    QVERIFY(!stuckAfter(*other, Step::HoldDebit, 3).isEmpty());
    // The counts that would have brought a notice have been read, and nothing more is running.
    QTRY_COMPARE_WITH_TIMEOUT(c.window.navigatorModel()->countOf(NavigatorModel::View::Stuck).value_or(-1), before + 1, kConsoleWaitMs);
    QVERIFY(c.settle());
    QCOMPARE(noticed.count(), 1);
}

QTEST_MAIN(TestStuckNotices)
#include "tst_stucknotices.moc"
