// MainWindow: the console through a ledger service (ledgerd) instead of a store: connecting
// (whoami first), who is signed in (the status bar), and what its calls say as they end (a token
// refused, the service out of reach). GUI thread.
#include "dialogs/connectdialog.h"
#include "errorbox.h"
#include "mainwindow.h"
#include "serverconnect.h"
#include "widgets/tooltiptext.h"

#include <QFutureWatcher>
#include <QLabel>
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
    const auto refused = [this, login, fromDialog](const QString &text) {
        statusBar()->clearMessage();
        if (fromDialog)
            openConnectDialog(login, text); // the URL and CA stay, the token is asked again
        else
            showError(tr("Cannot connect to the ledger service"), text);
        Q_EMIT storeFailed(text);
    };
    if (dialogsOpen()) {
        showError(tr("Another store"), tr("Close the open dialogs first: they work on the store that is open now."));
        return;
    }
    auto resolved = resolveServerLogin(login);
    if (!resolved.ok()) {
        refused(resolved.error().toString());
        return;
    }
    const QString url = resolved->location.url.toString();
    statusBar()->showMessage(tr("Connecting to %1…").arg(url));
    auto *watcher = new QFutureWatcher<OpenedStore>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, refused] {
        const OpenedStore opened = watcher->result();
        watcher->deleteLater();
        if (!opened.error.ok()) {
            refused(opened.error.message); // already in plain words (plainRefusal)
            return;
        }
        closeStore();
        m_session->install(opened);
        onStoreOpened(false);
    });
    const ResolvedServer server = *resolved;
    watcher->setFuture(QtConcurrent::run([server] { return connectForConsole(server); }));
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
            m_unreachable = true;
            showLive({}, tr("cannot reach the ledger service"));
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
