#pragma once
// Accounts, paged from the store: id, name, status, balance (every transaction counted whole at
// its commit point: operations/wholeaccounts.h), what of it is not posted yet, available, pending
// debits and credits; filtered by text (id or name). Paged by key (by id): a page next to a loaded
// one is read from that one's edge row (PagedTableModel), a jump by position (OFFSET from the
// top: accounts are far fewer than transactions).
//
// Threading: GUI thread only.

#include "pagedtablemodel.h"

namespace ledger::app {

class AccountTableModel : public PagedTableModel {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        NameColumn,
        StatusColumn,
        BalanceColumn,
        NotPostedColumn,
        AvailableColumn,
        PendingDebitsColumn,
        PendingCreditsColumn,
        ColumnCount
    };
    enum Role {
        AccountRole = Qt::UserRole + 1, // QVariant<Account>: the document
        IdRole,
        WholeRole, // QVariant<AccountCountedWhole>: the document and its balance counted whole
    };

    explicit AccountTableModel(StoreSession *session, QObject *parent = nullptr);

    void setFilterText(const QString &text);
    // What the view lists (File ▸ Export writes the same rows).
    const AccountQuery &query() const { return m_query; }

    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    void fetchCount(CountDone done) override;
    void fetchRows(qint64 offset, int limit, RowsDone done) override;
    bool pagesByKey() const override { return true; }
    void fetchPage(const PageAnchor &anchor, int limit, RowsDone done) override;
    // Deep in a long list a jump lands near its place, by an interpolated id (store/paging.h).
    bool exactAt(qint64 offset) const override;
    // Accounts are listed by id: the top row's id says where the list is.
    QString placeOfRow(const QVariant &row) const override;
    QVariant cell(const QVariant &row, int column, int role) const override;
    QString keyOf(const QVariant &row) const override;

private:
    AccountQuery m_query;
};

} // namespace ledger::app
