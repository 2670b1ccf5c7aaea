#pragma once
// A table model that never loads all its rows: it asks the store how many rows there are (the
// scrollbar shows that count, or on a long ledger the database's estimate: countIsExact(),
// store/tallies.h) and fetches fixed-size pages in the background as the view
// asks for them, showing a placeholder until they arrive. Answers to an older query (or store)
// are dropped by its BackgroundJob; a bounded cache keeps memory flat however far one scrolls.
// It follows the session: empty while no store is open, counted afresh when one opens.
//
// Pages by key (a subclass that says pagesByKey()): a page next to a loaded one is read from
// that one's last row (or, above it, its first), never by OFFSET, so scrolling costs the same at
// row ten million as at row one. Only a page with no loaded neighbour — the first, or one the
// scrollbar was dragged to — is read by its position (an estimate deep in a long listing, see
// store/paging.h). The first page is always read from the top, so rows that arrived above are
// seen there. Whenever a page comes in, a loaded neighbour that was not read from its edge row
// (two runs of pages that met, or a page read again whose rows moved) is read again from it when
// on screen, else dropped: the rows on screen stay one listing, without gap or repeat. A refresh
// reads the first page on screen from where it is, and each one below after the one above.
//
// Subclasses say how to count and how to fetch a page (each run by loads()) and how to show one
// row. Threading: GUI thread only.

#include "../backgroundjob.h"
#include "store/tallies.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <QHash>
#include <QSet>

namespace ledger::app {

class PagedTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int kPageSize = 200;
    static constexpr int kMaxCachedPages = 64;

