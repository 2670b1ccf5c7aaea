#pragma once
// Every action of the console, with its shortcut, and the rule that enables the repair actions
// only for selections where DESIGN.md allows them — with a tooltip saying why not otherwise.
// Threading: GUI thread only.

#include "ledger/documents.h"
#include "ledger/remarks.h"
#include "ledger/statemachine.h"

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
    QList<QAction *> views; // Overview, Accounts, Transactions, Stuck, Audit, Operator actions
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

private:
    bool m_storeOpen = false;
    QHash<QAction *, QString> m_tips; // what each repair action does, when it can
};

} // namespace ledger::app
