#include "pagedtablemodel.h"

namespace ledger::app {

PagedTableModel::PagedTableModel(StoreSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_loads(session, this)
{
    m_clock.start();
    // A store opening is counted afresh (with the query the model has); closing empties it.
    connect(session, &StoreSession::opened, this, &PagedTableModel::restart);
    connect(session, &StoreSession::closed, this, &PagedTableModel::restart);
}

int PagedTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return int(qMin<qint64>(m_count, std::numeric_limits<int>::max()));
}

QVariant PagedTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const int page = index.row() / kPageSize;
    auto it = m_pages.find(page);
    if (it == m_pages.end() || index.row() % kPageSize >= it->rows.size()) {
        if (it == m_pages.end())
            requestPage(page);
        return placeholder(index.column(), role);
    }
    it->lastUsed = ++m_useClock;
    it->usedAtMs = m_clock.elapsed();
    return cell(it->rows.at(index.row() % kPageSize), index.column(), role);
}

QVariant PagedTableModel::placeholder(int column, int role) const
{
    if (role == Qt::DisplayRole && column == 0)
        return QStringLiteral("…");
    return QVariant();
}

QVariant PagedTableModel::rowValue(int row) const
{
    auto it = m_pages.constFind(row / kPageSize);
    if (row < 0 || it == m_pages.cend() || row % kPageSize >= it->rows.size())
        return QVariant();
    return it->rows.at(row % kPageSize);
}

QString PagedTableModel::keyAt(int row) const
{
    const QVariant v = rowValue(row);
    return v.isValid() ? keyOf(v) : QString();
}

int PagedTableModel::rowOfKey(const QString &key) const
{
    for (auto it = m_pages.cbegin(); it != m_pages.cend(); ++it) {
        for (int i = 0; i < it->rows.size(); ++i) {
            if (keyOf(it->rows.at(i)) == key)
                return it.key() * kPageSize + i;
        }
    }
    return -1;
}

void PagedTableModel::restart()
{
    beginResetModel();
    m_loads.cancel();
    m_count = 0;
    m_pages.clear();
    m_requested.clear();
    m_stale.clear();
    m_countPending = false;
    m_refreshAgain = false;
    endResetModel();
    Q_EMIT countChanged(0);
    if (m_session->isOpen())
        requestCount();
    updateLoading();
}

void PagedTableModel::refresh()
{
    if (!m_session->isOpen())
        return;
    if (m_countPending) {
        m_refreshAgain = true; // one more round once the current answer is in
        return;
    }
    requestCount();
    // Pages being read right now may have been read before the change: read them again after.
    m_stale.unite(m_requested);
    const qint64 now = m_clock.elapsed();
    QList<int> again;
    for (auto it = m_pages.begin(); it != m_pages.end();) {
        if (now - it->usedAtMs > kOnScreenMs) {
            it = m_pages.erase(it); // off screen: read again if the view comes back to it
            continue;
        }
        if (!m_requested.contains(it.key()))
            again << it.key();
        ++it;
    }
    for (int page : std::as_const(again))
        requestPage(page);
    updateLoading();
}

void PagedTableModel::requestCount()
{
    m_countPending = true;
    fetchCount([this](Result<qint64> count) { onCount(count); });
}

void PagedTableModel::requestPage(int page) const
{
    if (!m_session->isOpen() || m_requested.contains(page) || qint64(page) * kPageSize >= m_count)
        return;
    m_requested.insert(page);
    const quint64 ticket = ++m_ticket;
    auto *self = const_cast<PagedTableModel *>(this);
    self->fetchRows(qint64(page) * kPageSize, kPageSize,
                    [self, ticket, page](Result<QList<QVariant>> rows) { self->onPage(ticket, page, rows); });
    updateLoading();
}

void PagedTableModel::onCount(const Result<qint64> &count)
{
    m_countPending = false;
    if (!count.ok()) {
        Q_EMIT loadFailed(count.error().localized());
    } else {
        setCount(*count);
    }
    if (m_refreshAgain) {
        m_refreshAgain = false;
        refresh();
    }
    updateLoading();
}

void PagedTableModel::setCount(qint64 count)
{
    if (count > m_count) {
        beginInsertRows(QModelIndex(), int(m_count), int(qMin<qint64>(count, std::numeric_limits<int>::max()) - 1));
        m_count = count;
        endInsertRows();
    } else if (count < m_count) {
        beginRemoveRows(QModelIndex(), int(count), int(m_count - 1));
        m_count = count;
        const int lastPage = count == 0 ? -1 : int((count - 1) / kPageSize);
        for (auto it = m_pages.begin(); it != m_pages.end();) {
            if (it.key() > lastPage)
                it = m_pages.erase(it);
            else
                ++it;
        }
        endRemoveRows();
    }
    Q_EMIT countChanged(m_count);
}

void PagedTableModel::onPage(quint64 ticket, int page, const Result<QList<QVariant>> &rows)
{
    m_requested.remove(page);
    if (!rows.ok()) {
        m_stale.remove(page);
        Q_EMIT loadFailed(rows.error().localized());
        updateLoading();
        return;
    }
    if (qint64(page) * kPageSize >= m_count) { // the list shrank meanwhile
        m_stale.remove(page);
        updateLoading();
        return;
    }
    Page &p = m_pages[page];
    if (ticket < p.ticket) { // a newer answer for this page is already here
        updateLoading();
        return;
    }
    p.rows = *rows;
    p.ticket = ticket;
    p.lastUsed = ++m_useClock;
    p.usedAtMs = m_clock.elapsed();
    m_rowsFetched += rows->size();
    ++m_pagesFetched;
    const qint64 first = qint64(page) * kPageSize;
    const qint64 last = qMin<qint64>(first + kPageSize, m_count) - 1;
    if (first <= last)
        Q_EMIT dataChanged(index(int(first), 0), index(int(last), columnCount() - 1));
    evictIfNeeded();
    if (m_stale.remove(page))
        requestPage(page); // a change happened while this was being read
    updateLoading();
    Q_EMIT pageLoaded();
}

void PagedTableModel::evictIfNeeded() const
{
    while (m_pages.size() > kMaxCachedPages) {
        auto oldest = m_pages.begin();
        for (auto it = m_pages.begin(); it != m_pages.end(); ++it) {
            if (it->lastUsed < oldest->lastUsed)
                oldest = it;
        }
        m_pages.erase(oldest); // its rows show placeholders again if the view comes back
    }
}

void PagedTableModel::updateLoading() const
{
    const bool loading = isLoading();
    if (loading != m_wasLoading) {
        m_wasLoading = loading;
        Q_EMIT const_cast<PagedTableModel *>(this)->loadingChanged(loading);
    }
}

} // namespace ledger::app
