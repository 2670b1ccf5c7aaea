#include "consoleactions.h"

#include "ledger/message.h"

#include <QAction>
#include <QStyle>
#include <QWidget>

namespace ledger::app {

namespace {
QAction *make(QWidget *window, const QString &text, const QKeySequence &shortcut, const QString &tip,
              QStyle::StandardPixmap icon = QStyle::SP_CustomBase)
{
    auto *action = new QAction(text, window);
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    action->setStatusTip(tip);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    if (icon != QStyle::SP_CustomBase)
        action->setIcon(window->style()->standardIcon(icon));
    window->addAction(action); // shortcuts work wherever the focus is
    return action;
}
} // namespace

ConsoleActions::ConsoleActions(QWidget *window)
    : QObject(window)
{
    newStore =
        make(window, tr("&New store…"), QKeySequence(QStringLiteral("Ctrl+Shift+N")), tr("Create a new, empty store"), QStyle::SP_FileIcon);
    openStore = make(window, tr("&Open store…"), QKeySequence::Open, tr("Open another store"), QStyle::SP_DialogOpenButton);
    openServerStore = make(window, tr("Open &server store…"), QKeySequence(QStringLiteral("Ctrl+Shift+O")),
                           tr("Open a store on a PostgreSQL server"), QStyle::SP_DriveNetIcon);
    connectServer = make(window, tr("Connect to a &ledger service…"), QKeySequence(QStringLiteral("Ctrl+Shift+L")),
                         tr("Work through ledgerd, signed in with your token, instead of opening a store"), QStyle::SP_DriveNetIcon);
    quit = make(window, tr("&Quit"), QKeySequence::Quit, tr("Quit LedgerDesk"));
    newTransfer = make(window, tr("New &transfer…"), QKeySequence::New, tr("Move money between two accounts"), QStyle::SP_ArrowRight);
    newAccount = make(window, tr("New &account…"), QKeySequence(QStringLiteral("Ctrl+Alt+N")),
                      tr("Open an account, with an opening balance from @world if you give one"), QStyle::SP_FileDialogNewFolder);
    resume = make(window, tr("&Resume…"), QKeySequence(QStringLiteral("Ctrl+R")), tr("Drive the selected transactions to their end"),
                  QStyle::SP_MediaPlay);
    cancel = make(window, tr("&Cancel transaction…"), QKeySequence(QStringLiteral("Ctrl+K")), tr("Cancel the selected transactions"),
                  QStyle::SP_DialogCancelButton);
    compensate = make(window, tr("Co&mpensate…"), QKeySequence(QStringLiteral("Ctrl+Shift+C")),
                      tr("Move the money of the selected transfers back"), QStyle::SP_ArrowBack);
    guidedRepair = make(window, tr("&Guided repair…"), QKeySequence(QStringLiteral("Ctrl+G")),
                        tr("Walk through repairing the selected transaction"), QStyle::SP_MessageBoxQuestion);
    copyIds = make(window, tr("Cop&y ids"), QKeySequence::Copy, tr("Copy the selected transactions' ids"), QStyle::SP_FileIcon);
    copyJson = make(window, tr("Copy as &JSON"), QKeySequence(QStringLiteral("Ctrl+Shift+J")),
                    tr("Copy the selected rows' documents as JSON, as ledgerctl --json prints them"));
    openWindow = make(window, tr("Open in new &window"), QKeySequence(QStringLiteral("Ctrl+Shift+W")),
                      tr("Show the current row's document in a window of its own, kept current"));
    claim = make(window, tr("C&laim (I'm on it)"), QKeySequence(QStringLiteral("Ctrl+M")),
                 tr("Tell every console on this store that you are on the selected transactions"), QStyle::SP_DialogYesButton);
    release = make(window, tr("R&elease claim"), QKeySequence(QStringLiteral("Ctrl+Shift+M")),
                   tr("Release the claim on the selected transactions"));
    addNote = make(window, tr("Add &note…"), QKeySequence(QStringLiteral("Ctrl+Shift+T")),
                   tr("Add a note to the selected transaction's journal, with your name"));
    recoverStuck = make(window, tr("Recover all &stuck…"), QKeySequence(QStringLiteral("Ctrl+Shift+R")),
                        tr("Resume every stuck transaction"), QStyle::SP_BrowserReload);
    refresh = make(window, tr("&Refresh"), QKeySequence::Refresh, tr("Read the store again"), QStyle::SP_BrowserReload);
    find = make(window, tr("&Find"), QKeySequence::Find, tr("Filter the current table"));
    runAudit = make(window, tr("Run &audit"), QKeySequence(QStringLiteral("Ctrl+Shift+A")), tr("Check the ledger's invariants"),
                    QStyle::SP_DialogApplyButton);
    settings = make(window, tr("&Settings…"), QKeySequence(QStringLiteral("Ctrl+,")), tr("Your name and the stuck threshold"));
    exportCsv = make(window, tr("Export view as &CSV…"), QKeySequence(QStringLiteral("Ctrl+E")),
                     tr("Save every row of the current table as CSV"), QStyle::SP_DialogSaveButton);
    exportJson = make(window, tr("Export view as &JSON…"), QKeySequence(QStringLiteral("Ctrl+Shift+E")),
                      tr("Save every row of the current table as JSON"));
    incidentReport = make(window, tr("&Incident report…"), QKeySequence(QStringLiteral("Ctrl+I")),
                          tr("Save the selected transaction's document, legs, accounts, timeline and operator actions as PDF or HTML"),
                          QStyle::SP_FileDialogDetailedView);
    about = make(window, tr("&About LedgerDesk"), QKeySequence(), tr("About LedgerDesk"));
    const QStringList viewNames{tr("&Overview"), tr("&Accounts"),         tr("&Transactions"),     tr("&Stuck"),
                                tr("A&udit"),    tr("Operator a&ctions"), tr("Awaiting a&pproval")};
    for (int i = 0; i < viewNames.size(); ++i)
        views << make(window, viewNames.at(i), QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)),
                      tr("Show %1").arg(QString(viewNames.at(i)).remove(QLatin1Char('&'))));
    utcTimes = make(window, tr("Times i&n UTC"), QKeySequence(),
                    tr("Show times in UTC as the store and ledgerctl write them, instead of your local time"));
    utcTimes->setCheckable(true);
    for (QAction *a : {resume, cancel, compensate})
        m_tips.insert(a, a->statusTip());
    for (QAction *a : {newTransfer, newAccount, recoverStuck})
        m_toolTips.insert(a, a->toolTip());
    setStoreOpen(false);
}

