#pragma once
// The console's window, the frame around the pages: the navigator on the left (every entry with
// its live count), the page it selects (overview, accounts, transactions with their detail,
// audit, operator actions — each a class that owns its table, detail and row menu, pages/), the
// menus, toolbar and shortcuts, the dialogs opened on a page's selection, and the status bar
// with the store and the workers' activity. What belongs to the open store is the StoreSession's.
//
// Threading: GUI thread only. Nothing here touches the store directly.

#include "consoleactions.h"
#include "models/navigatormodel.h"
#include "settings.h"
#include "storeopener.h"
#include "storesession.h"
#include "widgets/timestyle.h"

#include <QDateTime>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>

class QLabel;
class QComboBox;
class QDialog;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTreeView;

namespace ledger::app {

class AccountTableModel;
class AccountsPage;
class ActionsPage;
class ApprovalsPage;
class AuditPage;
class Dashboard;
class OverviewPage;
class AccountPanel;
class BackgroundJob;
class ConnectDialog;
class DetailPanel;
class ExportController;
class JobRunner;
class JournalModel;
class RecoverDialog;
class RepairDialog;
class NewAccountDialog;
class RepairWizard;
class StuckCauseBar;
class StuckNoticer;
class TokenKeyring;
class TablePage;
class TransactionTableModel;
class TransactionsPage;
class TransferDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (or creates) a store in the background and shows it when ready.
    // `shards`: for OpenMode::Create of a sharded store (a .json topology file), its shard count.
    void openStore(const QString &path, OpenMode mode, int shards = 0);
    // Signs in to the ledger service `login` names (ledgerd; mainwindow_server.cpp): whoami first,
    // in the background; shown when it answered, else its refusal said plainly and nothing else
    // changes. `fromDialog`: a failure opens the Connect dialog again, saying why.
    void connectToServer(const ServerLogin &login, bool fromDialog = false);
    // File › Connect to a ledger service…, filled with `login`'s URL and CA, `problem` above them.
    ConnectDialog *openConnectDialog(const ServerLogin &login = {}, const QString &problem = QString());
    bool hasStore() const { return m_session->isOpen(); }
    // Signed in to a ledger service (null: a store, or nothing, is open).
    const OpenedStore::SignedIn *signedIn() const { return m_session->signedIn(); }
    QString storePath() const { return m_session->location(); }
    // The open store: its jobs, change notifier, configuration and scale.
    StoreSession *session() const { return m_session; }
    int scale() const { return m_session->scale(); }
    Settings &settings() { return m_settings; }
    // Jobs running or tables loading: tests and the screenshot tour wait for quiet.
    bool isBusy() const;

    void showView(NavigatorModel::View view, std::optional<TxState> state = std::nullopt);
    void refreshAll();

    TransferDialog *openTransferDialog();
    NewAccountDialog *openNewAccountDialog();
    RepairDialog *openRepairDialog(OperatorAction action);
    RepairWizard *openRepairWizard();
    RecoverDialog *openRecoverDialog();

    ConsoleActions *actions() const { return m_actions; }
    // File ▸ Export without the file dialog (tests): the current view, every row, to `path`
    // (.csv or .json); and the selected transaction's incident report (.pdf or .html).
    void exportCurrentView(const QString &path);
    void saveIncidentReport(const QString &path);
    ExportController *exporter() const { return m_exports; }
    NavigatorModel *navigatorModel() const { return m_navigatorModel; }
    NavigatorModel::View currentView() const { return m_view; }
    QTreeView *navigator() const { return m_navigator; }
    TransactionsPage *transactions() const { return m_transactions; }
    AccountsPage *accounts() const { return m_accounts; }
    ActionsPage *operatorActions() const { return m_operatorActions; }
    ApprovalsPage *approvals() const { return m_approvals; }
    // The pages' parts most looked at (tests, the screenshot tour).
    TransactionTableModel *transactionModel() const;
    DetailPanel *detailPanel() const;
    AccountPanel *accountPanel() const;
    StuckCauseBar *causeBar() const;
    StuckNoticer *stuckNoticer() const { return m_stuckNoticer; }
    // Follow a link: the view that lists it, filtered to it and selected.
    void showTransactionById(const QString &id);
    void showAccountById(const QString &id);
    Dashboard *dashboard() const;
    OverviewPage *overview() const { return m_overview; }
    AuditPage *auditPage() const { return m_audit; }
    // The selected transactions whose rows have loaded (the whole selection may be larger).
    QList<Transaction> selectedTransactions() const;
    // The detail windows open (Open in new window), for tests.
    QList<QWidget *> detailWindows() const;
    int unloadedSelectedRows() const;

Q_SIGNALS:
    // The Transactions page's remarks (TransactionsPage::addRemark), said again for whoever watches the window.
    void remarkAdded(const QStringList &txIds, ledger::Remark event, bool ok, const QString &message);
    void repairDialogOpened(RepairDialog *dialog);
    void storeOpened(const QString &path);
    void storeFailed(const QString &message);
    void countsLoaded();

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // The pages of the central stack, in the order buildPages() adds them.
    enum PageIndex { OverviewIndex, AccountsIndex, TransactionsIndex, AuditIndex, ActionsIndex, ApprovalsIndex };

