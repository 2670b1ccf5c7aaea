// tst_approvalconsole: four eyes in the console (issue 51), consoles signed in to one ledgerd whose
// --config holds back compensations over 100.00 for the role approver. Ann (operator) asks; bob's
// console (approver) counts it in the navigator and shows it whole — what ann was shown, her name
// — while ann's has Approve disabled on her own request; bob approves with a reason and the page
// shows it done under both names, the transaction compensated; a rejection without a reason is
// refused in its dialog; a request whose transaction moved on is refused with approval-stale's
// difference. The repair dialog says up front that a compensation over the rule waits, and its
// outcome is information (the request's id), not a failure. Where the rules hold back what, just
// under, at and over (approvalwords), is a table of its own.
#include "approvalwords.h"
#include "dialogs/decisiondialog.h"
#include "dialogs/repairdialog.h"
#include "mainwindow.h"
#include "models/approvaltablemodel.h"
#include "models/journalmodel.h"
#include "models/navigatormodel.h"
#include "pages/actionspage.h"
#include "pages/approvalspage.h"
#include "pages/transactionspage.h"
#include "service/localledgerservice.h"
#include "service/remoteledgerservice.h"
#include "widgets/repairpreview.h"
#include "widgets/tablepage.h"

#include "consolesupport.h"
#include "ledgerdsupport.h"
#include "testsupport.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::OperatorAction)

namespace {

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang

QByteArray tokenIn(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

} // namespace

class TestApprovalConsole : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void whatTheRulesHoldBack_data();
    void whatTheRulesHoldBack();
    void anApproverSeesTheRequestAndApprovesIt();
    void aRejectionNeedsAReason();
    void aStaleRequestSaysWhatChanged();
    void theRepairDialogSaysUpFrontAndTheRequestIsInformation();

private:
    bool connectAs(MainWindow &window, const QString &tokenFile);
    // A done transfer acme → bob of `amount` (minor units), made on the store.
    QString doneTransfer(qint64 amount);
    // `tokenFile`'s owner asks ledgerd to compensate `txId`: the request it made ("" when none).
    QString askCompensation(const QString &tokenFile, const QString &txId);
    // The Awaiting approval page of `window`, showing `states` (0 pending, 1 all), `id` selected.
    ApprovalsPage *onRequest(MainWindow &window, const QString &id, int states = 0);
    void screenshot(MainWindow &window, const QString &name);

    QTemporaryDir m_dir;
    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<Ledgerd> m_ledgerd;
    QString m_ann, m_bob, m_cy; // token files: ann and cy operators, bob approver
};

void TestApprovalConsole::initTestCase()
{
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/ledgerdesk-test-no-session-bus");
    qunsetenv("LEDGERDESK_TOKEN");
    m_store = std::make_unique<TempStore>();
    openAccounts(m_store->store(), {QStringLiteral("acme"), QStringLiteral("bob")}, 10'000'000);
    const QString tokens = m_dir.filePath(QStringLiteral("tokens"));
    const struct {
        const char *name;
        const char *role;
        QString *file;
    } people[] = {{"ann", "operator", &m_ann}, {"bob", "approver", &m_bob}, {"cy", "operator", &m_cy}};
    for (const auto &p : people) {
        const AddedToken added = addToken(tokens, QLatin1String(p.name), QLatin1String(p.role));
        QCOMPARE(added.exitCode, 0);
        *p.file = writeToken(m_dir.path(), QLatin1String(p.name), added.token);
    }
    const QString config = m_dir.filePath(QStringLiteral("ledgerd.conf"));
    QFile conf(config);
    QVERIFY(conf.open(QIODevice::WriteOnly));
    conf.write("[approvals]\ncompensate-over = 100.00\nexpire-after = 1h\napprovers = approver\n");
    conf.close();
    m_ledgerd = std::make_unique<Ledgerd>(QStringList{
        QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"),
        tokens, QStringLiteral("--recover-every"), QStringLiteral("off"), QStringLiteral("--config"), config});
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
}

