// MainWindow: choosing, opening, creating and closing the store (the open itself runs on a pool
// thread; install() hands the result to every view). GUI thread.
#include "exports/exportcontroller.h"
#include "filedialogs.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/overviewpage.h"
#include "pages/transactionspage.h"
#include "models/accounttablemodel.h"
#include "models/journalmodel.h"
#include "models/transactiontablemodel.h"
#include "store/open/changenotifier.h"
#include "widgets/timestyle.h"
#include "widgets/accountpanel.h"
#include "pages/auditpage.h"
#include "widgets/detailpanel.h"
#include "widgets/textfit.h"
#include "widgets/tooltiptext.h"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTime>
#include <QtConcurrent/QtConcurrentRun>

namespace ledger::app {

void MainWindow::fitStoreLabel()
{
    // A long location (a failover pair's hosts, a deep path) took the status bar from its messages
    // and ran off a narrow screen: the label keeps to a third of the window. Only the location is
    // cut, in the middle and between its pieces (widgets/textfit.h), never inside the database's
    // or the file's name ("dbname=wal…r" said neither); whole in the tooltip. The rest
    // (durability, shards, locks) is what the operator reads the label for, and is never cut,
    // even where it alone is wider than a third. A little under the room, as drawn text may reach
    // a pixel past it.
    if (m_storeLabelFormat.isEmpty()) {
        m_storeLabel->setMaximumWidth(qMax(1, width() / 3));
        m_storeLabel->setText(tr("no store open"));
        return;
    }
    const QFontMetrics metrics = m_storeLabel->fontMetrics();
    const auto advance = [&metrics](const QString &s) { return metrics.horizontalAdvance(s); };
    const int facts = advance(m_storeLabelFormat.arg(QString()));
    const int room = qMax(width() / 3, facts + advance(QString(textfit::kEllipsis)) + 4);
    const QString location = textfit::elideLocation(m_storeLocationText, m_storeName, room - 4 - facts, advance);
    m_storeLabel->setMaximumWidth(qMax(room, facts + advance(location) + 4));
    m_storeLabel->setText(m_storeLabelFormat.arg(location));
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings.recentStores();
    for (const QString &path : recent) {
        // A ledger service is kept by its URL (never its token): signing in again asks for what
        // no file, variable or keyring gives.
        if (parseServerUrl(path).ok()) {
            QAction *a = m_recentMenu->addAction(tr("%1  —  ledger service").arg(path));
            connect(a, &QAction::triggered, this, [this, path] { connectToServer(ServerLogin{path, QString(), QString()}, true); });
            continue;
        }
        QAction *a = m_recentMenu->addAction(storeShortName(path) + QStringLiteral("  —  ") + path);
        connect(a, &QAction::triggered, this, [this, path] { openStore(path, OpenMode::Existing); });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::chooseStore(bool create)
{
    const QString dir = hasStore() ? QFileInfo(storePath()).absolutePath() : QFileInfo(defaultStorePath()).absolutePath();
    // Stores are .db files; a .json is a sharded store's topology only sometimes (exports are
    // .json too), so it has a filter of its own rather than standing among the stores.
    const QString filter = tr("LedgerDesk stores (*.db);;Sharded store topologies (*.json);;All files (*)");
    const QString path = create ? askSaveFileName(this, tr("New store"), dir + QStringLiteral("/ledger.db"), filter)
                                : askOpenFileName(this, tr("Open store"), dir, filter);
    if (path.isEmpty())
        return;
    int shards = 0;
    if (create && namesShardedStore(path)) {
        // A .json name is a sharded store's topology file: its shard files go beside it.
        bool ok = false;
        shards = QInputDialog::getInt(this, tr("New sharded store"),
                                      tr("%1 will be the topology file of a sharded store, with its shard files beside it;\n"
                                         "every shard writes synchronous=FULL. How many shards? (It cannot change later.)")
                                          .arg(QFileInfo(path).fileName()),
                                      4, 1, 64, 1, &ok);
        if (!ok)
            return;
    }
    openStore(path, create ? OpenMode::Create : OpenMode::Existing, shards);
}

void MainWindow::chooseServerStore()
{
    bool ok = false;
    const QString current = hasStore() && locationKind(storePath()) != LocationKind::File ? storeDisplayName(storePath()) : QString();
    const QString uri =
        QInputDialog::getText(this, tr("Open server store"),
                              tr("PostgreSQL connection string in libpq's terms, for example\n"
                                 "postgresql://alice@db1.example.com,db2.example.com/ledger?target_session_attrs=read-write\n"
                                 "host=/run/postgresql dbname=ledger sslmode=verify-full\n"
                                 "service=ledger (from pg_service.conf)\n\n"
                                 "Keep the password in ~/.pgpass (or the file $PGPASSFILE names): LedgerDesk never saves one.\n"
                                 "Or tables on DynamoDB: dynamodb://eu-west-1/ledger (credentials as the AWS CLI finds them).\n"
                                 "A database that holds no store yet is refused; create one with 'ledgerctl init --store URI'."),
                              QLineEdit::Normal, current, &ok)
            .trimmed();
    if (!ok || uri.isEmpty())
        return;
    if (!isServerLocation(uri) && !isDynamoLocation(uri)) {
        // "error: invalid-location: …", as every refusal of a location says it.
        showError(tr("Open server store"),
                  makeError(ErrorCode::InvalidLocation,
                            tr("%1 is not a PostgreSQL connection string: it must start with postgresql:// or be key=value "
                               "pairs such as host=... dbname=... (or dynamodb://REGION/PREFIX for DynamoDB)")
                                .arg(uri))
                      .toString());
        return;
    }
    if (locationHasPassword(uri))
        statusBar()->showMessage(tr("The password in the connection string is used for this session only and is not saved; "
                                    "put it in ~/.pgpass to reopen this store from the recent list."),
                                 15'000);
    openStore(uri, OpenMode::Existing);
}

void MainWindow::openStore(const QString &path, OpenMode mode, int shards)
{
    if (dialogsOpen()) {
        showError(tr("Another store"), tr("Close the open dialogs first: they work on the store that is open now."));
        return;
    }
    // Only a file's path is made absolute: "https://example/x.db" made so was a file named
    // "https:/example/x.db", offered to be created, where resolveStoreConfig refuses the scheme.
    auto config =
        resolveStoreConfig(locationKind(path) == LocationKind::File && !path.isEmpty() ? QFileInfo(path).absoluteFilePath() : path);
    if (!config.ok()) {
        showError(tr("Cannot open the store"), config.error().toString()); // "error: invalid-location: …", as below
        return;
    }
    config->shards = shards;
    statusBar()->showMessage(mode == OpenMode::Existing ? tr("Opening %1…").arg(storeDisplayName(config->location))
                                                        : tr("Preparing %1…").arg(storeDisplayName(config->location)));
    auto *watcher = new QFutureWatcher<OpenedStore>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        const OpenedStore opened = watcher->result();
        watcher->deleteLater();
        if (!opened.error.ok()) {
            statusBar()->clearMessage();
            QString text = opened.error.toString();
            // Only where there is nothing yet: a store that cannot be read needs its permissions
            // looked at, not a new one.
            const QString location = opened.config.location;
            if (opened.error.code == ErrorCode::StoreUnavailable && locationKind(location) == LocationKind::File
                && !QFileInfo::exists(location))
                text += tr("\n\nTo start a new ledger, use File › New store.");
            showError(tr("Cannot open the store"), text);
            Q_EMIT storeFailed(opened.error.toString());
            return;
        }
        closeStore();
        m_session->install(opened);
        onStoreOpened(opened.demo.has_value());
    });
    const QString operatorName = m_settings.operatorName();
    const StoreConfig c = *config;
    watcher->setFuture(QtConcurrent::run([c, mode, operatorName] { return openForConsole(c, mode, operatorName); }));
}

void MainWindow::closeStore()
{
    if (!hasStore())
        return;
    saveLayout(); // this store's layout, before another store's replaces it on screen
    closeDetailWindows();
    // Every view, model and job follows the session's closing() and drops what it had.
    m_session->close();
    m_actions->setStoreOpen(false);
    updateRowActions();
}

void MainWindow::connectSession()
{
    connect(m_session, &StoreSession::activityChanged, this, &MainWindow::updateActivity);
    connect(m_session, &StoreSession::serviceCallEnded, this, &MainWindow::onServiceCall);
    connect(m_session, &StoreSession::opened, this, [this] {
        ChangeNotifier *notifier = m_session->notifier();
        // The first reading may have been before the feed or poll was in place: a write between
        // the two is announced by nobody, so read once more when watching begins.
        connect(notifier, &ChangeNotifier::watching, this, &MainWindow::scheduleRefresh);
        connect(notifier, &ChangeNotifier::changed, this, [this] {
            showLive(QDateTime::currentDateTimeUtc());
            scheduleRefresh();
        });
        connect(notifier, &ChangeNotifier::failed, this, [this](const QString &message) {
            const bool server = m_session->notifier() && m_session->notifier()->listensToServer();
            showLive({}, server ? tr("reconnecting…") : tr("live updates paused"));
            statusBar()->showMessage(message, 10'000);
        });
        connect(notifier, &ChangeNotifier::broken, this, &MainWindow::offerReopen);
        connect(notifier, &ChangeNotifier::resumed, this, [this] {
            showLive({}, tr("live"));
            scheduleRefresh(); // whatever happened meanwhile
        });
        connect(notifier, &ChangeNotifier::serverChanged, this, [this](const QString &was, const QString &now) {
            // Said for a minute where operators look: the store answers from another server now.
            statusBar()->showMessage(
                tr("Failover: the store now answers from %1 (was %2); writes in flight are read back there, never made twice")
                    .arg(now, was),
                60'000);
        });
    });
}

void MainWindow::showLive(const QDateTime &changed, const QString &text)
{
    m_lastChange = changed;
    // While calls cannot reach the ledger service the label says so (onServiceCall), until one
    // is answered: the feed cut with them, a change told meanwhile (by an answer that was on its
    // way), a feed open again before the service answers calls, do not hide it.
    if (m_unreachable)
        return;
    m_liveLabel->setText(changed.isValid() ? tr("changed %1").arg(shownTimeOfDay(changed, timeStyle())) : text);
}

void MainWindow::onStoreOpened(bool demo)
{
    m_unreachable = false; // a new store or service: nothing failed to reach it yet
    const QString location = m_session->location();
    restoreTableLayout(location);
    m_transactions->applyFilter();
    m_actions->setRole(m_session->role()); // a read token's console changes nothing
    m_actions->setStoreOpen(true);
    updateRowActions();
    m_settings.addRecentStore(location);
    rebuildRecentMenu();
    if (signedIn()) {
        setWindowTitle(tr("%1 — LedgerDesk").arg(signedIn()->server.location.url.host()));
        showSignedIn();
    } else {
        setWindowTitle(tr("%1 — LedgerDesk").arg(storeShortName(location)));
        showStoreLabel(demo);
    }
    showLive({}, tr("live"));
    refreshCounts();
    if (m_stack->currentIndex() == OverviewIndex)
        m_overview->refresh();
    onTransactionSelection();
    Q_EMIT storeOpened(location);
}

void MainWindow::showStoreLabel(bool demo)
{
    const OpenedStore &opened = m_session->openedStore();
    const QString location = m_session->location();
    // How durable each write is, where operators look: a single file may lose its last commits
    // to a power cut (an earlier crash, nothing inconsistent); a sharded store syncs every write.
    const QString shown = storeDisplayName(location);
    // PostgreSQL says durability in its own words: the store keeps synchronous_commit on; a
    // server running with fsync off is said too.
    const QString durability = isServerLocation(location)
                                 ? (opened.durability == Durability::Full ? QStringLiteral("synchronous_commit=on")
                                                                          : QStringLiteral("synchronous_commit=on, fsync=off"))
                                 : QStringLiteral("synchronous=") + nameOf(opened.durability);
    // The location stays a %1 until the label is fitted (the multi-argument arg() replaces each
    // marker once, so the "%1" put in is left for fitStoreLabel).
    const QString location1 = QStringLiteral("%1");
    QString label = opened.shards > 1 ? tr("%1  ·  %2 shards  ·  %3").arg(location1, QString::number(opened.shards), durability)
                                      : tr("%1  ·  %2").arg(location1, durability);
    QString tip = opened.durability == Durability::Full
                    ? tr("Every write is synced to disk before the next one (synchronous=FULL).")
                    : tr("Writes survive a crash of any program; a power cut may undo the last few, as if they "
                         "had not happened yet (synchronous=NORMAL).");
    if (isDynamoLocation(location)) {
        // Its "shards" are the parts of the feed's index, nothing an operator placed.
        label = tr("%1  ·  DynamoDB");
        tip = tr("DynamoDB acknowledges a write once it is stored durably. Nothing announces a change: the console looks for "
                 "changes made elsewhere once a second.");
    }
    if (!opened.lockWarning.isEmpty()) {
        label += tr("  ·  POSIX locks");
        tip += QLatin1Char('\n') + opened.lockWarning;
    }
    m_storeLocationText = shown;
    m_storeName = storeShortName(location);
    m_storeLabelFormat = label;
    fitStoreLabel();
    m_storeLabel->setToolTip(toolTipText(label.arg(shown) + QLatin1Char('\n') + tip));
    statusBar()->showMessage(demo ? tr("Created %1 with demo data").arg(shown) : tr("Opened %1").arg(shown), 8000);
}

} // namespace ledger::app
