// tst_remoteconsole: the console through ledgerd (--server), as a team works: a store behind one
// ledgerd with tokens on loopback, consoles signed in with them. The status bar says who is
// signed in; a read token's console offers no write (every action of ConsoleActions' table, with
// the reason in its tooltip); a repair and a claim from the console are journaled under the
// token's name whatever the settings say; a wrong or revoked token is said plainly; a second
// console sees the first one's claim by itself.
#include "consoleactions.h"
#include "store/open/changenotifier.h"
#include "dialogs/connectdialog.h"
#include "dialogs/repairdialog.h"
#include "mainwindow.h"
#include "remotefeed.h"
#include "service/remoteledgerservice.h"
#include "models/navigatormodel.h"
#include "models/transactiontablemodel.h"
#include "pages/accountspage.h"
#include "pages/transactionspage.h"
#include "widgets/stuckcausebar.h"
#include "widgets/tablepage.h"

#include "consolesupport.h"
#include "ledgerdsupport.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QTimer>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace ledger;
using namespace ledger::app;
using namespace ledger::test;

namespace {

constexpr int kWaitMs = 60'000; // the waits are for conditions: this only bounds a hang

// The status bar's label that says who is signed in, or "" when none does.
QString signedInLabel(const MainWindow &window)
{
    for (const QLabel *label : window.statusBar()->findChildren<QLabel *>())
        if (label->text().startsWith(QLatin1String("signed in as ")))
            return label->text() + QLatin1Char('\n') + label->toolTip();
    return {};
}

} // namespace

class TestRemoteConsole : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void theStatusBarSaysWhoIsSignedIn();
    void aReadTokenOffersNoWrite_data();
    void aReadTokenOffersNoWrite();
    void aReadTokensRowMenuChangesNoAccount();
    void aTransferTokenMayTransferButNotRepair();
    void aWrongTokenIsSaidPlainly();
    void aRepairIsJournaledUnderTheTokensName();
    void aSecondConsoleSeesAClaim();
    void aRevokedTokenIsSaidOnce();
    void aTypedTokenWithoutAKeyringIsKeptForTheRun();
    void noTokenIsAskedFor();
    void aServiceOutOfReachIsSaidAndComesBack();
    void httpsIsCheckedAgainstTheCaGiven();

private:
    // `window` signed in to the test's ledgerd with the token in `tokenFile`, shown and quiet.
    bool connectAs(MainWindow &window, const QString &tokenFile, const QString &url = QString());
    // The Stuck view of `window`, with the test's stuck transactions listed.
    bool onStuck(MainWindow &window);
    bool select(MainWindow &window, const QString &id);

    QTemporaryDir m_dir;
    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<Ledgerd> m_ledgerd;
    QString m_tokens;
    QString m_ann, m_bea, m_viewer, m_billing, m_temp; // token files: operators ann and bea, read, transfer, one to revoke
    QStringList m_stuck;
    std::unique_ptr<MainWindow> m_viewerConsole; // the read token's, opened once for the table's rows
};

void TestRemoteConsole::initTestCase()
{
    // No desktop keyring here, whoever runs the test (CI has none): the console must say so and
    // keep a typed token for the run, without waiting on one.
    // (A bus that is not there: unset, libdbus would find the user's own at $XDG_RUNTIME_DIR/bus,
    // and a desktop's keyring would keep the test's token.)
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/ledgerdesk-test-no-session-bus");
    qunsetenv("LEDGERDESK_TOKEN");
    m_store = std::make_unique<TempStore>();
    openAccounts(m_store->store(), {QStringLiteral("acme"), QStringLiteral("bob")}, 100000);
    for (int i = 0; i < 3; ++i) {
        // Left after the debit hold, their leases over: stuck.
        const TxOutcome left =
            abandonedAfter(m_store->store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 100 + i, {}, {}});
        QCOMPARE(left.error.code, ErrorCode::Interrupted);
        m_stuck << left.tx->id;
    }
    m_tokens = m_dir.filePath(QStringLiteral("tokens"));
    const struct {
        const char *name;
        const char *role;
        QString *file;
    } tokens[] = {{"ann", "operator", &m_ann},
                  {"bea", "operator", &m_bea},
                  {"viewer", "read", &m_viewer},
                  {"billing", "transfer", &m_billing},
                  {"temp", "operator", &m_temp}};
    for (const auto &t : tokens) {
        const AddedToken added = addToken(m_tokens, QLatin1String(t.name), QLatin1String(t.role));
        QCOMPARE(added.exitCode, 0);
        *t.file = writeToken(m_dir.path(), QLatin1String(t.name), added.token);
    }
    m_ledgerd = std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"),
                                                      QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"), m_tokens,
                                                      QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
}

