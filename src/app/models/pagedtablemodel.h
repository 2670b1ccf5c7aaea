#pragma once
// A table model that never loads all its rows: it asks the store how many rows there are (the
// scrollbar shows the real count) and fetches fixed-size pages in the background as the view
// asks for them, showing a placeholder until they arrive. Answers to an older query (or store)
// are dropped by its BackgroundJob; a bounded cache keeps memory flat however far one scrolls.
// It follows the session: empty while no store is open, counted afresh when one opens.
//
// Subclasses say how to count and how to fetch a page (each run by loads()) and how to show one
// row. Threading: GUI thread only.

#include "../backgroundjob.h"

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
    // The key of a loaded row, "" when its page is not loaded (never fetches).
    QString keyAt(int row) const;

    bool isLoading() const { return !m_requested.isEmpty() || m_countPending; }
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
    // Forgets every row and counts again (a new query, sort or store).
    void restart();
    // Runs the counts and pages of the current query, side by side.
    BackgroundJob &loads() { return m_loads; }
    int scale() const { return m_session->scale(); }

    using CountDone = std::function<void(Result<qint64>)>;
    using RowsDone = std::function<void(Result<QList<QVariant>>)>;
    virtual void fetchCount(CountDone done) = 0;
    virtual void fetchRows(qint64 offset, int limit, RowsDone done) = 0;
    virtual QVariant cell(const QVariant &row, int column, int role) const = 0;
    // A row's stable key (a document id), to find it again after a refresh.
    virtual QString keyOf(const QVariant &row) const = 0;
    // What a row shows while its page loads.
    virtual QVariant placeholder(int column, int role) const;
    // Runs `fetch(Store &) -> Result<QList<T>>` as a job and hands its rows, as QVariants, to `done`.
    template <typename Fetch> void fetchDocuments(Fetch fetch, RowsDone done);

private:
    struct Page {
        QList<QVariant> rows;
        quint64 ticket = 0; // which request filled it: an older answer never overwrites a newer
        qint64 lastUsed = 0;
        qint64 usedAtMs = 0; // when a view last asked for one of its rows
    };
    static constexpr qint64 kOnScreenMs = 3000; // pages asked for this recently are on screen

    void requestCount();
    void requestPage(int page) const;
    void onCount(const Result<qint64> &count);
    void onPage(quint64 ticket, int page, const Result<QList<QVariant>> &rows);
    void setCount(qint64 count);
    void evictIfNeeded() const;
    void updateLoading() const;

    StoreSession *m_session;
    BackgroundJob m_loads;
    qint64 m_count = 0;
    bool m_countPending = false;
    bool m_refreshAgain = false;
    mutable quint64 m_ticket = 0;
    mutable qint64 m_useClock = 0;
    mutable QHash<int, Page> m_pages;
    mutable QSet<int> m_requested;
    QSet<int> m_stale; // requested before a refresh: read again when they come back
    QElapsedTimer m_clock;
    mutable bool m_wasLoading = false;
    qint64 m_rowsFetched = 0;
    int m_pagesFetched = 0;
};

template <typename Fetch> void PagedTableModel::fetchDocuments(Fetch fetch, RowsDone done)
{
    m_loads.runAlongside<Result<QList<QVariant>>>(
        [fetch](Store &s) -> Result<QList<QVariant>> {
            auto list = fetch(s);
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
