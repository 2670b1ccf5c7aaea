// Several operators at once (run against SQLite and, as tst_liveconsoles@pg, PostgreSQL): two
// consoles and a `ledgerctl recover` loop on one store; each console sees what the others do by
// itself (about a second: logged, not checked) — on PostgreSQL through LISTEN/NOTIFY, without
// polling the tables. And a
// console whose live connection to the server is cut says so and comes back by itself.
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "models/navigatormodel.h"
#include "dialogs/repairdialog.h"
#include "models/transactiontablemodel.h"
#include "operations/claims.h"
#include "widgets/detailpanel.h"
#include "widgets/tablepage.h"
#include "store/postgres/pguri.h"
#include "settings.h"
#include "consolesupport.h"
#include "testsupport.h"

#include <QCheckBox>
#include <QPushButton>
#include <QElapsedTimer>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

class TestLiveConsoles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoConsolesAndARecoverLoopSeeEachOther();
    void claimsAndNotesShowInEveryConsole();
    void aCutListenerReconnects();
    void aPasswordIsNeverKept();
};

namespace {

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang

// Opens `store` in `window` on its list of every transaction, loaded.
void openOnTransactions(MainWindow &window, TempStore &store)
{
    QVERIFY(openIn(window, store.path()));
    window.showView(NavigatorModel::View::Transactions);
    const qint64 count = *store.store().transactionCount({});
    QVERIFY(QTest::qWaitFor([&] { return !window.isBusy() && window.transactionModel()->rowCount() == count; }, kWaitMs));
}

} // namespace

void TestLiveConsoles::twoConsolesAndARecoverLoopSeeEachOther()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    MainWindow first;
    MainWindow second;
    openOnTransactions(first, ts);
    openOnTransactions(second, ts);

    // The recover loop: another process, again and again, as a service would run it.
    QProcess loop;
    loop.start(QStringLiteral("/bin/sh"),
               {QStringLiteral("-c"),
                QStringLiteral("while true; do \"$0\" --store \"$1\" recover --older-than 0s >/dev/null 2>&1; sleep 0.2; done"),
                QStringLiteral(LEDGERCTL_PATH), ts.path()});
    QVERIFY(loop.waitForStarted());

    QList<qint64> delays;
    for (int i = 0; i < 5; ++i) {
        const int before = int(*ts.store().transactionCount({}));
        QElapsedTimer t;
        t.start();
        // A transfer by another process...
        QCOMPARE(runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("transfer"), QStringLiteral("alice"),
                               QStringLiteral("bob"), QStringLiteral("1.00")})
                     .exitCode,
                 0);
        const qint64 written = t.elapsed();
        // ... shows in both consoles.
        const bool seen = QTest::qWaitFor(
            [&] { return first.transactionModel()->rowCount() == before + 1 && second.transactionModel()->rowCount() == before + 1; },
            kWaitMs);
        if (!seen) {
            for (int row = 0; row < first.transactionModel()->rowCount(); ++row) {
                const auto tx = first.transactionModel()->transactionAt(row);
                qInfo("first row %d: %s", row, tx ? qPrintable(tx->id + QLatin1Char(' ') + nameOf(tx->state)) : "(not loaded)");
            }
        }
        QVERIFY2(seen, qPrintable(QStringLiteral("store %1, first %2, second %3, live %4 / %5")
                                      .arg(*ts.store().transactionCount({}))
                                      .arg(first.transactionModel()->rowCount())
                                      .arg(second.transactionModel()->rowCount())
                                      .arg(liveText(first), liveText(second))));
        delays << t.elapsed() - written;
    }
    // A transfer left stuck by a crash: the recover loop finishes it, and both consoles see done.
    const ProcessResult crashed = runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("--crash-after"),
                                                QStringLiteral("hold-debit"), QStringLiteral("transfer"), QStringLiteral("bob"),
                                                QStringLiteral("alice"), QStringLiteral("2.00"), QStringLiteral("--json")});
    QCOMPARE(crashed.exitCode, kCrashExitStatus);
    const auto done = [](const MainWindow &w) {
        for (int row = 0; row < w.transactionModel()->rowCount(); ++row) {
            const auto tx = w.transactionModel()->transactionAt(row);
            if (tx && tx->amount == 200 && tx->source == QLatin1String("bob"))
                return isTerminal(tx->state);
        }
        return false;
    };
    const bool finished = QTest::qWaitFor([&] { return done(first) && done(second); }, kWaitMs);
    if (!finished) {
        for (const Transaction &t : *ts.store().transactions({}))
            qInfo("store: %s %s %s %lld", qPrintable(t.id), qPrintable(nameOf(t.state)), qPrintable(t.source), t.amount);
        for (int row = 0; row < first.transactionModel()->rowCount(); ++row) {
            const auto tx = first.transactionModel()->transactionAt(row);
            qInfo("first row %d: %s", row, tx ? qPrintable(tx->id + QLatin1Char(' ') + nameOf(tx->state)) : "(not loaded)");
        }
        qInfo("loop: %s", loop.readAllStandardError().constData());
    }
    QVERIFY(finished);
    loop.kill();
    loop.waitForFinished();

    std::sort(delays.begin(), delays.end());
    const QString shown = QStringLiteral("%1 / %2 / %3").arg(delays.at(0)).arg(delays.at(2)).arg(delays.at(4));
    // How soon is a figure, not a check (a busy machine may take longer): each change showed,
    // waited for on the condition above.
    qInfo("a change by another process showed in both consoles after (ms, min / median / max): %s", qPrintable(shown));
    QVERIFY(liveText(first).startsWith(QStringLiteral("changed")));
    LEDGER_VERIFY_AUDIT_CLEAN(ts.store());
}

