// tst_remotekill: ledgerd SIGKILLed under a console while it repairs a batch through it, then
// started again on the same store and port (issue 48, items 5 and 6). The console says it cannot
// reach the service, does not hang, comes back by itself with its views live; nothing was applied
// twice (the audit is clean, each transaction finished once, the money moved once); and each
// repair whose answer was lost is read back once the service answers: shown done, or not done,
// never a false failure.
#include "dialogs/repairdialog.h"
#include "mainwindow.h"
#include "models/navigatormodel.h"
#include "models/transactiontablemodel.h"
#include "pages/transactionspage.h"
#include "widgets/repairpreview.h"
#include "widgets/tablepage.h"

#include "consolesupport.h"
#include "ledgerdsupport.h"
#include "testsupport.h"

#include "protocol/commitpoint.h"
#include "service/remoteledgerservice.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang
constexpr int kStuck = 6;
constexpr qint64 kOpening = 100000;

// A store with kStuck transfers of acme → bob left after their debit hold (their leases over:
// stuck), ann's operator token for it, and ledgerds over it started by start() — without a
// recovery sweeper, so that only the repairs under test move anything.
struct StuckLedger {
    TempStore store;
    QTemporaryDir dir;
    QStringList stuck;
    QMap<QString, qint64> amounts;
    AddedToken ann;

    StuckLedger()
    {
        openAccounts(store.store(), {QStringLiteral("acme"), QStringLiteral("bob")}, kOpening);
        for (int i = 0; i < kStuck; ++i) {
            const TxOutcome left =
                abandonedAfter(store.store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 100 + i, {}, {}});
            if (left.error.code == ErrorCode::Interrupted && left.tx) {
                stuck << left.tx->id;
                amounts.insert(left.tx->id, 100 + i);
            }
        }
        ann = addToken(dir.filePath(QStringLiteral("tokens")), QStringLiteral("ann"), QStringLiteral("operator"));
    }
    bool ready() const { return stuck.size() == kStuck && ann.exitCode == 0; }
    std::unique_ptr<Ledgerd> start(const QString &listen, const QStringList &env)
    {
        return std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), store.path(), QStringLiteral("--listen"), listen,
                                                     QStringLiteral("--tokens"), dir.filePath(QStringLiteral("tokens")),
                                                     QStringLiteral("--recover-every"), QStringLiteral("off")},
                                         env);
    }
};

} // namespace

class TestRemoteKill : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aKillMidRepairAppliesNothingTwice();
    void aBatchKilledMidWayIsFinishedOnceItIsBack();
};