void TestApprovalConsole::cleanupTestCase()
{
    m_ledgerd.reset();
    m_store.reset();
}

bool TestApprovalConsole::connectAs(MainWindow &window, const QString &tokenFile)
{
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    window.resize(1320, 820);
    window.connectToServer(ServerLogin{m_ledgerd->url, tokenFile, QString()});
    window.show();
    // Signed in, quiet, and the service's rules read (what the dialogs and buttons go by).
    return opened.wait(kWaitMs) && settle(window)
        && QTest::qWaitFor([&] { return window.session()->approvalRules().has_value(); }, kWaitMs);
}

QString TestApprovalConsole::doneTransfer(qint64 amount)
{
    CoordinatorOptions o;
    o.actor = QStringLiteral("setup");
    const TxOutcome made =
        Coordinator(m_store->store(), o).transfer({QStringLiteral("acme"), QStringLiteral("bob"), amount, QString(), QString()});
    return made.ok() && made.tx && made.tx->state == TxState::Done ? made.tx->id : QString();
}

QString TestApprovalConsole::askCompensation(const QString &tokenFile, const QString &txId)
{
    RemoteLedgerService as(ServerLocation{QUrl(m_ledgerd->url), tokenIn(tokenFile), QString()});
    const TxOutcome asked = as.repair(OperatorAction::Compensate, txId, QStringLiteral("the customer was charged twice"));
    if (asked.error.code != ErrorCode::AwaitingApproval || !asked.awaiting) {
        qWarning("not held back: %s", qPrintable(asked.error.toString()));
        return {};
    }
    return asked.awaiting->id;
}

ApprovalsPage *TestApprovalConsole::onRequest(MainWindow &window, const QString &id, int states)
{
    window.showView(NavigatorModel::View::Approvals);
    ApprovalsPage *page = window.approvals();
    page->stateChoice()->setCurrentIndex(states);
    page->refresh();
    if (!QTest::qWaitFor([&] { return !page->isBusy() && page->model()->rowOf(id) >= 0; }, kWaitMs))
        return nullptr;
    return page->selectRequest(id) ? page : nullptr;
}