void TestLiveConsoles::claimsAndNotesShowInEveryConsole()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    // Two transfers abandoned after their debit hold, their leases already over.
    QStringList stuck;
    for (int i = 0; i < 2; ++i) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(Step::HoldDebit);
        const TxOutcome r =
            Coordinator(ts.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100 + i, QString(), QString()});
        QCOMPARE(r.error.code, ErrorCode::Interrupted);
        stuck << r.tx->id;
    }
    const QString mine = stuck.at(0);
    const QString theirs = stuck.at(1);
    QTest::qWait(20);
    MainWindow first;
    MainWindow second;
    first.settings().setOperatorName(QStringLiteral("alice")); // both windows' settings: one operator, two screens
    openOnTransactions(first, ts);
    openOnTransactions(second, ts);
    for (MainWindow *w : {&first, &second}) {
        w->showView(NavigatorModel::View::Stuck);
        QVERIFY(QTest::qWaitFor([&] { return !w->isBusy() && w->transactionModel()->rowCount() == 2; }, kWaitMs));
    }
    const auto select = [](MainWindow &w, const QString &id) {
        w.transactions()->list()->selectKey(id);
        return QTest::qWaitFor([&] { return w.selectedTransactions().size() == 1 && w.selectedTransactions().first().id == id; }, kWaitMs);
    };
    const auto claimIn = [](const MainWindow &w, const QString &id) {
        const int row = w.transactionModel()->rowOfKey(id);
        const auto tx = row >= 0 ? w.transactionModel()->transactionAt(row) : std::nullopt;
        const auto c = tx ? w.transactionModel()->claimOf(*tx) : std::nullopt;
        return c ? c->by : QString();
    };

    // Alice claims one in her first console: the other console shows it, live.
    QVERIFY(select(first, mine));
    QVERIFY(first.actions()->claim->isEnabled());
    QVERIFY(!first.actions()->release->isEnabled());
    QSignalSpy added(&first, &MainWindow::remarkAdded);
    QElapsedTimer shown;
    shown.start();
    first.actions()->claim->trigger();
    QVERIFY(added.wait(kWaitMs));
    QCOMPARE(added.last().at(2).toBool(), true);
    QVERIFY(QTest::qWaitFor([&] { return claimIn(second, mine) == QLatin1String("alice"); }, kWaitMs));
    qInfo("a claim in one console showed in the other after %lld ms", shown.elapsed());
    const int row = second.transactionModel()->rowOfKey(mine);
    const QString cell = second.transactionModel()->index(row, TransactionTableModel::ClaimColumn).data().toString();
    QVERIFY2(cell.startsWith(QStringLiteral("alice · ")), qPrintable(cell));
    QVERIFY(claimIn(second, theirs).isEmpty());

    // Bob, at another desk, adds a note with ledgerctl: it is in the detail of both consoles.
    QCOMPARE(runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("--operator"), QStringLiteral("bob"),
                           QStringLiteral("note"), mine, QStringLiteral("the bank says retry after 4")})
                 .exitCode,
             0);
    QVERIFY(select(second, mine));
    QVERIFY(QTest::qWaitFor([&] { return second.detailPanel()->shownHtml().contains(QStringLiteral("the bank says retry after 4")); },
                            kWaitMs));
    QVERIFY(second.detailPanel()->shownHtml().contains(QStringLiteral("Claimed by alice")));

    // Bob claims the other one; before Alice repairs it, the console says who is on it and waits
    // for her to say she has spoken to him.
    QCOMPARE(runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("--operator"), QStringLiteral("bob"),
                           QStringLiteral("claim"), theirs, QStringLiteral("--note"), QStringLiteral("on the phone with the bank")})
                 .exitCode,
             0);
    QVERIFY(QTest::qWaitFor([&] { return claimIn(first, theirs) == QLatin1String("bob"); }, kWaitMs));
    QVERIFY(select(first, theirs));
    RepairDialog *dialog = first.openRepairDialog(OperatorAction::Resume);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    dialog->setReason(QStringLiteral("the bank confirmed"));
    auto *warning = dialog->findChild<QLabel *>(QStringLiteral("claimWarning"));
    auto *anyway = dialog->findChild<QCheckBox *>(QStringLiteral("repairAnyway"));
    QVERIFY(warning && anyway);
    QVERIFY(warning->isVisible() && anyway->isVisible());
    QVERIFY2(warning->text().contains(QStringLiteral("bob claimed "))
                 && warning->text().contains(QStringLiteral("on the phone with the bank")),
             qPrintable(warning->text()));
    QVERIFY(!dialog->repairButton()->isEnabled());
    anyway->setChecked(true);
    QVERIFY(dialog->repairButton()->isEnabled());
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().succeeded(), 1);
    dialog->accept();
    // Finished, it has left Stuck in both consoles, and its claim ended with it.
    for (MainWindow *w : {&first, &second})
        QVERIFY(QTest::qWaitFor([&] { return w->transactionModel()->rowCount() == 1; }, kWaitMs));
    QVERIFY(!claimOn(*ts.store().transaction(theirs), *readClaimsOn(ts.store(), {*ts.store().transaction(theirs)})));

    // Alice lets hers go by hand: gone from the other console too.
    QVERIFY(select(first, mine));
    QVERIFY(first.actions()->release->isEnabled());
    first.actions()->release->trigger();
    QVERIFY(QTest::qWaitFor([&] { return claimIn(second, mine).isEmpty(); }, kWaitMs));
    const QList<JournalEntry> journal = *ts.store().journal(DocKind::Transaction, mine);
    QStringList events;
    for (const JournalEntry &j : journal)
        events << j.event + QLatin1Char('/') + j.actor;
    QVERIFY2(events.join(QLatin1Char(' ')).endsWith(QStringLiteral("operator-claim/alice note/bob operator-release/alice")),
             qPrintable(events.join(QLatin1Char(' '))));
    LEDGER_VERIFY_AUDIT_CLEAN(ts.store());
}