    PagedTableModel(StoreSession *session, QObject *parent = nullptr);
    StoreSession *session() const { return m_session; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // Reads the count and the pages on screen again, keeping rows where they are (live updates:
    // the view keeps its selection and scroll position). Pages off screen are dropped and read
    // when the view comes back to them, so a refresh costs a screenful whatever was scrolled.
    void refresh();
    // The row's document (a QVariant holding it) if its page is loaded, else invalid.
    QVariant rowValue(int row) const;
    // The row showing the document whose key is `key`, among the loaded rows; -1 if none.
    int rowOfKey(const QString &key) const;
    // The loaded rows among rows [first, last], in order (never fetches): what a selection of ten
    // million rows holds, found without looking at each of its rows.
    QList<int> loadedRows(int first, int last) const;
    // The key of a loaded row, "" when its page is not loaded (never fetches).
    QString keyAt(int row) const;
    // Where a loaded row is in the listing, by what it is sorted on (a time, an amount), for a
    // view to say where it is after a jump; "" when its page is not loaded or nothing says more
    // than the row's number. Never fetches.
    QString placeOf(int row) const;

    bool isLoading() const { return !m_requested.isEmpty() || m_countPending; }
    // Whether rowCount() is a count, or an estimate (store/tallies.h: every transaction, or every
    // done one, of a long ledger), which the pages read at the end make good as they come in.
    bool countIsExact() const { return m_countExact; }
    // Whether counting stopped short of the listing's end (a store that counts by reading:
    // Tally::atLeast): rowCount() is at least that, and grows as pages read further show more.
    bool countIsAtLeast() const { return m_countAtLeast; }
    qint64 rowsFetched() const { return m_rowsFetched; }
    int pagesFetched() const { return m_pagesFetched; }
    int pagesCached() const { return int(m_pages.size()); }

Q_SIGNALS:
    // A page of rows arrived (after its dataChanged): rows may have moved under the view.
    void pageLoaded();
    void countChanged(qint64 count);
    void loadingChanged(bool loading);
    void loadFailed(const QString &message);

protected:
    // Forgets every row and counts again (a new query, sort or store). `known`: what the new
    // listing is already known to hold (the navigator's count of the entry it now is), shown at
    // once as an estimate while the model's own count is read, so that the first page is read
    // beside the count rather than after it.
    void restart(std::optional<qint64> known = std::nullopt);
    // Runs the counts and pages of the current query, side by side.
    BackgroundJob &loads() { return m_loads; }
    int scale() const { return m_session->scale(); }
    // How near an end of a listing a page at a position is read exactly (store/paging.h's
    // exactRowsOf the store's readsByPosition()).
    qint64 exactRows() const;

    using CountDone = std::function<void(Result<Tally>)>;
    using RowsDone = std::function<void(Result<QList<QVariant>>)>;
    // Where a page is read from: its position, or the row next to it.
    struct PageAnchor {
        enum class Kind { Position, After, Before, From };
        Kind kind = Kind::Position;
        qint64 offset = 0;  // the page's first row by position (always set)
        QVariant row;       // After: the row just above the page; Before: the row just below it;
                            // From: the page's own first row (read again where it was)
        bool exact = false; // Position: read exactly there (exactAt() when it was asked for)
    };
    // A store was opened, before the model counts on it: a query that store cannot answer well
    // (a sort it has no index for) is changed here.
    virtual void storeOpened() {}
    virtual void fetchCount(CountDone done) = 0;
    virtual void fetchRows(qint64 offset, int limit, RowsDone done) = 0;
    // Whether fetchPage() reads After and Before anchors by key (else pages go by position only).
    virtual bool pagesByKey() const { return false; }
    // A page from its anchor: After, the `limit` rows after anchor.row in the listing's order;
    // Before, the `limit` rows before it, in the listing's order; From, the `limit` rows from
    // where anchor.row is (it included, if it is still in the listing). By default by position.
    virtual void fetchPage(const PageAnchor &anchor, int limit, RowsDone done) { fetchRows(anchor.offset, limit, done); }
    virtual QVariant cell(const QVariant &row, int column, int role) const = 0;
    // A row's stable key (a document id), to find it again after a refresh.
    virtual QString keyOf(const QVariant &row) const = 0;
    // What a row shows while its page loads.
    virtual QVariant placeholder(int column, int role) const;
    // Whether a page by position at `offset` is read exactly there (else near: store/paging.h's
    // readPageNear). Exact by default.
    virtual bool exactAt(qint64 offset) const
    {
        Q_UNUSED(offset);
        return true;
    }
    // A loaded row's place by its sort value (placeOf()); "" by default.
    virtual QString placeOfRow(const QVariant &row) const
    {
        Q_UNUSED(row);
        return QString();
    }
    // Where a page anchored at a row starts, as the ledger's listings say it (service/listingwindows.h).
    static PageFrom pageFrom(PageAnchor::Kind kind)
    {
        switch (kind) {
        case PageAnchor::Kind::After: return PageFrom::After;
        case PageAnchor::Kind::Before: return PageFrom::Before;
        case PageAnchor::Kind::From: return PageFrom::From;
        case PageAnchor::Kind::Position: break;
        }
        return PageFrom::Near;
    }
    // Runs `fetch(LedgerService &) -> Result<QList<T>>` as a job and hands its rows, as QVariants, to `done`.
    template <typename Fetch> void fetchDocuments(Fetch fetch, RowsDone done);

private:
    struct Page {
        QList<QVariant> rows;
        quint64 ticket = 0; // which request filled it: an older answer never overwrites a newer
        qint64 lastUsed = 0;
        qint64 usedAtMs = 0; // when a view last asked for one of its rows
        PageAnchor anchor;   // how it was read
    };
    struct Request {
        quint64 ticket = 0;
        PageAnchor anchor;
    };
    static constexpr qint64 kOnScreenMs = 3000; // pages asked for this recently are on screen

    void requestCount();
    void requestPage(int page) const;
    // Reads `page` from `anchor`.
    void readPageFrom(int page, const PageAnchor &anchor) const;
    // How `page` is read now: the first from the top; by key, after the page above when it is
    // loaded and whole, else from its own first row, else before the page below, else by position.
    PageAnchor anchorFor(int page) const;
    // Whether `lower` was read from `upper`'s last row, or `upper` from `lower`'s first.
    bool linked(const Page &upper, const Page &lower) const;
    // The page before `page` when it was not read from `page`'s first row: read again from it
    // when on screen, else dropped.
    void rechainBefore(int page);
    // Pages that waited for a neighbour being read: asked for again.
    void retryDeferred();
    // Pages by key: the page after `page` when its rows were read from a row that is no longer
    // `page`'s last: read again from the new one when on screen, else dropped.
    void rechainAfter(int page);
    void onCount(const Result<Tally> &count);
    void onPage(const Request &request, int page, const Result<QList<QVariant>> &rows);
    bool onScreen(const Page &p) const { return m_clock.elapsed() - p.usedAtMs <= kOnScreenMs; }
    void setCount(qint64 count);
    void evictIfNeeded() const;
    void updateLoading() const;

    StoreSession *m_session;
    BackgroundJob m_loads;
    qint64 m_count = 0;
    bool m_countExact = true;
    bool m_countAtLeast = false;
    bool m_readWhole = false; // the first page, read from the top, held the whole listing
    bool m_countPending = false;
    bool m_refreshAgain = false;
    mutable quint64 m_ticket = 0;
    mutable qint64 m_useClock = 0;
    mutable QHash<int, Page> m_pages;
    mutable QHash<int, Request> m_requested;
    mutable QSet<int> m_deferred; // wait for a neighbour being read, to be read from its row
    QSet<int> m_refreshing;       // on screen at a refresh: read again after the page above
    QSet<int> m_stale;            // requested before a refresh: read again when they come back
    QElapsedTimer m_clock;
    mutable bool m_wasLoading = false;
    qint64 m_rowsFetched = 0;
    int m_pagesFetched = 0;
};

template <typename Fetch> void PagedTableModel::fetchDocuments(Fetch fetch, RowsDone done)
{
    m_loads.runAlongside<Result<QList<QVariant>>>(
        [fetch](LedgerService &ledger) -> Result<QList<QVariant>> {
            auto list = fetch(ledger);
            if (!list.ok())
                return list.error();
            QList<QVariant> rows;
            rows.reserve(list->size());
            for (const auto &document : *list)
                rows << QVariant::fromValue(document);
            return rows;
        },
        done);
}

} // namespace ledger::app
