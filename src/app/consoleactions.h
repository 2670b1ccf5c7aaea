#pragma once
// Every action of the console, with its shortcut, and the rule that enables the repair actions
// only for selections where DESIGN.md allows them — with a tooltip saying why not otherwise.
// Threading: GUI thread only.

#include "ledger/documents.h"
#include "ledger/remarks.h"
#include "ledger/statemachine.h"
#include "service/identity.h"

#include <QHash>
#include <QObject>

class QAction;
class QWidget;

namespace ledger::app {

class ConsoleActions : public QObject {
    Q_OBJECT
public:
    explicit ConsoleActions(QWidget *window);

    QAction *newStore;
    QAction *openStore;
    QAction *openServerStore;
    QAction *connectServer; // File › Connect to a ledger service…
    QAction *quit;
    QAction *newTransfer;
    QAction *newAccount;
    QAction *resume;
    QAction *cancel;
    QAction *compensate;
    QAction *guidedRepair;
    QAction *copyIds;    // the selected transactions' ids, one per line, to the clipboard
    QAction *copyJson;   // the selected rows' documents, as ledgerctl --json prints them
    QAction *openWindow; // the current row's document in a window of its own
    // Several operators at once (ledger/remarks.h): "I'm on it", its release, a note.
    QAction *claim;
    QAction *release;
    QAction *addNote;
    QAction *recoverStuck;
    QAction *refresh;
    QAction *find;
    QAction *runAudit;
    QAction *settings;
    QAction *exportCsv;      // the current view, every row of it, as CSV
    QAction *exportJson;     // … as JSON
    QAction *incidentReport; // the selected transaction, as PDF or HTML
    QAction *about;
    QList<QAction *> views; // Overview, Accounts, Transactions, Stuck, Audit, Operator actions, Awaiting approval
    QAction *utcTimes;      // checked: times in UTC as the store writes them; else local time

    QAction *forAction(OperatorAction action) const;
    // What the table knows beyond each selected document: the claim standing on it and, for a
    // compensated transfer, its compensation's state.
    struct Extras {
        QHash<QString, OperatorClaim> claims;
        QHash<QString, TxState> compensationStates;
    };
    // Enables resume, cancel, compensate, the guided repair and the remarks for the selected
    // transactions; `unloaded` selected rows are not known yet (the repair's preview checks each).
    void updateForSelection(const QList<Transaction> &selected, int unloaded = 0, const Extras &extras = {});
    // No store open: only what works without one.
    void setStoreOpen(bool open);
    // Whether the current view is a table that exports (the overview is not).
    void setViewExportable(bool exportable);

    // Which role each action that writes needs: through a ledger service, an action the token's
    // role does not reach is disabled, its tooltip saying why (a read token's console changes
    // nothing). One table, applied after every other rule.
    struct Gate {
        QAction *ConsoleActions::*action;
        Role needs;
    };
    static const QList<Gate> &gates();
    // The identity's role (the embedded store: operator, the desktop may do everything).
    void setRole(Role role);
    Role role() const { return m_role; }
    // Disables `action` with the reason when the role does not reach `needs` (the row menus'
    // actions that are no member: freeze, unfreeze, close). True when it may.
    bool gate(QAction *action, Role needs) const;
    bool gate(QWidget *button, Role needs) const; // a page's own button (the Stuck view's "Repair the group…")
    // Why the role does not reach `needs` ("" when it does).
    QString refusedFor(Role needs) const;

private:
    void applyRole();

    bool m_storeOpen = false;
    Role m_role = Role::Operator;
    QHash<QAction *, QString> m_tips;     // what each repair action does, when it can
    QHash<QAction *, QString> m_toolTips; // the tooltips of those enabled with the store alone
};

} // namespace ledger::app