void TestLiveConsoles::aCutListenerReconnects()
{
    if (!onPostgres())
        QSKIP("a file has no connection to cut (tst_liveconsoles@pg)");
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    MainWindow window;
    openOnTransactions(window, ts);
    // The listener connects on its own thread: its session is there to cut once the server lists it.
    QVERIFY(QTest::qWaitFor(
        [&] {
            return RawSql(ts.path())
                       .scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                              " WHERE application_name = 'ledgerdesk-listener' AND datname = current_database()"))
                       .toInt()
                 > 0;
        },
        kWaitMs));
    QVERIFY(RawSql(ts.path()).exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                                  " WHERE application_name = 'ledgerdesk-listener' AND datname = current_database()")));
    // It said so (the status bar keeps the message a while) and listens again by itself. Through
    // ledgerd the listener cut is ledgerd's: the console's own connection, to ledgerd, is whole,
    // and it has nothing to say; what it is shown must still follow.
    if (!throughLedgerd())
        QVERIFY(QTest::qWaitFor([&] { return window.statusBar()->currentMessage().contains(QStringLiteral("connection lost")); }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return liveText(window) == QStringLiteral("live"); }, kWaitMs));
    const int before = int(*ts.store().transactionCount({}));
    QCOMPARE(runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("transfer"), QStringLiteral("alice"), QStringLiteral("bob"),
                           QStringLiteral("1.00")})
                 .exitCode,
             0);
    QVERIFY(QTest::qWaitFor([&] { return window.transactionModel()->rowCount() == before + 1; }, 5000));
}

void TestLiveConsoles::aPasswordIsNeverKept()
{
    if (!onPostgres())
        QSKIP("files have no passwords (tst_liveconsoles@pg)");
    if (throughLedgerd())
        QSKIP("local by nature: a PostgreSQL location with its password, opened in the window");
    TempStore ts;
    // The test cluster trusts its socket, so the password is carried along but never checked:
    // exactly what shows whether it leaks anywhere.
    QString uri = ts.path();
    uri.replace(QStringLiteral("postgresql://ledger@"), QStringLiteral("postgresql://ledger:s3cr%21t-pw@"));
    QVERIFY(uri.contains(QLatin1String("s3cr")));
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    window.openStore(uri, OpenMode::Existing);
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(!window.settings().recentStores().isEmpty());
    for (const QString &recent : window.settings().recentStores())
        QVERIFY2(!recent.contains(QLatin1String("s3cr")), qPrintable(recent));
    QVERIFY(window.settings().recentStores().contains(pguri::redacted(uri)));
    QVERIFY(!window.windowTitle().contains(QLatin1String("s3cr")));
    for (const QLabel *label : window.statusBar()->findChildren<QLabel *>())
        QVERIFY2(!label->text().contains(QLatin1String("s3cr")), qPrintable(label->text()));
    QVERIFY(!window.statusBar()->currentMessage().contains(QLatin1String("s3cr")));
    // And a topology file refuses one outright.
    QTemporaryDir dir;
    StoreConfig sharded;
    sharded.location = dir.filePath(QStringLiteral("x.json"));
    sharded.shardServers = {uri};
    auto refused = createStore(sharded, 2);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.code(), ErrorCode::InvalidArgument);
    QVERIFY(!refused.error().message.contains(QLatin1String("s3cr")));
}

QTEST_MAIN(TestLiveConsoles)
#include "tst_liveconsoles.moc"