void TestRemoteConsole::cleanupTestCase()
{
    m_viewerConsole.reset();
    m_ledgerd.reset();
    m_store.reset();
}

bool TestRemoteConsole::connectAs(MainWindow &window, const QString &tokenFile, const QString &url)
{
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    window.resize(1320, 820);
    window.connectToServer(ServerLogin{url.isEmpty() ? m_ledgerd->url : url, tokenFile, QString()});
    window.show();
    return opened.wait(kWaitMs) && settle(window);
}

bool TestRemoteConsole::onStuck(MainWindow &window)
{
    window.showView(NavigatorModel::View::Stuck);
    return QTest::qWaitFor([&] { return !window.isBusy() && window.transactionModel()->rowCount() > 0; }, kWaitMs);
}

bool TestRemoteConsole::select(MainWindow &window, const QString &id)
{
    window.transactions()->list()->selectKey(id);
    return QTest::qWaitFor([&] { return window.selectedTransactions().size() == 1 && window.selectedTransactions().first().id == id; },
                           kWaitMs);
}

void TestRemoteConsole::theStatusBarSaysWhoIsSignedIn()
{
    MainWindow window;
    QVERIFY(connectAs(window, m_ann));
    const QString label = signedInLabel(window);
    const QUrl url(m_ledgerd->url);
    QVERIFY2(label.startsWith(QStringLiteral("signed in as ann (operator) at 127.0.0.1:%1\n").arg(url.port())), qPrintable(label));
    QVERIFY2(label.contains(QLatin1String("Server: ") + m_ledgerd->url) && label.contains(QLatin1String("Token from: --token-file")),
             qPrintable(label));
    QVERIFY(window.signedIn());
    QCOMPARE(window.session()->operatorName(), QStringLiteral("ann"));
    // Nothing refused it: the live label says live, and an operator's writes are offered.
    QVERIFY2(saysLive(window), qPrintable(liveText(window)));
    QVERIFY(window.actions()->newTransfer->isEnabled());
    QVERIFY(window.actions()->recoverStuck->isEnabled());
}

void TestRemoteConsole::aReadTokenOffersNoWrite_data()
{
    QTest::addColumn<int>("gate");
    QWidget window;
    ConsoleActions actions(&window);
    const QList<ConsoleActions::Gate> &gates = ConsoleActions::gates();
    for (int i = 0; i < gates.size(); ++i)
        QTest::newRow(qPrintable((actions.*(gates.at(i).action))->text().remove(QLatin1Char('&')))) << i;
}

void TestRemoteConsole::aReadTokenOffersNoWrite()
{
    QFETCH(int, gate);
    if (!m_viewerConsole) {
        m_viewerConsole = std::make_unique<MainWindow>();
        QVERIFY(connectAs(*m_viewerConsole, m_viewer));
        // A stuck transaction selected: an operator could repair, claim and note it.
        QVERIFY(onStuck(*m_viewerConsole));
        QVERIFY(select(*m_viewerConsole, m_stuck.at(2)));
        QVERIFY(signedInLabel(*m_viewerConsole).startsWith(QLatin1String("signed in as viewer (read)")));
        // The Stuck view's own button: no group repair either, once its causes are read.
        QToolButton *group = m_viewerConsole->causeBar()->repairButton();
        QVERIFY2(QTest::qWaitFor([&] { return group->toolTip() == QLatin1String("Your token may only read (role read)"); }, kWaitMs),
                 qPrintable(group->toolTip()));
        QVERIFY(!group->isEnabled());
    }
    QAction *action = m_viewerConsole->actions()->*(ConsoleActions::gates().at(gate).action);
    QVERIFY(!action->isEnabled());
    QCOMPARE(action->toolTip(), QStringLiteral("Your token may only read (role read)"));
    // Asked for anyway (a shortcut, a cause's repair button): nothing opens.
    QVERIFY(!m_viewerConsole->openTransferDialog());
    QVERIFY(!m_viewerConsole->openNewAccountDialog());
    QVERIFY(!m_viewerConsole->openRecoverDialog());
    QVERIFY(!m_viewerConsole->openRepairDialog(OperatorAction::Resume));
}