const QList<ConsoleActions::Gate> &ConsoleActions::gates()
{
    // As ledgerd's routes: transfers need the transfer role; accounts, repairs, remarks and
    // Recover all the operator's.
    static const QList<Gate> table{
        {&ConsoleActions::newTransfer, Role::Transfer}, {&ConsoleActions::newAccount, Role::Operator},
        {&ConsoleActions::resume, Role::Operator},      {&ConsoleActions::cancel, Role::Operator},
        {&ConsoleActions::compensate, Role::Operator},  {&ConsoleActions::guidedRepair, Role::Operator},
        {&ConsoleActions::claim, Role::Operator},       {&ConsoleActions::release, Role::Operator},
        {&ConsoleActions::addNote, Role::Operator},     {&ConsoleActions::recoverStuck, Role::Operator},
    };
    return table;
}

void ConsoleActions::setRole(Role role)
{
    m_role = role;
    setStoreOpen(m_storeOpen); // every rule again, then the role's
}

QString ConsoleActions::refusedFor(Role needs) const
{
    if (int(m_role) >= int(needs))
        return {};
    if (m_role == Role::Read)
        return tr("Your token may only read (role %1)").arg(nameOf(m_role));
    return tr("Your token's role (%1) may not do this: it needs the role %2").arg(nameOf(m_role), nameOf(needs));
}

bool ConsoleActions::gate(QAction *action, Role needs) const
{
    const QString why = refusedFor(needs);
    if (why.isEmpty())
        return true;
    action->setEnabled(false);
    action->setToolTip(why); // the status tip keeps what the action does
    return false;
}

bool ConsoleActions::gate(QWidget *button, Role needs) const
{
    const QString why = refusedFor(needs);
    if (!why.isEmpty()) {
        button->setEnabled(false);
        button->setToolTip(why);
    }
    return why.isEmpty();
}

void ConsoleActions::applyRole()
{
    for (const Gate &g : gates())
        gate(this->*(g.action), g.needs);
}

QAction *ConsoleActions::forAction(OperatorAction action) const
{
    switch (action) {
    case OperatorAction::Resume: return resume;
    case OperatorAction::Cancel: return cancel;
    case OperatorAction::Compensate: return compensate;
    }
    return nullptr;
}

