// MainWindow: the console through a ledger service (ledgerd) instead of a store: connecting
// (whoami first), who is signed in (the status bar), and what its calls say as they end (a token
// refused, the service out of reach). GUI thread.
#include "dialogs/connectdialog.h"
#include "errorbox.h"
#include "mainwindow.h"
#include "serverconnect.h"
#include "tokenkeyring.h"
#include "widgets/tooltiptext.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace ledger::app {

ConnectDialog *MainWindow::openConnectDialog(const ServerLogin &login, const QString &problem)
{
    auto *dialog = new ConnectDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setServer(login.server.isEmpty() && signedIn() ? signedIn()->server.location.url.toString() : login.server);
    dialog->setCaFile(login.caFile);
    dialog->setProblem(problem);
    if (!dialog->urlField()->text().isEmpty())
        dialog->tokenField()->setFocus(); // the server is known: what is asked for is the token
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        ServerLogin typed = dialog->login();
        typed.typedToken = dialog->token();
        connectToServer(typed, true);
    });
    dialog->open();
    return dialog;
}

void MainWindow::connectToServer(const ServerLogin &login, bool fromDialog)
{
    if (dialogsOpen()) {
        showError(tr("Another store"), tr("Close the open dialogs first: they work on the store that is open now."));
        return;
    }
    // The token, in order: typed in the Connect dialog, --token-file, $LEDGERDESK_TOKEN
    // (resolveServerLogin), else the keyring, else the dialog asks (signIn, on a refusal).
    auto resolved = resolveServerLogin(login);
    if (resolved.ok() && resolved->tokenSource == TokenSource::None) {
        const QString url = resolved->location.url.toString();
        statusBar()->showMessage(tr("Reading your token for %1 from the desktop's keyring…").arg(url));
        m_keyring->read(url, [this, login, fromDialog](const QByteArray &token, const QString &problem) {
            if (!problem.isEmpty())
                sayKeyringMissing(problem);
            signIn(login, token, fromDialog);
        });
        return;
    }
    signIn(login, QByteArray(), fromDialog);
}

void MainWindow::signIn(const ServerLogin &login, const QByteArray &kept, bool fromDialog)
{
    const auto refused = [this, login, fromDialog](const Error &error, const QString &text) {
        statusBar()->clearMessage();
        // A token refused, or none given where the server needs one: asked for (the URL and
        // CA stay), the last step of the token's order. Anything else is said as it is.
        if (fromDialog || error.code == ErrorCode::Unauthorized)
            openConnectDialog(login, text);
        else
            showError(tr("Cannot connect to the ledger service"), text);
        Q_EMIT storeFailed(text);
    };
    if (dialogsOpen()) {
        showError(tr("Another store"), tr("Close the open dialogs first: they work on the store that is open now."));
        return;
    }
    auto resolved = resolveServerLogin(
        login, kept.isEmpty() ? std::function<QByteArray()>() : [kept] { return kept; });
    if (!resolved.ok()) {
        refused(resolved.error(), resolved.error().toString());
        return;
    }
    const QString url = resolved->location.url.toString();
    statusBar()->showMessage(tr("Connecting to %1…").arg(url));
    auto *watcher = new QFutureWatcher<OpenedStore>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, refused] {
        const OpenedStore opened = watcher->result();
        watcher->deleteLater();
        if (!opened.error.ok()) {
            refused(opened.error, opened.error.message); // already in plain words (plainRefusal)
            return;
        }
        closeStore();
        m_session->install(opened);
        onStoreOpened(false);
        // A token typed in the dialog that the server took is kept for the next start.
        const ResolvedServer &server = opened.signedIn->server;
        if (server.tokenSource == TokenSource::Typed)
            m_keyring->store(server.location.url.toString(), server.location.token, [this](const QString &problem) {
                if (!problem.isEmpty())
                    sayKeyringMissing(problem);
            });
    });
    const ResolvedServer server = *resolved;
    watcher->setFuture(QtConcurrent::run([server] { return connectForConsole(server); }));
}

void MainWindow::sayKeyringMissing(const QString &problem)
{
    if (std::exchange(m_keyringSaid, true))
        return; // once a run
    statusBar()->showMessage(
        tr("The desktop's keyring cannot keep your token (%1): it is kept for this run only, and asked again next time").arg(problem),
        20'000);
}

void MainWindow::showSignedIn()
{
    const OpenedStore::SignedIn *in = signedIn();
    const QUrl url = in->server.location.url;
    const QString host = url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
    // The host stays a %1 until the label is fitted (fitStoreLabel), as a store's location does.
    const QString label = tr("signed in as %1 (%2) at %3").arg(in->identity.name, nameOf(in->identity.role), QStringLiteral("%1"));
    m_storeLocationText = host;
    m_storeName = host;
    m_storeLabelFormat = label;
    fitStoreLabel();
    m_storeLabel->setToolTip(
        toolTipText(tr("Signed in as %1, role %2: the server vouches for the name and writes it into the journal\n"
                       "Server: %3\nToken from: %4")
                        .arg(in->identity.name, nameOf(in->identity.role), url.toString(), nameOf(in->server.tokenSource))));
    m_tokenRefused = false;
    m_unreachable = false;
    if (m_settings.operatorName() != in->identity.name)
        statusBar()->showMessage(tr("Signed in to %1 as %2: the journal names you so; your settings' name (%3) is not used here")
                                     .arg(url.toString(), in->identity.name, m_settings.operatorName()),
                                 15'000);
}

void MainWindow::onServiceCall(const Error &error)
{
    const OpenedStore::SignedIn *in = signedIn();
    if (!in)
        return;
    const QString url = in->server.location.url.toString();
    if (error.code == ErrorCode::ServiceUnavailable) {
        if (!m_unreachable) {
            showLive({}, tr("cannot reach the ledger service"));
            m_unreachable = true; // the label stays so until a call is answered
            statusBar()->showMessage(tr("Cannot reach the ledger service at %1; trying again").arg(url), 15'000);
        }
        return;
    }
    if (m_unreachable) {
        // It answers again (whatever it answered): what happened meanwhile is read again.
        m_unreachable = false;
        showLive({}, tr("live"));
        scheduleRefresh();
    }
    if (error.code != ErrorCode::Unauthorized || m_tokenRefused)
        return;
    // The token was revoked (or expired) under the running console: said once, plainly, with a
    // way to sign in again. Every call will be refused until then.
    m_tokenRefused = true;
    showLive({}, tr("token refused"));
    auto *box = new QMessageBox(QMessageBox::Warning, tr("The token was refused"), plainRefusal(error, url), QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("tokenRefusedBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *again = box->addButton(tr("&Connect…"), QMessageBox::AcceptRole);
    const ServerLogin login{url, QString(), in->server.location.caFile};
    connect(box, &QMessageBox::buttonClicked, this, [this, again, login](QAbstractButton *clicked) {
        if (clicked == again)
            openConnectDialog(login);
    });
    box->open();
}

} // namespace ledger::app