void TestRemoteConsole::aReadTokensRowMenuChangesNoAccount()
{
    MainWindow window;
    QVERIFY(connectAs(window, m_viewer));
    window.showView(NavigatorModel::View::Accounts);
    window.accounts()->list()->selectKey(QStringLiteral("acme"));
    QVERIFY(QTest::qWaitFor([&] { return window.accounts()->list()->currentKey() == QLatin1String("acme"); }, kWaitMs));
    // The row menu, read while it is up: freeze, unfreeze, close and a transfer from it are
    // disabled, each saying why.
    QStringList seen;
    QTimer::singleShot(0, &window, [&] {
        QMenu *menu = nullptr;
        if (!QTest::qWaitFor([&] { return (menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) != nullptr; }, kWaitMs))
            return;
        for (QAction *a : menu->actions())
            if (!a->isSeparator())
                seen << QStringLiteral("%1|%2|%3")
                            .arg(a->text().remove(QLatin1Char('&')),
                                 a->isEnabled() ? QStringLiteral("enabled") : QStringLiteral("disabled"), a->toolTip());
        menu->close();
    });
    Q_EMIT window.accounts()->list()->table()->customContextMenuRequested(QPoint(4, 4));
    const QString readOnly = QStringLiteral("disabled|Your token may only read (role read)");
    for (const char *write : {"Freeze account…", "Unfreeze account…", "Close account…", "New account…", "New transfer from it…"})
        QVERIFY2(seen.contains(QString::fromUtf8(write) + QLatin1Char('|') + readOnly), qPrintable(seen.join(QLatin1Char('\n'))));
}

void TestRemoteConsole::aTransferTokenMayTransferButNotRepair()
{
    MainWindow window;
    QVERIFY(connectAs(window, m_billing));
    QVERIFY(onStuck(window));
    QVERIFY(select(window, m_stuck.at(2)));
    QVERIFY(window.actions()->newTransfer->isEnabled());
    for (QAction *repair : {window.actions()->resume, window.actions()->cancel, window.actions()->claim, window.actions()->recoverStuck}) {
        QVERIFY(!repair->isEnabled());
        QCOMPARE(repair->toolTip(), QStringLiteral("Your token's role (transfer) may not do this: it needs the role operator"));
    }
    QVERIFY(!window.openRepairDialog(OperatorAction::Resume));
    auto *transfer = window.openTransferDialog();
    QVERIFY(transfer);
    transfer->reject();
}

void TestRemoteConsole::aWrongTokenIsSaidPlainly()
{
    const QString wrong = writeToken(m_dir.path(), QStringLiteral("wrong"), QStringLiteral("ldk_not-a-token-the-server-knows"));
    MainWindow window;
    QSignalSpy failed(&window, &MainWindow::storeFailed);
    window.connectToServer(ServerLogin{m_ledgerd->url, wrong, QString()});
    window.show();
    QVERIFY(failed.wait(kWaitMs));
    const QString said = failed.first().first().toString();
    QVERIFY2(said.startsWith(m_ledgerd->url + QStringLiteral(" refused the token: it is mistyped, or it was revoked.")), qPrintable(said));
    // Nothing is half-open.
    QVERIFY(!window.hasStore());
    QVERIFY(!window.signedIn());
    QVERIFY(signedInLabel(window).isEmpty());
}

void TestRemoteConsole::aRepairIsJournaledUnderTheTokensName()
{
    MainWindow window;
    window.settings().setOperatorName(QStringLiteral("the-ceo")); // the desktop's say-so, never the journal's
    QVERIFY(connectAs(window, m_ann));
    QVERIFY(onStuck(window));
    const QString id = m_stuck.at(0);
    QVERIFY(select(window, id));
    RepairDialog *dialog = window.openRepairDialog(OperatorAction::Cancel);
    QVERIFY(dialog);
    QSignalSpy planned(dialog, &RepairDialog::planLoaded);
    QVERIFY(planned.wait(kWaitMs));
    dialog->setReason(QStringLiteral("customer asked"));
    QVERIFY(dialog->repairButton()->isEnabled());
    QSignalSpy finished(dialog, &RepairDialog::repairFinished);
    dialog->startRepair();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(dialog->report().succeeded(), 1);
    dialog->accept();
    // Read from the store itself: the cancel is ann's.
    const auto journal = m_store->store().journal(DocKind::Transaction, id);
    QVERIFY(journal.ok());
    QStringList rows;
    for (const JournalEntry &j : *journal)
        rows << j.actor + QLatin1Char(' ') + j.event;
    QVERIFY2(rows.contains(QStringLiteral("ann cancel")), qPrintable(rows.join(QStringLiteral(", "))));
    QVERIFY2(!rows.join(QLatin1Char(' ')).contains(QLatin1String("the-ceo")), qPrintable(rows.join(QStringLiteral(", "))));
}