void TestRemoteKill::aKillMidRepairAppliesNothingTwice()
{
    // No desktop keyring (a bus that is not there; unset, libdbus would find the user's own): the
    // token comes from its file.
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/ledgerdesk-test-no-session-bus");
    qunsetenv("LEDGERDESK_TOKEN");
    StuckLedger ledger;
    QVERIFY(ledger.ready());
    TempStore &store = ledger.store;
    const QStringList &stuck = ledger.stuck;
    const QString tokenFile = writeToken(ledger.dir.path(), QStringLiteral("ann"), ledger.ann.token);
    QVERIFY(!tokenFile.isEmpty());
    const auto start = [&](const QString &listen, const QStringList &env) { return ledger.start(listen, env); };
    // Every write of this ledgerd waits 300 ms after it: a resume is several writes, so six of
    // them take seconds, and the kill below lands while the batch is under way.
    auto ledgerd = start(QStringLiteral("127.0.0.1:0"), {QStringLiteral("LEDGER_STEP_DELAY_MS=300")});
    QVERIFY2(!ledgerd->url.isEmpty(), qPrintable(ledgerd->errors()));
    const QString url = ledgerd->url;
    const quint16 port = ledgerd->port();

    MainWindow window;
    window.resize(1320, 820);
    {
        QSignalSpy opened(&window, &MainWindow::storeOpened);
        window.connectToServer(ServerLogin{url, tokenFile, QString()});
        window.show();
        QVERIFY(opened.wait(kWaitMs));
        QVERIFY(settle(window));
    }
    QVERIFY2(saysLive(window), qPrintable(liveText(window)));
    window.showView(NavigatorModel::View::Stuck);
    QVERIFY(QTest::qWaitFor([&] { return !window.isBusy() && window.transactionModel()->rowCount() == kStuck; }, kWaitMs));

    // The six selected, Resume…, a reason, Repair.
    QSignalSpy dialogOpened(&window, &MainWindow::repairDialogOpened);
    window.transactions()->list()->table()->selectAll();
    RepairDialog *dialog = window.openRepairDialog(OperatorAction::Resume);
    if (!dialog) {
        QVERIFY(!dialogOpened.isEmpty() || dialogOpened.wait(kWaitMs));
        dialog = dialogOpened.first().first().value<RepairDialog *>();
    }
    QVERIFY(dialog);
    QVERIFY(dialog->planReady() || QSignalSpy(dialog, &RepairDialog::planLoaded).wait(kWaitMs));
    QCOMPARE(dialog->preview()->plan().eligibleCount(), kStuck);
    dialog->setReason(QStringLiteral("the bank confirmed"));
    QVERIFY(dialog->repairButton()->isEnabled());
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    QSignalSpy readBack(dialog, &RepairDialog::lostAnswersReadBack);
    dialog->startRepair();

    // Mid-batch, read from the store itself: one is done, the others are still to come.
    const auto doneNow = [&] {
        int done = 0;
        for (const QString &id : stuck) {
            const auto tx = store.store().transaction(id);
            done += tx.ok() && tx->state == TxState::Done ? 1 : 0;
        }
        return done;
    };
    QVERIFY(QTest::qWaitFor([&] { return doneNow() >= 1; }, kWaitMs));
    QVERIFY(ledgerd->kill());
    const int doneAtKill = doneNow();
    QVERIFY2(doneAtKill < kStuck, "the kill came after the whole batch: it must land mid-way");
    ledgerd.reset();

    // The console does not hang: the batch, sent again under its key while the retry window lasts,
    // ends with its answer lost, each of its transactions "may or may not have been applied", and
    // it says it cannot reach the service.
    QVERIFY(finished.count() == 1 || finished.wait(kWaitMs));
    QVERIFY2(dialog->report().items.size() == kStuck, qPrintable(dialog->statusText()));
    for (const BatchRepairItem &item : dialog->report().items) {
        QCOMPARE(item.outcome.error.code, ErrorCode::ServiceUnavailable);
        QVERIFY2(dialog->preview()->outcomeOf(item.id).contains(QLatin1String("may or may not have been applied")),
                 qPrintable(dialog->preview()->outcomeOf(item.id)));
    }
    // Not counted as failed: their fate is unknown, and said so.
    QVERIFY2(dialog->statusText().contains(
                 QStringLiteral("<b>0</b> repaired, <b>0</b> refused or failed, <b>%1</b> may or may not have been applied").arg(kStuck)),
             qPrintable(dialog->statusText()));
    QVERIFY2(QTest::qWaitFor([&] { return liveText(window) == QLatin1String("cannot reach the ledger service"); }, kWaitMs),
             qPrintable(liveText(window)));
    QVERIFY(window.hasStore()); // nothing is closed: it waits for the service
    // Read back in vain while the service is away (each read tried again for some seconds), and
    // asked again after, until it answers.
    QVERIFY2(QTest::qWaitFor([&] { return dialog->statusText().contains(QLatin1String("still does not answer: asked again")); }, kWaitMs),
             qPrintable(dialog->statusText()));
    QCOMPARE(readBack.count(), 0);

    // Started again on the same store and port, without the slowing.
    ledgerd = start(QStringLiteral("127.0.0.1:%1").arg(port), {});
    QVERIFY2(!ledgerd->url.isEmpty(), qPrintable(ledgerd->errors()));

    // Back by itself, nobody reconnecting by hand, its views live again.
    QVERIFY2(QTest::qWaitFor([&] { return liveText(window) == QLatin1String("live") && settle(window); }, kWaitMs),
             qPrintable(liveText(window)));

    // Nothing was applied twice: each transaction is done once or not done, its money moved once.
    QStringList done;
    for (const QString &id : stuck) {
        const auto tx = store.store().transaction(id);
        QVERIFY(tx.ok());
        const auto journal = store.store().journal(DocKind::Transaction, id);
        QVERIFY(journal.ok());
        const auto finishes =
            std::count_if(journal->cbegin(), journal->cend(), [](const JournalEntry &j) { return j.toState == QLatin1String("done"); });
        QCOMPARE(finishes, tx->state == TxState::Done ? 1 : 0);
        if (tx->state == TxState::Done)
            done << id;
    }
    qInfo("done when killed: %d; done after: %d of %d", doneAtKill, int(done.size()), kStuck);
    QVERIFY(done.size() >= doneAtKill);
    QVERIFY(done.size() < kStuck);
    qint64 moved = 0;
    for (const QString &id : done)
        moved += ledger.amounts.value(id);
    QCOMPARE(balanceOf(store.store(), QStringLiteral("acme")), kOpening - moved);
    QCOMPARE(balanceOf(store.store(), QStringLiteral("bob")), kOpening + moved);
    const auto whole = readWholeBalances(store.store());
    QVERIFY(whole.ok());
    QCOMPARE(whole->total, qint64(0));
    LEDGER_VERIFY_AUDIT_CLEAN(store.store());

    // The repairs whose answer was lost are read back once the service answers: the dialog says
    // which are done and which are not, what it found, never a failure of what happened.
    QVERIFY(readBack.count() == 1 || readBack.wait(kWaitMs));
    for (const QString &id : stuck) {
        const QString shown = dialog->preview()->outcomeOf(id);
        if (done.contains(id))
            QVERIFY2(shown.startsWith(QLatin1String("done (found so once the ledger service answered again)")), qPrintable(shown));
        else
            QVERIFY2(shown.startsWith(QLatin1String("not repaired: found ")), qPrintable(shown));
    }
    QCOMPARE(dialog->report().succeeded(), int(done.size()));
    const QString summary =
        QStringLiteral("<b>%1</b> repaired, <b>0</b> refused or failed, <b>%2</b> not repaired").arg(done.size()).arg(kStuck - done.size());
    QVERIFY2(dialog->statusText().contains(summary), qPrintable(dialog->statusText()));
    QVERIFY2(!dialog->statusText().contains(QLatin1String("may or may not")), qPrintable(dialog->statusText()));

    // The Stuck view shows it: the done ones left it.
    QVERIFY(QTest::qWaitFor(
        [&] {
            return !window.isBusy() && std::none_of(done.cbegin(), done.cend(), [&](const QString &id) {
                return window.transactionModel()->rowOfKey(id) >= 0;
            });
        },
        kWaitMs));
    // Live again: the last of the batch, never reached before the kill, is resumed by a colleague
    // through the restarted ledgerd, and the console's Stuck view drops it by itself, told by the
    // service's change feed.
    const QString last = dialog->report().items.last().id;
    dialog->accept();
    QVERIFY(!done.contains(last));
    QVERIFY(window.transactionModel()->rowOfKey(last) >= 0);
    const ProcessResult resumed =
        runLedgerctl({QStringLiteral("--server"), url, QStringLiteral("--token-file"), tokenFile, QStringLiteral("resume"), last,
                      QStringLiteral("--reason"), QStringLiteral("after the restart")});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.out + resumed.err));
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return liveText(window).startsWith(QLatin1String("changed ")) && !window.isBusy()
                         && window.transactionModel()->rowOfKey(last) < 0;
                 },
                 kWaitMs),
             qPrintable(liveText(window)));
    const auto lastJournal = store.store().journal(DocKind::Transaction, last);
    QVERIFY(lastJournal.ok());
    QCOMPARE(
        std::count_if(lastJournal->cbegin(), lastJournal->cend(), [](const JournalEntry &j) { return j.toState == QLatin1String("done"); }),
        qsizetype(1));
    QCOMPARE(ledgerd->stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(store.store());
}

