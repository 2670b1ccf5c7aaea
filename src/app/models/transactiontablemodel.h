#pragma once
// Transactions as the console lists them, paged from the store: id, state (drawn as a badge),
// kind (a compensation, or a transfer that was compensated), source and destination (every
// account of each side), amount, age, last error, owner and lease, and which operator claimed
// it (ledger/remarks.h). Filtered by state, "stuck", kind and text; sorted by age, amount, state
// or id. Each page also reads the standing claims and, for compensated transfers, their
// compensation's state (what the repair actions are enabled by).
//
// Threading: GUI thread only.

#include "pagedtablemodel.h"
#include "ledger/remarks.h"
#include "operations/claims.h"
#include "widgets/timestyle.h"

#include <QTimer>

namespace ledger::app {

class TransactionTableModel : public PagedTableModel {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        StateColumn,
        KindColumn,
        SourceColumn,
        DestinationColumn,
        AmountColumn,
        AgeColumn,
        // Why it is stuck before who holds it: at 1600 px the last column was off-screen.
        LastErrorColumn,
        OwnerColumn,
        ClaimColumn,
        ColumnCount
    };
    enum Role {
        TransactionRole = Qt::UserRole + 1, // QVariant<Transaction>
        StateRole,                          // QString state name, for the badge
        IdRole,
        KeptTailRole, // the end of the cell's text that must stay whole when cut (its numbers)
    };

    explicit TransactionTableModel(StoreSession *session, QObject *parent = nullptr);

    // The filter (state, stuck, kind, text); keeps the current sort. `known`: how many rows the
    // new listing is known to hold (PagedTableModel::restart).
    void setFilter(const TxQuery &filter, std::optional<qint64> known = std::nullopt);
    const TxQuery &query() const { return m_query; }
    // Local time or UTC in the tooltips (View ▸ Times in UTC).
    void setTimeStyle(TimeStyle style) { m_times = style; }

    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    // What a column sorts by, when anything does.
    static std::optional<TxSortKey> sortKeyOf(int column);
    // Whether the open store sorts by the column from an index (OpenedStore::indexedSorts: on
    // DynamoDB, by age and by state only); the others show no sort indicator.
    bool isSortable(int column) const;

    std::optional<Transaction> transactionAt(int row) const;
    // As of the last page read: the claim standing on `tx` (a document of this table), and the
    // state of the compensation of a compensated transfer (nullopt: none, or not read yet).
    std::optional<OperatorClaim> claimOf(const Transaction &tx) const { return claimOn(tx, m_claims); }
    std::optional<TxState> compensationStateOf(const QString &txId) const;

protected:
    // A sort the new store has no index for (DynamoDB by amount) becomes newest first.
    void storeOpened() override;
    void fetchCount(CountDone done) override;
    void fetchRows(qint64 offset, int limit, RowsDone done) override;
    bool pagesByKey() const override { return true; }
    QString placeOfRow(const QVariant &row) const override;
    bool exactAt(qint64 offset) const override;
    void fetchPage(const PageAnchor &anchor, int limit, RowsDone done) override;
    QVariant cell(const QVariant &row, int column, int role) const override;
    QString keyOf(const QVariant &row) const override;

private:
    // Ages are counted from the store's clock as of the last page, plus the time since.
    qint64 ageOf(const Transaction &tx) const;

    TxQuery m_query;
    TimeStyle m_times = TimeStyle::Local;
    QDateTime m_storeNow;
    QElapsedTimer m_sinceStoreNow;
    QTimer m_ageTimer;
    QHash<QString, OperatorClaim> m_claims;       // the claims standing on the rows read, as of their page
    QHash<QString, TxState> m_compensationStates; // original id → its compensation's state
};

} // namespace ledger::app