void TestRemoteConsole::aSecondConsoleSeesAClaim()
{
    MainWindow first;
    MainWindow second;
    first.settings().setOperatorName(QStringLiteral("the-ceo"));
    QVERIFY(connectAs(first, m_ann));
    QVERIFY(connectAs(second, m_bea));
    QVERIFY(onStuck(first));
    QVERIFY(onStuck(second));
    const QString id = m_stuck.at(1);
    const auto claimIn = [&id](const MainWindow &w) {
        const int row = w.transactionModel()->rowOfKey(id);
        const auto tx = row >= 0 ? w.transactionModel()->transactionAt(row) : std::nullopt;
        const auto c = tx ? w.transactionModel()->claimOf(*tx) : std::nullopt;
        return c ? c->by : QString();
    };
    QVERIFY(claimIn(second).isEmpty());
    QVERIFY(select(first, id));
    QVERIFY(first.actions()->claim->isEnabled());
    QSignalSpy added(&first, &MainWindow::remarkAdded);
    first.actions()->claim->trigger();
    QVERIFY(added.wait(kWaitMs));
    QVERIFY2(added.last().at(2).toBool(), qPrintable(added.last().at(3).toString()));
    // The other console shows it by itself (the service's changes, not a refresh by hand), under
    // the token's name.
    QVERIFY(QTest::qWaitFor([&] { return claimIn(second) == QLatin1String("ann"); }, kWaitMs));
    // Told by the service's changes (the live label says when), not only read again by the
    // periodic look a console takes every 15 s.
    QVERIFY2(QTest::qWaitFor([&] { return liveText(second).startsWith(QLatin1String("changed ")); }, kWaitMs),
             qPrintable(liveText(second)));
    // Its own claim, for the first (whose settings say "the-ceo"): its repair asks nothing of
    // anyone's claim. Bea's console warns that ann is on it, and waits for "repair anyway".
    const auto repairAsks = [&id, this](MainWindow &w) {
        if (!select(w, id))
            return -1;
        RepairDialog *dialog = w.openRepairDialog(OperatorAction::Resume);
        if (!dialog)
            return -1;
        QSignalSpy planned(dialog, &RepairDialog::planLoaded);
        if (!planned.wait(kWaitMs))
            return -1;
        dialog->setReason(QStringLiteral("the bank confirmed"));
        const int asks = dialog->repairButton()->isEnabled() ? 0 : 1;
        dialog->reject();
        return asks;
    };
    QCOMPARE(repairAsks(first), 0);
    QCOMPARE(repairAsks(second), 1);
}

void TestRemoteConsole::aRevokedTokenIsSaidOnce()
{
    MainWindow window;
    QVERIFY(connectAs(window, m_temp));
    QProcess revoke;
    revoke.start(QStringLiteral(LEDGERD_PATH),
                 {QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("temp"), QStringLiteral("--tokens"), m_tokens});
    QVERIFY(revoke.waitForFinished(kWaitMs));
    QCOMPARE(revoke.exitCode(), 0);
    // The server reads its tokens file again within a second or two; the console's next calls
    // (the feed, closed by the server, asks before it opens again) are refused, and it says so once.
    QMessageBox *box = nullptr;
    QVERIFY(
        QTest::qWaitFor([&] { return (box = window.findChild<QMessageBox *>(QStringLiteral("tokenRefusedBox"))) != nullptr; }, kWaitMs));
    QVERIFY2(box->text().contains(QLatin1String("refused the token")), qPrintable(box->text()));
    QCOMPARE(liveText(window), QStringLiteral("token refused"));
    // The feed stops asking with a refused token (each wrong token counts against the address's
    // allowance, which every client behind it shares: ledgerd would throttle them all).
    RemoteFeed *feed = window.findChild<RemoteFeed *>();
    QVERIFY(feed);
    QVERIFY(QTest::qWaitFor([feed] { return feed->refused(); }, kWaitMs));
    // Calls refused after it (the operator's own: a view opened) say nothing more.
    int refusedSince = 0;
    connect(window.session(), &StoreSession::serviceCallEnded, this,
            [&refusedSince](const Error &e) { refusedSince += e.code == ErrorCode::Unauthorized ? 1 : 0; });
    window.showView(NavigatorModel::View::Overview);
    QVERIFY(QTest::qWaitFor([&] { return refusedSince >= 1; }, kWaitMs));
    QCOMPARE(window.findChildren<QMessageBox *>(QStringLiteral("tokenRefusedBox")).size(), 1);
    // The server still answers a good token from the same address.
    QFile annToken(m_ann);
    QVERIFY(annToken.open(QIODevice::ReadOnly));
    RemoteLedgerService other(ServerLocation{QUrl(m_ledgerd->url), annToken.readAll().trimmed(), QString()});
    QVERIFY2(other.whoami().ok(), qPrintable(other.whoami().error().toString()));
}