void TestApprovalConsole::screenshot(MainWindow &window, const QString &name)
{
    // For a person to look at (LEDGER_TEST_SCREENSHOTS=DIR): nothing is asserted on pixels here.
    const QString dir = qEnvironmentVariable("LEDGER_TEST_SCREENSHOTS");
    if (!dir.isEmpty() && QDir().mkpath(dir))
        window.grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

void TestApprovalConsole::whatTheRulesHoldBack_data()
{
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<TxState>("from");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("rule");
    const auto rules =
        QList<std::tuple<OperatorAction, const char *, const char *>>{{OperatorAction::Compensate, "compensate", "compensate over 100.00"},
                                                                      {OperatorAction::Cancel, "cancel", "cancel over 50.00"},
                                                                      {OperatorAction::Resume, "resume", "resume over 20.00"}};
    const QMap<OperatorAction, qint64> threshold{
        {OperatorAction::Compensate, 10'000}, {OperatorAction::Cancel, 5'000}, {OperatorAction::Resume, 2'000}};
    for (const auto &[action, name, rule] : rules) {
        const qint64 at = threshold.value(action);
        const TxState from = action == OperatorAction::Compensate ? TxState::Done : TxState::Pending;
        QTest::newRow(QByteArray(name) + " just under") << action << from << at - 1 << QString();
        QTest::newRow(QByteArray(name) + " at") << action << from << at << QString();
        QTest::newRow(QByteArray(name) + " just over") << action << from << at + 1 << QString::fromLatin1(rule);
    }
    // A resume waits only where it decides that the money moves: from initial or pending.
    QTest::newRow("resume from initial") << OperatorAction::Resume << TxState::Initial << qint64(2'001)
                                         << QStringLiteral("resume over 20.00");
    QTest::newRow("resume from applied") << OperatorAction::Resume << TxState::Applied << qint64(999'999) << QString();
    QTest::newRow("resume from canceling") << OperatorAction::Resume << TxState::Canceling << qint64(999'999) << QString();
}

void TestApprovalConsole::whatTheRulesHoldBack()
{
    QFETCH(OperatorAction, action);
    QFETCH(TxState, from);
    QFETCH(qint64, amount);
    QFETCH(QString, rule);
    auto rules = parseApprovalRules(QStringLiteral("[approvals]\ncompensate-over = 100\ncancel-over = 50\nresume-over = 20\n"
                                                   "world-over = 0\ntransfer-over = 1000\n"),
                                    2);
    QVERIFY(rules.ok());
    QCOMPARE(repairHeldBy(*rules, action, from, amount, 2), rule);
    // What the service decides, the console says: the same boundary.
    const bool serviceWaits = rules->repairWaits(action == OperatorAction::Compensate ? ApprovalAction::Compensate
                                                 : action == OperatorAction::Cancel   ? ApprovalAction::Cancel
                                                                                      : ApprovalAction::Resume,
                                                 amount);
    if (action != OperatorAction::Resume || from == TxState::Initial || from == TxState::Pending)
        QCOMPARE(!rule.isEmpty(), serviceWaits);
    // Transfers: any transfer over 1000.00; from @world over 0.
    QCOMPARE(transferHeldBy(*rules, 100'000, false, 2), QString());
    QCOMPARE(transferHeldBy(*rules, 100'001, false, 2), QStringLiteral("transfer over 1000.00"));
    QCOMPARE(transferHeldBy(*rules, 1, true, 2), QStringLiteral("transfer from @world over 0.00"));
    QCOMPARE(transferHeldBy(*rules, 0, true, 2), QString());
}

void TestApprovalConsole::anApproverSeesTheRequestAndApprovesIt()
{
    const QString tx = doneTransfer(15'000); // 150.00: over the rule
    QVERIFY(!tx.isEmpty());
    MainWindow annConsole;
    MainWindow bobConsole;
    MainWindow cyConsole;
    QVERIFY(connectAs(annConsole, m_ann));
    QVERIFY(connectAs(bobConsole, m_bob));
    QVERIFY(connectAs(cyConsole, m_cy));
    const auto pendingIn = [](const MainWindow &w) { return w.navigatorModel()->countOf(NavigatorModel::View::Approvals).value_or(-1); };
    QVERIFY(QTest::qWaitFor([&] { return pendingIn(bobConsole) == 0; }, kWaitMs));

    const QString id = askCompensation(m_ann, tx);
    QVERIFY(!id.isEmpty());
    // Every console counts it by itself (the service's changes), none read again by hand.
    QVERIFY2(QTest::qWaitFor([&] { return pendingIn(bobConsole) == 1 && pendingIn(annConsole) == 1; }, kWaitMs),
             qPrintable(QStringLiteral("bob %1, ann %2").arg(pendingIn(bobConsole)).arg(pendingIn(annConsole))));
    QVERIFY(bobConsole.navigatorModel()->indexOf(NavigatorModel::View::Approvals).data().toString().contains(QLatin1String("(1)")));

    // Bob's console shows it whole: what ann was shown, her name and reason.
    ApprovalsPage *bobPage = onRequest(bobConsole, id);
    QVERIFY(bobPage);
    const QString shown = bobPage->detailText();
    for (const QString &part : {tx, QStringLiteral("ann"), QStringLiteral("150.00"), QStringLiteral("the customer was charged twice"),
                                QStringLiteral("What ann was shown"), QStringLiteral("state"), QStringLiteral("done")})
        QVERIFY2(shown.contains(part), qPrintable(part + QStringLiteral(" not in:\n") + shown));
    const int row = bobPage->model()->rowOf(id);
    QCOMPARE(bobPage->model()->index(row, ApprovalTableModel::StateColumn).data().toString(), QStringLiteral("pending"));
    QCOMPARE(bobPage->model()->index(row, ApprovalTableModel::RequestedByColumn).data().toString(), QStringLiteral("ann"));
    QVERIFY2(bobPage->approveButton()->isEnabled(), qPrintable(bobPage->approveButton()->toolTip()));
    QVERIFY(bobPage->rejectButton()->isEnabled());
    screenshot(bobConsole, QStringLiteral("awaiting-approval-bob"));

    // Ann's own: never hers to decide. Cy's: an operator, where the rules name the role approver.
    ApprovalsPage *annPage = onRequest(annConsole, id);
    QVERIFY(annPage);
    QVERIFY(!annPage->approveButton()->isEnabled());
    QVERIFY(!annPage->rejectButton()->isEnabled());
    QVERIFY2(annPage->approveButton()->toolTip().contains(QLatin1String("You asked for it")),
             qPrintable(annPage->approveButton()->toolTip()));
    QVERIFY(!annPage->openDecision(true));
    ApprovalsPage *cyPage = onRequest(cyConsole, id);
    QVERIFY(cyPage);
    QVERIFY(!cyPage->approveButton()->isEnabled());
    QVERIFY2(cyPage->approveButton()->toolTip().contains(QLatin1String("Only the role approver")),
             qPrintable(cyPage->approveButton()->toolTip()));

    // Bob approves with a reason: it runs, once, and the page says done under both names.
    DecisionDialog *dialog = bobPage->openDecision(true);
    QVERIFY(dialog);
    QVERIFY(dialog->decideButton()->isEnabled()); // an approval's reason is optional
    dialog->reasonField()->setText(QStringLiteral("checked with the bank"));
    QSignalSpy decided(bobPage, &ApprovalsPage::decided);
    dialog->accept();
    QVERIFY(decided.wait(kWaitMs));
    QVERIFY2(decided.first().at(0).toBool(), qPrintable(decided.first().at(1).toString()));
    QCOMPARE(decided.first().at(1).toString(), QStringLiteral("%1 is done").arg(id));
    QVERIFY(onRequest(bobConsole, id, 1));
    QVERIFY(QTest::qWaitFor([&] { return bobPage->model()->request(id) && bobPage->model()->request(id)->state == ApprovalState::Done; },
                            kWaitMs));
    bobPage->selectRequest(id);
    const QString after = bobPage->detailText();
    for (const QString &part : {QStringLiteral("Decided by"), QStringLiteral("bob"), QStringLiteral("checked with the bank"),
                                QStringLiteral("ann"), QStringLiteral("Outcome")})
        QVERIFY2(after.contains(part), qPrintable(part + QStringLiteral(" not in:\n") + after));
    QVERIFY(!bobPage->approveButton()->isEnabled()); // decided: nothing more to decide
    // The transaction is compensated, under both names; the counts go back by themselves.
    const auto compensated = m_store->store().transaction(tx);
    QVERIFY(compensated.ok());
    QVERIFY(!compensated->compensatedBy.isEmpty());
    QVERIFY(QTest::qWaitFor([&] { return pendingIn(annConsole) == 0 && pendingIn(cyConsole) == 0; }, kWaitMs));
    const auto journal = m_store->store().journal(DocKind::Transaction, tx);
    QVERIFY(journal.ok());
    QStringList actors;
    for (const JournalEntry &j : *journal)
        actors << j.actor;
    QVERIFY2(actors.contains(QStringLiteral("ann, approved by bob")), qPrintable(actors.join(QStringLiteral(", "))));

    // Operator actions (Repairs) lists who asked and who decided, each row's detail naming the request.
    bobConsole.showView(NavigatorModel::View::Actions);
    bobConsole.operatorActions()->list()->filterEdit()->setText(tx);
    JournalModel *actions = bobConsole.operatorActions()->model();
    const auto rows = [&] {
        QStringList said;
        for (int r = 0; r < actions->rowCount(); ++r)
            said << QStringLiteral("%1 | %2 | %3")
                        .arg(actions->index(r, JournalModel::ActorColumn).data().toString(),
                             actions->index(r, JournalModel::ActionColumn).data().toString(),
                             actions->index(r, JournalModel::ReasonColumn).data().toString());
        return said;
    };
    const QStringList expected{
        QStringLiteral("ann | approval-request | %1: compensate 150.00 waits for approval: the customer was charged twice").arg(id),
        QStringLiteral("bob | approval-approve | %1: checked with the bank").arg(id)};
    // The compensation itself, under both names, with ann's reason.
    const auto ranUnderBothNames = [](const QString &row) {
        return row.startsWith(QLatin1String("ann, approved by bob | compensate | compensated by "))
            && row.endsWith(QLatin1String(": the customer was charged twice"));
    };
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     const QStringList now = rows();
                     return std::all_of(expected.cbegin(), expected.cend(), [&now](const QString &e) { return now.contains(e); })
                         && std::any_of(now.cbegin(), now.cend(), ranUnderBothNames);
                 },
                 kWaitMs),
             qPrintable(rows().join(QLatin1Char('\n'))));
}

void TestApprovalConsole::aRejectionNeedsAReason()
{
    const QString tx = doneTransfer(20'000);
    QVERIFY(!tx.isEmpty());
    const QString id = askCompensation(m_ann, tx);
    QVERIFY(!id.isEmpty());
    MainWindow bobConsole;
    QVERIFY(connectAs(bobConsole, m_bob));
    ApprovalsPage *page = onRequest(bobConsole, id);
    QVERIFY(page);
    DecisionDialog *dialog = page->openDecision(false);
    QVERIFY(dialog);
    QSignalSpy decided(page, &ApprovalsPage::decided);
    // No reason (or only blanks): Reject is disabled, and pressed anyway nothing is sent.
    dialog->reasonField()->setText(QStringLiteral("   "));
    QVERIFY(!dialog->decideButton()->isEnabled());
    QVERIFY(dialog->problem().contains(QLatin1String("needs a reason")));
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QTest::qWait(200); // nothing is on its way; a decision would have come back by the check below
    QCOMPARE(decided.size(), 0);
    QVERIFY(!page->isBusy());
    dialog->reasonField()->setText(QStringLiteral("not ours to refund"));
    QVERIFY(dialog->decideButton()->isEnabled());
    dialog->accept();
    QVERIFY(decided.wait(kWaitMs));
    QVERIFY2(decided.first().at(0).toBool(), qPrintable(decided.first().at(1).toString()));
    QCOMPARE(decided.first().at(1).toString(), QStringLiteral("%1 is rejected").arg(id));
    QVERIFY(m_store->store().transaction(tx)->compensatedBy.isEmpty()); // never runs
}

void TestApprovalConsole::aStaleRequestSaysWhatChanged()
{
    const QString tx = doneTransfer(30'000);
    QVERIFY(!tx.isEmpty());
    const QString id = askCompensation(m_ann, tx);
    QVERIFY(!id.isEmpty());
    MainWindow bobConsole;
    QVERIFY(connectAs(bobConsole, m_bob));
    ApprovalsPage *page = onRequest(bobConsole, id);
    QVERIFY(page);
    // Meanwhile the transaction moves on: compensated on the store itself (no rules there).
    CoordinatorOptions o;
    o.actor = QStringLiteral("elsewhere");
    LocalLedgerService direct(m_store->store(), o, Role::Operator, false);
    const TxOutcome moved = direct.repair(OperatorAction::Compensate, tx, QStringLiteral("done by hand"));
    QVERIFY2(moved.ok(), qPrintable(moved.error.toString()));
    DecisionDialog *dialog = page->openDecision(true);
    QVERIFY(dialog);
    QSignalSpy decided(page, &ApprovalsPage::decided);
    dialog->accept();
    QVERIFY(decided.wait(kWaitMs));
    QVERIFY(!decided.first().at(0).toBool());
    const QString said = decided.first().at(1).toString();
    QVERIFY2(said.startsWith(QLatin1String("approval-stale: ")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("compensatedBy was (none) when asked, is now %1").arg(moved.tx->id)), qPrintable(said));
    QVERIFY2(page->messageText().contains(QLatin1String("approval-stale")), qPrintable(page->messageText()));
    QVERIFY(settle(bobConsole));
    screenshot(bobConsole, QStringLiteral("awaiting-approval-stale"));
}

void TestApprovalConsole::theRepairDialogSaysUpFrontAndTheRequestIsInformation()
{
    const QString over = doneTransfer(10'001);   // 100.01: over the rule
    const QString atRule = doneTransfer(10'000); // 100.00: runs at once
    QVERIFY(!over.isEmpty() && !atRule.isEmpty());
    MainWindow annConsole;
    QVERIFY(connectAs(annConsole, m_ann));
    const auto pending = [&] { return annConsole.navigatorModel()->countOf(NavigatorModel::View::Approvals).value_or(-1); };
    QVERIFY(QTest::qWaitFor([&] { return pending() >= 0 && !annConsole.isBusy(); }, kWaitMs));
    const qint64 before = pending();
    const auto dialogOn = [&](const QString &id) -> RepairDialog * {
        annConsole.showTransactionById(id);
        if (!QTest::qWaitFor(
                [&] { return annConsole.selectedTransactions().size() == 1 && annConsole.selectedTransactions().first().id == id; },
                kWaitMs))
            return nullptr;
        RepairDialog *dialog = annConsole.openRepairDialog(OperatorAction::Compensate);
        if (!dialog)
            return nullptr;
        QSignalSpy planned(dialog, &RepairDialog::planLoaded);
        return dialog->planReady() || planned.wait(kWaitMs) ? dialog : nullptr;
    };
    RepairDialog *atDialog = dialogOn(atRule);
    QVERIFY(atDialog);
    QCOMPARE(atDialog->approvalNote(), QString()); // at the threshold: runs at once
    atDialog->reject();

    RepairDialog *dialog = dialogOn(over);
    QVERIFY(dialog);
    QCOMPARE(dialog->approvalNote(), QStringLiteral("This waits for a second person's approval (rule: compensate over 100.00)"));
    dialog->setReason(QStringLiteral("refund, ticket 7"));
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().items.size(), 1);
    const TxOutcome &held = dialog->report().items.first().outcome;
    QCOMPARE(held.error.code, ErrorCode::AwaitingApproval);
    const auto id = heldBackId(held);
    QVERIFY(id && isApprovalId(*id));
    // Said as information, with the request's id; not counted as a failure.
    const QString status = dialog->statusText();
    QVERIFY2(status.contains(QLatin1String("<b>0</b> refused or failed")), qPrintable(status));
    QVERIFY2(status.contains(QLatin1String("1 held back for a second person's approval")), qPrintable(status));
    QCOMPARE(dialog->preview()->outcomeOf(over),
             QStringLiteral("Waits for approval as %1: another person decides it under Awaiting approval").arg(*id));
    dialog->accept();
    QVERIFY(m_store->store().transaction(over)->compensatedBy.isEmpty()); // nothing ran
    QVERIFY2(QTest::qWaitFor([&] { return pending() == before + 1; }, kWaitMs), qPrintable(QString::number(pending())));
    QVERIFY(onRequest(annConsole, *id));
}

QTEST_MAIN(TestApprovalConsole)
#include "tst_approvalconsole.moc"
