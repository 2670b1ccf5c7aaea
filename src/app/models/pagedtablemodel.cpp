#include "pagedtablemodel.h"
#include "store/paging.h"

#include <algorithm>

namespace ledger::app {

PagedTableModel::PagedTableModel(StoreSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_loads(session, this)
{
    m_clock.start();
    // A store opening is counted afresh (with the query the model has); closing empties it.
    connect(session, &StoreSession::opened, this, [this] {
        storeOpened();
        restart();
    });
    connect(session, &StoreSession::closed, this, [this] { restart(); });
}

qint64 PagedTableModel::exactRows() const { return exactRowsOf(m_session->openedStore().readsByPosition); }

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

QList<int> PagedTableModel::loadedRows(int first, int last) const
{
    QList<int> pages;
    for (auto it = m_pages.cbegin(); it != m_pages.cend(); ++it) {
        const int top = it.key() * kPageSize;
        if (top <= last && top + int(it->rows.size()) - 1 >= first)
            pages << it.key();
    }
    std::sort(pages.begin(), pages.end());
    QList<int> rows;
    for (int page : std::as_const(pages)) {
        const int top = page * kPageSize;
        const int end = qMin(last, top + int(m_pages.find(page)->rows.size()) - 1);
        for (int row = qMax(first, top); row <= end; ++row)
            rows << row;
    }
    return rows;
}

QString PagedTableModel::keyAt(int row) const
{
    const QVariant v = rowValue(row);
    return v.isValid() ? keyOf(v) : QString();
}

QString PagedTableModel::placeOf(int row) const
{
    const QVariant v = rowValue(row);
    return v.isValid() ? placeOfRow(v) : QString();
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

void PagedTableModel::restart(std::optional<qint64> known)
{
    beginResetModel();
    m_loads.cancel();
    const bool counted = known && *known > 0 && m_session->isOpen();
    m_count = counted ? *known : 0;
    m_countExact = !counted;
    m_countAtLeast = false;
    m_readWhole = false;
    m_pages.clear();
    m_requested.clear();
    m_deferred.clear();
    m_refreshing.clear();
    m_stale.clear();
    m_countPending = false;
    m_refreshAgain = false;
    endResetModel();
    Q_EMIT countChanged(m_count);
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
    for (auto it = m_requested.cbegin(); it != m_requested.cend(); ++it)
        m_stale.insert(it.key());
    QList<int> again;
    for (auto it = m_pages.begin(); it != m_pages.end();) {
        if (!onScreen(*it)) {
            it = m_pages.erase(it); // off screen: read again if the view comes back to it
            continue;
        }
        if (!m_requested.contains(it.key()))
            again << it.key();
        ++it;
    }
    std::sort(again.begin(), again.end());
    if (pagesByKey() && !again.isEmpty()) {
        // The first on screen from where it is (the top from the top), each one below it then
        // after the one above as that comes in (rechainAfter): one listing, whatever moved.
        m_refreshing = QSet<int>(again.cbegin() + 1, again.cend());
        readPageFrom(again.first(), anchorFor(again.first()));
    } else {
        for (int page : std::as_const(again))
            readPageFrom(page, anchorFor(page));
    }
    updateLoading();
}

void PagedTableModel::requestCount()
{
    m_countPending = true;
    fetchCount([this](Result<Tally> count) { onCount(count); });
}

void PagedTableModel::requestPage(int page) const
{
    if (!m_session->isOpen() || page < 0 || m_requested.contains(page) || qint64(page) * kPageSize >= m_count)
        return;
    // Deep in a long list a neighbour being read is waited for, to read from its row; near the
    // ends a page by position is exact and cheap, so pages there are read side by side.
    const bool exact = exactAt(qint64(page) * kPageSize);
    if (pagesByKey() && !exact && (m_requested.contains(page - 1) || m_requested.contains(page + 1))) {
        m_deferred.insert(page);
        return;
    }
    readPageFrom(page, anchorFor(page));
}

PagedTableModel::PageAnchor PagedTableModel::anchorFor(int page) const
{
    PageAnchor anchor;
    anchor.offset = qint64(page) * kPageSize;
    if (!pagesByKey() || page == 0) // the first page from the top: what arrived above is seen
        return anchor;
    const auto above = m_pages.constFind(page - 1);
    if (above != m_pages.cend() && above->rows.size() == kPageSize) {
        anchor.kind = PageAnchor::Kind::After;
        anchor.row = above->rows.last();
        return anchor;
    }
    const auto own = m_pages.constFind(page);
    if (own != m_pages.cend() && !own->rows.isEmpty()) {
        anchor.kind = PageAnchor::Kind::From; // where it is: rows that arrived elsewhere move nothing
        anchor.row = own->rows.first();
        return anchor;
    }
    const auto below = m_pages.constFind(page + 1);
    if (below != m_pages.cend() && !below->rows.isEmpty()) {
        anchor.kind = PageAnchor::Kind::Before;
        anchor.row = below->rows.first();
    }
    return anchor;
}

void PagedTableModel::readPageFrom(int page, const PageAnchor &asked) const
{
    // Whether a page by position is exact is judged by the count it was read with: a later
    // count (rows gone or arrived) says nothing about where this read landed.
    PageAnchor anchor = asked;
    anchor.exact = anchor.kind == PageAnchor::Kind::Position && exactAt(anchor.offset);
    const Request request{++m_ticket, anchor};
    m_requested.insert(page, request);
    auto *self = const_cast<PagedTableModel *>(this);
    // From a row, and from the top, one more than a page: whether the listing goes on past the
    // last row counted (a jump's place is an estimate, so the end may come later than the count
    // says; a count that stopped short, or none, is made good from the first page on).
    const bool top = anchor.kind == PageAnchor::Kind::Position && anchor.exact && anchor.offset == 0;
    const int limit = anchor.kind == PageAnchor::Kind::After || top ? kPageSize + 1 : kPageSize;
    self->fetchPage(anchor, limit, [self, request, page](Result<QList<QVariant>> rows) { self->onPage(request, page, rows); });
    updateLoading();
}

bool PagedTableModel::linked(const Page &upper, const Page &lower) const
{
    if (upper.rows.isEmpty() || lower.rows.isEmpty())
        return false;
    if (lower.anchor.kind == PageAnchor::Kind::After && keyOf(lower.anchor.row) == keyOf(upper.rows.last()))
        return upper.rows.size() == kPageSize;
    if (upper.anchor.kind == PageAnchor::Kind::Position && lower.anchor.kind == PageAnchor::Kind::Position)
        return upper.anchor.exact && lower.anchor.exact; // both where the listing had them
    return upper.anchor.kind == PageAnchor::Kind::Before && keyOf(upper.anchor.row) == keyOf(lower.rows.first());
}

void PagedTableModel::rechainAfter(int page)
{
    const auto next = m_pages.find(page + 1);
    if (next == m_pages.end())
        return;
    const Page &current = m_pages[page];
    const bool refreshing = m_refreshing.remove(page + 1);
    if (!refreshing && linked(current, *next))
        return;
    if (m_requested.contains(page + 1)) {
        m_stale.insert(page + 1); // read from this page's row once the answer on its way is in
        return;
    }
    if (onScreen(*next) && current.rows.size() == kPageSize) {
        PageAnchor anchor;
        anchor.kind = PageAnchor::Kind::After;
        anchor.offset = qint64(page + 1) * kPageSize;
        anchor.row = current.rows.last();
        readPageFrom(page + 1, anchor); // its rows stay on screen until the answer replaces them
        return;
    }
    m_pages.erase(next);
}

void PagedTableModel::rechainBefore(int page)
{
    const auto previous = m_pages.find(page - 1);
    if (previous == m_pages.end())
        return;
    const Page &current = m_pages[page];
    if (linked(*previous, current))
        return;
    if (page - 1 == 0) {
        // The top is read from the top and wins: this page follows from it (pages read upwards
        // from a jump's estimated place may not meet it exactly).
        if (previous->rows.size() == kPageSize && !m_requested.contains(page)) {
            PageAnchor anchor;
            anchor.kind = PageAnchor::Kind::After;
            anchor.offset = qint64(page) * kPageSize;
            anchor.row = previous->rows.last();
            readPageFrom(page, anchor);
        }
        return;
    }
    if (m_requested.contains(page - 1)) {
        m_stale.insert(page - 1);
        return;
    }
    if (onScreen(*previous) && !current.rows.isEmpty()) {
        PageAnchor anchor;
        anchor.kind = PageAnchor::Kind::Before;
        anchor.offset = qint64(page - 1) * kPageSize;
        anchor.row = current.rows.first();
        readPageFrom(page - 1, anchor);
        return;
    }
    m_pages.erase(previous);
}

void PagedTableModel::retryDeferred()
{
    // Each is read now from a neighbour that came in, or waits again for one still being read.
    const QSet<int> waiting = std::exchange(m_deferred, {});
    for (int page : waiting)
        requestPage(page);
}

void PagedTableModel::onCount(const Result<Tally> &count)
{
    m_countPending = false;
    if (!count.ok()) {
        Q_EMIT loadFailed(count.error().localized());
    } else if (const bool short_ = count->atLeast || (!count->exact && count->count == 0);
               short_ && (m_readWhole || m_count > count->count)) {
        // A count that stopped short (or none) says less than the pages read already: they keep
        // the listing's length (grown a page at a time, or read whole from the top), and the
        // pages read again at this refresh correct it.
        if (!m_readWhole) {
            m_countExact = false;
            m_countAtLeast = true;
        }
        Q_EMIT countChanged(m_count);
    } else {
        m_countExact = count->exact;
        // None (not counted, or an estimate of nothing: a stale figure less the other states):
        // one row to read the first page for, which then says how many there are.
        m_countAtLeast = short_;
        m_readWhole = false;
        setCount(short_ ? std::max<qint64>(count->count, 1) : count->count);
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

void PagedTableModel::onPage(const Request &request, int page, const Result<QList<QVariant>> &rows)
{
    if (const auto asked = m_requested.constFind(page); asked != m_requested.cend() && asked->ticket == request.ticket)
        m_requested.erase(asked);
    const auto done = [this] {
        retryDeferred();
        updateLoading();
    };
    if (!rows.ok()) {
        m_stale.remove(page);
        Q_EMIT loadFailed(rows.error().localized());
        done();
        return;
    }
    if (qint64(page) * kPageSize >= m_count) { // the list shrank meanwhile
        m_stale.remove(page);
        done();
        return;
    }
    // An answer overtaken by a newer one for this page (here, or on its way) changes nothing.
    if (const auto asked = m_requested.constFind(page); asked != m_requested.cend() && asked->ticket != request.ticket) {
        done();
        return;
    }
    if (const auto held = m_pages.constFind(page); held != m_pages.cend() && request.ticket < held->ticket) { // a newer one is here
        done();
        return;
    }
    if (request.anchor.kind == PageAnchor::Kind::Before && rows->size() < kPageSize) {
        // Fewer rows above than the numbering says (rows left the listing meanwhile, or these
        // pages began at a jump's estimated place): read this page by its position instead;
        // the page below then follows from it.
        m_stale.remove(page);
        PageAnchor anchor;
        anchor.offset = qint64(page) * kPageSize;
        readPageFrom(page, anchor);
        done();
        return;
    }
    Page &p = m_pages[page];
    p.rows = *rows;
    const bool more = p.rows.size() > kPageSize;
    if (more)
        p.rows.resize(kPageSize);
    p.ticket = request.ticket;
    p.anchor = request.anchor;
    p.lastUsed = ++m_useClock;
    p.usedAtMs = m_clock.elapsed();
    m_rowsFetched += p.rows.size();
    ++m_pagesFetched;
    const qint64 first = qint64(page) * kPageSize;
    const qint64 last = qMin<qint64>(first + kPageSize, m_count) - 1;
    if (first <= last)
        Q_EMIT dataChanged(index(int(first), 0), index(int(last), columnCount() - 1));
    if (pagesByKey()) {
        // Read from a row, the listing ended sooner than counted, or goes on past it (rows left
        // or joined it meanwhile, or the run started from a jump's estimated place): it ends
        // there, as far as this run can tell, until the next count says otherwise.
        // The first page read from the top says so too, and under a count that stopped short
        // (countIsAtLeast) where the listing ends, up or down; when the first page is the whole
        // listing, that is its count.
        const qint64 end = first + p.rows.size();
        const bool top = request.anchor.kind == PageAnchor::Kind::Position && request.anchor.exact && first == 0;
        const bool inPlace = request.anchor.kind == PageAnchor::Kind::After || top;
        if (inPlace && more && end >= m_count) {
            if (m_readWhole) { // it was read whole; it has grown since: at least this long now
                m_readWhole = false;
                m_countExact = false;
                m_countAtLeast = true;
            }
            setCount(end + 1); // and so on, a page at a time, while the listing goes on
        } else if (top && !more) {
            // The whole listing, read from the top: that is its count.
            m_countExact = true;
            m_countAtLeast = false;
            m_readWhole = true;
            setCount(end);
        } else if (inPlace && !more && (end < m_count || (m_countAtLeast && end != m_count))) {
            setCount(end);
        }
        if (m_pages.contains(page))
            rechainAfter(page);
        if (m_pages.contains(page))
            rechainBefore(page);
    }
    evictIfNeeded();
    if (m_stale.remove(page) && m_pages.contains(page) && !m_requested.contains(page))
        readPageFrom(page, anchorFor(page)); // a change happened while this was being read
    done();
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