void TestRemoteConsole::aTypedTokenWithoutAKeyringIsKeptForTheRun()
{
    MainWindow window;
    window.resize(1320, 820);
    window.show();
    ConnectDialog *dialog = window.openConnectDialog(ServerLogin{m_ledgerd->url, QString(), QString()});
    QVERIFY(dialog);
    QCOMPARE(dialog->urlField()->text(), m_ledgerd->url);
    QCOMPARE(dialog->tokenField()->echoMode(), QLineEdit::Password);
    QFile token(m_ann);
    QVERIFY(token.open(QIODevice::ReadOnly));
    dialog->tokenField()->setText(QString::fromUtf8(token.readAll().trimmed()));
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    dialog->accept();
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY2(signedInLabel(window).contains(QLatin1String("Token from: typed")), qPrintable(signedInLabel(window)));
    // Kept for the URL in the keyring, which is not there: said so, and it works on.
    QVERIFY2(
        QTest::qWaitFor(
            [&] { return window.statusBar()->currentMessage().startsWith(QLatin1String("The desktop's keyring cannot keep your token")); },
            kWaitMs),
        qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("kept for this run only")));
    QVERIFY(settle(window));
    QVERIFY2(saysLive(window), qPrintable(liveText(window)));
    // Kept in the recent list by its URL, never the token.
    QVERIFY(window.settings().recentStores().contains(m_ledgerd->url));
}

void TestRemoteConsole::noTokenIsAskedFor()
{
    // No --token-file, no LEDGERDESK_TOKEN, no keyring: the server refuses, and the Connect
    // dialog asks for the token, saying why, with the URL filled in.
    MainWindow window;
    window.resize(1320, 820);
    window.show();
    QSignalSpy failed(&window, &MainWindow::storeFailed);
    window.connectToServer(ServerLogin{m_ledgerd->url, QString(), QString()});
    QVERIFY(failed.wait(kWaitMs));
    ConnectDialog *asked = window.findChild<ConnectDialog *>();
    QVERIFY(asked);
    QVERIFY(asked->isVisible());
    QCOMPARE(asked->urlField()->text(), m_ledgerd->url);
    QVERIFY(asked->tokenField()->text().isEmpty());
    QVERIFY(!window.hasStore());
    asked->reject();
}

