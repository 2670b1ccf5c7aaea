#include "rowwindowmodel.h"

namespace ledger::app {

RowWindowModel::RowWindowModel(QObject *parent)
    : QAbstractProxyModel(parent)
{}

int RowWindowModel::listingRows() const { return sourceModel() ? sourceModel()->rowCount() : 0; }

void RowWindowModel::setSourceModel(QAbstractItemModel *source)
{
    beginResetModel();
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        // Whatever we do not follow row by row is a reset: correct, if it costs the selection.
        const auto aboutToReset = [this] { beginResetModel(); };
        const auto reset = [this] {
            m_start = 0;
            m_rows = qMin(listingRows(), m_size);
            m_columns = sourceModel()->columnCount();
            endResetModel();
            Q_EMIT placeChanged();
        };
        m_connections = {
            connect(source, &QAbstractItemModel::modelAboutToBeReset, this, aboutToReset),
            connect(source, &QAbstractItemModel::modelReset, this, reset),
            connect(source, &QAbstractItemModel::rowsInserted, this, &RowWindowModel::onRowsInserted),
            connect(source, &QAbstractItemModel::rowsRemoved, this, &RowWindowModel::onRowsRemoved),
            connect(source, &QAbstractItemModel::dataChanged, this, &RowWindowModel::onDataChanged),
            connect(source, &QAbstractItemModel::headerDataChanged, this,
                    [this](Qt::Orientation orientation, int first, int last) {
                        if (orientation == Qt::Horizontal)
                            Q_EMIT headerDataChanged(orientation, first, last);
                        else if (m_rows > 0)
                            Q_EMIT headerDataChanged(orientation, 0, m_rows - 1);
                    }),
            connect(source, &QAbstractItemModel::layoutAboutToBeChanged, this, &RowWindowModel::onLayoutAboutToBeChanged),
            connect(source, &QAbstractItemModel::layoutChanged, this, &RowWindowModel::onLayoutChanged),
            connect(source, &QAbstractItemModel::rowsMoved, this, &RowWindowModel::resetWindow),
            connect(source, &QAbstractItemModel::columnsInserted, this, &RowWindowModel::resetWindow),
            connect(source, &QAbstractItemModel::columnsRemoved, this, &RowWindowModel::resetWindow),
            connect(source, &QAbstractItemModel::columnsMoved, this, &RowWindowModel::resetWindow),
        };
    }
    m_start = 0;
    m_rows = qMin(listingRows(), m_size);
    m_columns = source ? source->columnCount() : 0;
    endResetModel();
    Q_EMIT placeChanged();
}

void RowWindowModel::setWindowSize(int rows)
{
    m_size = qMax(1, rows);
    resetWindow();
}

void RowWindowModel::resetWindow()
{
    beginResetModel();
    m_start = 0;
    m_rows = qMin(listingRows(), m_size);
    m_columns = sourceModel() ? sourceModel()->columnCount() : 0;
    endResetModel();
    Q_EMIT placeChanged();
}

void RowWindowModel::moveTo(int start)
{
    const int clamped = qBound(0, start, qMax(0, listingRows() - m_rows));
    if (clamped != m_start)
        slide(clamped);
}

void RowWindowModel::slide(int start)
{
    // The rows keep their place in the listing: a view row shows the listing row it showed, at
    // its new number, or nothing when it left the window. VerticalSortHint: no column moved, so
    // the horizontal header keeps its sections and the selection is saved by rows, not cells.
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QModelIndexList after;
    after.reserve(before.size());
    const int listing = listingRows();
    for (const QModelIndex &index : before) {
        const int row = m_start + index.row() - start;
        const bool inside = row >= 0 && row < m_rows && m_start + index.row() < listing;
        after << (inside ? createIndex(row, index.column()) : QModelIndex());
    }
    changePersistentIndexList(before, after);
    m_start = start;
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    Q_EMIT slid();
    Q_EMIT placeChanged();
}

QModelIndex RowWindowModel::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!sourceModel() || !proxyIndex.isValid() || proxyIndex.model() != this)
        return QModelIndex();
    return sourceModel()->index(m_start + proxyIndex.row(), proxyIndex.column());
}

QModelIndex RowWindowModel::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceModel() || !sourceIndex.isValid() || sourceIndex.model() != sourceModel())
        return QModelIndex();
    const int row = sourceIndex.row() - m_start;
    if (row < 0 || row >= m_rows)
        return QModelIndex();
    return createIndex(row, sourceIndex.column());
}

QModelIndex RowWindowModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || row >= m_rows || column < 0 || column >= m_columns)
        return QModelIndex();
    return createIndex(row, column);
}

QModelIndex RowWindowModel::parent(const QModelIndex &child) const
{
    Q_UNUSED(child);
    return QModelIndex();
}

int RowWindowModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : m_rows; }

int RowWindowModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : m_columns; }

bool RowWindowModel::hasChildren(const QModelIndex &parent) const { return !parent.isValid() && m_rows > 0 && m_columns > 0; }

void RowWindowModel::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    Q_UNUSED(last);
    if (parent.isValid())
        return;
    const int listing = listingRows();
    if (first != listing - (last - first + 1)) {
        resetWindow(); // rows came in above the end: not something a paged listing does
        return;
    }
    // Rows appended: the window grows into them while it is not full, else only the listing does.
    const int rows = qMin(listing, m_size);
    if (rows > m_rows) {
        beginInsertRows(QModelIndex(), m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    }
    Q_EMIT placeChanged();
}

void RowWindowModel::onRowsRemoved(const QModelIndex &parent, int first, int last)
{
    Q_UNUSED(last);
    if (parent.isValid())
        return;
    const int listing = listingRows();
    if (first != listing) {
        resetWindow();
        return;
    }
    // The listing ends sooner: the window slides up to keep its rows where it can, then shrinks.
    if (m_start + m_rows > listing) {
        const int start = qMax(0, listing - m_rows);
        if (start != m_start)
            slide(start);
        const int rows = qMin(listing, m_size);
        if (rows < m_rows) {
            beginRemoveRows(QModelIndex(), rows, m_rows - 1);
            m_rows = rows;
            endRemoveRows();
        }
    }
    Q_EMIT placeChanged();
}

void RowWindowModel::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid() || m_rows == 0)
        return;
    const int first = qMax(topLeft.row() - m_start, 0);
    const int last = qMin(bottomRight.row() - m_start, m_rows - 1);
    if (first <= last)
        Q_EMIT dataChanged(index(first, topLeft.column()), index(last, bottomRight.column()), roles);
}

void RowWindowModel::onLayoutAboutToBeChanged()
{
    Q_EMIT layoutAboutToBeChanged();
    m_layoutProxy.clear();
    m_layoutSource.clear();
    const QModelIndexList indexes = persistentIndexList();
    for (const QModelIndex &index : indexes) {
        m_layoutProxy << index;
        m_layoutSource << mapToSource(index);
    }
}

void RowWindowModel::onLayoutChanged()
{
    // A layout change keeps the row count: the window keeps its rows, over the listing rearranged.
    QModelIndexList from, to;
    for (int i = 0; i < m_layoutProxy.size(); ++i) {
        from << m_layoutProxy.at(i);
        to << mapFromSource(m_layoutSource.at(i));
    }
    changePersistentIndexList(from, to);
    m_layoutProxy.clear();
    m_layoutSource.clear();
    Q_EMIT layoutChanged();
    Q_EMIT placeChanged();
}

} // namespace ledger::app