    void buildPages();
    void buildMenus();
    // The store was opened: the window's own parts follow (title, status bar, layout, counts).
    void onStoreOpened(bool demo);
    // The status bar's label for a store: its location, durability, shards, locks.
    void showStoreLabel(bool demo);
    void closeStore();
    // Through a ledger service: how each call ended (mainwindow_server.cpp). A refused token is
    // said once and offers File › Connect; a service out of reach is said until it answers again.
    void onServiceCall(const Error &error);
    // Signs in with `login`, `kept` the keyring's token for it ("" none); connectToServer's second half.
    void signIn(const ServerLogin &login, const QByteArray &kept, bool fromDialog);
    // The keyring cannot keep or give the token: said once a run (it is kept for the run only).
    void sayKeyringMissing(const QString &problem);
    // The status bar's label for a console signed in to a ledger service.
    void showSignedIn();
    // False, said in the status bar, when the identity's role does not reach `needs`.
    bool mayWrite(Role needs);
    void onNavigatorChanged();
    void onTransactionSelection();
    void refreshCounts();
    void buildStuckNoticer();
    void scheduleRefresh();
    void updateActivity();
    // The status bar's store label, fitted to the window's width (mainwindow_store.cpp).
    void fitStoreLabel();
    void showError(const QString &title, const QString &text);
    // The store's files were replaced under its connections (ChangeNotifier::broken): a
    // window-modal message that writes are refused, offering to reopen the store.
    void offerReopen(const QString &message);
    void chooseStore(bool create);
    // Asks for a PostgreSQL URI and opens that store.
    void chooseServerStore();
    void rebuildRecentMenu();
    // Resolves the selection to transaction ids (reading rows not loaded yet), then `then(ids)`.
    void withSelectedIds(const std::function<void(const QStringList &)> &then);
    bool dialogsOpen() const;
    template <typename D> D *track(D *dialog);
    // Local time or UTC everywhere a time is shown, as View ▸ Times in UTC says.
    void applyTimeStyle();
    TimeStyle timeStyle() const;
    // The status bar's live label: "changed <time>" when `changed` is valid (in the time style in
    // force, and again when it changes), else `text`.
    void showLive(const QDateTime &changed, const QString &text = QString());
    // The session's signals the window itself follows (the change notifier's, the activity).
    void connectSession();
    // Every table's rows (mainwindow_tables.cpp): the selected documents as JSON to the
    // clipboard; the current row's document in a window of its own, kept current.
    void copySelectionAsJson();
    void openDetailWindow();
    // The table on screen (nullptr: the overview, the audit), and Copy as JSON and Open in new
    // window enabled only when it has a row selected.
    TablePage *shownList() const;
    void updateRowActions();
    void refreshDetailWindows();
    void closeDetailWindows();
    void saveLayout();
    void restoreLayout();
    // The splitters and column layouts saved for `store` ("" for the last used).
    void restoreTableLayout(const QString &store);
    static QString layoutKey(const QString &part, const QString &store);
    // mainwindow_exports.cpp
    void connectExports();
    void chooseExportFile(const QString &suffix);
    void chooseIncidentReportFile();
    void updateExportActions();

    Settings m_settings;
    StoreSession *m_session;
    ConsoleActions *m_actions;
    BackgroundJob *m_countsJob;
    StuckNoticer *m_stuckNoticer = nullptr; // tells of what becomes stuck while the operator looks elsewhere
    NavigatorModel::View m_view = NavigatorModel::View::Overview;
    std::optional<TxState> m_viewState;
    QTimer m_refreshTimer;
    QTimer m_periodicTimer; // things become stuck without any write: look again now and then
    bool m_followingLink = false;
    QList<QPointer<QDialog>> m_dialogs; // store-bound dialogs: never left pointing at a closed store
    QSplitter *m_mainSplitter = nullptr;
    ExportController *m_exports;

    NavigatorModel *m_navigatorModel;
    QTreeView *m_navigator;
    QStackedWidget *m_stack;
    OverviewPage *m_overview;
    AccountsPage *m_accounts;
    TransactionsPage *m_transactions;
    AuditPage *m_audit;
    ActionsPage *m_operatorActions;
    ApprovalsPage *m_approvals;
    QList<QPointer<QWidget>> m_detailWindows; // opened by openDetailWindow, closed with the store
    QMenu *m_recentMenu = nullptr;
    QLabel *m_storeLabel;
    // What the store label says before it is fitted: the location, and the label's text with %1
    // where the location goes (durability, shards, locks: never cut to fit).
    QString m_storeLocationText;
    QString m_storeName; // the database's or the file's name in it, never cut
    QString m_storeLabelFormat;
    QLabel *m_activityLabel;
    QLabel *m_liveLabel;
    QDateTime m_lastChange;      // the change the live label shows the time of (invalid: it shows none)
    bool m_tokenRefused = false; // said once per sign-in
    bool m_unreachable = false;  // the ledger service did not answer the last call
    bool m_keyringSaid = false;  // that the keyring keeps no token, said once a run
    TokenKeyring *m_keyring;
};

} // namespace ledger::app