void TestRemoteConsole::aServiceOutOfReachIsSaidAndComesBack()
{
    // A ledgerd of its own, stopped and started again on the same port under a running console.
    const auto start = [this](const QString &listen) {
        return std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"), listen,
                                                     QStringLiteral("--tokens"), m_tokens, QStringLiteral("--recover-every"),
                                                     QStringLiteral("off")});
    };
    auto own = start(QStringLiteral("127.0.0.1:0"));
    QVERIFY2(!own->url.isEmpty(), qPrintable(own->errors()));
    const QString url = own->url;
    const quint16 port = own->port();
    MainWindow window;
    QVERIFY(connectAs(window, m_ann, url));
    QVERIFY2(saysLive(window), qPrintable(liveText(window)));
    QCOMPARE(own->stop(), 0);
    own.reset();
    // Said where the live label is: the feed is cut at once, the calls fail once their retries end.
    const QStringList away{QStringLiteral("reconnecting…"), QStringLiteral("cannot reach the ledger service")};
    QVERIFY2(QTest::qWaitFor([&] { return away.contains(liveText(window)); }, kWaitMs), qPrintable(liveText(window)));
    QVERIFY(window.hasStore()); // nothing is closed: it waits for the service
    own = start(QStringLiteral("127.0.0.1:%1").arg(port));
    QVERIFY2(!own->url.isEmpty(), qPrintable(own->errors()));
    // Back by itself, nobody reconnecting by hand.
    QVERIFY2(QTest::qWaitFor([&] { return liveText(window) == QLatin1String("live") && settle(window); }, kWaitMs),
             qPrintable(liveText(window)));
    // And it reads again: a claim made meanwhile by another shows.
    QCOMPARE(runLedgerctl({QStringLiteral("--server"), url, QStringLiteral("--token-file"), m_bea, QStringLiteral("claim"), m_stuck.at(2)})
                 .exitCode,
             0);
    QVERIFY(QTest::qWaitFor([&] { return liveText(window).startsWith(QLatin1String("changed ")); }, kWaitMs));
}

void TestRemoteConsole::httpsIsCheckedAgainstTheCaGiven()
{
    // A CA of our own signs the server's certificate for 127.0.0.1: with --ca the console signs in
    // and its change feed (a WebSocket over TLS) is open; with a CA that did not sign it, it is
    // refused with the reason and nothing opens.
    const auto path = [this](const char *name) { return m_dir.filePath(QLatin1String(name)); };
    {
        QFile f(path("server.ext"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("subjectAltName=IP:127.0.0.1\n");
    }
    const auto openssl = [](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral("openssl"), args);
        return p.waitForFinished(60'000) && p.exitCode() == 0;
    };
    for (const char *ca : {"ca", "other-ca"})
        QVERIFY(openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                         QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                         QStringLiteral("/CN=%1").arg(QLatin1String(ca)), QStringLiteral("-keyout"), path(ca) + QStringLiteral(".key"),
                         QStringLiteral("-out"), path(ca) + QStringLiteral(".crt")}));
    QVERIFY(openssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                     QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-keyout"), path("server.key"),
                     QStringLiteral("-out"), path("server.csr")}));
    QVERIFY(openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), path("server.csr"), QStringLiteral("-CA"),
                     path("ca.crt"), QStringLiteral("-CAkey"), path("ca.key"), QStringLiteral("-CAcreateserial"), QStringLiteral("-days"),
                     QStringLiteral("2"), QStringLiteral("-extfile"), path("server.ext"), QStringLiteral("-out"), path("server.crt")}));
    QFile::setPermissions(path("server.key"), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    Ledgerd tls({QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--tokens"), m_tokens, QStringLiteral("--tls-cert"), path("server.crt"), QStringLiteral("--tls-key"),
                 path("server.key"), QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(tls.url.startsWith(QLatin1String("https://127.0.0.1:")), qPrintable(tls.url + tls.errors()));

    MainWindow window;
    window.resize(1320, 820);
    window.show();
    std::unique_ptr<QSignalSpy> watching; // the feed's first opening, spied on from the moment the session is
    connect(&window, &MainWindow::storeOpened, this,
            [&] { watching = std::make_unique<QSignalSpy>(window.session()->notifier(), &ChangeNotifier::watching); });
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    window.connectToServer(ServerLogin{tls.url, m_ann, path("ca.crt")});
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(signedInLabel(window).startsWith(QLatin1String("signed in as ann (operator) at 127.0.0.1:")));
    QVERIFY(watching);
    QVERIFY(watching->count() == 1 || watching->wait(kWaitMs));
    QVERIFY(settle(window));
    QVERIFY2(saysLive(window), qPrintable(liveText(window)));

    MainWindow refused;
    QSignalSpy failed(&refused, &MainWindow::storeFailed);
    refused.connectToServer(ServerLogin{tls.url, m_ann, path("other-ca.crt")});
    QVERIFY(failed.wait(kWaitMs));
    const QString said = failed.first().first().toString();
    QVERIFY2(said.startsWith(tls.url + QStringLiteral("'s certificate was refused, so nothing was sent to it: ")), qPrintable(said));
    QVERIFY(!refused.hasStore());
}

QTEST_MAIN(TestRemoteConsole)
#include "tst_remoteconsole.moc"
