#pragma once
// A page of the console around one paged table: a text filter (debounced), the table, and the
// selection kept on documents rather than rows. Rows move under a live table (a new transfer
// arrives above, a repaired one leaves "Stuck"); the page reselects the same documents by their
// ids as pages arrive, keeps the scroll position, and clears the selection of a document that
// left the list instead of landing on its neighbour — so an action never hits a transaction the
// operator did not pick.
// Nothing stays selected that the view does not show: a new question (a filter, a cause, a state,
// a search, a sort) empties the selection at once, and only the document that was current is
// selected again, if the new listing's first rows show it; a row that leaves the list on a
// refresh, or the window as it slides, leaves the selection with its document.
// The page's one selection model is what everything beside the table follows: the actions follow
// selectionChanged(), the detail panel follows currentKeyChanged(), and the current key is a
// *selected* row's (the row under the cursor when it is selected, else the only selected row,
// else none) — so a detail panel can never describe a row that is not selected, nor say
// "select a transaction" beside a highlighted one.
// Threading: GUI thread only.

#include "../models/pagedtablemodel.h"
#include "windowedtable.h"

#include <QItemSelection>
#include <QTimer>
#include <QWidget>

class QLineEdit;
class QTableView;
class QLabel;
class QHBoxLayout;
class QVBoxLayout;

namespace ledger::app {

class TablePage : public QWidget {
    Q_OBJECT
public:
    // Selections up to this size are followed document by document.
    static constexpr int kMaxFollowedSelection = 5000;
    // The filter keeps room for this many characters.
    static constexpr int kFilterMinChars = 18;

    // `keyRole` is the model role holding a row's document key.
    TablePage(PagedTableModel *model, int keyRole, const QString &filterHint, QWidget *parent = nullptr);

    // The view shows a window of the model's rows (widgets/windowedtable.h): its indexes are the
    // window's, its rows listing rows only below a million. windowed() converts.
    QTableView *table() const { return m_table; }
    WindowedTable *windowed() const { return m_windowed; }
    QLineEdit *filterEdit() const { return m_filter; }
    QHBoxLayout *toolRow() const { return m_top; }
    // Puts `row` on a row of its own above the filter's, so that the filter keeps its width in a
    // narrow window (Stuck's causes).
    void insertRowAbove(QWidget *row);
    // Typed filter text not applied yet (it waits for typing to pause).
    bool isFilterPending() const { return m_debounce.isActive(); }

    // The selected documents: those of the highlighted rows, and while a highlighted row's page
    // is read again, the document it showed.
    QStringList selectedKeys() const { return m_selectedKeys; }
    // The selection as ranges of the model's (listing) rows: cheap even for "select all" on ten
    // million rows, which it says whole.
    QItemSelection selection() const;
    int selectedRowCount() const;
    // Selected rows whose page is not loaded (placeholders).
    int unloadedSelectedRows() const;
    // How many times the listing was replaced (a new question): a selection read before and
    // acted on after another question is not the one shown.
    quint64 listingSerial() const { return m_listings; }
    // The selected document the detail shows ("" when none is).
    QString currentKey() const { return m_currentKey; }
    // Selects the row of `key` as soon as it is loaded (until the operator moves on).
    void selectKey(const QString &key);
    // Empties the text filter without waiting for the debounce.
    void clearFilter();
    // Filters to `key` at once and selects its row (a link followed): one new listing, so that the
    // document is selected once, not selected, unselected by the filter's new question and
    // selected again.
    void narrowTo(const QString &key);
    // Another question is asked of the table (a view switch): nothing stays selected.
    void clearSelection();

Q_SIGNALS:
    void filterTextChanged(const QString &text);
    void currentKeyChanged(const QString &key);
    void selectionChanged();
    void activated(const QString &key);

private:
    void onCurrentRowChanged(const QModelIndex &current);
    void onSelectionChanged();
    void follow();
    // The window slid: documents selected by hand whose rows left it leave the selection.
    void onWindowSlid();
    // The model was reset (a new question): the view's selection model emptied itself silently.
    void onModelReset();
    // Selects the loaded listing row `row` (document `key`); `alone`: instead of the rest of the
    // selection; `show`: scrolled to (else only if the window holds it).
    void selectDocument(int row, const QString &key, bool alone, bool show);
    void recordSelection();
    void setCurrentKey(const QString &key);
    // The current key from the selection model, as the header says.
    void updateCurrentKey();
    void updateStatus();

    PagedTableModel *m_model;
    int m_keyRole;
    QVBoxLayout *m_layout;
    QHBoxLayout *m_top;
    QLineEdit *m_filter;
    QLabel *m_status;
    WindowedTable *m_windowed;
    QTableView *m_table;
    QTimer m_debounce;
    QString m_currentKey;          // the document under the cursor
    QString m_wantedKey;           // a document to select once its row has loaded
    QString m_reselectKey;         // the current document before a new question, selected again if shown
    bool m_reselectShows = true;   // the reselected row is scrolled to (after a new question)
    bool m_pageSinceReset = false; // a page of the new question came in (the reselection may be decided)
    quint64 m_listings = 0;        // model resets so far
    QStringList m_selectedKeys;    // the selected documents (loaded rows only)
    bool m_cursorLoading = false;  // the cursor is on a row whose page is still loading
    bool m_restoring = false;      // the page itself is moving the selection (not the operator)
};

// Tab goes through `widgets` in this order, the order the screen reads: the controls are made
// after the table they sit above, so left alone focus would reach them after it. A widget that
// takes no focus itself (a panel) stands for its focusable children, in their own order.
void setTabOrderOf(const QList<QWidget *> &widgets);

} // namespace ledger::app
