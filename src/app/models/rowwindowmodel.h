#pragma once
// A window of at most windowSize() consecutive rows of a flat table model (the listing), for a
// view to show. Why: QHeaderView keeps an item per row, so a QTableView over ten million rows
// spent ~300 ms and ~70 MB on its header each time the count came in, however few rows it read
// (docs/DESIGN.md, "A window over the listing"). The view sees the window; view row r is listing
// row start() + r. moveTo() slides the window as a layout change with the row count unchanged:
// the rows selected and current stay so, by their place in the listing, while they are inside.
//
// The listing may grow or shrink at its end (a count that comes in, or is corrected) and reset;
// any other change of rows or columns resets the window too (none of our models makes one).
// Threading: GUI thread only.

#include <QAbstractProxyModel>

namespace ledger::app {

class RowWindowModel : public QAbstractProxyModel {
    Q_OBJECT
public:
    // Enough rows that no listing below a million is windowed, few enough that the view's header
    // costs ~25 ms.
    static constexpr int kDefaultWindowSize = 1'000'000;

    explicit RowWindowModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *source) override;
    // Rows the window holds at most (tests make it small). Resets the window.
    void setWindowSize(int rows);
    int windowSize() const { return m_size; }
    // The listing row view row 0 shows.
    int start() const { return m_start; }
    int listingRows() const;
    // Whether the window holds the whole listing.
    bool showsAll() const { return m_start == 0 && m_rows == listingRows(); }
    // Slides the window to begin at listing row `start` (clamped to the listing).
    void moveTo(int start);

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override;

Q_SIGNALS:
    // The window slid, or the listing's length changed: a scrollbar over the listing follows.
    void placeChanged();
    // The window slid (after its layoutChanged): rows may have left it.
    void slid();

private:
    void resetWindow();
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onRowsRemoved(const QModelIndex &parent, int first, int last);
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles);
    void onLayoutAboutToBeChanged();
    void onLayoutChanged();
    // Slides to `start` (already clamped) as one layout change.
    void slide(int start);

    QList<QMetaObject::Connection> m_connections;
    int m_size = kDefaultWindowSize;
    int m_start = 0;
    int m_rows = 0;                              // rows the window shows: min(listing, size)
    int m_columns = 0;                           // the listing's columns, as last announced
    QList<QPersistentModelIndex> m_layoutProxy;  // a source layout change: the window's indexes…
    QList<QPersistentModelIndex> m_layoutSource; // …and the listing's rows they showed
};

} // namespace ledger::app