void ConsoleActions::setStoreOpen(bool open)
{
    m_storeOpen = open;
    for (QAction *a : {newTransfer, newAccount, recoverStuck, refresh, find, runAudit})
        a->setEnabled(open);
    for (auto it = m_toolTips.cbegin(); it != m_toolTips.cend(); ++it)
        it.key()->setToolTip(it.value()); // a role's refusal, if any, is said again below
    // Copy as JSON and Open in new window serve every table's selection: the window enables them
    // for the table on screen (MainWindow::updateRowActions), never with nothing selected.
    for (QAction *a : {copyJson, openWindow})
        a->setEnabled(false);
    for (QAction *a : std::as_const(views))
        a->setEnabled(open);
    setViewExportable(false);
    updateForSelection({});
}

void ConsoleActions::setViewExportable(bool exportable)
{
    for (QAction *a : {exportCsv, exportJson})
        a->setEnabled(m_storeOpen && exportable);
}

namespace {
// The state machine's rule, and what only the table knows: a transfer whose compensation is done
// has nothing left to compensate (a canceled compensation may be tried again).
Error actionCheck(OperatorAction action, const Transaction &tx, const ConsoleActions::Extras &extras)
{
    if (Error e = checkAction(action, tx); !e.ok())
        return e;
    if (action == OperatorAction::Compensate && extras.compensationStates.value(tx.id, TxState::Canceled) == TxState::Done)
        return makeError(ErrorCode::InvalidState, Message::translate("ledger", "already compensated by %1").arg(tx.compensatedBy));
    return {};
}
} // namespace

void ConsoleActions::updateForSelection(const QList<Transaction> &selected, int unloaded, const Extras &extras)
{
    for (OperatorAction action : {OperatorAction::Resume, OperatorAction::Cancel, OperatorAction::Compensate}) {
        QAction *a = forAction(action);
        QString why;
        int allowed = 0;
        for (const Transaction &tx : selected) {
            const Error e = actionCheck(action, tx, extras);
            if (e.ok())
                ++allowed;
            else if (why.isEmpty())
                why = e.localized();
        }
        a->setEnabled(m_storeOpen && (allowed > 0 || unloaded > 0));
        QString tip;
        if (!m_storeOpen)
            tip = tr("Open a store first");
        else if (selected.isEmpty() && unloaded == 0)
            tip = tr("Select one or more transactions first");
        else if (unloaded > 0)
            tip = tr("%n selected row(s) have not loaded yet: the preview checks each before anything is done", "", unloaded);
        else if (allowed == 0)
            tip = tr("Not possible: %1").arg(why);
        else if (allowed < selected.size())
            tip = tr("%1 of %2 selected can be repaired; the others are skipped (%3)").arg(allowed).arg(selected.size()).arg(why);
        else
            tip = m_tips.value(a);
        a->setToolTip(tip);
        a->setStatusTip(tip); // menus show the status tip in the status bar
    }
    copyIds->setEnabled(m_storeOpen && !selected.isEmpty());
    int unfinished = 0;
    int claimed = 0;
    for (const Transaction &tx : selected) {
        unfinished += isTerminal(tx.state) ? 0 : 1;
        claimed += !isTerminal(tx.state) && extras.claims.contains(tx.id) ? 1 : 0;
    }
    claim->setEnabled(m_storeOpen && unfinished > 0);
    claim->setToolTip(unfinished > 0 ? claim->statusTip() : tr("Select a transaction that has not finished"));
    release->setEnabled(m_storeOpen && claimed > 0);
    release->setToolTip(claimed > 0 ? release->statusTip() : tr("None of the selected transactions is claimed"));
    const bool one = selected.size() == 1 && unloaded == 0;
    guidedRepair->setEnabled(m_storeOpen && one);
    guidedRepair->setToolTip(one ? guidedRepair->statusTip() : tr("Select exactly one transaction"));
    addNote->setEnabled(m_storeOpen && one);
    addNote->setToolTip(one ? addNote->statusTip() : tr("Select exactly one transaction"));
    incidentReport->setEnabled(m_storeOpen && one);
    incidentReport->setToolTip(one ? incidentReport->statusTip() : tr("Select exactly one transaction"));
    applyRole();
}

} // namespace ledger::app
