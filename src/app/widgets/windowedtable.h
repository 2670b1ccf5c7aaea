#pragma once
// A table view over a window of a long listing (models/rowwindowmodel.h) and a scrollbar of its
// own spanning the whole listing, so that a list of ten million rows opens as fast as one of a
// million: the view's header holds the window's rows, not the listing's.
//
// Below the window's size (a million rows) nothing differs from a plain QTableView: the window
// is the listing and the view's own scrollbar shows. Above it, the view's bar is hidden (wheel
// and keys still move it) and the listing's bar stands beside the view. The window slides
// whenever the top row comes within two screens of its edge (wheel, keys, the cursor), and when
// the listing's bar or scrollToRow() goes outside it, so scrolling never meets its end.
// Ctrl+Home and Ctrl+End go to the listing's ends. "Select all" selects the listing, not the
// window: selection() says so, and each window the view slides to shows every row selected.
// Rows selected by hand stay selected while inside the window (about half a million rows either
// side of the screen); a row that leaves it leaves the selection (TablePage). So a selection
// made with Shift reaches as far as the window: past it, Select all, a filter or recovery.
// When the listing ends sooner (an estimate corrected) and the window slides up, the same
// listing row stays at the top.
//
// Everything a caller holds in view rows is the window's; listingRow() and viewIndex() convert.
// Threading: GUI thread only.

#include <QAbstractItemView>
#include <QItemSelection>
#include <QTimer>
#include <QWidget>

class QScrollBar;
class QTableView;
class QVBoxLayout;

namespace ledger::app {

class RowWindowModel;

class WindowedTable : public QWidget {
    Q_OBJECT
public:
    WindowedTable(QAbstractItemModel *listing, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    RowWindowModel *window() const { return m_window; }
    QAbstractItemModel *listing() const { return m_listing; }
    // The bar over the whole listing (shown when the window is not all of it).
    QScrollBar *listingScrollBar() const { return m_bar; }

    // The listing row a view index shows; -1 when invalid.
    int listingRow(const QModelIndex &viewIndex) const;
    // The view's index for a listing row; invalid when the row is outside the window.
    QModelIndex viewIndex(int listingRow, int column = 0) const;
    // The listing rows at the top and at the bottom of the view; -1 when none.
    int topRow() const;
    int bottomRow() const;
    // Where the view is scrolled to, as the listing row its scroll value puts at the top (valid
    // before the view has laid its rows out), and back there: a window slide in between is undone.
    int scrollPosition() const;
    void setScrollPosition(int row);
    // Shows listing row `row` as `hint` says, sliding the window to it when it is outside.
    void scrollToRow(int row, QAbstractItemView::ScrollHint hint = QAbstractItemView::EnsureVisible);

    // The selection in listing rows (ranges of listing()'s indexes).
    QItemSelection selection() const;
    // Whether every row of the listing is selected ("select all"), however long it is.
    bool allSelected() const;

Q_SIGNALS:
    // The top row changed (a scroll, or the window slid).
    void scrolled();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    friend class WindowedTableView;
    // The view's own bar moved: slides the window when near its edge, then the listing's bar follows.
    void onViewScrolled();
    // The listing's bar moved: the view shows that row at the top.
    void onBarMoved(int top);
    // Puts listing row `top` at the view's top, sliding the window when it is outside or near an edge.
    void placeTop(int top);
    // Slides the window when `row` is outside it or within edgeMargin() of an edge the listing goes past.
    void bringIntoWindow(int row);
    int edgeMargin() const;
    void syncBar();
    // Which bar shows, and where the listing's bar sits (beside the rows, under the header).
    void updateBars();
    void placeBar();
    bool coversWindow() const;

    QAbstractItemModel *m_listing;
    RowWindowModel *m_window;
    QTableView *m_view;
    QScrollBar *m_bar;
    QVBoxLayout *m_barColumn;
    QTimer m_place;
    int m_topBeforeSlide = -1; // the listing row at the top when the window began to slide
    bool m_syncing = false;
    bool m_allSelected = false; // set by "select all"; holds while the window is all selected
};

} // namespace ledger::app