void TestRemoteKill::aBatchKilledMidWayIsFinishedOnceItIsBack()
{
    // The same kill, ledgerd started again while the client still sends the batch again under its
    // key: the batch is answered whole — what the first sending did answered from the journal,
    // the one it left half-way taken over, the rest done — each transaction finished once.
    StuckLedger ledger;
    QVERIFY(ledger.ready());
    TempStore &store = ledger.store;
    const QStringList &stuck = ledger.stuck;
    const AddedToken &ann = ledger.ann;
    qint64 total = 0;
    for (qint64 amount : std::as_const(ledger.amounts))
        total += amount;
    const auto start = [&](const QString &listen, const QStringList &env) { return ledger.start(listen, env); };
    auto ledgerd = start(QStringLiteral("127.0.0.1:0"), {QStringLiteral("LEDGER_STEP_DELAY_MS=300")});
    QVERIFY2(!ledgerd->url.isEmpty(), qPrintable(ledgerd->errors()));
    const quint16 port = ledgerd->port();

    BatchRepairReport report;
    std::atomic<bool> ended{false};
    std::thread client([&] {
        RemoteLedgerService service(ServerLocation{QUrl(ledgerd->url), ann.token.toUtf8(), QString()});
        service.setRetryWindowMs(kWaitMs); // long enough for any restart below: the restart is awaited, not timed
        BatchRepairOptions options;
        options.action = OperatorAction::Resume;
        options.reason = QStringLiteral("the bank confirmed");
        report = service.repairMany(stuck, options);
        ended = true;
    });
    const auto doneNow = [&] {
        int done = 0;
        for (const QString &id : stuck)
            done += store.store().transaction(id)->state == TxState::Done ? 1 : 0;
        return done;
    };
    QVERIFY(QTest::qWaitFor([&] { return doneNow() >= 1; }, kWaitMs));
    QVERIFY(ledgerd->kill());
    const int doneAtKill = doneNow();
    ledgerd.reset();
    QVERIFY2(doneAtKill < kStuck, "the kill came after the whole batch: it must land mid-way");
    ledgerd = start(QStringLiteral("127.0.0.1:%1").arg(port), {});
    QVERIFY2(!ledgerd->url.isEmpty(), qPrintable(ledgerd->errors()));
    QVERIFY(QTest::qWaitFor([&] { return ended.load(); }, 2 * kWaitMs));
    client.join();

    qInfo("done when killed: %d of %d", doneAtKill, kStuck);
    QVERIFY2(report.error.ok(), qPrintable(report.error.toString()));
    QCOMPARE(report.items.size(), qsizetype(kStuck));
    for (const BatchRepairItem &item : report.items) {
        QVERIFY2(item.outcome.ok(), qPrintable(item.id + QLatin1String(": ") + item.outcome.error.toString()));
        QCOMPARE(item.outcome.tx->state, TxState::Done);
        const auto journal = store.store().journal(DocKind::Transaction, item.id);
        QVERIFY(journal.ok());
        const auto count = [&](const QString &word) {
            return std::count_if(journal->cbegin(), journal->cend(),
                                 [&](const JournalEntry &j) { return j.event == word || j.toState == word; });
        };
        QCOMPARE(count(QStringLiteral("done")), qsizetype(1));
        QCOMPARE(count(QStringLiteral("resume")), qsizetype(1)); // the operator's resume, once
    }
    QCOMPARE(balanceOf(store.store(), QStringLiteral("acme")), kOpening - total);
    QCOMPARE(balanceOf(store.store(), QStringLiteral("bob")), kOpening + total);
    QCOMPARE(ledgerd->stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(store.store());
}

QTEST_MAIN(TestRemoteKill)
#include "tst_remotekill.moc"
