#pragma once
// The Transactions page (every navigator entry that lists transactions: all, by state, Stuck,
// Compensations): the table with its text filter, Stuck's causes above it, and the detail panel
// beside it. It owns the question the table asks (TxQuery), the sort the store can do, the
// column order of each view and the reading of Stuck's causes. Its one selection model (the
// TablePage's) is what the detail panel and the window's actions both follow.
//
// Threading: GUI thread only.

#include "../consoleactions.h"
#include "../models/navigatormodel.h"
#include "../widgets/timestyle.h"

#include <QTimer>
#include <QWidget>
#include <optional>

class QSplitter;

namespace ledger::app {

class BackgroundJob;
class DetailPanel;
class Settings;
class StoreSession;
class StuckCauseBar;
class TablePage;
class TransactionTableModel;

class TransactionsPage : public QWidget {
    Q_OBJECT
public:
    // The row menu offers `actions`' repairs, remarks and copies; remarks are written in the name
    // `settings` gives at the time.
    TransactionsPage(StoreSession *session, ConsoleActions *actions, const Settings *settings, QWidget *parent = nullptr);

    TablePage *list() const { return m_list; }
    TransactionTableModel *model() const { return m_model; }
    DetailPanel *detail() const { return m_detail; }
    StuckCauseBar *causeBar() const { return m_causeBar; }
    QSplitter *splitter() const { return m_splitter; }

    // The navigator chose this entry. Another entry is another question: a leftover text filter
    // and selection go, unless `followingLink` (a link names the document to show). `known`: the
    // count the entry shows, which the table shows at once while it counts.
    void setView(NavigatorModel::View view, std::optional<TxState> state, bool followingLink = false,
                 std::optional<qint64> known = std::nullopt);
    bool isStuckView() const { return m_view == NavigatorModel::View::Stuck; }
    // The Stuck view's threshold (settings); applied at once.
    void setStuckThreshold(qint64 ms);
    // Narrows the table to `id` and selects it (a link followed).
    void showTransaction(const QString &id);
    // Selects `id` once it is listed, without narrowing the table (a transfer just made).
    void selectTransaction(const QString &id);
    // The question the table asks again, as the view, text filter and cause say.
    void applyFilter();
    // The store changed: table, detail and causes read again.
    void refresh();
    void refreshCauses();
    void setTimeStyle(TimeStyle style);
    // The selected transactions whose rows have loaded (the whole selection may be larger), and
    // what the table knows beyond them; the selected rows not loaded yet.
    // The selected documents: the loaded rows, and while rows reload, those selected as last read.
    QList<Transaction> selectedTransactions() const;
    ConsoleActions::Extras extrasOf(const QList<Transaction> &selected) const;
    // Whether `action` may go on with `selected` transactions (exactly one when `one`). If not, it
    // says why in the status bar (message()): an action asked for when its row has left the view
    // (a filter, a cause, a search, a state, the window sliding, a refresh) is never a silent no-op.
    bool acceptsSelection(const QAction *action, qsizetype selected, bool one = false);
    int unloadedSelectedRows() const;
    bool isBusy() const;
    // Claims, releases or notes (ledger/remarks.h) the selected transactions in the background,
    // journaled with the operator's name; a note asks for its text first, unless `text` is given.
    // Says how it went by remarkAdded (and on refusal, in a message box).
    void addRemark(Remark event, const QString &text = QString());
    // The sort the table shows (a column the store can sort by).
    int sortColumn() const { return m_sortColumn; }
    void restoreSort();

protected:
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    // The selection moved: the window's actions follow.
    void selectionChanged();
    // Enter or a double click on a row.
    void activated();
    // Stuck's "repair the group": every row shown is selected; the window opens the repair.
    void groupRepairRequested(OperatorAction action);
    // Something for the status bar.
    void message(const QString &text, int timeoutMs);
    void remarkAdded(const QStringList &txIds, ledger::Remark event, bool ok, const QString &message);
    // The table's count for the navigator's entry (no text filter, no cause chosen).
    void entryCounted(NavigatorModel::View view, std::optional<TxState> state, const Tally &count);

private:
    // Asks for a note on `txId` (one line), with `text` and what was wrong with it, if anything.
    void askNote(const QString &txId, const QString &text, const Error &problem);
    // Writes the remark on every one of `ids` in the background (transactionspage_remarks.cpp).
    void writeRemarks(const QStringList &ids, Remark event, const QString &text);
    void onSortIndicatorChanged(int column, Qt::SortOrder order);
    // Shows `column` and `order` as the sort in force (the header says nothing to the model).
    void showSort(int column, Qt::SortOrder order);
    // The Stuck view shows why before what.
    void arrangeColumns(bool stuck);
    // Stuck in a narrow window: the table's columns up to the amount stay on screen.
    void fitStuckColumns();
    void fitWholeColumns();

    StoreSession *m_session;
    ConsoleActions *m_actions;
    const Settings *m_settings;
    TransactionTableModel *m_model;
    TablePage *m_list;
    mutable QHash<QString, Transaction> m_lastRead; // the selected documents as last read (selectedTransactions)
    StuckCauseBar *m_causeBar;
    DetailPanel *m_detail;
    QSplitter *m_splitter;
    BackgroundJob *m_causes;       // coalescing: it reads every stuck transaction
    QTimer m_fit;                  // fitStuckColumns() once the layout has settled
    bool m_detailNarrowed = false; // fitStuckColumns() took width from the detail panel
    NavigatorModel::View m_view = NavigatorModel::View::Transactions;
    std::optional<qint64> m_entryCount; // the chosen entry's count, for the next question asked
    std::optional<TxState> m_state;
    qint64 m_stuckForMs = 0;
    QString m_text;
    int m_sortColumn = 0;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace ledger::app
